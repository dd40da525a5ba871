// What the server tells the page about the games before any module loads: the JSON block in the
// shell (<script type="application/json" id="page-data">), made from the registry of games
// (kosynka.web.routes.pages.Site.page_data):
//   early    how the shell's inline script asks for the first position (the game's addresses,
//            the storage key of its saved game, where its rules come from);
//   options  every game's stored options: {key: {default, values}} (kept in one stored object,
//            so every page checks them all);
//   strings  {en: {...}, ru: {...}}: the game's title and page title, and the games menu's
//            entries ("menu:<variant>").

function read() {
  const el = document.getElementById("page-data");
  try {
    const data = el ? JSON.parse(el.textContent) : null;
    if (data && typeof data === "object") return data;
  } catch (_) {
    /* a page without the block (or a broken one): nothing from the server */
  }
  return {};
}

const data = read();

/** The block's parts, each present (empty when the page has none). */
export const PAGE = {
  early: data.early || null,
  options: data.options || {},
  strings: { en: {}, ru: {}, ...(data.strings || {}) },
};
