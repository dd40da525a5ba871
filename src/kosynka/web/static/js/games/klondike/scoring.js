// @ts-check
// Klondike's scorings in the browser (kosynka.games.klondike.scoring): Windows' standard scoring
// (a floor at 0, the time and the bonus at a win) and Vegas (a stake, $5 a card home, a carry
// from game to game, played only under its own pass limits). The points are the Python
// module's; the words of each step come from it too (useTexts).

import { Ledger, wholeSeconds } from "../../local/ledger.js";
import { FOUNDATION, RECYCLE, moveText } from "./rules.js";
import { RANK, SUIT } from "../../local/cards.js";

/** @typedef {import("../../local/ledger.js").Play} Play */
/** @typedef {import("./adapter.js").Table} Table */

/** The scorings, the default first. */
export const SCORINGS = ["standard", "vegas"];
/** The scorings a running total may be carried through. */
export const CUMULATIVE = ["vegas"];

const HOME = 10;
const WASTE_TO_TABLEAU = 5;
const TURNED = 5;
const BACK_FROM_HOME = -15;
const RECYCLE_DRAW1 = -100;
const RECYCLE_DRAW3 = -20;
const FREE_RECYCLES_DRAW3 = 3;
const TIME_POINTS = -2;
const TIME_STEP = 10;
const BONUS = 700000;
const BONUS_AFTER = 30;
const VEGAS_STAKE = -52;
const VEGAS_HOME = 5;
/** Vegas' pass limit by draw. @type {Record<number, number>} */
const VEGAS_PASSES = { 1: 1, 3: 3 };

/** The words of each step by its code: [en, ru] (the Python module's WORDS).
 * @type {Record<string, [string, string]>} */
let words = {};

/** Take the words of the steps (the game's texts' `scoring`). @param {Record<string, [string, string]>} scoring */
export function useWords(scoring) {
  words = scoring;
}

/** Add a step of `code` with its words. @param {Ledger} ledger @param {string} code
 * @param {number} points @param {number|null} [move] @param {string|null} [text] */
function add(ledger, code, points, move = null, text = null) {
  const [en, ru] = words[code];
  ledger.add(code, points, en, ru, move, text || null);
}

/** True when `scoring` plays by `rules` (check_rules: Vegas needs its own pass limit).
 * @param {string} scoring @param {import("./rules.js").Rules} rules */
export function playsBy(scoring, rules) {
  return scoring !== "vegas" || rules.passes === VEGAS_PASSES[rules.draw];
}

/** What the recycle that ends pass `pass` costs in the standard scoring.
 * @param {number} draw @param {number} pass */
const recyclePoints = (draw, pass) => (draw === 1 ? RECYCLE_DRAW1 : pass > FREE_RECYCLES_DRAW3 ? RECYCLE_DRAW3 : 0);

/** Klondike's score kept move by move (KlondikeTally). */
export class KlondikeTally {
  /** @param {string} scoring @param {number} draw @param {Ledger} [ledger] */
  constructor(scoring, draw, ledger) {
    this.scoring = scoring;
    this.vegas = scoring === "vegas";
    this.draw = draw;
    if (ledger) this.ledger = ledger;
    else {
      this.ledger = new Ledger(this.vegas ? null : 0);
      if (this.vegas) add(this.ledger, "stake", VEGAS_STAKE);
    }
  }

  /** The pass number before a stock move; for a card move whether the card comes from the
   * waste or a foundation, and the face-down cards before it.
   * @param {Table} table @param {number} move @returns {any} */
  before(table, move) {
    const game = table.game;
    if (move < 0) return game.passNumber;
    const card = move >> 3;
    const waste = game.waste;
    return [waste.length > 0 && waste[waste.length - 1] === card, game.found[SUIT[card]] === RANK[card], game.faceDownCount()];
  }

  /** Write the move's points. @param {Table} table @param {number} move @param {any} note @param {number} index */
  after(table, move, note, index) {
    const ledger = this.ledger;
    if (move < 0) {
      if (move === RECYCLE && !this.vegas) {
        const points = recyclePoints(this.draw, note);
        if (points) add(ledger, "recycle", points, index, moveText(move));
      }
      return;
    }
    const [fromWaste, fromHome, down] = note;
    const toHome = (move & 7) === FOUNDATION;
    const text = moveText(move);
    if (this.vegas) {
      if (toHome) add(ledger, "home", VEGAS_HOME, index, text);
      else if (fromHome) add(ledger, "back-from-home", -VEGAS_HOME, index, text);
      return;
    }
    if (toHome) add(ledger, "home", HOME, index, text);
    else if (fromHome) add(ledger, "back-from-home", BACK_FROM_HOME, index, text);
    else if (fromWaste) add(ledger, "waste-to-tableau", WASTE_TO_TABLEAU, index, text);
    const turned = down - table.game.faceDownCount();
    if (turned > 0) add(ledger, "turned", TURNED * turned, index, text);
  }

  /** The score so far: Vegas with its carry, the standard scoring with its time and, at a win,
   * its bonus. @param {Table} table @param {number} moves @param {Play} play @returns {Ledger} */
  finish(table, moves, play) {
    if (this.vegas) {
      if (play.carry == null) return this.ledger;
      const [en, ru] = words.carried;
      return this.ledger.carried("carried", play.carry, en, ru);
    }
    const ledger = this.ledger.copy();
    const seconds = wholeSeconds(play);
    if (seconds !== null) {
      const steps = Math.floor(seconds / TIME_STEP);
      if (steps) add(ledger, "time", TIME_POINTS * steps);
      if (table.game.isWon() && seconds > BONUS_AFTER) add(ledger, "time-bonus", Math.floor(BONUS / seconds));
    }
    return ledger;
  }

  /** An independent copy (the account so far shared). */
  copy() {
    return new KlondikeTally(this.scoring, this.draw, this.ledger.copy());
  }
}

/** A fresh tally of `scoring` for the fresh table `table`, or null when its rules are not
 * played by it. @param {Table} table @param {string} scoring @returns {KlondikeTally|null} */
export function tally(table, scoring) {
  if (!SCORINGS.includes(scoring) || !playsBy(scoring, table.game.rules)) return null;
  return new KlondikeTally(scoring, table.game.rules.draw, undefined);
}
