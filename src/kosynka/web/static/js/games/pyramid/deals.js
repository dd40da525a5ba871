// @ts-check
// Pyramid's deal numbers (kosynka.games.pyramid.deals): the layout of a deal number, as card
// indices.
//
// `pysol`, the one numbering: PySolFC's Pyramid game numbers, 1 .. 10**20 - 1 (so BigInt).
// Below 32,000 a rank-major deck shuffled by the Microsoft linear congruential generator; from
// there a suit-major deck in PySolFC's suit order (C, S, H, D) shuffled by Python's Mersenne
// Twister seeded with the number (kosynka.games.shuffles.pysol_deck). Dealt from the end of
// the list: the first 28 cards to the pyramid's places (rows top to bottom, each left to
// right), the other 24 to the stock, the next card dealt on top.

import { checkInRange, lcgShuffle, mtShuffle, pysolSuitMajorDeck, randomUpTo, rankMajorDeck } from "../../local/numbering.js";
import { pyRepr } from "../../local/pytext.js";
import { TwinError } from "../../local/twin.js";

/** The numberings, the default first. */
export const NUMBERINGS = ["pysol"];
/** The largest deal number of each numbering (the smallest is 1). @type {Record<string, bigint>} */
export const MAX_DEAL = { pysol: 10n ** 20n - 1n };
const MS_LIMIT = 32000n;
const PLACES = 28;

/** A fresh Pyramid deal: the card of each of the 28 places and the stock from its top card
 * (the one face up) to its bottom, as card indices.
 * @typedef {{places: number[], stock: number[]}} Layout */

/** A deal number as the API carries it (a JSON number, or digits above 2**53 - 1) as a
 * BigInt; TwinError when it is no whole number.
 * @param {unknown} number @returns {bigint} */
function asBigInt(number) {
  if (typeof number === "bigint") return number;
  if (typeof number === "number" && Number.isInteger(number)) return BigInt(number);
  if (typeof number === "string" && /^[0-9]+$/.test(number)) return BigInt(number);
  throw new TwinError(`a deal number must be an integer, not ${typeof number === "string" ? pyRepr(number) : String(number)}`);
}

/** `numbering` when Pyramid has it, else TwinError with the words of the spec's
 * check_numbering. @param {unknown} numbering @returns {string} */
export function checkNumbering(numbering) {
  if (typeof numbering !== "string" || !NUMBERINGS.includes(numbering)) {
    const shown = typeof numbering === "string" ? pyRepr(numbering) : String(numbering);
    throw new TwinError(`unknown numbering ${shown} for pyramid (expected one of: ${NUMBERINGS.join(", ")})`);
  }
  return numbering;
}

/** `number` as a BigInt when it is a deal number of `numbering`, else TwinError with the
 * words of Python's check_deal_number. @param {unknown} number @param {unknown} numbering
 * @returns {bigint} */
export function checkDealNumber(number, numbering) {
  const known = checkNumbering(numbering);
  return checkInRange(asBigInt(number), MAX_DEAL[known], known);
}

/** The deck of PySolFC game `number` (cards are dealt from the end of the list).
 * @param {bigint} number @returns {number[]} */
export function pysolDeck(number) {
  if (number < MS_LIMIT) return lcgShuffle(rankMajorDeck(), Number(number));
  return mtShuffle(pysolSuitMajorDeck(), number);
}

/** The layout of deal `number` in `numbering`; TwinError for a number or numbering that has no
 * deal. @param {unknown} number @param {unknown} numbering @returns {Layout} */
export function pyramidLayout(number, numbering) {
  const dealt = pysolDeck(checkDealNumber(number, numbering)).reverse(); // the order dealt
  return { places: dealt.slice(0, PLACES), stock: dealt.slice(PLACES) };
}

/** A fresh random deal number (at most 10**12, numbers people can still type), as the API
 * carries it. @param {string} numbering @returns {number} */
export function randomDealNumber(numbering) {
  checkNumbering(numbering);
  return randomUpTo(10 ** 12);
}
