// @ts-check
// TriPeaks' web adapter in the browser (kosynka.web.games.tripeaks): the table (the position
// and the run: the cards played from the peaks since the last stock card), what the page is
// shown of it (the 28 places, face-down cards never named, the waste's top card, the
// counters) and when a finish may be offered (once every card is seen; the server's solver
// decides it, so there is no plain collect). No move is ever certain to be worth making, so
// there are no safe moves.

import { CARD_TEXT } from "../../local/cards.js";
import { COVERS, PLACES, ROWS, STOCK_MOVE, XS } from "./rules.js";

/** @typedef {import("./rules.js").TriPeaks} TriPeaks */
/** The position and the run. @typedef {{game: TriPeaks, run: number}} Table */

/** A table for a freshly dealt game, with no run yet. @param {TriPeaks} game @returns {Table} */
export const newTable = (game) => ({ game, run: 0 });

/** An independent copy of `table`. @param {Table} table @returns {Table} */
export const copyTable = (table) => ({ game: table.game.copy(), run: table.run });

/** Make a legal `move` and follow the run: a card played lengthens it, a stock card starts it
 * again. @param {Table} table @param {number} move */
export function push(table, move) {
  table.game.apply(move);
  table.run = move === STOCK_MOVE ? 0 : table.run + 1;
}

/** The places as the API shows them (kosynka.web.games.base.places_of): a face-down card is
 * never named. @param {TriPeaks} game */
export function placesOf(game) {
  const out = [];
  for (let p = 0; p < PLACES; p++) {
    const c = game.cards[p];
    out.push({ card: c >= 0 && game.up[p] ? CARD_TEXT[c] : null, filled: c >= 0, row: ROWS[p], x: XS[p], covered_by: COVERS[p].slice() });
  }
  return out;
}

/** The places, the waste's top card, no foundations and the counters (the adapter's
 * view_parts). @param {Table} table @param {number} moves */
export function viewParts(table, moves) {
  const game = table.game;
  return {
    columns: [],
    places: placesOf(game),
    waste: [CARD_TEXT[game.wasteTop()]],
    foundations: [],
    counters: {
      moves,
      peaks: game.tableCount(),
      face_down: game.faceDownCount(),
      stock: game.stock.length,
      waste: game.waste.length,
      run: table.run,
    },
  };
}

/** True when the player sees every card still in play: the stock dealt out, no card of the
 * peaks face down. @param {TriPeaks} game */
export const everyCardSeen = (game) => game.stock.length === 0 && game.faceDownCount() === 0;

/** True when a finish may be offered (collect_possible). @param {TriPeaks} game */
export const collectPossible = (game) => everyCardSeen(game) && !game.isWon();
