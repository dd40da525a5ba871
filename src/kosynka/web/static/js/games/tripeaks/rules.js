// @ts-check
// TriPeaks' rules in the browser (kosynka.games.tripeaks.rules): the rule options, move text,
// the position as flat arrays of card indices, why a move is refused (the checks in Python's
// order), the legal moves (in Python's order) and making a move.
//
// The table is 28 places in PySolFC's order: the three peaks' tops (0..2), their middle rows
// (3..8), the row of nine (9..17) and the bottom row of ten (18..27); place i of the first 18
// is covered by places i + STEP[i] and the one after it. The peaks' 18 cards are dealt face
// down (unless the rules open them) and turn up when both cards covering them are gone. A
// move plays an uncovered face-up card onto the waste when its rank is one above or below the
// waste's top card (King and Ace next to each other when the rules wrap), or turns the
// stock's next card onto the waste (`s`). A move is a number: the card's index, or STOCK_MOVE.

import { CARD_TEXT, RANK, parseCard } from "../../local/cards.js";
import { NotationError, pyRepr, withoutSpaces } from "../../local/pytext.js";

export const PLACES = 28;
/** The places dealt face down: the first 18. */
export const FACE_DOWN_PLACES = 18;
/** PySolFC's ThreePeaks_RowStack.STEP. */
export const STEP = [3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9, 9];
/** For each place, the places whose cards cover it (none for the bottom row). @type {number[][]} */
export const COVERS = [];
for (let i = 0; i < PLACES; i++) COVERS.push(i < FACE_DOWN_PLACES ? [i + STEP[i], i + STEP[i] + 1] : []);
/** For each place, the places its card covers (none for the tops). @type {number[][]} */
export const COVERED = COVERS.map((_, i) => COVERS.map((c, p) => (c.includes(i) ? p : -1)).filter((p) => p >= 0));
/** The row of each place, from the top. */
export const ROWS = [0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3];
/** Where each place is drawn across, in half card widths from the table's left edge. */
export const XS = [3, 9, 15, 2, 4, 8, 10, 14, 16, 1, 3, 5, 7, 9, 11, 13, 15, 17, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18];

/** The stock move (`s`). */
export const STOCK_MOVE = -1;
const GONE = -1;

/** The rule options: whether King and Ace are next to each other, whether the peaks are dealt
 * face up. @typedef {{wrap: boolean, open: boolean}} Rules */

/** A refusal: its name in the game's reasons module and, for the refusals whose words name
 * ranks, the ranks (1..13) they name.
 * @typedef {{name: string, card?: number, covers?: number[], top?: number}} Refusal */

/** True when a card of `rank` may go on a card of rank `other` under `rules`.
 * @param {Rules} rules @param {number} rank @param {number} other */
export function nextTo(rules, rank, other) {
  const d = Math.abs(rank - other);
  return d === 1 || (d === 12 && rules.wrap);
}

/** The move text: `s` or the card (`7C`). @param {number} move */
export const moveText = (move) => (move === STOCK_MOVE ? "s" : CARD_TEXT[move]);

/** Read move text as Move.parse reads it (`s`, `7C`, `10h`); NotationError with Python's words
 * when it is not a move. @param {string} text @returns {number} */
export function parseMove(text) {
  if (typeof text !== "string") throw new NotationError(`a move must be text, not ${typeof text}`);
  const t = withoutSpaces(text);
  if (!t) throw new NotationError("an empty move (expected s, or a card of the table such as 7C)");
  if (t.toLowerCase() === "s") return STOCK_MOVE;
  try {
    return parseCard(t);
  } catch (err) {
    if (!(err instanceof NotationError)) throw err;
    throw new NotationError(
      `not a move: ${pyRepr(text)} (expected s to turn a stock card, or a card of the table such as 7C; ${err.message})`,
    );
  }
}

/** A TriPeaks position under its rules: the card of each place (-1 once gone) and whether it
 * lies face up, the waste (its last card on top; never empty) and the stock (its last card the
 * next to turn). */
export class TriPeaks {
  /** @param {Rules} rules @param {number[]} cards @param {boolean[]} up @param {number[]} waste
   * @param {number[]} stock */
  constructor(rules, cards, up, waste, stock) {
    this.rules = rules;
    this.cards = cards;
    this.up = up;
    this.waste = waste;
    this.stock = stock;
  }

  /** A fresh deal. @param {Rules} rules
   * @param {{places: number[], waste: number, stock: number[]}} layout (the stock next card first) */
  static dealt(rules, layout) {
    const up = layout.places.map((_, i) => rules.open || i >= FACE_DOWN_PLACES);
    return new TriPeaks(rules, layout.places.slice(), up, [layout.waste], layout.stock.slice().reverse());
  }

  /** An independent copy. */
  copy() {
    return new TriPeaks(this.rules, this.cards.slice(), this.up.slice(), this.waste.slice(), this.stock.slice());
  }

  /** The waste's top card. */
  wasteTop() {
    return this.waste[this.waste.length - 1];
  }

  /** Cards left on the table. */
  tableCount() {
    let n = 0;
    for (const c of this.cards) if (c !== GONE) n++;
    return n;
  }

  /** Face-down cards on the table. */
  faceDownCount() {
    let n = 0;
    for (let i = 0; i < PLACES; i++) if (this.cards[i] !== GONE && !this.up[i]) n++;
    return n;
  }

  /** True when the 28 cards of the table are gone. */
  isWon() {
    return this.cards.every((c) => c === GONE);
  }

  /** Why `move` is refused, or null when it is legal: the checks in Python's order.
   * @param {number} move @returns {Refusal|null} */
  explain(move) {
    if (this.isWon()) return { name: "GAME_OVER" };
    if (move === STOCK_MOVE) return this.stock.length ? null : { name: "STOCK_EMPTY" };
    const cards = this.cards;
    const p = cards.indexOf(move);
    if (p < 0) return { name: this.waste.includes(move) ? "ON_WASTE" : "IN_STOCK" };
    if (!this.up[p]) return { name: "FACE_DOWN" };
    const onIt = COVERS[p].filter((q) => cards[q] !== GONE).map((q) => RANK[cards[q]]);
    if (onIt.length) return { name: onIt.length === 1 ? "COVERED_BY_ONE" : "COVERED_BY_TWO", card: RANK[move], covers: onIt };
    const rank = RANK[move];
    const top = RANK[this.wasteTop()];
    if (nextTo(this.rules, rank, top)) return null;
    if (Math.abs(rank - top) === 12) return { name: "WRAP_OFF" };
    return { name: "NOT_NEXT", card: rank, top };
  }

  /** The legal moves in Python's order: the cards that may go on the waste by their places,
   * then the stock move while the stock holds cards; none once the game is won.
   * @returns {number[]} */
  legalMoves() {
    const cards = this.cards;
    if (this.isWon()) return [];
    const top = RANK[this.wasteTop()];
    /** @type {number[]} */
    const out = [];
    for (let p = 0; p < PLACES; p++) {
      const c = cards[p];
      if (c !== GONE && this.up[p] && COVERS[p].every((q) => cards[q] === GONE) && nextTo(this.rules, RANK[c], top)) out.push(c);
    }
    if (this.stock.length) out.push(STOCK_MOVE);
    return out;
  }

  /** Make a legal `move` (no checks): the card leaves its place for the waste and every card it
   * was the last to cover turns face up; or the stock's next card goes onto the waste.
   * @param {number} move */
  apply(move) {
    if (move === STOCK_MOVE) {
      this.waste.push(/** @type {number} */ (this.stock.pop()));
      return;
    }
    const cards = this.cards;
    const p = cards.indexOf(move);
    this.waste.push(cards[p]);
    cards[p] = GONE;
    for (const q of COVERED[p]) {
      if (cards[q] !== GONE && !this.up[q] && COVERS[q].every((r) => cards[r] === GONE)) this.up[q] = true;
    }
  }

  /** "won", "stuck" (no legal move) or null (TriPeaks.outcome). @returns {null|"won"|"stuck"} */
  outcome() {
    if (this.isWon()) return "won";
    return this.legalMoves().length ? null : "stuck";
  }
}
