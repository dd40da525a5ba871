// @ts-check
// TriPeaks' page: PySolFC deal numbers in the address, rules from the options (King and Ace
// next to each other, the peaks dealt face up), the three peaks' 28 places (drawn by the board
// from the view's places), the stock and the waste under them, how a tapped card maps to the
// legal moves (the waste lights up when the card goes on it), its counters and words.

import { cardName, count } from "../i18n.js";

/** @typedef {import("../types.js").Geometry} Geometry */
/** @typedef {import("../types.js").View} View */

const PATH = /^\/tripeaks\/deal\/(\d+)\/?$/;

/** The step from a row of the peaks to the next, in card heights. */
const STEP = 0.5;

/** The top of the stock and the waste: under the peaks' bottom row (three steps down).
 * @param {Geometry} g */
const lowerY = (g) => g.topY + 3 * Math.round(g.ch * STEP) + g.ch + Math.max(2 * g.gap, 10);

/** The place of the table where `code` lies, or null. @param {View} view @param {string} code */
function placeOf(view, code) {
  const i = (view.places || []).findIndex((p) => p.card === code);
  return i >= 0 ? `p${i}` : null;
}

/** The address part of the deals of the day under `wrap` and `open`, as
 * kosynka.web.games.tripeaks.daily_part writes it: tripeaks/closed, tripeaks/open-no-wrap.
 * @param {boolean} wrap @param {boolean} open */
const dailyPart = (wrap, open) => `tripeaks/${open ? "open" : "closed"}${wrap ? "" : "-no-wrap"}`;

/** Every address part of the deals of the day and the rules it names ("tripeaks" alone: the
 * standard rules, King-Ace on and the peaks face down). @type {Map<string, {wrap: boolean, open: boolean}>} */
const DAILY = new Map([["tripeaks", { wrap: true, open: false }]]);
for (const open of [false, true]) for (const wrap of [true, false]) DAILY.set(dailyPart(wrap, open), { wrap, open });

/** @type {import("../types.js").GameModule} */
export default {
  name: "tripeaks",
  numbering: "pysol",
  newNumbering: "pysol",
  width: 10,
  tallness: 4.2,
  maxCard: 110,
  placeStep: STEP,
  placesTop: (g) => g.topY,
  hasStock: true,
  variants: [],

  parsePath(path) {
    const m = path.match(PATH);
    return m ? { variant: "tripeaks", number: Number(m[1]), text: m[1] } : { variant: null, number: null };
  },
  variantOf: () => "tripeaks",
  defaultVariant: () => "tripeaks",
  variantPath: () => null,
  rememberVariant() {},
  saveKey: () => "kosynka.game.v1.tripeaks",
  pathOf: (record) => `/tripeaks/deal/${record.deal.number}`,
  rulesPath: (lang) => `/rules/tripeaks/${lang}`,
  pageVariant: () => "tripeaks",
  rulesFor: (variant, o) => ({ wrap: o.tripeaksWrap !== false, open: o.tripeaksOpen === true }),
  sameDeal: (record, variant, number) => String(record.deal.number) === String(number),
  daily: {
    path: (variant, rules) => dailyPart(rules.wrap !== false, rules.open === true),
    variant: (part) => (DAILY.has(part) ? "tripeaks" : null),
    query: (variant, part) => ({ ...(DAILY.get(part) || DAILY.get("tripeaks")) }),
    remember(o, part) {
      const rules = DAILY.get(part);
      if (!rules) return;
      o.tripeaksWrap = rules.wrap;
      o.tripeaksOpen = rules.open;
    },
    label: (rules, t) => `${rules.open === true ? t.peaksUp : t.peaksDown}, ${rules.wrap !== false ? t.wrapOn : t.wrapOff}`,
  },
  statColumns: [{ variant: "tripeaks", label: "title" }],

  counters: [
    { id: "c-peaks", label: "peaksLeft", short: "peaksShort", value: (v) => v.counters.peaks },
    { id: "c-stock", label: "stock", value: (v) => v.counters.stock },
    { id: "c-run", label: "run", title: "runTitle", value: (v) => v.counters.run },
  ],

  sourceOption: "tripeaksSource",
  options: {
    rows: [
      { check: "opt-wrap", label: "optWrap" },
      { check: "opt-open", label: "optOpen" },
    ],
    notes: ["optNextDeal", "optSourcesNote"],
    auto: false,
    fill($, o) {
      $("opt-wrap").checked = o.tripeaksWrap !== false;
      $("opt-open").checked = o.tripeaksOpen === true;
    },
    read($, o) {
      const wrap = $("opt-wrap").checked;
      const open = $("opt-open").checked;
      const changed = wrap !== (o.tripeaksWrap !== false) || open !== (o.tripeaksOpen === true);
      o.tripeaksWrap = wrap;
      o.tripeaksOpen = open;
      return changed;
    },
  },

  // ------------------------------------------------------------ the table
  topRow: () => ["stock", "waste"],
  stockCount: (view) => view.counters.stock,
  stockPlace: (g) => ({ x: g.x(3), y: lowerY(g) }),

  layoutTop(view, g, { place, slot, t, lang }) {
    const y = lowerY(g);
    const n = view.counters.stock;
    slot("stock", "stock", g.x(3), y, n ? t.stockCards(n) : t.stockDone, n ? null : "i-stop");
    if (n) place({ key: "stock", kind: "stock", x: g.x(3), y, z: 5, pile: "stock", index: 0, label: t.stockCards(n), count: n });
    const top = view.waste.at(-1);
    slot("waste", "waste", g.x(5), y, top ? `${t.waste}: ${cardName(top, lang)}` : t.waste);
    if (top) {
      place({ code: top, kind: "up", x: g.x(5), y, z: 10, pile: "waste", index: 0, playable: false, label: `${cardName(top, lang)}, ${t.waste}` });
    }
  },

  // ------------------------------------------------------------ moves
  stockMove: (view) => (view.legal.includes("s") ? "s" : null),

  /** The waste, when the card goes on it. */
  destinations(view, sel) {
    const out = new Map();
    if (view.legal.includes(sel.code)) out.set("waste", sel.code);
    return out;
  },
  moveTo: (view, sel, pile) => (pile === "waste" ? sel.code : null),
  quickMove: (view, sel) => (view.legal.includes(sel.code) ? sel.code : null),
  hintMarks(view, move, board) {
    if (move === "s") return ["stock"];
    const pile = placeOf(view, move);
    return [pile ? board.keyOf(move, pile) : null, "waste"].filter(Boolean);
  },

  describe(move, before, after, t, lang) {
    let text = move === "s" ? t.turnedCard : t.played(cardName(move, lang));
    const turned = (after.places || []).filter((p, i) => p.card && !(before.places || [])[i]?.card);
    for (const p of turned) text += t.turnedUp(cardName(/** @type {string} */ (p.card), lang));
    return text.charAt(0).toUpperCase() + text.slice(1);
  },
  winText: (view, t, time) => t.winText(view.counters.moves, time),

  strings: {
    en: {
      optWrap: "King and Ace next to each other", optOpen: "Peaks dealt face up",
      peaksDown: "peaks face down", peaksUp: "peaks face up",
      wrapOn: "King and Ace next to each other", wrapOff: "King and Ace not next to each other",
      peaksLeft: "Peaks", peaksShort: "Peaks", stock: "Stock", run: "Run", dealRow: "Stock",
      runTitle: "Cards played onto the waste since the last card turned from the stock",
      stockCards: (n) => `stock, ${count("en", n, { one: "card", other: "cards" })}; activate to turn one onto the waste`,
      stockDone: "empty stock", waste: "waste",
      turnedCard: "Turned a stock card onto the waste.",
      played: (c) => `Played the ${c} onto the waste.`,
      turnedUp: (c) => ` The ${c} is turned up.`,
      winText: (m, t) => `All three peaks are cleared in ${count("en", m, { one: "move", other: "moves" })} and ${t}.`,
      endText: "The stock is empty and no card goes on the waste: this game can no longer be won. Undo some moves, start this deal again, or take a new one.",
      optSourcesNote: "Easy, normal and hard deals, and the deals of the day, are graded for every choice of these rules.",
    },
    ru: {
      optWrap: "Король и туз — соседи", optOpen: "Вершины сдаются открытыми",
      peaksDown: "вершины закрыты", peaksUp: "вершины открыты",
      wrapOn: "король и туз — соседи", wrapOff: "король и туз не соседи",
      peaksLeft: "Вершины", peaksShort: "Вершины", stock: "Колода", run: "Серия", dealRow: "Колода",
      runTitle: "Сколько карт легло в сброс после последней карты из колоды",
      stockCards: (n) => `колода, ${count("ru", n, { one: "карта", few: "карты", many: "карт" })}; нажмите, чтобы открыть карту в сброс`,
      stockDone: "колода пуста", waste: "сброс",
      turnedCard: "Карта из колоды легла в сброс.",
      played: (c) => `${c} — в сброс.`,
      turnedUp: (c) => ` Открылась карта: ${c}.`,
      winText: (m, t) => `Все три вершины разобраны за ${count("ru", m, { one: "ход", few: "хода", many: "ходов" })}, время ${t}.`,
      endText: "Колода кончилась, и ни одна карта не ложится в сброс: эту партию уже не выиграть. Отмените несколько ходов, начните сдачу заново или возьмите новую.",
      optSourcesNote: "Лёгкие, обычные и трудные сдачи, как и сдачи дня, подобраны для любого сочетания этих правил.",
    },
  },
};
