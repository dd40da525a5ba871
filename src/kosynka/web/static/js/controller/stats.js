// @ts-check
// The statistics dialog: a table of the variants' statistics (played, won, lost, streaks, best
// time and moves, best scores with and without hints, a cumulative scoring's total).

import { blankStats, store } from "../store.js";
import { fmtTime } from "./clock.js";
import { chosenScoring } from "./saving.js";
import { $, game, t } from "./state.js";

/** @typedef {import("../store.js").Stats} Stats */

/** Fill the statistics dialog. */
export function renderStats() {
  const all = store.loadStats();
  const tt = t();
  /** @type {[string, (s: Stats) => string|number][]} */
  const rows = [
    [tt.stPlayed, (s) => s.played],
    [tt.stWon, (s) => s.won],
    [tt.stLost, (s) => s.lost],
    [tt.stRate, (s) => (s.played ? `${Math.round((100 * s.won) / s.played)}%` : "—")],
    [tt.stStreak, (s) => s.streak],
    [tt.stBest, (s) => s.bestStreak],
    [tt.stTime, (s) => (s.bestTime == null ? "—" : fmtTime(s.bestTime))],
    [tt.stMoves, (s) => (s.fewestMoves == null ? "—" : s.fewestMoves)],
  ];
  // Best scores of won games by scoring (with hints apart), and a cumulative scoring's total.
  /** @param {"best"|"bestHelped"} k @param {string} key @returns {(s: Stats) => string|number} */
  const best = (k, key) => (s) => (s[k] && /** @type {Record<string, number>} */ (s[k])[key] != null ? /** @type {Record<string, number>} */ (s[k])[key] : "—");
  for (const sc of game.scorings || [{ id: "standard", label: "sc_standard" }]) {
    const named = game.scorings && game.scorings.length > 1 ? ` (${tt[sc.label]})` : "";
    rows.push([tt.stScore + named, best("best", sc.id)], [tt.stScoreHelped + named, best("bestHelped", sc.id)]);
  }
  if (chosenScoring().cumulative) rows.push([tt.stVegas, (s) => s.vegas || 0]);
  const cols = game.statColumns.map((c) => ({ ...c, s: { ...blankStats(), ...(all[c.variant] || {}) } }));
  const table = document.createElement("table");
  table.className = "stats-table";
  const head = table.insertRow();
  for (const h of ["", ...cols.map((c) => tt[c.label])]) {
    const th = document.createElement("th");
    th.textContent = h;
    head.appendChild(th);
  }
  for (const [label, f] of rows) {
    const tr = table.insertRow();
    tr.insertCell().textContent = label;
    for (const c of cols) tr.insertCell().textContent = String(f(c.s));
  }
  $("stats-body").replaceChildren(table);
}
