// @ts-check
// Pyramid's web adapter in the browser (kosynka.web.games.pyramid): what the page is shown of
// a position (the 28 places, the waste's top card, the stock's face-up top card, the
// counters), the safe moves of the auto option (a King alone: it pairs with nothing) and when
// a finish may be offered (once every card has been seen; the server's solver decides it, so
// there is no plain collect).

import { CARD_TEXT, KING, RANK } from "../../local/cards.js";
import { COVERED_BY, PLACES, ROW_OF, X_OF } from "./rules.js";

/** @typedef {import("./rules.js").Pyramid} Pyramid */
/** @typedef {import("./rules.js").Move} Move */
/** The position (Pyramid shows nothing beyond it). @typedef {{game: Pyramid}} Table */

/** A table for a freshly dealt game. @param {Pyramid} game @returns {Table} */
export const newTable = (game) => ({ game });

/** An independent copy of `table`. @param {Table} table @returns {Table} */
export const copyTable = (table) => ({ game: table.game.copy() });

/** Make a legal `move`. @param {Table} table @param {Move} move */
export function push(table, move) {
  table.game.apply(move);
}

/** The places as the API shows them (kosynka.web.games.base.places_of): every card lies face
 * up. @param {Pyramid} game */
export function placesOf(game) {
  const out = [];
  for (let p = 0; p < PLACES; p++) {
    const c = game.places[p];
    out.push({ card: c >= 0 ? CARD_TEXT[c] : null, filled: c >= 0, row: ROW_OF[p], x: X_OF[p], covered_by: COVERED_BY[p].slice() });
  }
  return out;
}

/** The places, the waste's top card, the stock's top card, no foundations and the counters
 * (the adapter's view_parts). @param {Table} table @param {number} moves */
export function viewParts(table, moves) {
  const game = table.game;
  const top = game.wasteTop();
  const stockTop = game.stockTop();
  return {
    columns: [],
    places: placesOf(game),
    waste: top < 0 ? [] : [CARD_TEXT[top]],
    stock: stockTop < 0 ? [] : [CARD_TEXT[stockTop]],
    foundations: [],
    counters: {
      moves,
      pyramid: game.pyramidCount(),
      stock: game.stock.length,
      waste: game.waste.length,
      pass_number: game.passNumber,
      passes: game.rules.passes,
    },
  };
}

/** The Kings that can go alone (the adapter's safe_moves). @param {Pyramid} game @returns {Move[]} */
export function safeMoves(game) {
  return game.legalMoves().filter((m) => m.cards.length === 1 && RANK[m.cards[0]] === KING);
}

/** True when the player has seen every card still in play: the stock holds at most its
 * face-up top card, or a pass has gone round. @param {Pyramid} game */
export const everyCardSeen = (game) => game.passNumber > 1 || game.stock.length <= 1;

/** True when a finish may be offered (collect_possible). @param {Pyramid} game */
export const collectPossible = (game) => everyCardSeen(game) && !game.isWon();
