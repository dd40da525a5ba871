// What the browser keeps between visits (localStorage): the game in progress (one per game, or
// per variant where the game's pages are per variant), the options, the language and the
// statistics per variant ("draw-1", "freecell", "spider-2", ...).

const KEY_OPTIONS = "kosynka.options.v1";
const KEY_STATS = "kosynka.stats.v1";
const KEY_LANG = "kosynka.lang";

function read(key, fallback) {
  try {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : fallback;
  } catch (_) {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (_) {
    /* storage full or disabled: play goes on without saving */
  }
}

export const DEFAULT_OPTIONS = {
  draw: 1, source: "easy", passes: null, foundationReturn: true, // Klondike's
  fcCells: 4, fcReturn: true, // FreeCell's
  spiderSuits: 2, // the Spider page opened at /spider
  auto: false, four: false, // every game's
};

export const store = {
  loadGame: (key) => read(key, null),
  saveGame: (key, g) => write(key, g),
  loadOptions: () => ({ ...DEFAULT_OPTIONS, ...read(KEY_OPTIONS, {}) }),
  saveOptions: (o) => write(KEY_OPTIONS, o),
  loadLang: () => {
    try { return localStorage.getItem(KEY_LANG); } catch (_) { return null; }
  },
  saveLang: (l) => {
    try { localStorage.setItem(KEY_LANG, l); } catch (_) { /* ignore */ }
  },
  loadStats: () => read(KEY_STATS, {}),
  saveStats: (s) => write(KEY_STATS, s),
};

/** Empty statistics of one variant. */
export function blankStats() {
  return { played: 0, won: 0, streak: 0, bestStreak: 0, bestTime: null, fewestMoves: null, recent: [] };
}

/** Count a game as played (its first move). */
export function countPlayed(variant, dealNumber) {
  const all = store.loadStats();
  const s = { ...blankStats(), ...(all[variant] || {}) };
  s.played += 1;
  s.recent = [dealNumber, ...(s.recent || []).filter((n) => n !== dealNumber)].slice(0, 300);
  all[variant] = s;
  store.saveStats(all);
}

/** Count a win with its time (ms) and moves. */
export function countWon(variant, ms, moves) {
  const all = store.loadStats();
  const s = { ...blankStats(), ...(all[variant] || {}) };
  s.won += 1;
  s.streak += 1;
  s.bestStreak = Math.max(s.bestStreak, s.streak);
  s.bestTime = s.bestTime == null ? ms : Math.min(s.bestTime, ms);
  s.fewestMoves = s.fewestMoves == null ? moves : Math.min(s.fewestMoves, moves);
  all[variant] = s;
  store.saveStats(all);
}

/** A started game was abandoned unfinished: the winning streak ends. */
export function countAbandoned(variant) {
  const all = store.loadStats();
  const s = { ...blankStats(), ...(all[variant] || {}) };
  s.streak = 0;
  all[variant] = s;
  store.saveStats(all);
}

/** Deal numbers played recently in a variant (sent so a new deal is not a repeat). */
export function recentDeals(variant) {
  const s = store.loadStats()[variant];
  return s && Array.isArray(s.recent) ? s.recent.filter((n) => Number.isSafeInteger(n)) : [];
}
