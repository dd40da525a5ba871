// @ts-check
// The table's input: a pointer's tap or drag, and the keyboard (Enter or Space to tap, the
// arrow keys to move between piles and along a column's face-up cards, or on a table made of
// places between the cards that can be played), turned into the taps
// and drops the table passes on to the controller (its `on` callbacks).

import { pileKind, pileNumber } from "./cards.js";

/** @typedef {import("../board.js").Board} Board */

/** Turn a pointer's press and release on the table into a tap, or, when it moved, into a drag
 * of the card (and those on it) and a drop on the pile under it. @param {Board} board */
export function bindPointer(board) {
  const el = board.el;
  el.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 || board.drag) return;
    const target = board.targetOf(e.target);
    board.drag = { id: e.pointerId, x0: e.clientX, y0: e.clientY, target, moved: false, group: [] };
    if (target.kind === "card") {
      board.drag.group = board.groupOf(target.key).map((c) => ({ el: c, base: c.style.transform }));
    }
  });
  el.addEventListener("pointermove", (e) => {
    const d = board.drag;
    if (!d || d.id !== e.pointerId || !d.group.length) return;
    const dx = e.clientX - d.x0;
    const dy = e.clientY - d.y0;
    if (!d.moved && Math.hypot(dx, dy) < 7) return;
    if (!d.moved) {
      d.moved = true;
      try { el.setPointerCapture(e.pointerId); } catch (_) { /* ignore */ }
      d.group.forEach((g, k) => {
        g.el.classList.add("dragging");
        g.el.style.zIndex = String(2000 + k);
      });
    }
    for (const g of d.group) g.el.style.transform = `${g.base} translate(${dx}px, ${dy}px)`;
  });
  /** @param {PointerEvent} e @param {boolean} cancelled */
  const finish = (e, cancelled) => {
    const d = board.drag;
    if (!d || d.id !== e.pointerId) return;
    board.drag = null;
    if (d.moved) {
      for (const g of d.group) g.el.classList.remove("dragging");
      let pile = cancelled ? null : board.pileAt(e.clientX, e.clientY);
      if (!pile && !cancelled && d.group[0]) {
        const r = d.group[0].el.getBoundingClientRect();
        pile = board.pileAt(r.left + r.width / 2, r.top + r.height / 4);
      }
      board.on.drop(d.target, pile === d.target.pile ? null : pile);
      return;
    }
    if (!cancelled) board.on.tap(d.target);
  };
  el.addEventListener("pointerup", (e) => finish(e, false));
  el.addEventListener("pointercancel", (e) => finish(e, true));
  el.addEventListener("dblclick", (e) => e.preventDefault());
}

/** Enter or Space taps what has the focus; the arrow keys move the focus. @param {Board} board */
export function bindKeys(board) {
  board.el.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const target = board.targetOf(document.activeElement);
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      board.on.tap(target, { keyboard: true });
      return;
    }
    /** @type {"left"|"right"|"up"|"down"|undefined} */
    const dir = /** @type {Record<string, "left"|"right"|"up"|"down">} */ ({ ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" })[e.key];
    if (!dir) return;
    e.preventDefault();
    board.moveFocus(document.activeElement, dir);
  });
}

/** Move keyboard focus from `from` to the neighbouring pile or card in direction `dir`: left
 * and right along the top row or the columns, up and down the face-up cards of a column and
 * between a column and the top row.
 * @param {Board} board @param {Element|null} from @param {"left"|"right"|"up"|"down"} dir */
export function moveFocus(board, from, dir) {
  const row = board.game.topRow(/** @type {import("../types.js").View} */ (board.view));
  const n = /** @type {import("../types.js").Geometry} */ (board.geom).n;
  const el = from && from.closest ? /** @type {HTMLElement|null} */ (from.closest(".card, .slot")) : null;
  const pile = el && board.el.contains(el) ? /** @type {string} */ (el.dataset.pile) : "c0";
  /** @param {string|null} p */
  const focus = (p) => {
    const t = board.pileElement(/** @type {string} */ (p));
    if (t) t.focus();
  };
  if (board.view && (board.view.places || []).length) {
    moveAmongPlaces(board, el, dir);
    return;
  }
  const inTop = pileKind(pile) !== "col";
  const colIndex = inTop ? row.indexOf(pile) : pileNumber(pile);
  if (dir === "left" || dir === "right") {
    const step = dir === "left" ? -1 : 1;
    if (inTop) {
      let k = colIndex + step;
      while (k >= 0 && k < n && !row[k]) k += step;
      if (k >= 0 && k < n) focus(row[k]);
    } else {
      const k = colIndex + step;
      if (k >= 0 && k < n) focus(`c${k}`);
    }
    return;
  }
  if (inTop) {
    if (dir === "down") focus(`c${Math.max(0, colIndex)}`);
    return;
  }
  const keys = (board.piles.get(pile) || []).filter((k) => board.item(k).playable);
  const j = el && el.dataset.key ? keys.indexOf(el.dataset.key) : -1;
  if (dir === "up") {
    if (j > 0) board.card(keys[j - 1]).focus();
    else {
      let k = colIndex;
      while (k > 0 && !row[k]) k -= 1;
      if (row[k]) focus(row[k]);
      else {
        k = colIndex;
        while (k < n - 1 && !row[k]) k += 1;
        if (row[k]) focus(row[k]);
      }
    }
  } else if (j >= 0 && j < keys.length - 1) {
    board.card(keys[j + 1]).focus();
  }
}

/** On a table made of places: move the focus to the nearest card that can be played, or pile
 * of the top row, in direction `dir` from `from` (by where they are drawn: the nearest in
 * that direction, those straight ahead first).
 * @param {Board} board @param {HTMLElement|null} from @param {"left"|"right"|"up"|"down"} dir */
function moveAmongPlaces(board, from, dir) {
  /** @type {HTMLElement[]} */
  const stops = [];
  for (const [key, it] of board.items) if (it.playable && pileKind(it.pile) === "place") stops.push(board.card(key));
  for (const pile of board.game.topRow(/** @type {import("../types.js").View} */ (board.view))) {
    const el = pile ? board.pileElement(pile) : null;
    if (el && !el.hidden) stops.push(el);
  }
  /** @param {Element} el */
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  };
  if (!from || !stops.includes(from)) {
    if (stops[0]) stops[0].focus();
    return;
  }
  const here = centre(from);
  let best = null;
  let bestCost = Infinity;
  for (const el of stops) {
    if (el === from) continue;
    const c = centre(el);
    const dx = c.x - here.x;
    const dy = c.y - here.y;
    const ahead = dir === "left" ? -dx : dir === "right" ? dx : dir === "up" ? -dy : dy;
    const aside = dir === "left" || dir === "right" ? Math.abs(dy) : Math.abs(dx);
    if (ahead <= 1) continue;
    const cost = ahead + 2 * aside;
    if (cost < bestCost) {
      best = el;
      bestCost = cost;
    }
  }
  if (best) best.focus();
}
