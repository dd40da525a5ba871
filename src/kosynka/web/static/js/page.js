// @ts-check
// What the server tells the page about the games before any module loads: the JSON block in the
// shell (<script type="application/json" id="page-data">), made from the registry of games
// (kosynka.web.routes.pages.Site.page_data):
//   options  every game's stored options: {key: {default, values}} (kept in one stored object,
//            so every page checks them all);
//   strings  {en: {...}, ru: {...}}: the game's title and page title, and the games menu's
//            entries ("menu:<variant>").

/** The block's JSON, or an empty object. @returns {Record<string, any>} */
function read() {
  const el = document.getElementById("page-data");
  try {
    const data = el ? JSON.parse(/** @type {string} */ (el.textContent)) : null;
    if (data && typeof data === "object") return data;
  } catch (_) {
    /* a page without the block (or a broken one): nothing from the server */
  }
  return {};
}

const data = read();

/** The block's parts, each present (empty when the page has none).
 * @type {{options: Record<string, {default: unknown, values: unknown[]}>,
 *   strings: Record<import("./types.js").Lang, import("./types.js").WordList>}} */
export const PAGE = {
  options: data.options || {},
  strings: { en: {}, ru: {}, ...(data.strings || {}) },
};
