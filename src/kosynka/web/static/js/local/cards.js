// @ts-check
// Cards as the games' rules in the browser keep them (the twin of kosynka.cards): a card is its
// index `suit * 13 + rank - 1` (suits C, D, H, S; a game of two decks repeats the values), with
// per-index tables of rank, suit, colour and the keys that say which card may lie on which in a
// column built down in alternating colours (CARD_RANK .. CARD_WANTS); card text as Card.parse
// reads it and Card.text writes it.

import { NotationError, pyRepr, pyStrip } from "./pytext.js";

export const SUIT_LETTERS = "CDHS";
export const RANK_LETTERS = "A23456789TJQK";
export const KING = 13;

/** Per card index: the rank 1..13. @type {number[]} */
export const RANK = [];
/** Per card index: the suit 0..3 (C, D, H, S). @type {number[]} */
export const SUIT = [];
/** Per card index: 1 for a red card. @type {number[]} */
export const RED = [];
/** Per card index: card `a` may lie on card `b` in a column built down in alternating colours
 * exactly when FITS[a] === WANTS[b] (rank * 2 + red, and the same key of the card one rank
 * lower of the other colour). @type {number[]} */
export const FITS = [];
/** Per card index: the FITS key of the cards that may lie on it (see FITS). @type {number[]} */
export const WANTS = [];
/** Per card index: its text, `7C`. @type {string[]} */
export const CARD_TEXT = [];

for (let i = 0; i < 52; i++) {
  const rank = (i % 13) + 1;
  const suit = Math.floor(i / 13);
  const red = suit === 1 || suit === 2 ? 1 : 0;
  RANK.push(rank);
  SUIT.push(suit);
  RED.push(red);
  FITS.push(rank * 2 + red);
  WANTS.push((rank - 1) * 2 + 1 - red);
  CARD_TEXT.push(RANK_LETTERS[rank - 1] + SUIT_LETTERS[suit]);
}

/** The card index of each text Card.parse reads (`7C`, `td`, `10♦`, `1S`). @type {Map<string, number>} */
const CARD_BY_TEXT = new Map();
{
  /** @type {Array<[string, number]>} */
  const suits = [];
  [...SUIT_LETTERS].forEach((c, s) => suits.push([c, s], [c.toLowerCase(), s]));
  [..."♣♦♥♠"].forEach((c, s) => suits.push([c, s]));
  [..."♧♢♡♤"].forEach((c, s) => suits.push([c, s]));
  /** @type {Array<[string, number]>} */
  const ranks = [];
  [...RANK_LETTERS].forEach((c, r) => ranks.push([c, r + 1], [c.toLowerCase(), r + 1]));
  ranks.push(["10", 10], ["1", 1]);
  for (const [rt, rank] of ranks) for (const [st, suit] of suits) CARD_BY_TEXT.set(rt + st, suit * 13 + rank - 1);
}

/** The card index of `text` (Card.parse); NotationError with Python's words when it is not a
 * card. @param {string} text @returns {number} */
export function parseCard(text) {
  const card = CARD_BY_TEXT.get(pyStrip(text));
  if (card === undefined) {
    throw new NotationError(`not a card: ${pyRepr(text)} (expected a rank A,2-9,T/10,J,Q,K and a suit C,D,H,S)`);
  }
  return card;
}
