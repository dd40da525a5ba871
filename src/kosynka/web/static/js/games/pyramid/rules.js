// @ts-check
// Pyramid's rules in the browser (kosynka.games.pyramid.rules): the rule options, move text, the
// position as flat arrays of card indices, why a move is refused (the checks in Python's order),
// the legal moves (in Python's order) and making a move.
//
// 28 cards lie face up in a pyramid of seven rows; place i of row r is covered by places i and
// i + 1 of row r + 1. The other 24 cards are the stock, its top card face up. A move removes
// two available cards whose ranks add up to 13 or an available King alone; `s` turns the
// stock's top card onto the waste; `r` turns the waste over into a new stock once the stock
// is empty. A move is a value {cards, turn}: the cards removed (a pair, the higher rank
// first, or a King alone) and no turn, or no cards and the turn "s" or "r".

import { CARD_TEXT, KING, RANK, parseCard } from "../../local/cards.js";
import { NotationError, pyRepr, withoutSpaces } from "../../local/pytext.js";

export const ROWS = 7;
/** Cards in the pyramid at the start. */
export const PLACES = 28;
/** The row (0 at the top) of each place. @type {number[]} */
export const ROW_OF = [];
/** Where each place is drawn across, in half card widths (row r place i at (6 - r) + 2 i).
 * @type {number[]} */
export const X_OF = [];
for (let r = 0; r < ROWS; r++) {
  for (let i = 0; i <= r; i++) {
    ROW_OF.push(r);
    X_OF.push(ROWS - 1 - r + 2 * i);
  }
}
/** The places that cover each place (the two below it; none for the bottom row).
 * @type {number[][]} */
export const COVERED_BY = ROW_OF.map((r, p) => (r < ROWS - 1 ? [p + r + 1, p + r + 2] : []));

const TURN = "s";
const REDEAL = "r";

/** The rule options: passes through the stock (1, 2, 3; null for unlimited) and the goal
 * ("pyramid": the pyramid's 28 cards; "all": every card).
 * @typedef {{passes: number|null, goal: string}} Rules */

/** A move: the cards removed (the higher rank first; none for a stock move) and the stock
 * move ("s", "r"; "" for a removal).
 * @typedef {{cards: number[], turn: string}} Move */

/** A refusal: its name in the game's reasons module and the values of its slots.
 * @typedef {{name: string, values?: Record<string, string|number>}} Refusal */

/** Where a card lies (Pyramid._locate's zones). */
const GONE = 0;
const PLACE = 1;
const STOCK = 2;
const STOCK_TOP = 3;
const WASTE = 4;
const WASTE_TOP = 5;

/** The stock move. @type {Move} */
export const TURN_MOVE = Object.freeze({ cards: [], turn: TURN });
/** The waste turned over into a new stock. @type {Move} */
export const REDEAL_MOVE = Object.freeze({ cards: [], turn: REDEAL });

/** A removal of `cards` (one or two card indices), the higher rank first (ties by index), as
 * Move's constructor puts them. @param {number[]} cards @returns {Move} */
export function removal(cards) {
  if (cards.length === 2) {
    const [a, b] = cards;
    if (RANK[b] > RANK[a] || (RANK[b] === RANK[a] && b > a)) return { cards: [b, a], turn: "" };
  }
  return { cards: cards.slice(), turn: "" };
}

/** The move text: `s`, `r`, `KS`, `8H+5C` (str(move) in Python). @param {Move} move */
export function moveText(move) {
  return move.turn || move.cards.map((c) => CARD_TEXT[c]).join("+");
}

const EXPECTED = "expected s, r, a King such as KS, or a pair such as 8H+5C";

/** Read move text as Move.parse reads it (`s`, `r`, `KS`, `8h + 5c`); NotationError with
 * Python's words when it is not a move. @param {string} text @returns {Move} */
export function parseMove(text) {
  if (typeof text !== "string") throw new NotationError(`a move must be text, not ${typeof text}`);
  const t = withoutSpaces(text);
  if (!t) throw new NotationError(`an empty move (${EXPECTED})`);
  if (t.toLowerCase() === TURN) return TURN_MOVE;
  if (t.toLowerCase() === REDEAL) return REDEAL_MOVE;
  const parts = t.split("+");
  if (parts.length > 2 || !parts.every((p) => p)) throw new NotationError(`not a move: ${pyRepr(text)} (${EXPECTED})`);
  /** @type {number[]} */
  const cards = [];
  for (const part of parts) {
    try {
      cards.push(parseCard(part));
    } catch (err) {
      if (err instanceof NotationError) throw new NotationError(`not a move: ${pyRepr(text)}: ${err.message}`);
      throw err;
    }
  }
  if (cards.length === 2 && cards[0] === cards[1]) {
    throw new NotationError(`not a move: ${pyRepr(text)} (a pair needs two different cards)`);
  }
  return removal(cards);
}

/** A Pyramid position under its rules: the card of each of the 28 places (-1 once removed),
 * the stock (its last card the top one), the waste (its last card on top) and the pass under
 * way. */
export class Pyramid {
  /** @param {Rules} rules @param {number[]} places @param {number[]} stock @param {number[]} waste
   * @param {number} passNumber */
  constructor(rules, places, stock, waste, passNumber) {
    this.rules = rules;
    this.places = places;
    this.stock = stock;
    this.waste = waste;
    this.passNumber = passNumber;
  }

  /** A fresh deal. @param {Rules} rules @param {{places: number[], stock: number[]}} layout
   * (the stock from its top card down) */
  static dealt(rules, layout) {
    return new Pyramid(rules, layout.places.slice(), layout.stock.slice().reverse(), [], 1);
  }

  /** An independent copy. */
  copy() {
    return new Pyramid(this.rules, this.places.slice(), this.stock.slice(), this.waste.slice(), this.passNumber);
  }

  /** Cards left in the pyramid. */
  pyramidCount() {
    let n = 0;
    for (const c of this.places) if (c >= 0) n++;
    return n;
  }

  /** The stock's top card, or -1 when the stock is empty. */
  stockTop() {
    return this.stock.length ? this.stock[this.stock.length - 1] : -1;
  }

  /** The waste's top card, or -1 when the waste is empty. */
  wasteTop() {
    return this.waste.length ? this.waste[this.waste.length - 1] : -1;
  }

  /** True when the pyramid is cleared (and, with the goal "all", the stock and the waste). */
  isWon() {
    if (this.places.some((c) => c >= 0)) return false;
    return this.rules.goal === "pyramid" || !(this.stock.length || this.waste.length);
  }

  /** True when `place` holds a card that neither card below it covers. @param {number} place */
  isAvailable(place) {
    const p = this.places;
    return p[place] >= 0 && COVERED_BY[place].every((q) => p[q] < 0);
  }

  /** Where `card` is: [zone, place or -1] (Pyramid._locate). @param {number} card
   * @returns {[number, number]} */
  locate(card) {
    const stock = this.stock;
    const waste = this.waste;
    if (stock.length && stock[stock.length - 1] === card) return [STOCK_TOP, -1];
    if (waste.length && waste[waste.length - 1] === card) return [WASTE_TOP, -1];
    const at = this.places.indexOf(card);
    if (at >= 0) return [PLACE, at];
    if (stock.includes(card)) return [STOCK, -1];
    if (waste.includes(card)) return [WASTE, -1];
    return [GONE, -1];
  }

  /** Why a card found at `where` cannot be played now, or null. @param {[number, number]} where
   * @returns {Refusal|null} */
  cardRefusal(where) {
    const [zone, place] = where;
    if (zone === GONE) return { name: "GONE" };
    if (zone === STOCK) return { name: "IN_STOCK" };
    if (zone === WASTE) return { name: "IN_WASTE" };
    if (zone === PLACE) {
      const by = COVERED_BY[place].filter((q) => this.places[q] >= 0).map((q) => CARD_TEXT[this.places[q]]);
      const card = CARD_TEXT[this.places[place]];
      if (by.length === 1) return { name: "COVERED_ONE", values: { card, by: by[0] } };
      if (by.length === 2) return { name: "COVERED_TWO", values: { card, by: by[0], other: by[1] } };
    }
    return null;
  }

  /** Why `move` is refused, or null when it is legal: the checks in Python's order.
   * @param {Move} move @returns {Refusal|null} */
  explain(move) {
    if (this.isWon()) return { name: "GAME_OVER" };
    if (move.turn) return this.explainStock(move.turn);
    const cards = move.cards;
    if (cards.length === 1) {
      if (RANK[cards[0]] !== KING) return { name: "NOT_A_KING" };
    } else {
      const sum = RANK[cards[0]] + RANK[cards[1]];
      if (sum !== 13) return { name: "RANK_SUM", values: { a: CARD_TEXT[cards[0]], b: CARD_TEXT[cards[1]], sum } };
    }
    for (const card of cards) {
      const refusal = this.cardRefusal(this.locate(card));
      if (refusal) return refusal;
    }
    return null;
  }

  /** Why `s` or `r` is refused, or null when it is legal. @param {string} turn
   * @returns {Refusal|null} */
  explainStock(turn) {
    if (turn === TURN) {
      if (this.stock.length) return null;
      return { name: this.waste.length ? "STOCK_EMPTY" : "STOCK_AND_WASTE_EMPTY" };
    }
    if (this.stock.length) return { name: "STOCK_NOT_FINISHED" };
    if (!this.waste.length) return { name: "NOTHING_TO_RECYCLE" };
    const passes = this.rules.passes;
    if (passes !== null && this.passNumber >= passes) return { name: "PASS_LIMIT" };
    return null;
  }

  /** The cards that can be played now: the available places in order, then the stock's top
   * card, then the waste's top card. */
  available() {
    /** @type {number[]} */
    const out = [];
    for (let i = 0; i < PLACES; i++) if (this.isAvailable(i)) out.push(this.places[i]);
    if (this.stock.length) out.push(this.stockTop());
    if (this.waste.length) out.push(this.wasteTop());
    return out;
  }

  /** The legal moves in Python's order: the available Kings alone, the pairs (by the first
   * card's place in `available` order, then its partner's), then `s`, then `r`; none once the
   * game is won. @returns {Move[]} */
  legalMoves() {
    if (this.isWon()) return [];
    const avail = this.available();
    /** @type {Move[]} */
    const out = [];
    for (const c of avail) if (RANK[c] === KING) out.push({ cards: [c], turn: "" });
    for (let i = 0; i < avail.length; i++) {
      const want = 13 - RANK[avail[i]];
      for (let j = i + 1; j < avail.length; j++) if (RANK[avail[j]] === want) out.push(removal([avail[i], avail[j]]));
    }
    const passes = this.rules.passes;
    if (this.stock.length) out.push(TURN_MOVE);
    else if (this.waste.length && (passes === null || this.passNumber < passes)) out.push(REDEAL_MOVE);
    return out;
  }

  /** Make a legal `move` (no checks). @param {Move} move */
  apply(move) {
    if (move.turn === TURN) {
      this.waste.push(/** @type {number} */ (this.stock.pop()));
      return;
    }
    if (move.turn === REDEAL) {
      this.stock = this.waste.reverse();
      this.waste = [];
      this.passNumber += 1;
      return;
    }
    const where = move.cards.map((c) => this.locate(c));
    for (const [zone, place] of where) {
      if (zone === PLACE) this.places[place] = -1;
      else if (zone === STOCK_TOP) this.stock.pop();
      else this.waste.pop();
    }
  }

  /** "won", "stuck" (no legal move) or null (Pyramid.outcome). @returns {null|"won"|"stuck"} */
  outcome() {
    if (this.isWon()) return "won";
    return this.legalMoves().length ? null : "stuck";
  }
}
