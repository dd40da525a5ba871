// @ts-check
// What Spider's rules in the browser add to the shared cards (../../local/cards.js, the twin of
// kosynka.cards, whose card indices Spider's two decks simply repeat): the finished runs.

/** Per suit, the cards of a finished run bottom to top (King first). @type {number[][]} */
export const FULL_RUN = [0, 1, 2, 3].map((s) => Array.from({ length: 13 }, (_, k) => s * 13 + 12 - k));
