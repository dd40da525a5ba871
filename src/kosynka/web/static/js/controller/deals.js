// @ts-check
// New games: a new deal (from the source the player chose, after asking when a game is in
// progress), a deal by its number, the deal of the day; the game left counted as abandoned,
// the state started afresh, and the view scored as the player chose.

import { countAbandoned, recentDeals } from "../store.js";
import { openEnd } from "./analysis.js";
import { announce, apiFailed, patience, toast } from "./messages.js";
import { bankScore } from "./outcome.js";
import { chosenScoring, save, scoreReq } from "./saving.js";
import { show, showScore } from "./show.js";
import { effectiveSource, sourcesFor } from "./sources.js";
import { api, dialog, game, state, t, variant } from "./state.js";

/** @typedef {import("../types.js").DealAnswer} DealAnswer */
/** @typedef {import("../types.js").DealNumber} DealNumber */
/** @typedef {import("../types.js").GameRecord} GameRecord */
/** @typedef {import("../types.js").View} View */
/** @typedef {import("../types.js").ViewAnswer} ViewAnswer */

/** Ask the player whether to give up the game in progress for a new deal: true for yes.
 * @returns {Promise<boolean>} */
export function confirmNew() {
  const dlg = dialog("dlg-confirm");
  return new Promise((resolve) => {
    dlg.returnValue = "";
    dlg.addEventListener("close", () => resolve(dlg.returnValue === "yes"), { once: true });
    dlg.showModal();
  });
}

/** A game is in progress: moves made, and not won. */
export function inProgress() {
  return state.record && state.record.moves.length > 0 && !(state.view && state.view.outcome === "won");
}

/** Count the game in play as abandoned if it was started and not won (and bank its points). */
function abandonIfStarted() {
  if (state.counted && !state.wonCounted) {
    countAbandoned(variant(), state.lostCounted);
    bankScore();
  }
}

/** Make `record` (with its `view`) the game in play, from its start.
 * @param {GameRecord} record @param {View} view @param {{date: string, grade: string}|null} [daily] */
function resetGameState(record, view, daily = null) {
  state.record = record;
  state.daily = daily;
  state.undos = 0;
  state.hints = 0;
  state.banked = false;
  state.score = null;
  state.past = [];
  state.ahead = [];
  state.redo = [];
  state.autos = [];
  state.elapsed = 0;
  state.since = null;
  state.counted = false;
  state.wonCounted = false;
  state.lostCounted = false;
  state.streakBefore = 0;
  state.selection = null;
  show(view);
  save();
  if (view.outcome === "stuck") openEnd("stuck"); // a deal that allows no move at all
}

/** Deal a new game of variant `v` (asking first, when `ask`, if a game is in progress). */
export async function newDeal(v = variant(), ask = true) {
  if (state.busy) return;
  if (ask && inProgress() && !(await confirmNew())) return;
  state.busy = true;
  try {
    const exclude = recentDeals(v).slice(0, 500);
    const rules = game.rulesFor(v, state.options);
    const source = effectiveSource(await sourcesFor(rules));
    /** @type {DealAnswer} */
    const res = await patience(api.newGame(rules, source, exclude, game.newNumbering, scoreReq({ seconds: 0, undos: 0, hints: 0 })));
    abandonIfStarted();
    resetGameState(res.record, res.view);
    // The game left may have added to a running total this deal's score carries.
    if (chosenScoring().cumulative) rescore(true);
    announce(t().newGame(res.record.deal.number));
    if (res.record.deal.source !== source && source !== "random") {
      toast(res.record.deal.source === "random-winnable" ? t().fallback : t().fallbackRandom);
    }
  } catch (err) {
    apiFailed(err);
  } finally {
    state.busy = false;
  }
}

/** The view of `record`, scored as `score` asks (a saved game: as it was saved), else by
 * its rules' default scoring.
 * @param {GameRecord} record @param {import("../types.js").ScoreRequest|null} [score] @returns {Promise<ViewAnswer>} */
export async function viewOf(record, score = null) {
  return api.view(record, score);
}

/** Open the deal `number` of variant `v` (under `rules`, else the options'): a game in
 * progress gives way. @param {string} v @param {DealNumber} number @param {import("../types.js").Rules|null} [rules] */
export async function openDeal(v, number, rules = null) {
  const record = {
    game: game.name,
    rules: rules || game.rulesFor(v, state.options),
    deal: { number, numbering: game.numbering, source: "chosen" },
    moves: [],
  };
  const res = await viewOf(record);
  abandonIfStarted();
  resetGameState(record, res.view);
  rescore();
}

/** Open the deal of the day `date` in `grade` for this page's variant and the rules its
 * address `part` names (a game in progress gives way, as to a deal's address).
 * @param {string} date @param {string} grade @param {string} part */
export async function openDaily(date, grade, part) {
  const v = state.variant;
  const query = { date, grade, ...game.daily.query(v, part), scoring: chosenScoring().scoring };
  /** @type {DealAnswer} */
  const res = await api.daily(query);
  abandonIfStarted();
  resetGameState(res.record, res.view, { date, grade });
}

/** Have the view scored as the player chose when it came scored otherwise (a saved game comes
 * back scored as it was saved, a deal opened by its address by the game's default scoring). */
export async function rescore(force = false) {
  const sc = state.view && state.view.score;
  const want = chosenScoring().scoring;
  if (!force && sc && (sc.scoring === want || !sc.scorings.includes(want))) return;
  try {
    /** @type {ViewAnswer} */
    const res = await api.view(state.record, scoreReq());
    if (state.view && res.view.counters.moves === state.record.moves.length) {
      state.view.score = res.view.score;
      showScore(state.view);
    }
  } catch (/** @type {any} */ err) {
    console.warn("kosynka: score", err && err.message ? err.message : err);
  }
}
