// @ts-check
// The end-of-game dialog and the solver's analysis: at a dead end, the way on (Undo, Restart,
// New deal) and the offer to find where the win was lost; at the player's "Still winnable?",
// the solver's answer straight away (and for a lost game, the move to go back to).

import { ApiError } from "../api.js";
import { announce } from "./messages.js";
import { assisted } from "./saving.js";
import { $, api, dialog, state, t } from "./state.js";

/** Open the end-of-game dialog: `mode` "stuck" (no move can ever help: Undo, Restart, New deal,
 * and the offer to find where the win was lost) or "ask" (the player asked "Still winnable?":
 * the solver's answer straight away). @param {"stuck"|"ask"} mode */
export function openEnd(mode) {
  const dlg = dialog("dlg-end");
  if (dlg.open) return;
  const tt = t();
  dlg.dataset.mode = mode;
  // "No more moves" when nothing can move at all; else moves remain, but none of them helps.
  const none = !(state.view && state.view.legal && state.view.legal.length);
  const title = none ? tt.endTitle : tt.endTitleUseless;
  $("end-h").textContent = mode === "stuck" ? title : tt.winnableBtn;
  $("end-text").hidden = mode !== "stuck";
  $("end-tip").hidden = mode !== "stuck";
  $("end-ask").hidden = mode !== "stuck";
  $("end-answer").textContent = "";
  $("end-jump").hidden = true;
  for (const b of /** @type {NodeListOf<HTMLElement>} */ (dlg.querySelectorAll(".actions [data-stuck]"))) b.hidden = mode !== "stuck";
  $("end-close").hidden = mode === "stuck";
  dlg.returnValue = "";
  announce(mode === "stuck" ? `${title}. ${tt.endText}` : tt.asking);
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
