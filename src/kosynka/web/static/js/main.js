// @ts-check
// The page's entry: finds which game this page plays (<html data-game>, filled in by the server
// from the registry of games) and starts the shared controller with that game's module,
// js/games/<name>.js (what a module provides: the comment on start() in controller.js).

import { start } from "./controller.js";
import "./offline.js";

const name = document.documentElement.dataset.game;
if (/^[a-z][a-z0-9_]*$/.test(name || "")) import(`./games/${name}.js`).then((m) => start(m.default));
