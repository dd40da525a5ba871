// @ts-check
// What a game's rules in the browser provide (js/games/<name>/twin.js, default export): the twin
// of the game's Python package and web adapter, so the page plays without the server. The
// shared local service (service.js) replays records, scores and answers with the same views as
// the server's API (kosynka/web/service.py); it names no game. Every twin is held to the Python
// rules by the differential tests (tests/web/twin/test_twin_*.py): the same views, legal moves,
// refusals, counters, scores and outcomes after every move.
//
// A twin's table is its own object (the position and what the page shows beyond it: the Draw 3
// fan, the foundations' order, ...); the service only hands it back to the twin.
//
// What the twins share lives beside this file, each the twin of a Python module the games
// share: cards.js (kosynka.cards), pytext.js (Python's text handling, kosynka.numtext and
// the notation error), pyrandom.js (Python's random.Random) and numbering.js (the shuffles and
// checks the games' deal numberings have in common).

/** @typedef {import("./texts.js").Reason} Reason */
/** @typedef {import("./texts.js").GameTexts} GameTexts */
/** @typedef {import("./ledger.js").Ledger} Ledger */
/** @typedef {import("./ledger.js").Play} Play */

/** A deal number as the API carries it: a JSON number, or digits when above 2**53 - 1.
 * @typedef {number|string} DealNumber */

/** One scoring's score of one game kept move by move (kosynka.scoring.Tally).
 * @typedef {object} Tally
 * @property {string} scoring
 * @property {(table: any, move: any) => any} before   what `after` needs of the position before `move`
 * @property {(table: any, move: any, note: any, index: number) => void} after   write the move's points
 * @property {(table: any, moves: number, play: Play) => Ledger} finish   the account so far with `play`
 * @property {() => Tally} copy */

/** A table whose deal cannot be dealt (a number past its numbering's end, an unknown numbering),
 * or text that cannot be read (pytext.js's NotationError is one): `message` is the Python
 * error's text. */
export class TwinError extends Error {}

/**
 * @typedef {object} GameTwin
 * @property {string} name                      the game's name in the registry
 * @property {(texts: GameTexts) => void} useTexts   the words of the game's refusals and scorings
 * @property {(rules: any, number: DealNumber, numbering: string) => any} deal
 *     a table for a fresh deal (kosynka.games.base.GameSpec.deal + the adapter's new_table);
 *     throws TwinError for a number or numbering the game cannot deal
 * @property {(numbering: string) => DealNumber} randomNumber   a random deal number in `numbering`
 * @property {(table: any) => any} copy         an independent copy of a table
 * @property {(table: any, text: string) => any} parseMove   throws TwinError for unreadable text
 * @property {(move: any) => string} moveText   str(move) in Python
 * @property {(table: any, move: any) => Reason|null} explain   null when legal, else the refusal
 * @property {(table: any, move: any) => void} push   make a legal move (the adapter's push:
 *     the position and what the page shows beyond it)
 * @property {(table: any) => string[]} legal   str(m) for m in legal_moves, in the same order
 * @property {(table: any, moves: number) => any} viewParts   the adapter's view_parts:
 *     columns, foundations, waste/cells, counters (the same JSON)
 * @property {(table: any) => boolean} isWon
 * @property {(table: any) => null|"won"|"stuck"} outcome   the game's outcome() (the dead-end
 *     search included, with the same bound)
 * @property {(table: any) => any[]} safeMoves   the adapter's safe_moves (the auto option)
 * @property {(table: any) => boolean} collectPossible
 * @property {(table: any) => any[]|null} plainCollect   a line that finishes the game without search
 * @property {{names: string[], cumulative: string[], tally: (table: any, scoring: string) => Tally|null}} scoring
 *     the game's scorings (names, the default first; those that take a carry) and a fresh tally
 *     of one for a fresh table (null when the rules are not played by it: check_rules)
 */


