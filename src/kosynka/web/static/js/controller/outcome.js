// @ts-check
// A game's end, after each move: a win counted (once; a dead end counted lost before is taken
// back), a cumulative scoring's points banked, the deal of the day marked won, and the win
// celebrated (the cascade, then the win dialog); a dead end counted lost (once) and the
// end-of-game dialog opened.

import { dailyStreak } from "../daily.js";
import { cascade, sound } from "../fx.js";
import { bank, countLost, countWon, store } from "../store.js";
import { openEnd } from "./analysis.js";
import { fmtTime, playedMs, stopClock } from "./clock.js";
import { announce } from "./messages.js";
import { chosenScoring, save } from "./saving.js";
import { $, dialog, game, state, t, variant } from "./state.js";

/** @typedef {import("../types.js").View} View */

/** Put a cumulative scoring's game points in its running total, once (at a win, or when the
 * game is left for another). */
export function bankScore() {
  const sc = state.score;
  if (state.banked || !state.counted || !sc || !sc.cumulative || !chosenScoring().cumulative || state.daily) return;
  state.banked = true;
  bank(variant(), sc.game_points);
}

/** What the end of the game, if `view` is one, brings: see the top of this file. @param {View} view */
export function afterMove(view) {
  if (view.outcome === "won") {
    stopClock();
    if (!state.wonCounted) {
      state.wonCounted = true;
      // A game counted lost at a dead end and won after an undo counts as won instead.
      const streak = countWon(variant(), playedMs(), view.counters.moves, state.lostCounted ? state.streakBefore : null, view.score);
      state.lostCounted = false;
      bankScore();
      if (state.daily) store.wonDaily(variant(), state.daily.date, state.daily.grade);
      save();
      celebrate(view, state.daily ? t().dailyStreak(dailyStreak(variant())) : t().winStreak(streak));
    }
  } else if (view.outcome === "stuck") {
    countLoss();
    openEnd("stuck");
  }
}

/** Count the game as lost at its first dead end, once: a reload, or an undo and a redo back
 * into it, do not count it again (the flag is saved with the game). A game with no move made
 * was never counted as played, so it is not counted as lost either. */
export function countLoss() {
  if (!state.counted || state.lostCounted || state.wonCounted) return;
  state.lostCounted = true;
  state.streakBefore = countLost(variant());
  save();
}

/** The win: the cascade (skipped by a tap; none under reduced motion), then the win dialog
 * with the score, the time, the moves and the streak (`streak`: its words), and how the score
 * was made. @param {View} view @param {string} streak */
async function celebrate(view, streak) {
  announce(t().winAnnounce);
  const tt = t();
  const sc = view.score || state.score;
  $("win-text").textContent = game.winText(view, tt, fmtTime(playedMs()));
  $("win-score").textContent = sc ? String(sc.score) : "—";
  $("win-scoring").textContent = sc ? tt[`sc_${sc.scoring}`] || sc.scoring : "";
  $("win-time").textContent = fmtTime(playedMs());
  $("win-moves").textContent = String(view.counters.moves);
  $("win-streak").textContent = streak;
  $("win-assisted").hidden = !(sc && sc.assisted);
  // The account, its steps of one kind together ("a move x 143: -143").
  /** @type {Map<string, {words: string, n: number, change: number}>} */
  const lines = new Map();
  for (const st of (sc && sc.steps) || []) {
    const l = lines.get(st.code) || { words: st[state.lang], n: 0, change: 0 };
    l.n += 1;
    l.change += st.change;
    lines.set(st.code, l);
  }
  $("win-account").hidden = !lines.size;
  $("win-steps").replaceChildren(...[...lines.values()].map((l) => {
    const li = document.createElement("li");
    li.textContent = `${l.words}${l.n > 1 ? ` \u00d7 ${l.n}` : ""}: ${l.change > 0 ? "+" : ""}${l.change}`;
    return li;
  }));
  sound("win", state.options.sound);
  const table = $("board");
  const size = table.getBoundingClientRect();
  const places = /** @type {HTMLElement[]} */ ([...table.querySelectorAll(".slot.found")]);
  const homes = places.filter((el) => !el.hidden).map((el, k) => {
    const r = el.getBoundingClientRect();
    return { x: r.left, y: r.top, suit: (view.foundations[k] || view.foundations[0] || { suit: "S" }).suit };
  });
  const cw = parseFloat(table.style.getPropertyValue("--cw")) || 60;
  const css = getComputedStyle(document.body);
  const red = css.getPropertyValue("--red").trim() || "#c8102e";
  const black = css.getPropertyValue("--black").trim() || "#15171a";
  const four = state.options.four;
  const colours = { C: four ? css.getPropertyValue("--green").trim() : black, D: four ? css.getPropertyValue("--blue").trim() : red, H: red, S: black };
  if (size.width) await cascade(homes, cw, Math.round(cw * 1.4), colours);
  const dlg = dialog("dlg-win");
  dlg.returnValue = "";
  if (!dlg.open && state.view && state.view.outcome === "won") dlg.showModal();
}
