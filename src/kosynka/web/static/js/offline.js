// @ts-check
// The site as an app that opens offline: registers the service worker (/sw.js, made by the
// server from the registry of games: kosynka/web/routes/offline.py), and tells the page's code
// whether the browser is online. Imported by main.js for its effect; others use isOnline() and
// onConnectionChange().

/** @typedef {(online: boolean) => void} ConnectionListener */

/** True unless the browser knows it is offline (navigator.onLine false). True is no promise
 * that the server answers: a weak signal passes for online.
 * @returns {boolean} */
export function isOnline() {
  return typeof navigator === "undefined" || navigator.onLine !== false;
}

/** Call `listener` with the new state each time the browser goes offline or comes back.
 * @param {ConnectionListener} listener
 * @returns {() => void} a function that stops the calls */
export function onConnectionChange(listener) {
  const online = () => listener(true);
  const offline = () => listener(false);
  window.addEventListener("online", online);
  window.addEventListener("offline", offline);
  return () => {
    window.removeEventListener("online", online);
    window.removeEventListener("offline", offline);
  };
}

/** Register the service worker once the page has loaded (its first filling of the cache then
 * does not compete with the page's own files), and ask for a newer version whenever the
 * connection comes back. A browser without service workers (or one refusing them) plays
 * online only.
 * @returns {Promise<ServiceWorkerRegistration | null>} */
export async function register() {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return null;
  if (document.readyState !== "complete") await new Promise((ok) => window.addEventListener("load", ok, { once: true }));
  try {
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" });
    onConnectionChange((online) => {
      if (online) registration.update().catch(() => {});
    });
    return registration;
  } catch (err) {
    console.warn("kosynka: no service worker:", err instanceof Error ? err.message : err);
    return null;
  }
}

register();
