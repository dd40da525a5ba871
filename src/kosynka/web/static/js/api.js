// @ts-check
// The API of one game, as the controller calls it. What the rules can answer is answered in the
// browser, in a worker (local/worker.js: views, moves, new deals, deals of the day, graded
// sources), so a tap never waits for the network; what needs the solver or a search the
// browser cannot afford (hints, collect's proof, the analysis) goes to the server
// (/api/<game>/...). A game without rules in the browser is asked of the server for everything.

/** Raised when a request is refused; `status` and `message` say why (0: no network). */
export class ApiError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/** A query string of `query`'s values as the server reads them (kosynka.web.schemas.query_text):
 * null (no limit: unlimited passes) as `unlimited`, the rest as their text.
 * @param {Record<string, any>} query */
export const queryString = (query) =>
  new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, v === null ? "unlimited" : String(v)])).toString();

/** How long a refusal (429) asks the page to wait, in ms (its Retry-After; 1 s if it names none).
 * @param {Response} res */
function retryAfter(res) {
  const s = Number(res.headers.get("Retry-After"));
  return Number.isFinite(s) && s > 0 ? s * 1000 : 1000;
}

/** POST `body` to `url` (GET without one) and return the answer's JSON. A request the server
 * turns away because this address is over its share for the moment (429) waits as long as the
 * answer asks and is sent again, while the waits come to at most 8 s in all: the player sees
 * the page think, not the server's limit.
 * @param {string} url @param {unknown} [body] @returns {Promise<any>} */
async function post(url, body) {
  // Known to be offline: said at once, without a request that cannot go out.
  if (typeof navigator !== "undefined" && navigator.onLine === false) throw new ApiError(0, "offline");
  let waited = 0;
  for (;;) {
    let res;
    try {
      res = await fetch(url, body === undefined ? {} : {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    } catch (err) {
      throw new ApiError(0, String(err instanceof Error ? err.message : err));
    }
    let data = null;
    try {
      data = await res.json();
    } catch (_) {
      data = null;
    }
    if (res.status === 429 && waited + retryAfter(res) <= 8000) {
      waited += retryAfter(res);
      await sleep(retryAfter(res));
      continue;
    }
    if (!res.ok) throw new ApiError(res.status, (data && data.message) || `HTTP ${res.status}`);
    return data;
  }
}

// ------------------------------------------------------------------ the worker
/** @type {Worker|null} */
let worker = null;
let nextId = 1;
/** @type {Map<number, {resolve: (v: any) => void, reject: (e: any) => void}>} */
const waiting = new Map();

/** The page's worker, started on first use (null where workers cannot start). */
function theWorker() {
  if (worker) return worker;
  try {
    worker = new Worker(new URL("./local/worker.js", import.meta.url), { type: "module" });
  } catch (_) {
    return null;
  }
  worker.addEventListener("message", (e) => {
    const { id, ok, error } = e.data;
    const w = waiting.get(id);
    if (!w) return;
    waiting.delete(id);
    if (error) w.reject(new ApiError(error.status, error.message));
    else w.resolve(ok);
  });
  worker.addEventListener("error", (e) => {
    console.warn("kosynka: the rules' worker failed:", e.message);
    for (const w of waiting.values()) w.reject(new ApiError(404, "the rules' worker failed"));
    waiting.clear();
    worker = null;
  });
  return worker;
}

/** Ask the worker for `op` of `game`. @param {string} game @param {string} op @param {unknown[]} args
 * @returns {Promise<any>} */
function local(game, op, args) {
  const w = theWorker();
  if (!w) return Promise.reject(new ApiError(404, "no worker"));
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    w.postMessage({ id, game, op, args });
  });
}

/** Games whose rules the browser has not got: asked of the server. */
const remoteOnly = new Set();

/** `op` answered in the browser, or by the server (`remote()`) when the game has no rules
 * here. @param {string} game @param {string} op @param {unknown[]} args @param {() => Promise<any>} remote */
async function either(game, op, args, remote) {
  if (remoteOnly.has(game)) return remote();
  try {
    return await local(game, op, args);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      remoteOnly.add(game);
      return remote();
    }
    throw err;
  }
}

/** A view the rules alone cannot tell a collect for (every card in sight, but no plain line
 * home): the server's solver is asked in the background when the network is there, and a
 * `kosynka:collect` event (detail: the record) tells the page when it proves one.
 * @param {string} game @param {any} record @param {any} view */
function askCollect(game, record, view) {
  if (!view || !view.collectAsk || !navigator.onLine) return;
  post(`/api/${game}/collect`, { record }).then(
    (res) => {
      if (res && res.available) dispatchEvent(new CustomEvent("kosynka:collect", { detail: record }));
    },
    () => {},
  );
}

/** Games whose rules the worker was asked to load. */
const warmed = new Set();

/** Have the worker load `game`'s rules and deal data now (once), so that the first view does
 * not wait for them: the page calls it before its own modules load.
 * @param {string} game */
export function warm(game) {
  if (warmed.has(game)) return;
  warmed.add(game);
  either(game, "warm", [], () => Promise.resolve(false)).catch((err) => console.warn("kosynka: the rules in the browser:", err.message));
}

/** The API calls of the game called `game` (its name in the registry: /api/<name>/...);
 * `score` (a score request: the scoring, seconds, undos, hints, carry) has the answer's view
 * scored.
 * @param {string} game */
export function makeApi(game) {
  warm(game); // the rules and the deal data as the page starts, not at the first tap
  const at = (/** @type {string} */ path) => `/api/${game}/${path}`;
  return {
    /** @param {any} record @param {any} [score] */
    view: async (record, score) => {
      const res = await either(game, "view", [record, score], () => post(at("view"), { record, score }));
      askCollect(game, record, res.view);
      return res;
    },
    /** @param {any} record @param {string} move @param {boolean} auto @param {any} [score] */
    move: async (record, move, auto, score) => {
      const res = await either(game, "move", [record, move, !!auto, score], () => post(at("move"), { record, move, auto: !!auto, score }));
      if (res.accepted) askCollect(game, { ...record, moves: [...record.moves, ...res.applied] }, res.view);
      return res;
    },
    /** Why each of `moves` would be refused in the record's position, none of them made: the
     * rule's reason ({code, en, ru}), or null for a legal move (the server's /move, asked
     * move by move, where the browser has not got the rules).
     * @param {any} record @param {string[]} moves @returns {Promise<({code: string, en: string, ru: string}|null)[]>} */
    explain: (record, moves) =>
      either(game, "explain", [record, moves], () =>
        Promise.all(moves.map(async (move) => {
          const res = await post(at("move"), { record, move, auto: false });
          return res.accepted ? null : res.reason;
        }))),
    /** The refusal called `name` in the game's reasons module, in both languages (its words
     * are the game's texts, /texts/<game>.json). @param {string} name
     * @returns {Promise<{code: string, en: string, ru: string}>} */
    reason: (name) =>
      either(game, "reason", [name], async () => {
        const texts = await post(`/texts/${game}.json`);
        const r = texts && texts.reasons && texts.reasons[name];
        if (!r) throw new ApiError(404, `no reason called ${name}`);
        return r;
      }),
    /** @param {any} rules @param {string} source @param {any[]} exclude @param {string|undefined} numbering @param {any} [score] */
    newGame: (rules, source, exclude, numbering, score) =>
      either(game, "new", [{ rules, source, exclude, numbering, score }], () => post(at("new"), { rules, source, exclude, numbering, score })),
    /** The deal of the day: `query` the date, the grade, the variant and the scoring.
     * @param {Record<string, any>} query */
    daily: (query) => either(game, "daily", [query], () => post(`${at("daily")}?${queryString(query)}`)),
    /** @param {any} record */
    hint: (record) => post(at("hint"), { record }),
    /** @param {any} record */
    collect: async (record) =>
      (await either(game, "collect", [record], () => Promise.resolve(null))) || post(at("collect"), { record }),
    /** @param {any} record */
    analysis: (record) => post(at("analysis"), { record }),
    /** @param {any} rules */
    sources: (rules) => either(game, "sources", [rules], () => post(at("sources"), { rules })),
  };
}
