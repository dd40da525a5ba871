// The JSON API of one game (/api/<game>/...): every call carries the game record; the server
// answers with the view.

/** Raised when the server refuses a request; `status` and `message` say why. */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** How long a refusal (429) asks the page to wait, in ms (its Retry-After; 1 s if it names none). */
function retryAfter(res) {
  const s = Number(res.headers.get("Retry-After"));
  return Number.isFinite(s) && s > 0 ? s * 1000 : 1000;
}

/** POST `body` to `url` (GET without one) and return the answer's JSON. A request the server
 * turns away because this address is over its share for the moment (429) waits as long as the
 * answer asks and is sent again, while the waits come to at most 8 s in all: the player sees
 * the page think, not the server's limit. */
async function post(url, body) {
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
      throw new ApiError(0, String(err && err.message ? err.message : err));
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

/** The API calls of the game called `game` (its name in the registry: /api/<name>/...);
 * `score` (a score request: the scoring, seconds, undos, hints, carry) has the answer's view
 * scored. */
export function makeApi(game) {
  const at = (path) => `/api/${game}/${path}`;
  return {
    view: (record, score) => post(at("view"), { record, score }),
    move: (record, move, auto, score) => post(at("move"), { record, move, auto: !!auto, score }),
    newGame: (rules, source, exclude, numbering, score) => post(at("new"), { rules, source, exclude, numbering, score }),
    /** The deal of the day: `query` the date, the grade, the variant and the scoring. */
    daily: (query) => post(`${at("daily")}?${new URLSearchParams(query)}`),
    hint: (record) => post(at("hint"), { record }),
    collect: (record) => post(at("collect"), { record }),
    analysis: (record) => post(at("analysis"), { record }),
    sources: (rules) => post(at("sources"), { rules }),
  };
}
