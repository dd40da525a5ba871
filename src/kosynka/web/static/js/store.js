// @ts-check
// What the browser keeps between visits (localStorage): the game in progress (one per game, or
// per variant where the game's pages are per variant: the game module's saveKey), the options
// (every game's, under the keys its web adapter names), the language, the statistics per
// variant (the game module's variantOf) and the deals of the day won, by variant and date.

import { PAGE } from "./page.js";

/** @typedef {import("./types.js").DealNumber} DealNumber */
/** @typedef {import("./types.js").GameRecord} GameRecord */
/** @typedef {import("./types.js").Options} Options */
/** @typedef {import("./types.js").ScoreView} ScoreView */

/**
 * A game as the page saves it (the controller's snapshot, with the games a restart put aside).
 * @typedef {object} SavedGame
 * @property {GameRecord} record
 * @property {string[]} redo
 * @property {number[]} autos
 * @property {number} elapsed
 * @property {boolean} counted
 * @property {boolean} wonCounted
 * @property {boolean} lostCounted
 * @property {number} streakBefore
 * @property {number} undos
 * @property {number} hints
 * @property {boolean} banked
 * @property {{date: string, grade: string}|null} daily
 * @property {SavedGame[]} [past]
 * @property {SavedGame[]} [ahead]
 * @property {import("./types.js").ScoreRequest} [score]
 */

/**
 * One variant's statistics.
 * @typedef {object} Stats
 * @property {number} played
 * @property {number} won
 * @property {number} lost
 * @property {number} streak
 * @property {number} bestStreak
 * @property {number|null} bestTime
 * @property {number|null} fewestMoves
 * @property {DealNumber[]} recent
 * @property {Record<string, number>} [best]
 * @property {Record<string, number>} [bestHelped]
 * @property {number} [vegas]
 */
//
// Nothing read back is trusted: storage may hold what an older version wrote, what another tab
// half wrote, or what someone typed into the developer tools. Every value is checked as it is
// read; what fails the check is replaced by its default (and the bad value is forgotten), and
// the page is told once (problems()) so it can say so politely.

const KEY_OPTIONS = "kosynka.options.v1";
const KEY_STATS = "kosynka.stats.v1";
const KEY_LANG = "kosynka.lang";
const KEY_DAILY = "kosynka.daily.v1";

/** What was found unreadable in storage since the page loaded (keys). */
const found = new Set();

/** @param {string} key */
function raw(key) {
  try {
    return localStorage.getItem(key);
  } catch (_) {
    return null; // storage disabled: nothing saved, nothing wrong
  }
}

/** The parsed value at `key`, `undefined` when nothing is stored, or `BAD` when it is not JSON. */
const BAD = Symbol("bad");
/** @param {string} key @returns {any} */
function read(key) {
  const text = raw(key);
  if (text == null) return undefined;
  try {
    return JSON.parse(text);
  } catch (_) {
    return BAD;
  }
}

/** @param {string} key @param {unknown} value */
function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (_) {
    /* storage full or disabled: play goes on without saving */
  }
}

/** @param {string} key */
function forget(key) {
  try {
    localStorage.removeItem(key);
  } catch (_) {
    /* ignore */
  }
}

/** @param {unknown} v @returns {v is boolean} */
const isBool = (v) => typeof v === "boolean";
/** @param {unknown} v @returns {v is Record<string, any>} */
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
/** @param {any} v @returns {v is number} */
const isCount = (v) => Number.isSafeInteger(v) && v >= 0;
const DIGITS = /^[1-9][0-9]{0,29}$/;

/** A deal number as the page keeps it: a safe integer, or its digits when it is larger (the
 * server reads both; a browser's numbers would round it). Null when `v` is not one.
 * @param {any} v @returns {DealNumber|null} */
export function dealNumber(v) {
  if (Number.isSafeInteger(v)) return v >= 1 ? v : null;
  if (typeof v !== "string") return null;
  const text = v.replace(/^0+/, "");
  if (!DIGITS.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
}

/** The same deal number (numbers and digit strings compared by their digits).
 * @param {DealNumber|null|undefined} a @param {DealNumber|null|undefined} b */
export function sameNumber(a, b) {
  return a != null && b != null && String(a) === String(b);
}

const YES_NO = [true, false];
/** Options every game's page has. @type {Record<string, {default: unknown, values: unknown[]}>} */
const SHARED_OPTIONS = {
  auto: { default: false, values: YES_NO }, // safe cards home by themselves
  four: { default: false, values: YES_NO }, // a four-colour deck
  large: { default: false, values: YES_NO }, // the large-print deck
  sound: { default: false, values: YES_NO }, // soft sounds (off until the player turns them on)
  back: { default: "blue", values: ["blue", "red", "green", "black"] }, // the card back
  felt: { default: "green", values: ["green", "blue", "red", "grey"] }, // the table's colour
};

/** Every stored option, {key: {default, values}}: each game's (from its web adapter, through
 * the page's data: page.js), then the shared ones. The options of every game live in one stored
 * object, so every page checks (and keeps) them all. */
const OPTIONS = { ...PAGE.options, ...SHARED_OPTIONS };

export const DEFAULT_OPTIONS = Object.fromEntries(Object.entries(OPTIONS).map(([k, o]) => [k, o.default]));

/** A stored option's value is one of the values its game lists for it. */
const OPTION_CHECKS = Object.fromEntries(Object.entries(OPTIONS).map(([k, o]) => [k, (/** @type {unknown} */ v) => o.values.includes(v)]));

/** The options, checked (what is unreadable is reset to its default). @returns {Options} */
function loadOptions() {
  const got = read(KEY_OPTIONS);
  const out = { ...DEFAULT_OPTIONS };
  if (got === undefined) return out;
  let bad = !isObject(got);
  if (!bad) {
    for (const [k, check] of Object.entries(OPTION_CHECKS)) {
      if (!(k in got)) continue;
      if (check(got[k])) out[k] = got[k];
      else bad = true;
    }
  }
  if (bad) {
    found.add(KEY_OPTIONS);
    write(KEY_OPTIONS, out);
  }
  return out;
}

const RECORD_SOURCES = ["easy", "normal", "hard", "random", "random-winnable", "chosen", "daily"];
const GRADES = ["easy", "normal", "hard"];
const DATE = /^\d{4}-\d\d-\d\d$/;
const MAX_MOVES = 6000;
const MAX_ASIDE = 20; // games put aside by restarts, kept with the game in play
/** @param {unknown} v @returns {v is string[]} */
const isMoves = (v, most = MAX_MOVES) =>
  Array.isArray(v) && v.length <= most && v.every((m) => typeof m === "string" && m.length > 0 && m.length <= 16);

/** The saved game of `game` (its name) in a checked copy, or null (nothing saved, or something
 * unreadable: then it is forgotten and reported). The server checks the rest (the rules and
 * whether the moves replay).
 * @param {unknown} saved @param {string} game @returns {SavedGame|null} */
function checkGame(saved, game) {
  if (!isObject(saved)) return null;
  const r = saved.record;
  // (A record from before the page played several games names none: it is this game's.)
  if (!isObject(r) || (r.game !== undefined && r.game !== game)) return null;
  if (!isObject(r.rules) || !isObject(r.deal) || !isMoves(r.moves)) return null;
  const number = dealNumber(r.deal.number);
  if (number === null || (r.deal.numbering !== undefined && typeof r.deal.numbering !== "string")) return null;
  if (r.deal.source !== undefined && !RECORD_SOURCES.includes(r.deal.source)) return null;
  const n = r.moves.length;
  if (saved.redo !== undefined && !isMoves(saved.redo)) return null;
  if (saved.autos !== undefined && !(Array.isArray(saved.autos) && saved.autos.every((i) => Number.isInteger(i) && i >= 1 && i < n))) return null;
  if (saved.elapsed !== undefined && !(Number.isFinite(saved.elapsed) && saved.elapsed >= 0)) return null;
  if (saved.counted !== undefined && !isBool(saved.counted)) return null;
  if (saved.wonCounted !== undefined && !isBool(saved.wonCounted)) return null;
  if (saved.lostCounted !== undefined && !isBool(saved.lostCounted)) return null;
  if (saved.streakBefore !== undefined && !isCount(saved.streakBefore)) return null;
  for (const k of ["undos", "hints"]) if (saved[k] !== undefined && !isCount(saved[k])) return null;
  if (saved.banked !== undefined && !isBool(saved.banked)) return null;
  const d = saved.daily;
  if (d != null && !(isObject(d) && DATE.test(d.date) && GRADES.includes(d.grade))) return null;
  // The games a restart put aside (and undone restarts left): each a saved game of the same
  // deal with none put aside of its own. A list not readable so is dropped, the game in play
  // kept.
  /** @param {unknown} l */
  const line = (l) => {
    if (!isObject(l) || (l.past && l.past.length) || (l.ahead && l.ahead.length)) return null;
    const c = checkGame(l, game);
    if (!c || !sameNumber(c.record.deal.number, number)) return null;
    delete c.past;
    delete c.ahead;
    return c;
  };
  /** @param {unknown} v @returns {SavedGame[]} */
  const aside = (v) => {
    if (!Array.isArray(v) || v.length > MAX_ASIDE) return [];
    const lines = v.map(line);
    return lines.every(Boolean) ? /** @type {SavedGame[]} */ (lines) : [];
  };
  const past = aside(saved.past);
  const ahead = aside(saved.ahead);
  return {
    past,
    ahead,
    record: { game, rules: { ...r.rules }, deal: { ...r.deal, number }, moves: [...r.moves] },
    redo: saved.redo ? [...saved.redo] : [],
    autos: saved.autos ? [...saved.autos] : [],
    elapsed: saved.elapsed || 0,
    counted: !!saved.counted,
    wonCounted: !!saved.wonCounted,
    lostCounted: !!saved.lostCounted,
    streakBefore: saved.streakBefore || 0,
    undos: saved.undos || 0,
    hints: saved.hints || 0,
    banked: !!saved.banked,
    daily: d ? { date: d.date, grade: d.grade } : null,
  };
}

/** The saved game at `key` of the game called `game`, checked, or null.
 * @param {string} key @param {string} game */
function loadGame(key, game) {
  const got = read(key);
  if (got === undefined || got === null) return null;
  const ok = got === BAD ? null : checkGame(got, game);
  if (!ok) {
    found.add(key);
    forget(key);
  }
  return ok;
}

/** One variant's statistics checked, or null when they are unreadable.
 * @param {unknown} s @returns {Stats|null} */
function checkStats(s) {
  if (!isObject(s)) return null;
  const out = blankStats();
  for (const k of /** @type {const} */ (["played", "won", "lost", "streak", "bestStreak"])) {
    if (s[k] === undefined) continue;
    if (!isCount(s[k])) return null;
    out[k] = s[k];
  }
  for (const k of /** @type {const} */ (["bestTime", "fewestMoves"])) {
    if (s[k] === undefined || s[k] === null) continue;
    if (!(Number.isFinite(s[k]) && s[k] >= 0)) return null;
    out[k] = s[k];
  }
  // Best scores of won games by scoring, apart for games with hints; Vegas' running total.
  for (const k of /** @type {const} */ (["best", "bestHelped"])) {
    if (s[k] === undefined) continue;
    if (!isObject(s[k]) || !Object.values(s[k]).every(Number.isSafeInteger)) return null;
    out[k] = { ...s[k] };
  }
  if (s.vegas !== undefined) {
    if (!Number.isSafeInteger(s.vegas)) return null;
    out.vegas = s.vegas;
  }
  if (s.recent !== undefined) {
    if (!Array.isArray(s.recent) || s.recent.length > 1000) return null;
    const recent = s.recent.map(dealNumber);
    if (recent.includes(null)) return null;
    out.recent = /** @type {DealNumber[]} */ (recent);
  }
  return out;
}

/** Every variant's statistics, checked; an unreadable variant starts again from nothing.
 * @returns {Record<string, Stats>} */
function loadStats(report = false) {
  const got = read(KEY_STATS);
  if (got === undefined) return {};
  let bad = !isObject(got);
  /** @type {Record<string, Stats>} */
  const out = {};
  if (!bad) {
    for (const [variant, s] of Object.entries(got)) {
      const ok = checkStats(s);
      if (ok) out[variant] = ok;
      else bad = true;
    }
  }
  if (bad && report) {
    found.add(KEY_STATS);
    write(KEY_STATS, out);
  }
  return out;
}

/** The deals of the day won: {variant: {date: [grades]}}, checked (what is unreadable is
 * dropped). @returns {Record<string, Record<string, string[]>>} */
function loadDaily() {
  const got = read(KEY_DAILY);
  /** @type {Record<string, Record<string, string[]>>} */
  const out = {};
  if (!isObject(got)) return out;
  for (const [v, days] of Object.entries(got)) {
    if (!isObject(days)) continue;
    /** @type {Record<string, string[]>} */
    const ok = {};
    for (const [date, grades] of Object.entries(days)) {
      if (DATE.test(date) && Array.isArray(grades)) ok[date] = grades.filter((g) => GRADES.includes(g));
    }
    out[v] = ok;
  }
  return out;
}

/** The language saved, or null. */
function loadLang() {
  const l = raw(KEY_LANG);
  if (l === null || l === "ru" || l === "en") return l;
  found.add(KEY_LANG);
  forget(KEY_LANG);
  return null;
}

export const store = {
  loadGame,
  /** @param {string} key @param {SavedGame} g */
  saveGame: (key, g) => write(key, g),
  loadOptions,
  /** @param {Options} o */
  saveOptions: (o) => write(KEY_OPTIONS, o),
  loadLang,
  /** @param {string} l */
  saveLang: (l) => {
    try { localStorage.setItem(KEY_LANG, l); } catch (_) { /* ignore */ }
  },
  loadStats: () => loadStats(false),
  /** Check the statistics once on load (reporting and rewriting what was unreadable). */
  checkStats: () => { loadStats(true); },
  /** @param {Record<string, Stats>} s */
  saveStats: (s) => write(KEY_STATS, s),
  loadDaily,
  /** Note a deal of the day won: `variant`'s deal of `date` (YYYY-MM-DD) in `grade`.
   * @param {string} variant @param {string} date @param {string} grade */
  wonDaily(variant, date, grade) {
    const all = loadDaily();
    const days = (all[variant] = all[variant] || {});
    days[date] = [...new Set([...(days[date] || []), grade])];
    write(KEY_DAILY, all);
  },
  /** The storage keys found unreadable (and reset) since the page loaded. */
  problems: () => [...found],
};

/** Empty statistics of one variant (the best scores, {scoring: points} in `best` and
 * `bestHelped`, and the Vegas total `vegas` are there once there is one). @returns {Stats} */
export function blankStats() {
  return { played: 0, won: 0, lost: 0, streak: 0, bestStreak: 0, bestTime: null, fewestMoves: null, recent: [] };
}

/** One variant's statistics (blank where there are none) and a function that saves them.
 * @param {string} variant @returns {[Stats, () => void]} */
function statsOf(variant) {
  const all = store.loadStats();
  const s = { ...blankStats(), ...(all[variant] || {}) };
  return [s, () => { all[variant] = s; store.saveStats(all); }];
}

/** Add a game's points to the variant's running Vegas total.
 * @param {string} variant @param {number} points */
export function bank(variant, points) {
  const [s, save] = statsOf(variant);
  s.vegas = (s.vegas || 0) + points;
  save();
}

/** Count a game as played (its first move). @param {string} variant @param {DealNumber} dealNumber */
export function countPlayed(variant, dealNumber) {
  const [s, save] = statsOf(variant);
  s.played += 1;
  s.recent = [dealNumber, ...(s.recent || []).filter((n) => !sameNumber(n, dealNumber))].slice(0, 300);
  save();
}

/** Count a win with its time (ms) and moves. `lostStreak` is null for a game not counted as
 * lost; for one counted lost at a dead end and won after an undo, the streak that loss ended:
 * the loss is taken back and the streak goes on from there (one game, one result: its last).
 * @param {string} variant @param {number} ms @param {number} moves @param {number|null} [lostStreak]
 * @param {ScoreView|null} [score] */
export function countWon(variant, ms, moves, lostStreak = null, score = null) {
  const [s, save] = statsOf(variant);
  s.won += 1;
  if (score) {
    // A won game's own points (not a running total), by scoring; with hints, kept apart.
    const k = score.assisted ? "bestHelped" : "best";
    const best = (s[k] = { ...s[k] });
    const was = best[score.scoring];
    best[score.scoring] = was == null ? score.game_points : Math.max(was, score.game_points);
  }
  if (lostStreak !== null) {
    s.lost = Math.max(0, s.lost - 1);
    if (s.streak === 0) s.streak = lostStreak; // (unless another game was won meanwhile)
  }
  s.streak += 1;
  s.bestStreak = Math.max(s.bestStreak, s.streak);
  s.bestTime = s.bestTime == null ? ms : Math.min(s.bestTime, ms);
  s.fewestMoves = s.fewestMoves == null ? moves : Math.min(s.fewestMoves, moves);
  save();
  return s.streak;
}

/** A started game reached a dead end: it counts as lost and the winning streak ends. Returns
 * the streak it ended (the game keeps it, for countWon should it be won after an undo).
 * @param {string} variant */
export function countLost(variant) {
  const [s, save] = statsOf(variant);
  const streak = s.streak;
  s.lost += 1;
  s.streak = 0;
  save();
  return streak;
}

/** A started game was left unfinished for another: it counts as lost (unless a dead end
 * counted it already, `lostAlready`) and the winning streak ends. @param {string} variant */
export function countAbandoned(variant, lostAlready = false) {
  const [s, save] = statsOf(variant);
  if (!lostAlready) s.lost += 1;
  s.streak = 0;
  save();
}

/** Deal numbers played recently in a variant (sent so a new deal is not a repeat; numbers
 * beyond a browser's exact integers are never random deals, so they are left out).
 * @param {string} variant */
export function recentDeals(variant) {
  const s = store.loadStats()[variant];
  return s && Array.isArray(s.recent) ? s.recent.filter((n) => Number.isSafeInteger(n)) : [];
}
