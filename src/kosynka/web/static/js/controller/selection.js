// @ts-check
// The card the player has taken up (by a tap or the keyboard): taken up with its legal
// destinations lit, or put back.

import { cardName } from "../i18n.js";
import { announce } from "./messages.js";
import { board, game, state, t } from "./state.js";

/** Put the selection back (saying so when `say`). @param {boolean} say */
export function clearSelection(say) {
  if (state.selection && say) announce(t().cancelled);
  state.selection = null;
  board.clearMarks();
}

/** Pick up a card (a tap target or a kept selection) and light where it may go.
 * @param {import("../types.js").Picked} target @param {boolean} [quiet] */
export function select(target, quiet) {
  const sel = state.selection;
  const same = sel && sel.key === target.key;
  state.selection = { key: target.key, code: target.code, pile: target.pile, index: target.index, at: same ? sel.at : Date.now() };
  board.mark(target.key, [...game.destinations(/** @type {import("../types.js").View} */ (state.view), state.selection, state.record).keys()]);
  if (!quiet) announce(t().selected(cardName(target.code, state.lang)));
}
