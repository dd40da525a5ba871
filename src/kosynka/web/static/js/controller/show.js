// @ts-check
// Showing the game in play: the view on the table, and everything around it (the score, the
// moves, the game's counters, the time, the deal's link and source, which buttons can be
// used, the variant, the address), with the selection kept where its card still is.

import { fmtTime, playedMs } from "./clock.js";
import { pathNow } from "./saving.js";
import { select } from "./selection.js";
import { $, board, button, game, state, t } from "./state.js";

/** @typedef {import("../types.js").View} View */

/** Write `value` as the text of `el` (as the DOM writes a number; null: no text).
 * @param {HTMLElement} el @param {string|number|null} value */
const setText = (el, value) => {
  el.textContent = /** @type {string|null} */ (value);
};

/** Show the score of `view` (kept from the last view that had one). @param {View} view */
export function showScore(view) {
  if (view.score) state.score = view.score;
  const sc = state.score;
  $("c-score").textContent = sc ? String(sc.score) : "—";
  $("score-box").title = sc ? t()[`sc_${sc.scoring}`] || sc.scoring : "";
}

/** Draw `view` on the table and update everything around it. @param {View} view */
export function show(view) {
  if (!document.body.dataset.ready) performance.mark("kosynka-view");
  state.view = view;
  showScore(view);
  const r = state.record;
  board.render(view, { record: r });
  setText($("c-moves"), view.counters.moves);
  for (const c of game.counters) setText($(c.id), c.value(view, r));
  $("c-time").textContent = fmtTime(playedMs());
  const link = /** @type {HTMLAnchorElement} */ ($("deal-link"));
  link.textContent = `#${r.deal.number}`;
  link.href = pathNow();
  const srcOf = (/** @type {string|undefined} */ g) => /** @type {Record<string, string>} */ ({
    easy: t().srcEasy, normal: t().srcNormal, hard: t().srcHard, random: t().srcRandom,
    "random-winnable": t().srcWinnable, chosen: t().srcChosen,
  })[/** @type {string} */ (g)];
  const d = state.daily;
  const srcName = d ? t().dailyOf(d.date, srcOf(d.grade).toLowerCase()) : (srcOf(r.deal.source) || "").toLowerCase();
  $("deal-src").textContent = srcName ? `(${srcName})` : "";
  button("btn-undo").disabled = !view.can_undo && !state.past.length;
  button("btn-redo").disabled = !state.redo.length && !state.ahead.length;
  button("btn-restart").disabled = !view.can_undo;
  $("btn-collect").hidden = !view.collect;
  button("btn-hint").disabled = view.outcome === "won";
  $("btn-analysis").hidden = view.outcome === "won";
  for (const v of game.variants) $(v.id).setAttribute("aria-pressed", String(game.variantOf(r) === v.variant));
  const shown = game.variants.find((v) => v.variant === game.variantOf(r));
  $("variant-name").textContent = shown ? t()[shown.label] : "";
  $("variant-box").hidden = !shown;
  const path = pathNow();
  if (location.pathname + location.search !== path) history.replaceState(null, "", path);
  if (state.selection) {
    const key = board.keyOf(state.selection.code, state.selection.pile);
    if (key) select({ ...state.selection, key, index: /** @type {{index: number}} */ (board.itemOf(key)).index }, true);
    else state.selection = null;
  }
}
