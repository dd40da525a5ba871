// @ts-check
// FreeCell's dead ends (kosynka.games.freecell.deadend): positions from which no sequence of
// moves can ever send one more card home. The search looks at every position reachable
// without progress, the least buried next card first, and stops at the first move that makes
// progress; past its bound (LIMIT positions built) it answers "not dead". It is the Python
// search step for step (the same columns numbered in the same order, the same positions in
// the same order of the queue), so it gives the same verdicts and counts, bound hits included.

import { FITS, RANK, SUIT, WANTS } from "../../local/cards.js";

/** The most positions the search builds before it answers "not dead" (bound hit). */
export const LIMIT = 3000;
const WEIGHT = 1;

/** Per card: the two cards that may lie on it in a column (none on an ace). @type {number[][]} */
const FITTERS = [];
for (let x = 0; x < 52; x++) {
  const out = [];
  if (RANK[x] > 1) for (let y = 0; y < 52; y++) if (FITS[y] === WANTS[x]) out.push(y);
  FITTERS.push(out);
}

/** What the search found. @typedef {{dead: boolean, bound_hit: boolean, positions: number}} DeadEndSearch */

/** A position of the search: column numbers (sorted), free cells (sorted, -1 for an empty
 * one), foundation counts. @typedef {{cols: number[], cells: number[], found: number[]}} State */

/** The distinct columns a search meets, numbered in the order the Python search numbers them,
 * with what the search asks of each. */
class Columns {
  constructor() {
    /** @type {Map<string, number>} */
    this.ids = new Map();
    /** @type {number[][]} */
    this.cards = [];
    /** @type {number[]} the key of the cards that may lie on the top card (-1: empty) */
    this.wants = [];
    /** @type {number[]} where the ordered run at the top begins */
    this.start = [];
    /** @type {number[]} the column with its top card taken off (-1 for an empty column) */
    this.pops = [];
    /** @type {Map<number, number>} */
    this.pushes = new Map();
    /** @type {Map<number, number>} */
    this.joins = new Map();
  }

  /** The number of the column holding `cards` (bottom to top). @param {number[]} cards @returns {number} */
  id(cards) {
    const key = String.fromCharCode(...cards);
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    const n = this.cards.length;
    this.ids.set(key, n);
    this.cards.push(cards);
    const size = cards.length;
    this.wants.push(size ? WANTS[cards[size - 1]] : -1);
    let j = size - 1;
    while (j > 0 && FITS[cards[j]] === WANTS[cards[j - 1]]) j--;
    this.start.push(Math.max(j, 0));
    this.pops.push(-1);
    if (size) this.pops[n] = this.id(cards.slice(0, -1));
    return n;
  }

  /** Column `c` with `card` put on it. @param {number} c @param {number} card */
  push(c, card) {
    const key = c * 64 + card;
    let n = this.pushes.get(key);
    if (n === undefined) {
      n = this.id([...this.cards[c], card]);
      this.pushes.set(key, n);
    }
    return n;
  }

  /** Column `d` with the cards of column `c` from index `j` up put on it.
   * @param {number} d @param {number} c @param {number} j */
  join(d, c, j) {
    const key = (d * 1048576 + c) * 64 + j;
    let n = this.joins.get(key);
    if (n === undefined) {
      n = this.id([...this.cards[d], ...this.cards[c].slice(j)]);
      this.joins.set(key, n);
    }
    return n;
  }
}

/** True when the next card of some suit is in a free cell, or has no more cards above it
 * than there are empty free cells and columns. @param {number[][]} cols @param {number[]} cells @param {number[]} found */
function canDigOut(cols, cells, found) {
  let room = 0;
  for (const c of cells) if (c < 0) room++;
  for (const col of cols) if (!col.length) room++;
  for (let s = 0; s < 4; s++) {
    const n = found[s];
    if (n === 13) continue;
    const card = s * 13 + n;
    if (cells.includes(card)) return true;
    for (const col of cols) {
      const at = col.indexOf(card);
      if (at >= 0 && at >= col.length - 1 - room) return true;
    }
  }
  return false;
}

/** The cards on the foundations whose return to a column can never help send one more card
 * home (deadend.useless_returns). @param {number[]} found @returns {Set<number>} */
export function uselessReturns(found) {
  const home = new Set();
  for (let s = 0; s < 4; s++) for (let r = 0; r < found[s]; r++) home.add(s * 13 + r);
  const useful = new Set();
  let changed = true;
  while (changed) {
    changed = false;
    for (const x of home) {
      if (useful.has(x)) continue;
      if ((RANK[x] > 1 && useful.has(x - 1)) || FITTERS[x].some((y) => useful.has(y) || !home.has(y))) {
        useful.add(x);
        changed = true;
      }
    }
  }
  const out = new Set();
  for (const x of home) if (!useful.has(x)) out.add(x);
  return out;
}

/** A min-heap of [priority, order, depth, state] by (priority, order). */
class Queue {
  constructor() {
    /** @type {Array<[number, number, number, State]>} */
    this.items = [];
  }

  /** @param {[number, number, number, State]} a @param {[number, number, number, State]} b */
  static less(a, b) {
    return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
  }

  /** @param {[number, number, number, State]} item */
  push(item) {
    const h = this.items;
    h.push(item);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!Queue.less(h[i], h[parent])) break;
      [h[i], h[parent]] = [h[parent], h[i]];
      i = parent;
    }
  }

  pop() {
    const h = this.items;
    const top = h[0];
    const last = /** @type {[number, number, number, State]} */ (h.pop());
    if (h.length) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && Queue.less(h[l], h[m])) m = l;
        if (r < h.length && Queue.less(h[r], h[m])) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m], h[i]];
        i = m;
      }
    }
    return top;
  }
}

const byNumber = (/** @type {number} */ a, /** @type {number} */ b) => a - b;

/** Whether the position is at a dead end: no sequence of legal moves can put more cards on
 * the foundations than they hold now. A won game is not; past `limit` positions the answer is
 * "not dead" with `bound_hit`.
 * @param {{rules: {foundation_return: boolean}, cols: number[][], cells: number[], found: number[]}} game
 * @param {number} [limit] @returns {DeadEndSearch} */
export function search(game, limit = LIMIT) {
  const goal = game.found[0] + game.found[1] + game.found[2] + game.found[3];
  if (goal === 52) return { dead: false, bound_hit: false, positions: 0 };
  if (canDigOut(game.cols, game.cells, game.found)) return { dead: false, bound_hit: false, positions: 1 };
  const back = game.rules.foundation_return;
  const useless = back ? uselessReturns(game.found) : new Set();
  const table = new Columns();
  const { cards, wants, start: starts, pops } = table;
  const empty = table.id([]);

  /** @param {number[]} cols @param {number[]} cells @param {number[]} found @returns {State} */
  const make = (cols, cells, found) => {
    cols.sort(byNumber);
    cells.sort(byNumber);
    return { cols, cells, found };
  };
  /** @param {State} st */
  const keyOf = (st) => `${st.cols.join(",")}|${st.cells.join(",")}|${st.found.join(",")}`;

  /** How many more cards lie above the least buried next card of its suit than there are
   * empty free cells and columns. @param {State} st */
  const buried = (st) => {
    let room = 0;
    for (const c of st.cells) if (c < 0) room++;
    for (const c of st.cols) if (c === empty) room++;
    let best = 52;
    for (let s = 0; s < 4; s++) {
      const n = st.found[s];
      if (n === 13) continue;
      const card = s * 13 + n;
      if (st.cells.includes(card)) return -room;
      for (const c of st.cols) {
        const col = cards[c];
        const at = col.indexOf(card);
        if (at >= 0) {
          const depth = col.length - 1 - at;
          if (depth < best) best = depth;
          break;
        }
      }
    }
    return best - room;
  };

  const first = make(
    game.cols.map((c) => table.id(c.slice())),
    game.cells.slice(),
    game.found.slice(),
  );
  const seen = new Set([keyOf(first)]);
  const pending = new Queue();
  pending.push([WEIGHT * buried(first), 0, 0, first]);
  let order = 0;
  let built = 1;
  /** @type {number[]} */
  const nothing = [];
  const notDead = () => ({ dead: false, bound_hit: false, positions: built });
  while (pending.items.length) {
    if (built >= limit) return { dead: false, bound_hit: true, positions: built };
    const [, , depth, state] = pending.pop();
    const { cols, cells, found } = state;
    const homeCounts = found[0] + found[1] + found[2] + found[3] === goal;
    if (homeCounts && buried(state) <= 0) return notDead();
    // The columns each card fits on (one of each kind), and one empty column.
    /** @type {number[][]} */
    const onto = [];
    /** @type {number[]} */
    const emptyAt = [];
    let empties = 0;
    let last = -1;
    for (let k = 0; k < cols.length; k++) {
      const c = cols[k];
      if (c === empty) {
        empties++;
        if (!emptyAt.length) emptyAt.push(k);
      } else if (c !== last) {
        const w = wants[c];
        (onto[w] || (onto[w] = [])).push(k);
      }
      last = c;
    }
    let free = 0;
    for (const c of cells) if (c < 0) free++;
    const limitOnto = (1 + free) * 2 ** empties;
    const limitEmpty = limitOnto / 2;
    /** @type {State[]} */
    const made = [];
    // Home (progress unless cards have been taken back from the foundations).
    for (let slot = 0; slot < cells.length; slot++) {
      const card = cells[slot];
      if (card >= 0 && found[SUIT[card]] === RANK[card] - 1) {
        if (homeCounts) return notDead();
        const f = found.slice();
        f[SUIT[card]] += 1;
        const newCells = cells.slice();
        newCells[slot] = -1;
        made.push(make(cols.slice(), newCells, f));
      }
    }
    last = -1;
    for (let i = 0; i < cols.length; i++) {
      const c = cols[i];
      if (c === last || c === empty) continue; // the same moves as the column before
      last = c;
      const col = cards[c];
      const n = col.length;
      const top = col[n - 1];
      if (found[SUIT[top]] === RANK[top] - 1) {
        if (homeCounts) return notDead();
        const f = found.slice();
        f[SUIT[top]] += 1;
        const newCols = cols.slice();
        newCols[i] = pops[c];
        made.push(make(newCols, cells.slice(), f));
      }
      // Each card of the ordered top run onto another column, as far as the room goes.
      for (let j = n - 1; j >= starts[c]; j--) {
        const size = n - j;
        if (size > limitOnto) break;
        let targets = onto[FITS[col[j]]] || nothing;
        if (j && size <= limitEmpty) targets = targets.concat(emptyAt); // a whole column into an empty one: no change
        for (const k of targets) {
          const newCols = cols.slice();
          newCols[i] = size === 1 ? pops[c] : table.id(col.slice(0, j));
          newCols[k] = table.join(cols[k], c, j);
          made.push(make(newCols, cells.slice(), found.slice()));
        }
      }
      // The top card to a free cell.
      if (free) {
        const newCols = cols.slice();
        newCols[i] = pops[c];
        const newCells = cells.slice();
        newCells[0] = top; // cells are sorted: an empty one comes first
        made.push(make(newCols, newCells, found.slice()));
      }
    }
    // Free cells to columns.
    for (let slot = 0; slot < cells.length; slot++) {
      const card = cells[slot];
      if (card < 0 || (slot && cells[slot - 1] === card)) continue;
      for (const k of (onto[FITS[card]] || nothing).concat(emptyAt)) {
        const newCols = cols.slice();
        newCols[k] = table.push(cols[k], card);
        const newCells = cells.slice();
        newCells[slot] = -1;
        made.push(make(newCols, newCells, found.slice()));
      }
    }
    // Foundation tops back to columns.
    if (back) {
      for (let s = 0; s < 4; s++) {
        const n = found[s];
        if (!n) continue;
        const card = s * 13 + n - 1;
        if (useless.has(card)) continue; // taking it back never helps (see uselessReturns)
        for (const k of (onto[FITS[card]] || nothing).concat(emptyAt)) {
          const f = found.slice();
          f[s] -= 1;
          const newCols = cols.slice();
          newCols[k] = table.push(cols[k], card);
          made.push(make(newCols, cells.slice(), f));
        }
      }
    }
    built += made.length;
    for (const st of made) {
      const key = keyOf(st);
      if (!seen.has(key)) {
        seen.add(key);
        order += 1;
        pending.push([WEIGHT * buried(st) + depth + 1, order, depth + 1, st]);
      }
    }
  }
  return { dead: true, bound_hit: false, positions: built };
}
