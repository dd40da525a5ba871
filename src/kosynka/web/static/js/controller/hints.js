// @ts-check
// Help the server gives: a hint (said, and the cards and piles it names made to pulse; asked
// again on the same position, shown again without asking), and collect (the moves that
// finish the game, played one after another).

import { announce, apiFailed, patience, toast } from "./messages.js";
import { doMove } from "./moves.js";
import { assisted } from "./saving.js";
import { clearSelection } from "./selection.js";
import { api, board, game, sleep, state } from "./state.js";

/** @typedef {import("../types.js").HintAnswer} HintAnswer */

/** The last hint and the game it was asked for: asked again on the same position (taps in a
 * row), it is shown again without asking the server.
 * @type {{key: string, answer: HintAnswer}|null} */
let lastHint = null;

/** Ask for a hint (once per position) and show it. */
export async function hint() {
  if (!state.view) return;
  if (state.busy) return; // a tap while a hint (or a move) is on its way: one answer is coming
  const key = JSON.stringify(state.record);
  if (lastHint && lastHint.key === key) {
    showHint(lastHint.answer);
    return;
  }
  state.busy = true;
  clearSelection(false);
  try {
    /** @type {HintAnswer} */
    const h = await patience(api.hint(state.record));
    if (JSON.stringify(state.record) !== key) return;
    lastHint = { key, answer: h };
    assisted();
    showHint(h);
  } catch (err) {
    apiFailed(err);
  } finally {
    state.busy = false;
  }
}

/** Say a hint, and make what it moves (and where to) pulse. @param {HintAnswer} h */
function showHint(h) {
  clearSelection(false);
  const msg = h[state.lang];
  toast(msg);
  announce(msg);
  if (h.move) for (const m of game.hintMarks(/** @type {import("../types.js").View} */ (state.view), h.move, board)) board.pulse(/** @type {string} */ (m));
}

/** Finish the game by the moves the server proves win it, one after another. */
export async function collect() {
  if (state.busy) return;
  state.busy = true;
  clearSelection(false);
  try {
    /** @type {import("../types.js").CollectAnswer} */
    const res = await api.collect(state.record);
    if (!res.available) return;
    for (const m of res.moves) {
      const ok = await doMove(m, { chain: true, quiet: true });
      if (!ok) break;
      await sleep(70);
    }
  } catch (err) {
    apiFailed(err);
  } finally {
    state.busy = false;
  }
}
