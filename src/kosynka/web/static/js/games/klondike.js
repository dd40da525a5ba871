// @ts-check
// Klondike's page: its variants (Draw 1, Draw 3), addresses, rules from the options, the top
// row (stock, waste, four foundations that follow the aces), how a tapped card maps to the legal
// moves, its counters and words. The shared parts (table, controller) do the rest.

import { cardName, count } from "../i18n.js";
import { pileKind, pileNumber } from "../board.js";

/** @typedef {import("../types.js").GameRecord} GameRecord */
/** @typedef {import("../types.js").Rules} Rules */
/** @typedef {import("../types.js").View} View */

const RANK_LETTERS = "A23456789TJQK";
const PATH = /^\/klondike\/draw-([13])(?:\/deal\/(\d+))?\/?$/;
/** Vegas' pass limit by draw (its own rules: one pass in Draw 1, three in Draw 3).
 * @type {Record<number, number>} */
const VEGAS_PASSES = { 1: 1, 3: 3 };

/** The rules a deal's address names (Draw from the path; passes and foundation returns from the
 * query, the standard rules when absent); `bad` when a rule there could not be read.
 * @param {number} draw @param {string} search */
function linkRules(draw, search) {
  const q = new URLSearchParams(search || "");
  let bad = false;
  let passes = null;
  if (q.has("passes")) {
    const p = /** @type {string} */ (q.get("passes"));
    if (/^[1-9][0-9]{0,3}$/.test(p) && Number(p) <= 1000) passes = Number(p);
    else bad = true;
  }
  let ret = true;
  if (q.has("return")) {
    const r = q.get("return");
    if (r === "0") ret = false;
    else if (r !== "1") bad = true;
  }
  return { rules: { draw, passes, foundation_return: ret }, bad };
}

/** The query of an address for `rules` (empty for the standard rules). @param {Rules} rules */
function linkQuery(rules) {
  const q = [];
  if (rules.passes != null) q.push(`passes=${rules.passes}`);
  if (rules.foundation_return === false) q.push("return=0");
  return q.length ? `?${q.join("&")}` : "";
}

/** The foundation slot (f0..f3) a card of `suit` goes to. The slots take the suits in the
 * order their aces first came home (the record's moves say which): a suit's own slot once its
 * ace has been home, else the first slot no suit has taken yet (the view lists those in suit
 * order, so the slot that shows a suit's mark now is not always where its ace will land).
 * @param {View} view @param {GameRecord|null|undefined} record @param {string} suit */
function foundationPile(view, record, suit) {
  /** @type {string[]} */
  const order = [];
  for (const m of (record && record.moves) || []) {
    const ace = /^A([CDHS])>f$/i.exec(m);
    if (ace && !order.includes(ace[1].toUpperCase())) order.push(ace[1].toUpperCase());
  }
  const k = order.indexOf(suit);
  const at = k >= 0 ? k : order.length;
  const f = view.foundations[at];
  if (f && (k < 0 ? f.count === 0 : f.suit === suit)) return `f${at}`;
  return `f${view.foundations.findIndex((x) => x.suit === suit)}`;
}

/** The pile a legal destination ("f" or a column number) stands for.
 * @param {View} view @param {GameRecord|null|undefined} record @param {string} code @param {string} dest */
function destPile(view, record, code, dest) {
  return dest === "f" ? foundationPile(view, record, code[1]) : `c${Number(dest) - 1}`;
}

/** @type {import("../types.js").GameModule} */
export default {
  name: "klondike",
  numbering: "pysol",
  newNumbering: undefined, // new deals in the server's default numbering (PySolFC's)
  width: 7,
  tallness: 4.4,
  maxCard: 150,
  hasStock: true,
  variants: [
    { id: "draw1", variant: "draw-1", label: "draw1" },
    { id: "draw3", variant: "draw-3", label: "draw3" },
  ],
  variantLabel: "drawMode",
  statColumns: [
    { variant: "draw-1", label: "draw1" },
    { variant: "draw-3", label: "draw3" },
  ],

  /** {variant, number, text, rules} of a page address: a variant's address (``/klondike/draw-3``)
   * names the variant alone; a deal's address carries the rules it is played under
   * (``?passes=3``, ``?return=0``; none for the standard rules), so a shared link opens the
   * same game. ``badQuery``: a rule in the address could not be read. */
  parsePath(path, search = "") {
    const m = path.match(PATH);
    if (!m) return { variant: null, number: null };
    if (!m[2]) return { variant: `draw-${m[1]}`, number: null };
    const { rules, bad } = linkRules(Number(m[1]), search);
    return { variant: `draw-${m[1]}`, number: Number(m[2]), text: m[2], rules, badQuery: bad };
  },
  variantOf: (record) => `draw-${record.rules.draw}`,
  defaultVariant: (o) => `draw-${o.draw}`,
  /** Switching variant deals a new game on this page (after asking). */
  variantPath: () => null,
  rememberVariant(o, variant) {
    o.draw = Number(variant.slice(5));
  },
  saveKey: () => "kosynka.game.v1",
  pathOf: (record) => `/klondike/draw-${record.rules.draw}/deal/${record.deal.number}${linkQuery(record.rules)}`,
  rulesPath: (lang) => `/rules/${lang}`,
  pageVariant: () => "klondike",
  /** A new deal's rules: the options', but Vegas' own pass limit when Vegas is the scoring. */
  rulesFor(variant, o) {
    const draw = Number(variant.slice(5));
    return {
      draw,
      passes: o.scoring !== "standard" ? VEGAS_PASSES[draw] : o.passes == null ? null : Number(o.passes),
      foundation_return: !!o.foundationReturn,
    };
  },
  scoring: (o) => ({ scoring: o.scoring === "standard" ? "standard" : "vegas", cumulative: o.scoring === "vegas-cumulative" }),
  scorings: [{ id: "standard", label: "sc_standard" }, { id: "vegas", label: "sc_vegas" }],
  daily: {
    path: (variant) => `klondike/${variant}`,
    variant: (part) => ({ klondike: "draw-1", "klondike/draw-1": "draw-1", "klondike/draw-3": "draw-3" })[part] || null,
    query: (variant) => ({ draw: Number(variant.slice(5)) }),
  },
  sameDeal: (record, variant, number, rules) =>
    record.rules.draw === Number(variant.slice(5)) && String(record.deal.number) === String(number) &&
    (!rules || ((record.rules.passes ?? null) === rules.passes && (record.rules.foundation_return !== false) === rules.foundation_return)),

  counters: [
    { id: "c-down", label: "faceDown", value: (v) => v.counters.face_down },
    {
      id: "c-pass", label: "pass",
      value: (v) => (v.counters.passes_left == null ? String(v.counters.pass_number) : `${v.counters.pass_number}/${v.counters.pass_number + v.counters.passes_left}`),
    },
    { id: "c-stock", label: "stock", value: (v) => v.counters.stock },
  ],

  sourceOption: "source",
  options: {
    rows: [
      { select: "opt-scoring", label: "optScoring", choices: [["standard", "sc_standard"], ["vegas", "sc_vegas"], ["vegas-cumulative", "scVegasKept"]] },
      { select: "opt-passes", label: "optPasses", choices: [["", "unlimited"], ["3"], ["1"]] },
      { check: "opt-return", label: "optReturn" },
    ],
    notes: ["optNextDeal", "optVegasNote", "optSourcesNote"],
    auto: true,
    fill($, o) {
      $("opt-scoring").value = o.scoring;
      $("opt-passes").value = o.passes == null ? "" : String(o.passes);
      $("opt-return").checked = !!o.foundationReturn;
    },
    /** Read the dialog into the options; true when a rule changed. */
    read($, o) {
      const passes = $("opt-passes").value === "" ? null : Number($("opt-passes").value);
      const ret = $("opt-return").checked;
      const scoring = $("opt-scoring").value;
      const changed = passes !== o.passes || ret !== o.foundationReturn || (scoring === "standard") !== (o.scoring === "standard");
      o.passes = passes;
      o.foundationReturn = ret;
      o.scoring = scoring;
      return changed;
    },
  },

  // ------------------------------------------------------------ the table
  topRow: () => ["stock", "waste", null, "f0", "f1", "f2", "f3"],
  stockCount: (view) => view.counters.stock,
  stockPlace: (g) => ({ x: g.x(0), y: g.topY }),

  layoutTop(view, g, { place, slot, t, lang, ctx }) {
    const c = view.counters;
    const noPasses = c.stock === 0 && (c.passes_left === 0 || c.waste === 0);
    slot("stock", "stock", g.x(0), g.topY,
      c.stock ? t.stockPile(c.stock) : noPasses ? t.stockDone : t.stockEmpty,
      c.stock === 0 ? (noPasses ? "i-stop" : "i-recycle") : null);
    const wasteTop = view.waste[view.waste.length - 1];
    slot("waste", "waste", g.x(1), g.topY, wasteTop ? t.wasteHas(cardName(wasteTop, lang), c.waste) : t.wasteEmpty);
    view.foundations.forEach((f, k) => {
      slot(`f${k}`, "found", g.x(3 + k), g.topY, f.top ? t.foundationHas(cardName(f.top, lang), f.count) : t.emptyFoundation);
    });
    if (c.stock > 0) {
      place({ key: "stock", kind: "stock", x: g.x(0), y: g.topY, z: 5, pile: "stock", index: 0, label: t.stockPile(c.stock), count: c.stock });
    }
    // The waste, fanned in Draw 3 (wide enough that each covered card shows its corner: rank
    // and suit); only its top card plays.
    const draw = ctx.record ? ctx.record.rules.draw : 1;
    const fan = draw === 3 ? Math.min(Math.round(g.cw * 0.46), Math.floor((g.cw + g.gap) / 2)) : 0;
    view.waste.forEach((code, k) => {
      const top = k === view.waste.length - 1;
      place({
        code, kind: "up", x: g.x(1) + k * fan, y: g.topY, z: 10 + k, pile: "waste", index: k, playable: top,
        label: `${cardName(code, lang)}, ${t.onWaste}`, fromStock: true,
      });
    });
    // Foundations (the card beneath the top is kept so a moving card never uncovers a gap).
    view.foundations.forEach((f, k) => {
      if (f.count >= 2) {
        const below = RANK_LETTERS[f.count - 2] + f.suit;
        place({ code: below, kind: "up", x: g.x(3 + k), y: g.topY, z: 20, pile: `f${k}`, index: f.count - 2, inert: true });
      }
      if (f.top) {
        place({
          code: f.top, kind: "up", x: g.x(3 + k), y: g.topY, z: 21, pile: `f${k}`, index: f.count - 1, playable: true,
          label: `${cardName(f.top, lang)}, ${t.onFoundation}`,
        });
      }
    });
  },

  // ------------------------------------------------------------ moves
  stockMove: (view) => (view.counters.stock ? "s" : "r"),

  /** The lit destinations of a selected card: pile -> move text (a card going home lights the
   * slot it will land on: see foundationPile). */
  destinations(view, sel, record) {
    const out = new Map();
    for (const m of view.legal) {
      const [c, dest] = m.split(">");
      if (c === sel.code && dest) out.set(destPile(view, record, c, dest), m);
    }
    return out;
  },
  /** The move that puts the selected card on `pile` (legal or not), or null for no move. */
  moveTo(view, sel, pile) {
    const kind = pileKind(pile);
    if (kind === "found") return `${sel.code}>f`;
    if (kind === "col") return `${sel.code}>${pileNumber(pile) + 1}`;
    return null;
  },
  /** A double tap: the card home, when it can go. */
  quickMove: (view, sel) => (view.legal.includes(`${sel.code}>f`) ? `${sel.code}>f` : null),
  /** What a hint lights: card keys and piles (a card going home: the slot it will land on). */
  hintMarks(view, move, board) {
    if (move === "s" || move === "r") return ["stock"];
    const [code, dest] = move.split(">");
    return [code, destPile(view, board && board.ctx ? board.ctx.record : null, code, dest)];
  },

  describe(move, before, after, t, lang) {
    if (move === "s") {
      const top = after.waste[after.waste.length - 1];
      return top ? t.drew(cardName(top, lang)) : "";
    }
    if (move === "r") return t.recycled;
    const [code, dest] = move.split(">");
    const where = dest === "f" ? t.toFoundation : t.toColumn(Number(dest));
    let text = t.moved(cardName(code, lang), where);
    for (let i = 0; i < 7; i++) {
      if (after.columns[i].down < before.columns[i].down && after.columns[i].up.length) {
        text += t.turned(cardName(after.columns[i].up[0], lang));
      }
    }
    return text.charAt(0).toUpperCase() + text.slice(1);
  },
  winText: (view, t, time) => t.winText(view.counters.moves, time),

  strings: {
    en: {
      drawMode: "Cards per draw", optPasses: "Passes through the stock", unlimited: "Unlimited",
      draw1: "Draw 1", draw3: "Draw 3", faceDown: "Face down", pass: "Pass", stock: "Stock",
      winText: (m, t) => `All 52 cards are home in ${count("en", m, { one: "move", other: "moves" })} and ${t}.`,
      stockPile: (n) => `stock, ${count("en", n, { one: "card", other: "cards" })}; activate to draw`,
      stockEmpty: "empty stock; activate to turn the waste over", stockDone: "empty stock, no passes left",
      wasteEmpty: "empty waste", onWaste: "top of the waste",
      drew: (c) => `Drew: ${c}.`, recycled: "The waste is turned over: a new pass.",
      endText: "However the stock is turned and whatever is moved, no face-down card can be turned up and no card can go home: this game can no longer be won. Undo some moves, start this deal again, or take a new one.",
      optSourcesNote: "Easy, normal and hard deals are graded for the standard rules (unlimited passes, cards may come back); with other rules new deals are random.",
      optScoring: "Scoring", sc_standard: "Standard (Windows)", sc_vegas: "Vegas", scVegasKept: "Vegas, cumulative",
      optVegasNote: "Vegas is played with one pass through the stock in Draw 1 and three in Draw 3 (from the next deal). Deals of the day keep their unlimited passes and the standard scoring.",
    },
    ru: {
      drawMode: "Сколько карт сдавать", optPasses: "Кругов по запасу", unlimited: "Без ограничения",
      draw1: "По одной", draw3: "По три", faceDown: "Закрытых", pass: "Круг", stock: "Запас",
      winText: (m, t) => `Все 52 карты в домах за ${count("ru", m, { one: "ход", few: "хода", many: "ходов" })}, время ${t}.`,
      stockPile: (n) => `запас, ${count("ru", n, { one: "карта", few: "карты", many: "карт" })}; нажмите, чтобы сдать`,
      stockEmpty: "запас пуст; нажмите, чтобы перевернуть сброс", stockDone: "запас пуст, кругов больше нет",
      wasteEmpty: "сброс пуст", onWaste: "верх сброса",
      drew: (c) => `Из запаса: ${c}.`, recycled: "Сброс перевёрнут: новый круг.",
      endText: "Сколько ни перебирай запас и что ни перекладывай, ни одна закрытая карта не откроется и ни одна карта не уйдёт в дом: эту партию уже не выиграть. Отмените несколько ходов, начните сдачу заново или возьмите новую.",
      optSourcesNote: "Лёгкие, обычные и трудные сдачи подобраны для обычных правил (кругов без ограничения, карты можно брать из домов); при других правилах новые сдачи случайные.",
      optScoring: "Счёт", sc_standard: "Обычный (как в Windows)", sc_vegas: "Вегас", scVegasKept: "Вегас с накоплением",
      optVegasNote: "В «Вегасе» по запасу проходят один раз при сдаче по одной и три раза при сдаче по три (со следующей сдачи). Сдачи дня играются без ограничения кругов и с обычным счётом.",
    },
  },
};
