// @ts-check
// The table's elements: a card face up or face down, an icon from the page's sprite, and the
// names of piles ("c3", "f0", "cell1", "p12" (a place of a table made of places), "stock",
// "waste"). What the table (board.js) is built of.

import { parseCard } from "../i18n.js";

/** A card's element; `_z` is its place in the stack when it is not lifted, `_movingTimer` ends
 * its lift. @typedef {HTMLDivElement & {_z: number, _movingTimer?: ReturnType<typeof setTimeout>}} CardElement */
/** A place's element (an empty pile's outline); `_x` and `_y` are its left and top edges,
 * `_seen` marks the slots a drawing placed.
 * @typedef {HTMLDivElement & {_x: number, _y: number, _seen: boolean}} SlotElement */

const SVGNS = "http://www.w3.org/2000/svg";
const RANK_TEXT = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

/** An inline SVG showing the symbol `id` (from the page's sprite).
 * @param {string} id @param {string} [cls] */
export function use(id, cls) {
  const svg = document.createElementNS(SVGNS, "svg");
  if (cls) svg.setAttribute("class", cls);
  svg.setAttribute("aria-hidden", "true");
  const u = document.createElementNS(SVGNS, "use");
  u.setAttribute("href", `#${id}`);
  svg.appendChild(u);
  return svg;
}

/** A face-up card element for a code such as "7C". @param {string} code */
export function makeFaceUp(code) {
  const { rank, suit } = parseCard(code);
  const el = /** @type {CardElement} */ (document.createElement("div"));
  const red = suit === 1 || suit === 2;
  el.className = `card up s-${code[1]}${red ? " red" : ""}${rank > 10 ? " face" : ""}`;
  const r = document.createElement("span");
  r.className = "r";
  r.textContent = RANK_TEXT[rank - 1];
  r.setAttribute("aria-hidden", "true");
  // The corner (rank, and the suit under it) shows on a card fanned to the side; the rank and
  // the suit at the top right show on a card covered from below.
  el.append(r, use(`s-${code[1]}`, "k"), use(`s-${code[1]}`, "i"), use(`s-${code[1]}`, "p"));
  if (rank > 10) {
    const fl = document.createElement("span");
    fl.className = "fl";
    fl.textContent = RANK_TEXT[rank - 1];
    fl.setAttribute("aria-hidden", "true");
    el.append(fl);
  }
  el.dataset.card = code;
  return el;
}

/** A face-down card element. */
export function makeFaceDown() {
  const el = /** @type {CardElement} */ (document.createElement("div"));
  el.className = "card down";
  el.setAttribute("role", "img");
  return el;
}

/** The kind of a pile id: "col" (c0..), "found" (f0..), "cell" (cell0..), "stock", "waste".
 * @param {string|null|undefined} pile */
export function pileKind(pile) {
  if (!pile) return null;
  if (pile === "stock" || pile === "waste") return pile;
  if (/^cell\d+$/.test(pile)) return "cell";
  if (/^c\d+$/.test(pile)) return "col";
  if (/^f\d+$/.test(pile)) return "found";
  if (/^p\d+$/.test(pile)) return "place";
  return null;
}

/** The number in a pile id ("c3" -> 3, "cell1" -> 1). @param {string} pile */
export function pileNumber(pile) {
  return Number(pile.replace(/^\D+/, ""));
}
