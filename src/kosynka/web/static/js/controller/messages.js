// @ts-check
// What the page tells the player besides the table: a message for a moment (toast), a sentence
// for a screen reader (announce), "thinking" while an answer is slow, a refused move, and a
// failed request in the player's words.

import { ApiError } from "../api.js";
import { $, board, t } from "./state.js";

/** @type {ReturnType<typeof setTimeout>|undefined} */
let toastTimer = undefined;

/** Show `text` for a moment (longer, and marked, when it is a warning).
 * @param {string} text @param {boolean} [warn] */
export function toast(text, warn = false) {
  const el = $("toast");
  placeToast(el);
  el.textContent = text;
  el.classList.toggle("warn", warn);
  el.classList.add("show");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove("show"), warn ? 3600 : 2600);
}

/** Keep messages clear of the buttons: above the bottom bar, or beside it where it stands at
 * the side (a phone on its side). @param {HTMLElement} el */
function placeToast(el) {
  const bar = /** @type {Element} */ (document.querySelector(".bar")).getBoundingClientRect();
  const side = bar.height > bar.width;
  el.style.bottom = side ? "10px" : `${Math.max(window.innerHeight - bar.top, 0) + 10}px`;
  el.style.left = side ? `${bar.left / 2}px` : "50%";
  el.style.maxWidth = side ? `${Math.max(bar.left - 20, 120)}px` : "";
}

/** Say "thinking" if `promise` takes longer than a moment (the solver may be asked).
 * @template T @param {Promise<T>} promise */
export function patience(promise) {
  const timer = setTimeout(() => toast(t().thinking), 350);
  return promise.finally(() => clearTimeout(timer));
}

/** Have a screen reader say `text`. @param {string} text */
export function announce(text) {
  const el = $("announce");
  el.textContent = "";
  setTimeout(() => { el.textContent = text; }, 30);
}

/** Tell the player a request failed, in their words (the server's own message, meant for
 * developers, goes to the console only). @param {any} err @param {string|null} [what] */
export function apiFailed(err, what = null) {
  const status = err instanceof ApiError ? err.status : -1;
  console.warn("kosynka:", status, err && err.message ? err.message : err);
  let text = t().serverError;
  if (status === 0) text = t().offline;
  else if (status === 429) text = t().busyServer;
  else if (what) text = what;
  toast(text, true);
}

/** Say why a move was refused (and shake the card `key`, when there is one).
 * @param {string} message @param {string|null} key */
export function refuse(message, key) {
  if (key) board.shake(key);
  toast(message, true);
  announce(message);
}
