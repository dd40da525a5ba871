// @ts-check
// The end-of-game dialog and the solver's analysis: at a dead end, the way on (Undo, Restart,
// New deal) and the offer to find where the win was lost; at the player's "Still winnable?",
// the solver's answer straight away (and for a lost game, the move to go back to).

import { ApiError } from "../api.js";
import { announce } from "./messages.js";
import { assisted } from "./saving.js";
import { $, api, dialog, state, t } from "./state.js";

/** Open the end-of-game dialog: `mode` "stuck" (no move can ever help: Undo and Restart when
 * there is something to take back, New deal, and the offer to find where the win was lost) or
 * "ask" (the player asked "Still winnable?": the solver's answer straight away). A deal lost
 * from its first position, no move made, is said to be one: a new deal is the only way on.
 * @param {"stuck"|"ask"} mode */
export function openEnd(mode) {
  const dlg = dialog("dlg-end");
  if (dlg.open) return;
  const tt = t();
  dlg.dataset.mode = mode;
  const stuck = mode === "stuck";
  const played = !!(state.record && state.record.moves.length);
  // "No more moves" when nothing can move at all; else moves remain, but none of them helps.
  const none = !(state.view && state.view.legal && state.view.legal.length);
  const titleKey = !played ? "endTitleDeal" : none ? "endTitle" : "endTitleUseless";
  const textKey = played ? "endText" : "endTextDeal";
  const head = $("end-h");
  head.dataset.i18n = stuck ? titleKey : "winnableBtn";
  head.textContent = /** @type {string} */ (tt[head.dataset.i18n]);
  const text = $("end-text");
  text.dataset.i18n = textKey;
  text.textContent = /** @type {string} */ (tt[textKey]);
  text.hidden = !stuck;
  // Where the win was lost, and the tip about asking the solver, mean nothing before a move.
  $("end-tip").hidden = !stuck || !played;
  $("end-ask").hidden = !stuck || !played;
  $("end-answer").textContent = "";
  $("end-jump").hidden = true;
  // Undo and Restart only when there is something to take back (as their buttons say).
  const canUndo = !!(state.view && state.view.can_undo) || state.past.length > 0;
  const offered = { undo: canUndo, restart: !!(state.view && state.view.can_undo), new: true };
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (dlg.querySelectorAll(".actions [data-stuck]"))) {
    b.hidden = !stuck || !offered[/** @type {"undo"|"restart"|"new"} */ (b.value)];
  }
  $("end-close").hidden = stuck;
  dlg.returnValue = "";
  announce(stuck ? `${tt[titleKey]}. ${tt[textKey]}` : tt.asking);
  dlg.showModal();
  if (mode === "ask") analyse();
}

/** Ask the full-information solver about this game (the player asked): its answer in the
 * player's words, and for a lost game the way back to the last position a win existed from. */
export async function analyse() {
  const answer = $("end-answer");
  const jump = $("end-jump");
  const asked = JSON.stringify(state.record);
  $("end-ask").hidden = true;
  jump.hidden = true;
  answer.textContent = t().asking;
  try {
    /** @type {import("../types.js").AnalysisAnswer} */
    const res = await api.analysis(state.record);
    if (JSON.stringify(state.record) !== asked) return; // the game moved on meanwhile
    assisted();
    answer.textContent = res[state.lang];
    const at = /** @type {number} */ (res.lost_at);
    if (res.status === "lost" && Number.isInteger(at) && at > 0 && at < state.record.moves.length) {
      jump.dataset.to = String(at);
      jump.textContent = t().jumpTo(at + 1);
      jump.hidden = false;
    }
    announce(res[state.lang]);
  } catch (/** @type {any} */ err) {
    const status = err instanceof ApiError ? err.status : -1;
    console.warn("kosynka:", status, err && err.message ? err.message : err);
    answer.textContent = status === 429 ? t().analysisBusy : status === 0 ? t().offline : t().analysisFailed;
    if ($("dlg-end").dataset.mode === "stuck") $("end-ask").hidden = false;
  }
}
