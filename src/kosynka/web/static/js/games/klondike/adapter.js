// @ts-check
// Klondike's web adapter in the browser (kosynka.web.games.klondike): the table (the position,
// the Draw 3 fan and the order in which the aces reached the foundations), what the page is
// shown of it, the safe cards home of the auto option (player.safe_home_moves) and the plain
// collect of an all-face-up game.

import { CARD_TEXT, RANK, SUIT, SUIT_LETTERS } from "../../local/cards.js";
import { DRAW, FOUNDATION } from "./rules.js";

/** @typedef {import("./rules.js").Klondike} Klondike */
/** The position and what the page shows beyond it: how many cards of the last draw still lie
 * fanned on the waste, and the suits in the order their aces reached the foundations.
 * @typedef {{game: Klondike, fan: number, order: number[]}} Table */

/** A table for a freshly dealt game. @param {Klondike} game @returns {Table} */
export const newTable = (game) => ({ game, fan: 0, order: [] });

/** An independent copy of `table`. @param {Table} table @returns {Table} */
export const copyTable = (table) => ({ game: table.game.copy(), fan: table.fan, order: table.order.slice() });

/** Make a legal `move` and follow the Draw 3 fan: a draw spreads its cards, playing the waste
 * top folds one back; an ace sent home first takes the next foundation place.
 * @param {Table} table @param {number} move */
export function push(table, move) {
  const game = table.game;
  let fan = table.fan;
  if (move < 0) fan = move === DRAW ? Math.min(game.rules.draw, game.stock.length) : 0;
  else {
    const waste = game.waste;
    if (waste.length && waste[waste.length - 1] === move >> 3) fan = Math.max(fan - 1, 0);
  }
  game.apply(move);
  table.fan = fan;
  if (move >= 0 && (move & 7) === FOUNDATION) {
    const card = move >> 3;
    if (RANK[card] === 1 && !table.order.includes(SUIT[card])) table.order.push(SUIT[card]);
  }
}

/** Suit indices in the order their aces reached the foundations, the rest after in suit order.
 * @param {number[]} order */
const foundationOrder = (order) => [...order, ...[0, 1, 2, 3].filter((s) => !order.includes(s))];

/** Columns, the waste's visible top (its fanned cards in Draw 3), the foundations in the order
 * their aces arrived, and the counters (the adapter's view_parts).
 * @param {Table} table @param {number} moves */
export function viewParts(table, moves) {
  const game = table.game;
  const waste = game.waste;
  const shown = waste.length ? waste.slice(-Math.max(table.fan, 1)) : [];
  const passes = game.rules.passes;
  return {
    columns: game.cols.map((col, i) => ({ down: game.hidden[i], up: col.slice(game.hidden[i]).map((c) => CARD_TEXT[c]) })),
    waste: shown.map((c) => CARD_TEXT[c]),
    foundations: foundationOrder(table.order).map((s) => {
      const n = game.found[s];
      return { suit: SUIT_LETTERS[s], count: n, top: n ? CARD_TEXT[s * 13 + n - 1] : null };
    }),
    counters: {
      moves,
      face_down: game.faceDownCount(),
      pass_number: game.passNumber,
      passes_left: passes === null ? null : Math.max(0, passes - game.passNumber),
      stock: game.stock.length,
      waste: waste.length,
      foundations: game.found[0] + game.found[1] + game.found[2] + game.found[3],
    },
  };
}

/** The suits of the other colour, per suit (C, D, H, S). */
const OTHER_COLOUR = [
  [1, 2],
  [0, 3],
  [0, 3],
  [1, 2],
];

/** True when `card` can go home without ever being missed in the tableau (player.is_safe_home):
 * an ace or a two, or every card that could be built on it is home.
 * @param {number} card @param {number[]} found */
export function isSafeHome(card, found) {
  const rank = RANK[card];
  if (rank <= 2) return true;
  const [a, b] = OTHER_COLOUR[SUIT[card]];
  return found[a] >= rank - 1 && found[b] >= rank - 1;
}

/** The legal foundation moves that are safe (player.safe_home_moves): with Draw 3 none from the
 * waste, whose card taken out of the talon shifts the later draws. @param {Klondike} game */
export function safeMoves(game) {
  const wasteTop = game.rules.draw > 1 && game.waste.length ? game.waste[game.waste.length - 1] : -1;
  return game
    .legalMoves()
    .filter((m) => m >= 0 && (m & 7) === FOUNDATION && m >> 3 !== wasteTop && isSafeHome(m >> 3, game.found));
}

/** True when a collect may be offered: every card face up, the game not won. @param {Klondike} game */
export const collectPossible = (game) => game.faceDownCount() === 0 && !game.isWon();

/** Finish an all-face-up game by sending cards home whenever one can go (else draw, else a new
 * pass); the line, or null when that gets stuck. @param {Klondike} game @returns {number[]|null} */
export function plainCollect(game) {
  const probe = game.copy();
  /** @type {number[]} */
  const line = [];
  let idle = 0; // stock moves since the last card went home
  const limit = 2 * (probe.stock.length + probe.waste.length) + 4;
  while (!probe.isWon()) {
    const legal = probe.legalMoves();
    let move = legal.find((m) => m >= 0 && (m & 7) === FOUNDATION);
    if (move !== undefined) idle = 0;
    else {
      move = legal.find((m) => m < 0);
      idle += 1;
      if (move === undefined || idle > limit) return null;
    }
    probe.apply(move);
    line.push(move);
  }
  return line;
}
