// The page's entry: finds which game this page plays (<html data-game>) and starts the shared
// controller with that game's module.

import { start } from "./controller.js";

const GAMES = {
  klondike: () => import("./games/klondike.js"),
  freecell: () => import("./games/freecell.js"),
  spider: () => import("./games/spider.js"),
};

const load = GAMES[document.documentElement.dataset.game] || GAMES.klondike;
load().then((m) => start(m.default));
