// @ts-check
// FreeCell's web adapter in the browser (kosynka.web.games.freecell): what the page shows of a
// position (the columns, the free cells, the foundations in suit order C, D, H, S and the
// counters), the safe cards home for the auto option, and the plain collect once every column
// is in order.

import { CARD_TEXT, RANK, SUIT, SUIT_LETTERS } from "../../local/cards.js";
import { DESTS, FOUNDATION, apply, copyPosition, freeCells, isWon, legalMoves, supermoveLimit } from "./rules.js";

/** @typedef {import("./rules.js").Position} Position */

/** The suits of the other colour, per suit (C, D, H, S). */
const OTHER_COLOUR = [[1, 2], [0, 3], [0, 3], [1, 2]];

/** The longest group that can move onto a card now (the "longest" counter): the supermove
 * limit, but never more than twelve nor than the columns hold besides the card it goes onto.
 * @param {Position} p */
export function longestRun(p) {
  let onTable = 0;
  for (const col of p.cols) onTable += col.length;
  return Math.max(0, Math.min(supermoveLimit(p), 12, onTable - 1));
}

/** The adapter's view_parts. @param {Position} p @param {number} moves */
export function viewParts(p, moves) {
  const found = p.found;
  return {
    columns: p.cols.map((col) => ({ down: 0, up: col.map((c) => CARD_TEXT[c]) })),
    cells: p.cells.map((c) => (c < 0 ? null : CARD_TEXT[c])),
    foundations: found.map((n, s) => ({ suit: SUIT_LETTERS[s], count: n, top: n ? CARD_TEXT[s * 13 + n - 1] : null })),
    counters: {
      moves,
      home: found[0] + found[1] + found[2] + found[3],
      free_cells: freeCells(p),
      longest: longestRun(p),
    },
  };
}

/** True when `card` can go home without ever being missed in the tableau: no card of the
 * other colour one rank lower still needs it as a landing place. @param {number} card @param {number[]} found */
export function isSafeHome(card, found) {
  const rank = RANK[card];
  if (rank <= 2) return true;
  const [a, b] = OTHER_COLOUR[SUIT[card]];
  return found[a] >= rank - 1 && found[b] >= rank - 1;
}

/** The safe moves home, in legal-move order (the player's safe_home_moves).
 * @param {Position} p @returns {number[]} */
export function safeMoves(p) {
  const out = [];
  for (const move of legalMoves(p)) {
    if (move % DESTS !== FOUNDATION) break; // moves home come first in the list
    if (isSafeHome(Math.floor(move / DESTS), p.found)) out.push(move);
  }
  return out;
}

/** True when no card of any column lies on a card of lower rank. @param {Position} p */
function columnsInOrder(p) {
  for (const col of p.cols) for (let i = 1; i < col.length; i++) if (RANK[col[i]] > RANK[col[i - 1]]) return false;
  return true;
}

/** Every column is in order and cards are still out. @param {Position} p */
export const collectPossible = (p) => !isWon(p) && columnsInOrder(p);

/** Send cards home, the lowest first (then by suit), until the game is won; the line, or null
 * when some card cannot get there without other moves. @param {Position} p @returns {number[]|null} */
export function plainCollect(p) {
  const probe = copyPosition(p);
  const line = [];
  while (!isWon(probe)) {
    let best = -1;
    for (const move of legalMoves(probe)) {
      if (move % DESTS !== FOUNDATION) continue;
      const card = Math.floor(move / DESTS);
      if (best < 0) best = move;
      else {
        const b = Math.floor(best / DESTS);
        if (RANK[card] < RANK[b] || (RANK[card] === RANK[b] && SUIT[card] < SUIT[b])) best = move;
      }
    }
    if (best < 0) return null;
    apply(probe, best);
    line.push(best);
  }
  return line;
}
