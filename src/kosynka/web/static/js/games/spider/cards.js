// @ts-check
// Cards as Spider's rules in the browser keep them (kosynka.cards): a card is its index
// `suit * 13 + rank - 1` (suits C, D, H, S; Spider's two decks simply repeat the values), with
// per-index tables of rank and suit; card text as Card.parse reads it and Card.text writes it;
// and the bits of Python's text handling the move parser needs (Unicode whitespace as
// str.split sees it, repr() of a string for the error messages, kosynka.numtext.parse_whole).

import { TwinError } from "../../local/twin.js";

export const SUIT_LETTERS = "CDHS";
export const RANK_LETTERS = "A23456789TJQK";

/** Per card index: the rank 1..13. @type {number[]} */
export const RANK = [];
/** Per card index: the suit 0..3 (C, D, H, S). @type {number[]} */
export const SUIT = [];
/** Per card index: its text, `7C`. @type {string[]} */
export const CARD_TEXT = [];

for (let i = 0; i < 52; i++) {
  RANK.push((i % 13) + 1);
  SUIT.push(Math.floor(i / 13));
  CARD_TEXT.push(RANK_LETTERS[i % 13] + SUIT_LETTERS[Math.floor(i / 13)]);
}

/** Per suit, the cards of a finished run bottom to top (King first). @type {number[][]} */
export const FULL_RUN = [0, 1, 2, 3].map((s) => Array.from({ length: 13 }, (_, k) => s * 13 + 12 - k));

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

/** Unicode whitespace as Python's str.isspace() sees it (str.split() and str.strip()). */
const PY_SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const SPACES = new RegExp(`[${PY_SPACE}]+`, "g");
const EDGES = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, "g");

/** `text` without any whitespace (Python's "".join(text.split())). @param {string} text */
export const withoutSpaces = (text) => text.replace(SPACES, "");

/** `text.strip()` in Python. @param {string} text */
export const pyStrip = (text) => text.replace(EDGES, "");

/** Characters Python's repr() writes escaped: not printable (controls, formats, surrogates,
 * private use, unassigned, separators other than the space). */
const UNPRINTABLE = /[\p{C}\p{Z}]/u;

/** repr() of a string in Python (for error messages that quote the text they could not read).
 * @param {string} text */
export function pyRepr(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = /** @type {number} */ (ch.codePointAt(0));
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch === " " || !UNPRINTABLE.test(ch)) out += ch;
    else if (code < 0x100) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else if (code < 0x10000) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += `\\U${code.toString(16).padStart(8, "0")}`;
  }
  return out + quote;
}

/** The card index of `text` (Card.parse); TwinError with Python's words when it is not a card.
 * @param {string} text @returns {number} */
export function parseCard(text) {
  const card = CARD_BY_TEXT.get(pyStrip(text));
  if (card === undefined) {
    throw new TwinError(`not a card: ${pyRepr(text)} (expected a rank A,2-9,T/10,J,Q,K and a suit C,D,H,S)`);
  }
  return card;
}

/** A whole number written in ASCII digits (kosynka.numtext.parse_whole), or null when `text`
 * is not one; TwinError when it has more than `maxDigits` significant digits. The value is a
 * JS number: callers compare it with small bounds only.
 * @param {string} text @param {string} what @param {number} [maxDigits] @returns {number|null} */
export function parseWhole(text, what, maxDigits = 100) {
  const t = pyStrip(text);
  if (!/^[0-9]+$/.test(t)) return null;
  const significant = t.replace(/^0+/, "");
  if (significant.length > maxDigits) {
    throw new TwinError(`${what} too long: ${significant.length.toLocaleString("en-US")} digits (at most ${maxDigits})`);
  }
  return significant ? Number(significant) : 0;
}
