// @ts-check
// The game in play, shared by the controller's parts: the game's module, its API and the table
// (set once, by start() in controller.js), and the state of the game in play (the record, the
// view, what Undo and Redo hold, the clock, what the statistics have counted, the options).
// Also the few helpers every part uses: the page's elements by id, the words of the language.

import { STRINGS } from "../i18n.js";
import { store } from "../store.js";

/** @typedef {import("../types.js").GameModule} GameModule */
/** @typedef {import("../types.js").GameRecord} GameRecord */
/** @typedef {import("../types.js").View} View */
/** @typedef {import("../store.js").SavedGame} SavedGame */
/** @typedef {ReturnType<typeof import("../api.js").makeApi>} Api */

/**
 * The game in play. `record` and `variant` are set by start() before any part reads them
 * (null until then).
 * @typedef {object} State
 * @property {GameRecord} record
 * @property {View|null} view
 * @property {string} variant       the page's variant (the game module's variantOf: one per page, or one of its variants)
 * @property {string[]} redo
 * @property {number[]} autos       indices of moves the game made by itself (auto-move): undone with the move before
 * @property {SavedGame[]} past     games a restart put aside (as save() writes a game), the last one first back
 * @property {SavedGame[]} ahead    games at the deal's start that an undone restart left, for Redo to restart again
 * @property {number} elapsed       ms played before `since`
 * @property {number|null} since    Date.now() when the clock last started, or null when stopped
 * @property {boolean} counted      counted as played (at its first move)
 * @property {boolean} wonCounted
 * @property {boolean} lostCounted  counted as lost (at its first dead end): see countLost in store.js
 * @property {number} streakBefore  the winning streak the loss ended (it goes on if the game is won after all)
 * @property {number} undos         moves taken back in this game (what some scorings charge for)
 * @property {number} hints         hints and solver answers asked for in this deal (a game with any is assisted)
 * @property {boolean} banked       the game's points are in the running total of a cumulative scoring
 * @property {{date: string, grade: string}|null} daily   the game in play is that deal of the day
 * @property {import("../types.js").ScoreView|null} score   the score of the last view (the server's ScoreView)
 * @property {import("../types.js").Selection|null} selection
 * @property {boolean} busy
 * @property {import("../types.js").Options} options
 * @property {import("../types.js").Lang} lang
 * @property {boolean} [pausedByHide]   the clock was stopped because the page was hidden
 */

/** The page's element with the id `id` (the shell has every element the parts name).
 * @param {string} id */
export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** The page's dialog `id`. @param {string} id */
export const dialog = (id) => /** @type {HTMLDialogElement} */ ($(id));
/** The page's form field `id` (an input or a list: its value, its box checked).
 * @param {string} id */
export const field = (id) => /** @type {HTMLInputElement} */ ($(id));
/** The page's button `id`. @param {string} id */
export const button = (id) => /** @type {HTMLButtonElement} */ ($(id));

/** A promise kept after `ms` ms. @param {number} ms */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const MAX_PUT_ASIDE = 20; // games kept aside by restarts (and by undone restarts), the oldest dropped

/** The game's module. @type {GameModule} */
export let game = /** @type {any} */ (null);
/** The game's API (api.js). @type {Api} */
export let api = /** @type {any} */ (null);
/** The table. @type {import("../board.js").Board} */
export let board = /** @type {any} */ (null);

/** Play the game of `module` (its page module), asking `gameApi`. @param {GameModule} module
 * @param {Api} gameApi */
export function setGame(module, gameApi) {
  game = module;
  api = gameApi;
}

/** Draw on `table`. @param {import("../board.js").Board} table */
export function setBoard(table) {
  board = table;
}

/** @type {State} */
export const state = {
  record: /** @type {any} */ (null),
  view: null,
  variant: /** @type {any} */ (null),
  redo: [],
  autos: [],
  past: [],
  ahead: [],
  elapsed: 0,
  since: null,
  counted: false,
  wonCounted: false,
  lostCounted: false,
  streakBefore: 0,
  undos: 0,
  hints: 0,
  banked: false,
  daily: null,
  score: null,
  selection: null, // {key, code, pile, index, at}
  busy: false,
  options: store.loadOptions(),
  lang: "en",
};

/** The words of the page's language. */
export const t = () => STRINGS[state.lang];
/** The variant of the game in play (before the first deal: the page's). */
export const variant = () => (state.record ? game.variantOf(state.record) : state.variant);
