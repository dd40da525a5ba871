// @ts-check
// New deals and deals of the day in the browser, from the starter library's deal numbers the
// server publishes for each game (/deals/<game>.json, kosynka/web/routes/data.py): which graded
// sources a rule set has, a graded deal the player has not had lately, and the deal of a day,
// picked exactly as kosynka.library.daily picks it (a permutation of the grade's deals keyed by
// SHA-256 digests), so a deal of the day is the same deal with or without the network.

import { sha256 } from "./sha256.js";

/** @typedef {import("./twin.js").DealNumber} DealNumber */
/** A rule set of the starter library with its deal numbers by grade.
 * @typedef {{rules: Record<string, any>, text: string, grades: Record<string, DealNumber[]>}} RuleSet */
/** A rule set as the server sends it (kosynka.web.routes.data.packed_deals): the lowest deal
 * number, a bit for each number from it on that is a deal, and the deals' grades five a byte
 * in base 3, both in base64.
 * @typedef {{rules: Record<string, any>, text: string, first: number|string, bits: string, grades: string}} SentSet */
/** @typedef {{game: string, numberings: string[], graded_numbering: string, sets: RuleSet[],
 *   daily: {options: Record<string, any[]>, defaults: Record<string, any>}}} DealsFile */
/** @typedef {{game: string, numberings: string[], graded_numbering: string, sets: SentSet[],
 *   daily: {options: Record<string, any[]>, defaults: Record<string, any>}}} SentFile */

export const GRADES = ["easy", "normal", "hard"];
/** The bytes of a base64 text. @param {string} text */
const bytesOf = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** @type {WeakMap<object, DealsFile>} */
const readFiles = new WeakMap();

/** The deals file with each grade's numbers written out from the packed sets the server sends
 * (kosynka.web.routes.data.packed_deals). Read once per file (a file read already is its own).
 * @param {SentFile|DealsFile} file @returns {DealsFile} */
export function readDeals(file) {
  const known = readFiles.get(file);
  if (known) return known;
  const sets = /** @type {SentFile} */ (file).sets.map((s) => {
    /** @type {Record<string, DealNumber[]>} */
    const grades = { easy: [], normal: [], hard: [] };
    const bits = bytesOf(s.bits);
    const codes = bytesOf(s.grades);
    const first = BigInt(s.first);
    let k = 0; // the deals read so far
    for (let i = 0; i < bits.length * 8; i++) {
      if (!(bits[i >> 3] & (1 << (i & 7)))) continue;
      const grade = GRADES[Math.floor(codes[Math.floor(k / 5)] / 3 ** (k % 5)) % 3];
      if (grade === undefined || Math.floor(k / 5) >= codes.length) throw new Error(`${file.game}: no grade for deal ${k} of ${s.text}`);
      const at = first + BigInt(i);
      grades[grade].push(at <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(at) : String(at));
      k++;
    }
    return { rules: s.rules, text: s.text, grades };
  });
  const out = { ...file, sets };
  readFiles.set(file, out);
  readFiles.set(out, out);
  return out;
}
const DAYS = 366;
const SPLIT_FROM = 2 * DAYS;

/** The starter rule set that `rules` (the API's rules of a record) are, or undefined.
 * @param {SentFile|DealsFile} file @param {Record<string, any>} rules */
export function ruleSet(file, rules) {
  return readDeals(file).sets.find((s) => Object.keys(s.rules).every((k) => (rules[k] ?? null) === s.rules[k]));
}

/** Which graded sources have deals for `rules` (the server's /sources).
 * @param {SentFile|DealsFile} file @param {Record<string, any>} rules */
export function sources(file, rules) {
  const set = ruleSet(file, rules);
  return {
    easy: !!(set && set.grades.easy.length),
    normal: !!(set && set.grades.normal.length),
    hard: !!(set && set.grades.hard.length),
    random: true,
  };
}

/** A random deal of `grade` for `rules` that is not in `exclude` (any of the grade when every
 * one is), or null when the starter library has none.
 * @param {SentFile|DealsFile} file @param {Record<string, any>} rules @param {string} grade
 * @param {DealNumber[]} exclude @param {() => number} [random] */
export function pick(file, rules, grade, exclude, random = Math.random) {
  const set = ruleSet(file, rules);
  const all = (set && set.grades[grade]) || [];
  if (!all.length) return null;
  const seen = new Set(exclude.map(String));
  const fresh = all.filter((n) => !seen.has(String(n)));
  const from = fresh.length ? fresh : all;
  return from[Math.floor(random() * from.length)];
}

/** -1, 0 or 1 as byte strings `a` and `b` compare. @param {Uint8Array} a @param {Uint8Array} b */
function compareBytes(a, b) {
  for (let i = 0; i < a.length && i < b.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return a.length - b.length;
}

/** `deals` ordered by the digest of `parts` with each number last, the number breaking ties
 * (kosynka.library.daily's sort key).
 * @param {DealNumber[]} deals @param {string} prefix */
function ranked(deals, prefix) {
  const keyed = deals.map((n) => ({ n, d: sha256(`${prefix}|${n}`) }));
  keyed.sort((x, y) => compareBytes(x.d, y.d) || (BigInt(x.n) < BigInt(y.n) ? -1 : BigInt(x.n) > BigInt(y.n) ? 1 : 0));
  return keyed.map((k) => k.n);
}

/** The order in which `year`'s days draw from `deals` (kosynka.library.daily.year_order).
 * @param {DealNumber[]} deals @param {string} key @param {number} year */
export function yearOrder(deals, key, year) {
  const numeric = [...new Set(deals.map((n) => BigInt(n)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  /** @type {DealNumber[]} */
  let pool = numeric.map((n) => (n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : String(n)));
  if (pool.length >= SPLIT_FROM) {
    const halved = ranked(pool, `${key}|half`);
    const cut = Math.floor(halved.length / 2);
    pool = year % 2 === 0 ? halved.slice(0, cut) : halved.slice(cut);
  }
  return ranked(pool, `${key}|${year}`);
}

/** The day of the year of a date written YYYY-MM-DD (1 for 1 January), and its year.
 * @param {string} date */
export function dayOfYear(date) {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(date);
  if (!m) throw new Error(`not a date: ${date}; expected YYYY-MM-DD`);
  const year = Number(m[1]);
  const at = new Date(0);
  at.setUTCFullYear(year, Number(m[2]) - 1, Number(m[3]));
  if (at.getUTCMonth() !== Number(m[2]) - 1 || at.getUTCDate() !== Number(m[3]) || year === 0) throw new Error(`no such date: ${date}`);
  const start = new Date(0);
  start.setUTCFullYear(year, 0, 1);
  return { year, day: Math.round((at.getTime() - start.getTime()) / 86400000) + 1 };
}

/** The deal of the day `date` of `grade` for the daily variant `choice` (the options that tell
 * the game's daily variants apart: {draw: 3}; a null left out unless it is one of the option's
 * values, as unlimited passes are), as kosynka.library.daily.daily_deal picks it:
 * its number, numbering and rules (the API's), and how many deals of the grade there are.
 * @param {SentFile|DealsFile} file @param {string} date @param {string} grade @param {Record<string, any>} choice */
export function dailyDeal(file, date, grade, choice) {
  const kinds = file.daily.options;
  /** @type {Record<string, any>} */
  const wanted = { ...file.daily.defaults };
  for (const [name, value] of Object.entries(choice)) {
    if (value === undefined || (value === null && !(kinds[name] || []).includes(null))) continue;
    if (!(name in kinds)) throw new Error(`${file.game}'s daily deals have no variants by ${name}`);
    if (!kinds[name].includes(value)) throw new Error(`${file.game}'s daily deals have ${name} ${kinds[name].join(", ")}, not ${value}`);
    wanted[name] = value;
  }
  const set = readDeals(file).sets.find((s) => Object.entries(wanted).every(([k, v]) => s.rules[k] === v));
  if (!set) throw new Error(`${file.game} has no starter library for these rules`);
  if (!GRADES.includes(grade)) throw new Error(`unknown grade ${grade}`);
  const { year, day } = dayOfYear(date);
  const order = yearOrder(set.grades[grade], `${file.game}|${set.text}|${grade}`, year);
  if (!order.length) throw new Error(`no deals to choose the deal of ${date} from`);
  const pool = new Set(set.grades[grade].map(String)).size;
  return { number: order[(day - 1) % order.length], numbering: file.graded_numbering, rules: set.rules, pool };
}
