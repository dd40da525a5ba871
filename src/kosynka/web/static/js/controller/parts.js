// @ts-check
// The page's parts that come from the game's module, built once: its counters in the status
// line, its rows and notes in the Options dialog, and its variant switch.

import { store } from "../store.js";
import { confirmNew, inProgress, newDeal } from "./deals.js";
import { toggleMore } from "./menus.js";
import { $, game, state } from "./state.js";

/** The game's counters in the status line (after the deal and the moves, before the time). */
export function buildStatus() {
  const time = /** @type {HTMLElement} */ ($("c-time").parentElement);
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
export function buildOptions() {
  const auto = $("opt-auto-row");
  for (const r of game.options.rows || []) {
    const row = document.createElement("label");
    row.className = "row";
    const words = document.createElement("span");
    words.dataset.i18n = r.label;
    if (r.select) {
      const sel = document.createElement("select");
      sel.id = r.select;
      for (const [value, label] of /** @type {string[][]} */ (r.choices)) {
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
      box.id = /** @type {string} */ (r.check);
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
export function buildVariants() {
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
