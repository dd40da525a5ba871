// The JSON API: every call carries the game record; the server answers with the view.

/** Raised when the server refuses a request; `status` and `message` say why. */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function post(path, body) {
  let res;
  try {
    res = await fetch(`/api/klondike/${path}`, {
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
  if (!res.ok) throw new ApiError(res.status, (data && data.message) || `HTTP ${res.status}`);
  return data;
}

export const api = {
  view: (record) => post("view", { record }),
  move: (record, move, auto) => post("move", { record, move, auto: !!auto }),
  newGame: (rules, source, exclude) => post("new", { rules, source, exclude }),
  hint: (record) => post("hint", { record }),
  collect: (record) => post("collect", { record }),
};
