// @ts-check
// Sharing a deal: its address through a phone's share sheet, or copied (by the clipboard, or
// by a selection where there is none), or shown selected to copy by hand.

import { toggleMore } from "./menus.js";
import { toast } from "./messages.js";
import { $, dialog, field, game, state, t } from "./state.js";

/** A phone's system share sheet, where the browser has one (on a computer the address is
 * copied instead, which is what its share button does). */
const shareSheet = () => !!navigator.share && window.matchMedia("(pointer: coarse)").matches;

/** Share the deal's address: the system share sheet on a phone; else copy it, and say so only
 * when it was copied: when it could not be, the address is shown selected, to copy by hand. */
export async function share() {
  const url = location.origin + game.pathOf(state.record);
  if (shareSheet()) {
    try {
      await navigator.share({ title: document.title, url });
      return;
    } catch (/** @type {any} */ err) {
      if (err && err.name === "AbortError") return; // the player closed the sheet
      console.warn("kosynka: share", err && err.message ? err.message : err);
    }
  }
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch (_) {
    // No clipboard here (a page served over plain http from another machine has none), or
    // the browser refused: the older way, a selection copied.
    copied = copyBySelection(url);
  }
  if (copied) {
    toast(t().copied + url);
    return;
  }
  toggleMore(false);
  const input = field("share-url");
  input.value = url;
  dialog("dlg-share").showModal();
  input.focus();
  input.select();
}

/** Copy `text` through a selection (document.execCommand): true when the browser copied it.
 * @param {string} text */
export function copyBySelection(text) {
  const box = document.createElement("textarea");
  box.value = text;
  box.setAttribute("readonly", "");
  box.style.cssText = "position:fixed;top:0;left:0;opacity:0;";
  (document.querySelector("dialog[open]") || document.body).appendChild(box);
  box.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch (_) {
    ok = false;
  }
  box.remove();
  return ok;
}

/** Name the share button for what it does here (a share sheet, or a copy). */
export function shareLabel() {
  const b = $("btn-share");
  b.setAttribute("aria-label", shareSheet() ? t().shareBtn : t().share);
}
