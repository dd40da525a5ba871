// @ts-check
// The page's worker: answers the game's requests (local/play.js) off the page's thread, so a
// dead-end search or a long replay never holds up a frame. A message {id, game, op, args} is
// answered {id, ok} or {id, error: {status, message}}: 409 for a record the rules cannot
// replay (as the server answers), 404 when the game has no rules in the browser (the page
// asks the server then), 0 when a file could not be fetched (offline before the first visit).

import { RecordError } from "./service.js";
import { Unavailable, answer } from "./play.js";

/** @param {MessageEvent} event */
async function onMessage(event) {
  const { id, game, op, args } = event.data;
  try {
    postMessage({ id, ok: await answer(game, op, args) });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const status = err instanceof RecordError ? 409 : err instanceof Unavailable ? err.status : 400;
    postMessage({ id, error: { status, message } });
  }
}

addEventListener("message", (e) => void onMessage(/** @type {MessageEvent} */ (e)));
