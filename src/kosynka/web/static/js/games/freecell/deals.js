// @ts-check
// FreeCell's deal numbers (kosynka.games.freecell.deals): which card goes into which of the
// eight columns for a deal number in each numbering.
//
// `ms`: Microsoft FreeCell's deals 1 .. 2**33 - 1 (FreeCell Pro above 2**31): a rank-major
// deck dealt by Microsoft's linear congruential generator. `pysol`: PySolFC's game numbers,
// equal to `ms` below 32,000; from there a suit-major deck in PySolFC's suit order shuffled by
// Python's Mersenne Twister seeded with the number (up to 10**20 - 1, so BigInt), dealt from
// the end of the list.

import { TwinError } from "../../local/twin.js";

/** The numberings, the default first. */
export const NUMBERINGS = ["ms", "pysol"];
/** The largest deal number of each numbering (the smallest is 1). @type {Record<string, bigint>} */
export const MAX_DEAL = { ms: 2n ** 33n - 1n, pysol: 10n ** 20n - 1n };
const PYSOL_MS_LIMIT = 32000n;

/** A deal number as the API carries it (a JSON number, or digits above 2**53 - 1) as a
 * BigInt; TwinError when it is no whole number.
 * @param {number|string|bigint} number @returns {bigint} */
function asBigInt(number) {
  if (typeof number === "bigint") return number;
  if (typeof number === "number" && Number.isInteger(number)) return BigInt(number);
  if (typeof number === "string" && /^[0-9]+$/.test(number)) return BigInt(number);
  throw new TwinError(`a deal number must be an integer, not ${JSON.stringify(number)}`);
}

/** `number` as a BigInt when it is a deal number of `numbering`, else TwinError with the
 * words of Python's check_deal_number (after the spec's check of the numbering).
 * @param {number|string|bigint} number @param {string} numbering @returns {bigint} */
export function checkDealNumber(number, numbering) {
  if (!NUMBERINGS.includes(numbering)) {
    throw new TwinError(`unknown numbering '${numbering}' for freecell (expected one of: ${NUMBERINGS.join(", ")})`);
  }
  const n = asBigInt(number);
  const top = MAX_DEAL[numbering];
  if (n < 1n || n > top) throw new TwinError(`deal number ${n} is out of range 1..${top} (${numbering} numbering)`);
  return n;
}

/** The 52 card indices of Microsoft deal `seed` in the order they are dealt.
 * @param {number} seed @returns {number[]} */
export function msOrder(seed) {
  /** @type {number[]} */
  const deck = [];
  for (let rank = 0; rank < 13; rank++) for (let suit = 0; suit < 4; suit++) deck.push(suit * 13 + rank);
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
    state = (Math.imul(state, 214013) + 2531011) >>> 0;
    const r = wide ? ((state >>> 16) & 0xffff) + 1 : ((state >>> 16) & 0x7fff) | high;
    const j = r % left;
    out.push(deck[j]);
    deck[j] = deck[left - 1];
  }
  return out;
}

/** Python's random.Random: the Mersenne Twister, seeded as random.seed(int) seeds it
 * (init_by_array over the number's 32-bit words), with random() (53-bit floats). */
class PyRandom {
  /** @param {bigint} seed */
  constructor(seed) {
    /** @type {Uint32Array} */
    this.mt = new Uint32Array(624);
    this.index = 624;
    let n = seed < 0n ? -seed : seed;
    /** @type {number[]} */
    const key = [];
    while (n > 0n) {
      key.push(Number(n & 0xffffffffn));
      n >>= 32n;
    }
    if (!key.length) key.push(0);
    this.initByArray(key);
  }

  /** @param {number} s */
  initGenrand(s) {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < 624; i++) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (Math.imul(prev, 1812433253) + i) >>> 0;
    }
    this.index = 624;
  }

  /** @param {number[]} key */
  initByArray(key) {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(624, key.length); k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1664525)) + key[j] + j) >>> 0;
      i++;
      j++;
      if (i >= 624) {
        mt[0] = mt[623];
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = 623; k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= 624) {
        mt[0] = mt[623];
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  /** The next 32-bit number. @returns {number} */
  next32() {
    const mt = this.mt;
    if (this.index >= 624) {
      for (let k = 0; k < 624; k++) {
        const y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7fffffff);
        mt[k] = mt[(k + 397) % 624] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** random.random(): a float in [0, 1) of 53 random bits. */
  random() {
    const a = this.next32() >>> 5;
    const b = this.next32() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }
}

/** The 52 card indices of PySolFC's FreeCell game `number` in the order they are dealt.
 * @param {bigint} number @returns {number[]} */
export function pysolOrder(number) {
  if (number < PYSOL_MS_LIMIT) return msOrder(Number(number));
  /** @type {number[]} */
  const deck = [];
  for (const suit of [0, 3, 2, 1]) for (let rank = 0; rank < 13; rank++) deck.push(suit * 13 + rank);
  const rng = new PyRandom(number);
  for (let n = deck.length - 1; n > 0; n--) {
    const j = Math.floor(rng.random() * (n + 1));
    const t = deck[n];
    deck[n] = deck[j];
    deck[j] = t;
  }
  deck.reverse(); // PySolFC deals from the end of its list
  return deck;
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
  const top = numbering === "ms" ? 2 ** 33 - 1 : 10 ** 12;
  const words = new Uint32Array(2);
  globalThis.crypto.getRandomValues(words);
  const r = (words[0] * 2 ** 21 + (words[1] >>> 11)) / 2 ** 53; // 53 random bits in [0, 1)
  return 1 + Math.floor(r * top);
}
