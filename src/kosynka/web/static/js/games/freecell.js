// @ts-check
// FreeCell's page: Microsoft deal numbers in the address, rules from the options (free cells,
// foundation returns), the top row (the free cells, then the foundations in suit order C, D, H,
// S), how a tapped card maps to the legal moves (a move to "c" lights every empty free cell),
// its counters and words.

import { cardName, count } from "../i18n.js";
import { pileKind, pileNumber } from "../board.js";

/** @typedef {import("../types.js").Geometry} Geometry */
/** @typedef {import("../types.js").View} View */
/** @typedef {"C"|"D"|"H"|"S"} Suit */

const RANK_LETTERS = "A23456789TJQK";
const SUITS = "CDHS";
const PATH = /^\/freecell\/deal\/(\d+)\/?$/;

/** The piles a legal move's destination ("f", "c", "c2", a column number) lights, each with
 * the move that puts the card there. @param {View} view @param {string} code @param {string} dest
 * @returns {[string, string][]} */
function destPiles(view, code, dest) {
  if (dest === "f") return [[`f${SUITS.indexOf(code[1])}`, `${code}>f`]];
  if (dest === "c") {
    return view.cells.flatMap((c, k) => (c ? [] : [[`cell${k}`, `${code}>c${k + 1}`]]));
  }
  if (/^c\d$/.test(dest)) return [[`cell${Number(dest.slice(1)) - 1}`, `${code}>${dest}`]];
  return [[`c${Number(dest) - 1}`, `${code}>${dest}`]];
}

/** How many cards a move of `code` takes along in `view` (the card and those on it).
 * @param {View} view @param {string} code */
function groupSize(view, code) {
  for (const col of view.columns) {
    const j = col.up.indexOf(code);
    if (j >= 0) return col.up.length - j;
  }
  return 1;
}

/** The longest group that can move onto a card now: as many cards as could move one at a time
 * through the free cells and empty columns, (1 + free cells) x 2^(empty columns), but never
 * more than a run that could lie on a card (twelve, the queen down to the ace, on a king) or
 * than the columns hold besides the card it goes onto (none once every card is home).
 * @param {View} view */
function longestRun(view) {
  const free = view.cells.filter((c) => !c).length;
  const empty = view.columns.filter((c) => c.up.length === 0).length;
  const cards = view.columns.reduce((n, c) => n + c.up.length, 0);
  return Math.max(0, Math.min((1 + free) * 2 ** empty, 12, cards - 1));
}

/** Where the top row's places stand: the free cells at the left and the foundations at the
 * right, two groups set apart by a gap wider than the gaps within them (at least 16 px, half a
 * card where there is room), each drawn in a frame of its own `pad` px around it.
 * @param {Geometry} g */
function topPlaces(g) {
  const pad = Math.max(3, Math.round(g.gap / 2));
  const room = g.W - 2 * (pad + 2);
  let inner = g.gap;
  let mid = Math.max(16, Math.round(g.cw * 0.5), 2 * (g.gap + pad));
  if (8 * g.cw + 6 * inner + mid > room) {
    inner = Math.max(2, Math.min(inner, Math.floor((room - 8 * g.cw - 16) / 6)));
    mid = Math.max(room - 8 * g.cw - 6 * inner, 2 * pad + 4);
  }
  const left = Math.round((g.W - (8 * g.cw + 6 * inner + mid)) / 2);
  const at = (/** @type {number} */ k) => left + k * (g.cw + inner) + (k >= 4 ? mid - inner : 0);
  /** @param {number} from @param {number} n @returns {[number, number, number, number]} */
  const frame = (from, n) => [at(from) - pad, g.topY - pad, n * g.cw + (n - 1) * inner + 2 * pad, g.ch + 2 * pad];
  return { at, frame };
}

/** @type {import("../types.js").GameModule} */
export default {
  name: "freecell",
  numbering: "ms",
  newNumbering: "ms",
  width: 8,
  tallness: 5.4,
  maxCard: 130,
  hasStock: false,
  variants: [],

  parsePath(path) {
    const m = path.match(PATH);
    return m ? { variant: "freecell", number: Number(m[1]), text: m[1] } : { variant: null, number: null };
  },
  variantOf: () => "freecell",
  defaultVariant: () => "freecell",
  variantPath: () => null,
  rememberVariant() {},
  saveKey: () => "kosynka.game.v1.freecell",
  pathOf: (record) => `/freecell/deal/${record.deal.number}`,
  rulesPath: (lang) => `/rules/freecell/${lang}`,
  pageVariant: () => "freecell",
  rulesFor: (variant, o) => ({
    cells: Number.isInteger(Number(o.fcCells)) && o.fcCells >= 0 && o.fcCells <= 4 ? Number(o.fcCells) : 4,
    foundation_return: o.fcReturn !== false,
  }),
  sameDeal: (record, variant, number) => String(record.deal.number) === String(number),
  daily: { path: () => "freecell", variant: (part) => (part === "freecell" ? "freecell" : null), query: () => ({}) },
  statColumns: [{ variant: "freecell", label: "title" }],

  counters: [
    { id: "c-home", label: "home", short: "homeShort", value: (v) => v.counters.home },
    { id: "c-free", label: "freeCells", short: "freeCellsShort", value: (v) => v.counters.free_cells },
    { id: "c-longest", label: "longest", title: "longestTitle", value: (v) => longestRun(v) },
  ],

  sourceOption: "fcSource",
  options: {
    rows: [
      { select: "opt-cells", label: "optCells", choices: [["4"], ["3"], ["2"], ["1"], ["0"]] },
      { check: "opt-return", label: "optReturn" },
    ],
    notes: ["optNextDeal", "optSourcesNote"],
    auto: true,
    fill($, o) {
      $("opt-cells").value = String(o.fcCells ?? 4);
      $("opt-return").checked = o.fcReturn !== false;
    },
    read($, o) {
      const cells = Number($("opt-cells").value);
      const ret = $("opt-return").checked;
      const changed = cells !== Number(o.fcCells ?? 4) || ret !== (o.fcReturn !== false);
      o.fcCells = cells;
      o.fcReturn = ret;
      return changed;
    },
  },

  // ------------------------------------------------------------ the table
  topRow(view) {
    const row = [];
    for (let k = 0; k < 4; k++) row.push(k < view.cells.length ? `cell${k}` : null);
    return row.concat(["f0", "f1", "f2", "f3"]);
  },

  layoutTop(view, g, { place, slot, frame, t, lang }) {
    const top = topPlaces(g);
    if (view.cells.length) frame("cells", ...top.frame(0, view.cells.length));
    frame("homes", ...top.frame(4, 4));
    view.cells.forEach((code, k) => {
      const pile = `cell${k}`;
      slot(pile, "cell", top.at(k), g.topY, code ? `${t.inCell(k + 1)}: ${cardName(code, lang)}` : t.emptyCell(k + 1));
      if (code) {
        place({
          code, kind: "up", x: top.at(k), y: g.topY, z: 30, pile, index: 0, playable: true,
          label: `${cardName(code, lang)}, ${t.inCell(k + 1)}`,
        });
      }
    });
    view.foundations.forEach((f, k) => {
      const pile = `f${k}`;
      slot(pile, "found suited", top.at(4 + k), g.topY, f.top ? t.foundationHas(cardName(f.top, lang), f.count) : t.foundationOf(f.suit), `s-${f.suit}`);
      if (f.count >= 2) {
        const below = RANK_LETTERS[f.count - 2] + f.suit;
        place({ code: below, kind: "up", x: top.at(4 + k), y: g.topY, z: 20, pile, index: f.count - 2, inert: true });
      }
      if (f.top) {
        place({
          code: f.top, kind: "up", x: top.at(4 + k), y: g.topY, z: 21, pile, index: f.count - 1, playable: true,
          label: `${cardName(f.top, lang)}, ${t.onFoundation}`,
        });
      }
    });
  },

  // ------------------------------------------------------------ moves
  stockMove: () => null,

  destinations(view, sel) {
    const out = new Map();
    for (const m of view.legal) {
      const [c, dest] = m.split(">");
      if (c !== sel.code) continue;
      for (const [pile, move] of destPiles(view, c, dest)) out.set(pile, move);
    }
    return out;
  },
  moveTo(view, sel, pile) {
    const kind = pileKind(pile);
    if (kind === "found") return `${sel.code}>f`;
    if (kind === "col") return `${sel.code}>${pileNumber(pile) + 1}`;
    if (kind === "cell") return `${sel.code}>c${pileNumber(pile) + 1}`;
    return null;
  },
  /** A double tap: home when the card can go there, else into a free cell. */
  quickMove(view, sel) {
    if (view.legal.includes(`${sel.code}>f`)) return `${sel.code}>f`;
    if (view.legal.includes(`${sel.code}>c`)) return `${sel.code}>c`;
    return null;
  },
  hintMarks(view, move) {
    const [code, dest] = move.split(">");
    const piles = destPiles(view, code, dest).map(([p]) => p);
    return [code, ...(dest === "c" ? piles.slice(0, 1) : piles)];
  },

  describe(move, before, after, t, lang) {
    const [code, dest] = move.split(">");
    let where;
    if (dest === "f") where = t.toFoundation;
    else if (dest[0] === "c") where = t.toCell;
    else where = t.toColumn(Number(dest));
    const n = groupSize(before, code);
    const text = t.moved(cardName(code, lang) + (n > 1 ? t.withOthers(n - 1) : ""), where);
    return text.charAt(0).toUpperCase() + text.slice(1);
  },
  winText: (view, t, time) => t.winText(view.counters.moves, time),

  strings: {
    en: {
      optCells: "Free cells",
      home: "Home", homeShort: "Home", freeCells: "Free cells", freeCellsShort: "Cells", longest: "Max run",
      longestTitle: "The longest ordered run that can move onto a card now",
      emptyCell: (k) => `free cell ${k}, empty`, inCell: (k) => `free cell ${k}`,
      foundationOf: (/** @type {Suit} */ s) => `foundation of ${{ C: "clubs", D: "diamonds", H: "hearts", S: "spades" }[s]}, empty`,
      toCell: "a free cell", withOthers: (n) => ` with ${count("en", n, { one: "card", other: "cards" })} on it`,
      winText: (m, t) => `All 52 cards are home in ${count("en", m, { one: "move", other: "moves" })} and ${t}.`,
      endText: "Whatever is moved, no card can go home any more: this game can no longer be won. Undo some moves, start this deal again, or take a new one.",
      optSourcesNote: "Easy, normal and hard deals are graded for the standard rules (four free cells, cards may come back); with other rules new deals are random.",
    },
    ru: {
      optCells: "Свободных ячеек",
      home: "В домах", homeShort: "Дома", freeCells: "Ячеек свободно", freeCellsShort: "Ячейки", longest: "Ряд до",
      longestTitle: "Сколько карт упорядоченного ряда можно сейчас перенести на карту",
      emptyCell: (k) => `свободная ячейка ${k}, пусто`, inCell: (k) => `ячейка ${k}`,
      foundationOf: (/** @type {Suit} */ s) => `дом ${{ C: "треф", D: "бубен", H: "червей", S: "пик" }[s]}, пусто`,
      toCell: "в свободную ячейку",
      withOthers: (n) => ` и ещё ${count("ru", n, { one: "карта", few: "карты", many: "карт" })} на ней`,
      winText: (m, t) => `Все 52 карты в домах за ${count("ru", m, { one: "ход", few: "хода", many: "ходов" })}, время ${t}.`,
      endText: "Что ни перекладывай, ни одна карта больше не уйдёт в дом: эту партию уже не выиграть. Отмените несколько ходов, начните сдачу заново или возьмите новую.",
      optSourcesNote: "Лёгкие, обычные и трудные сдачи подобраны для обычных правил (четыре свободные ячейки, карты можно брать из домов); при других правилах новые сдачи случайные.",
    },
  },
};
