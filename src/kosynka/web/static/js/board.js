// The card table: lays out and draws a view, animates cards between places, and turns pointer
// and keyboard input into taps and drops for the controller. No rules here: the view says what
// is where and which moves are legal.

import { STRINGS, cardName, parseCard } from "./i18n.js";

const SVGNS = "http://www.w3.org/2000/svg";
const RANK_TEXT = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const RANK_LETTERS = "A23456789TJQK";
const SUIT_LETTERS = "CDHS";

function use(id, cls) {
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("class", cls);
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
  el.append(r, use(`s-${code[1]}`, "i"), use(`s-${code[1]}`, "p"));
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

export class Board {
  /**
   * @param {HTMLElement} el the table element
   * @param {object} on callbacks: tap(target), drop(code, pile), key(event, target)
   */
  constructor(el, on) {
    this.el = el;
    this.on = on;
    this.cards = new Map(); // key -> element
    this.slots = new Map(); // pile -> slot element
    this.view = null;
    this.lang = "en";
    this.draw = 1;
    this.geom = null;
    this.drag = null;
    this.selectedGroup = [];
    this.focusPile = "c0"; // the pile Tab enters the table at (one tab stop: roving focus)
    this._makeSlots();
    el.addEventListener("focusin", (e) => {
      const t = e.target.closest(".card, .slot");
      if (t && t.dataset.pile) {
        this.focusPile = t.dataset.pile;
        this._roving(t);
      }
    });
    this._bindPointer();
    this._bindKeys();
  }

  _makeSlots() {
    const mk = (pile, cls) => {
      const s = document.createElement("div");
      s.className = `slot ${cls}`;
      s.dataset.pile = pile;
      this.el.appendChild(s);
      this.slots.set(pile, s);
      return s;
    };
    mk("stock", "stock").setAttribute("role", "button");
    mk("waste", "waste");
    for (let k = 0; k < 4; k++) mk(`f${k}`, "found");
    for (let i = 0; i < 7; i++) mk(`c${i}`, "col");
  }

  /** Card size and pile positions for the table's current width and height. */
  _geometry() {
    const W = this.el.clientWidth || 360;
    const H = Math.max(window.innerHeight - this.el.getBoundingClientRect().top - this._barHeight(), 0);
    const gap = Math.max(4, Math.round(W * 0.012));
    // As wide as seven columns allow, but short enough that a typical table fits the height.
    const byHeight = H > 0 ? Math.floor(H / (1.4 * 4.4)) : 200;
    // On a short screen (a phone on its side) cards stay readable and the page scrolls.
    const cw = Math.max(30, Math.min(Math.floor((W - 8 * gap) / 7), Math.max(byHeight, 56), 150));
    const ch = Math.round(cw * 1.4);
    const left = Math.round((W - (7 * cw + 6 * gap)) / 2);
    const x = (i) => left + i * (cw + gap);
    const topY = gap + 2;
    const tabY = topY + ch + Math.max(gap * 2, 10);
    return { W, gap, cw, ch, x, topY, tabY, H };
  }

  _barHeight() {
    const bar = document.querySelector(".bar");
    return bar ? bar.getBoundingClientRect().height : 0;
  }

  /** Column offsets (face down, face up) squeezed so the tallest column fits the height. */
  _offsets(g, down, up) {
    let dOff = Math.max(5, Math.round(g.ch * 0.11));
    let uOff = Math.max(Math.round(g.ch * 0.26), Math.round(g.cw * 0.44));
    const avail = Math.max(g.H - g.tabY - g.gap, g.ch * 2.5);
    const need = down * dOff + Math.max(0, up - 1) * uOff + g.ch;
    if (need > avail) {
      const k = Math.max((avail - g.ch) / (need - g.ch), 0.45);
      dOff = Math.max(3, Math.round(dOff * k));
      uOff = Math.max(Math.round(g.cw * 0.3), Math.round(uOff * k));
    }
    return [dOff, uOff];
  }

  setLang(lang) {
    this.lang = lang;
    if (this.view) this.render(this.view, this.draw);
  }

  /** Where the foundation of a suit letter is shown (slot 0..3). */
  foundationSlot(suitLetter) {
    if (!this.view) return SUIT_LETTERS.indexOf(suitLetter);
    return this.view.foundations.findIndex((f) => f.suit === suitLetter);
  }

  /** The pile a face-up card code lies on in the current view, or null. */
  pileOf(code) {
    const v = this.view;
    if (!v) return null;
    for (let i = 0; i < 7; i++) if (v.columns[i].up.includes(code)) return `c${i}`;
    if (v.waste.length && v.waste[v.waste.length - 1] === code) return "waste";
    const k = v.foundations.findIndex((f) => f.top === code);
    return k >= 0 ? `f${k}` : null;
  }

  /** Draw `view` (cards keep their elements, so moves slide). */
  render(view, draw) {
    const prev = this.view;
    this.view = view;
    this.draw = draw;
    const g = (this.geom = this._geometry());
    const t = STRINGS[this.lang];
    this.el.style.setProperty("--cw", `${g.cw}px`);
    this.el.style.setProperty("--ch", `${g.ch}px`);
    const want = new Map();
    const place = (key, spec) => want.set(key, spec);

    // Slots.
    const slotAt = (pile, x, y) => {
      const s = this.slots.get(pile);
      s.style.transform = `translate(${x}px, ${y}px)`;
      s.style.left = "0";
      s.style.top = "0";
    };
    slotAt("stock", g.x(0), g.topY);
    slotAt("waste", g.x(1), g.topY);
    for (let k = 0; k < 4; k++) slotAt(`f${k}`, g.x(3 + k), g.topY);
    for (let i = 0; i < 7; i++) slotAt(`c${i}`, g.x(i), g.tabY);

    const c = view.counters;
    const stockSlot = this.slots.get("stock");
    stockSlot.replaceChildren();
    const noPasses = c.stock === 0 && (c.passes_left === 0 || c.waste === 0);
    if (c.stock === 0) stockSlot.appendChild(use(noPasses ? "i-stop" : "i-recycle", ""));
    stockSlot.setAttribute("aria-label", c.stock ? t.stockPile(c.stock) : noPasses ? t.stockDone : t.stockEmpty);
    const wasteSlot = this.slots.get("waste");
    wasteSlot.setAttribute("aria-label", t.wasteEmpty);
    for (let k = 0; k < 4; k++) {
      const s = this.slots.get(`f${k}`);
      s.setAttribute("aria-label", t.emptyFoundation);
      s.setAttribute("role", "button");
    }
    for (let i = 0; i < 7; i++) {
      const s = this.slots.get(`c${i}`);
      const col = view.columns[i];
      s.setAttribute("aria-label", t.emptyColumn(i + 1));
      s.setAttribute("role", "button");
    }

    // Stock pile.
    if (c.stock > 0) {
      place("stock", { kind: "stock", x: g.x(0), y: g.topY, z: 5, pile: "stock", label: t.stockPile(c.stock), count: c.stock });
    }
    // Waste (fanned in Draw 3; only the top plays).
    const fan = draw === 3 ? Math.round(g.cw * 0.3) : 0;
    view.waste.forEach((code, k) => {
      const top = k === view.waste.length - 1;
      place(code, {
        kind: "up", x: g.x(1) + k * fan, y: g.topY, z: 10 + k, pile: "waste", playable: top,
        label: `${cardName(code, this.lang)}, ${t.onWaste}`, fromStock: true,
      });
    });
    // Foundations (the card beneath the top is kept so a moving card never uncovers a gap).
    view.foundations.forEach((f, k) => {
      if (f.count >= 2) {
        const below = RANK_LETTERS[f.count - 2] + f.suit;
        place(below, { kind: "up", x: g.x(3 + k), y: g.topY, z: 20, pile: `f${k}`, playable: false, inert: true });
      }
      if (f.top) {
        place(f.top, {
          kind: "up", x: g.x(3 + k), y: g.topY, z: 21, pile: `f${k}`, playable: true,
          label: `${cardName(f.top, this.lang)}, ${t.onFoundation}`,
        });
      }
    });
    // Columns.
    let bottom = g.tabY + g.ch;
    view.columns.forEach((col, i) => {
      const [dOff, uOff] = this._offsets(g, col.down, col.up.length);
      let y = g.tabY;
      for (let j = 0; j < col.down; j++) {
        place(`d${i}-${j}`, { kind: "down", x: g.x(i), y, z: 100 + j, pile: `c${i}`, label: t.faceDownCard });
        y += dOff;
      }
      col.up.forEach((code, j) => {
        place(code, {
          kind: "up", x: g.x(i), y, z: 100 + col.down + j, pile: `c${i}`, playable: true, index: j,
          label: `${cardName(code, this.lang)}, ${t.inColumn(i + 1)}`,
        });
        if (j < col.up.length - 1) y += uOff;
      });
      bottom = Math.max(bottom, y + g.ch);
    });
    this.el.style.height = `${Math.max(bottom + g.gap, g.H)}px`;

    // Apply: reuse elements by key, create new ones, drop the rest.
    const stockPos = `translate(${g.x(0)}px, ${g.topY}px)`;
    for (const [key, el] of this.cards) {
      if (!want.has(key)) {
        el.remove();
        this.cards.delete(key);
      }
    }
    for (const [key, spec] of want) {
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
        } else el = makeFaceUp(key);
        el.dataset.key = key;
        const startFromStock = spec.fromStock && prev && prev.counters.stock > view.counters.stock;
        el.style.transform = startFromStock ? stockPos : target;
        this.el.appendChild(el);
        this.cards.set(key, el);
        if (startFromStock) {
          void el.getBoundingClientRect();
          el.style.transform = target;
        } else if (prev && spec.kind === "up" && spec.pile.startsWith("c")) {
          el.classList.add("flip"); // a face-down card has just been turned up
          setTimeout(() => el.classList.remove("flip"), 300);
        }
      }
      if (!fresh && el.style.transform !== target) {
        el.classList.add("moving");
        clearTimeout(el._movingTimer);
        el._movingTimer = setTimeout(() => el.classList.remove("moving"), 220);
        el.style.transform = target;
      }
      el.style.zIndex = String(spec.z);
      el.dataset.pile = spec.pile;
      if (spec.kind === "stock") {
        el.querySelector(".badge").textContent = String(spec.count);
        el.setAttribute("aria-label", spec.label);
      } else if (spec.kind === "down") {
        el.setAttribute("aria-label", spec.label);
      } else if (spec.inert) {
        el.setAttribute("aria-hidden", "true");
        el.removeAttribute("role");
      } else {
        el.removeAttribute("aria-hidden");
        el.setAttribute("aria-label", spec.label);
        el.setAttribute("role", spec.playable ? "button" : "img");
      }
    }
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

  /** The elements of a selected card and the cards lying on it. */
  groupOf(code) {
    const el = this.cards.get(code);
    if (!el) return [];
    const pile = el.dataset.pile;
    if (!pile.startsWith("c")) return [el];
    const col = this.view.columns[Number(pile.slice(1))];
    const j = col.up.indexOf(code);
    return col.up.slice(j).map((c) => this.cards.get(c)).filter(Boolean);
  }

  /** The element that stands for a pile: its top card, or its empty slot. */
  pileElement(pile) {
    const v = this.view;
    if (pile === "stock") return v.counters.stock ? this.cards.get("stock") : this.slots.get("stock");
    if (pile === "waste") return v.waste.length ? this.cards.get(v.waste[v.waste.length - 1]) : this.slots.get("waste");
    if (pile.startsWith("f")) {
      const f = v.foundations[Number(pile.slice(1))];
      return f.top ? this.cards.get(f.top) : this.slots.get(pile);
    }
    const col = v.columns[Number(pile.slice(1))];
    if (col.up.length) return this.cards.get(col.up[col.up.length - 1]);
    if (col.down) return this.cards.get(`d${pile.slice(1)}-${col.down - 1}`);
    return this.slots.get(pile);
  }

  clearMarks() {
    for (const el of this.el.querySelectorAll(".selected, .target, .hinted")) {
      el.classList.remove("selected", "target", "hinted");
      el.removeAttribute("aria-pressed");
    }
  }

  /** Show a selected card (with those on it) and light its legal destinations. */
  mark(code, targetPiles) {
    this.clearMarks();
    const group = this.groupOf(code);
    for (const el of group) el.classList.add("selected");
    if (group[0]) group[0].setAttribute("aria-pressed", "true");
    for (const p of targetPiles) {
      const el = this.pileElement(p);
      if (el) el.classList.add("target");
    }
  }

  /** Make a card or pile pulse (a hint). */
  pulse(codeOrPile) {
    const el = this.cards.get(codeOrPile) || this.pileElement(codeOrPile);
    if (!el) return;
    el.classList.remove("hinted");
    void el.getBoundingClientRect();
    el.classList.add("hinted");
  }

  /** Shake a card: the move was refused. */
  shake(code) {
    const el = this.cards.get(code);
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
    for (let i = 0; i < 7; i++) {
      const x0 = g.x(i) - g.gap / 2;
      if (x >= x0 && x < x0 + g.cw + g.gap) {
        if (y >= g.tabY - g.gap) return `c${i}`;
        if (y >= g.topY - g.gap && y < g.topY + g.ch + g.gap) {
          if (i >= 3) return `f${i - 3}`;
          return i === 0 ? "stock" : "waste";
        }
      }
    }
    return null;
  }

  /** What an element of the table stands for, as a tap target. */
  targetOf(node) {
    const el = node && node.closest ? node.closest(".card, .slot") : null;
    if (!el || !this.el.contains(el)) return { kind: "background" };
    const pile = el.dataset.pile;
    if (pile === "stock") return { kind: "stock", pile };
    if (el.classList.contains("slot")) return { kind: "slot", pile };
    if (el.classList.contains("down") || el.getAttribute("aria-hidden") === "true") return { kind: "pile", pile };
    if (pile === "waste" && el.dataset.card !== this.view.waste[this.view.waste.length - 1]) return { kind: "pile", pile };
    return { kind: "card", code: el.dataset.card, pile };
  }

  _bindPointer() {
    const el = this.el;
    el.addEventListener("pointerdown", (e) => {
      if (e.button !== 0 || this.drag) return;
      const target = this.targetOf(e.target);
      this.drag = { id: e.pointerId, x0: e.clientX, y0: e.clientY, target, moved: false, group: [] };
      if (target.kind === "card") {
        this.drag.group = this.groupOf(target.code).map((c) => ({ el: c, base: c.style.transform }));
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
        this.on.drop(d.target.code, pile === d.target.pile ? null : pile);
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

  /** Move keyboard focus from `from` to the neighbouring pile or card in direction `dir`. */
  moveFocus(from, dir) {
    const row = ["stock", "waste", null, "f0", "f1", "f2", "f3"];
    const el = from && from.closest ? from.closest(".card, .slot") : null;
    let pile = el && this.el.contains(el) ? el.dataset.pile : "c0";
    const focus = (p) => {
      const t = this.pileElement(p);
      if (t) t.focus();
    };
    const colIndex = pile.startsWith("c") ? Number(pile.slice(1)) : row.indexOf(pile);
    const inTop = !pile.startsWith("c");
    if (dir === "left" || dir === "right") {
      const step = dir === "left" ? -1 : 1;
      if (inTop) {
        let k = colIndex + step;
        while (k >= 0 && k < 7 && !row[k]) k += step;
        if (k >= 0 && k < 7) focus(row[k]);
      } else {
        const k = colIndex + step;
        if (k >= 0 && k < 7) focus(`c${k}`);
      }
      return;
    }
    if (inTop) {
      if (dir === "down") focus(`c${Math.max(0, colIndex)}`);
      return;
    }
    const col = this.view.columns[colIndex];
    const code = el && el.dataset.card;
    const j = code ? col.up.indexOf(code) : -1;
    if (dir === "up") {
      if (j > 0 && col.up[j - 1]) this.cards.get(col.up[j - 1]).focus();
      else focus(row[colIndex] || "waste");
    } else if (j >= 0 && j < col.up.length - 1) {
      this.cards.get(col.up[j + 1]).focus();
    }
  }
}
