// @ts-check
// The page as the player chose it: the looks (a four-colour deck, large print, the card back,
// the table's colour) and the language (every word on the page, the cards' spoken names).

import { translatePage } from "../i18n.js";
import { shareLabel } from "./share.js";
import { show } from "./show.js";
import { showSources } from "./sources.js";
import { $, board, game, state } from "./state.js";

/** Apply the options that change how the page looks (and the deal sources they allow). */
export function applyOptionsToPage() {
  const o = state.options;
  const body = document.body;
  body.classList.toggle("four", !!o.four);
  body.classList.toggle("large", !!o.large);
  body.dataset.back = o.back;
  body.dataset.felt = o.felt;
  showSources();
}

/** Speak `lang` on the whole page. @param {import("../types.js").Lang} lang */
export function setLang(lang) {
  state.lang = lang;
  translatePage(lang);
  const other = lang === "ru" ? "en" : "ru";
  $("btn-lang").textContent = other.toUpperCase();
  $("btn-lang").setAttribute("aria-label", other === "ru" ? "Русский" : "English");
  /** @type {HTMLAnchorElement} */ ($("rules-link")).href = game.rulesPath(lang);
  shareLabel();
  board.setLang(lang);
  showSources();
  if (state.view) show(state.view);
}
