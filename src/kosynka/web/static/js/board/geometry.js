// @ts-check
// How large the cards are and where the piles stand: the table's room (down to the bottom
// bar), the card size, each column's steps and the size of the cards' corners. Measures only:
// the table (board.js) draws with them.
//
// The policy, in the order a growing column meets it: cards as wide as the columns' share of
// the width allows (no wider than the game's largest card, nor so tall that a typical table
// would not fit the height: so their size stays put through a typical game); a column that
// grows long first closes up its face-down cards, then its face-up cards' strips down to
// TARGET px (where a strip is shorter than a card's corner, the corners shrink to fit it; the
// cards keep their size); only then are all the cards made smaller. A long column never
// scrolls within the table instead: the player reads the whole position at once (a move
// depends on cards a scrolled-away part would hide), every card takes a touch for dragging
// (so the table could not be scrolled by touch without taking up cards), and a target must not
// scroll away in the middle of a move.

/** @typedef {import("../types.js").GameModule} GameModule */
/** @typedef {import("../types.js").Geometry} Geometry */
/** @typedef {import("../types.js").View} View */

/** The least height (px) of a covered face-up card's visible strip wherever the window's
 * height allows it: WCAG 2.2's minimum target size (2.5.8). */
const TARGET = 24;

/** The smallest the corners' rank and suit get beside their size on a card as large (a share:
 * in a window too short for any strip that shows them whole). */
const LEAST_CORNER = 0.5;

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
 * `view` (the policy at the top of this file). The first card size, going down from the
 * largest (`base`), at which every column fits with its face-down cards closed up and its
 * face-up strips at least TARGET px (down to cards 32 px wide); where the height allows no
 * such strip, the first at which the strips still show the corners whole at their own size
 * (down to 28 px); in a window too short even for that, 28 px cards (or smaller, until the
 * columns fit) with strips as tall as the room allows.
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
  /** @param {Geometry} g */
  const done = (g) => {
    g.ix = g.cw * cornerScale(g, cols);
    return g;
  };
  /** @type {[(g: Geometry) => number, number][]} */
  const tries = [
    [() => TARGET, 32],
    [(g) => g.readable, 28],
  ];
  for (const [floor, least] of tries) {
    for (let cw = base; cw >= Math.min(base, least); cw--) {
      const g = sized(game, cw, W, H, n, gap);
      if (fits(g, floor(g))) return done(g);
    }
  }
  for (let cw = Math.min(base, 28); cw > 12; cw--) {
    const g = sized(game, cw, W, H, n, gap);
    if (fits(g, 0)) return done(g);
  }
  const g = sized(game, Math.min(base, 12), W, H, n, gap);
  fits(g, 0);
  return done(g);
}

/** How large the corners are drawn, as a share of their size on a card this wide: whole
 * where every covered face-up card's strip shows them (`readable`), else as large as the
 * table's narrowest strip shows (not under LEAST_CORNER).
 * @param {Geometry} g @param {View["columns"]} cols */
function cornerScale(g, cols) {
  let least = g.readable;
  for (const c of cols) if (c.up.length > 1) least = Math.min(least, offsets(g, c.down, c.up.length)[1]);
  return Math.max(LEAST_CORNER, least / g.readable);
}

/** The share of a card's width its corner takes down from the card's top edge (the rank and
 * the suit at the top right: style.css's .r and .i, whose sizes and offsets all go with
 * --ix): larger on narrow cards (under 44 px) and in large print.
 * @param {GameModule} game @param {boolean} compact */
function cornerDepth(game, compact) {
  const large = document.body.classList.contains("large");
  if (compact) return large ? 0.62 : 0.5;
  return (game.minUp || 0.38) + (large ? 0.14 : 0);
}

/** The geometry of cards `cw` px wide: card height, pile positions, the room the columns
 * have below the top row (`avail`), the face-down step (`dNorm`, closing up to `dMin`), the
 * face-up strip (at most `uMax`) and the strip that shows a card's corner whole at its own
 * size (`readable`).
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
  const readable = Math.ceil(cw * cornerDepth(game, compact));
  return {
    W, H, n, gap, cw, ch, x, topY, tabY, compact, readable,
    avail: H - tabY - vgap,
    dNorm: Math.max(4, Math.round(ch * (game.downStep || 0.11))),
    dMin: Math.max(3, Math.round(ch * 0.04)),
    uMax: Math.max(Math.round(ch * 0.3), 30, readable),
    floor: 0,
    ix: cw,
  };
}

/** How tall a column of `down` face-down and `up` face-up cards stands with these steps.
 * @param {Geometry} g @param {number} down @param {number} up @param {number} dOff @param {number} uOff */
function height(g, down, up, dOff, uOff) {
  if (!up) return down ? (down - 1) * dOff + g.ch : g.ch;
  return down * dOff + (up - 1) * uOff + g.ch;
}

/** A column's steps [face down, face up]: open (`dNorm`, `uMax`) where there is room; where
 * there is not, first the face-down cards close up (down to `dMin`), then the face-up strips
 * (down to the geometry's floor), and below that only in a window too short for the floor.
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
  if (height(g, down, up, dOff, g.uMax) <= g.avail) return [dOff, g.uMax];
  /** The face-up strip that fits below face-down steps of `d`. @param {number} d */
  const strip = (d) => Math.floor((g.avail - g.ch - down * d) / (up - 1));
  if (down) dOff = Math.max(g.dMin, Math.floor((g.avail - g.ch - (up - 1) * g.uMax) / down));
  let uOff = Math.min(g.uMax, Math.max(g.floor, strip(dOff)));
  if (height(g, down, up, dOff, uOff) > g.avail) uOff = Math.max(0, strip(dOff));
  return [dOff, uOff];
}
