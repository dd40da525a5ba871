// @ts-check
// The header's menus: the games menu, the menu that holds on a small screen what the header
// has no room for, and the deals-of-the-day dialog with its calendar.

import { Calendar, dailyPath } from "../daily.js";
import { confirmNew, inProgress } from "./deals.js";
import { $, dialog, game, state, t, variant } from "./state.js";

/** The calendar the deals-of-the-day dialog shows (null before it first opens).
 * @type {Calendar|null} */
export let calendar = null;

/** The address part of the deals of the day for the rules of the game in play (the options'
 * before there is one): a player of one pass through the stock is offered the one-pass deals. */
const dailyRules = () => (state.record ? state.record.rules : game.rulesFor(variant(), state.options));
const dailyPart = () => game.daily.path(variant(), dailyRules());

/** Open the deals-of-the-day dialog: today's deals and the month's calendar (the days won). */
export function openCalendar() {
  toggleMore(false);
  calendar = new Calendar({
    variant: variant(),
    lang: state.lang,
    current: state.daily,
    open: async (date, grade) => {
      const here = state.daily && state.daily.date === date && state.daily.grade === grade;
      if (!here && inProgress() && !(await confirmNew())) return;
      dialog("dlg-daily").close();
      if (!here) location.assign(dailyPath(date, dailyPart(), grade));
    },
  });
  calendar.render();
  const label = game.daily.label ? game.daily.label(dailyRules(), t()) : "";
  const named = [$("variant-name").textContent, label].filter(Boolean).join(", ");
  $("daily-variant").textContent = named.charAt(0).toUpperCase() + named.slice(1);
  if (!dialog("dlg-daily").open) dialog("dlg-daily").showModal();
}

/** Open or close the games menu (`open` undefined: the other way). @param {boolean} [open] */
export function toggleGames(open) {
  const btn = $("btn-games");
  const menu = $("games-menu");
  const now = open === undefined ? menu.hidden : open;
  menu.hidden = !now;
  btn.setAttribute("aria-expanded", String(now));
  if (now) {
    const here = /** @type {HTMLElement|null} */ (menu.querySelector("[aria-current]") || menu.querySelector("a"));
    if (here) here.focus();
  }
}

/** Open or close the menu that holds, on a small screen, what the header has no room for (the
 * deal and its link, the variant, the deal source, options, statistics, rules, language).
 * @param {boolean} [open] undefined: the other way */
export function toggleMore(open) {
  const panel = $("more");
  const now = open === undefined ? !panel.classList.contains("open") : open;
  panel.classList.toggle("open", now);
  $("btn-more").setAttribute("aria-expanded", String(now));
  if (now) {
    const first = /** @type {HTMLElement|null} */ (panel.querySelector("button:not([hidden]), a, select"));
    if (first) first.focus();
  }
}
