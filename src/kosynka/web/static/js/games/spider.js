// @ts-check
// Spider's page, one per suit count (/spider/1-suit, /2-suits, /4-suits): KPat deal numbers in
// the address, the top row (the stock, then eight places for finished runs), how a tapped card
// maps to the legal moves (always named by their column, since the two decks repeat cards), the
// deal, the finished runs flying off, its counters and words.

import { cardName, count } from "../i18n.js";
import { pileKind, pileNumber } from "../board.js";

/** @typedef {import("../types.js").Picked} Picked */
/** @typedef {import("../types.js").View} View */

const RANK_LETTERS = "A23456789TJQK";
/** The address part of each suit count. @type {Record<number, string>} */
const PAGES = { 1: "1-suit", 2: "2-suits", 4: "4-suits" };
const PATH = /^\/spider\/(1-suit|2-suits|4-suits)(?:\/deal\/(\d+))?\/?$/;
/** @type {Record<string, Record<string, string>>} */
const SUIT_NAMES = {
  en: { C: "clubs", D: "diamonds", H: "hearts", S: "spades" },
  ru: { C: "треф", D: "бубен", H: "червей", S: "пик" },
};

/** The suit count of a variant ("spider-2": 2). @param {string} variant */
const suitsOf = (variant) => Number(variant.slice(7));

/** True when the selected card is the top copy of its card in its column: a move names a card
 * by column, and the engine then moves the copy nearest the top (a lower copy of the same card
 * never heads a movable run, since a run cannot repeat a card).
 * @param {View} view @param {Picked} sel */
function topCopy(view, sel) {
  if (pileKind(sel.pile) !== "col") return false;
  const col = view.columns[pileNumber(sel.pile)];
  return col.down + col.up.lastIndexOf(sel.code) === sel.index;
}

/** A copy of the view's columns to change. @param {View} view */
function cloneColumns(view) {
  return view.columns.map((c) => ({ down: c.down, up: c.up.slice() }));
}

/** @type {import("../types.js").GameModule} */
export default {
  name: "spider",
  numbering: "kpat",
  newNumbering: "kpat",
  width: 10,
  tallness: 5.6,
  maxCard: 110,
  downStep: 0.09,
  minUp: 0.42,
  hasStock: true,
  dealsOntoColumns: true,
  variants: [
    { id: "suits1", variant: "spider-1", label: "suits1" },
    { id: "suits2", variant: "spider-2", label: "suits2" },
    { id: "suits4", variant: "spider-4", label: "suits4" },
  ],
  variantLabel: "suitsMode",
  statColumns: [
    { variant: "spider-1", label: "suits1" },
    { variant: "spider-2", label: "suits2" },
    { variant: "spider-4", label: "suits4" },
  ],

  parsePath(path) {
    const m = path.match(PATH);
    if (!m) return { variant: null, number: null };
    const suits = Number(m[1][0]);
    return { variant: `spider-${suits}`, number: m[2] ? Number(m[2]) : null, text: m[2] || null };
  },
  variantOf: (record) => `spider-${record.rules.suits}`,
  defaultVariant: (o) => `spider-${[1, 2, 4].includes(Number(o.spiderSuits)) ? Number(o.spiderSuits) : 2}`,
  /** Each suit count has a page of its own (and a game of its own kept in storage). */
  variantPath: (variant) => `/spider/${PAGES[suitsOf(variant)]}`,
  rememberVariant(o, variant) {
    o.spiderSuits = suitsOf(variant);
  },
  saveKey: (variant) => `kosynka.game.v1.${variant}`,
  pathOf: (record) => `/spider/${PAGES[record.rules.suits]}/deal/${record.deal.number}`,
  rulesPath: (lang) => `/rules/spider/${lang}`,
  pageVariant: (variant) => variant,
  rulesFor: (variant) => ({ suits: suitsOf(variant) }),
  sameDeal: (record, variant, number) => record.rules.suits === suitsOf(variant) && String(record.deal.number) === String(number),
  daily: {
    path: (variant) => `spider/${PAGES[suitsOf(variant)]}`,
    /** "spider" alone is the library's own default, two suits (an address means one deal). */
    variant: (part) => (part === "spider" ? "spider-2" : ({ "spider/1-suit": "spider-1", "spider/2-suits": "spider-2", "spider/4-suits": "spider-4" })[part] || null),
    query: (variant) => ({ suits: suitsOf(variant) }),
  },

  counters: [
    { id: "c-runs", label: "runs", value: (v) => `${v.counters.runs_removed}/8` },
    { id: "c-down", label: "faceDown", value: (v) => v.counters.face_down },
    { id: "c-rows", label: "rowsLeft", value: (v) => v.counters.rows_left },
  ],
  sourceOption: "spiderSource",
  options: { rows: [], notes: [], auto: false, fill() {}, read: () => false },

  // ------------------------------------------------------------ the table
  topRow: () => ["stock", null, "f0", "f1", "f2", "f3", "f4", "f5", "f6", "f7"],
  stockCount: (view) => view.counters.rows_left * 10,
  stockPlace: (g) => ({ x: g.x(0), y: g.topY }),

  layoutTop(view, g, { place, slot, t, lang }) {
    const rows = view.counters.rows_left;
    slot("stock", "stock", g.x(0), g.topY, rows ? t.stockRows(rows) : t.stockDone, rows ? null : "i-stop");
    if (rows) {
      place({ key: "stock", kind: "stock", x: g.x(0), y: g.topY, z: 5, pile: "stock", index: 0, label: t.stockRows(rows), count: rows });
    }
    for (let k = 0; k < 8; k++) slot(`f${k}`, "found run", g.x(2 + k), g.topY, t.runPlace);
    view.foundations.forEach((f, k) => {
      for (let r = 0; r < 13; r++) {
        const code = RANK_LETTERS[r] + f.suit;
        const top = r === 12;
        place({
          code, kind: "up", x: g.x(2 + k), y: g.topY, z: 20 + r, pile: `f${k}`, index: r, inert: !top, playable: false,
          label: top ? t.runOf(SUIT_NAMES[lang][f.suit]) : "",
        });
      }
    });
  },

  // ------------------------------------------------------------ moves
  stockMove: () => "s",

  destinations(view, sel) {
    const out = new Map();
    if (!topCopy(view, sel)) return out;
    const head = `${pileNumber(sel.pile) + 1}:${sel.code}>`;
    for (const m of view.legal) {
      if (m.startsWith(head)) out.set(`c${Number(m.slice(head.length)) - 1}`, m);
    }
    return out;
  },
  moveTo(view, sel, pile) {
    const kind = pileKind(pile);
    if (kind !== "col" && kind !== "found") return null;
    if (!topCopy(view, sel)) return { refuse: "RUN_NOT_ORDERED" };
    const head = `${pileNumber(sel.pile) + 1}:${sel.code}>`;
    return kind === "found" ? `${head}f` : `${head}${pileNumber(pile) + 1}`;
  },
  /** A double tap: the best place the group can go (onto its own suit, else onto any card,
   * else into an empty column). */
  quickMove(view, sel) {
    let best = null;
    let bestScore = -1;
    for (const [pile, move] of this.destinations(view, sel)) {
      const col = view.columns[pileNumber(pile)];
      const top = col.up[col.up.length - 1];
      const score = !top ? 0 : top[1] === sel.code[1] ? 2 : 1;
      if (score > bestScore) {
        best = move;
        bestScore = score;
      }
    }
    return best;
  },
  hintMarks(view, move, board) {
    if (move === "s") return ["stock"];
    const m = move.match(/^(\d+):(\w\w)>(\d+)$/);
    if (!m) return [];
    const key = board.keyOf(m[2], `c${Number(m[1]) - 1}`);
    return [key, `c${Number(m[3]) - 1}`].filter(Boolean);
  },

  /** The table between a move and its finished run leaving: the cards land first, then the run
   * flies off (a view the page draws for a moment; the server's view follows). */
  stages(before, applied, after) {
    if (!applied.length || after.counters.runs_removed <= before.counters.runs_removed) return [];
    const move = applied[0];
    const columns = cloneColumns(before);
    if (move === "s") {
      const removed = after.foundations.slice(before.foundations.length).map((f) => f.suit);
      columns.forEach((col, i) => {
        const a = after.columns[i];
        const grew = a.down + a.up.length === col.down + col.up.length + 1;
        col.up.push(grew ? a.up[a.up.length - 1] : `A${removed.shift() || "S"}`);
      });
    } else {
      const m = move.match(/^(\d+):(\w\w)>(\d+)$/);
      if (!m) return [];
      const src = columns[Number(m[1]) - 1];
      const j = src.up.lastIndexOf(m[2]);
      if (j < 0) return [];
      columns[Number(m[3]) - 1].up.push(...src.up.splice(j));
    }
    return [{ ...before, columns, counters: { ...before.counters, rows_left: after.counters.rows_left } }];
  },

  describe(move, before, after, t, lang) {
    let text;
    if (move === "s") text = t.dealt;
    else {
      const m = move.match(/^(\d+):(\w\w)>(\w+)$/);
      text = m ? t.moved(cardName(m[2], lang), t.toColumn(Number(m[3]))) : "";
      for (let i = 0; i < 10; i++) {
        if (after.columns[i].down < before.columns[i].down && after.columns[i].up.length) {
          text += t.turned(cardName(after.columns[i].up[0], lang));
        }
      }
    }
    for (const f of after.foundations.slice(before.foundations.length)) text += t.runDone(SUIT_NAMES[lang][f.suit]);
    return text.charAt(0).toUpperCase() + text.slice(1);
  },
  winText: (view, t, time) => t.winText(view.counters.moves, time),

  strings: {
    en: {
      suitsMode: "Suits",
      suits1: "1 suit", suits2: "2 suits", suits4: "4 suits",
      runs: "Runs", faceDown: "Face down", rowsLeft: "Rows left", dealRow: "Deal",
      stockRows: (n) => `stock, ${count("en", n, { one: "row", other: "rows" })} left; activate to deal a row`,
      stockDone: "empty stock", runPlace: "place for a finished run",
      runOf: (s) => `finished run of ${s}`,
      dealt: "Dealt a row.", runDone: (s) => ` A run of ${s} is complete and leaves the table.`,
      winText: (m, t) => `All eight runs are complete in ${count("en", m, { one: "move", other: "moves" })} and ${t}.`,
      endText: "Whatever is moved, no face-down card can be turned up any more, no run completed and no row dealt: this game can no longer be won. Undo some moves, start this deal again, or take a new one.",
    },
    ru: {
      suitsMode: "Масти",
      suits1: "1 масть", suits2: "2 масти", suits4: "4 масти",
      runs: "Собрано", faceDown: "Закрытых", rowsLeft: "Рядов", dealRow: "Раздать",
      stockRows: (n) => `колода, ${count("ru", n, { one: "ряд", few: "ряда", many: "рядов" })}; нажмите, чтобы раздать ряд`,
      stockDone: "колода пуста", runPlace: "место для собранного ряда",
      runOf: (s) => `собранный ряд ${s}`,
      dealt: "Роздан новый ряд.", runDone: (s) => ` Ряд ${s} собран и уходит со стола.`,
      winText: (m, t) => `Все восемь рядов собраны за ${count("ru", m, { one: "ход", few: "хода", many: "ходов" })}, время ${t}.`,
      endText: "Что ни перекладывай, ни одна закрытая карта больше не откроется, ни один ряд не соберётся и новый ряд не раздать: эту партию уже не выиграть. Отмените несколько ходов, начните сдачу заново или возьмите новую.",
    },
  },
};
