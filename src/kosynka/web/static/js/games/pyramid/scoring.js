// @ts-check
// Pyramid's scoring in the browser (kosynka.games.pyramid.scoring): kosynka's own. A card
// taken from the pyramid earns 10, a card of the stock or the waste 5, clearing the pyramid
// 250, and each new pass through the stock costs 50; the score never goes below 0. Undos, time
// and hints change no points. The words of each step come from the Python (the scoring
// module's WORDS, through the game's texts).

import { Ledger } from "../../local/ledger.js";
import { moveText } from "./rules.js";

/** @typedef {import("../../local/ledger.js").Play} Play */
/** @typedef {import("../../local/twin.js").Tally} Tally */
/** @typedef {import("./rules.js").Move} Move */
/** @typedef {{game: import("./rules.js").Pyramid}} ScoredTable */

/** The scorings, the default first. */
export const SCORINGS = ["standard"];
/** Scorings a running total may be carried through: none. @type {string[]} */
export const CUMULATIVE = [];

const PYRAMID_CARD = 10;
const OTHER_CARD = 5;
const CLEARED = 250;
const NEW_PASS = -50;

/** @type {Record<string, [string, string]>} the words of each step, by code */
let WORDS = {};

/** Take the steps' words (the game's texts' `scoring`). @param {Record<string, [string, string]>} words */
export function useWords(words) {
  WORDS = words;
}

/** Add a step of `code` with its words. @param {Ledger} ledger @param {string} code
 * @param {number} points @param {number|null} [move] @param {string} [text] */
function add(ledger, code, points, move = null, text = "") {
  const [en, ru] = WORDS[code] || [code, code];
  ledger.add(code, points, en, ru, move, text || null);
}

/** Pyramid's score kept move by move (PyramidTally). @implements {Tally} */
export class PyramidTally {
  /** @param {string} scoring @param {Ledger} [ledger] */
  constructor(scoring, ledger) {
    this.scoring = scoring;
    this.ledger = ledger || new Ledger(0);
  }

  /** The pyramid cards left before the move. @param {ScoredTable} table @param {Move} _move */
  before(table, _move) {
    return table.game.pyramidCount();
  }

  /** The points of the cards the move removed, the bonus when it cleared the pyramid, the
   * cost of a new pass (the ledger's floor keeps the score from going below 0).
   * @param {ScoredTable} table @param {Move} move @param {number} note @param {number} index */
  after(table, move, note, index) {
    const text = moveText(move);
    if (move.turn === "r") {
      add(this.ledger, "new-pass", NEW_PASS, index, text);
      return;
    }
    if (move.turn) return;
    const left = table.game.pyramidCount();
    const fromPyramid = note - left;
    for (let i = 0; i < fromPyramid; i++) add(this.ledger, "pyramid-card", PYRAMID_CARD, index, text);
    for (let i = 0; i < move.cards.length - fromPyramid; i++) add(this.ledger, "stock-card", OTHER_CARD, index, text);
    if (fromPyramid && left === 0) add(this.ledger, "cleared", CLEARED, index, text);
  }

  /** The score so far (undos, time and hints change nothing).
   * @param {ScoredTable} _table @param {number} _moves @param {Play} _play */
  finish(_table, _moves, _play) {
    return this.ledger;
  }

  copy() {
    return new PyramidTally(this.scoring, this.ledger.copy());
  }
}

/** A fresh tally of `scoring` for a fresh table (every rule set is scored the same way), or
 * null for a scoring Pyramid does not have. @param {ScoredTable} _table @param {string} scoring */
export function tally(_table, scoring) {
  return SCORINGS.includes(scoring) ? new PyramidTally(scoring) : null;
}
