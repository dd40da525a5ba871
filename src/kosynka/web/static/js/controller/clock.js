// @ts-check
// The game's clock: the time played (kept while the page shows a game not yet won), and how a
// time is written.

import { state, t } from "./state.js";

/** The time played in the game in play, in ms. */
export function playedMs() {
  return state.elapsed + (state.since ? Date.now() - state.since : 0);
}

/** `ms` as the page writes a time: "1:02:03", or minutes and seconds in the language's way.
 * @param {number} ms @returns {string} */
export function fmtTime(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return h ? `${h}:${String(m).padStart(2, "0")}:${String(sec).padStart(2, "0")}` : t().minSec(m, sec);
}

/** Start the clock (not for a game already won). */
export function startClock() {
  if (!state.since && !(state.view && state.view.outcome === "won")) state.since = Date.now();
}

/** Stop the clock, keeping the time played. */
export function stopClock() {
  if (state.since) {
    state.elapsed += Date.now() - state.since;
    state.since = null;
  }
}
