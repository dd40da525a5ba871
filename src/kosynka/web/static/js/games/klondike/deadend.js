// @ts-check
// Klondike's dead ends in the browser (kosynka.games.klondike.deadend): positions from which no
// sequence of moves can ever turn up a face-down card or put more cards home than the
// foundations hold now. The same breadth-first search as the Python's, position for position
// and in the same order, so that it gives the same verdicts with the same bound (LIMIT
// positions built; a search that reaches it answers "not dead"). See the Python module for why
// each shortcut changes no answer.

import { FITS, KING, RANK, SUIT, WANTS } from "../../local/cards.js";

/** The most positions search() looks at before it answers "not dead" (bound hit). */
export const LIMIT = 4000;

/** @type {number[]} */
const NOTHING = [];

/** Per card: the two cards that may lie on it in a column (none on an ace). @type {number[][]} */
const FITTERS = [];
for (let x = 0; x < 52; x++) {
  /** @type {number[]} */
  const ys = [];
  if (RANK[x] > 1) for (let y = 0; y < 52; y++) if (FITS[y] === WANTS[x]) ys.push(y);
  FITTERS.push(ys);
}

/** A column as text: "1" when it hides cards (else "0"), then its face-up cards bottom to top,
 * each the character of code 65 + its index. Two columns compare as text exactly as Python
 * compares the tuples (down, up), so sorting them sorts them as the Python does.
 * @typedef {string} Column */
/** Columns (sorted), foundation counts, the talon (waste bottom to top, then the stock in the
 * order it is drawn, as text like a column's cards), how many talon cards are on the waste, the
 * pass number. @typedef {{cols: Column[], found: number[], talon: string, p: number, pass: number}} State */

/** What search() found: `dead` when no progress can ever be made, `boundHit` when it stopped at
 * its bound (`dead` is then false), and how many positions it built.
 * @typedef {{dead: boolean, boundHit: boolean, positions: number}} DeadEndSearch */

/** The cards as text (one character each). @param {number[]} cards */
const cardsText = (cards) => String.fromCharCode(...cards.map((c) => 65 + c));
/** The card of character `i` of `text`. @param {string} text @param {number} i */
const cardAt = (text, i) => text.charCodeAt(i) - 65;
/** `card` as a character. @param {number} card */
const cardChar = (card) => String.fromCharCode(65 + card);

/** The cards on the foundations whose return to the tableau can never help make progress
 * (deadend.useless_returns): what is left of them when the useful ones, those some card could
 * lie on or whose lower card is useful, have been found.
 * @param {number[]} found @param {Set<number>} faceDown @returns {Set<number>} */
export function uselessReturns(found, faceDown) {
  /** @type {Set<number>} */
  const home = new Set();
  for (let s = 0; s < 4; s++) for (let r = 0; r < found[s]; r++) home.add(s * 13 + r);
  /** @type {Set<number>} */
  const useful = new Set();
  let changed = true;
  while (changed) {
    changed = false;
    for (const x of home) {
      if (useful.has(x)) continue;
      if (RANK[x] > 1 && useful.has(x - 1)) {
        useful.add(x);
        changed = true;
        continue;
      }
      for (const y of FITTERS[x]) {
        if (home.has(y) ? useful.has(y) : !faceDown.has(y)) {
          useful.add(x);
          changed = true;
          break;
        }
      }
    }
  }
  /** @type {Set<number>} */
  const out = new Set();
  for (const x of home) if (!useful.has(x)) out.add(x);
  return out;
}

/** Whether `game` is at a dead end: no sequence of legal moves can turn up a face-down card or
 * put more cards on the foundations than they hold now (deadend.search). A won game is not.
 * @param {import("./rules.js").Klondike} game @param {number} [limit] @returns {DeadEndSearch} */
export function search(game, limit = LIMIT) {
  if (game.isWon()) return { dead: false, boundHit: false, positions: 0 };
  const { draw, passes, foundationReturn: back } = game.rules;
  const goal = game.found[0] + game.found[1] + game.found[2] + game.found[3];
  /** @type {Set<number>} */
  const faceDown = new Set();
  game.cols.forEach((col, i) => {
    for (let k = 0; k < game.hidden[i]; k++) faceDown.add(col[k]);
  });
  const useless = back ? uselessReturns(game.found, faceDown) : new Set();
  const unlimited = passes === null;
  const anyOrder = unlimited && draw === 1; // every talon card can come to the top at any time

  /** Positions that reach each other share a key: the stock's place is kept only where a new
   * pass cannot bring it back. @param {State} st */
  const key = (st) => {
    let p = st.p;
    if (unlimited && (anyOrder || p % draw === 0 || p === st.talon.length)) p = 0;
    return `${st.cols.join("/")}/${st.found.join(",")}/${st.talon}/${p}`;
  };
  /** A position the search has reached, its columns sorted.
   * @param {Column[]} cols @param {number[]} found @param {string} talon @param {number} p @param {number} pass
   * @returns {State} */
  const make = (cols, found, talon, p, pass) => ({ cols: cols.sort(), found, talon, p, pass });

  /** @type {Column[]} */
  const cols0 = game.cols.map((col, i) => (game.hidden[i] ? "1" : "0") + cardsText(col.slice(game.hidden[i])));
  let talon0 = [...game.waste, ...game.stock.slice().reverse()];
  let p0 = game.waste.length;
  if (anyOrder) {
    talon0 = talon0.sort((a, b) => a - b);
    p0 = 0;
  }
  const start = make(cols0, game.found.slice(), cardsText(talon0), p0, unlimited ? 0 : game.passNumber);
  /** @type {Map<string, number>} */
  const seen = new Map([[key(start), start.pass]]);
  /** @type {State[]} */
  const pending = [start];
  let head = 0;
  let built = 1;
  while (head < pending.length) {
    if (built >= limit) return { dead: false, boundHit: true, positions: built };
    const { cols, found, talon, p, pass } = pending[head];
    pending[head++] = /** @type {any} */ (null);
    const homeCounts = found[0] + found[1] + found[2] + found[3] === goal; // one more card home is progress
    /** @type {number[][]} */
    const onto = [];
    /** @type {number[]} */
    const empties = [];
    for (let k = 0; k < cols.length; k++) {
      const col = cols[k];
      if (col.length > 1) {
        const want = WANTS[cardAt(col, col.length - 1)];
        (onto[want] || (onto[want] = [])).push(k);
      } else empties.push(k);
    }
    /** @param {number} card */
    const destsOf = (card) => (RANK[card] === KING ? empties : onto[FITS[card]] || NOTHING);
    /** @type {State[]} */
    const made = [];

    // Cards of the tableau: the top one home, every card of the ordered top run onto another
    // column. Column text: character 0 says whether it hides cards, face-up card j is at j + 1.
    for (let i = 0; i < cols.length; i++) {
      const col = cols[i];
      const n = col.length - 1;
      if (!n) continue;
      const down = col.charCodeAt(0) === 49;
      const top = cardAt(col, n);
      const s = SUIT[top];
      if (found[s] === RANK[top] - 1) {
        if (homeCounts || (down && n === 1)) return { dead: false, boundHit: false, positions: built };
        const f = found.slice();
        f[s] += 1;
        const newCols = cols.slice();
        newCols[i] = col.slice(0, n);
        made.push(make(newCols, f, talon, p, pass));
      }
      let j = n - 1;
      for (;;) {
        const card = cardAt(col, j + 1);
        for (const k of destsOf(card)) {
          if (k === i) continue;
          if (j === 0) {
            if (down) return { dead: false, boundHit: false, positions: built }; // a card turns up
            if (cols[k].length === 1) continue; // a whole column into an empty one: the same position
          }
          const newCols = cols.slice();
          newCols[i] = col.slice(0, j + 1);
          newCols[k] = cols[k] + col.slice(j + 1);
          made.push(make(newCols, found.slice(), talon, p, pass));
        }
        if (j === 0 || FITS[card] !== WANTS[cardAt(col, j)]) break;
        j--;
      }
    }
    // Foundation tops back to the tableau.
    if (back) {
      for (let s = 0; s < 4; s++) {
        const n = found[s];
        if (!n) continue;
        const card = s * 13 + n - 1;
        if (useless.has(card)) continue; // taking it back never helps
        for (const k of destsOf(card)) {
          const f = found.slice();
          f[s] -= 1;
          const newCols = cols.slice();
          newCols[k] = cols[k] + cardChar(card);
          made.push(make(newCols, f, talon, p, pass));
        }
      }
    }
    // Waste cards: every one that drawing brings to the top, in this pass or the next.
    const size = talon.length;
    if (size) {
      /** @type {Map<number, number>} */
      const tops = new Map();
      if (anyOrder) {
        for (let q = 1; q <= size; q++) tops.set(q, 0);
      } else {
        let q = p;
        for (;;) {
          if (q) tops.set(q, pass);
          if (q >= size) break;
          q = Math.min(q + draw, size);
        }
        if (passes === null || pass < passes) {
          const later = passes === null ? pass : pass + 1;
          q = 0;
          while (q < size) {
            q = Math.min(q + draw, size);
            if (!tops.has(q)) tops.set(q, later);
          }
        }
      }
      for (const [q, when] of tops) {
        const card = cardAt(talon, q - 1);
        const rest = talon.slice(0, q - 1) + talon.slice(q);
        const after = anyOrder ? 0 : q - 1;
        const s = SUIT[card];
        if (found[s] === RANK[card] - 1) {
          if (homeCounts) return { dead: false, boundHit: false, positions: built };
          const f = found.slice();
          f[s] += 1;
          made.push(make(cols.slice(), f, rest, after, when));
        }
        for (const k of destsOf(card)) {
          const newCols = cols.slice();
          newCols[k] = cols[k] + cardChar(card);
          made.push(make(newCols, found.slice(), rest, after, when));
        }
      }
    }
    built += made.length;
    for (const st of made) {
      const k = key(st);
      const was = seen.get(k);
      if (was === undefined || st.pass < was) {
        seen.set(k, st.pass);
        pending.push(st);
      }
    }
  }
  return { dead: true, boundHit: false, positions: built };
}
