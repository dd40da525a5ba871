// @ts-check
// FreeCell's rules in the browser: the GameTwin (js/local/twin.js) the local service plays the
// page's FreeCell with, made of this folder's modules on the shared ones of js/local/ (cards,
// text, deal numberings): deals (the ms and pysol numberings), rules (moves, refusals, legal
// moves), deadend (the bounded dead-end search), scoring and adapter (what the page shows). A
// table is a position (rules.js); FreeCell shows nothing beyond it. `position`, `fromPosition`
// and `deadEndSearch` serve the differential tests (tests/web/twin/test_twin_freecell.py).

import { reason } from "../../local/texts.js";
import { CARD_TEXT, parseCard } from "../../local/cards.js";
import { freecellColumns, randomDealNumber } from "./deals.js";
import { search } from "./deadend.js";
import { collectPossible, plainCollect, safeMoves, viewParts } from "./adapter.js";
import { CUMULATIVE, SCORINGS, tally, useWords } from "./scoring.js";
import {
  apply,
  copyPosition,
  explain,
  isWon,
  legalMoves,
  moveText,
  newPosition,
  parseMove,
  positionKey,
  rulesOf,
} from "./rules.js";

/** @typedef {import("../../local/texts.js").GameTexts} GameTexts */
/** @typedef {import("../../local/twin.js").GameTwin} GameTwin */
/** @typedef {import("./rules.js").Position} Position */

/** The words of the refusals and scorings (useTexts). @type {GameTexts|null} */
let words = null;

/** True when no move can ever send one more card home (the search's answer remembered with
 * the position it was asked of). @param {Position} p */
function isDeadEnd(p) {
  const key = positionKey(p);
  if (p.dead && p.dead.key === key) return p.dead.dead;
  const dead = search(p).dead;
  p.dead = { key, dead };
  return dead;
}

/** The full position as the tests' position_json writes it (every card named).
 * @param {Position} p */
function position(p) {
  return {
    columns: p.cols.map((col) => col.map((c) => CARD_TEXT[c])),
    face_down: [0, 0, 0, 0, 0, 0, 0, 0],
    cells: p.cells.map((c) => (c < 0 ? null : CARD_TEXT[c])),
    foundations: p.found.map((n, s) => Array.from({ length: n }, (_, r) => CARD_TEXT[s * 13 + r])),
    stock: [],
    waste: [],
  };
}

/** A table from a position as position() writes it (FreeCell.from_position: free cells past
 * the rules' count must be empty and are dropped, missing ones are empty).
 * @param {any} rules @param {any} pos @returns {Position} */
function fromPosition(rules, pos) {
  const r = rulesOf(rules);
  const cells = pos.cells.map((/** @type {string|null} */ c) => (c == null ? -1 : parseCard(c))).slice(0, r.cells);
  while (cells.length < r.cells) cells.push(-1);
  return newPosition(
    r,
    pos.columns.map((/** @type {string[]} */ col) => col.map(parseCard)),
    cells,
    pos.foundations.map((/** @type {string[]} */ f) => f.length),
  );
}

/** @type {GameTwin & {position: typeof position, fromPosition: typeof fromPosition, deadEndSearch: (rules: any, pos: any) => import("./deadend.js").DeadEndSearch}} */
const twin = {
  name: "freecell",
  useTexts(texts) {
    words = texts;
    useWords(texts.scoring);
  },
  deal(rules, number, numbering) {
    return newPosition(rulesOf(rules), freecellColumns(number, numbering));
  },
  randomNumber: (numbering) => randomDealNumber(numbering),
  copy: (table) => copyPosition(table),
  parseMove: (_table, text) => parseMove(text), // a NotationError (a TwinError) when no move
  moveText: (move) => moveText(move),
  explain(table, move) {
    const why = explain(table, move);
    if (!why) return null;
    if (!words) throw new Error("freecell's texts are not loaded (useTexts)");
    return reason(words, why.name, why.values);
  },
  push(table, move) {
    apply(table, move);
  },
  legal: (table) => legalMoves(table).map(moveText),
  viewParts: (table, moves) => viewParts(table, moves),
  isWon: (table) => isWon(table),
  outcome(table) {
    if (isWon(table)) return "won";
    if (!legalMoves(table).length || isDeadEnd(table)) return "stuck";
    return null;
  },
  safeMoves: (table) => safeMoves(table),
  collectPossible: (table) => collectPossible(table),
  plainCollect: (table) => plainCollect(table),
  scoring: { names: SCORINGS, cumulative: CUMULATIVE, tally },
  position,
  fromPosition,
  deadEndSearch: (rules, pos) => search(fromPosition(rules, pos)),
};

export default twin;
