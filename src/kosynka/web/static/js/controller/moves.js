// @ts-check
// Moves: taps, drops and keys turned into moves (through the game module's destinations), one
// move sent and its answer shown (with the moves the game made by itself, the redo list kept
// or dropped, the statistics' first count, the sound and what a screen reader hears).

import { pileKind } from "../board.js";
import { sound } from "../fx.js";
import { countPlayed } from "../store.js";
import { startClock } from "./clock.js";
import { announce, apiFailed, refuse } from "./messages.js";
import { afterMove } from "./outcome.js";
import { save, scoreReq } from "./saving.js";
import { clearSelection, select } from "./selection.js";
import { show } from "./show.js";
import { api, board, game, sleep, state, t, variant } from "./state.js";

/** @typedef {import("../types.js").Picked} Picked */
/** @typedef {import("../types.js").Target} Target */
/** @typedef {import("../types.js").View} View */

/** Taps made while a move is under way (its answer awaited, its cards landing before a run
 * leaves), made once its table is shown: the tap lands on the card the player saw under it.
 * Null while no move is under way (a tap then during another wait is not kept).
 * @type {{target: Target, how: {keyboard?: boolean}}[]|null} */
let held = null;
const HELD_TAPS = 2; // at most this many taps are kept (a card, then its place)

/** Make the taps `held` while a move was under way, each whose card still stands where it
 * stood when it was tapped. @param {{target: Target, how: {keyboard?: boolean}}[]} taps */
function replay(taps) {
  for (const { target, how } of taps) {
    if (target.kind === "card") {
      const it = board.itemOf(target.key);
      if (!it || it.code !== target.code || it.pile !== target.pile || it.index !== target.index || !it.playable) continue;
    }
    onTap(target, how);
  }
}

/** Send one move; `how.redo` keeps the redo list, `how.quiet` skips the announcement,
 * `how.key` is the card element to shake when the move is refused, `how.chain` sends it as one
 * of a line already under way (collect).
 * @param {string} text @param {{redo?: boolean, quiet?: boolean, key?: string, chain?: boolean}} [how]
 * @returns {Promise<boolean>} true when the move was made */
export async function doMove(text, how = {}) {
  if (state.busy && !how.chain) return false;
  state.busy = true;
  if (!how.chain) held = [];
  const before = /** @type {View} */ (state.view);
  try {
    /** @type {import("../types.js").MoveAnswer} */
    const res = await api.move(state.record, text, state.options.auto, scoreReq());
    if (!res.accepted) {
      show(res.view);
      refuse(res.reason ? res.reason[state.lang] : "", how.key || null);
      return false;
    }
    const first = state.record.moves.length === 0;
    const base = state.record.moves.length;
    state.record.moves.push(...res.applied);
    for (let k = 1; k < res.applied.length; k++) state.autos.push(base + k);
    res.applied.forEach((m, k) => {
      if (how.redo && k === 0) return; // the redone move was taken off the redo list already
      if (state.redo.length && state.redo[state.redo.length - 1] === m) state.redo.pop();
      else if (!how.redo) {
        state.redo = [];
        state.ahead = []; // a new line of play: an undone restart is not redone any more
      }
    });
    if (first && !state.counted) {
      state.counted = true;
      countPlayed(variant(), state.record.deal.number);
    }
    startClock();
    save();
    // Moments between the move and its view (the cards land before a finished run flies off).
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const stages = game.stages && !still ? game.stages(before, res.applied, res.view) : [];
    for (const v of stages) {
      board.render(v, { record: state.record });
      await sleep(260);
    }
    show(res.view);
    if (!how.quiet) {
      announce(res.applied.map((m, k) => game.describe(m, k === 0 ? before : res.view, res.view, t(), state.lang)).join(" "));
    }
    if (res.view.outcome !== "won") sound(soundOf(before, res.view, res.applied[0]), state.options.sound);
    afterMove(res.view);
    return true;
  } catch (err) {
    apiFailed(err);
    show(before);
    return false;
  } finally {
    if (!how.chain) {
      state.busy = false;
      const taps = held || [];
      held = null;
      replay(taps);
    }
  }
}

/** The sound of a move from `before` to `after`: a run leaving, a card turned up, a deal from
 * the stock, or a card put down. @param {View} before @param {View} after @param {string} move */
function soundOf(before, after, move) {
  const home = (/** @type {View} */ v) => v.foundations.reduce((n, f) => n + f.count, 0);
  const down = (/** @type {View} */ v) => v.columns.reduce((n, c) => n + c.down, 0);
  if (home(after) - home(before) >= 13) return "run";
  if (game.hasStock && move === game.stockMove(before)) return "deal";
  return down(after) < down(before) ? "turn" : "place";
}

/** Try to put the selection `sel` on `pile` (the server says yes, or why not).
 * @param {Picked} sel @param {string} pile */
function moveTo(sel, pile) {
  const view = /** @type {View} */ (state.view);
  const lit = game.destinations(view, sel, state.record).get(pile);
  const move = lit || game.moveTo(view, sel, pile);
  state.selection = null;
  board.clearMarks();
  if (!move) {
    announce(t().cancelled);
    return;
  }
  if (typeof move === "object") {
    // A refusal the page tells by itself (no move to send): its words are the rules'.
    api.reason(move.refuse).then(
      (r) => refuse(r[state.lang], sel.key),
      (err) => apiFailed(err),
    );
    return;
  }
  doMove(move, { key: sel.key });
}

/** Deal from the stock (or turn the waste over), as the game's stock move is now. */
export function stockMove() {
  if (state.busy || !state.view || !game.hasStock) return;
  clearSelection(false);
  const m = game.stockMove(state.view);
  if (m) doMove(m, { key: "stock" });
}

/** The move of the stock's face-up top card by itself (a card whose own pile the game lights,
 * as a King that leaves the table alone), with the card's key; null when the stock shows no
 * such card. @returns {{move: string, key: string}|null} */
function stockCardAlone() {
  const key = (board.piles.get("stock") || []).at(-1);
  const it = key ? board.items.get(key) : null;
  if (!key || !it || !it.code || !it.playable) return null;
  const sel = { key, code: it.code, pile: "stock", index: it.index };
  const move = game.destinations(/** @type {View} */ (state.view), sel, state.record).get("stock");
  return move ? { move, key } : null;
}

/** A tap on the table (`how.keyboard`: by Enter or Space): take a card up, put it down, move
 * it home by a double tap, deal, or put the selection back. A tap while a move is under way
 * waits for its table (see `held`); one on the stock then is dropped (no row dealt twice).
 * @param {Target} target @param {{keyboard?: boolean}} how */
export function onTap(target, how) {
  if (!state.view) return;
  if (state.busy) {
    if (held && held.length < HELD_TAPS && target.kind !== "stock") held.push({ target, how });
    return;
  }
  const sel = state.selection;
  if (target.kind === "stock") {
    // In a game whose stock shows its top card face up, that card may be a taken-up card's
    // partner (a lit destination): then the tap puts the card on it; otherwise it deals.
    // A face-up top card that leaves the table by itself (its own pile lit) goes; otherwise
    // the tap deals.
    const alone = sel ? null : stockCardAlone();
    if (sel && game.destinations(state.view, sel, state.record).has("stock")) moveTo(sel, "stock");
    else if (alone) doMove(alone.move, { key: alone.key });
    else stockMove();
    return;
  }
  if (target.kind === "background") {
    clearSelection(true);
    return;
  }
  if (sel) {
    if (target.kind === "card" && target.key === sel.key) {
      // A card whose own place is lit leaves the table alone (a move of one card by itself):
      // tapped again, it goes; any other card taken up again is put back, or sent to its best place by a
      // double tap.
      const own = game.destinations(state.view, sel, state.record).get(sel.pile);
      const quick = Date.now() - sel.at < 450 && !how.keyboard;
      const move = own || (quick ? game.quickMove(state.view, sel) : null);
      if (move) {
        state.selection = null;
        board.clearMarks();
        doMove(move, { key: sel.key });
      } else clearSelection(true);
      return;
    }
    if (target.kind === "card" && target.pile === sel.pile && pileKind(sel.pile) === "col") {
      select(target);
      return;
    }
    moveTo(sel, target.pile);
    return;
  }
  if (target.kind === "card") select(target);
}

/** A card dragged onto `pile` (null: dropped where it came from, or off the table).
 * @param {Target} target @param {string|null} pile */
export function onDrop(target, pile) {
  if (!pile || state.busy || target.kind !== "card") {
    show(/** @type {View} */ (state.view)); // snap back
    return;
  }
  state.selection = null;
  moveTo(target, pile);
}
