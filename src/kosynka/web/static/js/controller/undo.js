// @ts-check
// Taking moves back and making them again: Undo (a move with the moves the game made after
// it), Redo, going back to a chosen move (the analysis's), and Restart as a step Undo takes
// back (the game so far put aside, and brought back as it was).

import { startClock } from "./clock.js";
import { announce, apiFailed, toast } from "./messages.js";
import { doMove } from "./moves.js";
import { adopt, save, scoreReq, snapshot } from "./saving.js";
import { clearSelection } from "./selection.js";
import { show } from "./show.js";
import { MAX_PUT_ASIDE, api, state, t } from "./state.js";

/** @typedef {import("../types.js").ViewAnswer} ViewAnswer */
/** @typedef {import("../store.js").SavedGame} SavedGame */

/** Take back the last move the player made (at the deal's start: the last restart). */
export async function undo() {
  if (state.busy) return;
  if (!state.record.moves.length) {
    if (state.past.length) await unrestart();
    else announce(t().nothingToUndo);
    return;
  }
  state.busy = true;
  clearSelection(false);
  // Take back the last move the player made, with the moves the game made after it.
  const moves = state.record.moves;
  let cut = moves.length - 1;
  while (cut > 0 && state.autos.includes(cut)) cut -= 1;
  const taken = moves.slice(cut);
  const rec = { ...state.record, moves: moves.slice(0, cut) };
  try {
    /** @type {ViewAnswer} */
    const res = await api.view(rec, scoreReq({ undos: state.undos + 1 }));
    state.record = rec;
    state.undos += 1;
    state.autos = state.autos.filter((i) => i < cut);
    state.redo.push(...taken.reverse());
    show(res.view);
    announce(t().undone);
    save();
  } catch (err) {
    apiFailed(err);
  } finally {
    state.busy = false;
  }
}

/** Make the last move taken back again (with none: an undone restart again). */
export async function redo() {
  if (state.busy) return;
  if (!state.redo.length) {
    if (state.ahead.length) await restartFrom(true);
    else announce(t().nothingToRedo);
    return;
  }
  clearSelection(false);
  const m = /** @type {string} */ (state.redo.pop());
  const ok = await doMove(m, { redo: true });
  if (!ok) state.redo = [];
  else announce(t().redone);
  show(/** @type {import("../types.js").View} */ (state.view));
  save();
}

/** Take the game back to the position after its first `n` moves (the later ones can be redone).
 * @param {number} n */
export async function jumpTo(n) {
  if (state.busy || !(n >= 0 && n < state.record.moves.length)) return;
  state.busy = true;
  clearSelection(false);
  const moves = state.record.moves;
  const rec = { ...state.record, moves: moves.slice(0, n) };
  const undos = state.undos + moves.length - n;
  try {
    /** @type {ViewAnswer} */
    const res = await api.view(rec, scoreReq({ undos }));
    state.record = rec;
    state.undos = undos;
    state.autos = state.autos.filter((i) => i < n);
    state.redo.push(...moves.slice(n).reverse());
    show(res.view);
    announce(t().jumped(n + 1));
    toast(t().jumped(n + 1));
    save();
  } catch (err) {
    apiFailed(err);
  } finally {
    state.busy = false;
  }
}

/** Start the deal again, as a step Undo takes back: the game so far (its moves, what Redo
 * would replay, its clock) is put aside, and Undo at the deal's start brings it back as it
 * was (Redo then restarts again). A won deal started again is a new game for the statistics. */
export function restart() {
  return restartFrom(false);
}

/** Restart; `again`: Redo of an undone restart (the game it had left at the deal's start, with
 * what Redo would replay from there, comes back). @param {boolean} again */
async function restartFrom(again) {
  if (state.busy || !(again ? state.ahead.length : state.record.moves.length)) return;
  state.busy = true;
  clearSelection(false);
  try {
    const rec = { ...state.record, moves: [] };
    // A new line of the same deal: a new score (the hints asked for the deal still count).
    /** @type {ViewAnswer} */
    const res = await api.view(rec, scoreReq({ seconds: 0, undos: 0 }));
    const line = snapshot();
    if (again) adopt(/** @type {SavedGame} */ (state.ahead.pop()));
    else {
      state.ahead = [];
      state.record = rec;
      state.redo = [];
      state.autos = [];
      state.elapsed = 0;
      state.since = null;
      state.undos = 0;
      if (state.wonCounted) state.counted = false; // replaying a won deal is a new game
      state.wonCounted = false;
    }
    state.past = [...state.past, line].slice(-MAX_PUT_ASIDE);
    show(res.view);
    save();
    toast(t().restarted);
    announce(t().restarted);
  } catch (err) {
    apiFailed(err);
  } finally {
    state.busy = false;
  }
}

/** Undo a restart: the game it put aside comes back as it was. */
async function unrestart() {
  state.busy = true;
  clearSelection(false);
  try {
    const line = state.past[state.past.length - 1];
    /** @type {ViewAnswer} */
    const res = await api.view(line.record, scoreReq({ seconds: line.elapsed / 1000, undos: line.undos || 0 }));
    state.past = state.past.slice(0, -1);
    state.ahead = [...state.ahead, snapshot()].slice(-MAX_PUT_ASIDE);
    adopt(line);
    show(res.view);
    if (state.record.moves.length && res.view.outcome !== "won") startClock();
    save();
    toast(t().restartUndone);
    announce(t().restartUndone);
  } catch (err) {
    apiFailed(err);
  } finally {
    state.busy = false;
  }
}
