// @ts-check
// TriPeaks' scoring in the browser (kosynka.games.tripeaks.scoring): the streak scoring of the
// Windows Entertainment Pack's TriPeaks. A card played from the table scores its place in the
// run (1, 2, 3, ...), a card turned from the stock costs 5 and starts the run over, and the
// peaks cleared earn 15, 15 and 30 (a peak is cleared when its top card is played). No floor;
// undos, time and hints change no points. The words of each step come from the Python (the
// scoring module's WORDS, through the game's texts).

import { Ledger } from "../../local/ledger.js";
import { STOCK_MOVE, moveText } from "./rules.js";

/** @typedef {import("../../local/ledger.js").Play} Play */
/** @typedef {import("../../local/twin.js").Tally} Tally */
/** @typedef {{game: import("./rules.js").TriPeaks}} ScoredTable */

/** The scorings, the default first. */
export const SCORINGS = ["standard"];
/** Scorings a running total may be carried through: none. @type {string[]} */
export const CUMULATIVE = [];

const STOCK_CARD = -5;
/** The bonus for the first, second and third peak cleared. */
const PEAK_BONUSES = [15, 15, 30];
/** The places of the three peaks' tops. */
const PEAK_TOPS = [0, 1, 2];

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

/** The peaks whose top card is still on the table. @param {ScoredTable} table */
const peaksLeft = (table) => PEAK_TOPS.filter((p) => table.game.cards[p] >= 0).length;

/** TriPeaks' score kept move by move (TriPeaksTally): the ledger and the run under way.
 * @implements {Tally} */
export class TriPeaksTally {
  /** @param {string} scoring @param {Ledger} [ledger] @param {number} [run] */
  constructor(scoring, ledger, run = 0) {
    this.scoring = scoring;
    this.ledger = ledger || new Ledger();
    this.run = run;
  }

  /** The peaks not yet cleared before the move. @param {ScoredTable} table @param {number} _move */
  before(table, _move) {
    return peaksLeft(table);
  }

  /** A stock card's cost (ending the run), or the played card's place in its run and the
   * bonus of the peak it cleared.
   * @param {ScoredTable} table @param {number} move @param {number} note @param {number} index */
  after(table, move, note, index) {
    const text = moveText(move);
    if (move === STOCK_MOVE) {
      this.run = 0;
      add(this.ledger, "stock-card", STOCK_CARD, index, text);
      return;
    }
    this.run += 1;
    add(this.ledger, "run-card", this.run, index, text);
    if (peaksLeft(table) < note) add(this.ledger, "peak", PEAK_BONUSES[PEAK_TOPS.length - note], index, text);
  }

  /** The score so far (undos, time and hints change nothing).
   * @param {ScoredTable} _table @param {number} _moves @param {Play} _play */
  finish(_table, _moves, _play) {
    return this.ledger;
  }

  copy() {
    return new TriPeaksTally(this.scoring, this.ledger.copy(), this.run);
  }
}

/** A fresh tally of `scoring` for a fresh table (every rule set is scored the same way), or
 * null for a scoring TriPeaks does not have. @param {ScoredTable} _table @param {string} scoring */
export function tally(_table, scoring) {
  return SCORINGS.includes(scoring) ? new TriPeaksTally(scoring) : null;
}
