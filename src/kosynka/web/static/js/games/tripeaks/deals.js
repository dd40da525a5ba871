// @ts-check
// TriPeaks' deal numbers (kosynka.games.tripeaks.deals): the layout of a deal number, as card
// indices.
//
// `pysol`, the one numbering: PySolFC's Three Peaks game numbers, 1 .. 10**20 - 1 (so BigInt).
// Below 32,000 a rank-major deck shuffled by the Microsoft linear congruential generator; from
// there a suit-major deck in PySolFC's suit order (C, S, H, D) shuffled by Python's Mersenne
// Twister seeded with the number (kosynka.games.shuffles.pysol_deck). Dealt from the end of
// the list: one card to each of the 28 places in PySolFC's order (the 18 of the peaks, then
// the bottom row of ten), one onto the waste, the other 23 to the stock, the next one to turn
// being the next card of the list.

import { checkDealNumberOf, checkNumberingOf, lcgShuffle, mtShuffle, pysolSuitMajorDeck, randomUpTo, rankMajorDeck } from "../../local/numbering.js";

/** The numberings, the default first. */
export const NUMBERINGS = ["pysol"];
/** The largest deal number of each numbering (the smallest is 1). @type {Record<string, bigint>} */
export const MAX_DEAL = { pysol: 10n ** 20n - 1n };
const MS_LIMIT = 32000n;
const PLACES = 28;

/** A fresh TriPeaks deal: the card of each of the 28 places in PySolFC's order, the waste's
 * one card and the stock, the next card to turn first, as card indices.
 * @typedef {{places: number[], waste: number, stock: number[]}} Layout */

/** `numbering` when tripeaks has it, else TwinError in the words of the spec's check_numbering.
 * @param {unknown} numbering @returns {string} */
export function checkNumbering(numbering) {
  return checkNumberingOf(numbering, MAX_DEAL, "tripeaks");
}

/** `number` as a BigInt when it is a deal number of `numbering`, else TwinError in the words
 * of Python's check_deal_number. @param {unknown} number @param {unknown} numbering
 * @returns {bigint} */
export function checkDealNumber(number, numbering) {
  return checkDealNumberOf(number, numbering, MAX_DEAL, "tripeaks");
}

/** The deck of PySolFC game `number` (cards are dealt from the end of the list).
 * @param {bigint} number @returns {number[]} */
export function pysolDeck(number) {
  if (number < MS_LIMIT) return lcgShuffle(rankMajorDeck(), Number(number));
  return mtShuffle(pysolSuitMajorDeck(), number);
}

/** The layout of deal `number` in `numbering`; TwinError for a number or numbering that has no
 * deal. @param {unknown} number @param {unknown} numbering @returns {Layout} */
export function tripeaksLayout(number, numbering) {
  const dealt = pysolDeck(checkDealNumber(number, numbering)).reverse(); // the order dealt
  return { places: dealt.slice(0, PLACES), waste: dealt[PLACES], stock: dealt.slice(PLACES + 1) };
}

/** A fresh random deal number (at most 10**12, numbers people can still type), as the API
 * carries it. @param {string} numbering @returns {number} */
export function randomDealNumber(numbering) {
  checkNumbering(numbering);
  return randomUpTo(10 ** 12);
}
