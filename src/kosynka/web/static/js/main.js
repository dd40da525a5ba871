// @ts-check
// The page's entry: finds which game this page plays (<html data-game>, filled in by the server
// from the registry of games), has the worker load that game's rules at once (api.js: they
// load while the page's own modules do), and starts the shared controller with the game's
// module, js/games/<name>.js (what a module provides: the comment on start() in controller.js).

import { warm } from "./api.js";
import "./offline.js";

const name = document.documentElement.dataset.game;
if (name && /^[a-z][a-z0-9_]*$/.test(name)) {
  warm(name);
  Promise.all([import("./controller.js"), import(`./games/${name}.js`)]).then(([c, m]) => c.start(m.default));
}
