// The game controller: keeps the record (rules, deal, moves) in the browser, asks the server
// for views, and turns taps, drags and keys into moves.

import { api, ApiError } from "./api.js";
import { Board } from "./board.js";
import { STRINGS, cardName, initialLang, translatePage } from "./i18n.js";
import { blankStats, countAbandoned, countPlayed, countWon, recentDeals, store } from "./store.js";

const $ = (id) => document.getElementById(id);
const SUIT_LETTERS = "CDHS";

const state = {
  record: null,
  view: null,
  redo: [],
  autos: [], // indices of moves the game made by itself (auto-move): undone with the move before
  elapsed: 0, // ms played before `since`
  since: null, // Date.now() when the clock last started, or null when stopped
  counted: false,
  wonCounted: false,
  note: null,
  selection: null, // {code, pile, at}
  busy: false,
  options: store.loadOptions(),
  lang: initialLang(store.loadLang()),
};

const t = () => STRINGS[state.lang];
const variant = () => `draw-${state.record ? state.record.rules.draw : state.options.draw}`;

const board = new Board($("board"), {
  tap: (target, how) => onTap(target, how || {}),
  drop: (code, pile) => onDrop(code, pile),
});

// ---------------------------------------------------------------- messages
let toastTimer = null;
function toast(text, warn = false) {
  const el = $("toast");
  el.textContent = text;
  el.classList.toggle("warn", warn);
  el.classList.add("show");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove("show"), warn ? 3600 : 2600);
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

// ---------------------------------------------------------------- saving and showing
function save() {
  if (!state.record) return;
  store.saveGame({
    record: state.record,
    redo: state.redo,
    autos: state.autos,
    elapsed: playedMs(),
    counted: state.counted,
    wonCounted: state.wonCounted,
  });
}

function dealUrl(record) {
  return `/klondike/draw-${record.rules.draw}/deal/${record.deal.number}`;
}

function show(view) {
  if (!document.body.dataset.ready) performance.mark("kosynka-view");
  state.view = view;
  const r = state.record;
  board.render(view, r.rules.draw);
  const c = view.counters;
  $("c-moves").textContent = c.moves;
  $("c-down").textContent = c.face_down;
  $("c-pass").textContent = c.passes_left == null ? String(c.pass_number) : `${c.pass_number}/${c.pass_number + c.passes_left}`;
  $("c-stock").textContent = c.stock;
  $("c-time").textContent = fmtTime(playedMs());
  const link = $("deal-link");
  link.textContent = `#${r.deal.number}`;
  link.href = dealUrl(r);
  const srcName = {
    easy: t().srcEasy, normal: t().srcNormal, hard: t().srcHard, random: t().srcRandom,
    "random-winnable": t().srcWinnable, chosen: t().srcChosen,
  }[r.deal.source];
  $("deal-src").textContent = srcName ? `(${srcName.toLowerCase()})` : "";
  $("btn-undo").disabled = !view.can_undo;
  $("btn-redo").disabled = state.redo.length === 0;
  $("btn-restart").disabled = !view.can_undo;
  $("btn-collect").hidden = !view.collect;
  $("btn-hint").disabled = view.outcome === "won";
  $("draw1").setAttribute("aria-pressed", String(r.rules.draw === 1));
  $("draw3").setAttribute("aria-pressed", String(r.rules.draw === 3));
  if (location.pathname !== dealUrl(r)) history.replaceState(null, "", dealUrl(r));
  if (state.selection) select(state.selection.code, true);
}

function applyOptionsToPage() {
  document.body.classList.toggle("four", !!state.options.four);
  $("source").value = state.options.source;
}

function setLang(lang) {
  state.lang = lang;
  translatePage(lang);
  const other = lang === "ru" ? "en" : "ru";
  $("btn-lang").textContent = other.toUpperCase();
  $("btn-lang").setAttribute("aria-label", other === "ru" ? "Русский" : "English");
  $("rules-link").href = `/rules/${lang}`;
  board.setLang(lang);
  if (state.view) show(state.view);
}

// ---------------------------------------------------------------- describing moves
function describe(moveText, before, after) {
  const tt = t();
  if (moveText === "s") {
    const top = after.waste[after.waste.length - 1];
    return top ? tt.drew(cardName(top, state.lang)) : "";
  }
  if (moveText === "r") return tt.recycled;
  const [code, dest] = moveText.split(">");
  const where = dest === "f" ? tt.toFoundation : tt.toColumn(Number(dest));
  let text = tt.moved(cardName(code, state.lang), where);
  for (let i = 0; i < 7; i++) {
    if (after.columns[i].down < before.columns[i].down && after.columns[i].up.length) {
      text += tt.turned(cardName(after.columns[i].up[0], state.lang));
    }
  }
  const cap = text.charAt(0).toUpperCase() + text.slice(1);
  return cap;
}

// ---------------------------------------------------------------- moves
function apiFailed(err) {
  toast(err instanceof ApiError && err.status ? err.message : t().loadError + (err && err.message ? err.message : err), true);
}

/** Send one move; `how.redo` keeps the redo list, `how.quiet` skips the announcement. */
async function doMove(text, how = {}) {
  if (state.busy && !how.chain) return false;
  state.busy = true;
  const before = state.view;
  try {
    const res = await api.move(state.record, text, state.options.auto);
    if (!res.accepted) {
      const code = text.split(">")[0];
      board.shake(code);
      show(res.view);
      const msg = res.reason ? res.reason[state.lang] : "";
      toast(msg, true);
      announce(msg);
      return false;
    }
    const first = state.record.moves.length === 0;
    const base = state.record.moves.length;
    state.record.moves.push(...res.applied);
    for (let k = 1; k < res.applied.length; k++) state.autos.push(base + k);
    res.applied.forEach((m, k) => {
      if (how.redo && k === 0) return; // the redone move was taken off the redo list already
      if (state.redo.length && state.redo[state.redo.length - 1] === m) state.redo.pop();
      else if (!how.redo) state.redo = [];
    });
    if (first && !state.counted) {
      state.counted = true;
      countPlayed(variant(), state.record.deal.number);
    }
    startClock();
    show(res.view);
    if (!how.quiet) announce(res.applied.map((m, k) => describe(m, k === 0 ? before : res.view, res.view)).join(" "));
    afterMove(res.view);
    save();
    return true;
  } catch (err) {
    apiFailed(err);
    show(before);
    return false;
  } finally {
    if (!how.chain) state.busy = false;
  }
}

function afterMove(view) {
  if (view.outcome === "won") {
    stopClock();
    if (!state.wonCounted) {
      state.wonCounted = true;
      countWon(variant(), playedMs(), view.counters.moves);
      celebrate(view);
    }
  } else if (view.outcome === "stuck") {
    toast(t().stuck, true);
    announce(t().stuck);
  }
}

function celebrate(view) {
  announce(t().winAnnounce);
  const box = $("fireworks");
  box.replaceChildren();
  if (!window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
    for (let k = 0; k < 28; k++) {
      const s = document.createElement("span");
      const suit = SUIT_LETTERS[k % 4];
      s.style.left = `${Math.random() * 96}vw`;
      s.style.animationDelay = `${Math.random() * 1.2}s`;
      s.style.color = suit === "D" || suit === "H" ? "var(--red)" : "var(--black)";
      s.innerHTML = `<svg><use href="#s-${suit}"/></svg>`;
      box.appendChild(s);
    }
    setTimeout(() => box.replaceChildren(), 4200);
  }
  $("win-text").textContent = t().winText(view.counters.moves, fmtTime(playedMs()));
  const dlg = $("dlg-win");
  dlg.returnValue = "";
  setTimeout(() => { if (!dlg.open) dlg.showModal(); }, 500);
}

function clearSelection(say) {
  if (state.selection && say) announce(t().cancelled);
  state.selection = null;
  board.clearMarks();
}

function targetsOf(code) {
  const piles = [];
  for (const m of state.view.legal) {
    const [c, dest] = m.split(">");
    if (c !== code) continue;
    if (dest === "f") piles.push(`f${board.foundationSlot(code[1])}`);
    else piles.push(`c${Number(dest) - 1}`);
  }
  return piles;
}

function select(code, quiet) {
  const pile = board.pileOf(code);
  if (!pile) {
    state.selection = null;
    return;
  }
  state.selection = { code, pile, at: state.selection && state.selection.code === code ? state.selection.at : Date.now() };
  board.mark(code, targetsOf(code));
  if (!quiet) announce(t().selected(cardName(code, state.lang)));
}

function moveTo(code, pile) {
  if (pile === "stock" || pile === "waste") {
    clearSelection(true);
    return;
  }
  const dest = pile.startsWith("f") ? "f" : String(Number(pile.slice(1)) + 1);
  state.selection = null;
  board.clearMarks();
  doMove(`${code}>${dest}`);
}

function onTap(target, how) {
  if (state.busy || !state.view) return;
  const sel = state.selection;
  if (target.kind === "stock") {
    clearSelection(false);
    doMove(state.view.counters.stock ? "s" : "r");
    return;
  }
  if (target.kind === "background") {
    clearSelection(true);
    return;
  }
  if (sel) {
    if (target.kind === "card" && target.code === sel.code) {
      const quick = Date.now() - sel.at < 450 && !how.keyboard;
      if (quick && state.view.legal.includes(`${sel.code}>f`)) {
        state.selection = null;
        board.clearMarks();
        doMove(`${sel.code}>f`);
      } else clearSelection(true);
      return;
    }
    if (target.kind === "card" && target.pile === sel.pile) {
      select(target.code);
      return;
    }
    moveTo(sel.code, target.pile);
    return;
  }
  if (target.kind === "card") select(target.code);
}

function onDrop(code, pile) {
  if (!pile || state.busy) {
    show(state.view); // snap back
    return;
  }
  state.selection = null;
  moveTo(code, pile);
}

async function undo() {
  if (state.busy) return;
  if (!state.record.moves.length) {
    announce(t().nothingToUndo);
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
    const res = await api.view(rec);
    state.record = rec;
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
    announce(t().nothingToRedo);
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

async function restart() {
  if (state.busy || !state.record.moves.length) return;
  state.busy = true;
  clearSelection(false);
  try {
    const rec = { ...state.record, moves: [] };
    const res = await api.view(rec);
    state.record = rec;
    state.redo = [];
    state.autos = [];
    state.elapsed = 0;
    state.since = null;
    if (state.wonCounted) state.counted = false; // replaying a won deal is a new game
    state.wonCounted = false;
    show(res.view);
    save();
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

function rulesFromOptions(draw) {
  return {
    draw,
    passes: state.options.passes == null ? null : Number(state.options.passes),
    foundation_return: !!state.options.foundationReturn,
  };
}

function abandonIfStarted() {
  if (state.counted && !state.wonCounted) countAbandoned(variant());
}

function resetGameState(record, view) {
  state.record = record;
  state.redo = [];
  state.autos = [];
  state.elapsed = 0;
  state.since = null;
  state.counted = false;
  state.wonCounted = false;
  state.selection = null;
  show(view);
  save();
}

async function newDeal(draw = state.options.draw, ask = true) {
  if (state.busy) return;
  if (ask && inProgress() && !(await confirmNew())) return;
  state.busy = true;
  try {
    const exclude = recentDeals(`draw-${draw}`).slice(0, 500);
    const res = await patience(api.newGame(rulesFromOptions(draw), state.options.source, exclude));
    abandonIfStarted();
    resetGameState(res.record, res.view);
    announce(t().newGame(res.record.deal.number));
    if (res.record.deal.source !== state.options.source && state.options.source !== "random") {
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

async function openDeal(draw, number) {
  const record = {
    game: "klondike",
    rules: rulesFromOptions(draw),
    deal: { number, numbering: "pysol", source: "chosen" },
    moves: [],
  };
  const res = await viewOf(record);
  abandonIfStarted();
  resetGameState(record, res.view);
}

async function hint() {
  if (state.busy || !state.view) return;
  state.busy = true;
  clearSelection(false);
  try {
    const h = await patience(api.hint(state.record));
    const msg = h[state.lang];
    toast(msg);
    announce(msg);
    if (h.move === "s" || h.move === "r") board.pulse("stock");
    else if (h.move) {
      const [code, dest] = h.move.split(">");
      board.pulse(code);
      board.pulse(dest === "f" ? `f${board.foundationSlot(code[1])}` : `c${Number(dest) - 1}`);
    }
  } catch (err) {
    apiFailed(err);
  } finally {
    state.busy = false;
  }
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
      await new Promise((r) => setTimeout(r, 70));
    }
  } catch (err) {
    apiFailed(err);
  } finally {
    state.busy = false;
  }
}

// ---------------------------------------------------------------- statistics and options
function renderStats() {
  const all = store.loadStats();
  const tt = t();
  const rows = [
    [tt.stPlayed, (s) => s.played],
    [tt.stWon, (s) => s.won],
    [tt.stRate, (s) => (s.played ? `${Math.round((100 * s.won) / s.played)}%` : "—")],
    [tt.stStreak, (s) => s.streak],
    [tt.stBest, (s) => s.bestStreak],
    [tt.stTime, (s) => (s.bestTime == null ? "—" : fmtTime(s.bestTime))],
    [tt.stMoves, (s) => (s.fewestMoves == null ? "—" : s.fewestMoves)],
  ];
  const v1 = { ...blankStats(), ...(all["draw-1"] || {}) };
  const v3 = { ...blankStats(), ...(all["draw-3"] || {}) };
  const table = document.createElement("table");
  table.className = "stats-table";
  const head = table.insertRow();
  for (const h of ["", tt.draw1, tt.draw3]) {
    const th = document.createElement("th");
    th.textContent = h;
    head.appendChild(th);
  }
  for (const [label, f] of rows) {
    const tr = table.insertRow();
    tr.insertCell().textContent = label;
    tr.insertCell().textContent = String(f(v1));
    tr.insertCell().textContent = String(f(v3));
  }
  $("stats-body").replaceChildren(table);
}

function bindUi() {
  $("btn-new").addEventListener("click", () => newDeal());
  $("btn-restart").addEventListener("click", restart);
  $("btn-undo").addEventListener("click", undo);
  $("btn-redo").addEventListener("click", redo);
  $("btn-hint").addEventListener("click", hint);
  $("btn-collect").addEventListener("click", collect);
  for (const d of [1, 3]) {
    $(`draw${d}`).addEventListener("click", async () => {
      if (state.record && state.record.rules.draw === d) return;
      if (inProgress() && !(await confirmNew())) return;
      state.options.draw = d;
      store.saveOptions(state.options);
      newDeal(d, false);
    });
  }
  $("source").addEventListener("change", (e) => {
    state.options.source = e.target.value;
    store.saveOptions(state.options);
    newDeal();
  });
  $("btn-lang").addEventListener("click", () => {
    const l = state.lang === "ru" ? "en" : "ru";
    store.saveLang(l);
    setLang(l);
  });
  $("btn-share").addEventListener("click", async () => {
    const url = location.origin + dealUrl(state.record);
    try {
      await navigator.clipboard.writeText(url);
    } catch (_) { /* no clipboard: the address is shown anyway */ }
    toast(t().copied + url);
  });
  $("deal-link").addEventListener("click", (e) => e.preventDefault());
  $("btn-stats").addEventListener("click", () => {
    renderStats();
    $("dlg-stats").showModal();
  });
  $("stats-reset").addEventListener("click", () => {
    store.saveStats({});
    renderStats();
  });
  $("btn-options").addEventListener("click", () => {
    const o = state.options;
    $("opt-passes").value = o.passes == null ? "" : String(o.passes);
    $("opt-return").checked = !!o.foundationReturn;
    $("opt-auto").checked = !!o.auto;
    $("opt-four").checked = !!o.four;
    $("dlg-options").showModal();
  });
  $("dlg-options").addEventListener("close", () => {
    const o = state.options;
    const passes = $("opt-passes").value === "" ? null : Number($("opt-passes").value);
    const ret = $("opt-return").checked;
    const rulesChanged = passes !== o.passes || ret !== o.foundationReturn;
    o.passes = passes;
    o.foundationReturn = ret;
    o.auto = $("opt-auto").checked;
    o.four = $("opt-four").checked;
    store.saveOptions(o);
    applyOptionsToPage();
    if (rulesChanged) toast(t().nextDealRules);
  });
  $("dlg-win").addEventListener("close", () => {
    if ($("dlg-win").returnValue === "new") newDeal(state.record.rules.draw, false);
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
      if (e.code === "KeyD" && state.view) {
        clearSelection(false);
        doMove(state.view.counters.stock ? "s" : "r");
      } else if (e.code === "KeyH") {
        hint();
      }
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
}

// ---------------------------------------------------------------- start
async function start() {
  applyOptionsToPage();
  setLang(state.lang);
  bindUi();
  const m = location.pathname.match(/^\/klondike\/draw-([13])\/deal\/(\d+)\/?$/);
  const saved = store.loadGame();
  const savedOk = saved && saved.record && Array.isArray(saved.record.moves);
  try {
    if (m) {
      const draw = Number(m[1]);
      const number = Number(m[2]);
      if (!Number.isSafeInteger(number) || number < 1) throw new ApiError(422, `deal number ${m[2]} is out of range`);
      if (savedOk && saved.record.rules.draw === draw && saved.record.deal.number === number) {
        await resume(saved);
      } else {
        state.options.draw = draw;
        store.saveOptions(state.options);
        await openDeal(draw, number);
      }
    } else if (savedOk) {
      await resume(saved);
    } else {
      await newDeal(state.options.draw, false);
    }
  } catch (err) {
    apiFailed(err);
    await newDeal(state.options.draw, false);
  }
  document.body.dataset.ready = "1";
  // The bench reads these: the table is dealt, and the frame that shows it has been produced.
  performance.mark("kosynka-dealt");
  requestAnimationFrame(() => setTimeout(() => performance.mark("kosynka-shown"), 0));
}

async function resume(saved) {
  const res = await viewOf(saved.record);
  state.record = saved.record;
  state.redo = Array.isArray(saved.redo) ? saved.redo.filter((x) => typeof x === "string") : [];
  state.autos = Array.isArray(saved.autos) ? saved.autos.filter((i) => Number.isInteger(i)) : [];
  state.elapsed = Number(saved.elapsed) || 0;
  state.since = null;
  state.counted = !!saved.counted;
  state.wonCounted = !!saved.wonCounted;
  show(res.view);
  if (state.record.moves.length && res.view.outcome !== "won") startClock();
}

start();
