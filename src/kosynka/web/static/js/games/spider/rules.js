// @ts-check
// Spider's rules in the browser (kosynka.games.spider.rules): the position, move text, the
// checks in Python's order, the legal moves in Python's order and the moves made, finished
// runs leaving and face-down cards turning up as part of the move that uncovers them.
//
// The position is kept as the Python keeps it: flat arrays of card indices (the two decks
// repeat the values), each column's face-down count, the whole stock with how much of it has
// been dealt, and the suit of each run removed. A move names its card by column; the copy
// nearest the top of that column is the one moved. Refusals are named by their constant in
// kosynka.games.spider.reasons (the twin looks their words up).

import { TwinError } from "../../local/twin.js";
import { CARD_TEXT, RANK, SUIT, parseCard } from "../../local/cards.js";
import { parseWhole, pyRepr, withoutSpaces } from "../../local/pytext.js";
import { FULL_RUN } from "./cards.js";

export const COLUMNS = 10;
/** `Move.to` for the foundations (written `f`): always refused, RUNS_ONLY. */
export const FOUNDATION = 10;
/** `Move.to` of a row dealt from the stock (`s`). */
export const DEAL = -1;
/** Finished runs to remove for a win. */
export const RUNS = 8;
/** Cards in a dealt row. */
export const ROW = 10;

/** A move: a dealt row (`card` -1, `to` DEAL), or `card` moved with every card on it from
 * column `source` (0..9; null for the short form `9H>7` until resolved) to column `to` (0..9)
 * or the foundations (FOUNDATION).
 * @typedef {{source: number|null, card: number, to: number}} Move */

/** The name of a refusal in kosynka.games.spider.reasons (FACE_DOWN, ...), or null.
 * @typedef {string|null} Why */

/** @type {Move} */
export const DEAL_MOVE = Object.freeze({ source: null, card: -1, to: DEAL });

/** Every move naming its column, by `(source * 52 + card) * 11 + to`, and its text. */
const MOVES = /** @type {Move[]} */ ([]);
const MOVE_TEXT = /** @type {string[]} */ ([]);
for (let src = 0; src < COLUMNS; src++) {
  for (let c = 0; c < 52; c++) {
    for (let to = 0; to <= FOUNDATION; to++) {
      MOVES.push(Object.freeze({ source: src, card: c, to }));
      MOVE_TEXT.push(`${src + 1}:${CARD_TEXT[c]}>${to === FOUNDATION ? "f" : to + 1}`);
    }
  }
}

/** The move of `card` from column `source` (or the short form, source null) to `to`.
 * @param {number|null} source @param {number} card @param {number} to @returns {Move} */
export function cardMove(source, card, to) {
  return source === null ? { source: null, card, to } : MOVES[(source * 52 + card) * 11 + to];
}

/** The move text (str(move)): `s`, `3:9H>7`, `9H>7` (short form), `3:AH>f`. @param {Move} move */
export function moveText(move) {
  if (move.card < 0) return "s";
  if (move.source !== null) return MOVE_TEXT[(move.source * 52 + move.card) * 11 + move.to];
  return `${CARD_TEXT[move.card]}>${move.to === FOUNDATION ? "f" : move.to + 1}`;
}

/** Read `s`, `3:9H>7`, `9H>7`, `3:AH>f` (Move.parse); TwinError with Python's words.
 * @param {string} text @returns {Move} */
export function parseMoveText(text) {
  const t = withoutSpaces(text);
  if (t === "s" || t === "S") return DEAL_MOVE;
  const gt = t.indexOf(">");
  const head = gt < 0 ? t : t.slice(0, gt);
  const dest = gt < 0 ? "" : t.slice(gt + 1);
  if (gt < 0 || !head || !dest) {
    throw new TwinError(`not a move: ${pyRepr(text)} (expected s, COLUMN:CARD>COLUMN such as 3:9H>7, or CARD>COLUMN such as 9H>7)`);
  }
  /** @type {number|null} */
  let source = null;
  const colon = head.lastIndexOf(":");
  let cardText = head;
  if (colon >= 0) {
    const colText = head.slice(0, colon);
    cardText = head.slice(colon + 1);
    const column = parseWhole(colText, "source column");
    if (column === null || column < 1 || column > COLUMNS) {
      throw new TwinError(`not a source column: ${pyRepr(colText)} in ${pyRepr(text)} (expected 1..10)`);
    }
    source = column - 1;
  }
  const card = parseCard(cardText);
  const column = parseWhole(dest, "destination column");
  let to;
  if (dest === "f" || dest === "F") to = FOUNDATION;
  else if (column !== null && column >= 1 && column <= COLUMNS) to = column - 1;
  else throw new TwinError(`not a destination: ${pyRepr(dest)} in ${pyRepr(text)} (expected a column 1..10 or f)`);
  return cardMove(source, card, to);
}

/** The index of the highest copy of `card` in `col`, or -1. @param {number[]} col @param {number} card */
const topmost = (col, card) => col.lastIndexOf(card);

/** A Spider position: the columns bottom to top, the face-down count of each, the stock (all
 * of it, `next` cards dealt) and the suit of each run removed, in order. */
export class Position {
  /** @param {number} suits @param {number[][]} cols @param {number[]} hidden
   * @param {number[]} stock @param {number} next @param {number[]} removed */
  constructor(suits, cols, hidden, stock, next, removed) {
    this.suits = suits;
    this.cols = cols;
    this.hidden = hidden;
    /** never changed: copies share it */
    this.stock = stock;
    this.next = next;
    this.removed = removed;
  }

  /** A fresh deal's position. @param {number} suits @param {{columns: number[][], stock: number[]}} layout */
  static dealt(suits, layout) {
    const cols = layout.columns.map((c) => c.slice());
    return new Position(suits, cols, cols.map((c) => Math.max(c.length - 1, 0)), layout.stock.slice(), 0, []);
  }

  /** An independent copy. */
  copy() {
    return new Position(this.suits, this.cols.map((c) => c.slice()), this.hidden.slice(), this.stock, this.next, this.removed.slice());
  }

  stockCount() {
    return this.stock.length - this.next;
  }

  rowsLeft() {
    return Math.floor(this.stockCount() / ROW);
  }

  faceDownCount() {
    let n = 0;
    for (const h of this.hidden) n += h;
    return n;
  }

  isWon() {
    return this.removed.length === RUNS;
  }

  /** Why dealing a row is refused now, or null. @returns {Why} */
  explainDeal() {
    if (this.next >= this.stock.length) return "STOCK_EMPTY";
    for (const col of this.cols) if (!col.length) return "DEAL_ONTO_EMPTY_COLUMN";
    return null;
  }

  /** Why `card` from column `source` to `to` is refused (null when legal), with the card's
   * index in its column (for `apply`).
   * @param {number} source @param {number} card @param {number} to @returns {[Why, number]} */
  explainCard(source, card, to) {
    const col = this.cols[source];
    const idx = topmost(col, card);
    if (idx < 0) return ["NOT_AVAILABLE", idx];
    if (idx < this.hidden[source]) return ["FACE_DOWN", idx];
    const top = col.length - 1;
    if (idx < top) {
      let oneSuit = true;
      for (let j = idx; j < top; j++) {
        const a = col[j];
        const b = col[j + 1];
        if (RANK[b] !== RANK[a] - 1) return ["RUN_NOT_ORDERED", idx];
        if (b !== a - 1) oneSuit = false;
      }
      if (!oneSuit) return ["RUN_NOT_ONE_SUIT", idx];
    }
    if (to === source) return ["SAME_PLACE", idx];
    if (to === FOUNDATION) return ["RUNS_ONLY", idx];
    const dest = this.cols[to];
    if (dest.length && RANK[dest[dest.length - 1]] !== RANK[card] + 1) return ["RANK", idx];
    return [null, idx];
  }

  /** `move` with its source column named, for the short form (Spider.resolve): the column
   * whose face-up copy can make the move when exactly one can; else, when that changes no
   * answer, the only face-up copy, the first of copies all refused alike, or a face-down copy
   * when none is face up; unnamed when no copy is on the table. TwinError when ambiguous.
   * @param {Move} move @returns {Move} */
  resolve(move) {
    if (move.source !== null || move.card < 0) return move;
    const card = move.card;
    const to = move.to;
    const faceUp = [];
    let faceDownAt = -1;
    for (let i = 0; i < COLUMNS; i++) {
      const idx = topmost(this.cols[i], card);
      if (idx < 0) continue;
      if (idx >= this.hidden[i]) faceUp.push(i);
      else if (faceDownAt < 0) faceDownAt = i;
    }
    if (!faceUp.length) return faceDownAt < 0 ? move : cardMove(faceDownAt, card, to);
    const why = faceUp.map((i) => this.explainCard(i, card, to)[0]);
    const legal = faceUp.filter((_, k) => why[k] === null);
    if (legal.length === 1) return cardMove(legal[0], card, to);
    if (!legal.length && new Set(why).size === 1) return cardMove(faceUp[0], card, to);
    const shown = legal.length ? legal : faceUp;
    const where = shown.map((i) => String(i + 1)).join(" and ");
    const problem = legal.length
      ? `a ${CARD_TEXT[card]} can make this move from columns ${where}`
      : `face-up copies of ${CARD_TEXT[card]} lie in columns ${where}`;
    const example = moveText(cardMove(shown[0], card, to));
    throw new TwinError(`${moveText(move)} is ambiguous: ${problem}; name the column, as in ${example}`);
  }

  /** The move resolved, why it is refused (null when legal) and its card's index in its
   * column (Spider._check). @param {Move} move @returns {{move: Move, why: Why, idx: number}} */
  check(move) {
    if (move.card < 0) return { move, why: this.explainDeal(), idx: -1 };
    if (move.source === null) {
      move = this.resolve(move);
      if (move.source === null) return { move, why: "NOT_AVAILABLE", idx: -1 };
    }
    const [why, idx] = this.explainCard(move.source, move.card, move.to);
    return { move, why, idx };
  }

  /** The legal moves' texts in Python's order (legal_move_list): by source column, each
   * column's top card first and then the longer groups, destinations in column order; then
   * the deal. With `first`, stop at the first one found (whether any move is legal).
   * @param {boolean} [first] @returns {string[]} */
  legalTexts(first = false) {
    /** @type {string[]} */
    const out = [];
    const cols = this.cols;
    /** @type {number[][]} the columns whose top card has rank r (1..13) */
    const onto = [];
    for (let r = 0; r < 15; r++) onto.push([]);
    /** @type {number[]} */
    const empties = [];
    for (let k = 0; k < COLUMNS; k++) {
      const col = cols[k];
      if (col.length) onto[RANK[col[col.length - 1]]].push(k);
      else empties.push(k);
    }
    for (let i = 0; i < COLUMNS; i++) {
      const col = cols[i];
      if (!col.length) continue;
      let j = col.length - 1;
      const low = this.hidden[i];
      for (;;) {
        const card = col[j];
        const base = (i * 52 + card) * 11;
        const r = RANK[card];
        const dests = empties.length ? onto[r + 1].concat(empties).sort((a, b) => a - b) : onto[r + 1];
        for (const k of dests) {
          if (k !== i) {
            out.push(MOVE_TEXT[base + k]);
            if (first) return out;
          }
        }
        if (j === low || col[j - 1] !== card + 1 || r === 13) break;
        j--;
      }
    }
    if (this.next < this.stock.length && !empties.length) out.push("s");
    return out;
  }

  /** Make a legal, resolved `move` (no checks); `idx` is the moved card's index in its
   * column. A finished run leaves and the card under it turns up.
   * @param {Move} move @param {number} idx */
  apply(move, idx) {
    const cols = this.cols;
    if (move.card < 0) {
      for (let k = 0; k < COLUMNS; k++) cols[k].push(this.stock[this.next + k]);
      this.next += ROW;
      for (let k = 0; k < COLUMNS; k++) this.takeRuns(k);
      return;
    }
    const src = /** @type {number} */ (move.source);
    const col = cols[src];
    const run = col.splice(idx);
    if (col.length && col.length === this.hidden[src]) this.hidden[src]--;
    const dest = cols[move.to];
    for (const c of run) dest.push(c);
    this.takeRuns(move.to);
  }

  /** The suit of the finished face-up King-to-Ace run at the top of column `k`, or -1.
   * @param {number} k */
  completeRunOn(k) {
    const col = this.cols[k];
    const n = col.length;
    if (n < 13 || RANK[col[n - 1]] !== 1 || n - 13 < this.hidden[k]) return -1;
    const s = SUIT[col[n - 1]];
    const run = FULL_RUN[s];
    for (let q = 0; q < 13; q++) if (col[n - 13 + q] !== run[q]) return -1;
    return s;
  }

  /** Remove finished runs from the top of column `k`, turning up the card each leaves.
   * @param {number} k */
  takeRuns(k) {
    for (let s = this.completeRunOn(k); s >= 0; s = this.completeRunOn(k)) {
      const col = this.cols[k];
      col.length -= 13;
      this.removed.push(s);
      if (col.length && col.length === this.hidden[k]) this.hidden[k]--;
    }
  }
}
