// The browser's rules under Node.js, for the differential tests (tests/web/twin/harness.py):
// one JSON request a line on stdin, one JSON answer a line on stdout. The modules are the
// page's own (kosynka/web/static/js), loaded as they are served.
//
//   {"op": "load", "game", "texts"}            the game's twin, with its words
//   {"op": "view", "game", "record", "score"}  the local service's view of a record
//   {"op": "move", "game", "record", "move", "auto", "score"}
//   {"op": "explain", "game", "record", "moves"}   the refusal's code of each move text (null: legal)
//   {"op": "position", "game", "record"}       the position after the record (full information)
//   {"op": "twin", "game", "fn", "args"}       any other function of the twin, on plain values
//   {"op": "positioned", "game", "rules", "position", "ask"}  a table from a position: its
//       legal moves, outcome and view parts ("ask": which of them)
//   {"op": "perft", "game", "record", "depth"} leaf count of the move tree from the record
//   {"op": "module", "path", "fn", "args"}     a function of a shared module (local/deals.js)
// Errors answer {"error": message, "where"?: part}.

import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import path from "node:path";

const STATIC = path.resolve(process.argv[2]);
const { LocalService, RecordError } = await import(pathToFileURL(path.join(STATIC, "local/service.js")).href);

/** @type {Map<string, any>} */
const services = new Map();

/** Load the twin of `game` with its words. @param {string} game @param {any} texts */
async function load(game, texts) {
  const mod = await import(pathToFileURL(path.join(STATIC, "games", game, "twin.js")).href);
  const twin = mod.default;
  twin.useTexts(texts);
  services.set(game, new LocalService(twin));
  return { loaded: game };
}

/** The number of move sequences `depth` moves long from `table`.
 * @param {any} twin @param {any} table @param {number} depth @returns {number} */
function perft(twin, table, depth) {
  if (depth === 0) return 1;
  let total = 0;
  for (const text of twin.legal(table)) {
    const next = twin.copy(table);
    twin.push(next, twin.parseMove(next, text));
    total += perft(twin, next, depth - 1);
  }
  return total;
}

/** The answer to one request (see the top of this file). @param {any} req */
async function answer(req) {
  if (req.op === "load") return load(req.game, req.texts);
  if (req.op === "module") {
    // A function of a shared module (its path under static/js), on plain values.
    const mod = await import(pathToFileURL(path.join(STATIC, req.path)).href);
    return mod[req.fn](...(req.args || []));
  }
  const service = services.get(req.game);
  if (!service) return { error: `game ${req.game} not loaded` };
  const twin = service.twin;
  switch (req.op) {
    case "view":
      return service.recordView(req.record, req.score ?? null);
    case "move":
      return service.move(req.record, req.move, !!req.auto, req.score ?? null);
    case "explain": {
      const t = service.table(req.record);
      return req.moves.map((/** @type {string} */ text) => {
        let move;
        try {
          move = twin.parseMove(t.table, text);
        } catch (/** @type {any} */ err) {
          return { unreadable: String(err && err.message ? err.message : err) };
        }
        const r = twin.explain(t.table, move);
        return r ? r.code : null;
      });
    }
    case "position":
      return twin.position(service.table(req.record).table);
    case "positioned": {
      const table = twin.fromPosition(req.rules, req.position);
      /** @type {Record<string, unknown>} */
      const out = {};
      for (const what of req.ask) {
        if (what === "legal") out.legal = twin.legal(table);
        else if (what === "outcome") out.outcome = twin.outcome(table);
        else if (what === "position") out.position = twin.position(table);
      }
      return out;
    }
    case "perft":
      return perft(twin, service.table(req.record).table, req.depth);
    case "twin":
      return twin[req.fn](...(req.args || []));
    default:
      return { error: `unknown op ${req.op}` };
  }
}

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  if (!line.trim()) continue;
  let out;
  try {
    out = { ok: await answer(JSON.parse(line)) };
  } catch (/** @type {any} */ err) {
    out = err instanceof RecordError
      ? { error: err.detail, where: err.where }
      : { error: String(err && err.stack ? err.stack : err) };
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
}
