// @ts-check
// FreeCell's rules in the browser (kosynka.games.freecell.rules): the position, the move text,
// why a move is refused (in Python's order of checks), the legal moves (in Python's order) and
// making a move.
//
// One deck face up in eight columns, 0..4 free cells, four foundations built up by suit. A
// column builds down in alternating colours; a free cell takes one card; an empty column any
// card; a foundation's top card may come back to a column (an option, never to a free cell).
// An ordered run moves as one move when it could move card by card through the empty cells and
// columns: at most (1 + empty cells) * 2 ** empty columns cards, not counting the destination
// when it is an empty column itself.
//
// Cards are indices (local/cards.js); a move is a number, `card * DESTS + to`, `to` being a column
// 0..7, FOUNDATION, CELL (the first empty free cell) or CELL_SLOT + k (free cell k).

import { CARD_TEXT, FITS, RANK, RED, SUIT, WANTS, parseCard } from "../../local/cards.js";
import { NotationError, parseWhole, pyRepr, withoutSpaces } from "../../local/pytext.js";

export const COLUMNS = 8;
export const FOUNDATION = 8;
export const CELL = 9;
export const CELL_SLOT = 10;
export const MAX_CELLS = 4;
/** Destinations per card: a move is `card * DESTS + to`. */
export const DESTS = CELL_SLOT + MAX_CELLS;

/** The rule options (kosynka's FreeCellRules). @typedef {{cells: number, foundation_return: boolean}} Rules */

/**
 * A FreeCell position: the columns bottom to top, one entry per free cell of the rules (-1 for
 * an empty one) and the cards on each foundation (C, D, H, S); `dead` remembers the dead-end
 * search's answer for the position it was asked of (its key).
 * @typedef {object} Position
 * @property {Rules} rules
 * @property {number[][]} cols
 * @property {number[]} cells
 * @property {number[]} found
 * @property {{key: string, dead: boolean}|null} dead
 */

/** A refusal: the name of a reason in the game's reasons module, and the numbers of its words.
 * @typedef {{name: string, values?: Record<string, number>}} Refusal */

/** @type {Record<string, Refusal>} */
const R = {};
for (const name of [
  "NOT_AVAILABLE", "SAME_PLACE", "FOUNDATION_RETURN_OFF", "FOUNDATION_TO_CELL", "RUN_NOT_ORDERED",
  "CELL_ONE_CARD", "FOUNDATION_ONE_CARD", "CELLS_FULL", "NO_CELLS", "FOUNDATION_ORDER", "RANK", "COLOUR",
]) {
  R[name] = { name };
}

/** The rules of a record's rules (the API's model: `cells` 0..4 and `foundation_return`,
 * defaults 4 and true). @param {any} json @returns {Rules} */
export function rulesOf(json) {
  const j = json || {};
  return { cells: j.cells ?? 4, foundation_return: j.foundation_return ?? true };
}

/** A position of `rules` with these columns (taken, not copied), free cells and foundations.
 * @param {Rules} rules @param {number[][]} cols @param {number[]} [cells] @param {number[]} [found]
 * @returns {Position} */
export function newPosition(rules, cols, cells, found) {
  return {
    rules,
    cols,
    cells: cells || new Array(rules.cells).fill(-1),
    found: found || [0, 0, 0, 0],
    dead: null,
  };
}

/** An independent copy. @param {Position} p @returns {Position} */
export function copyPosition(p) {
  return { rules: p.rules, cols: p.cols.map((c) => c.slice()), cells: p.cells.slice(), found: p.found.slice(), dead: p.dead };
}

/** The position's key (FreeCell.key: the free cells as a set). @param {Position} p */
export function positionKey(p) {
  const cells = p.cells.slice().sort((a, b) => a - b);
  return `${p.cols.map((c) => c.join(",")).join("/")}|${cells.join(",")}|${p.found.join(",")}`;
}

/** True when all 52 cards are home. @param {Position} p */
export const isWon = (p) => p.found[0] + p.found[1] + p.found[2] + p.found[3] === 52;

/** How many free cells are empty. @param {Position} p */
export function freeCells(p) {
  let n = 0;
  for (const c of p.cells) if (c < 0) n++;
  return n;
}

/** How many columns are empty. @param {Position} p */
export function emptyColumns(p) {
  let n = 0;
  for (const c of p.cols) if (!c.length) n++;
  return n;
}

/** The longest ordered run that may move now onto a card, or (with `toEmptyColumn`) into an
 * empty column, which then does not count as room. @param {Position} p @param {boolean} [toEmptyColumn] */
export function supermoveLimit(p, toEmptyColumn = false) {
  let empties = emptyColumns(p);
  if (toEmptyColumn) {
    if (!empties) return 0;
    empties -= 1;
  }
  return (1 + freeCells(p)) * 2 ** empties;
}

/** The text of every move, by move number. @type {string[]} */
const MOVE_TEXTS = [];
for (let card = 0; card < 52; card++) {
  for (let to = 0; to < DESTS; to++) {
    let dest;
    if (to === FOUNDATION) dest = "f";
    else if (to === CELL) dest = "c";
    else if (to >= CELL_SLOT) dest = `c${to - CELL_SLOT + 1}`;
    else dest = String(to + 1);
    MOVE_TEXTS.push(`${CARD_TEXT[card]}>${dest}`);
  }
}

/** The move text: `7C>4`, `AH>f`, `5S>c`, `5S>c2`. @param {number} move */
export const moveText = (move) => MOVE_TEXTS[move];

/** Read move text as Move.parse does; NotationError when it is no move.
 * @param {string} text @returns {number} */
export function parseMove(text) {
  if (typeof text !== "string") throw new NotationError(`a move must be text, not ${typeof text}`);
  const t = withoutSpaces(text);
  const at = t.indexOf(">");
  const cardText = at < 0 ? t : t.slice(0, at);
  const dest = at < 0 ? "" : t.slice(at + 1);
  if (at < 0 || !cardText || !dest) {
    throw new NotationError(`not a move: ${pyRepr(text)} (expected CARD>DEST such as 7C>4, AH>f or 5S>c)`);
  }
  const base = parseCard(cardText) * DESTS;
  const d = dest.toLowerCase();
  if (d === "f") return base + FOUNDATION;
  if (d === "c") return base + CELL;
  const column = parseWhole(d, "destination column");
  if (column !== null && column >= 1 && column <= COLUMNS) return base + column - 1;
  if (d.length === 2 && d[0] === "c" && "abcd".includes(d[1])) return base + CELL_SLOT + "abcd".indexOf(d[1]);
  const cell = d[0] === "c" ? parseWhole(d.slice(1), "free cell number") : null;
  if (cell !== null && cell >= 1 && cell <= 4) return base + CELL_SLOT + cell - 1;
  throw new NotationError(`not a destination: ${pyRepr(dest)} in ${pyRepr(text)} (expected a column 1..8, f, c or c1..c4)`);
}

// Where a card lies: [zone, column or cell slot or suit, index in that pile].
export const IN_COLUMN = 0;
export const IN_CELL = 1;
export const IN_FOUNDATION = 2;

/** Where `card` is. @param {Position} p @param {number} card @returns {[number, number, number]} */
export function locate(p, card) {
  if (RANK[card] <= p.found[SUIT[card]]) return [IN_FOUNDATION, SUIT[card], RANK[card] - 1];
  const slot = p.cells.indexOf(card);
  if (slot >= 0) return [IN_CELL, slot, 0];
  for (let i = 0; i < COLUMNS; i++) {
    const j = p.cols[i].indexOf(card);
    if (j >= 0) return [IN_COLUMN, i, j];
  }
  throw new Error(`${CARD_TEXT[card]} is nowhere in the position`);
}

/** Why `move` is refused here (null when legal), the rules asked in Python's order: the
 * source, the group, the destination, the room for a group.
 * @param {Position} p @param {number} move @returns {Refusal|null} */
export function explain(p, move) {
  const card = Math.floor(move / DESTS);
  const to = move % DESTS;
  const [zone, src, idx] = locate(p, card);
  // 1. The source.
  if (zone === IN_FOUNDATION) {
    if (p.found[src] !== RANK[card]) return R.NOT_AVAILABLE;
    if (to === FOUNDATION) return R.SAME_PLACE;
    if (!p.rules.foundation_return) return R.FOUNDATION_RETURN_OFF;
    if (to >= CELL) return R.FOUNDATION_TO_CELL;
  } else if (zone === IN_CELL) {
    if (to >= CELL) return R.SAME_PLACE;
  } else if (to === src) {
    return R.SAME_PLACE;
  }
  // 2. The group: the card and everything on it.
  let size = 1;
  if (zone === IN_COLUMN) {
    const col = p.cols[src];
    size = col.length - idx;
    if (size > 1) {
      for (let j = idx; j < col.length - 1; j++) if (FITS[col[j + 1]] !== WANTS[col[j]]) return R.RUN_NOT_ORDERED;
      if (to >= CELL) return R.CELL_ONE_CARD;
      if (to === FOUNDATION) return R.FOUNDATION_ONE_CARD;
    }
  }
  // 3. The destination.
  if (to >= CELL) {
    const cells = p.cells;
    if (to === CELL) {
      if (!cells.includes(-1)) return cells.length ? R.CELLS_FULL : R.NO_CELLS;
      return null;
    }
    const slot = to - CELL_SLOT;
    if (slot >= cells.length) {
      return cells.length ? { name: "NO_SUCH_CELL", values: { n: slot + 1, cells: cells.length } } : R.NO_CELLS;
    }
    return cells[slot] < 0 ? null : { name: "CELL_TAKEN", values: { n: slot + 1 } };
  }
  if (to === FOUNDATION) return p.found[SUIT[card]] === RANK[card] - 1 ? null : R.FOUNDATION_ORDER;
  const dest = p.cols[to];
  if (dest.length) {
    const target = dest[dest.length - 1];
    if (RANK[target] !== RANK[card] + 1) return R.RANK;
    if (RED[target] === RED[card]) return R.COLOUR;
  }
  // 4. The room to move a group.
  if (size > 1) {
    const limit = supermoveLimit(p, !dest.length);
    if (size > limit) return { name: "SUPERMOVE_TOO_LONG", values: { allowed: limit } };
  }
  return null;
}

/** @type {number[]} */
const NONE = [];

/** The legal moves in Python's order: home first, then runs and cards between columns, free
 * cells to columns, column tops to the first empty free cell (`c`; a named cell is legal
 * whenever `c` is and it is empty, but not listed), foundation tops back to columns.
 * @param {Position} p @returns {number[]} */
export function legalMoves(p) {
  /** @type {number[]} */
  const out = [];
  const { cols, cells, found } = p;
  // 1. Home.
  for (const c of cells) if (c >= 0 && found[SUIT[c]] === RANK[c] - 1) out.push(c * DESTS + FOUNDATION);
  for (const col of cols) {
    if (col.length) {
      const top = col[col.length - 1];
      if (found[SUIT[top]] === RANK[top] - 1) out.push(top * DESTS + FOUNDATION);
    }
  }
  // The columns each kind of card fits on, and the empty columns.
  /** @type {number[][]} */
  const onto = [];
  const empties = [];
  for (let k = 0; k < COLUMNS; k++) {
    const col = cols[k];
    if (col.length) {
      const key = WANTS[col[col.length - 1]];
      (onto[key] || (onto[key] = [])).push(k);
    } else {
      empties.push(k);
    }
  }
  let free = 0;
  for (const c of cells) if (c < 0) free++;
  const limit = (1 + free) * 2 ** empties.length;
  const limitEmpty = limit / 2;
  // 2. Between columns: each card of a column's ordered top run, as far as the room goes.
  for (let i = 0; i < COLUMNS; i++) {
    const col = cols[i];
    const n = col.length;
    if (!n) continue;
    let j = n - 1;
    for (;;) {
      const card = col[j];
      const size = n - j;
      if (size > limit) break;
      const base = card * DESTS;
      for (const k of onto[FITS[card]] || NONE) if (k !== i) out.push(base + k);
      if (size <= limitEmpty) for (const k of empties) out.push(base + k);
      if (j === 0 || FITS[card] !== WANTS[col[j - 1]]) break;
      j--;
    }
  }
  // 3. Free cells to columns.
  for (const c of cells) {
    if (c >= 0) {
      const base = c * DESTS;
      for (const k of onto[FITS[c]] || NONE) out.push(base + k);
      for (const k of empties) out.push(base + k);
    }
  }
  // 4. Column tops to a free cell.
  if (free) for (const col of cols) if (col.length) out.push(col[col.length - 1] * DESTS + CELL);
  // 5. Foundation tops back to columns.
  if (p.rules.foundation_return) {
    for (let s = 0; s < 4; s++) {
      const n = found[s];
      if (n) {
        const c = s * 13 + n - 1;
        const base = c * DESTS;
        for (const k of onto[FITS[c]] || NONE) out.push(base + k);
        for (const k of empties) out.push(base + k);
      }
    }
  }
  return out;
}

/** Make a legal `move` (no checks). @param {Position} p @param {number} move */
export function apply(p, move) {
  const card = Math.floor(move / DESTS);
  const to = move % DESTS;
  const [zone, src, idx] = locate(p, card);
  let run;
  if (zone === IN_COLUMN) run = p.cols[src].splice(idx);
  else if (zone === IN_CELL) {
    p.cells[src] = -1;
    run = [card];
  } else {
    p.found[src] -= 1;
    run = [card];
  }
  if (to < FOUNDATION) p.cols[to].push(...run);
  else if (to === FOUNDATION) p.found[SUIT[card]] += 1;
  else p.cells[to === CELL ? p.cells.indexOf(-1) : to - CELL_SLOT] = card;
}

/** The card a move moves (the deepest of a group). @param {number} move */
export const moveCard = (move) => Math.floor(move / DESTS);
/** Where a move goes. @param {number} move */
export const moveTo = (move) => move % DESTS;
