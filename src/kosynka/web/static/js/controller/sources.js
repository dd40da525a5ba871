// @ts-check
// Where new deals come from: which sources (easy, normal, hard, random) exist for a deal's
// rules (asked once per rules, and kept), the source a new deal really comes from, and the
// Deals list showing both.

import { api, game, state, t, variant } from "./state.js";

/** @typedef {import("../types.js").Sources} Sources */

/** @type {Map<string, Sources>} */
const sourceCache = new Map(); // JSON of the rules -> {easy, normal, hard, random}
/** @type {Sources} */
const ALL_SOURCES = { easy: true, normal: true, hard: true, random: true };

/** Which deal sources exist for `rules` (graded deals are graded for the standard rules only);
 * every source when the server cannot say (it then serves a random deal and says so).
 * @param {import("../types.js").Rules} rules @returns {Promise<Sources>} */
export async function sourcesFor(rules) {
  const key = JSON.stringify(rules);
  if (!sourceCache.has(key)) {
    try {
      const got = await api.sources(rules);
      sourceCache.set(key, { ...ALL_SOURCES, ...got });
    } catch (/** @type {any} */ err) {
      console.warn("kosynka: sources", err && err.message ? err.message : err);
      return ALL_SOURCES;
    }
  }
  return /** @type {Sources} */ (sourceCache.get(key));
}

/** The source a new deal comes from: the player's choice (for this game) when it exists for
 * the rules. @param {Sources} avail @returns {string} */
export function effectiveSource(avail) {
  const chosen = state.options[game.sourceOption];
  return avail[chosen] ? chosen : "random";
}

/** The rules the next deal is dealt under (the options', in this page's variant). */
const nextRules = () => game.rulesFor(variant(), state.options);

/** Show in the Deals list which sources exist for the next deal's rules: the others are
 * disabled and say why, and the list shows the source the next deal will really come from. */
export function showSources() {
  const sel = /** @type {HTMLSelectElement|null} */ (document.getElementById("source"));
  if (!sel || !game || !state.variant) return;
  const avail = sourceCache.get(JSON.stringify(nextRules())) || ALL_SOURCES;
  const tt = t();
  for (const opt of sel.options) {
    const base = tt[/** @type {string} */ (opt.dataset.i18n)];
    opt.disabled = !avail[opt.value];
    opt.textContent = opt.disabled ? `${base} (${tt.srcOnlyStandard})` : base;
  }
  sel.value = effectiveSource(avail);
}

/** Learn which sources exist for the next deal's rules, and show them. */
export async function refreshSources() {
  await sourcesFor(nextRules());
  showSources();
}
