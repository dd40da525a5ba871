// @ts-check
// Pyramid in the browser: the twin of the Python package (kosynka.games.pyramid) and its web
// adapter that the local service plays (see local/twin.js for the contract), with what the
// differential tests ask besides: the full position, a table made from one, a deal's layout
// and the refusals of move texts in a position.

import { TwinError } from "../../local/twin.js";
import { reason } from "../../local/texts.js";
import { CARD_TEXT, parseCard } from "../../local/cards.js";
import { NotationError } from "../../local/pytext.js";
import { pyramidLayout, randomDealNumber } from "./deals.js";
import { Pyramid, moveText, parseMove } from "./rules.js";
import { CUMULATIVE, SCORINGS, tally, useWords } from "./scoring.js";
import * as adapter from "./adapter.js";

/** @typedef {import("../../local/texts.js").GameTexts} GameTexts */
/** @typedef {import("../../local/twin.js").GameTwin} GameTwin */
/** @typedef {import("../../local/twin.js").DealNumber} DealNumber */
/** @typedef {import("./adapter.js").Table} Table */
/** @typedef {import("./rules.js").Move} Move */
/** @typedef {import("./rules.js").Rules} Rules */

/** The full position as the tests write it (tests/web/twin/harness.py position_json): cards as
 * text, the stock from its top card down, the waste bottom to top, each place's card (null once
 * removed) and whether it lies face up.
 * @typedef {{columns: string[][], face_down: number[], cells: (string|null)[], foundations: string[][],
 *   stock: string[], waste: string[], pass_number: number, places: [string|null, boolean][]}} PositionJson */

/** @type {GameTexts} */
let TEXTS = { game: "pyramid", reasons: {}, scoring: {} };

/** The engine's rules for the API's rules (passes, goal; the defaults for those left out);
 * TwinError for a value the API refuses. @param {any} rules @returns {Rules} */
export function rulesOf(rules) {
  const r = rules || {};
  const passes = r.passes === undefined ? 3 : r.passes;
  const goal = r.goal ?? "pyramid";
  if (![1, 2, 3, null].includes(passes)) throw new TwinError(`passes must be 1, 2, 3 or unlimited, not ${passes}`);
  if (goal !== "pyramid" && goal !== "all") throw new TwinError(`goal must be pyramid or all, not ${goal}`);
  return { passes, goal };
}

/** A table of any position (the tests' positions, as position_json writes them).
 * @param {any} rules @param {PositionJson} pos @returns {Table} */
export function fromPosition(rules, pos) {
  const places = pos.places.map(([c]) => (c === null ? -1 : parseCard(c)));
  const stock = pos.stock.map((t) => parseCard(t)).reverse();
  const game = new Pyramid(rulesOf(rules), places, stock, pos.waste.map((t) => parseCard(t)), pos.pass_number ?? 1);
  return adapter.newTable(game);
}

/** The full position of `table`. @param {Table} table @returns {PositionJson} */
export function position(table) {
  const g = table.game;
  return {
    columns: [],
    face_down: [],
    cells: [],
    foundations: [],
    stock: g.stock.slice().reverse().map((c) => CARD_TEXT[c]),
    waste: g.waste.map((c) => CARD_TEXT[c]),
    pass_number: g.passNumber,
    places: g.places.map((c) => [c < 0 ? null : CARD_TEXT[c], true]),
  };
}

/** The refusal of `move` in `table`'s position, in words, or null when it is legal.
 * @param {Table} table @param {Move} move */
function explain(table, move) {
  const refusal = table.game.explain(move);
  return refusal === null ? null : reason(TEXTS, refusal.name, refusal.values);
}

const twin = {
  name: "pyramid",
  /** @param {GameTexts} t */
  useTexts(t) {
    TEXTS = t;
    useWords(t.scoring);
  },
  /** @param {any} rules @param {DealNumber} number @param {string} numbering */
  deal(rules, number, numbering) {
    const r = rulesOf(rules);
    return adapter.newTable(Pyramid.dealt(r, pyramidLayout(number, numbering)));
  },
  randomNumber: randomDealNumber,
  copy: adapter.copyTable,
  /** Move text read as Move.parse reads it (a NotationError, which is a TwinError, when it is
   * no move). @param {Table} _table @param {string} text */
  parseMove: (_table, text) => parseMove(text),
  moveText,
  explain,
  push: adapter.push,
  /** @param {Table} table */
  legal: (table) => table.game.legalMoves().map(moveText),
  viewParts: adapter.viewParts,
  /** @param {Table} table */
  isWon: (table) => table.game.isWon(),
  /** @param {Table} table */
  outcome: (table) => table.game.outcome(),
  /** @param {Table} table */
  safeMoves: (table) => adapter.safeMoves(table.game),
  /** @param {Table} table */
  collectPossible: (table) => adapter.collectPossible(table.game),
  /** No finish without the server's solver. @param {Table} _table @returns {Move[]|null} */
  plainCollect: (_table) => null,
  scoring: { names: SCORINGS, cumulative: CUMULATIVE, tally },
  position,
  fromPosition,
  /** Each move text's refusal in a position, `code: en` (null when legal, "unreadable" when
   * it is no move), for the tests. @param {any} rules @param {PositionJson} pos @param {string[]} moves */
  explainAt(rules, pos, moves) {
    const table = fromPosition(rules, pos);
    return moves.map((text) => {
      let move;
      try {
        move = parseMove(text);
      } catch (err) {
        if (err instanceof NotationError) return "unreadable";
        throw err;
      }
      const r = explain(table, move);
      return r === null ? null : `${r.code}: ${r.en} | ${r.ru}`;
    });
  },
  /** The layout of a deal as text (for the tests). @param {DealNumber} number @param {string} numbering */
  layout(number, numbering) {
    const l = pyramidLayout(number, numbering);
    return { places: l.places.map((c) => CARD_TEXT[c]), stock: l.stock.map((c) => CARD_TEXT[c]) };
  },
};

/** @type {GameTwin} the contract, checked */
const contract = twin;
void contract;

export default twin;
