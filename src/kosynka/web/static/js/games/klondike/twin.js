// @ts-check
// Klondike in the browser: the twin of the Python package (kosynka.games.klondike) and its web
// adapter that the local service plays (see local/twin.js for the contract), with what the
// differential tests ask besides: the full position and a table made from one.

import { TwinError } from "../../local/twin.js";
import { reason } from "../../local/texts.js";
import { CARD_TEXT, parseCard } from "../../local/cards.js";
import { NotationError } from "../../local/pytext.js";
import { klondikeLayout, randomDealNumber } from "./deals.js";
import { Klondike, moveText, parseMove } from "./rules.js";
import { search } from "./deadend.js";
import { CUMULATIVE, SCORINGS, tally, useWords } from "./scoring.js";
import * as adapter from "./adapter.js";

/** @typedef {import("../../local/texts.js").GameTexts} GameTexts */
/** @typedef {import("../../local/twin.js").GameTwin} GameTwin */
/** @typedef {import("./adapter.js").Table} Table */
/** @typedef {import("./rules.js").Rules} Rules */

/** The full position as the tests write it (tests/web/twin/harness.py position_json): cards as
 * text, the stock the next card drawn first.
 * @typedef {{columns: string[][], face_down: number[], cells: (string|null)[], foundations: string[][],
 *   stock: string[], waste: string[], pass_number: number}} PositionJson */

/** @type {GameTexts|null} */
let texts = null;

/** The engine's rules for the API's rules (draw, passes, foundation_return; the defaults for
 * those left out); TwinError for a value the API refuses. @param {any} rules @returns {Rules} */
export function rulesOf(rules) {
  const r = rules || {};
  const draw = r.draw ?? 1;
  const passes = r.passes ?? null;
  const back = r.foundation_return ?? true;
  if (draw !== 1 && draw !== 3) throw new TwinError(`draw must be 1 or 3, not ${draw}`);
  if (passes !== null && !(Number.isInteger(passes) && passes >= 1 && passes <= 1000)) {
    throw new TwinError(`passes must be a whole number from 1 to 1000 or unlimited, not ${passes}`);
  }
  if (typeof back !== "boolean") throw new TwinError(`foundation_return must be true or false, not ${back}`);
  return { draw, passes, foundationReturn: back };
}

/** A table of any position (the tests' positions, as position_json writes them).
 * @param {any} rules @param {PositionJson} pos @returns {Table} */
export function fromPosition(rules, pos) {
  const cards = (/** @type {string[]} */ list) => list.map((t) => parseCard(t));
  const game = new Klondike(
    rulesOf(rules),
    pos.columns.map(cards),
    pos.face_down.slice(),
    cards(pos.stock).reverse(),
    cards(pos.waste),
    pos.foundations.map((f) => f.length),
    pos.pass_number ?? 1,
  );
  return adapter.newTable(game);
}

/** The full position of `table` (face-down cards named). @param {Table} table @returns {PositionJson} */
export function position(table) {
  const g = table.game;
  const text = (/** @type {number[]} */ list) => list.map((c) => CARD_TEXT[c]);
  return {
    columns: g.cols.map(text),
    face_down: g.hidden.slice(),
    cells: [],
    foundations: g.found.map((n, s) => Array.from({ length: n }, (_, r) => CARD_TEXT[s * 13 + r])),
    stock: text(g.stock.slice().reverse()),
    waste: text(g.waste),
    pass_number: g.passNumber,
  };
}

/** The game's outcome: won, stuck (no card can ever move again, or no move can ever make
 * progress: the dead-end search, with its bound), or null while it goes on.
 * @param {Table} table @returns {null|"won"|"stuck"} */
function outcome(table) {
  const game = table.game;
  if (game.isWon()) return "won";
  if (game.isStuck() || search(game).dead) return "stuck";
  return null;
}

const twin = {
  name: "klondike",
  /** @param {GameTexts} t */
  useTexts(t) {
    texts = t;
    useWords(t.scoring);
  },
  /** @param {any} rules @param {import("../../local/twin.js").DealNumber} number @param {string} numbering */
  deal(rules, number, numbering) {
    const r = rulesOf(rules);
    return adapter.newTable(Klondike.dealt(r, klondikeLayout(number, numbering)));
  },
  randomNumber: randomDealNumber,
  copy: adapter.copyTable,
  /** Move text read as Move.parse reads it (a NotationError, which is a TwinError, when it is
   * no move). @param {Table} _table @param {string} text */
  parseMove: (_table, text) => parseMove(text),
  moveText,
  /** @param {Table} table @param {number} move */
  explain(table, move) {
    const name = table.game.explain(move);
    return name === null ? null : reason(/** @type {GameTexts} */ (texts), name);
  },
  push: adapter.push,
  /** @param {Table} table */
  legal: (table) => table.game.legalMoves().map(moveText),
  viewParts: adapter.viewParts,
  /** @param {Table} table */
  isWon: (table) => table.game.isWon(),
  outcome,
  /** @param {Table} table */
  safeMoves: (table) => adapter.safeMoves(table.game),
  /** @param {Table} table */
  collectPossible: (table) => adapter.collectPossible(table.game),
  /** @param {Table} table */
  plainCollect: (table) => adapter.plainCollect(table.game),
  scoring: { names: SCORINGS, cumulative: CUMULATIVE, tally },
  position,
  fromPosition,
  /** The dead-end search of a position with a bound of `limit` positions (for the tests).
   * @param {any} rules @param {PositionJson} pos @param {number} [limit] */
  deadEnd: (rules, pos, limit) => search(fromPosition(rules, pos).game, limit),
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
      const r = twin.explain(table, move);
      return r === null ? null : `${r.code}: ${r.en}`;
    });
  },
  /** The layout of a deal as text (for the tests). @param {import("../../local/twin.js").DealNumber} number @param {string} numbering */
  layout(number, numbering) {
    const l = klondikeLayout(number, numbering);
    return { columns: l.columns.map((c) => c.map((x) => CARD_TEXT[x])), stock: l.stock.map((x) => CARD_TEXT[x]) };
  },
};

/** @type {GameTwin} the contract, checked */
const contract = twin;
void contract;

export default twin;
