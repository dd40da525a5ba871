// @ts-check
// How large the cards are and where the piles stand: the table's room (down to the bottom
// bar), the card size that lets every column fit, and each column's steps. Measures only: the
// table (board.js) draws with them.

/** @typedef {import("../types.js").GameModule} GameModule */
/** @typedef {import("../types.js").Geometry} Geometry */
/** @typedef {import("../types.js").View} View */

/** The least height (px) of a covered face-up card's visible strip wherever the window's
 * height allows it: WCAG 2.2's minimum target size (2.5.8). */
const TARGET = 24;

/** The height the bottom bar takes from the table (none when it stands at the side). */
function barHeight() {
  const bar = document.querySelector(".bar");
  if (!bar) return 0;
  const r = bar.getBoundingClientRect();
  return r.height > r.width ? 0 : r.height;
}

/** The table's width and the height it may take: from its top to the bottom bar (or to the
 * foot of the screen when the bar stands at the side). @param {HTMLElement} el the table */
export function room(el) {
  const top = el.getBoundingClientRect().top + window.scrollY;
  return {
    W: el.clientWidth || 360,
    H: Math.max(Math.floor(window.innerHeight - top - barHeight()), 0),
  };
}

/** Card size and pile positions for the table `el`'s width and height and the columns of
 * `view`. The cards are as large as the width allows (and short enough that a typical table
 * fits the height), but never so large that a column of `view` runs under the bottom bar: the
 * first card size, going down from there, at which every column fits with each covered
 * face-up card showing a strip at least TARGET px tall and tall enough for its rank and
 * suit; where the height allows no such strip (down to cards 32 px wide), the first at which
 * the strips still show rank and suit (down to 28 px); in a window too short even for that,
 * 28 px cards (or smaller, until the columns fit) with strips as tall as the room allows.
 * @param {GameModule} game @param {HTMLElement} el @param {View|null} view @returns {Geometry} */
export function geometry(game, el, view) {
  const n = game.width;
  const { W, H } = room(el);
  const gap = Math.max(n > 8 ? 3 : 4, Math.round(W * (n > 8 ? 0.008 : 0.012)));
  const byHeight = H > 0 ? Math.floor(H / (1.4 * game.tallness)) : 200;
  const byWidth = Math.floor((W - (n + 1) * gap) / n);
  const base = Math.max(12, Math.min(byWidth, Math.max(byHeight, 48), game.maxCard || 150));
  const cols = view ? view.columns : [];
  /** @param {Geometry} g @param {number} floor */
  const fits = (g, floor) => {
    g.floor = Math.min(floor, g.uMax);
    return cols.every((c) => height(g, c.down, c.up.length, g.dMin, g.floor) <= g.avail);
  };
  /** @type {[(g: Geometry) => number, number][]} */
  const tries = [
    [(g) => Math.max(TARGET, g.readable), 32],
    [(g) => g.readable, 28],
  ];
  for (const [floor, least] of tries) {
    for (let cw = base; cw >= Math.min(base, least); cw--) {
      const g = sized(game, cw, W, H, n, gap);
      if (fits(g, floor(g))) return g;
    }
  }
  for (let cw = Math.min(base, 28); cw > 12; cw--) {
    const g = sized(game, cw, W, H, n, gap);
    if (fits(g, 0)) return g;
  }
  const g = sized(game, Math.min(base, 12), W, H, n, gap);
  fits(g, 0);
  return g;
}

/** The geometry of cards `cw` px wide: card height, pile positions, the room the columns
 * have below the top row (`avail`), the face-down step (`dNorm`, closing up to `dMin`), the
 * face-up strip (at most `uMax`) and the strip that shows a card's rank and suit
 * (`readable`: its corner, the rank and the suit at the top right).
 * @param {GameModule} game @param {number} cw @param {number} W @param {number} H
 * @param {number} n @param {number} gap @returns {Geometry} */
function sized(game, cw, W, H, n, gap) {
  const ch = Math.round(cw * 1.4);
  const left = Math.round((W - (n * cw + (n - 1) * gap)) / 2);
  const x = (/** @type {number} */ i) => left + i * (cw + gap);
  const vgap = Math.min(gap, Math.max(4, Math.round(ch * 0.1)));
  const topY = vgap + 2;
  const tabY = topY + ch + Math.max(vgap * 2, 10);
  const compact = cw < 44;
  // Large print: a covered card's strip is as tall as its larger corner (style.css).
  const large = document.body.classList.contains("large") ? 0.12 : 0;
  const readable = Math.ceil(cw * ((compact ? 0.5 : game.minUp || 0.38) + large));
  return {
    W, H, n, gap, cw, ch, x, topY, tabY, compact, readable,
    avail: H - tabY - vgap,
    dNorm: Math.max(4, Math.round(ch * (game.downStep || 0.11))),
    dMin: Math.max(3, Math.round(ch * 0.04)),
    uMax: Math.max(Math.round(ch * 0.3), 30, readable),
    floor: 0,
  };
}

/** How tall a column of `down` face-down and `up` face-up cards stands with these steps.
 * @param {Geometry} g @param {number} down @param {number} up @param {number} dOff @param {number} uOff */
function height(g, down, up, dOff, uOff) {
  if (!up) return down ? (down - 1) * dOff + g.ch : g.ch;
  return down * dOff + (up - 1) * uOff + g.ch;
}

/** A column's steps [face down, face up]: its face-up cards opened up to `uMax` where there
 * is room, closed up to fit the height where there is not (the face-down cards first, from
 * `dNorm` down to `dMin`, when the face-up strips would fall below the geometry's floor).
 * @param {Geometry} g @param {number} down @param {number} up @returns {[number, number]} */
export function offsets(g, down, up) {
  let dOff = g.dNorm;
  if (up <= 1) {
    const k = up ? down : down - 1;
    if (k > 0 && height(g, down, up, dOff, 0) > g.avail) {
      dOff = Math.max(1, Math.min(dOff, Math.floor((g.avail - g.ch) / k)));
    }
    return [dOff, g.uMax];
  }
  let uOff = Math.min(g.uMax, Math.floor((g.avail - g.ch - down * dOff) / (up - 1)));
  if (uOff < g.floor) {
    uOff = g.floor;
    if (down) dOff = Math.max(g.dMin, Math.min(dOff, Math.floor((g.avail - g.ch - (up - 1) * uOff) / down)));
    if (height(g, down, up, dOff, uOff) > g.avail) {
      uOff = Math.max(0, Math.floor((g.avail - g.ch - down * dOff) / (up - 1)));
    }
  }
  return [dOff, uOff];
}
