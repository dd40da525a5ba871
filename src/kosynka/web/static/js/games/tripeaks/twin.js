// @ts-check
// TriPeaks in the browser: the twin of the Python package (kosynka.games.tripeaks) and its web
// adapter that the local service plays (see local/twin.js for the contract), with what the
// differential tests ask besides: the full position, a table made from one, a deal's layout
// and the refusals of move texts in a position. The refusals that name ranks are filled from
// the word lists of the game's texts (the reasons module's EN_RANKS, RU_NOMINATIVE,
// RU_ACCUSATIVE), as kosynka.games.tripeaks.reasons fills them.

import { TwinError } from "../../local/twin.js";
import { fill, reason } from "../../local/texts.js";
import { CARD_TEXT, parseCard } from "../../local/cards.js";
import { NotationError } from "../../local/pytext.js";
import { randomDealNumber, tripeaksLayout } from "./deals.js";
import { TriPeaks, moveText, parseMove } from "./rules.js";
import { CUMULATIVE, SCORINGS, tally, useWords } from "./scoring.js";
import * as adapter from "./adapter.js";

/** @typedef {import("../../local/texts.js").GameTexts} GameTexts */
/** @typedef {import("../../local/texts.js").Reason} Reason */
/** @typedef {import("../../local/twin.js").GameTwin} GameTwin */
/** @typedef {import("../../local/twin.js").DealNumber} DealNumber */
/** @typedef {import("./adapter.js").Table} Table */
/** @typedef {import("./rules.js").Rules} Rules */
/** @typedef {import("./rules.js").Refusal} Refusal */

/** The full position as the tests write it (tests/web/twin/harness.py position_json): cards as
 * text, the stock the next card first, the waste bottom to top, each place's card (null once
 * gone) and whether it lies face up (a gone card counts as face up).
 * @typedef {{columns: string[][], face_down: number[], cells: (string|null)[], foundations: string[][],
 *   stock: string[], waste: string[], places: [string|null, boolean][]}} PositionJson */

/** @type {GameTexts} */
let TEXTS = { game: "tripeaks", reasons: {}, scoring: {}, words: {} };

/** The engine's rules for the API's rules (wrap, open; the defaults for those left out);
 * TwinError for a value the API refuses. @param {any} rules @returns {Rules} */
export function rulesOf(rules) {
  const r = rules || {};
  const wrap = r.wrap ?? true;
  const open = r.open ?? false;
  if (typeof wrap !== "boolean") throw new TwinError(`wrap must be true or false, not ${wrap}`);
  if (typeof open !== "boolean") throw new TwinError(`open must be true or false, not ${open}`);
  return { wrap, open };
}

/** A table of any position (the tests' positions, as position_json writes them).
 * @param {any} rules @param {PositionJson} pos @returns {Table} */
export function fromPosition(rules, pos) {
  const cards = pos.places.map(([c]) => (c === null ? -1 : parseCard(c)));
  const up = pos.places.map(([c, u]) => u || c === null);
  const stock = pos.stock.map((t) => parseCard(t)).reverse();
  return adapter.newTable(new TriPeaks(rulesOf(rules), cards, up, pos.waste.map((t) => parseCard(t)), stock));
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
    places: g.cards.map((c, i) => [c < 0 ? null : CARD_TEXT[c], g.up[i]]),
  };
}

/** A word list of the game's texts. @param {string} name @returns {string[]} */
function words(name) {
  const list = TEXTS.words && TEXTS.words[name];
  if (!list) throw new Error(`no word list called ${name} in ${TEXTS.game}'s texts`);
  return list;
}

/** A template filled with words, its first letter made a capital (the reasons module's _fill).
 * @param {string} template @param {string} lang @param {Record<string, string>} values */
function filled(template, lang, values) {
  const text = fill(template, lang, values);
  return text.slice(0, 1).toUpperCase() + text.slice(1);
}

/** The English rank with its article: "a 7", "an 8", "an Ace" (the reasons module's _a).
 * @param {number} rank */
function withArticle(rank) {
  const word = words("EN_RANKS")[rank - 1];
  return ("8A".includes(word[0]) ? "an " : "a ") + word;
}

/** A refusal in words (the reasons module's covered and not_next fill those naming ranks).
 * @param {Refusal} refusal @returns {Reason} */
function worded(refusal) {
  const template = reason(TEXTS, refusal.name);
  const card = refusal.card;
  if (card === undefined) return template;
  const en = words("EN_RANKS");
  const acc = words("RU_ACCUSATIVE");
  const nom = words("RU_NOMINATIVE");
  if (refusal.covers) {
    const [a, b] = refusal.covers;
    /** @type {Record<string, string>} */
    const enValues = { card: en[card - 1], cover: en[a - 1] };
    /** @type {Record<string, string>} */
    const ruValues = { card: acc[card - 1], cover: nom[a - 1] };
    if (b !== undefined) {
      enValues.cover2 = en[b - 1];
      ruValues.cover2 = nom[b - 1];
    }
    return { code: template.code, en: filled(template.en, "en", enValues), ru: filled(template.ru, "ru", ruValues) };
  }
  const top = /** @type {number} */ (refusal.top);
  return {
    code: template.code,
    en: filled(template.en, "en", { card: withArticle(card), top: withArticle(top) }),
    ru: filled(template.ru, "ru", { card: acc[card - 1], top: acc[top - 1] }),
  };
}

/** The refusal of `move` in `table`'s position, in words, or null when it is legal.
 * @param {Table} table @param {number} move */
function explain(table, move) {
  const refusal = table.game.explain(move);
  return refusal === null ? null : worded(refusal);
}

const twin = {
  name: "tripeaks",
  /** @param {GameTexts} t */
  useTexts(t) {
    TEXTS = t;
    useWords(t.scoring);
  },
  /** @param {any} rules @param {DealNumber} number @param {string} numbering */
  deal(rules, number, numbering) {
    const r = rulesOf(rules);
    return adapter.newTable(TriPeaks.dealt(r, tripeaksLayout(number, numbering)));
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
  /** No move is ever certain to be worth making. @param {Table} _table @returns {number[]} */
  safeMoves: (_table) => [],
  /** @param {Table} table */
  collectPossible: (table) => adapter.collectPossible(table.game),
  /** No finish without the server's solver. @param {Table} _table @returns {number[]|null} */
  plainCollect: (_table) => null,
  scoring: { names: SCORINGS, cumulative: CUMULATIVE, tally },
  position,
  fromPosition,
  /** Each move text's refusal in a position, `code: en | ru` (null when legal, "unreadable"
   * when it is no move), for the tests. @param {any} rules @param {PositionJson} pos @param {string[]} moves */
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
    const l = tripeaksLayout(number, numbering);
    return { places: l.places.map((c) => CARD_TEXT[c]), waste: CARD_TEXT[l.waste], stock: l.stock.map((c) => CARD_TEXT[c]) };
  },
};

/** @type {GameTwin} the contract, checked */
const contract = twin;
void contract;

export default twin;
