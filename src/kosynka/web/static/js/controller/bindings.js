// @ts-check
// The page's controls wired to the game: the bottom bar's buttons, the header's menus, the
// dialogs (share, statistics, options, the end of a game, the win, the deals of the day), the
// keyboard's shortcuts, and the page's timers (the clock shown, the table laid out again as
// the window changes, the clock stopped while the page is hidden).

import { isOnline, onConnectionChange } from "../offline.js";
import { store } from "../store.js";
import { analyse, openEnd } from "./analysis.js";
import { fmtTime, playedMs, startClock, stopClock } from "./clock.js";
import { newDeal } from "./deals.js";
import { collect, hint } from "./hints.js";
import { applyOptionsToPage, setLang } from "./looks.js";
import { calendar, openCalendar, toggleGames, toggleMore } from "./menus.js";
import { toast } from "./messages.js";
import { stockMove } from "./moves.js";
import { save } from "./saving.js";
import { clearSelection } from "./selection.js";
import { copyBySelection, share } from "./share.js";
import { show } from "./show.js";
import { refreshSources } from "./sources.js";
import { renderStats } from "./stats.js";
import { $, dialog, field, game, state, t, variant } from "./state.js";
import { jumpTo, redo, restart, undo } from "./undo.js";

/** The shared options the Options dialog shows for every game: applied as they change. */
const LOOKS = ["auto", "four", "large", "sound", "back", "felt"];

/** Wire the page's buttons, menus, dialogs, keys and timers to the game. */
export function bindUi() {
  $("btn-new").addEventListener("click", () => newDeal());
  $("btn-restart").addEventListener("click", restart);
  $("btn-undo").addEventListener("click", undo);
  $("btn-redo").addEventListener("click", redo);
  $("btn-hint").addEventListener("click", hint);
  $("btn-collect").addEventListener("click", collect);
  // A collect only the server's solver could prove (the rules in the browser asked it): shown
  // when it answers, if the game is still where it was asked.
  window.addEventListener("kosynka:collect", (e) => {
    const asked = /** @type {CustomEvent} */ (e).detail;
    if (!state.view || state.view.outcome || JSON.stringify(asked) !== JSON.stringify(state.record)) return;
    state.view.collect = true;
    $("btn-collect").hidden = false;
  });
  // Offline the game goes on; what needs the server says so on the buttons and when it goes.
  const connection = (/** @type {boolean} */ online) => {
    document.body.dataset.offline = online ? "" : "1";
  };
  connection(isOnline());
  onConnectionChange((online) => {
    connection(online);
    toast(online ? t().backOnline : t().wentOffline, !online);
  });
  $("btn-deal").addEventListener("click", stockMove);
  $("btn-games").addEventListener("click", () => toggleGames());
  $("games-menu").addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      toggleGames(false);
      $("btn-games").focus();
    }
  });
  document.addEventListener("click", (e) => {
    const on = /** @type {Element} */ (e.target);
    if (!$("games-menu").hidden && !on.closest(".games")) toggleGames(false);
    if ($("more").classList.contains("open") && !on.closest("#more, #btn-more")) toggleMore(false);
  });
  for (const a of /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll("#games-menu a"))) {
    if (a.dataset.variant === game.pageVariant(state.variant)) a.setAttribute("aria-current", "page");
  }
  if ($("source")) {
    $("source").addEventListener("change", (e) => {
      state.options[game.sourceOption] = /** @type {HTMLSelectElement} */ (e.target).value;
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
    field("share-url").select();
    if (copyBySelection(field("share-url").value)) {
      dialog("dlg-share").close();
      toast(t().copied + field("share-url").value);
    }
  });
  $("deal-link").addEventListener("click", (e) => e.preventDefault());
  $("btn-stats").addEventListener("click", () => {
    toggleMore(false);
    renderStats();
    dialog("dlg-stats").showModal();
  });
  $("stats-reset").addEventListener("click", () => {
    store.saveStats({});
    renderStats();
  });
  $("btn-options").addEventListener("click", () => {
    toggleMore(false);
    const o = state.options;
    game.options.fill(field, o);
    for (const k of LOOKS) /** @type {Record<string, any>} */ (field(`opt-${k}`))[typeof o[k] === "boolean" ? "checked" : "value"] = o[k];
    dialog("dlg-options").showModal();
  });
  // The looks and the sound apply as they are chosen (the rules from the next deal).
  const readLooks = () => {
    const o = state.options;
    for (const k of LOOKS) o[k] = typeof o[k] === "boolean" ? field(`opt-${k}`).checked : field(`opt-${k}`).value;
    store.saveOptions(o);
    applyOptionsToPage();
    if (state.view) show(state.view);
  };
  for (const k of LOOKS) $(`opt-${k}`).addEventListener("change", readLooks);
  $("dlg-options").addEventListener("close", () => {
    const rulesChanged = game.options.read(field, state.options);
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
    dialog("dlg-end").close("jump");
    jumpTo(n);
  });
  dialog("dlg-end").addEventListener("close", () => {
    const v = dialog("dlg-end").returnValue;
    if (v === "undo") undo();
    else if (v === "restart") restart();
    else if (v === "new") newDeal(variant(), false);
  });
  dialog("dlg-win").addEventListener("close", () => {
    if (dialog("dlg-win").returnValue === "new") newDeal(variant(), false);
    else if (dialog("dlg-win").returnValue === "daily") openCalendar();
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
    } else if (!e.ctrlKey && !e.metaKey && !e.altKey && !/** @type {Element} */ (e.target).closest("select, input")) {
      if (e.code === "KeyD" && game.hasStock) stockMove();
      else if (e.code === "KeyH") hint();
    }
  });
  document.addEventListener("pointerdown", (e) => {
    const on = /** @type {Element} */ (e.target);
    if (state.selection && !on.closest("#board") && !on.closest("dialog")) clearSelection(false);
  });
  /** @type {ReturnType<typeof setTimeout>|undefined} */
  let resizeTimer = undefined;
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
