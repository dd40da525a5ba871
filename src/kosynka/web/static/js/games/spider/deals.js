// @ts-check
// Spider's deal numbers (kosynka.games.spider.deals): the columns and the stock of a deal
// number in each numbering, for one, two or four suits.
//
// `kpat`: KDE KPat's game #N (1 .. 2**31 - 1): two decks built rank by rank over four suit
// slots, shuffled by the Microsoft generator seeded with N, dealt from the end of the list: 54
// cards round the columns from column 1, then five stock piles of ten (a row is dealt from the
// top of its pile). `pysol`: PySolFC's game #N (1 .. 10**20 - 1, so BigInt): two decks built
// suit by suit (its clubs read as spades with one and two suits), shuffled by its LCG below
// 32000 and by Python's Mersenne Twister from there on, dealt from the end of the list: four
// rows, a sixth card on columns 1, 4, 7 and 10, a face-up row; the stock is the rest, reversed.

import { checkDealNumberOf, checkNumberingOf, lcgShuffle, mtShuffle, randomUpTo } from "../../local/numbering.js";
import { TwinError } from "../../local/twin.js";

/** @typedef {{columns: number[][], stock: number[]}} Layout  columns bottom to top (only the
 * top card face up), the stock in dealing order (its first ten cards are the next row) */

/** The numberings, the default first. */
export const NUMBERINGS = ["kpat", "pysol"];
/** The largest deal number of each numbering (the smallest is 1). @type {Record<string, bigint>} */
export const MAX_DEAL = { kpat: 2n ** 31n - 1n, pysol: 10n ** 20n - 1n };
const PYSOL_LCG_BELOW = 32000n;

const C = 0;
const D = 1;
const H = 2;
const S = 3;
/** The four suit slots KPat fills for each rank, by suit count. @type {Record<number, number[]>} */
const KPAT_SUIT_SLOTS = { 1: [S, S, S, S], 2: [H, S, H, S], 4: [C, D, H, S] };
/** The suits PySolFC builds each deck from, in order, by suit count. @type {Record<number, number[]>} */
const PYSOL_SUIT_ORDER = { 1: [S, S, S, S], 2: [S, S, H, H], 4: [C, S, H, D] };
const PYSOL_EXTRA_COLUMNS = [0, 3, 6, 9];

/** `numbering` when spider has it, else TwinError in the words of the spec's check_numbering.
 * @param {unknown} numbering @returns {string} */
export function checkNumbering(numbering) {
  return checkNumberingOf(numbering, MAX_DEAL, "spider");
}

/** `number` as a BigInt when it is a deal number of `numbering`, else TwinError in the words
 * of Python's check_deal_number. @param {unknown} number @param {unknown} numbering
 * @returns {bigint} */
export function checkDealNumber(number, numbering) {
  return checkDealNumberOf(number, numbering, MAX_DEAL, "spider");
}

/** KPat's shuffled 104 card indices for game `number`; the deal takes cards from the end.
 * @param {number} number @param {number} suits */
function kpatDeck(number, suits) {
  const slots = KPAT_SUIT_SLOTS[suits];
  /** @type {number[]} */
  const deck = [];
  for (let copy = 0; copy < 2; copy++) for (let rank = 0; rank < 13; rank++) for (const s of slots) deck.push(s * 13 + rank);
  return lcgShuffle(deck, number); // kpat_shuffled
}

/** KPat's shuffled cards (taken from the end of the list) as a layout. @param {number[]} deck
 * @returns {Layout} */
function dealKpat(deck) {
  const cards = deck.slice();
  /** @type {number[][]} */
  const columns = [[], [], [], [], [], [], [], [], [], []];
  for (let i = 0; i < 54; i++) columns[i % 10].push(/** @type {number} */ (cards.pop()));
  /** @type {number[]} */
  const stock = [];
  for (let pile = 0; pile < 5; pile++) {
    const cut = [];
    for (let k = 0; k < 10; k++) cut.push(/** @type {number} */ (cards.pop()));
    stock.push(...cut.reverse());
  }
  return { columns, stock };
}

/** PySolFC's shuffled 104 card indices for game `number`; the deal takes cards from the end.
 * @param {bigint} number @param {number} suits */
function pysolDeck(number, suits) {
  /** @type {number[]} */
  const deck = [];
  for (let copy = 0; copy < 2; copy++) for (const s of PYSOL_SUIT_ORDER[suits]) for (let rank = 0; rank < 13; rank++) deck.push(s * 13 + rank);
  return number < PYSOL_LCG_BELOW ? lcgShuffle(deck, Number(number)) : mtShuffle(deck, number);
}

/** PySolFC's shuffled cards (taken from the end of the list) as a layout.
 * @param {number[]} deck @returns {Layout} */
function dealPysol(deck) {
  const cards = deck.slice();
  /** @type {number[][]} */
  const columns = [[], [], [], [], [], [], [], [], [], []];
  const take = () => /** @type {number} */ (cards.pop());
  for (let row = 0; row < 4; row++) for (let c = 0; c < 10; c++) columns[c].push(take());
  for (const c of PYSOL_EXTRA_COLUMNS) columns[c].push(take());
  for (let c = 0; c < 10; c++) columns[c].push(take());
  return { columns, stock: cards.reverse() };
}

/** The layout of deal `number` with `suits` suits in `numbering` (spider_layout); TwinError
 * for a number or numbering that has no deal.
 * @param {number|string|bigint} number @param {number} suits @param {string} numbering
 * @returns {Layout} */
export function spiderLayout(number, suits, numbering) {
  const n = checkDealNumber(number, numbering);
  if (!(suits in KPAT_SUIT_SLOTS)) throw new TwinError(`suits must be 1, 2 or 4, not ${suits}`);
  return numbering === "kpat" ? dealKpat(kpatDeck(Number(n), suits)) : dealPysol(pysolDeck(n, suits));
}

/** A fresh random deal number of `numbering` (pysol: at most 10**12, numbers people can still
 * type), as the API carries it.
 * @param {string} numbering @returns {number} */
export function randomDealNumber(numbering) {
  checkNumbering(numbering);
  return randomUpTo(numbering === "kpat" ? 2 ** 31 - 1 : 10 ** 12);
}
