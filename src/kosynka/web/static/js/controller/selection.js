// @ts-check
// The card the player has taken up (by a tap or the keyboard): taken up with its legal
// destinations lit, or put back. A card (with those on it) that no place takes for one reason,
// the same everywhere (the cards on it are not a run that moves together, say), is not kept
// taken up: the rules' reason is said at once, as for any refused move.

import { cardName } from "../i18n.js";
import { announce, refuse } from "./messages.js";
import { api, board, game, state, t } from "./state.js";

/** @typedef {import("../types.js").Picked} Picked */
/** @typedef {import("../types.js").Selection} Selection */
/** @typedef {import("../types.js").View} View */
/** @typedef {{code: string, en: string, ru: string}} Reason */

/** Put the selection back (saying so when `say`). @param {boolean} say */
export function clearSelection(say) {
  if (state.selection && say) announce(t().cancelled);
  state.selection = null;
  board.clearMarks();
}

/** Pick up a card (a tap target or a kept selection) and light where it may go; when it may
 * go nowhere, ask the rules why (see whyNowhere). `quiet`: a selection kept as the table is
 * drawn again (nothing said, nothing asked).
 * @param {Picked} target @param {boolean} [quiet] */
export function select(target, quiet) {
  const sel = state.selection;
  const same = sel && sel.key === target.key;
  const now = (state.selection = { key: target.key, code: target.code, pile: target.pile, index: target.index, at: same ? sel.at : Date.now() });
  const lit = game.destinations(/** @type {View} */ (state.view), now, state.record);
  board.mark(target.key, [...lit.keys()]);
  if (quiet) return;
  if (lit.size) announce(t().selected(cardName(target.code, state.lang)));
  else whyNowhere(now);
}

/** The selection `sel` has no legal place: the rules are asked about its move to every place
 * on the table (the game module's moveTo: a move to explain, or a refusal by name). When every
 * place refuses it for the same reason, the reason is about the cards themselves: it is said
 * (the card shakes) and the selection put back. Otherwise the selection stays (a tap on a
 * place then says why that place does not take it).
 * @param {Selection} sel */
async function whyNowhere(sel) {
  const view = /** @type {View} */ (state.view);
  const record = state.record;
  const places = [...game.topRow(view), ...view.columns.map((_, i) => `c${i}`), ...(view.places || []).map((_, i) => `p${i}`)];
  /** @type {Set<string>} */
  const moves = new Set();
  /** @type {Set<string>} */
  const named = new Set();
  for (const pile of places) {
    if (!pile || pile === sel.pile || pile === "stock" || pile === "waste") continue;
    const m = game.moveTo(view, sel, pile);
    if (typeof m === "string") moves.add(m);
    else if (m) named.add(m.refuse);
  }
  /** @type {(Reason|null)[]} */
  let reasons = [];
  try {
    reasons = [
      ...(moves.size ? await api.explain(record, [...moves]) : []),
      ...(await Promise.all([...named].map((name) => api.reason(name)))),
    ];
  } catch (/** @type {any} */ err) {
    console.warn("kosynka: why a card cannot move:", err && err.message ? err.message : err);
  }
  if (state.selection !== sel) return; // the player has moved on meanwhile
  const first = reasons[0];
  if (first && reasons.every((r) => r && r.code === first.code && r.en === first.en)) {
    state.selection = null;
    board.clearMarks();
    refuse(first[state.lang], sel.key);
  } else {
    announce(t().selected(cardName(sel.code, state.lang)));
  }
}
