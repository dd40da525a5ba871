// @ts-check
// The card table, the same for every game: lays out a view (the columns or the places here, the
// top row by the game's module), keeps one element per card so moves slide, animates arrivals, and turns
// pointer and keyboard input into taps and drops for the controller. No rules here: the view
// says what is where and which moves are legal. Its parts: board/geometry.js (the card size
// and the piles' places), board/input.js (pointer and keys), board/cards.js (the elements).

import { makeFaceDown, makeFaceUp, pileKind, use } from "./board/cards.js";
import { geometry, offsets, room } from "./board/geometry.js";
import { bindKeys, bindPointer, moveFocus } from "./board/input.js";
import { STRINGS, cardName, describeColumn } from "./i18n.js";

export { pileKind, pileNumber, use } from "./board/cards.js";

/** @typedef {import("./board/cards.js").CardElement} CardElement */
/** @typedef {import("./board/cards.js").SlotElement} SlotElement */
/** @typedef {import("./types.js").CardSpec} CardSpec */
/** @typedef {import("./types.js").GameModule} GameModule */
/** @typedef {import("./types.js").Geometry} Geometry */
/** @typedef {import("./types.js").Lang} Lang */
/** @typedef {import("./types.js").RenderContext} RenderContext */
/** @typedef {import("./types.js").Target} Target */
/** @typedef {import("./types.js").View} View */

/** Where a card element stands. @typedef {{code: string|null, pile: string, index: number, inert: boolean, playable: boolean}} Item */

/**
 * What the table tells the controller: a tap (`how.keyboard`: by Enter or Space), a drop of a
 * dragged card on a pile (null: back where it was), and that its room changed.
 * @typedef {object} BoardEvents
 * @property {(target: Target, how?: {keyboard?: boolean}) => void} tap
 * @property {(target: Target, pile: string|null) => void} drop
 * @property {() => void} [resize]
 */

/** A drag under way: the pointer, where it started, what it took up and the elements it moves.
 * @typedef {{id: number, x0: number, y0: number, target: Target, moved: boolean,
 *   group: {el: CardElement, base: string}[]}} Drag */

export class Board {
  /**
   * @param {HTMLElement} el the table element
   * @param {GameModule} game the game's module (its layout of the top row, see games/*.js)
   * @param {BoardEvents} on callbacks: tap(target, how), drop(target, pile), resize()
   */
  constructor(el, game, on) {
    this.el = el;
    this.game = game;
    this.on = on;
    /** @type {Map<string, CardElement>} */
    this.cards = new Map(); // key -> element
    /** @type {Map<string, Item>} */
    this.items = new Map(); // key -> {code, pile, index}: where each card element stands
    /** @type {Map<string, string[]>} */
    this.piles = new Map(); // pile -> [keys bottom to top]
    /** @type {Map<string, SlotElement>} */
    this.slots = new Map(); // pile -> slot element
    /** @type {Map<string, HTMLDivElement>} */
    this.frames = new Map(); // name -> frame element (see render)
    /** @type {View|null} */
    this.view = null;
    /** @type {RenderContext} */
    this.ctx = {};
    /** @type {Lang} */
    this.lang = "en";
    /** @type {Geometry|null} */
    this.geom = null;
    /** @type {Drag|null} */
    this.drag = null;
    this.focusPile = "c0"; // the pile Tab enters the table at (one tab stop: roving focus)
    el.classList.add(`game-${game.name}`);
    el.addEventListener("focusin", (e) => {
      const t = /** @type {HTMLElement|null} */ (/** @type {Element} */ (e.target).closest(".card, .slot"));
      if (t && t.dataset.pile) {
        this.focusPile = t.dataset.pile;
        this._roving(t);
      }
    });
    bindPointer(this);
    bindKeys(this);
    // The header or the bar changing height (a line wrapping, a button showing) changes the
    // table's room: the controller has the table laid out again.
    if (typeof ResizeObserver === "function") {
      const watch = new ResizeObserver(() => {
        if (!this.geom || !this.on.resize) return;
        const { W, H } = room(this.el);
        if (W !== this.geom.W || H !== this.geom.H) this.on.resize();
      });
      for (const part of document.querySelectorAll("header, .bar")) watch.observe(part);
    }
  }

  /** The slot element of `pile` (made the first time, with the class `cls`).
   * @param {string} pile @param {string} cls */
  _slot(pile, cls) {
    let s = this.slots.get(pile);
    if (!s) {
      s = /** @type {SlotElement} */ (document.createElement("div"));
      s.className = `slot ${cls}`;
      s.dataset.pile = pile;
      s.setAttribute("role", "button");
      this.el.prepend(s);
      this.slots.set(pile, s);
    }
    return s;
  }

  /** Speak `lang` (the cards' names, the piles' labels). @param {Lang} lang */
  setLang(lang) {
    this.lang = lang;
    if (this.view) this.render(this.view, this.ctx);
  }

  /** Draw `view` (cards keep their elements, so moves slide). `ctx` is passed to the game's
   * layout (the record, say, where the rules change how the top row lies).
   * @param {View} view @param {RenderContext} [ctx] */
  render(view, ctx = {}) {
    const prev = this.view;
    this.view = view;
    this.ctx = ctx;
    const game = this.game;
    const g = (this.geom = geometry(game, this.el, view));
    const t = STRINGS[this.lang];
    this.el.style.setProperty("--cw", `${g.cw}px`);
    this.el.style.setProperty("--ch", `${g.ch}px`);
    this.el.style.setProperty("--ix", `${g.ix.toFixed(2)}px`);
    this.el.classList.toggle("compact", g.compact);
    /** @type {CardSpec[]} */
    const want = [];
    /** @param {CardSpec} spec */
    const place = (spec) => want.push(spec);
    /** @param {string} pile @param {string} cls @param {number} x @param {number} y @param {string} label
     * @param {string|null} [icon] */
    const slotAt = (pile, cls, x, y, label, icon) => {
      const s = this._slot(pile, cls);
      s.style.transform = `translate(${x}px, ${y}px)`;
      s._x = x;
      s._y = y;
      s.setAttribute("aria-label", label);
      s.hidden = false;
      s.replaceChildren();
      if (icon) s.appendChild(use(icon, ""));
      s._seen = true;
    };
    for (const s of this.slots.values()) s._seen = false;
    // A frame behind a group of places (free cells, foundations): decoration.
    const frames = new Set();
    /** @param {string} name @param {number} x @param {number} y @param {number} w @param {number} h */
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
      const [dOff, uOff] = offsets(g, col.down, col.up.length);
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
    // Places (a table made of places rather than columns): each drawn where the view says, a
    // row below the one it covers by the game's step, so a covered card's top edge (its rank
    // and suit) shows above the cards that cover it; a card with no card left covering it is
    // the one to play. An emptied place shows nothing.
    const places = view.places || [];
    if (places.length) {
      const step = Math.round(g.ch * (game.placeStep || 0.5));
      const y0 = game.placesTop ? game.placesTop(g) : g.tabY;
      places.forEach((p, i) => {
        if (!p.filled) return;
        const pile = `p${i}`;
        const x = Math.round(g.x(0) + (p.x * (g.cw + g.gap)) / 2);
        const y = y0 + p.row * step;
        const free = p.covered_by.every((k) => !places[k].filled);
        if (p.card) {
          place({
            code: p.card, kind: "up", x, y, z: 100 + p.row, pile, index: 0, playable: free,
            label: `${cardName(p.card, this.lang)}${free ? "" : `, ${t.covered}`}`,
          });
        } else {
          place({ key: `d-${pile}`, kind: "down", x, y, z: 100 + p.row, pile, index: 0, label: t.faceDownCard });
        }
        bottom = Math.max(bottom, y + g.ch);
      });
    }
    for (const s of this.slots.values()) if (!s._seen) s.hidden = true;
    // The table takes the height down to the bar (more only if a window too short for any
    // card left a column longer: then the page scrolls).
    this.el.style.height = `${Math.max(bottom, g.H)}px`;
    this._apply(prev, view, want, g);
  }

  /** Give every wanted card its element: the same card keeps its element (matched by its code
   * and place, then by its code alone, since a game of two decks repeats cards), new ones are made,
   * the rest dropped; then move each to its place.
   * @param {View|null} prev @param {View} view @param {CardSpec[]} want @param {Geometry} g */
  _apply(prev, view, want, g) {
    const game = this.game;
    const oldItems = this.items;
    /** @type {Map<string, string>} */
    const byPlace = new Map();
    /** @type {Map<string, string[]>} */
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
      /** @type {string[]} */ (byCode.get(it.code)).push(key);
    }
    for (const spec of keyed) {
      if (spec.key) continue;
      const free = byCode.get(/** @type {string} */ (spec.code));
      if (free && free.length) {
        spec.key = free.shift();
        taken.add(spec.key);
      }
    }
    // A card new to the table: its code is its key, numbered when the decks repeat it (by now
    // every old element of that code has been given to a card, so no key is shared).
    for (const spec of keyed) {
      if (spec.key) continue;
      let key = /** @type {string} */ (spec.code);
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
    /** @param {CardElement} el @param {number} ms */
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
      const key = /** @type {string} */ (spec.key); // (every card has its key by now)
      /** @type {CardElement|null|undefined} */
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
        } else el = makeFaceUp(/** @type {string} */ (spec.code));
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
        } else if (prev && spec.kind === "up" && ["col", "place"].includes(/** @type {string} */ (pileKind(spec.pile)))) {
          el.classList.add("flip"); // a face-down card has just been turned up
          setTimeout(() => /** @type {CardElement} */ (el).classList.remove("flip"), 300);
        }
      }
      el._z = spec.z;
      if (!fresh && el.style.transform !== target) {
        const was = /** @type {string} */ (el.dataset.pile);
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
        /** @type {Element} */ (el.querySelector(".badge")).textContent = String(spec.count);
        el.setAttribute("aria-label", /** @type {string} */ (spec.label));
      } else if (spec.kind === "down") {
        el.setAttribute("aria-label", /** @type {string} */ (spec.label));
      } else if (spec.inert) {
        el.setAttribute("aria-hidden", "true");
        el.removeAttribute("role");
        el.removeAttribute("aria-label");
      } else {
        el.removeAttribute("aria-hidden");
        el.setAttribute("aria-label", /** @type {string} */ (spec.label));
        el.setAttribute("role", spec.playable ? "button" : "img");
      }
      el.classList.toggle("inert", !!spec.inert);
      this.items.set(key, { code: spec.code || null, pile: spec.pile, index: spec.index ?? 0, inert: !!spec.inert, playable: !!spec.playable });
      if (!this.piles.has(spec.pile)) this.piles.set(spec.pile, []);
      /** @type {string[]} */ (this.piles.get(spec.pile)).push(key);
    }
    for (const keys of this.piles.values()) keys.sort((a, b) => this.item(a).index - this.item(b).index);
    this.clearMarks();
    const active = document.activeElement;
    const keep = active && this.el.contains(active) && active.isConnected ? /** @type {HTMLElement} */ (active) : null;
    this._roving(keep || this.pileElement(this.focusPile));
  }

  /** Make `el` the table's one tab stop (the arrow keys move between piles from there).
   * @param {HTMLElement|null} el */
  _roving(el) {
    for (const x of /** @type {NodeListOf<HTMLElement>} */ (this.el.querySelectorAll(".card, .slot"))) {
      if (x !== el && x.getAttribute("tabindex") !== "-1") x.tabIndex = -1;
    }
    if (el) el.tabIndex = 0;
  }

  /** Where the card element `key` stands (one the table shows). @param {string} key */
  item(key) {
    return /** @type {Item} */ (this.items.get(key));
  }

  /** The card element `key` (one the table shows). @param {string} key */
  card(key) {
    return /** @type {CardElement} */ (this.cards.get(key));
  }

  /** The key of the element showing `code` on `pile` (the topmost such card), or null.
   * @param {string} code @param {string} pile */
  keyOf(code, pile) {
    const keys = this.piles.get(pile) || [];
    for (let k = keys.length - 1; k >= 0; k--) if (this.item(keys[k]).code === code) return keys[k];
    return null;
  }

  /** Where a card element stands: {key, code, pile, index}, or null. @param {string} key */
  itemOf(key) {
    const it = this.items.get(key);
    return it ? { key, ...it } : null;
  }

  /** The elements of a selected card and the cards lying on it (in a column).
   * @param {string} key @returns {CardElement[]} */
  groupOf(key) {
    const it = this.items.get(key);
    if (!it) return [];
    if (pileKind(it.pile) !== "col") return [this.card(key)];
    return /** @type {CardElement[]} */ ((this.piles.get(it.pile) || [])
      .filter((k) => this.item(k).index >= it.index)
      .map((k) => this.cards.get(k))
      .filter(Boolean));
  }

  /** The element that stands for a pile: its top card, or its empty slot.
   * @param {string} pile @returns {HTMLElement|null} */
  pileElement(pile) {
    const keys = this.piles.get(pile) || [];
    if (keys.length) return this.card(keys[keys.length - 1]);
    return this.slots.get(pile) || null;
  }

  clearMarks() {
    for (const el of this.el.querySelectorAll(".selected, .target, .hinted")) {
      el.classList.remove("selected", "target", "hinted");
      el.removeAttribute("aria-pressed");
    }
  }

  /** Show a selected card (with those on it) and light its legal destinations.
   * @param {string} key @param {Iterable<string>} targetPiles */
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

  /** Make a card (by key) or a pile pulse (a hint). @param {string} keyOrPile */
  pulse(keyOrPile) {
    const el = this.cards.get(keyOrPile) || this.pileElement(keyOrPile);
    if (!el) return;
    el.classList.remove("hinted");
    void el.getBoundingClientRect();
    el.classList.add("hinted");
  }

  /** Shake a card: the move was refused. @param {string} key */
  shake(key) {
    const el = this.cards.get(key) || this.pileElement(key);
    if (!el) return;
    el.classList.remove("shake");
    void el.getBoundingClientRect();
    el.classList.add("shake");
  }

  /** Which pile a point on the page is over (for drops), or null.
   * @param {number} px @param {number} py @returns {string|null} */
  pileAt(px, py) {
    const g = /** @type {Geometry} */ (this.geom);
    const r = this.el.getBoundingClientRect();
    const x = px - r.left;
    const y = py - r.top;
    const placed = this._placeAt(x, y);
    if (placed) return placed;
    if (y >= g.tabY - g.gap && /** @type {View} */ (this.view).columns.length) {
      for (let i = 0; i < g.n; i++) {
        const x0 = g.x(i) - g.gap / 2;
        if (x >= x0 && x < x0 + g.cw + g.gap) return `c${i}`;
      }
      return null;
    }
    // The top row's places stand where the game put them (not always over the columns, nor
    // always at the top: a table of places may have its stock and waste below).
    for (const pile of this.game.topRow(/** @type {View} */ (this.view))) {
      const s = pile && this.slots.get(pile);
      if (!s || s.hidden || y < s._y - g.gap || y >= s._y + g.ch + g.gap) continue;
      if (x >= s._x - g.gap / 2 && x < s._x + g.cw + g.gap / 2) return pile;
    }
    return null;
  }

  /** The place (a table made of places) whose card a point of the table is over, the topmost
   * card there, or null. @param {number} x @param {number} y @returns {string|null} */
  _placeAt(x, y) {
    const g = /** @type {Geometry} */ (this.geom);
    let best = null;
    let z = -1;
    for (const [key, it] of this.items) {
      if (pileKind(it.pile) !== "place") continue;
      const r = this.card(key).style.transform.match(/translate\((-?[\d.]+)px, (-?[\d.]+)px\)/);
      if (!r) continue;
      const cx = Number(r[1]);
      const cy = Number(r[2]);
      const cz = this.card(key)._z;
      if (x >= cx && x < cx + g.cw && y >= cy && y < cy + g.ch && cz > z) {
        best = it.pile;
        z = cz;
      }
    }
    return best;
  }

  /** What an element of the table stands for, as a tap target: {kind: "card"|"pile"|"slot"|
   * "stock"|"background", pile, key, code, index}.
   * @param {EventTarget|null} node @returns {Target} */
  targetOf(node) {
    const el = node && /** @type {Element} */ (node).closest ? /** @type {HTMLElement|null} */ (/** @type {Element} */ (node).closest(".card, .slot")) : null;
    if (!el || !this.el.contains(el)) return { kind: "background" };
    const pile = /** @type {string} */ (el.dataset.pile);
    if (pile === "stock") return { kind: "stock", pile };
    if (el.classList.contains("slot")) return { kind: "slot", pile };
    const it = this.items.get(/** @type {string} */ (el.dataset.key));
    if (!it || el.classList.contains("down") || it.inert || !it.playable) return { kind: "pile", pile };
    return { kind: "card", key: /** @type {string} */ (el.dataset.key), code: /** @type {string} */ (it.code), pile, index: it.index };
  }

  /** Move keyboard focus from `from` to the neighbouring pile or card in direction `dir`
   * (board/input.js). @param {Element|null} from @param {"left"|"right"|"up"|"down"} dir */
  moveFocus(from, dir) {
    moveFocus(this, from, dir);
  }
}
