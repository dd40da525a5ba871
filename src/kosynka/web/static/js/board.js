// The card table, the same for every game: lays out a view (the columns here, the top row by
// the game's module), keeps one element per card so moves slide, animates arrivals, and turns
// pointer and keyboard input into taps and drops for the controller. No rules here: the view
// says what is where and which moves are legal.

import { STRINGS, cardName, describeColumn, parseCard } from "./i18n.js";

const SVGNS = "http://www.w3.org/2000/svg";
const RANK_TEXT = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
/** The least height (px) of a covered face-up card's visible strip wherever the window's
 * height allows it: WCAG 2.2's minimum target size (2.5.8). */
const TARGET = 24;

/** An inline SVG showing the symbol `id` (from the page's sprite). */
export function use(id, cls) {
  const svg = document.createElementNS(SVGNS, "svg");
  if (cls) svg.setAttribute("class", cls);
  svg.setAttribute("aria-hidden", "true");
  const u = document.createElementNS(SVGNS, "use");
  u.setAttribute("href", `#${id}`);
  svg.appendChild(u);
  return svg;
}

/** A face-up card element for a code such as "7C". */
function makeFaceUp(code) {
  const { rank, suit } = parseCard(code);
  const el = document.createElement("div");
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

function makeFaceDown() {
  const el = document.createElement("div");
  el.className = "card down";
  el.setAttribute("role", "img");
  return el;
}

/** The kind of a pile id: "col" (c0..), "found" (f0..), "cell" (cell0..), "stock", "waste". */
export function pileKind(pile) {
  if (!pile) return null;
  if (pile === "stock" || pile === "waste") return pile;
  if (/^cell\d+$/.test(pile)) return "cell";
  if (/^c\d+$/.test(pile)) return "col";
  if (/^f\d+$/.test(pile)) return "found";
  return null;
}

/** The number in a pile id ("c3" -> 3, "cell1" -> 1). */
export function pileNumber(pile) {
  return Number(pile.replace(/^\D+/, ""));
}

export class Board {
  /**
   * @param {HTMLElement} el the table element
   * @param {object} game the game's module (its layout of the top row, see games/*.js)
   * @param {object} on callbacks: tap(target, how), drop(target, pile)
   */
  constructor(el, game, on) {
    this.el = el;
    this.game = game;
    this.on = on;
    this.cards = new Map(); // key -> element
    this.items = new Map(); // key -> {code, pile, index}: where each card element stands
    this.piles = new Map(); // pile -> [keys bottom to top]
    this.slots = new Map(); // pile -> slot element
    this.frames = new Map(); // name -> frame element (see render)
    this.view = null;
    this.ctx = {};
    this.lang = "en";
    this.geom = null;
    this.drag = null;
    this.focusPile = "c0"; // the pile Tab enters the table at (one tab stop: roving focus)
    el.classList.add(`game-${game.name}`);
    el.addEventListener("focusin", (e) => {
      const t = e.target.closest(".card, .slot");
      if (t && t.dataset.pile) {
        this.focusPile = t.dataset.pile;
        this._roving(t);
      }
    });
    this._bindPointer();
    this._bindKeys();
    // The header or the bar changing height (a line wrapping, a button showing) changes the
    // table's room: the controller has the table laid out again.
    if (typeof ResizeObserver === "function") {
      const watch = new ResizeObserver(() => {
        if (!this.geom || !this.on.resize) return;
        const { W, H } = this._room();
        if (W !== this.geom.W || H !== this.geom.H) this.on.resize();
      });
      for (const part of document.querySelectorAll("header, .bar")) watch.observe(part);
    }
  }

  _slot(pile, cls) {
    let s = this.slots.get(pile);
    if (!s) {
      s = document.createElement("div");
      s.className = `slot ${cls}`;
      s.dataset.pile = pile;
      s.setAttribute("role", "button");
      this.el.prepend(s);
      this.slots.set(pile, s);
    }
    return s;
  }

  /** The table's width and the height it may take: from its top to the bottom bar (or to the
   * foot of the screen when the bar stands at the side). */
  _room() {
    const top = this.el.getBoundingClientRect().top + window.scrollY;
    return {
      W: this.el.clientWidth || 360,
      H: Math.max(Math.floor(window.innerHeight - top - this._barHeight()), 0),
    };
  }

  /** Card size and pile positions for the table's width and height and the columns of `view`.
   * The cards are as large as the width allows (and short enough that a typical table fits
   * the height), but never so large that a column of `view` runs under the bottom bar: the
   * first card size, going down from there, at which every column fits with each covered
   * face-up card showing a strip at least TARGET px tall and tall enough for its rank and
   * suit; where the height allows no such strip (down to cards 32 px wide), the first at which
   * the strips still show rank and suit (down to 28 px); in a window too short even for that,
   * 28 px cards (or smaller, until the columns fit) with strips as tall as the room allows. */
  _geometry(view) {
    const game = this.game;
    const n = game.width;
    const { W, H } = this._room();
    const gap = Math.max(n > 8 ? 3 : 4, Math.round(W * (n > 8 ? 0.008 : 0.012)));
    const byHeight = H > 0 ? Math.floor(H / (1.4 * game.tallness)) : 200;
    const byWidth = Math.floor((W - (n + 1) * gap) / n);
    const base = Math.max(12, Math.min(byWidth, Math.max(byHeight, 48), game.maxCard || 150));
    const cols = view ? view.columns : [];
    const fits = (g, floor) => {
      g.floor = Math.min(floor, g.uMax);
      return cols.every((c) => this._height(g, c.down, c.up.length, g.dMin, g.floor) <= g.avail);
    };
    const tries = [
      [(g) => Math.max(TARGET, g.readable), 32],
      [(g) => g.readable, 28],
    ];
    for (const [floor, least] of tries) {
      for (let cw = base; cw >= Math.min(base, least); cw--) {
        const g = this._sized(cw, W, H, n, gap);
        if (fits(g, floor(g))) return g;
      }
    }
    for (let cw = Math.min(base, 28); cw > 12; cw--) {
      const g = this._sized(cw, W, H, n, gap);
      if (fits(g, 0)) return g;
    }
    const g = this._sized(Math.min(base, 12), W, H, n, gap);
    fits(g, 0);
    return g;
  }

  /** The geometry of cards `cw` px wide: card height, pile positions, the room the columns
   * have below the top row (`avail`), the face-down step (`dNorm`, closing up to `dMin`), the
   * face-up strip (at most `uMax`) and the strip that shows a card's rank and suit
   * (`readable`: its corner, the rank and the suit at the top right). */
  _sized(cw, W, H, n, gap) {
    const game = this.game;
    const ch = Math.round(cw * 1.4);
    const left = Math.round((W - (n * cw + (n - 1) * gap)) / 2);
    const x = (i) => left + i * (cw + gap);
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

  /** How tall a column of `down` face-down and `up` face-up cards stands with these steps. */
  _height(g, down, up, dOff, uOff) {
    if (!up) return down ? (down - 1) * dOff + g.ch : g.ch;
    return down * dOff + (up - 1) * uOff + g.ch;
  }

  /** The height the bottom bar takes from the table (none when it stands at the side). */
  _barHeight() {
    const bar = document.querySelector(".bar");
    if (!bar) return 0;
    const r = bar.getBoundingClientRect();
    return r.height > r.width ? 0 : r.height;
  }

  /** A column's steps [face down, face up]: its face-up cards opened up to `uMax` where there
   * is room, closed up to fit the height where there is not (the face-down cards first, from
   * `dNorm` down to `dMin`, when the face-up strips would fall below the geometry's floor). */
  _offsets(g, down, up) {
    let dOff = g.dNorm;
    if (up <= 1) {
      const k = up ? down : down - 1;
      if (k > 0 && this._height(g, down, up, dOff, 0) > g.avail) {
        dOff = Math.max(1, Math.min(dOff, Math.floor((g.avail - g.ch) / k)));
      }
      return [dOff, g.uMax];
    }
    let uOff = Math.min(g.uMax, Math.floor((g.avail - g.ch - down * dOff) / (up - 1)));
    if (uOff < g.floor) {
      uOff = g.floor;
      if (down) dOff = Math.max(g.dMin, Math.min(dOff, Math.floor((g.avail - g.ch - (up - 1) * uOff) / down)));
      if (this._height(g, down, up, dOff, uOff) > g.avail) {
        uOff = Math.max(0, Math.floor((g.avail - g.ch - down * dOff) / (up - 1)));
      }
    }
    return [dOff, uOff];
  }

  setLang(lang) {
    this.lang = lang;
    if (this.view) this.render(this.view, this.ctx);
  }

  /** Draw `view` (cards keep their elements, so moves slide). `ctx` is passed to the game's
   * layout (the record, say, where the rules change how the top row lies). */
  render(view, ctx = {}) {
    const prev = this.view;
    this.view = view;
    this.ctx = ctx;
    const game = this.game;
    const g = (this.geom = this._geometry(view));
    const t = STRINGS[this.lang];
    this.el.style.setProperty("--cw", `${g.cw}px`);
    this.el.style.setProperty("--ch", `${g.ch}px`);
    this.el.classList.toggle("compact", g.compact);
    const want = [];
    const place = (spec) => want.push(spec);
    const slotAt = (pile, cls, x, y, label, icon) => {
      const s = this._slot(pile, cls);
      s.style.transform = `translate(${x}px, ${y}px)`;
      s._x = x;
      s.setAttribute("aria-label", label);
      s.hidden = false;
      s.replaceChildren();
      if (icon) s.appendChild(use(icon, ""));
      s._seen = true;
    };
    for (const s of this.slots.values()) s._seen = false;
    // A frame behind a group of places (free cells, foundations): decoration.
    const frames = new Set();
    const frameAt = (name, x, y, w, h) => {
      let f = this.frames.get(name);
      if (!f) {
        f = document.createElement("div");
        f.className = `frame ${name}`;
        f.setAttribute("aria-hidden", "true");
        this.el.prepend(f);
        this.frames.set(name, f);
      }
      Object.assign(f.style, { transform: `translate(${x}px, ${y}px)`, width: `${w}px`, height: `${h}px` });
      f.hidden = false;
      frames.add(name);
    };

    // The top row, by the game.
    game.layoutTop(view, g, { place, slot: slotAt, frame: frameAt, t, lang: this.lang, ctx });
    for (const [name, f] of this.frames) if (!frames.has(name)) f.hidden = true;
    // Columns.
    let bottom = g.tabY + g.ch;
    view.columns.forEach((col, i) => {
      const pile = `c${i}`;
      slotAt(pile, "col", g.x(i), g.tabY, describeColumn(i + 1, col.up, col.down, this.lang));
      const [dOff, uOff] = this._offsets(g, col.down, col.up.length);
      let y = g.tabY;
      for (let j = 0; j < col.down; j++) {
        place({ key: `d${i}-${j}`, kind: "down", x: g.x(i), y, z: 100 + j, pile, index: j, label: t.faceDownCard });
        y += dOff;
      }
      col.up.forEach((code, j) => {
        place({
          code, kind: "up", x: g.x(i), y, z: 100 + col.down + j, pile, index: col.down + j, playable: true,
          label: `${cardName(code, this.lang)}, ${t.inColumn(i + 1)}`, fromStock: !!game.dealsOntoColumns,
        });
        if (j < col.up.length - 1) y += uOff;
      });
      bottom = Math.max(bottom, y + g.ch);
    });
    for (const s of this.slots.values()) if (!s._seen) s.hidden = true;
    // The table takes the height down to the bar (more only if a window too short for any
    // card left a column longer: then the page scrolls).
    this.el.style.height = `${Math.max(bottom, g.H)}px`;
    this._apply(prev, view, want, g);
  }

  /** Give every wanted card its element: the same card keeps its element (matched by its code
   * and place, then by its code alone, since a game of two decks repeats cards), new ones are made,
   * the rest dropped; then move each to its place. */
  _apply(prev, view, want, g) {
    const game = this.game;
    const oldItems = this.items;
    const byPlace = new Map();
    const byCode = new Map();
    for (const [key, it] of oldItems) {
      if (!it.code) continue;
      byPlace.set(`${it.code}|${it.pile}|${it.index}`, key);
    }
    const taken = new Set();
    const keyed = want.map((spec) => {
      if (spec.key) return spec;
      const k = byPlace.get(`${spec.code}|${spec.pile}|${spec.index}`);
      if (k && !taken.has(k)) {
        taken.add(k);
        return { ...spec, key: k };
      }
      return spec;
    });
    for (const [key, it] of oldItems) {
      if (!it.code || taken.has(key)) continue;
      if (!byCode.has(it.code)) byCode.set(it.code, []);
      byCode.get(it.code).push(key);
    }
    for (const spec of keyed) {
      if (spec.key) continue;
      const free = byCode.get(spec.code);
      if (free && free.length) {
        spec.key = free.shift();
        taken.add(spec.key);
      }
    }
    // A card new to the table: its code is its key, numbered when the decks repeat it (by now
    // every old element of that code has been given to a card, so no key is shared).
    for (const spec of keyed) {
      if (spec.key) continue;
      let key = spec.code;
      for (let n = 2; taken.has(key); n++) key = `${spec.code}~${n}`;
      spec.key = key;
      taken.add(key);
    }

    const stockPlace = game.stockPlace ? game.stockPlace(g) : null;
    const stockPos = stockPlace ? `translate(${stockPlace.x}px, ${stockPlace.y}px)` : null;
    const dealt = prev && game.stockCount && game.stockCount(prev) > game.stockCount(view);
    const wanted = new Set(keyed.map((s) => s.key));
    for (const [key, el] of this.cards) {
      if (!wanted.has(key)) {
        el.remove();
        this.cards.delete(key);
      }
    }
    this.items = new Map();
    this.piles = new Map();
    let homeward = 0;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    // A card travelling to another pile is lifted above the others while it slides (keeping
    // the order of the cards travelling with it); cards that only shift within their pile, as
    // when the table is laid out anew, keep their place in the stack.
    const lift = (el, ms) => {
      if (still) return;
      el.classList.add("moving");
      el.style.zIndex = String(1000 + el._z);
      clearTimeout(el._movingTimer);
      el._movingTimer = setTimeout(() => {
        el.classList.remove("moving");
        el.style.zIndex = String(el._z);
        el.style.transitionDelay = "";
      }, ms);
    };
    for (const spec of keyed) {
      const key = spec.key;
      let el = this.cards.get(key);
      const target = `translate(${spec.x}px, ${spec.y}px)`;
      let fresh = false;
      if (el && el.classList.contains("down") !== (spec.kind === "down")) {
        el.remove();
        el = null;
      }
      if (!el) {
        fresh = true;
        if (spec.kind === "down") el = makeFaceDown();
        else if (spec.kind === "stock") {
          el = makeFaceDown();
          el.classList.add("stockpile");
          el.setAttribute("role", "button");
          const b = document.createElement("span");
          b.className = "badge";
          b.setAttribute("aria-hidden", "true");
          el.appendChild(b);
        } else el = makeFaceUp(spec.code);
        el.dataset.key = key;
        el._z = spec.z;
        const startFromStock = spec.fromStock && dealt && stockPos && !still;
        el.style.transform = startFromStock ? stockPos : target;
        this.el.appendChild(el);
        this.cards.set(key, el);
        if (startFromStock) {
          void el.getBoundingClientRect();
          lift(el, 260);
          el.style.transform = target;
        } else if (prev && spec.kind === "up" && pileKind(spec.pile) === "col") {
          el.classList.add("flip"); // a face-down card has just been turned up
          setTimeout(() => el.classList.remove("flip"), 300);
        }
      }
      el._z = spec.z;
      if (!fresh && el.style.transform !== target) {
        const was = el.dataset.pile;
        el.style.transform = target;
        if (was !== spec.pile) {
          // Cards arriving on the foundations together (a finished run) leave one
          // after another, the top card first.
          const delay = pileKind(spec.pile) === "found" && pileKind(was) !== "found" ? homeward++ : 0;
          el.style.transitionDelay = delay && !still ? `${Math.min(delay, 14) * 28}ms` : "";
          lift(el, 240 + delay * 28);
        }
      }
      if (!el.classList.contains("moving")) el.style.zIndex = String(spec.z);
      el.dataset.pile = spec.pile;
      el.dataset.index = String(spec.index ?? 0);
      if (spec.kind === "stock") {
        el.querySelector(".badge").textContent = String(spec.count);
        el.setAttribute("aria-label", spec.label);
      } else if (spec.kind === "down") {
        el.setAttribute("aria-label", spec.label);
      } else if (spec.inert) {
        el.setAttribute("aria-hidden", "true");
        el.removeAttribute("role");
        el.removeAttribute("aria-label");
      } else {
        el.removeAttribute("aria-hidden");
        el.setAttribute("aria-label", spec.label);
        el.setAttribute("role", spec.playable ? "button" : "img");
      }
      el.classList.toggle("inert", !!spec.inert);
      this.items.set(key, { code: spec.code || null, pile: spec.pile, index: spec.index ?? 0, inert: !!spec.inert, playable: !!spec.playable });
      if (!this.piles.has(spec.pile)) this.piles.set(spec.pile, []);
      this.piles.get(spec.pile).push(key);
    }
    for (const keys of this.piles.values()) keys.sort((a, b) => this.items.get(a).index - this.items.get(b).index);
    this.clearMarks();
    const active = document.activeElement;
    const keep = active && this.el.contains(active) && active.isConnected ? active : null;
    this._roving(keep || this.pileElement(this.focusPile));
  }

  /** Make `el` the table's one tab stop (the arrow keys move between piles from there). */
  _roving(el) {
    for (const x of this.el.querySelectorAll(".card, .slot")) {
      if (x !== el && x.getAttribute("tabindex") !== "-1") x.tabIndex = -1;
    }
    if (el) el.tabIndex = 0;
  }

  /** The key of the element showing `code` on `pile` (the topmost such card), or null. */
  keyOf(code, pile) {
    const keys = this.piles.get(pile) || [];
    for (let k = keys.length - 1; k >= 0; k--) if (this.items.get(keys[k]).code === code) return keys[k];
    return null;
  }

  /** Where a card element stands: {key, code, pile, index}, or null. */
  itemOf(key) {
    const it = this.items.get(key);
    return it ? { key, ...it } : null;
  }

  /** The elements of a selected card and the cards lying on it (in a column). */
  groupOf(key) {
    const it = this.items.get(key);
    if (!it) return [];
    if (pileKind(it.pile) !== "col") return [this.cards.get(key)];
    return (this.piles.get(it.pile) || [])
      .filter((k) => this.items.get(k).index >= it.index)
      .map((k) => this.cards.get(k))
      .filter(Boolean);
  }

  /** The element that stands for a pile: its top card, or its empty slot. */
  pileElement(pile) {
    const keys = this.piles.get(pile) || [];
    if (keys.length) return this.cards.get(keys[keys.length - 1]);
    return this.slots.get(pile) || null;
  }

  clearMarks() {
    for (const el of this.el.querySelectorAll(".selected, .target, .hinted")) {
      el.classList.remove("selected", "target", "hinted");
      el.removeAttribute("aria-pressed");
    }
  }

  /** Show a selected card (with those on it) and light its legal destinations. */
  mark(key, targetPiles) {
    this.clearMarks();
    const group = this.groupOf(key);
    for (const el of group) el.classList.add("selected");
    if (group[0]) group[0].setAttribute("aria-pressed", "true");
    for (const p of targetPiles) {
      const el = this.pileElement(p);
      if (el) el.classList.add("target");
    }
  }

  /** Make a card (by key) or a pile pulse (a hint). */
  pulse(keyOrPile) {
    const el = this.cards.get(keyOrPile) || this.pileElement(keyOrPile);
    if (!el) return;
    el.classList.remove("hinted");
    void el.getBoundingClientRect();
    el.classList.add("hinted");
  }

  /** Shake a card: the move was refused. */
  shake(key) {
    const el = this.cards.get(key) || this.pileElement(key);
    if (!el) return;
    el.classList.remove("shake");
    void el.getBoundingClientRect();
    el.classList.add("shake");
  }

  /** Which pile a point on the page is over (for drops), or null. */
  pileAt(px, py) {
    const g = this.geom;
    const r = this.el.getBoundingClientRect();
    const x = px - r.left;
    const y = py - r.top;
    if (y >= g.tabY - g.gap) {
      for (let i = 0; i < g.n; i++) {
        const x0 = g.x(i) - g.gap / 2;
        if (x >= x0 && x < x0 + g.cw + g.gap) return `c${i}`;
      }
      return null;
    }
    if (y < g.topY - g.gap || y >= g.topY + g.ch + g.gap) return null;
    // The top row's places stand where the game put them (not always over the columns).
    for (const pile of this.game.topRow(this.view)) {
      const s = pile && this.slots.get(pile);
      if (s && !s.hidden && x >= s._x - g.gap / 2 && x < s._x + g.cw + g.gap / 2) return pile;
    }
    return null;
  }

  /** What an element of the table stands for, as a tap target: {kind: "card"|"pile"|"slot"|
   * "stock"|"background", pile, key, code, index}. */
  targetOf(node) {
    const el = node && node.closest ? node.closest(".card, .slot") : null;
    if (!el || !this.el.contains(el)) return { kind: "background" };
    const pile = el.dataset.pile;
    if (pile === "stock") return { kind: "stock", pile };
    if (el.classList.contains("slot")) return { kind: "slot", pile };
    const it = this.items.get(el.dataset.key);
    if (!it || el.classList.contains("down") || it.inert || !it.playable) return { kind: "pile", pile };
    return { kind: "card", key: el.dataset.key, code: it.code, pile, index: it.index };
  }

  _bindPointer() {
    const el = this.el;
    el.addEventListener("pointerdown", (e) => {
      if (e.button !== 0 || this.drag) return;
      const target = this.targetOf(e.target);
      this.drag = { id: e.pointerId, x0: e.clientX, y0: e.clientY, target, moved: false, group: [] };
      if (target.kind === "card") {
        this.drag.group = this.groupOf(target.key).map((c) => ({ el: c, base: c.style.transform }));
      }
    });
    el.addEventListener("pointermove", (e) => {
      const d = this.drag;
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
    const finish = (e, cancelled) => {
      const d = this.drag;
      if (!d || d.id !== e.pointerId) return;
      this.drag = null;
      if (d.moved) {
        for (const g of d.group) g.el.classList.remove("dragging");
        let pile = cancelled ? null : this.pileAt(e.clientX, e.clientY);
        if (!pile && !cancelled && d.group[0]) {
          const r = d.group[0].el.getBoundingClientRect();
          pile = this.pileAt(r.left + r.width / 2, r.top + r.height / 4);
        }
        this.on.drop(d.target, pile === d.target.pile ? null : pile);
        return;
      }
      if (!cancelled) this.on.tap(d.target);
    };
    el.addEventListener("pointerup", (e) => finish(e, false));
    el.addEventListener("pointercancel", (e) => finish(e, true));
    el.addEventListener("dblclick", (e) => e.preventDefault());
  }

  _bindKeys() {
    this.el.addEventListener("keydown", (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const target = this.targetOf(document.activeElement);
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        this.on.tap(target, { keyboard: true });
        return;
      }
      const dir = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" }[e.key];
      if (!dir) return;
      e.preventDefault();
      this.moveFocus(document.activeElement, dir);
    });
  }

  /** Move keyboard focus from `from` to the neighbouring pile or card in direction `dir`: left
   * and right along the top row or the columns, up and down the face-up cards of a column and
   * between a column and the top row. */
  moveFocus(from, dir) {
    const row = this.game.topRow(this.view);
    const n = this.geom.n;
    const el = from && from.closest ? from.closest(".card, .slot") : null;
    const pile = el && this.el.contains(el) ? el.dataset.pile : "c0";
    const focus = (p) => {
      const t = this.pileElement(p);
      if (t) t.focus();
    };
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
    const keys = (this.piles.get(pile) || []).filter((k) => this.items.get(k).playable);
    const j = el && el.dataset.key ? keys.indexOf(el.dataset.key) : -1;
    if (dir === "up") {
      if (j > 0) this.cards.get(keys[j - 1]).focus();
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
      this.cards.get(keys[j + 1]).focus();
    }
  }
}
