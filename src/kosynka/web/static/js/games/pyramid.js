// @ts-check
// Pyramid's page: PySolFC deal numbers in the address, rules from the options (passes through
// the stock, the goal), the stock (its top card face up) and the waste beside the pyramid's top,
// the pyramid's 28 places (drawn by the board from the view's places), how a tapped card maps
// to the legal moves (its partners light up; a King lights itself), its counters and words.

import { cardName, count } from "../i18n.js";
import { pileKind, pileNumber } from "../board.js";

/** @typedef {import("../types.js").Picked} Picked */
/** @typedef {import("../types.js").View} View */

const PATH = /^\/pyramid\/deal\/(\d+)\/?$/;

/** The pile where `code` lies now and may be played from: a pyramid place, the stock's face-up
 * top card or the waste's top card; null when it is nowhere to be played.
 * @param {View} view @param {string} code */
function pileOf(view, code) {
  const places = view.places || [];
  const i = places.findIndex((p) => p.card === code);
  if (i >= 0) return `p${i}`;
  if ((view.stock || []).at(-1) === code) return "stock";
  if (view.waste.at(-1) === code) return "waste";
  return null;
}

/** The card a pile shows on top (a place's card, the stock's or the waste's top), or null.
 * @param {View} view @param {string} pile */
function cardAt(view, pile) {
  if (pileKind(pile) === "place") return (view.places || [])[pileNumber(pile)]?.card ?? null;
  if (pile === "stock") return (view.stock || []).at(-1) ?? null;
  if (pile === "waste") return view.waste.at(-1) ?? null;
  return null;
}

/** The stored option's passes (1, 2, 3, or null for unlimited). @param {any} value */
const passesOf = (value) => ([1, 2, 3].includes(Number(value)) && value !== null ? Number(value) : null);

/** The address part of the deals of the day under `passes` (null: unlimited) and `goal`, as
 * kosynka.web.games.pyramid.daily_part writes it: pyramid/3-passes, pyramid/1-pass-all-cards.
 * @param {number|null} passes @param {string} goal */
const dailyPart = (passes, goal) =>
  `pyramid/${passes == null ? "unlimited-passes" : passes === 1 ? "1-pass" : `${passes}-passes`}${goal === "all" ? "-all-cards" : ""}`;

/** Every address part of the deals of the day and the rules it names ("pyramid" alone:
 * Microsoft's, three passes and the pyramid to clear). @type {Map<string, {passes: number|null, goal: string}>} */
const DAILY = new Map([["pyramid", { passes: 3, goal: "pyramid" }]]);
for (const goal of ["pyramid", "all"]) for (const passes of [3, 2, 1, null]) DAILY.set(dailyPart(passes, goal), { passes, goal });

/** @type {import("../types.js").GameModule} */
export default {
  name: "pyramid",
  numbering: "pysol",
  newNumbering: "pysol",
  width: 7,
  tallness: 4.4,
  maxCard: 120,
  placeStep: 0.5,
  placesTop: (g) => g.topY,
  hasStock: true,
  variants: [],

  parsePath(path) {
    const m = path.match(PATH);
    return m ? { variant: "pyramid", number: Number(m[1]), text: m[1] } : { variant: null, number: null };
  },
  variantOf: () => "pyramid",
  defaultVariant: () => "pyramid",
  variantPath: () => null,
  rememberVariant() {},
  saveKey: () => "kosynka.game.v1.pyramid",
  pathOf: (record) => `/pyramid/deal/${record.deal.number}`,
  rulesPath: (lang) => `/rules/pyramid/${lang}`,
  pageVariant: () => "pyramid",
  rulesFor: (variant, o) => ({
    passes: o.pyramidPasses === undefined ? 3 : passesOf(o.pyramidPasses),
    goal: o.pyramidGoal === "all" ? "all" : "pyramid",
  }),
  sameDeal: (record, variant, number) => String(record.deal.number) === String(number),
  daily: {
    path: (variant, rules) => dailyPart(passesOf(rules.passes), rules.goal === "all" ? "all" : "pyramid"),
    variant: (part) => (DAILY.has(part) ? "pyramid" : null),
    query: (variant, part) => ({ ...(DAILY.get(part) || DAILY.get("pyramid")) }),
    remember(o, part) {
      const rules = DAILY.get(part);
      if (!rules) return;
      o.pyramidPasses = rules.passes;
      o.pyramidGoal = rules.goal;
    },
    label: (rules, t) => `${t.passesWord(passesOf(rules.passes))}, ${rules.goal === "all" ? t.toClearAll : t.toClearPyramid}`,
  },
  statColumns: [{ variant: "pyramid", label: "title" }],

  counters: [
    { id: "c-pyramid", label: "pyramidLeft", short: "pyramidShort", value: (v) => v.counters.pyramid },
    { id: "c-stock", label: "stock", value: (v) => v.counters.stock },
    {
      id: "c-pass", label: "pass",
      value: (v) => (v.counters.passes == null ? v.counters.pass_number : `${v.counters.pass_number}/${v.counters.passes}`),
    },
  ],

  sourceOption: "pyramidSource",
  options: {
    rows: [
      { select: "opt-passes", label: "optPasses", choices: [["3"], ["2"], ["1"], ["", "unlimited"]] },
      { select: "opt-goal", label: "optGoal", choices: [["pyramid", "goalPyramid"], ["all", "goalAll"]] },
    ],
    notes: ["optNextDeal", "optSourcesNote"],
    auto: true,
    fill($, o) {
      const passes = o.pyramidPasses === undefined ? 3 : passesOf(o.pyramidPasses);
      $("opt-passes").value = passes == null ? "" : String(passes);
      $("opt-goal").value = o.pyramidGoal === "all" ? "all" : "pyramid";
    },
    read($, o) {
      const passes = $("opt-passes").value === "" ? null : Number($("opt-passes").value);
      const goal = $("opt-goal").value === "all" ? "all" : "pyramid";
      const before = o.pyramidPasses === undefined ? 3 : passesOf(o.pyramidPasses);
      const changed = passes !== before || goal !== (o.pyramidGoal === "all" ? "all" : "pyramid");
      o.pyramidPasses = passes;
      o.pyramidGoal = goal;
      return changed;
    },
  },

  // ------------------------------------------------------------ the table
  topRow: () => ["stock", "waste", null, null, null, null, null],
  stockCount: (view) => view.counters.stock,
  stockPlace: (g) => ({ x: g.x(0), y: g.topY }),

  layoutTop(view, g, { place, slot, t, lang }) {
    const c = view.counters;
    const top = (view.stock || []).at(-1);
    const canTurn = view.legal.includes("r");
    slot("stock", "stock", g.x(0), g.topY, top ? t.stockTop(cardName(top, lang), c.stock) : canTurn ? t.stockEmpty : t.stockDone,
      top ? null : canTurn ? "i-recycle" : "i-stop");
    if (top) {
      place({
        code: top, kind: "up", x: g.x(0), y: g.topY, z: 10, pile: "stock", index: 0, playable: true,
        label: t.stockTop(cardName(top, lang), c.stock),
      });
    }
    const waste = view.waste.at(-1);
    slot("waste", "waste", g.x(1), g.topY, waste ? `${t.waste}: ${cardName(waste, lang)}` : t.wasteEmpty);
    if (waste) {
      place({
        code: waste, kind: "up", x: g.x(1), y: g.topY, z: 10, pile: "waste", index: 0, playable: true,
        label: `${cardName(waste, lang)}, ${t.waste}`,
      });
    }
  },

  // ------------------------------------------------------------ moves
  stockMove: (view) => (view.legal.includes("s") ? "s" : view.legal.includes("r") ? "r" : null),

  /** The partners a card may be removed with, each by its pile, and a King by its own pile. */
  destinations(view, sel) {
    const out = new Map();
    for (const m of view.legal) {
      if (m === sel.code) {
        out.set(sel.pile, m);
        continue;
      }
      const [a, b] = m.split("+");
      if (!b || (a !== sel.code && b !== sel.code)) continue;
      const pile = pileOf(view, a === sel.code ? b : a);
      if (pile) out.set(pile, m);
    }
    return out;
  },
  moveTo(view, sel, pile) {
    if (pile === sel.pile) return sel.code;
    const other = cardAt(view, pile);
    return other ? `${sel.code}+${other}` : null;
  },
  /** A double tap: a King goes; a card with one partner goes with it. */
  quickMove(view, sel) {
    const lit = [...this.destinations(view, sel).values()];
    return lit.length === 1 ? lit[0] : null;
  },
  hintMarks(view, move, board) {
    if (move === "s" || move === "r") return ["stock"];
    return move.split("+").map((code) => {
      const pile = pileOf(view, code);
      return pile ? board.keyOf(code, pile) : null;
    }).filter(Boolean);
  },

  describe(move, before, after, t, lang) {
    let text;
    if (move === "s") text = t.turnedCard;
    else if (move === "r") text = t.newPass(after.counters.pass_number);
    else {
      const cards = move.split("+").map((c) => cardName(c, lang));
      text = cards.length === 1 ? t.removedOne(cards[0]) : t.removedTwo(cards[0], cards[1]);
    }
    if (after.counters.pyramid === 0 && before.counters.pyramid > 0) text += t.cleared;
    return text.charAt(0).toUpperCase() + text.slice(1);
  },
  winText: (view, t, time) => t.winText(view.counters.moves, time),

  strings: {
    en: {
      optPasses: "Passes through the stock", unlimited: "Unlimited", optGoal: "To win, remove",
      stock: "Stock", dealRow: "Stock",
      goalPyramid: "the pyramid", goalAll: "all 52 cards",
      passesWord: (n) => (n == null ? "unlimited passes" : count("en", n, { one: "pass", other: "passes" })),
      toClearPyramid: "the pyramid to clear", toClearAll: "all 52 cards to clear",
      pyramidLeft: "Pyramid", pyramidShort: "Pyramid", pass: "Pass",
      stockTop: (c, n) => `stock, ${c} on top, ${count("en", n, { one: "card", other: "cards" })}`,
      stockEmpty: "empty stock; activate to turn the waste over", stockDone: "empty stock",
      waste: "waste", wasteEmpty: "waste, empty",
      turnedCard: "Turned a card onto the waste.",
      newPass: (p) => `Turned the waste over: pass ${p}.`,
      removedOne: (c) => `Removed the ${c}.`,
      removedTwo: (a, b) => `Removed the ${a} and the ${b}.`,
      cleared: " The pyramid is cleared.",
      winText: (m, t) => `Won in ${count("en", m, { one: "move", other: "moves" })} and ${t}.`,
      endText: "No pair, no King and no stock move is left: this game can no longer be won. Undo some moves, start this deal again, or take a new one.",
      optSourcesNote: "Easy, normal and hard deals, and the deals of the day, are graded for every number of passes and either goal.",
    },
    ru: {
      optPasses: "Проходов по колоде", unlimited: "Без ограничения", optGoal: "Для победы убрать",
      stock: "Колода", dealRow: "Колода",
      goalPyramid: "пирамиду", goalAll: "все 52 карты",
      passesWord: (n) => (n == null ? "проходы без ограничения" : count("ru", n, { one: "проход", few: "прохода", many: "проходов" })),
      toClearPyramid: "разобрать пирамиду", toClearAll: "убрать все 52 карты",
      pyramidLeft: "Пирамида", pyramidShort: "Пирамида", pass: "Проход",
      stockTop: (c, n) => `колода, сверху ${c}, ${count("ru", n, { one: "карта", few: "карты", many: "карт" })}`,
      stockEmpty: "колода пуста; нажмите, чтобы перевернуть сброс", stockDone: "колода пуста",
      waste: "сброс", wasteEmpty: "сброс, пусто",
      turnedCard: "Карта из колоды легла в сброс.",
      newPass: (p) => `Сброс перевёрнут: проход ${p}.`,
      removedOne: (c) => `Убран ${c}.`,
      removedTwo: (a, b) => `Убраны ${a} и ${b}.`,
      cleared: " Пирамида разобрана.",
      winText: (m, t) => `Победа за ${count("ru", m, { one: "ход", few: "хода", many: "ходов" })}, время ${t}.`,
      endText: "Не осталось ни пары, ни короля, ни хода колодой: эту партию уже не выиграть. Отмените несколько ходов, начните сдачу заново или возьмите новую.",
      optSourcesNote: "Лёгкие, обычные и трудные сдачи, как и сдачи дня, подобраны для любого числа проходов и любой цели.",
    },
  },
};
