// @ts-check
// Text as kosynka's Python reads and quotes it, for the twins' parsers: Unicode whitespace as
// str.split() and str.strip() see it, repr() of a string (the error messages quote the text
// they could not read), whole numbers as kosynka.numtext.parse_whole reads them, and the error
// for text that cannot be read (kosynka.errors.InvalidNotationError).

import { TwinError } from "./twin.js";

/** Raised for text that cannot be read (kosynka.errors.InvalidNotationError): a TwinError whose
 * message is the Python error's text. */
export class NotationError extends TwinError {}

/** Unicode whitespace as Python's str.isspace() sees it (str.split() and str.strip()). */
const PY_SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const SPACES = new RegExp(`[${PY_SPACE}]+`, "g");
const EDGES = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, "g");

/** `text` without any whitespace (Python's "".join(text.split())). @param {string} text */
export const withoutSpaces = (text) => text.replace(SPACES, "");

/** `text.strip()` in Python. @param {string} text */
export const pyStrip = (text) => text.replace(EDGES, "");

/** Characters Python's repr() writes escaped: not printable (controls, formats, surrogates,
 * private use, unassigned, separators other than the space). */
const UNPRINTABLE = /[\p{C}\p{Z}]/u;

/** repr() of a string in Python (for error messages that quote the text they could not read).
 * @param {string} text @returns {string} */
export function pyRepr(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = /** @type {number} */ (ch.codePointAt(0));
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch === " " || !UNPRINTABLE.test(ch)) out += ch;
    else if (code < 0x100) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else if (code < 0x10000) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += `\\U${code.toString(16).padStart(8, "0")}`;
  }
  return out + quote;
}

/** A whole number written in ASCII digits (kosynka.numtext.parse_whole), or null when `text`
 * is not one; NotationError when it has more than `maxDigits` significant digits. The value
 * is a JS number: callers compare it with small bounds only.
 * @param {string} text @param {string} what @param {number} [maxDigits] @returns {number|null} */
export function parseWhole(text, what, maxDigits = 100) {
  const t = pyStrip(text);
  if (!/^[0-9]+$/.test(t)) return null;
  const significant = t.replace(/^0+/, "");
  if (significant.length > maxDigits) {
    throw new NotationError(`${what} too long: ${significant.length.toLocaleString("en-US")} digits (at most ${maxDigits})`);
  }
  return significant ? Number(significant) : 0;
}
