// @ts-check
// Spider's rules in the browser, as the local service asks for them (the GameTwin of
// ../../local/twin.js): the twin of kosynka.games.spider and its web adapter. A table is the
// position and the dead-end verdict found for it (kept until the next move). Besides the
// contract, `position`, `fromPosition` and `deadEndSearch` serve the differential tests.

import { TwinError } from "../../local/twin.js";
import { reason } from "../../local/texts.js";
import { collectPossible, viewParts } from "./adapter.js";
import { CARD_TEXT, SUIT, parseCard } from "../../local/cards.js";
import { FULL_RUN } from "./cards.js";
import { search } from "./deadend.js";
import { randomDealNumber, spiderLayout } from "./deals.js";
import { Position, moveText, parseMoveText } from "./rules.js";
import { CUMULATIVE, SCORINGS, SpiderTally, useWords } from "./scoring.js";

/** @typedef {import("../../local/twin.js").GameTwin} GameTwin */
/** @typedef {import("../../local/twin.js").DealNumber} DealNumber */
/** @typedef {import("../../local/texts.js").GameTexts} GameTexts */
/** @typedef {import("./rules.js").Move} Move */
/** @typedef {{suits?: number}} Rules  the API's rules (SpiderRulesModel) */
/** @typedef {{pos: Position, dead: boolean|null}} Table  `dead`: the dead-end verdict of
 * this position, once asked */
/** @typedef {{columns: string[][], face_down: number[], cells: (string|null)[],
 *   foundations: string[][], stock: string[], waste: string[]}} PositionJson */

const DEFAULT_SUITS = 2;

/** @type {GameTexts} */
let TEXTS = { game: "spider", reasons: {}, scoring: {} };

/** The suit count of the API's rules. @param {Rules|null|undefined} rules */
const suitsOf = (rules) => (rules && rules.suits != null ? rules.suits : DEFAULT_SUITS);

/** Whether `table`'s position is at a dead end (remembered with the table). @param {Table} table */
function deadEnd(table) {
  if (table.dead === null) table.dead = search(table.pos).dead;
  return table.dead;
}

/** The full position (face-down cards named), as the tests' position_json writes it.
 * @param {Table} table @returns {PositionJson} */
function position(table) {
  const pos = table.pos;
  return {
    columns: pos.cols.map((col) => col.map((c) => CARD_TEXT[c])),
    face_down: pos.hidden.slice(),
    cells: [],
    foundations: pos.removed.map((s) => FULL_RUN[s].map((c) => CARD_TEXT[c])),
    stock: pos.stock.slice(pos.next).map((c) => CARD_TEXT[c]),
    waste: [],
  };
}

/** A table holding any position (Spider.from_position), written as `position` writes it; a
 * removed run is named by its cards (its King's suit). @param {Rules} rules @param {PositionJson} json
 * @returns {Table} */
function fromPosition(rules, json) {
  const cols = json.columns.map((col) => col.map(parseCard));
  const stock = json.stock.map(parseCard);
  const removed = json.foundations.map((run) => SUIT[parseCard(run[0])]);
  return { pos: new Position(suitsOf(rules), cols, json.face_down.slice(), stock, 0, removed), dead: null };
}

/** @type {GameTwin & {position: typeof position, fromPosition: typeof fromPosition,
 *   deadEndSearch: (rules: Rules, json: PositionJson, limit?: number) => import("./deadend.js").DeadEndSearch}} */
const twin = {
  name: "spider",

  useTexts(texts) {
    TEXTS = texts;
    useWords(texts.scoring);
  },

  /** @param {Rules} rules @param {DealNumber} number @param {string} numbering @returns {Table} */
  deal(rules, number, numbering) {
    const suits = suitsOf(rules);
    return { pos: Position.dealt(suits, spiderLayout(number, suits, numbering)), dead: null };
  },

  randomNumber: randomDealNumber,

  /** @param {Table} table @returns {Table} */
  copy: (table) => ({ pos: table.pos.copy(), dead: table.dead }),

  /** @param {Table} table @param {string} text */
  parseMove: (table, text) => table.pos.resolve(parseMoveText(text)),

  moveText,

  /** @param {Table} table @param {Move} move */
  explain(table, move) {
    const why = table.pos.check(move).why;
    return why === null ? null : reason(TEXTS, why);
  },

  /** @param {Table} table @param {Move} move */
  push(table, move) {
    const { move: resolved, why, idx } = table.pos.check(move);
    if (why !== null) {
      const r = reason(TEXTS, why);
      throw new TwinError(`illegal move ${moveText(resolved)}: ${r.code}: ${r.en}`);
    }
    table.pos.apply(resolved, idx);
    table.dead = null;
  },

  /** @param {Table} table */
  legal: (table) => table.pos.legalTexts(),

  /** @param {Table} table @param {number} moves */
  viewParts: (table, moves) => viewParts(table.pos, moves),

  /** @param {Table} table */
  isWon: (table) => table.pos.isWon(),

  /** @param {Table} table */
  outcome(table) {
    const pos = table.pos;
    if (pos.isWon()) return "won";
    if (!pos.legalTexts(true).length || deadEnd(table)) return "stuck";
    return null;
  },

  safeMoves: () => [],

  /** @param {Table} table */
  collectPossible: (table) => collectPossible(table.pos),

  plainCollect: () => null,

  scoring: {
    names: SCORINGS,
    cumulative: CUMULATIVE,
    tally: (_table, scoring) => (SCORINGS.includes(scoring) ? new SpiderTally(scoring) : null),
  },

  position,
  fromPosition,

  /** The dead-end search of a position (deadend.search's answer, with its counts).
   * @param {Rules} rules @param {PositionJson} json @param {number} [limit] */
  deadEndSearch: (rules, json, limit) => search(fromPosition(rules, json).pos, limit),
};

export default twin;
