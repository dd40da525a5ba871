// @ts-check
// FreeCell's deal numbers (kosynka.games.freecell.deals): which card goes into which of the
// eight columns for a deal number in each numbering.
//
// `ms`: Microsoft FreeCell's deals 1 .. 2**33 - 1 (FreeCell Pro above 2**31): a rank-major
// deck dealt by Microsoft's linear congruential generator. `pysol`: PySolFC's game numbers,
// equal to `ms` below 32,000; from there a suit-major deck in PySolFC's suit order shuffled by
// Python's Mersenne Twister seeded with the number (up to 10**20 - 1, so BigInt), dealt from
// the end of the list.

import { checkDealNumberOf, checkNumberingOf, msNext, mtShuffle, pysolSuitMajorDeck, randomUpTo, rankMajorDeck } from "../../local/numbering.js";

/** The numberings, the default first. */
export const NUMBERINGS = ["ms", "pysol"];
/** The largest deal number of each numbering (the smallest is 1). @type {Record<string, bigint>} */
export const MAX_DEAL = { ms: 2n ** 33n - 1n, pysol: 10n ** 20n - 1n };
const PYSOL_MS_LIMIT = 32000n;

/** `numbering` when freecell has it, else TwinError in the words of the spec's check_numbering.
 * @param {unknown} numbering @returns {string} */
export function checkNumbering(numbering) {
  return checkNumberingOf(numbering, MAX_DEAL, "freecell");
}

/** `number` as a BigInt when it is a deal number of `numbering`, else TwinError in the words
 * of Python's check_deal_number. @param {unknown} number @param {unknown} numbering
 * @returns {bigint} */
export function checkDealNumber(number, numbering) {
  return checkDealNumberOf(number, numbering, MAX_DEAL, "freecell");
}

/** The 52 card indices of Microsoft deal `seed` in the order they are dealt (ms_order): for
 * each place a card taken from those left by the generator's next number (ms_random: rand()'s
 * state, its numbers bent as FreeCell Pro bends them from 2**31 on), the last card left filling
 * its hole.
 * @param {number} seed @returns {number[]} */
export function msOrder(seed) {
  const deck = rankMajorDeck();
  /** @type {number[]} */
  const out = [];
  let state;
  let high = 0;
  let wide = false;
  if (seed < 2 ** 32) {
    state = seed;
    if (seed >= 2 ** 31) high = 0x8000;
  } else {
    state = seed - 2 ** 32;
    wide = true;
  }
  for (let left = 52; left > 0; left--) {
    const [next, low] = msNext(state);
    state = next;
    const r = wide ? ((state >>> 16) & 0xffff) + 1 : low | high;
    const j = r % left;
    out.push(deck[j]);
    deck[j] = deck[left - 1];
  }
  return out;
}

/** The 52 card indices of PySolFC's FreeCell game `number` in the order they are dealt.
 * @param {bigint} number @returns {number[]} */
export function pysolOrder(number) {
  if (number < PYSOL_MS_LIMIT) return msOrder(Number(number));
  return mtShuffle(pysolSuitMajorDeck(), number).reverse(); // PySolFC deals from the end of its list
}

/** The eight columns (bottom to top, card indices) of deal `number` in `numbering`;
 * TwinError for a number or numbering that has no deal.
 * @param {number|string|bigint} number @param {string} numbering @returns {number[][]} */
export function freecellColumns(number, numbering) {
  const n = checkDealNumber(number, numbering);
  const order = numbering === "ms" ? msOrder(Number(n)) : pysolOrder(n);
  /** @type {number[][]} */
  const cols = [[], [], [], [], [], [], [], []];
  order.forEach((card, i) => cols[i % 8].push(card));
  return cols;
}

/** A fresh random deal number of `numbering` (pysol: at most 10**12, numbers people can still
 * type), as the API carries it.
 * @param {string} numbering @returns {number} */
export function randomDealNumber(numbering) {
  checkDealNumber(1, numbering);
  return randomUpTo(numbering === "ms" ? 2 ** 33 - 1 : 10 ** 12);
}
