// kosynka's service worker, at /sw.js (scope /). The server fills in CONFIG from the registry
// of games (kosynka/web/routes/offline.py): this version's name, what it keeps, and which cached
// page answers each of the games' page addresses. With it the site opens and plays offline
// after one visit:
//   * the static files (their addresses carry the version): the cache first;
//   * pages, the games' data files (/texts/<game>.json, /deals/<game>.json) and the manifest:
//     the network first, so that a new version of the site shows at once; the cache when the
//     network fails, answers with a server error or is slower than CONFIG.wait ms;
//   * the rules pages are kept once opened (the rest at install);
//   * a page address kept nowhere (a deal, a deal of the day, a variant) gets its game's page
//     (the shell reads the address itself), or a short note when nothing fits;
//   * the API (/api/...) and other sites are left alone: their answers are never kept.
// Any change to what is kept is a new version and so a new script: it fills a cache of its own
// name, takes over at once (skipWaiting, clients.claim) and deletes older versions' caches.

const CONFIG = {{config}};

const PREFIX = "kosynka-";
const CACHE = PREFIX + CONFIG.version;
const FRESH = new Set(CONFIG.fresh);
const OPENED = new Set(CONFIG.opened);
const ROUTES = CONFIG.routes.map(([source, target]) => [new RegExp(source), target]);
const OFFLINE = `<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>kosynka</title></head>
<body style="font: 1.1rem system-ui, sans-serif; margin: 2rem; color: #f4f7f2; background: #0a4f2d">
<p>No connection, and this page is not kept for playing offline.</p>
<p lang="ru">Нет связи, а эта страница не сохранена для игры без сети.</p>
<p><a href="/" style="color: #ffcf40">kosynka</a></p></body></html>`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // A static file's address names its version (its content never changes), so the copy
      // the page has just loaded serves; anything else is asked again of the server ("no-cache":
      // an unchanged one answers 304 without its body), so that what is kept is exactly what
      // this version serves.
      // The rules pages are kept once opened (see keepOpened).
      .then((cache) =>
        cache.addAll(
          CONFIG.precache
            .filter((url) => !OPENED.has(url))
            .map((url) => new Request(url, { cache: url.startsWith("/static/") ? "default" : "no-cache" })),
        ),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") event.respondWith(keepOpened(url.pathname, networkFirst(request, () => pageFor(url.pathname))));
  else if (url.pathname.startsWith("/static/")) event.respondWith(cacheFirst(request));
  else if (FRESH.has(url.pathname)) event.respondWith(networkFirst(request, () => kept(url.pathname)));
});

/** This version's copy of `key` (an address or a request), or undefined.
 * @param {RequestInfo} key
 * @returns {Promise<Response | undefined>} */
async function kept(key) {
  const cache = await caches.open(CACHE);
  return cache.match(key, { ignoreVary: true });
}

/** @param {Request} request @returns {Promise<Response>} */
async function cacheFirst(request) {
  return (await kept(request)) || fetch(request);
}

/** The network's answer, unless it fails, is a server error or takes longer than CONFIG.wait
 * ms: then `fallback()`'s copy if there is one (else the network's answer after all).
 * @param {Request} request
 * @param {() => Promise<Response | undefined>} fallback
 * @returns {Promise<Response>} */
async function networkFirst(request, fallback) {
  const network = fetch(request).catch(() => null);
  const first = await Promise.race([network, new Promise((ok) => setTimeout(ok, CONFIG.wait))]);
  if (first && first.status < 500) return first;
  const copy = await fallback();
  if (copy) return copy;
  const last = first === undefined ? await network : first;
  if (last) return last;
  if (request.mode !== "navigate") return Response.error();
  return new Response(OFFLINE, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

/** `answer`, and a copy kept when `path` is a page this version keeps once opened (a rules
 * page) and the server answered it.
 * @param {string} path @param {Promise<Response>} answer @returns {Promise<Response>} */
async function keepOpened(path, answer) {
  const response = await answer;
  if (OPENED.has(path) && response.ok) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(path, copy));
  }
  return response;
}

/** The kept page for a page address: its own copy, else the page its pattern names.
 * @param {string} path
 * @returns {Promise<Response | undefined>} */
async function pageFor(path) {
  const own = await kept(path);
  if (own) return own;
  for (const [pattern, target] of ROUTES) {
    if (pattern.test(path)) return kept(typeof target === "string" ? target : target[language()] || Object.values(target)[0]);
  }
  return undefined;
}

/** "ru" when the browser ranks Russian above English, else "en" (as the server's /rules).
 * @returns {string} */
function language() {
  const tags = (self.navigator.languages || [self.navigator.language || ""]).map((t) => String(t).toLowerCase().split("-")[0]);
  const ru = tags.indexOf("ru");
  const en = tags.indexOf("en");
  return ru >= 0 && (en < 0 || ru < en) ? "ru" : "en";
}
