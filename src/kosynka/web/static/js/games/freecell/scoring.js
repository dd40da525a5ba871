// @ts-check
// FreeCell's scoring in the browser (kosynka.games.freecell.scoring): 10 points a card home,
// -10 a card back from its foundation, and at a win 50,000 // moves played (undos count as
// moves) and, in a timed game, 100,000 // max(seconds, 30). One scoring, "standard"; every
// rule option is scored alike. The words of each step come from Python (texts.scoring).

import { Ledger, wholeSeconds } from "../../local/ledger.js";
import { isWon, moveText } from "./rules.js";

/** @typedef {import("../../local/twin.js").Tally} Tally */
/** @typedef {import("../../local/ledger.js").Play} Play */
/** @typedef {import("./rules.js").Position} Position */

export const SCORINGS = ["standard"];
/** Scorings a running total may be carried through: none. @type {string[]} */
export const CUMULATIVE = [];

const HOME = 10;
const MOVE_BONUS = 50000;
const TIME_BONUS = 100000;
const FASTEST = 30;

/** The words of the score steps by code (set by the twin's useTexts). @type {Record<string, [string, string]>} */
let words = {};

/** @param {Record<string, [string, string]>} scoringWords */
export function useWords(scoringWords) {
  words = scoringWords;
}

/** @param {Position} p */
const homeCount = (p) => p.found[0] + p.found[1] + p.found[2] + p.found[3];

/** Add a step of `code` with its words. @param {Ledger} ledger @param {string} code
 * @param {number} points @param {number|null} [move] @param {string|null} [text] */
function add(ledger, code, points, move = null, text = null) {
  const [en, ru] = words[code];
  ledger.add(code, points, en, ru, move, text);
}

/** FreeCell's score kept move by move. @implements {Tally} */
class FreeCellTally {
  /** @param {string} scoring @param {Ledger} [ledger] */
  constructor(scoring, ledger) {
    this.scoring = scoring;
    this.ledger = ledger || new Ledger();
  }

  /** The cards home before the move. @param {Position} table @param {number} _move */
  before(table, _move) {
    return homeCount(table);
  }

  /** 10 points for each card the move sent home (or brought back).
   * @param {Position} table @param {number} move @param {number} note @param {number} index */
  after(table, move, note, index) {
    const gained = homeCount(table) - note;
    if (gained > 0) add(this.ledger, "home", HOME * gained, index, moveText(move));
    else if (gained < 0) add(this.ledger, "back-from-home", HOME * gained, index, moveText(move));
  }

  /** The score so far, with the bonuses at a win. @param {Position} table @param {number} moves @param {Play} play */
  finish(table, moves, play) {
    let ledger = this.ledger;
    if (isWon(table)) {
      ledger = ledger.copy();
      const played = moves + play.undos;
      add(ledger, "move-bonus", Math.floor(MOVE_BONUS / Math.max(played, 1)));
      const seconds = wholeSeconds(play);
      if (seconds != null) add(ledger, "time-bonus", Math.floor(TIME_BONUS / Math.max(seconds, FASTEST)));
    }
    return ledger;
  }

  copy() {
    return new FreeCellTally(this.scoring, this.ledger.copy());
  }
}

/** A fresh tally of `scoring` (every rule option is played by it).
 * @param {Position} _table @param {string} scoring @returns {Tally|null} */
export function tally(_table, scoring) {
  return SCORINGS.includes(scoring) ? new FreeCellTally(scoring) : null;
}
