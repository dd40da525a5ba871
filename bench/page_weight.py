"""Page weight and first render of the browser game in headless Chromium on localhost.

Loads the game from a real ``kosynka serve`` in Debian's chromium (Playwright) several times
with an empty cache and prints: the bytes of every file the first page fetched (HTML, JS, CSS,
SVG, the game's rules and data for the browser; uncompressed, and as sent: the server gzips
pages and static files), what the service worker fetched besides to keep for playing offline
(every game's), the totals of every page measured (each game's page and a deal of the day's),
the first contentful paint, and the time until the dealt table is drawn (on the first page).
Times are from navigation start, read from the page's own performance entries (the game marks
``kosynka-shown`` once the frame with the dealt table has been produced). Goals: a first visit
under 250 KB sent, the offline keep included, and the table drawn under 300 ms.

    python bench/page_weight.py [--runs 5] [--paths /klondike/draw-1/deal/9 ...]
"""

from __future__ import annotations

import argparse
import signal
import statistics
import subprocess
import sys
from typing import Any

from _server import free_port, start_server

CHROMIUM = "/usr/bin/chromium"
PATHS = [
    "/klondike/draw-1/deal/9",
    "/freecell/deal/1",
    "/spider/2-suits/deal/1",
    "/daily/2026-12-01/klondike/draw-3/hard",
]
"""Each game's page at a deal's address, and a deal of the day's."""


def sent_size(request: Any) -> int:
    """The bytes of a request's answer's body as the server sent them (chromium reports no size,
    a negative one, for an answer the service worker took from the browser's cache: nothing
    was sent)."""
    size: int = request.sizes()["responseBodySize"]
    return max(size, 0)


def kept_offline(page: Any) -> None:
    """Wait until the service worker controls the page and has filled its cache."""
    for _ in range(500):  # the page's CSP forbids wait_for_function's eval
        if page.evaluate("() => !!navigator.serviceWorker.controller"):
            break
        page.wait_for_timeout(10)
    page.wait_for_load_state("networkidle")


def weigh(browser: Any, base: str, path: str) -> tuple[dict[str, tuple[int, int]], tuple[int, int]]:
    """Load ``path`` once in a fresh context: each file it fetched, and each the service worker
    fetched to keep (the API's answers left out), with its bytes uncompressed and as sent, and
    the totals (the service worker's are as sent only: its bodies are not readable)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    seen: list[Any] = []
    ctx.on("requestfinished", lambda req: seen.append(req))
    page = ctx.new_page()
    page.goto(base + path)
    page.wait_for_selector("body[data-ready='1']")
    kept_offline(page)
    files: dict[str, tuple[int, int]] = {}
    for r in seen:
        if "/api/" in r.url:
            continue
        keep = r.service_worker is not None
        name = ("(kept) " if keep else "") + r.url.replace(base, "")
        files[name] = (0 if keep else len(r.response().body()), sent_size(r))
    ctx.close()
    return files, (sum(a for a, _ in files.values()), sum(b for _, b in files.values()))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--paths", nargs="+", default=PATHS, help="pages to weigh (timed: the first)")
    args = ap.parse_args()
    if not 1 <= args.runs <= 50:
        ap.error("runs must be 1..50")
    from playwright.sync_api import sync_playwright

    port = free_port()
    proc = start_server(port)
    base = f"http://127.0.0.1:{port}"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=CHROMIUM,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
            )
            files: dict[str, tuple[int, int]] = {}
            totals: dict[str, tuple[int, int]] = {}
            fcp: list[float] = []
            ready: list[float] = []
            after_html: list[float] = []
            for path in args.paths[1:]:
                totals[path] = weigh(browser, base, path)[1]
            for run in range(args.runs):
                ctx = browser.new_context(viewport={"width": 1280, "height": 800})
                sizes: dict[str, tuple[int, int]] = {}

                def on_finished(req, sizes=sizes):  # type: ignore[no-untyped-def]
                    if "/api/" not in req.url:
                        sent = sent_size(req)
                        if req.service_worker is not None:
                            sizes["(kept) " + req.url.replace(base, "")] = (0, sent)
                        else:
                            body = len(req.response().body())
                            sizes[req.url.replace(base, "")] = (body, sent)

                ctx.on("requestfinished", on_finished)
                page = ctx.new_page()
                page.goto(base + args.paths[0])
                page.wait_for_selector("body[data-ready='1']")
                kept_offline(page)
                t_fcp = page.evaluate(
                    "() => (performance.getEntriesByName('first-contentful-paint')[0]"
                    " || {startTime: NaN}).startTime"
                )
                for _ in range(200):  # the page's CSP forbids wait_for_function's eval
                    if page.evaluate("() => performance.getEntriesByName('kosynka-shown').length"):
                        break
                    page.wait_for_timeout(10)
                t_ready = page.evaluate(
                    "() => performance.getEntriesByName('kosynka-shown')[0].startTime"
                )
                t_html = page.evaluate(
                    "() => performance.getEntriesByType('navigation')[0].responseEnd"
                )
                fcp.append(float(t_fcp))
                ready.append(float(t_ready))
                after_html.append(float(t_ready) - float(t_html))
                if run == 0:
                    files = dict(sizes)
                ctx.close()
            browser.close()
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
    own = {u: v for u, v in files.items() if not u.startswith("(kept) ")}
    total = sum(size for size, _ in own.values())
    sent = sum(gz for _, gz in own.values())
    kept = sum(gz for u, (_, gz) in files.items() if u.startswith("(kept) "))
    print(f"{'bytes':>8}  {'sent':>7}  {args.paths[0]}")
    for url, (size, gz) in sorted(files.items()):
        print(f"{size:>8}  {gz:>7}  {url}")
    print(f"{total:>8}  {sent:>7}  the page's own files ({total / 1024:.1f} KB unpacked)")
    print(f"{'':>8}  {kept:>7}  what the service worker fetched besides, to keep for offline play")
    print(f"{'':>8}  {sent + kept:>7}  sent in all ({(sent + kept) / 1024:.1f} KB; goal < 250 KB)")
    for path, (size, gz) in totals.items():
        print(f"{size:>8}  {gz:>7}  {path} (every file it loads)")
    print(
        f"first contentful paint: median {statistics.median(fcp):.0f} ms "
        f"(min {min(fcp):.0f}, max {max(fcp):.0f}) over {len(fcp)} cold loads"
    )
    print(
        f"table dealt and drawn:  median {statistics.median(ready):.0f} ms "
        f"(min {min(ready):.0f}, max {max(ready):.0f}); goal < 300 ms"
    )
    print(
        f"  of which after the HTML arrived: median {statistics.median(after_html):.0f} ms "
        "(the rest is the browser opening a fresh context)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
