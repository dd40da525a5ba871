// @ts-check
// Klondike's deal numbers (kosynka.games.klondike.deals): the layout of a deal number in each
// numbering, as card indices.
//
// `pysol`: PySolFC's Klondike game numbers, 1 .. 10**20 - 1 (so BigInt). Below 32,000 a
// rank-major deck shuffled by the Microsoft linear congruential generator; from there a
// suit-major deck in PySolFC's suit order (C, S, H, D) shuffled by Python's Mersenne Twister
// seeded with the number; PySolFC deals its columns right to left, face-down rows first.
// `kpat`: KDE KPat's game numbers, 1 .. 2**32 - 1: a rank-major deck shuffled by the Microsoft
// FreeCell generator, the tableau dealt row by row from the end of the list.

import { checkDealNumberOf, checkNumberingOf, lcgShuffle, mtShuffle, pysolSuitMajorDeck, randomUpTo, rankMajorDeck } from "../../local/numbering.js";

/** The numberings, the default first. */
export const NUMBERINGS = ["pysol", "kpat"];
/** The largest deal number of each numbering (the smallest is 1). @type {Record<string, bigint>} */
export const MAX_DEAL = { pysol: 10n ** 20n - 1n, kpat: 2n ** 32n - 1n };
const MS_LIMIT = 32000n;

/** A fresh Klondike deal: seven columns bottom to top (all but the top card face down) and the
 * stock (its last card is drawn first), as card indices.
 * @typedef {{columns: number[][], stock: number[]}} Layout */

/** `numbering` when klondike has it, else TwinError in the words of the spec's check_numbering.
 * @param {unknown} numbering @returns {string} */
export function checkNumbering(numbering) {
  return checkNumberingOf(numbering, MAX_DEAL, "klondike");
}

/** `number` as a BigInt when it is a deal number of `numbering`, else TwinError in the words
 * of Python's check_deal_number. @param {unknown} number @param {unknown} numbering
 * @returns {bigint} */
export function checkDealNumber(number, numbering) {
  return checkDealNumberOf(number, numbering, MAX_DEAL, "klondike");
}

/** The deck of PySolFC game `number` (cards are dealt from the end of the list): Microsoft's
 * deck and generator below 32,000, PySolFC's deck and Python's Mersenne Twister from there.
 * @param {bigint} number @returns {number[]} */
export function pysolDeck(number) {
  if (number < MS_LIMIT) return lcgShuffle(rankMajorDeck(), Number(number));
  return mtShuffle(pysolSuitMajorDeck(), number);
}

/** The deck of KPat game `number` (Microsoft's deck and generator); dealt from the end.
 * @param {number} number @returns {number[]} */
export function kpatDeck(number) {
  return lcgShuffle(rankMajorDeck(), number);
}

/** PySolFC's Klondike layout of `deck`: its columns filled right to left, the face-down rows
 * (6, 5, ..., 1 cards) first, then the face-up row. @param {number[]} deck @returns {Layout} */
function dealPysol(deck) {
  const cards = deck.slice().reverse(); // the order cards come off the deck
  let pos = 0;
  /** @type {number[][]} */
  const columns = [[], [], [], [], [], [], []];
  for (let rowLen = 6; rowLen > 0; rowLen--) for (let p = 0; p < rowLen; p++) columns[6 - p].push(cards[pos++]);
  for (let p = 0; p < 7; p++) columns[6 - p].push(cards[pos++]);
  return { columns, stock: cards.slice(pos).reverse() };
}

/** KPat's layout of `deck`: row r puts one card on each of columns r+1..7, from the deck's end;
 * the rest is the stock, its last card drawn first. @param {number[]} deck @returns {Layout} */
function dealKpat(deck) {
  const cards = deck.slice();
  /** @type {number[][]} */
  const columns = [[], [], [], [], [], [], []];
  for (let row = 0; row < 7; row++) for (let col = row; col < 7; col++) columns[col].push(/** @type {number} */ (cards.pop()));
  return { columns, stock: cards };
}

/** The layout of deal `number` in `numbering`; TwinError for a number or numbering that has no
 * deal. @param {unknown} number @param {unknown} numbering @returns {Layout} */
export function klondikeLayout(number, numbering) {
  const n = checkDealNumber(number, numbering);
  return numbering === "kpat" ? dealKpat(kpatDeck(Number(n))) : dealPysol(pysolDeck(n));
}

/** A fresh random deal number of `numbering` (pysol: at most 10**12, numbers people can still
 * type), as the API carries it. @param {string} numbering @returns {number} */
export function randomDealNumber(numbering) {
  checkNumbering(numbering);
  return randomUpTo(numbering === "pysol" ? 10 ** 12 : 2 ** 32 - 1);
}
