// @ts-check
// What the games' deal numberings share in the browser (the parts each game's Python deals.py
// writes again): the C library rand() of Microsoft's compilers, the linear congruential
// generator that KPat's numbers and PySolFC's below 32,000 shuffle with; PySolFC's shuffle by
// Python's Mersenne Twister (pyrandom.js) from 32,000 on; the two 52-card decks those shuffles
// start from; the checks of a numbering and a deal number in the words of Python's
// kosynka.games.numbering; a fresh random deal number.
// Cards are indices, `suit * 13 + rank - 1` (suits C, D, H, S), as in cards.js.

import { PyRandom } from "./pyrandom.js";
import { pyRepr } from "./pytext.js";
import { TwinError } from "./twin.js";

/** One step of Microsoft's rand(): the next 32-bit state (`s * 214013 + 2531011` mod 2**32)
 * and its 15-bit output (bits 16..30 of the new state).
 * @param {number} state @returns {[number, number]} */
export function msNext(state) {
  const next = (Math.imul(state, 214013) + 2531011) >>> 0;
  return [next, (next >>> 16) & 0x7fff];
}

/** `deck` shuffled in place by rand() seeded with `seed`, the way KPat and PySolFC (below
 * 32,000) shuffle: each place n from the end (n = length .. 2) swapped with place
 * `rand() % n`; `deck` is returned.
 * @template T @param {T[]} deck @param {number} seed @returns {T[]} */
export function lcgShuffle(deck, seed) {
  let state = seed >>> 0;
  for (let n = deck.length; n > 1; n--) {
    const [next, r] = msNext(state);
    state = next;
    const j = r % n;
    const t = deck[n - 1];
    deck[n - 1] = deck[j];
    deck[j] = t;
  }
  return deck;
}

/** `deck` shuffled in place the way PySolFC shuffles from game 32,000 on: random.Random(seed),
 * each place n from the end (n = length - 1 .. 1) swapped with place `int(random() * (n + 1))`;
 * `deck` is returned.
 * @template T @param {T[]} deck @param {bigint} seed @returns {T[]} */
export function mtShuffle(deck, seed) {
  const rng = new PyRandom(seed);
  for (let n = deck.length - 1; n > 0; n--) {
    const j = Math.floor(rng.random() * (n + 1));
    const t = deck[n];
    deck[n] = deck[j];
    deck[j] = t;
  }
  return deck;
}

/** A fresh 52-card deck in Microsoft's order: A..K, each rank in the suits C, D, H, S.
 * @returns {number[]} */
export function rankMajorDeck() {
  /** @type {number[]} */
  const deck = [];
  for (let rank = 0; rank < 13; rank++) for (let suit = 0; suit < 4; suit++) deck.push(suit * 13 + rank);
  return deck;
}

/** A fresh 52-card deck in PySolFC's order: suit by suit (C, S, H, D), each A..K.
 * @returns {number[]} */
export function pysolSuitMajorDeck() {
  /** @type {number[]} */
  const deck = [];
  for (const suit of [0, 3, 2, 1]) for (let rank = 0; rank < 13; rank++) deck.push(suit * 13 + rank);
  return deck;
}

/** A JSON value as Python's repr() writes it, for refusals in Python's words.
 * @param {unknown} value @returns {string} */
function shownValue(value) {
  if (typeof value === "string") return pyRepr(value);
  if (typeof value === "boolean") return value ? "True" : "False";
  if (value === null || value === undefined) return "None";
  return String(value);
}

/** A deal number as the API carries it (a JSON number, or digits above 2**53 - 1) as a
 * BigInt; TwinError in Python's words when it is no whole number.
 * @param {unknown} number @returns {bigint} */
export function asBigInt(number) {
  if (typeof number === "bigint") return number;
  if (typeof number === "number" && Number.isInteger(number)) return BigInt(number);
  if (typeof number === "string" && /^[0-9]+$/.test(number)) return BigInt(number);
  throw new TwinError(`a deal number must be an integer, not ${shownValue(number)}`);
}

/** `numbering` when `game` has it (a key of `maxDeal`, the game's numberings in order), else
 * TwinError in the words of Python's check_numbering.
 * @param {unknown} numbering @param {Record<string, bigint>} maxDeal @param {string} game
 * @returns {string} */
export function checkNumberingOf(numbering, maxDeal, game) {
  if (typeof numbering !== "string" || !Object.hasOwn(maxDeal, numbering)) {
    throw new TwinError(`unknown numbering ${shownValue(numbering)} for ${game} (expected one of: ${Object.keys(maxDeal).join(", ")})`);
  }
  return numbering;
}

/** `number` as a BigInt when it is a deal number of `numbering` (1 .. `maxDeal[numbering]`),
 * else TwinError in the words of Python's check_deal_number (the numbering checked first).
 * @param {unknown} number @param {unknown} numbering @param {Record<string, bigint>} maxDeal
 * @param {string} game @returns {bigint} */
export function checkDealNumberOf(number, numbering, maxDeal, game) {
  const known = checkNumberingOf(numbering, maxDeal, game);
  return checkInRange(asBigInt(number), maxDeal[known], known);
}

/** `n` when it is 1..`top`, else TwinError in the words of the games' check_deal_number.
 * @param {bigint} n @param {bigint} top @param {string} numbering @returns {bigint} */
export function checkInRange(n, top, numbering) {
  if (n < 1n || n > top) throw new TwinError(`deal number ${n} is out of range 1..${top} (${numbering} numbering)`);
  return n;
}

/** A fresh random deal number 1..`top` (`1 + secrets.randbelow(top)` in Python), from 53
 * random bits of the browser's crypto; `top` at most 2**53.
 * @param {number} top @returns {number} */
export function randomUpTo(top) {
  const words = new Uint32Array(2);
  globalThis.crypto.getRandomValues(words);
  const r = (words[0] * 2 ** 21 + (words[1] >>> 11)) / 2 ** 53; // 53 random bits in [0, 1)
  return 1 + Math.floor(r * top);
}
