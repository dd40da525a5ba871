// @ts-check
// A score being made step by step, as kosynka.scoring.Ledger makes it: each game's scoring in
// the browser (js/games/<name>/scoring.js) writes its account in one. Steps are kept as a chain
// that copies share, so copying a ledger costs the same however long the account is.

/** @typedef {{code: string, points: number, change: number, score: number, move: number|null,
 *   text: string|null, en: string, ru: string}} Step */
/** @typedef {{step: Step, prev: Link|null}} Link */

/** What a score may depend on besides the moves (kosynka.scoring.Play): the seconds played (null
 * for an untimed game), the moves taken back, the hints asked for, and for a cumulative scoring
 * the running total carried in (null otherwise).
 * @typedef {{seconds: number|null, undos: number, hints: number, carry: number|null}} Play */

/** The seconds of `play` in whole seconds (a started second does not count), or null.
 * @param {Play} play */
export const wholeSeconds = (play) => (play.seconds == null ? null : Math.floor(play.seconds));

export class Ledger {
  /** @param {number|null} [floor] a score the losses never take it below (null: none) */
  constructor(floor = null) {
    this.floor = floor;
    this.score = 0;
    /** @type {Link|null} */
    this.chain = null;
  }

  /** The steps so far, in order. @returns {Step[]} */
  get steps() {
    const out = [];
    for (let link = this.chain; link; link = link.prev) out.push(link.step);
    return out.reverse();
  }

  /** An independent ledger with the same steps (shared: steps never change). */
  copy() {
    const other = new Ledger(this.floor);
    other.score = this.score;
    other.chain = this.chain;
    return other;
  }

  /** Add a step of `points` (a loss stops at the floor).
   * @param {string} code @param {number} points @param {string} en @param {string} ru
   * @param {number|null} [move] @param {string|null} [text] */
  add(code, points, en, ru, move = null, text = null) {
    let next = this.score + points;
    if (points < 0 && this.floor != null) next = Math.max(next, Math.min(this.score, this.floor));
    const change = next - this.score;
    this.score = next;
    this.chain = { step: { code, points, change, score: next, move, text, en, ru }, prev: this.chain };
  }

  /** A new ledger whose first step is `points` carried in, then this one's steps (the account
   * of a cumulative scoring; only for a ledger without a floor).
   * @param {string} code @param {number} points @param {string} en @param {string} ru */
  carried(code, points, en, ru) {
    if (this.floor != null) throw new Error("a carry goes only into a ledger without a floor");
    const out = new Ledger();
    out.add(code, points, en, ru);
    for (const s of this.steps) out.add(s.code, s.points, s.en, s.ru, s.move, s.text);
    return out;
  }
}
