// @ts-check
// Deals of the day on the page: the player's own date, the deals' addresses, the calendar of a
// month marking the days won (kept in the browser), the month's badge and the streak of days.
//
// "Today" is the player's local date: the deal of the day changes at the player's midnight, and
// its address carries the date, so /daily/2026-12-01/<game>/hard is one deal everywhere.

import { STRINGS } from "./i18n.js";
import { store } from "./store.js";

export const GRADES = ["easy", "normal", "hard"];
const BADGES = ["bronze", "silver", "gold"];
const ADDRESS = /^\/daily\/(\d{4}-\d\d-\d\d)\/(.+)\/(easy|normal|hard)\/?$/;

/** @param {number} n */
const pad = (n, w = 2) => String(n).padStart(w, "0");
/** A Date's local calendar day, YYYY-MM-DD. @param {Date} d */
export const isoDay = (d) => `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** The player's date today. */
export const today = () => isoDay(new Date());
/** The local Date of a YYYY-MM-DD day (at noon, clear of any clock change). @param {string} day */
const dateOf = (day) => {
  const d = new Date(2000, 0, 1, 12);
  d.setFullYear(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  return d;
};

/** {date, part, grade} of a deal of the day's address, or null. @param {string} path */
export function parseDaily(path) {
  const m = ADDRESS.exec(path);
  return m && { date: m[1], part: m[2], grade: m[3] };
}

/** The address of the deal of `date` in `grade` of the variant whose address part is `part`.
 * @param {string} date @param {string} part @param {string} grade */
export const dailyPath = (date, part, grade) => `/daily/${date}/${part}/${grade}`;

/** The grades won on each day of `variant`: {date: [grades]}.
 * @param {string} variant @returns {Record<string, string[]>} */
const wonDays = (variant) => store.loadDaily()[variant] || {};

/** Days in a row with a deal of the day won in `variant`, back from today (from yesterday while
 * today's is still to win). @param {string} variant */
export function dailyStreak(variant) {
  const won = wonDays(variant);
  const d = new Date();
  d.setHours(12);
  if (!(won[isoDay(d)] || []).length) d.setDate(d.getDate() - 1);
  let n = 0;
  for (; (won[isoDay(d)] || []).length; n++) d.setDate(d.getDate() - 1);
  return n;
}

/** The month's badge when every day of it has a deal won: bronze, silver or gold by the
 * hardest grade won on its weakest day; else null.
 * @param {Record<string, string[]>} won @param {number} year @param {number} month */
function badgeOf(won, year, month) {
  const last = new Date(year, month + 1, 0).getDate();
  let tier = 2;
  for (let day = 1; day <= last; day++) {
    const grades = won[`${pad(year, 4)}-${pad(month + 1)}-${pad(day)}`] || [];
    if (!grades.length) return null;
    tier = Math.min(tier, Math.max(...grades.map((g) => GRADES.indexOf(g))));
  }
  return BADGES[tier];
}

/**
 * The deals-of-the-day dialog's calendar: a month's days, the days won marked, the days to come
 * closed, today's and the chosen day's deals. `ui`: {variant, lang, current ({date, grade} of
 * the deal of the day in play, or null), open(date, grade)}.
 */
export class Calendar {
  /** @param {{variant: string, lang: import("./types.js").Lang, current: {date: string, grade: string}|null,
   *   open: (date: string, grade: string) => void}} ui */
  constructor(ui) {
    this.ui = ui;
    this.day = ui.current ? ui.current.date : today();
    const d = dateOf(this.day);
    this.year = d.getFullYear();
    this.month = d.getMonth();
  }

  /** Show another month (`step` months on). @param {number} step */
  turn(step) {
    const d = new Date(this.year, this.month + step, 1);
    this.year = d.getFullYear();
    this.month = d.getMonth();
    this.render();
  }

  /** Draw the month, its days and the chosen day's deals. */
  render() {
    const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
    const t = STRINGS[this.ui.lang];
    const lang = this.ui.lang === "ru" ? "ru-RU" : "en-GB";
    const won = wonDays(this.ui.variant);
    const now = today();
    const first = new Date(this.year, this.month, 1, 12);
    $("cal-month").textContent = first.toLocaleDateString(lang, { month: "long", year: "numeric" });
    /** @type {HTMLButtonElement} */ ($("cal-next")).disabled = isoDay(new Date(this.year, this.month + 1, 1)) > now;
    const grid = $("cal-days");
    grid.replaceChildren();
    for (let k = 0; k < 7; k++) {
      const h = document.createElement("span");
      h.className = "wd";
      h.textContent = new Date(2024, 0, 1 + k).toLocaleDateString(lang, { weekday: "narrow" }); // 1 Jan 2024: a Monday
      grid.append(h);
    }
    const last = new Date(this.year, this.month + 1, 0).getDate();
    let count = 0;
    for (let day = 1; day <= last; day++) {
      const date = `${pad(this.year, 4)}-${pad(this.month + 1)}-${pad(day)}`;
      const grades = won[date] || [];
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = String(day);
      b.dataset.date = date;
      if (day === 1) b.style.gridColumnStart = String(((first.getDay() + 6) % 7) + 1);
      const best = Math.max(-1, ...grades.map((g) => GRADES.indexOf(g)));
      if (best >= 0) {
        count++;
        b.classList.add("won", BADGES[best]);
      }
      b.classList.toggle("today", date === now);
      b.setAttribute("aria-pressed", String(date === this.day));
      b.disabled = date > now;
      const when = dateOf(date).toLocaleDateString(lang, { day: "numeric", month: "long" });
      b.setAttribute("aria-label", best >= 0 ? `${when}: ${t.dayWon(grades.map((g) => t[SRC[g]].toLowerCase()).join(", "))}` : when);
      b.addEventListener("click", () => {
        this.day = date;
        this.render();
      });
      grid.append(b);
    }
    const badge = badgeOf(won, this.year, this.month);
    const note = $("cal-badge");
    note.className = `cal-badge ${badge || ""}`;
    note.textContent = badge ? t.badge(t[badge]) : t.monthWon(count, last);
    // The chosen day's three deals (today's when the month shows it).
    const chosen = dateOf(this.day);
    $("daily-day").textContent = chosen.toLocaleDateString(lang, { weekday: "long", day: "numeric", month: "long", year: "numeric" });
    const dayWon = won[this.day] || [];
    for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#daily-grades button"))) {
      const g = /** @type {string} */ (b.dataset.grade);
      const playing = this.ui.current && this.ui.current.date === this.day && this.ui.current.grade === g;
      b.classList.toggle("won", dayWon.includes(g));
      b.textContent = `${t[SRC[g]]}${dayWon.includes(g) ? " \u2713" : ""}`;
      b.setAttribute("aria-current", String(!!playing));
      b.onclick = () => this.ui.open(this.day, g);
    }
  }
}

/** @type {Record<string, string>} */
const SRC = { easy: "srcEasy", normal: "srcNormal", hard: "srcHard" };
