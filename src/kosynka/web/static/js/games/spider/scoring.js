// @ts-check
// Spider's scoring in the browser (kosynka.games.spider.scoring): Microsoft's. The game starts
// at 500, every move (a dealt row too) costs 1, every finished run removed earns 100, and each
// move taken back costs 2 (its point and the undo's own). No floor, time not scored. The words
// of each step come from the Python (the scoring module's WORDS, through the game's texts).

import { Ledger } from "../../local/ledger.js";
import { moveText } from "./rules.js";

/** @typedef {import("../../local/ledger.js").Play} Play */
/** @typedef {import("../../local/twin.js").Tally} Tally */
/** @typedef {import("./rules.js").Move} Move */
/** @typedef {{pos: import("./rules.js").Position}} ScoredTable */

/** The scorings, the default first. */
export const SCORINGS = ["standard"];
/** Scorings a running total may be carried through: none. @type {string[]} */
export const CUMULATIVE = [];

const START = 500;
const MOVE = -1;
const RUN = 100;
const UNDO = -2;

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

/** Spider's score kept move by move (SpiderTally). @implements {Tally} */
export class SpiderTally {
  /** @param {string} scoring @param {Ledger} [ledger] */
  constructor(scoring, ledger) {
    this.scoring = scoring;
    if (ledger) {
      this.ledger = ledger;
    } else {
      this.ledger = new Ledger();
      add(this.ledger, "start", START);
    }
  }

  /** The runs removed before the move. @param {ScoredTable} table @param {Move} _move */
  before(table, _move) {
    return table.pos.removed.length;
  }

  /** A point for the move, 100 for each run it removed.
   * @param {ScoredTable} table @param {Move} move @param {number} note @param {number} index */
  after(table, move, note, index) {
    const text = moveText(move);
    add(this.ledger, move.card < 0 ? "deal" : "move", MOVE, index, text);
    const removed = table.pos.removed.length - note;
    if (removed) add(this.ledger, "run-removed", RUN * removed, index, text);
  }

  /** The score so far, with what the undos cost.
   * @param {ScoredTable} _table @param {number} _moves @param {Play} play */
  finish(_table, _moves, play) {
    let ledger = this.ledger;
    if (play.undos) {
      ledger = ledger.copy();
      add(ledger, "undo", UNDO * play.undos);
    }
    return ledger;
  }

  copy() {
    return new SpiderTally(this.scoring, this.ledger.copy());
  }
}
