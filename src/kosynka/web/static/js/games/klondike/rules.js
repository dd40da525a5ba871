// @ts-check
// Klondike's rules in the browser (kosynka.games.klondike.rules): the rule options, move text,
// the position as flat arrays of card indices, why a move is refused (the checks in Python's
// order), the legal moves (in Python's order), making a move, and whether no card can ever
// move again (is_stuck).
//
// A move is a number: `card * 8 + to` for a card moved to column `to` (0..6) or to its
// foundation (`to` = 7), DRAW (-1) for a draw from the stock, RECYCLE (-2) for the waste
// turned over into a new stock.

import { CARD_TEXT, FITS, KING, RANK, RED, SUIT, WANTS, parseCard } from "../../local/cards.js";
import { NotationError, parseWhole, pyRepr, withoutSpaces } from "../../local/pytext.js";

export const COLUMNS = 7;
/** A card move's `to` for a foundation. */
export const FOUNDATION = 7;
/** The draw from the stock (`s`). */
export const DRAW = -1;
/** The waste turned into a new stock (`r`). */
export const RECYCLE = -2;

/** Where a card lies (Klondike._locate's zones). */
export const IN_COLUMN = 0;
export const IN_WASTE = 1;
export const IN_STOCK = 2;
export const IN_FOUNDATION = 3;

/** The rule options: cards per draw (1 or 3), passes through the stock (null: unlimited),
 * whether a foundation's top card may come back to the tableau.
 * @typedef {{draw: number, passes: number|null, foundationReturn: boolean}} Rules */

/** A reason's name in the game's reasons module (FACE_DOWN, ...). @typedef {string} ReasonName */

/** The move's card (an index), or -1 for a draw or a recycle. @param {number} move */
export const cardOf = (move) => (move < 0 ? -1 : move >> 3);
/** The move's destination: a column 0..6 or FOUNDATION (card moves only). @param {number} move */
export const toOf = (move) => move & 7;

/** The move text: `s`, `r`, `7C>4`, `AH>f` (str(move) in Python). @param {number} move */
export function moveText(move) {
  if (move === DRAW) return "s";
  if (move === RECYCLE) return "r";
  const to = move & 7;
  return `${CARD_TEXT[move >> 3]}>${to === FOUNDATION ? "f" : to + 1}`;
}

/** Read move text as Move.parse reads it (`s`, `r`, `7C>4`, `10h > F`, `A♠>f`); NotationError
 * with Python's words when it is not a move. @param {string} text @returns {number} */
export function parseMove(text) {
  if (typeof text !== "string") throw new NotationError(`a move must be text, not ${typeof text}`);
  const t = withoutSpaces(text);
  const low = t.toLowerCase();
  if (low === "s") return DRAW;
  if (low === "r") return RECYCLE;
  const at = t.indexOf(">");
  const cardText = at < 0 ? "" : t.slice(0, at);
  const dest = at < 0 ? "" : t.slice(at + 1);
  if (at < 0 || !cardText || !dest) {
    throw new NotationError(`not a move: ${pyRepr(text)} (expected s, r, or CARD>DEST such as 7C>4 or AH>f)`);
  }
  const card = parseCard(cardText);
  if (dest.toLowerCase() === "f") return card * 8 + FOUNDATION;
  const column = parseWhole(dest, "destination column");
  if (column !== null && column >= 1 && column <= COLUMNS) return card * 8 + column - 1;
  throw new NotationError(`not a destination: ${pyRepr(dest)} in ${pyRepr(text)} (expected a column 1..7 or f)`);
}

/** True when `card` may lie on `target` in a column (one rank lower, other colour).
 * @param {number} card @param {number} target */
export const fitsOn = (card, target) => RANK[target] === RANK[card] + 1 && RED[target] !== RED[card];

/** A Klondike position under its rules: the columns bottom to top with `hidden[i]` face-down
 * cards at the bottom of column i, the stock (its last card drawn next), the waste (its last
 * card on top), the cards on each foundation (C, D, H, S) and the pass number. */
export class Klondike {
  /** @param {Rules} rules @param {number[][]} cols @param {number[]} hidden @param {number[]} stock
   * @param {number[]} waste @param {number[]} found @param {number} passNumber */
  constructor(rules, cols, hidden, stock, waste, found, passNumber) {
    this.rules = rules;
    this.cols = cols;
    this.hidden = hidden;
    this.stock = stock;
    this.waste = waste;
    this.found = found;
    this.passNumber = passNumber;
  }

  /** A fresh deal: every column's top card face up. @param {Rules} rules
   * @param {{columns: number[][], stock: number[]}} layout */
  static dealt(rules, layout) {
    const cols = layout.columns.map((c) => c.slice());
    return new Klondike(rules, cols, cols.map((c) => c.length - 1), layout.stock.slice(), [], [0, 0, 0, 0], 1);
  }

  /** An independent copy. */
  copy() {
    return new Klondike(this.rules, this.cols.map((c) => c.slice()), this.hidden.slice(), this.stock.slice(), this.waste.slice(), this.found.slice(), this.passNumber);
  }

  isWon() {
    const f = this.found;
    return f[0] + f[1] + f[2] + f[3] === 52;
  }

  /** Face-down cards in the whole tableau. */
  faceDownCount() {
    const h = this.hidden;
    let n = 0;
    for (let i = 0; i < COLUMNS; i++) n += h[i];
    return n;
  }

  /** Where `card` is (Klondike._locate): [zone, column or -1, index in that pile].
   * @param {number} card @returns {[number, number, number]} */
  locate(card) {
    if (RANK[card] <= this.found[SUIT[card]]) return [IN_FOUNDATION, -1, RANK[card] - 1];
    const waste = this.waste;
    if (waste.length && waste[waste.length - 1] === card) return [IN_WASTE, -1, waste.length - 1];
    for (let i = 0; i < COLUMNS; i++) {
      const idx = this.cols[i].indexOf(card);
      if (idx >= 0) return [IN_COLUMN, i, idx];
    }
    const w = waste.indexOf(card);
    if (w >= 0) return [IN_WASTE, -1, w];
    return [IN_STOCK, -1, this.stock.indexOf(card)];
  }

  /** Why `move` is refused (the reason's name), or null when it is legal: the checks in
   * Python's order. @param {number} move @returns {ReasonName|null} */
  explain(move) {
    if (move < 0) return this.explainStock(move);
    return this.explainCard(move >> 3, move & 7, this.locate(move >> 3));
  }

  /** @param {number} card @param {number} to @param {[number, number, number]} where
   * @returns {ReasonName|null} */
  explainCard(card, to, where) {
    const [zone, src, idx] = where;
    // 1. Is the card reachable?
    if (zone === IN_STOCK) return "NOT_AVAILABLE";
    if (zone === IN_COLUMN && idx < this.hidden[src]) return "FACE_DOWN";
    if (zone === IN_WASTE && idx !== this.waste.length - 1) return "NOT_AVAILABLE";
    if (zone === IN_FOUNDATION && this.found[SUIT[card]] !== RANK[card]) return "NOT_AVAILABLE";
    if ((zone === IN_COLUMN && to === src) || (zone === IN_FOUNDATION && to === FOUNDATION)) return "SAME_PLACE";
    if (to === FOUNDATION) {
      // 2. One card at a time; 3. the next card of its suit.
      if (zone === IN_COLUMN && idx !== this.cols[src].length - 1) return "FOUNDATION_ONE_CARD";
      if (this.found[SUIT[card]] !== RANK[card] - 1) return "FOUNDATION_ORDER";
      return null;
    }
    if (zone === IN_FOUNDATION && !this.rules.foundationReturn) return "FOUNDATION_RETURN_OFF";
    // 2. The group moved must be an ordered run.
    if (zone === IN_COLUMN) {
      const col = this.cols[src];
      for (let j = idx; j < col.length - 1; j++) if (!fitsOn(col[j + 1], col[j])) return "RUN_NOT_ORDERED";
    }
    // 3. Does the destination accept it?
    const dest = this.cols[to];
    if (!dest.length) return RANK[card] === KING ? null : "EMPTY_NEEDS_KING";
    const target = dest[dest.length - 1];
    if (RANK[target] !== RANK[card] + 1) return "RANK";
    if (RED[target] === RED[card]) return "COLOUR";
    return null;
  }

  /** Why a draw or a recycle is refused, or null. @param {number} move @returns {ReasonName|null} */
  explainStock(move) {
    if (move === DRAW) {
      if (this.stock.length) return null;
      return this.waste.length ? "STOCK_EMPTY" : "STOCK_AND_WASTE_EMPTY";
    }
    if (this.stock.length) return "STOCK_NOT_FINISHED";
    if (!this.waste.length) return "NOTHING_TO_RECYCLE";
    const passes = this.rules.passes;
    if (passes !== null && this.passNumber >= passes) return "PASS_LIMIT";
    return null;
  }

  /** The legal moves in Python's order (legal_move_list): to the foundations first, then onto
   * the columns (from the waste, between columns, back from the foundations), then the stock
   * move. @param {number[]} [wasteOver] the waste to look at instead of the position's
   * (is_stuck looks without it) @returns {number[]} */
  legalMoves(wasteOver) {
    /** @type {number[]} */
    const out = [];
    const cols = this.cols;
    const hidden = this.hidden;
    const found = this.found;
    const waste = wasteOver || this.waste;
    const wasteTop = waste.length ? waste[waste.length - 1] : -1;
    if (wasteTop >= 0 && found[SUIT[wasteTop]] === RANK[wasteTop] - 1) out.push(wasteTop * 8 + FOUNDATION);
    for (let i = 0; i < COLUMNS; i++) {
      const col = cols[i];
      if (col.length) {
        const top = col[col.length - 1];
        if (found[SUIT[top]] === RANK[top] - 1) out.push(top * 8 + FOUNDATION);
      }
    }
    // The columns a card may go onto, by the card's key (FITS): the column tops that want it,
    // in column order; the empty columns for kings.
    /** @type {number[][]} */
    const onto = [];
    /** @type {number[]} */
    const empties = [];
    for (let k = 0; k < COLUMNS; k++) {
      const col = cols[k];
      if (col.length) {
        const want = WANTS[col[col.length - 1]];
        (onto[want] || (onto[want] = [])).push(k);
      } else empties.push(k);
    }
    // Cards that could head a move onto a column: the waste top, every card of each column's
    // ordered top run, and (optionally) the foundation tops; -1 for no column of their own.
    /** @type {number[]} */
    const heads = [];
    if (wasteTop >= 0) heads.push(wasteTop, -1);
    for (let i = 0; i < COLUMNS; i++) {
      const col = cols[i];
      if (!col.length) continue;
      let j = col.length - 1;
      const low = hidden[i];
      for (;;) {
        heads.push(col[j], i);
        if (j === low || !fitsOn(col[j], col[j - 1])) break;
        j--;
      }
    }
    if (this.rules.foundationReturn) {
      for (let s = 0; s < 4; s++) if (found[s]) heads.push(s * 13 + found[s] - 1, -1);
    }
    for (let h = 0; h < heads.length; h += 2) {
      const card = heads[h];
      const source = heads[h + 1];
      const dests = RANK[card] === KING ? empties : onto[FITS[card]];
      if (!dests) continue;
      for (const k of dests) if (k !== source) out.push(card * 8 + k);
    }
    if (this.stock.length) out.push(DRAW);
    else if (waste.length && (this.rules.passes === null || this.passNumber < this.rules.passes)) out.push(RECYCLE);
    return out;
  }

  /** Make a legal `move` (no checks). @param {number} move */
  apply(move) {
    if (move === DRAW) {
      const stock = this.stock;
      for (let n = Math.min(this.rules.draw, stock.length); n > 0; n--) this.waste.push(/** @type {number} */ (stock.pop()));
      return;
    }
    if (move === RECYCLE) {
      this.stock = this.waste.reverse();
      this.waste = [];
      this.passNumber += 1;
      return;
    }
    const card = move >> 3;
    const to = move & 7;
    const [zone, src, idx] = this.locate(card);
    /** @type {number[]} */
    let run;
    if (zone === IN_COLUMN) {
      const col = this.cols[src];
      run = col.splice(idx);
      if (col.length && col.length === this.hidden[src]) this.hidden[src] -= 1;
    } else if (zone === IN_WASTE) {
      run = [/** @type {number} */ (this.waste.pop())];
    } else {
      this.found[SUIT[card]] -= 1;
      run = [card];
    }
    if (to === FOUNDATION) this.found[SUIT[card]] += 1;
    else for (const c of run) this.cols[to].push(c);
  }

  /** True when `card` (a waste top) has a legal destination now. @param {number} card */
  wasteTopCanMove(card) {
    if (this.found[SUIT[card]] === RANK[card] - 1) return true;
    for (const dest of this.cols) {
      if (RANK[card] === KING ? !dest.length : dest.length && fitsOn(card, dest[dest.length - 1])) return true;
    }
    return false;
  }

  /** True only when no card can ever move again, however the stock is cycled (is_stuck): the
   * tableau's own moves first, then every card that drawing brings to the top of the waste
   * (the rest of this pass, and one whole further pass when the rules allow it). */
  isStuck() {
    if (this.isWon()) return false;
    if (this.legalMoves([]).some((m) => m >= 0)) return false;
    let stock = this.stock.slice();
    let waste = this.waste.slice();
    let passNumber = this.passNumber;
    const { draw, passes } = this.rules;
    let recycles = 0;
    for (;;) {
      if (waste.length && this.wasteTopCanMove(waste[waste.length - 1])) return false;
      if (stock.length) {
        for (let n = Math.min(draw, stock.length); n > 0; n--) waste.push(/** @type {number} */ (stock.pop()));
      } else if (waste.length && recycles < 1 && (passes === null || passNumber < passes)) {
        stock = waste.reverse();
        waste = [];
        passNumber += 1;
        recycles += 1;
      } else return true;
    }
  }
}
