// The game controller, the same for every game: keeps the record (rules, deal, moves) in the
// browser, asks the server for views, turns taps, drags and keys into moves, and runs undo and
// redo, hints, collect, new deals, statistics and options. What differs between games comes from
// the game's module and from the server (below); no shared file names a game.
//
// ------------------------------------------------------------------ what a game brings
// A game is its own files plus its registration (kosynka/games/__init__.py):
//   * its spec (kosynka/games/<name>/spec.py): name and titles (en, ru);
//   * its web adapter (kosynka/web/games/<name>.py, ADAPTER; see kosynka/web/games/base.py):
//     the API, and the page around the game: its addresses (pages), games-menu entries (menu,
//     menu_order), page title and description, the not-found page's words, its stored options
//     (page_options: key, default, values), the shared page's parts it shows (page_parts), how
//     the page's first request is made (early);
//   * its rules pages (kosynka/web/templates/games/<name>/rules-<lang>.html);
//   * its page module, js/games/<name>.js, whose default export is an object with:
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
//       daily                 its deals of the day: path(variant) (the address part, as its
//                             web adapter's daily_parts), variant(part), query(variant) (what
//                             tells the variant apart in /api/<name>/daily)
//   The shared shell's parts a game may show (index.html, data-only): deal-button (a button
//   that deals from the stock, as the stock itself does).
// The server fills in the rest from the registry (page.js): the game's title and page title,
// the games menu, every game's stored options.

import { ApiError, makeApi } from "./api.js";
import { Board, pileKind } from "./board.js";
import { Calendar, dailyPath, dailyStreak, parseDaily } from "./daily.js";
import { cascade, sound } from "./fx.js";
import { STRINGS, addStrings, cardName, initialLang, translatePage } from "./i18n.js";
import { PAGE } from "./page.js";
import { bank, blankStats, countAbandoned, countLost, countPlayed, countWon, dealNumber, recentDeals, store } from "./store.js";

const $ = (id) => document.getElementById(id);
const SUIT_LETTERS = "CDHS";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const MAX_PUT_ASIDE = 20; // games kept aside by restarts (and by undone restarts), the oldest dropped

let game = null; // the game's module
let api = null;
let board = null;

const state = {
  record: null,
  view: null,
  variant: null, // the page's variant (the game module's variantOf: one per page, or one of its variants)
  redo: [],
  autos: [], // indices of moves the game made by itself (auto-move): undone with the move before
  past: [], // games a restart put aside (as save() writes a game), the last one first back
  ahead: [], // games at the deal's start that an undone restart left, for Redo to restart again
  elapsed: 0, // ms played before `since`
  since: null, // Date.now() when the clock last started, or null when stopped
  counted: false, // counted as played (at its first move)
  wonCounted: false,
  lostCounted: false, // counted as lost (at its first dead end): see countLost in store.js
  streakBefore: 0, // the winning streak the loss ended (it goes on if the game is won after all)
  undos: 0, // moves taken back in this game (what some scorings charge for)
  hints: 0, // hints and solver answers asked for in this deal (a game with any is assisted)
  banked: false, // the game's points are in the running total of a cumulative scoring
  daily: null, // {date, grade}: the game in play is that deal of the day
  score: null, // the score of the last view (the server's ScoreView)
  selection: null, // {key, code, pile, index, at}
  busy: false,
  options: store.loadOptions(),
  lang: "en",
};

const t = () => STRINGS[state.lang];
const variant = () => (state.record ? game.variantOf(state.record) : state.variant);

// ---------------------------------------------------------------- messages
let toastTimer = null;
function toast(text, warn = false) {
  const el = $("toast");
  placeToast(el);
  el.textContent = text;
  el.classList.toggle("warn", warn);
  el.classList.add("show");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove("show"), warn ? 3600 : 2600);
}

/** Keep messages clear of the buttons: above the bottom bar, or beside it where it stands at
 * the side (a phone on its side). */
function placeToast(el) {
  const bar = document.querySelector(".bar").getBoundingClientRect();
  const side = bar.height > bar.width;
  el.style.bottom = side ? "10px" : `${Math.max(window.innerHeight - bar.top, 0) + 10}px`;
  el.style.left = side ? `${bar.left / 2}px` : "50%";
  el.style.maxWidth = side ? `${Math.max(bar.left - 20, 120)}px` : "";
}

/** Say "thinking" if `promise` takes longer than a moment (the solver may be asked). */
function patience(promise) {
  const timer = setTimeout(() => toast(t().thinking), 350);
  return promise.finally(() => clearTimeout(timer));
}

function announce(text) {
  const el = $("announce");
  el.textContent = "";
  setTimeout(() => { el.textContent = text; }, 30);
}

// ---------------------------------------------------------------- time
function playedMs() {
  return state.elapsed + (state.since ? Date.now() - state.since : 0);
}

function fmtTime(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return h ? `${h}:${String(m).padStart(2, "0")}:${String(sec).padStart(2, "0")}` : t().minSec(m, sec);
}

function startClock() {
  if (!state.since && !(state.view && state.view.outcome === "won")) state.since = Date.now();
}

function stopClock() {
  if (state.since) {
    state.elapsed += Date.now() - state.since;
    state.since = null;
  }
}

// ---------------------------------------------------------------- saving and showing
function save() {
  if (!state.record) return;
  // With its score request: the shell's first request of the next visit asks for the same.
  store.saveGame(game.saveKey(game.variantOf(state.record)), { ...snapshot(), past: state.past, ahead: state.ahead, score: scoreReq() });
}

/** The game in play as save() writes it (without the games put aside). */
function snapshot() {
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

/** The game's scoring as the player chose it ({scoring, cumulative}). */
const chosenScoring = () => (game.scoring ? game.scoring(state.options) : { scoring: "standard", cumulative: false });

/** The score request of the game in play (what the record cannot show: the time, the undos,
 * the hints; the running total for a cumulative scoring); `more` changes some of it. */
function scoreReq(more = {}) {
  const c = chosenScoring();
  const carry = c.cumulative && !state.daily ? (store.loadStats()[variant()] || {}).vegas || 0 : null;
  return { scoring: c.scoring, seconds: Math.round(playedMs() / 100) / 10, undos: state.undos, hints: state.hints, carry, ...more };
}

/** The address of the game in play: its deal of the day's, or its deal's. */
const pathNow = () => (state.daily ? dailyPath(state.daily.date, game.daily.path(variant()), state.daily.grade) : game.pathOf(state.record));

/** Show the score of `view` (kept from the last view that had one). */
function showScore(view) {
  if (view.score) state.score = view.score;
  const sc = state.score;
  $("c-score").textContent = sc ? String(sc.score) : "—";
  $("score-box").title = sc ? t()[`sc_${sc.scoring}`] || sc.scoring : "";
}

/** Draw `view` on the table and update everything around it. */
function show(view) {
  if (!document.body.dataset.ready) performance.mark("kosynka-view");
  state.view = view;
  showScore(view);
  const r = state.record;
  board.render(view, { record: r });
  $("c-moves").textContent = view.counters.moves;
  for (const c of game.counters) $(c.id).textContent = c.value(view, r);
  $("c-time").textContent = fmtTime(playedMs());
  const link = $("deal-link");
  link.textContent = `#${r.deal.number}`;
  link.href = pathNow();
  const srcOf = (g) => ({
    easy: t().srcEasy, normal: t().srcNormal, hard: t().srcHard, random: t().srcRandom,
    "random-winnable": t().srcWinnable, chosen: t().srcChosen,
  }[g]);
  const d = state.daily;
  const srcName = d ? t().dailyOf(d.date, srcOf(d.grade).toLowerCase()) : (srcOf(r.deal.source) || "").toLowerCase();
  $("deal-src").textContent = srcName ? `(${srcName})` : "";
  $("btn-undo").disabled = !view.can_undo && !state.past.length;
  $("btn-redo").disabled = !state.redo.length && !state.ahead.length;
  $("btn-restart").disabled = !view.can_undo;
  $("btn-collect").hidden = !view.collect;
  $("btn-hint").disabled = view.outcome === "won";
  $("btn-analysis").hidden = view.outcome === "won";
  for (const v of game.variants) $(v.id).setAttribute("aria-pressed", String(game.variantOf(r) === v.variant));
  const shown = game.variants.find((v) => v.variant === game.variantOf(r));
  $("variant-name").textContent = shown ? t()[shown.label] : "";
  $("variant-box").hidden = !shown;
  const path = pathNow();
  if (location.pathname + location.search !== path) history.replaceState(null, "", path);
  if (state.selection) {
    const key = board.keyOf(state.selection.code, state.selection.pile);
    if (key) select({ ...state.selection, key, index: board.itemOf(key).index }, true);
    else state.selection = null;
  }
}

function applyOptionsToPage() {
  const o = state.options;
  const body = document.body;
  body.classList.toggle("four", !!o.four);
  body.classList.toggle("large", !!o.large);
  body.dataset.back = o.back;
  body.dataset.felt = o.felt;
  showSources();
}

function setLang(lang) {
  state.lang = lang;
  translatePage(lang);
  const other = lang === "ru" ? "en" : "ru";
  $("btn-lang").textContent = other.toUpperCase();
  $("btn-lang").setAttribute("aria-label", other === "ru" ? "Русский" : "English");
  $("rules-link").href = game.rulesPath(lang);
  shareLabel();
  board.setLang(lang);
  showSources();
  if (state.view) show(state.view);
}

// ---------------------------------------------------------------- moves
/** Tell the player a request failed, in their words (the server's own message, meant for
 * developers, goes to the console only). */
function apiFailed(err, what = null) {
  const status = err instanceof ApiError ? err.status : -1;
  console.warn("kosynka:", status, err && err.message ? err.message : err);
  let text = t().serverError;
  if (status === 0) text = t().offline;
  else if (status === 429) text = t().busyServer;
  else if (what) text = what;
  toast(text, true);
}

function refuse(message, key) {
  if (key) board.shake(key);
  toast(message, true);
  announce(message);
}

/** Send one move; `how.redo` keeps the redo list, `how.quiet` skips the announcement,
 * `how.key` is the card element to shake when the move is refused. */
async function doMove(text, how = {}) {
  if (state.busy && !how.chain) return false;
  state.busy = true;
  const before = state.view;
  try {
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
    if (!how.chain) state.busy = false;
  }
}

/** The sound of a move from `before` to `after`: a run leaving, a card turned up, a deal from
 * the stock, or a card put down. */
function soundOf(before, after, move) {
  const home = (v) => v.foundations.reduce((n, f) => n + f.count, 0);
  const down = (v) => v.columns.reduce((n, c) => n + c.down, 0);
  if (home(after) - home(before) >= 13) return "run";
  if (game.hasStock && move === game.stockMove(before)) return "deal";
  return down(after) < down(before) ? "turn" : "place";
}

/** Put a cumulative scoring's game points in its running total, once (at a win, or when the
 * game is left for another). */
function bankScore() {
  const sc = state.score;
  if (state.banked || !state.counted || !sc || !sc.cumulative || !chosenScoring().cumulative || state.daily) return;
  state.banked = true;
  bank(variant(), sc.game_points);
}

function afterMove(view) {
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
function countLoss() {
  if (!state.counted || state.lostCounted || state.wonCounted) return;
  state.lostCounted = true;
  state.streakBefore = countLost(variant());
  save();
}

// ---------------------------------------------------------------- the end of a game, and the analysis
/** Open the end-of-game dialog: `mode` "stuck" (no move can ever help: Undo, Restart, New deal,
 * and the offer to find where the win was lost) or "ask" (the player asked "Still winnable?":
 * the solver's answer straight away). */
function openEnd(mode) {
  const dlg = $("dlg-end");
  if (dlg.open) return;
  const tt = t();
  dlg.dataset.mode = mode;
  // "No more moves" when nothing can move at all; else moves remain, but none of them helps.
  const none = !(state.view && state.view.legal && state.view.legal.length);
  const title = none ? tt.endTitle : tt.endTitleUseless;
  $("end-h").textContent = mode === "stuck" ? title : tt.winnableBtn;
  $("end-text").hidden = mode !== "stuck";
  $("end-tip").hidden = mode !== "stuck";
  $("end-ask").hidden = mode !== "stuck";
  $("end-answer").textContent = "";
  $("end-jump").hidden = true;
  for (const b of dlg.querySelectorAll(".actions [data-stuck]")) b.hidden = mode !== "stuck";
  $("end-close").hidden = mode === "stuck";
  dlg.returnValue = "";
  announce(mode === "stuck" ? `${title}. ${tt.endText}` : tt.asking);
  dlg.showModal();
  if (mode === "ask") analyse();
}

/** Ask the full-information solver about this game (the player asked): its answer in the
 * player's words, and for a lost game the way back to the last position a win existed from. */
async function analyse() {
  const answer = $("end-answer");
  const jump = $("end-jump");
  const asked = JSON.stringify(state.record);
  $("end-ask").hidden = true;
  jump.hidden = true;
  answer.textContent = t().asking;
  try {
    const res = await api.analysis(state.record);
    if (JSON.stringify(state.record) !== asked) return; // the game moved on meanwhile
    assisted();
    answer.textContent = res[state.lang];
    if (res.status === "lost" && Number.isInteger(res.lost_at) && res.lost_at > 0 && res.lost_at < state.record.moves.length) {
      jump.dataset.to = String(res.lost_at);
      jump.textContent = t().jumpTo(res.lost_at + 1);
      jump.hidden = false;
    }
    announce(res[state.lang]);
  } catch (err) {
    const status = err instanceof ApiError ? err.status : -1;
    console.warn("kosynka:", status, err && err.message ? err.message : err);
    answer.textContent = status === 429 ? t().analysisBusy : status === 0 ? t().offline : t().analysisFailed;
    if ($("dlg-end").dataset.mode === "stuck") $("end-ask").hidden = false;
  }
}

/** Take the game back to the position after its first `n` moves (the later ones can be redone). */
async function jumpTo(n) {
  if (state.busy || !(n >= 0 && n < state.record.moves.length)) return;
  state.busy = true;
  clearSelection(false);
  const moves = state.record.moves;
  const rec = { ...state.record, moves: moves.slice(0, n) };
  const undos = state.undos + moves.length - n;
  try {
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

/** The win: the cascade (skipped by a tap; none under reduced motion), then the win dialog
 * with the score, the time, the moves and the streak (`streak`: its words), and how the score
 * was made. */
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
  const board = document.getElementById("board");
  const size = board.getBoundingClientRect();
  const homes = [...board.querySelectorAll(".slot.found")].filter((el) => !el.hidden).map((el, k) => {
    const r = el.getBoundingClientRect();
    return { x: r.left, y: r.top, suit: (view.foundations[k] || view.foundations[0] || { suit: "S" }).suit };
  });
  const cw = parseFloat(board.style.getPropertyValue("--cw")) || 60;
  const css = getComputedStyle(document.body);
  const red = css.getPropertyValue("--red").trim() || "#c8102e";
  const black = css.getPropertyValue("--black").trim() || "#15171a";
  const four = state.options.four;
  const colours = { C: four ? css.getPropertyValue("--green").trim() : black, D: four ? css.getPropertyValue("--blue").trim() : red, H: red, S: black };
  if (size.width) await cascade(homes, cw, Math.round(cw * 1.4), colours);
  const dlg = $("dlg-win");
  dlg.returnValue = "";
  if (!dlg.open && state.view && state.view.outcome === "won") dlg.showModal();
}

function clearSelection(say) {
  if (state.selection && say) announce(t().cancelled);
  state.selection = null;
  board.clearMarks();
}

/** Pick up a card (a tap target or a kept selection) and light where it may go. */
function select(target, quiet) {
  const sel = state.selection;
  const same = sel && sel.key === target.key;
  state.selection = { key: target.key, code: target.code, pile: target.pile, index: target.index, at: same ? sel.at : Date.now() };
  board.mark(target.key, [...game.destinations(state.view, state.selection, state.record).keys()]);
  if (!quiet) announce(t().selected(cardName(target.code, state.lang)));
}

/** Try to put the selection `sel` on `pile` (the server says yes, or why not). */
function moveTo(sel, pile) {
  const lit = game.destinations(state.view, sel, state.record).get(pile);
  const move = lit || game.moveTo(state.view, sel, pile);
  state.selection = null;
  board.clearMarks();
  if (!move) {
    announce(t().cancelled);
    return;
  }
  if (typeof move === "object") {
    refuse(t()[move.refuse], sel.key);
    return;
  }
  doMove(move, { key: sel.key });
}

function stockMove() {
  if (state.busy || !state.view || !game.hasStock) return;
  clearSelection(false);
  const m = game.stockMove(state.view);
  if (m) doMove(m, { key: "stock" });
}

function onTap(target, how) {
  if (state.busy || !state.view) return;
  const sel = state.selection;
  if (target.kind === "stock") {
    stockMove();
    return;
  }
  if (target.kind === "background") {
    clearSelection(true);
    return;
  }
  if (sel) {
    if (target.kind === "card" && target.key === sel.key) {
      const quick = Date.now() - sel.at < 450 && !how.keyboard;
      const move = quick ? game.quickMove(state.view, sel) : null;
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

function onDrop(target, pile) {
  if (!pile || state.busy || target.kind !== "card") {
    show(state.view); // snap back
    return;
  }
  state.selection = null;
  moveTo(target, pile);
}

async function undo() {
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

async function redo() {
  if (state.busy) return;
  if (!state.redo.length) {
    if (state.ahead.length) await restartFrom(true);
    else announce(t().nothingToRedo);
    return;
  }
  clearSelection(false);
  const m = state.redo.pop();
  const ok = await doMove(m, { redo: true });
  if (!ok) state.redo = [];
  else announce(t().redone);
  show(state.view);
  save();
}

/** Start the deal again, as a step Undo takes back: the game so far (its moves, what Redo
 * would replay, its clock) is put aside, and Undo at the deal's start brings it back as it
 * was (Redo then restarts again). A won deal started again is a new game for the statistics. */
function restart() {
  return restartFrom(false);
}

/** Restart; `again`: Redo of an undone restart (the game it had left at the deal's start, with
 * what Redo would replay from there, comes back). */
async function restartFrom(again) {
  if (state.busy || !(again ? state.ahead.length : state.record.moves.length)) return;
  state.busy = true;
  clearSelection(false);
  try {
    const rec = { ...state.record, moves: [] };
    // A new line of the same deal: a new score (the hints asked for the deal still count).
    const res = await api.view(rec, scoreReq({ seconds: 0, undos: 0 }));
    const line = snapshot();
    if (again) adopt(state.ahead.pop());
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

function confirmNew() {
  const dlg = $("dlg-confirm");
  return new Promise((resolve) => {
    dlg.returnValue = "";
    dlg.addEventListener("close", () => resolve(dlg.returnValue === "yes"), { once: true });
    dlg.showModal();
  });
}

function inProgress() {
  return state.record && state.record.moves.length > 0 && !(state.view && state.view.outcome === "won");
}

function abandonIfStarted() {
  if (state.counted && !state.wonCounted) {
    countAbandoned(variant(), state.lostCounted);
    bankScore();
  }
}

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

async function newDeal(v = variant(), ask = true) {
  if (state.busy) return;
  if (ask && inProgress() && !(await confirmNew())) return;
  state.busy = true;
  try {
    const exclude = recentDeals(v).slice(0, 500);
    const rules = game.rulesFor(v, state.options);
    const source = effectiveSource(await sourcesFor(rules));
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

/** The view of `record`: the answer the page asked for while loading, when it matches. */
async function viewOf(record) {
  const early = window.kosynkaEarly;
  window.kosynkaEarly = null;
  if (early && early.key === JSON.stringify(record)) {
    const answer = await early.answer;
    if (answer) return answer;
  }
  return api.view(record);
}

async function openDeal(v, number, rules = null) {
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

/** Open the deal of the day `date` in `grade` for this page's variant (a game in progress
 * gives way, as to a deal's address). */
async function openDaily(date, grade) {
  const v = state.variant;
  const query = { date, grade, ...game.daily.query(v), scoring: chosenScoring().scoring };
  const res = await api.daily(query);
  abandonIfStarted();
  resetGameState(res.record, res.view, { date, grade });
}

/** Have the view scored as the player chose when it came scored otherwise (the shell's first
 * request asks as the saved game was scored, or for the game's default scoring). */
async function rescore(force = false) {
  const sc = state.view && state.view.score;
  const want = chosenScoring().scoring;
  if (!force && sc && (sc.scoring === want || !sc.scorings.includes(want))) return;
  try {
    const res = await api.view(state.record, scoreReq());
    if (state.view && res.view.counters.moves === state.record.moves.length) {
      state.view.score = res.view.score;
      showScore(state.view);
    }
  } catch (err) {
    console.warn("kosynka: score", err && err.message ? err.message : err);
  }
}

/** The last hint and the game it was asked for: asked again on the same position (taps in a
 * row), it is shown again without asking the server. */
let lastHint = null; // {key, answer}

async function hint() {
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

/** Count a hint (or a solver's answer) asked for: the game is an assisted one. */
function assisted() {
  state.hints += 1;
  save();
}

function showHint(h) {
  clearSelection(false);
  const msg = h[state.lang];
  toast(msg);
  announce(msg);
  if (h.move) for (const m of game.hintMarks(state.view, h.move, board)) board.pulse(m);
}

async function collect() {
  if (state.busy) return;
  state.busy = true;
  clearSelection(false);
  try {
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

// ---------------------------------------------------------------- where new deals come from
const sourceCache = new Map(); // JSON of the rules -> {easy, normal, hard, random}
const ALL_SOURCES = { easy: true, normal: true, hard: true, random: true };

/** Which deal sources exist for `rules` (graded deals are graded for the standard rules only);
 * every source when the server cannot say (it then serves a random deal and says so). */
async function sourcesFor(rules) {
  const key = JSON.stringify(rules);
  if (!sourceCache.has(key)) {
    try {
      const got = await api.sources(rules);
      sourceCache.set(key, { ...ALL_SOURCES, ...got });
    } catch (err) {
      console.warn("kosynka: sources", err && err.message ? err.message : err);
      return ALL_SOURCES;
    }
  }
  return sourceCache.get(key);
}

/** The source a new deal comes from: the player's choice (for this game) when it exists for
 * the rules. */
function effectiveSource(avail) {
  const chosen = state.options[game.sourceOption];
  return avail[chosen] ? chosen : "random";
}

/** The rules the next deal is dealt under (the options', in this page's variant). */
const nextRules = () => game.rulesFor(variant(), state.options);

/** Show in the Deals list which sources exist for the next deal's rules: the others are
 * disabled and say why, and the list shows the source the next deal will really come from. */
function showSources() {
  const sel = $("source");
  if (!sel || !game || !state.variant) return;
  const avail = sourceCache.get(JSON.stringify(nextRules())) || ALL_SOURCES;
  const tt = t();
  for (const opt of sel.options) {
    const base = tt[opt.dataset.i18n];
    opt.disabled = !avail[opt.value];
    opt.textContent = opt.disabled ? `${base} (${tt.srcOnlyStandard})` : base;
  }
  sel.value = effectiveSource(avail);
}

async function refreshSources() {
  await sourcesFor(nextRules());
  showSources();
}

// ---------------------------------------------------------------- sharing a deal
/** A phone's system share sheet, where the browser has one (on a computer the address is
 * copied instead, which is what its share button does). */
const shareSheet = () => !!navigator.share && window.matchMedia("(pointer: coarse)").matches;

/** Share the deal's address: the system share sheet on a phone; else copy it, and say so only
 * when it was copied: when it could not be, the address is shown selected, to copy by hand. */
async function share() {
  const url = location.origin + game.pathOf(state.record);
  if (shareSheet()) {
    try {
      await navigator.share({ title: document.title, url });
      return;
    } catch (err) {
      if (err && err.name === "AbortError") return; // the player closed the sheet
      console.warn("kosynka: share", err && err.message ? err.message : err);
    }
  }
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch (err) {
    // No clipboard here (a page served over plain http from another machine has none), or
    // the browser refused: the older way, a selection copied.
    copied = copyBySelection(url);
  }
  if (copied) {
    toast(t().copied + url);
    return;
  }
  toggleMore(false);
  const input = $("share-url");
  input.value = url;
  $("dlg-share").showModal();
  input.focus();
  input.select();
}

/** Copy `text` through a selection (document.execCommand): true when the browser copied it. */
function copyBySelection(text) {
  const box = document.createElement("textarea");
  box.value = text;
  box.setAttribute("readonly", "");
  box.style.cssText = "position:fixed;top:0;left:0;opacity:0;";
  (document.querySelector("dialog[open]") || document.body).appendChild(box);
  box.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch (_) {
    ok = false;
  }
  box.remove();
  return ok;
}

function shareLabel() {
  const b = $("btn-share");
  b.setAttribute("aria-label", shareSheet() ? t().shareBtn : t().share);
}

// ---------------------------------------------------------------- statistics and options
function renderStats() {
  const all = store.loadStats();
  const tt = t();
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
  const best = (k, key) => (s) => (s[k] && s[k][key] != null ? s[k][key] : "—");
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

/** The game's counters in the status line (after the deal and the moves, before the time). */
function buildStatus() {
  const time = $("c-time").parentElement;
  for (const c of game.counters) {
    const span = document.createElement("span");
    span.className = "ctr";
    const label = document.createElement("span");
    label.dataset.i18n = c.label;
    const b = document.createElement("b");
    b.id = c.id;
    span.append(label);
    if (c.short) {
      // A shorter word where the counters share one row of a phone's header.
      label.className = "long";
      const short = document.createElement("span");
      short.className = "short";
      short.dataset.i18n = c.short;
      short.setAttribute("aria-hidden", "true");
      span.append(short);
    }
    span.append(" ", b);
    if (c.title) span.dataset.i18nTitle = c.title;
    time.before(span);
  }
}

/** The game's rows and notes in the Options dialog (before the auto-move option, which shows
 * only where the game offers it). */
function buildOptions() {
  const auto = $("opt-auto-row");
  for (const r of game.options.rows || []) {
    const row = document.createElement("label");
    row.className = "row";
    const words = document.createElement("span");
    words.dataset.i18n = r.label;
    if (r.select) {
      const sel = document.createElement("select");
      sel.id = r.select;
      for (const [value, label] of r.choices) {
        const opt = document.createElement("option");
        opt.value = value;
        opt.textContent = value; // a number is its own word
        if (label) opt.dataset.i18n = label;
        sel.append(opt);
      }
      row.append(words, " ", sel);
    } else {
      const box = document.createElement("input");
      box.type = "checkbox";
      box.id = r.check;
      row.append(box, " ", words);
    }
    auto.before(row);
  }
  for (const key of game.options.notes || []) {
    const note = document.createElement("p");
    note.className = "muted small";
    note.dataset.i18n = key;
    auto.before(note);
  }
  auto.hidden = !game.options.auto;
}

/** The variant switch (the game module's variants: cards per draw, suit counts...). */
function buildVariants() {
  const box = $("variants");
  box.hidden = !game.variants.length;
  if (game.variantLabel) box.dataset.i18nAria = game.variantLabel;
  for (const v of game.variants) {
    const b = document.createElement("button");
    b.type = "button";
    b.id = v.id;
    b.dataset.i18n = v.label;
    b.setAttribute("aria-pressed", "false");
    b.addEventListener("click", async () => {
      if (state.record && game.variantOf(state.record) === v.variant) return;
      toggleMore(false);
      const path = game.variantPath(v.variant);
      // A page of its own keeps its own game; on this page the game in play would give way to
      // a new deal, so the player is asked first (and a "no" changes nothing).
      if (!path && inProgress() && !(await confirmNew())) return;
      game.rememberVariant(state.options, v.variant);
      store.saveOptions(state.options);
      if (path) {
        location.assign(path);
        return;
      }
      newDeal(v.variant, false);
    });
    box.appendChild(b);
  }
}

/** The shared options the Options dialog shows for every game: applied as they change. */
const LOOKS = ["auto", "four", "large", "sound", "back", "felt"];

let calendar = null;

/** Open the deals-of-the-day dialog: today's deals and the month's calendar (the days won). */
function openCalendar() {
  toggleMore(false);
  calendar = new Calendar({
    variant: variant(),
    lang: state.lang,
    current: state.daily,
    open: async (date, grade) => {
      const here = state.daily && state.daily.date === date && state.daily.grade === grade;
      if (!here && inProgress() && !(await confirmNew())) return;
      $("dlg-daily").close();
      if (!here) location.assign(dailyPath(date, game.daily.path(variant()), grade));
    },
  });
  calendar.render();
  $("daily-variant").textContent = $("variant-name").textContent;
  if (!$("dlg-daily").open) $("dlg-daily").showModal();
}

function toggleGames(open) {
  const btn = $("btn-games");
  const menu = $("games-menu");
  const now = open === undefined ? menu.hidden : open;
  menu.hidden = !now;
  btn.setAttribute("aria-expanded", String(now));
  if (now) {
    const here = menu.querySelector("[aria-current]") || menu.querySelector("a");
    if (here) here.focus();
  }
}

/** Open or close the menu that holds, on a small screen, what the header has no room for (the
 * deal and its link, the variant, the deal source, options, statistics, rules, language). */
function toggleMore(open) {
  const panel = $("more");
  const now = open === undefined ? !panel.classList.contains("open") : open;
  panel.classList.toggle("open", now);
  $("btn-more").setAttribute("aria-expanded", String(now));
  if (now) {
    const first = panel.querySelector("button:not([hidden]), a, select");
    if (first) first.focus();
  }
}

function bindUi() {
  $("btn-new").addEventListener("click", () => newDeal());
  $("btn-restart").addEventListener("click", restart);
  $("btn-undo").addEventListener("click", undo);
  $("btn-redo").addEventListener("click", redo);
  $("btn-hint").addEventListener("click", hint);
  $("btn-collect").addEventListener("click", collect);
  $("btn-deal").addEventListener("click", stockMove);
  $("btn-games").addEventListener("click", () => toggleGames());
  $("games-menu").addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      toggleGames(false);
      $("btn-games").focus();
    }
  });
  document.addEventListener("click", (e) => {
    if (!$("games-menu").hidden && !e.target.closest(".games")) toggleGames(false);
    if ($("more").classList.contains("open") && !e.target.closest("#more, #btn-more")) toggleMore(false);
  });
  for (const a of document.querySelectorAll("#games-menu a")) {
    if (a.dataset.variant === game.pageVariant(state.variant)) a.setAttribute("aria-current", "page");
  }
  if ($("source")) {
    $("source").addEventListener("change", (e) => {
      state.options[game.sourceOption] = e.target.value;
      store.saveOptions(state.options);
      toggleMore(false);
      newDeal();
    });
  }
  $("btn-lang").addEventListener("click", () => {
    const l = state.lang === "ru" ? "en" : "ru";
    store.saveLang(l);
    setLang(l);
  });
  $("btn-share").addEventListener("click", share);
  $("share-copy").addEventListener("click", () => {
    $("share-url").select();
    if (copyBySelection($("share-url").value)) {
      $("dlg-share").close();
      toast(t().copied + $("share-url").value);
    }
  });
  $("deal-link").addEventListener("click", (e) => e.preventDefault());
  $("btn-stats").addEventListener("click", () => {
    toggleMore(false);
    renderStats();
    $("dlg-stats").showModal();
  });
  $("stats-reset").addEventListener("click", () => {
    store.saveStats({});
    renderStats();
  });
  $("btn-options").addEventListener("click", () => {
    toggleMore(false);
    const o = state.options;
    game.options.fill($, o);
    for (const k of LOOKS) $(`opt-${k}`)[typeof o[k] === "boolean" ? "checked" : "value"] = o[k];
    $("dlg-options").showModal();
  });
  // The looks and the sound apply as they are chosen (the rules from the next deal).
  const readLooks = () => {
    const o = state.options;
    for (const k of LOOKS) o[k] = typeof o[k] === "boolean" ? $(`opt-${k}`).checked : $(`opt-${k}`).value;
    store.saveOptions(o);
    applyOptionsToPage();
    if (state.view) show(state.view);
  };
  for (const k of LOOKS) $(`opt-${k}`).addEventListener("change", readLooks);
  $("dlg-options").addEventListener("close", () => {
    const rulesChanged = game.options.read($, state.options);
    readLooks();
    if (rulesChanged) {
      toast(t().nextDealRules);
      refreshSources();
    }
  });
  $("btn-daily").addEventListener("click", openCalendar);
  $("cal-prev").addEventListener("click", () => calendar && calendar.turn(-1));
  $("cal-next").addEventListener("click", () => calendar && calendar.turn(1));
  $("btn-more").addEventListener("click", () => toggleMore());
  $("more").addEventListener("keydown", (e) => {
    if (e.key === "Escape" && $("more").classList.contains("open")) {
      toggleMore(false);
      $("btn-more").focus();
    }
  });
  $("btn-analysis").addEventListener("click", () => {
    toggleMore(false);
    openEnd("ask");
  });
  $("end-ask").addEventListener("click", analyse);
  $("end-jump").addEventListener("click", () => {
    const n = Number($("end-jump").dataset.to);
    $("dlg-end").close("jump");
    jumpTo(n);
  });
  $("dlg-end").addEventListener("close", () => {
    const v = $("dlg-end").returnValue;
    if (v === "undo") undo();
    else if (v === "restart") restart();
    else if (v === "new") newDeal(variant(), false);
  });
  $("dlg-win").addEventListener("close", () => {
    if ($("dlg-win").returnValue === "new") newDeal(variant(), false);
    else if ($("dlg-win").returnValue === "daily") openCalendar();
  });
  document.addEventListener("keydown", (e) => {
    if (document.querySelector("dialog[open]")) return;
    const k = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && k === "z" && !e.shiftKey) {
      e.preventDefault();
      undo();
    } else if ((e.ctrlKey || e.metaKey) && (k === "y" || (k === "z" && e.shiftKey))) {
      e.preventDefault();
      redo();
    } else if (e.key === "Escape") {
      clearSelection(true);
    } else if (!e.ctrlKey && !e.metaKey && !e.altKey && !e.target.closest("select, input")) {
      if (e.code === "KeyD" && game.hasStock) stockMove();
      else if (e.code === "KeyH") hint();
    }
  });
  document.addEventListener("pointerdown", (e) => {
    if (state.selection && !e.target.closest("#board") && !e.target.closest("dialog")) clearSelection(false);
  });
  let resizeTimer = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => state.view && show(state.view), 80);
  });
  setInterval(() => {
    $("c-time").textContent = fmtTime(playedMs());
  }, 500);
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      if (state.since) {
        stopClock();
        state.pausedByHide = true;
        save();
      }
    } else if (state.pausedByHide) {
      state.pausedByHide = false;
      startClock();
    }
  });
}

// ---------------------------------------------------------------- start
/** Make `saved` (a game as snapshot() gives it) the game in play; the caller shows its view. */
function adopt(saved) {
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

async function resume(saved) {
  const res = await viewOf(saved.record);
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
 */
export async function start(module) {
  game = module;
  api = makeApi(game.name);
  addStrings(game.strings);
  addStrings(PAGE.strings);
  state.lang = initialLang(store.loadLang());
  store.checkStats();
  const daily = parseDaily(location.pathname);
  const info = daily ? { variant: game.daily.variant(daily.part), number: null } : game.parsePath(location.pathname, location.search);
  state.variant = info.variant || game.defaultVariant(state.options);
  board = new Board($("board"), game, {
    tap: (target, how) => onTap(target, how || {}),
    drop: (target, pile) => onDrop(target, pile),
    resize: () => state.view && show(state.view),
  });
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
      const same = saved && saved.daily && saved.daily.date === daily.date && saved.daily.grade === daily.grade;
      if (same && game.variantOf(saved.record) === state.variant) await resume(saved);
      else {
        game.rememberVariant(state.options, state.variant);
        store.saveOptions(state.options);
        await openDaily(daily.date, daily.grade);
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
    } else if (saved) {
      await resume(saved);
    } else {
      await newDeal(state.variant, false);
    }
  } catch (err) {
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
