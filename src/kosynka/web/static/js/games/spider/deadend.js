// @ts-check
// Spider's dead ends in the browser (kosynka.games.spider.deadend): whether no sequence of
// moves can ever turn up a face-down card, deal a row or remove a finished run. The same
// search as the Python, step for step (the same quick answers first, the same relaxation, the
// same best-first order over positions with the columns as a sorted set, the same numbering
// of the columns met and the same count of positions built), so that it gives the same verdict
// at the same bound: a search that would need more than LIMIT positions answers "not dead".

import { RANK } from "../../local/cards.js";
import { FULL_RUN } from "./cards.js";

/** @typedef {import("./rules.js").Position} Position */
/** @typedef {{dead: boolean, bound_hit: boolean, positions: number}} DeadEndSearch */

/** Cards in a dealt row: a row can be dealt only with at least this many cards on the table. */
const ROW = 10;
/** The most positions `search` builds before it answers "not dead" (bound hit). */
export const LIMIT = 4000;

/** True when `upper` lying on `lower` continues a group that moves as one.
 * @param {number} lower @param {number} upper */
const linked = (lower, upper) => lower === upper + 1 && RANK[upper] !== 13;

/** The distinct columns a search meets, each numbered once in the order met (as the Python's
 * _Columns numbers them: the order decides how positions sort), with what the search asks of
 * each. */
class Columns {
  constructor() {
    /** @type {Map<string, number>} */
    this.ids = new Map();
    /** @type {number[]} 1 when the column hides cards */
    this.down = [];
    /** @type {number[][]} the face-up cards, bottom to top */
    this.ups = [];
    /** @type {number[]} the rank of the top card (0 for an empty column) */
    this.rank = [];
    /** @type {number[]} where the movable group at the top begins */
    this.start = [];
    /** @type {number[]} groups to move off before a hidden card turns up (99: hides none) */
    this.parts = [];
    /** @type {Map<number, number>} */
    this.cuts = new Map();
    /** @type {Map<number, number>} */
    this.joins = new Map();
  }

  /** Column `c` with its cards from index `j` up taken off. @param {number} c @param {number} j */
  cut(c, j) {
    const key = c * 128 + j;
    let n = this.cuts.get(key);
    if (n === undefined) {
      n = this.id(this.down[c], this.ups[c].slice(0, j));
      this.cuts.set(key, n);
    }
    return n;
  }

  /** Column `d` with the cards of column `c` from index `j` up put on it.
   * @param {number} d @param {number} c @param {number} j */
  join(d, c, j) {
    const key = (d * 1048576 + c) * 128 + j;
    let n = this.joins.get(key);
    if (n === undefined) {
      n = this.id(this.down[d], this.ups[d].concat(this.ups[c].slice(j)));
      this.joins.set(key, n);
    }
    return n;
  }

  /** The number of the column `(down, up)`. @param {number} down @param {number[]} up */
  id(down, up) {
    const key = `${down}|${up.join(",")}`;
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    const n = this.ups.length;
    this.ids.set(key, n);
    this.down.push(down);
    this.ups.push(up);
    const size = up.length;
    this.rank.push(size ? RANK[up[size - 1]] : 0);
    let j = size - 1;
    while (j > 0 && up[j - 1] === up[j] + 1 && RANK[up[j]] !== 13) j--;
    this.start.push(Math.max(j, 0));
    let parts = 99;
    if (down) {
      parts = 1;
      for (let i = 1; i < size; i++) if (up[i - 1] !== up[i] + 1 || RANK[up[i]] === 13) parts++;
    }
    this.parts.push(parts);
    return n;
  }
}

/** True when a row can be dealt now, or some column's face-up cards are one group that can
 * move off it now. @param {Position} pos @param {boolean} stock */
function progressNow(pos, stock) {
  const cols = pos.cols;
  const hasEmpty = cols.some((c) => !c.length);
  if (stock && !hasEmpty) return true;
  const tops = new Set();
  for (const col of cols) if (col.length) tops.add(RANK[col[col.length - 1]]);
  for (let i = 0; i < cols.length; i++) {
    const col = cols[i];
    const h = pos.hidden[i];
    if (!h) continue;
    let j = col.length - 1;
    while (j > h && col[j - 1] === col[j] + 1 && RANK[col[j]] !== 13) j--;
    if (j === h && (hasEmpty || tops.has(RANK[col[j]] + 1))) return true;
  }
  return false;
}

/** False only when no progress can ever be made; true when it may be (the Python's
 * relaxation: which face-up cards could ever be tops, which could ever move, as if all of
 * them at once). @param {Position} pos @param {boolean} stock */
function mayProgress(pos, stock) {
  const cols = pos.cols;
  const hidden = pos.hidden;
  let cards = 0;
  for (const c of cols) cards += c.length;
  if (stock && cards >= ROW) return true;
  // A face-up card (i, j) is the number i * 128 + j.
  const top = new Set();
  cols.forEach((c, i) => c.length && top.add(i * 128 + c.length - 1));
  let empty = cols.some((c) => !c.length);
  const moved = new Set();
  /** @type {Array<[number, number, number]>} (i, j, x): the top of the stretch above (i, j) */
  const stretch = [];
  for (let i = 0; i < cols.length; i++) {
    const col = cols[i];
    let j = col.length - 1;
    let x = j;
    while (j >= hidden[i]) {
      stretch.push([i, j, x]);
      if (j > hidden[i] && !linked(col[j - 1], col[j])) x = j - 1;
      j--;
    }
  }
  let changed = true;
  while (changed) {
    changed = false;
    const tops = new Set();
    for (const key of top) tops.add(RANK[cols[Math.floor(key / 128)][key % 128]]);
    for (const [i, j, x] of stretch) {
      if (moved.has(i * 128 + j) || !top.has(i * 128 + x)) continue;
      const rank = RANK[cols[i][j]];
      if (!empty && !tops.has(rank + 1)) continue;
      if (j === hidden[i]) {
        if (hidden[i]) return true; // the card under it turns up
        empty = true;
      } else {
        top.add(i * 128 + j - 1);
      }
      moved.add(i * 128 + j);
      changed = true;
    }
  }
  // A run removed: a suit with all thirteen cards face up, each below the king able to move
  // or lying on the next higher card of its suit already.
  const suits = new Set();
  for (const col of cols) for (const c of col) suits.add(Math.floor(c / 13));
  for (const s of suits) {
    let ok = true;
    for (let r = 1; r < 13 && ok; r++) {
      const card = s * 13 + r - 1;
      ok = stretch.some(([i, j]) => cols[i][j] === card && (moved.has(i * 128 + j) || (j > hidden[i] && cols[i][j - 1] === card + 1)));
    }
    if (ok && stretch.some(([i, j]) => cols[i][j] === s * 13 + 12)) return true;
  }
  return false;
}

/** A binary heap of positions to look at, the least (guess, order) first. */
class Pending {
  constructor() {
    /** @type {Array<{g: number, o: number, s: number[]}>} */
    this.items = [];
  }

  /** @param {{g: number, o: number}} a @param {{g: number, o: number}} b */
  static less(a, b) {
    return a.g < b.g || (a.g === b.g && a.o < b.o);
  }

  /** @param {{g: number, o: number, s: number[]}} item */
  push(item) {
    const a = this.items;
    a.push(item);
    let k = a.length - 1;
    while (k > 0) {
      const p = (k - 1) >> 1;
      if (!Pending.less(a[k], a[p])) break;
      [a[k], a[p]] = [a[p], a[k]];
      k = p;
    }
  }

  pop() {
    const a = this.items;
    const out = a[0];
    const last = /** @type {{g: number, o: number, s: number[]}} */ (a.pop());
    if (a.length) {
      a[0] = last;
      let k = 0;
      for (;;) {
        const l = 2 * k + 1;
        const r = l + 1;
        let m = k;
        if (l < a.length && Pending.less(a[l], a[m])) m = l;
        if (r < a.length && Pending.less(a[r], a[m])) m = r;
        if (m === k) break;
        [a[k], a[m]] = [a[m], a[k]];
        k = m;
      }
    }
    return out;
  }
}

/** Whether `pos` is at a dead end (deadend.search): no sequence of legal moves can turn up a
 * face-down card, remove a run or deal a row. A won game is not. `limit`: the most positions
 * built; when more would be needed the answer is "not dead" with `bound_hit`.
 * @param {Position} pos @param {number} [limit] @returns {DeadEndSearch} */
export function search(pos, limit = LIMIT) {
  if (pos.isWon()) return { dead: false, bound_hit: false, positions: 0 };
  const stock = pos.stockCount() > 0;
  if (progressNow(pos, stock)) return { dead: false, bound_hit: false, positions: 1 };
  if (!mayProgress(pos, stock)) return { dead: true, bound_hit: false, positions: 1 };
  const table = new Columns();
  const begin = pos.cols.map((col, i) => table.id(pos.hidden[i] ? 1 : 0, col.slice(pos.hidden[i])));
  begin.sort((a, b) => a - b);
  const { ups, down: downs, rank: ranks, start: starts, parts } = table;
  const empty = table.id(0, []);

  /** How far progress looks. @param {number[]} state */
  const guess = (state) => {
    let best = Infinity;
    let empties = 0;
    for (const c of state) {
      if (parts[c] < best) best = parts[c];
      if (c === empty) empties++;
    }
    return stock ? Math.min(best, empties) : best;
  };

  const seen = new Set([begin.join(",")]);
  const pending = new Pending();
  pending.push({ g: guess(begin), o: 0, s: begin });
  let order = 0;
  let built = 1;
  const notDead = () => ({ dead: false, bound_hit: false, positions: built });
  while (pending.items.length) {
    if (built >= limit) return { dead: false, bound_hit: true, positions: built };
    const state = pending.pop().s;
    /** @type {number[][]} */
    const onto = [];
    for (let r = 0; r < 15; r++) onto.push([]);
    /** @type {number[]} */
    const empties = [];
    let emptyCount = 0;
    let last = -1;
    for (let k = 0; k < state.length; k++) {
      const c = state[k];
      if (c === empty) {
        emptyCount++;
        if (!empties.length) empties.push(k);
      } else if (c !== last) {
        onto[ranks[c]].push(k);
      }
      last = c;
    }
    if (empties.length) for (let r = 1; r < 15; r++) onto[r].push(...empties);
    const fillsLast = stock && emptyCount === 1; // filling it lets a row be dealt
    last = -1;
    for (let i = 0; i < state.length; i++) {
      const c = state[i];
      if (c === last || c === empty) continue; // the same moves as the column before
      last = c;
      const up = ups[c];
      const n = up.length;
      const down = downs[c];
      const topIsAce = ranks[c] === 1;
      for (let j = n - 1; j >= starts[c]; j--) {
        for (const k of onto[RANK[up[j]] + 1]) {
          if (k === i) continue;
          const d = state[k];
          if (j === 0) {
            if (down) return notDead(); // a card turns up
            if (d === empty) continue; // a whole column into an empty one: the same position
          } else if (d === empty && fillsLast) {
            return notDead(); // no column empty: deal
          }
          if (topIsAce && ups[d].length + n - j >= 13 && finishesRun(ups[d], up, j)) return notDead(); // a run is removed
          built++;
          const next = state.slice();
          next[i] = table.cut(c, j);
          next[k] = table.join(d, c, j);
          next.sort((a, b) => a - b);
          const key = next.join(",");
          if (!seen.has(key)) {
            seen.add(key);
            order--;
            pending.push({ g: guess(next), o: order, s: next });
          }
        }
      }
    }
  }
  return { dead: true, bound_hit: false, positions: built };
}

/** True when `below` with `up[j:]` put on it ends in the finished run of the suit of `up`'s
 * top card. @param {number[]} below @param {number[]} up @param {number} j */
function finishesRun(below, up, j) {
  const run = FULL_RUN[Math.floor(up[up.length - 1] / 13)];
  const moved = up.length - j;
  for (let q = 0; q < 13; q++) {
    // The q-th of the last 13 cards of below + up[j:].
    const at = below.length + moved - 13 + q;
    const card = at < below.length ? below[at] : up[j + at - below.length];
    if (card !== run[q]) return false;
  }
  return true;
}
