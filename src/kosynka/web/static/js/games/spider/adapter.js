// @ts-check
// Spider's web adapter in the browser (kosynka.web.games.spider): what the page is shown of a
// position (the columns with their face-down cards only counted, the removed runs in the
// order removed as the foundations, each shown by its King, and the counters), and the
// finish the page may offer: only once nothing is hidden, and then only as the server's
// solver proves it (Spider has no plain way to finish and no safe moves).

import { CARD_TEXT, SUIT_LETTERS } from "../../local/cards.js";

/** @typedef {import("./rules.js").Position} Position */

/** The adapter's view_parts of `pos`, reached by `moves` moves.
 * @param {Position} pos @param {number} moves */
export function viewParts(pos, moves) {
  return {
    columns: pos.cols.map((col, i) => ({ down: pos.hidden[i], up: col.slice(pos.hidden[i]).map((c) => CARD_TEXT[c]) })),
    foundations: pos.removed.map((s) => ({ suit: SUIT_LETTERS[s], count: 13, top: `K${SUIT_LETTERS[s]}` })),
    counters: {
      moves,
      runs_removed: pos.removed.length,
      face_down: pos.faceDownCount(),
      rows_left: pos.rowsLeft(),
    },
  };
}

/** True when a finish may be offered: every card face up, the stock dealt out, cards still on
 * the table (collect_possible; the solver decides the rest). @param {Position} pos */
export function collectPossible(pos) {
  return !pos.isWon() && pos.stockCount() === 0 && pos.faceDownCount() === 0;
}
