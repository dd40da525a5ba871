// @ts-check
// The page's game answers made in the browser, by game name: views, moves, new deals, deals of
// the day and the graded sources, in the shapes the server's API answers them (what the
// controller reads does not change). Each game's twin and words are loaded once, the deal data
// when first needed. Runs in the page's worker (worker.js); the tests run it under Node.js.

import { LocalService } from "./service.js";
import { dailyDeal, pick, sources } from "./deals.js";

/** @typedef {import("./deals.js").DealsFile} DealsFile */
/** @typedef {import("./service.js").GameRecord} GameRecord */

/** Where this module finds a game's files: the twin module's address and the data's. */
export const where = {
  /** @param {string} game */
  twin: (game) => new URL(`../games/${game}/twin.js`, import.meta.url).href,
  /** @param {string} name @param {string} game */
  data: (name, game) => `/${name}/${game}.json`,
};

/** What could not be loaded: `status` 404 when the server has no such file (the game has no
 * rules in the browser), 0 when it could not be reached. */
export class Unavailable extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** A game's data file, read as JSON. @param {string} url */
async function fetchJson(url) {
  let res;
  try {
    res = await fetch(url);
  } catch (err) {
    throw new Unavailable(0, `${url}: ${err instanceof Error ? err.message : err}`);
  }
  if (!res.ok) throw new Unavailable(res.status === 404 ? 404 : 0, `${url}: HTTP ${res.status}`);
  return res.json();
}

/** The twin module of `game`: Unavailable (404 or 0) when it cannot be loaded.
 * @param {string} game */
async function twinOf(game) {
  const url = where.twin(game);
  try {
    return await import(url);
  } catch (err) {
    let status = 0;
    try {
      status = (await fetch(url, { method: "HEAD" })).status === 404 ? 404 : 0;
    } catch (_) {
      status = 0;
    }
    if (status === 0 && !(err instanceof TypeError)) throw err; // a bug in the module: seen as one
    throw new Unavailable(status, `the rules of ${game}: ${err instanceof Error ? err.message : err}`);
  }
}

/** @type {Map<string, Promise<LocalService>>} */
const services = new Map();
/** @type {Map<string, Promise<DealsFile>>} */
const dealFiles = new Map();

/** The local service of `game` (its twin loaded with its words). @param {string} game */
export function serviceOf(game) {
  let s = services.get(game);
  if (!s) {
    s = Promise.all([twinOf(game), fetchJson(where.data("texts", game))]).then(([mod, texts]) => {
      mod.default.useTexts(texts);
      return new LocalService(mod.default, texts);
    });
    s.catch(() => services.delete(game)); // asked again later (the network may be back)
    services.set(game, s);
  }
  return s;
}

/** @param {string} game */
function dealsOf(game) {
  let d = dealFiles.get(game);
  if (!d) {
    d = fetchJson(where.data("deals", game));
    d.catch(() => dealFiles.delete(game));
    dealFiles.set(game, d);
  }
  return d;
}

/** A new deal (the server's /new): a graded one from the starter library when `source` names
 * a grade and the library has one for these rules, else a random deal.
 * @param {string} game @param {{rules: any, source: string, exclude?: any[], numbering?: string, score?: any}} req */
async function newGame(game, req) {
  const [service, file] = await Promise.all([serviceOf(game), dealsOf(game)]);
  const numbering = req.numbering || file.numberings[0];
  const exclude = req.exclude || [];
  let source = req.source;
  let note = null;
  let number = null;
  if (source !== "random" && numbering === file.graded_numbering) {
    number = pick(file, req.rules, source, exclude);
    if (number === null) note = `no ${source} deal in the deal library`;
  } else if (source !== "random") {
    note = `graded deals use the ${file.graded_numbering} numbering`;
  }
  if (number === null) {
    if (source !== "random") note = `${note}; serving a random deal`;
    source = "random";
    const seen = new Set(exclude.map(String));
    do number = service.twin.randomNumber(numbering);
    while (seen.has(String(number)));
  }
  /** @type {GameRecord} */
  const record = { game, rules: req.rules, deal: { number, numbering, source }, moves: [] };
  return { record, view: service.recordView(record, req.score), note };
}

/** The deal of the day (the server's /daily): `query` the date, the grade, the variant's
 * options and the scoring.
 * @param {string} game @param {Record<string, any>} query */
async function daily(game, query) {
  const [service, file] = await Promise.all([serviceOf(game), dealsOf(game)]);
  const { date, grade, scoring, ...choice } = query;
  const deal = dailyDeal(file, date, grade, choice);
  /** @type {GameRecord} */
  const record = { game, rules: { ...deal.rules }, deal: { number: deal.number, numbering: deal.numbering, source: "daily" }, moves: [] };
  return { date, grade, record, view: service.recordView(record, scoring ? { scoring } : null) };
}

/** The answer to one of the page's requests. @param {string} game @param {string} op @param {any[]} args */
export async function answer(game, op, args) {
  if (op === "warm") {
    await Promise.all([serviceOf(game), dealsOf(game)]);
    return true;
  }
  if (op === "sources") return sources(await dealsOf(game), args[0]);
  if (op === "new") return newGame(game, args[0]);
  if (op === "daily") return daily(game, args[0]);
  const service = await serviceOf(game);
  if (op === "view") return { view: service.recordView(args[0], args[1]) };
  if (op === "move") return service.move(args[0], args[1], !!args[2], args[3]);
  if (op === "collect") return service.plainCollect(args[0]);
  if (op === "explain") return service.explain(args[0], args[1]);
  if (op === "reason") return service.reason(args[0]);
  throw new Error(`unknown request ${op}`);
}
