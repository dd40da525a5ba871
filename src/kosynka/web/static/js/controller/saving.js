// @ts-check
// What is kept of the game in play: the saved game (in storage, with the games a restart put
// aside), a snapshot of it and how a snapshot becomes the game in play again, what the score
// is asked for with (the scoring chosen, the time, the undos, the hints), and the game's
// address.

import { dailyPath } from "../daily.js";
import { store } from "../store.js";
import { playedMs } from "./clock.js";
import { game, state, variant } from "./state.js";

/** @typedef {import("../store.js").SavedGame} SavedGame */
/** @typedef {import("../types.js").ScoreRequest} ScoreRequest */

/** Save the game in play (a game of the page's deal, with what Undo and Redo hold). */
export function save() {
  if (!state.record) return;
  // With its score request: the next visit shows the game scored the same way at once.
  store.saveGame(game.saveKey(game.variantOf(state.record)), { ...snapshot(), past: state.past, ahead: state.ahead, score: scoreReq() });
}

/** The game in play as save() writes it (without the games put aside). @returns {SavedGame} */
export function snapshot() {
  return {
    record: { ...state.record, moves: state.record.moves.slice() },
    redo: state.redo.slice(),
    autos: state.autos.slice(),
    elapsed: playedMs(),
    counted: state.counted,
    wonCounted: state.wonCounted,
    lostCounted: state.lostCounted,
    streakBefore: state.streakBefore,
    undos: state.undos,
    hints: state.hints,
    banked: state.banked,
    daily: state.daily,
  };
}

/** Make `saved` (a game as snapshot() gives it) the game in play; the caller shows its view.
 * @param {SavedGame} saved */
export function adopt(saved) {
  state.record = saved.record;
  state.redo = saved.redo;
  state.autos = saved.autos;
  state.elapsed = saved.elapsed;
  state.since = null;
  state.counted = saved.counted;
  state.wonCounted = saved.wonCounted;
  state.lostCounted = saved.lostCounted;
  state.streakBefore = saved.streakBefore;
  state.undos = saved.undos || 0;
  state.hints = saved.hints || 0;
  state.banked = !!saved.banked;
  state.daily = saved.daily || null;
}

/** Count a hint (or a solver's answer) asked for: the game is an assisted one. */
export function assisted() {
  state.hints += 1;
  save();
}

/** The game's scoring as the player chose it ({scoring, cumulative}).
 * @returns {import("../types.js").Scoring} */
export const chosenScoring = () => (game.scoring ? game.scoring(state.options) : { scoring: "standard", cumulative: false });

/** The score request of the game in play (what the record cannot show: the time, the undos,
 * the hints; the running total for a cumulative scoring); `more` changes some of it.
 * @param {ScoreRequest} [more] @returns {ScoreRequest} */
export function scoreReq(more = {}) {
  const c = chosenScoring();
  const carry = c.cumulative && !state.daily ? (store.loadStats()[variant()] || {}).vegas || 0 : null;
  return { scoring: c.scoring, seconds: Math.round(playedMs() / 100) / 10, undos: state.undos, hints: state.hints, carry, ...more };
}

/** The address of the game in play: its deal of the day's, or its deal's. */
export const pathNow = () => (state.daily ? dailyPath(state.daily.date, game.daily.path(variant(), state.record.rules), state.daily.grade) : game.pathOf(state.record));
