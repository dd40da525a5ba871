// @ts-check
// The words of a game's rules in the browser: refusals and score steps, written once in the
// game's Python package and served as JSON (/texts/<game>.json, kosynka/web/texts.py). A game's
// rules ask for a refusal by its name there (reason(texts, "FACE_DOWN")), a refusal with
// numbers in its words by its name and the numbers (reason(texts, "SUPERMOVE_TOO_LONG",
// {allowed: 3})), filled as kosynka.errors.fill fills them.

/** @typedef {{code: string, en: string, ru: string}} Reason */
/** The words of a game's rules: its refusals by name, its score steps' words by code, and the
 * word lists its refusals are filled from where their slots hold words (a rank's name).
 * @typedef {{game: string, reasons: Record<string, Reason>, scoring: Record<string, [string, string]>,
 *   words?: Record<string, string[]>}} GameTexts */

/** The Russian form of a noun for the whole number `n` (kosynka.plural.ru_form).
 * @param {number} n @param {string} one @param {string} few @param {string} many */
export function ruForm(n, one, few, many) {
  const a = Math.abs(n);
  const last = a % 10;
  const lastTwo = a % 100;
  if (last === 1 && lastTwo !== 11) return one;
  if (last >= 2 && last <= 4 && !(lastTwo >= 12 && lastTwo <= 14)) return few;
  return many;
}

/** `n` and its noun in the form the number takes, in `lang` (kosynka.plural's en_count and
 * ru_count).
 * @param {string} lang @param {number} n @param {string[]} forms */
export function countWords(lang, n, forms) {
  if (lang === "ru") return `${n} ${ruForm(n, forms[0], forms[1], forms[2])}`;
  return `${n} ${n === 1 ? forms[0] : forms[1]}`;
}

/** A template with its slots filled (kosynka.errors.fill): {name} is the value (a number or a
 * text such as a card's name), {name|one|other} and {name|one|few|many} the number and its noun.
 * @param {string} template @param {string} lang @param {Record<string, number | string>} values */
export function fill(template, lang, values) {
  return template.replace(/\{(\w+)(?:\|([^{}]*))?\}/g, (_, name, forms) => {
    const n = values[name];
    if (forms === undefined) return String(n);
    if (typeof n !== "number") throw new Error(`the slot ${name} takes a number, not ${n}`);
    return countWords(lang, n, forms.split("|"));
  });
}

/** The refusal called `name` in the game's reasons module, its templates filled from `values`.
 * @param {GameTexts} texts @param {string} name @param {Record<string, number | string>} [values]
 * @returns {Reason} */
export function reason(texts, name, values) {
  const r = texts.reasons[name];
  if (!r) throw new Error(`no reason called ${name} in ${texts.game}'s texts`);
  if (!values) return r;
  return { code: r.code, en: fill(r.en, "en", values), ru: fill(r.ru, "ru", values) };
}
