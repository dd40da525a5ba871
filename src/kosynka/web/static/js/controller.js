// @ts-check
// The game controller, the same for every game: keeps the record (rules, deal, moves) in the
// browser, asks the server for views, turns taps, drags and keys into moves, and runs undo and
// redo, hints, collect, new deals, statistics and options. What differs between games comes from
// the game's module and from the server (below); no shared file names a game.
//
// This file is the entry (start(), which main.js calls); the controller's parts are in
// controller/: state.js (the game in play, shared by the parts), saving.js (what is kept, and
// the score asked for), clock.js, messages.js, show.js (the view and everything around it),
// selection.js, moves.js (taps and drops into moves), undo.js (undo, redo, restart),
// outcome.js (a win or a dead end counted), analysis.js (the end-of-game dialog and the
// solver's answer), hints.js (hints and collect), deals.js (new deals, a deal by number, the
// deal of the day), sources.js (where new deals come from), share.js, looks.js (the looks and
// the language), stats.js, menus.js, parts.js (the page's parts from the game's module) and
// bindings.js (the controls wired up).
//
// ------------------------------------------------------------------ what a game brings
// A game is its own files plus its registration (kosynka/games/__init__.py):
//   * its spec (kosynka/games/<name>/spec.py): name and titles (en, ru);
//   * its web adapter (kosynka/web/games/<name>.py, ADAPTER; see kosynka/web/games/base.py):
//     the API, and the page around the game: its addresses (pages), games-menu entries (menu,
//     menu_order), page title and description, the not-found page's words, its stored options
//     (page_options: key, default, values), the shared page's parts it shows (page_parts);
//   * its rules pages (kosynka/web/templates/games/<name>/rules-<lang>.html);
//   * its page module, js/games/<name>.js, whose default export is an object with (typed as
//     GameModule in types.js):
//       name, numbering       the game's name (as in /api/<name>/) and the deal numbering of the
//                             addresses; newNumbering: the numbering asked for new deals
//                             (undefined: the server's default)
//       width, tallness, maxCard, downStep?, minUp?, dealsOntoColumns?
//                             the table: columns, a typical height in card heights, the largest
//                             card width, the fan of face-down and face-up cards
//       topRow(), layoutTop(view, g, tools), stockCount(view), stockPlace(g), hasStock
//                             the top row's piles and how they are drawn (board.js)
//       variants, variantLabel, statColumns
//                             the variant switch ({id, variant, label}), its label's word, and
//                             the statistics' columns ({variant, label})
//       parsePath(path, search), pathOf(record), variantOf(record), defaultVariant(options),
//       variantPath(variant), rememberVariant(options, variant), pageVariant(variant),
//       saveKey(variant), rulesFor(variant, options), sameDeal(record, variant, number, rules),
//       rulesPath(lang)       addresses, variants, the storage key of the game in play, the
//                             rules of a new deal, the rules page
//       sourceOption          the stored option that holds where new deals come from
//       options               the Options dialog: rows ({select: id, label, choices: [[value,
//                             label?]]} or {check: id, label}), notes (words' keys), auto (the
//                             auto-move option is offered), fill($, options), read($, options)
//                             (true when a rule changed)
//       stockMove(view), destinations(view, sel, record), moveTo(view, sel, pile),
//       quickMove(view, sel), hintMarks(view, move, board), stages?(before, applied, after)
//                             how taps map to the view's legal moves, and what a hint lights
//       counters ({id, label, short?, title?, value(view, record)}), describe(move, before,
//       after, t, lang), winText(view, t, time), strings ({en, ru})
//                             the status line, what a screen reader hears, the game's words
//       scoring(options)?     the scoring the player chose ({scoring, cumulative}; the game's
//                             standard one when left out), scorings ({id, label}: the names
//                             of the game's scorings, for the statistics)
//       daily                 its deals of the day: path(variant, rules) (the address part
//                             of a game under those rules, as its web adapter's daily_parts),
//                             variant(part), query(variant, part) (what tells the daily's
//                             rules apart in /api/<name>/daily), remember?(options, part) (the
//                             options take the rules of an opened deal of the day),
//                             label?(rules, t) (the rules in words, beside the calendar's title)
//   The shared shell's parts a game may show (index.html, data-only): deal-button (a button
//   that deals from the stock, as the stock itself does).
// The server fills in the rest from the registry (page.js): the game's title and page title,
// the games menu, every game's stored options.

import { ApiError, makeApi } from "./api.js";
import { Board } from "./board.js";
import { openEnd } from "./controller/analysis.js";
import { bindUi } from "./controller/bindings.js";
import { startClock } from "./controller/clock.js";
import { newDeal, openDaily, openDeal, rescore, viewOf } from "./controller/deals.js";
import { applyOptionsToPage, setLang } from "./controller/looks.js";
import { announce, apiFailed, toast } from "./controller/messages.js";
import { onDrop, onTap } from "./controller/moves.js";
import { countLoss } from "./controller/outcome.js";
import { buildOptions, buildStatus, buildVariants } from "./controller/parts.js";
import { adopt } from "./controller/saving.js";
import { show } from "./controller/show.js";
import { refreshSources } from "./controller/sources.js";
import { $, game, setBoard, setGame, state, t } from "./controller/state.js";
import { parseDaily } from "./daily.js";
import { addStrings, initialLang } from "./i18n.js";
import { PAGE } from "./page.js";
import { dealNumber, store } from "./store.js";

/** @typedef {import("./store.js").SavedGame} SavedGame */

/** Make the saved game `saved` the game in play (its view asked for). @param {SavedGame} saved */
async function resume(saved) {
  const res = await viewOf(saved.record, saved.score || null);
  adopt(saved);
  state.past = saved.past || [];
  state.ahead = saved.ahead || [];
  show(res.view);
  if (state.record.moves.length && res.view.outcome !== "won") startClock();
  if (res.view.outcome === "stuck") {
    countLoss(); // (a game saved at a dead end before the page counted losses)
    openEnd("stuck");
  }
  rescore();
}

/**
 * Play the game of `module` (its page module: see the top of this file) on this page.
 *
 * Nothing stored or in the address can leave the table empty: every stored value is checked
 * (store.js), a deal's address is read as digits (numbers beyond a browser's exact integers
 * stay text end to end), and whatever cannot be used gives way to a new deal with one message
 * in the player's words.
 * @param {import("./types.js").GameModule} module
 */
export async function start(module) {
  setGame(module, makeApi(module.name));
  addStrings(game.strings);
  addStrings(PAGE.strings);
  state.lang = initialLang(store.loadLang());
  store.checkStats();
  const daily = parseDaily(location.pathname);
  const info = daily ? { variant: game.daily.variant(daily.part), number: null } : game.parsePath(location.pathname, location.search);
  state.variant = info.variant || game.defaultVariant(state.options);
  setBoard(new Board($("board"), game, {
    tap: (target, how) => onTap(target, how || {}),
    drop: (target, pile) => onDrop(target, pile),
    resize: () => state.view && show(state.view),
  }));
  buildStatus();
  buildVariants();
  buildOptions();
  applyOptionsToPage();
  setLang(state.lang);
  bindUi();
  const saved = store.loadGame(game.saveKey(state.variant), game.name);
  const notes = [];
  let badSave = false; // the saved game was well formed but does not replay
  try {
    if (daily && info.variant) {
      const wanted = game.daily.query(state.variant, daily.part);
      const same = saved && saved.daily && saved.daily.date === daily.date && saved.daily.grade === daily.grade &&
        Object.entries(wanted).every(([k, v]) => (saved.record.rules[k] ?? null) === v);
      if (same && game.variantOf(saved.record) === state.variant) await resume(saved);
      else {
        game.rememberVariant(state.options, state.variant);
        if (game.daily.remember) game.daily.remember(state.options, daily.part);
        store.saveOptions(state.options);
        await openDaily(daily.date, daily.grade, daily.part);
      }
    } else if (info.number !== null) {
      const number = dealNumber(info.text);
      if (number === null) throw new ApiError(422, `deal number ${info.text} is out of range`);
      if (info.badQuery) notes.push(t().linkRulesBad);
      if (saved && game.sameDeal(saved.record, state.variant, number, info.rules)) {
        await resume(saved);
      } else {
        game.rememberVariant(state.options, state.variant);
        store.saveOptions(state.options);
        await openDeal(state.variant, number, info.rules);
      }
    } else if (saved && (!info.variant || game.variantOf(saved.record) === state.variant)) {
      await resume(saved);
    } else {
      // A variant's address (its page's address with no deal number) and no game of that
      // variant kept: a new deal of it (a game of another variant kept under the same key
      // gives way, as to a deal's address).
      if (info.variant) {
        game.rememberVariant(state.options, state.variant);
        store.saveOptions(state.options);
      }
      await newDeal(state.variant, false);
    }
  } catch (/** @type {any} */ err) {
    // The server's reason is for developers (the console); the player gets a sentence.
    const unreadable = err instanceof ApiError && (err.status === 422 || err.status === 409);
    if (unreadable) console.warn("kosynka:", err.status, err.message);
    if (unreadable && info.number !== null) notes.push(t().noSuchDeal(info.text));
    else if (daily) notes.push(t().noDaily);
    else if (unreadable) badSave = true;
    else apiFailed(err);
    await newDeal(state.variant, false);
  }
  // One message for everything storage held that could not be used.
  const problems = store.problems();
  if (problems.length) {
    const lostGame = badSave || (info.number === null && problems.some((k) => k.startsWith("kosynka.game")));
    notes.unshift(t().storageReset + (lostGame ? t().newDealToo : ""));
  } else if (badSave) {
    notes.unshift(t().unreadable);
  }
  if (notes.length) {
    const text = notes.join(" ");
    toast(text, true);
    announce(text);
  }
  refreshSources();
  document.body.dataset.ready = "1";
  // The bench reads these: the table is dealt, and the frame that shows it has been produced.
  performance.mark("kosynka-dealt");
  requestAnimationFrame(() => setTimeout(() => performance.mark("kosynka-shown"), 0));
}
