"""How long a tap takes to show, on a phone over a slow network, and how fast undo and redo are.

Starts the installed ``kosynka serve`` and Debian's chromium (Playwright) as a phone (360x740,
touch) and, in one run, plays Klondike Draw 1 by tapping the stock: the time from the tap
(``pointerdown``) to the moves counter's change, read in the page (``performance.now()``), for
each round-trip delay asked for (Chromium's network emulation, CDP
``Network.emulateNetworkConditions``), then with the network off (after one visit). Prints the
median and range of each and the ratio of each median to the one without added delay. The goal
(issue: the game runs in the browser): with 300 ms added, within 1.2x of none.

Then undo and redo in a long Spider game: a 4-suit deal played to ``--spider-moves`` moves from
the page (the moves are stored as a saved game, then undone and redone with the keyboard), the
time from the key to the counter's change, median and maximum (goal: under a frame, 16.7 ms).

    python bench/tap_latency.py [--taps 8] [--delays 0 150 300] [--spider-moves 500]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from typing import Any

from _server import free_port, start_server

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]

WATCH = """
window.__lat = [];
window.__t0 = null;
const arm = () => { window.__t0 = performance.now(); };
document.addEventListener("pointerdown", arm, true);
document.addEventListener("keydown", arm, true);
new MutationObserver(() => {
  if (window.__t0 === null) return;
  window.__lat.push(performance.now() - window.__t0);
  window.__t0 = null;
}).observe(document.getElementById("c-moves"),
  { childList: true, characterData: true, subtree: true });
"""


def taps(page: Any, n: int) -> list[float]:
    """Tap the stock ``n`` times, each a moment after the page showed the last; the latencies
    in ms."""
    page.evaluate(WATCH)
    stock = page.locator('#board [data-key="stock"], #board .slot[data-pile="stock"]').first
    for k in range(n):
        page.wait_for_timeout(600)  # apart, so that two taps are never taken for a double tap
        box = stock.bounding_box()
        page.mouse.click(box["x"] + 8, box["y"] + 8)
        page.wait_for_function(
            "(n) => window.__lat.length >= n", arg=k + 1, timeout=30000, polling=20
        )
    out: list[float] = page.evaluate("window.__lat")
    return out


def phone(browser: Any, base: str, path: str) -> tuple[Any, Any]:
    """A phone-sized page at ``path``, ready, and its CDP session."""
    ctx = browser.new_context(
        viewport={"width": 360, "height": 740}, has_touch=True, bypass_csp=True
    )
    page = ctx.new_page()
    page.goto(base + path)
    page.wait_for_selector("body[data-ready='1']")
    return ctx, page


def spider_record(moves: int, seed: int) -> dict[str, Any]:
    """A 4-suit Spider record of up to ``moves`` random legal moves (card moves mostly, row
    deals now and then) that never ends the game (the page would open its end dialog), played
    with the Python rules."""
    from kosynka.games.spider import Spider, SpiderRules

    rng = random.Random(seed)
    game = Spider(7, rules=SpiderRules(suits=4))
    played: list[str] = []
    while len(played) < moves:
        legal = [str(m) for m in game.legal_moves]
        cards = [m for m in legal if ">" in m]
        order = rng.sample(cards, len(cards)) + [m for m in legal if ">" not in m]
        if rng.random() > 0.9:
            order.reverse()
        for text in order:
            game.push(game.parse_move(text))
            if game.outcome() is None:
                played.append(text)
                break
            game.pop()
        else:
            break
    return {
        "game": "spider",
        "rules": {"suits": 4},
        "deal": {"number": 7, "numbering": "kpat", "source": "chosen"},
        "moves": played,
    }


def undo_redo(browser: Any, base: str, moves: int) -> tuple[int, list[float], list[float]]:
    """Open a saved Spider game of ``moves`` moves, undo 40 moves and redo them with the
    keyboard; the moves in the game and each undo's and redo's latency in ms."""
    rec = spider_record(moves, 1)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    saved = {"record": rec, "redo": [], "autos": [], "elapsed": 0, "counted": True}
    ctx.add_init_script(
        f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');"
        f" localStorage.setItem('kosynka.game.v1.spider-4', {json.dumps(json.dumps(saved))}); }}"
    )
    page = ctx.new_page()
    page.goto(base + "/spider/4-suits")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_function(
        "(n) => document.getElementById('c-moves').textContent === n",
        arg=str(len(rec["moves"])),
        polling=20,
    )
    page.evaluate(WATCH)
    undo: list[float] = []
    for k in range(40):
        page.wait_for_timeout(150)  # each on a page at rest, as a player's presses come
        page.keyboard.press("Control+z")
        page.wait_for_function("(n) => window.__lat.length >= n", arg=k + 1, polling=20)
    undo = page.evaluate("window.__lat.slice()")
    page.evaluate("window.__lat = []")
    for k in range(40):
        page.wait_for_timeout(150)
        page.keyboard.press("Control+y")
        page.wait_for_function("(n) => window.__lat.length >= n", arg=k + 1, polling=20)
    redo: list[float] = page.evaluate("window.__lat.slice()")
    ctx.close()
    return len(rec["moves"]), undo, redo


def line(name: str, xs: list[float], base: float | None) -> str:
    """One row of the table: median, range and ratio to ``base``."""
    med = statistics.median(xs)
    ratio = f"{med / base:5.2f}x" if base else "     "
    spread = f"range {min(xs):6.1f}-{max(xs):7.1f}"
    return f"{name:<22} median {med:7.1f} ms  {spread}  {ratio}  (n={len(xs)})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--taps", type=int, default=8)
    ap.add_argument("--delays", type=int, nargs="+", default=[0, 150, 300])
    ap.add_argument("--spider-moves", type=int, default=500)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    port = free_port()
    proc = start_server(port)
    base = f"http://127.0.0.1:{port}"
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            print(
                f"chromium {browser.version}, {base}, Klondike Draw 1 at 360x740, {args.taps} taps"
            )
            medians: dict[int, float] = {}
            for delay in args.delays:
                ctx, page = phone(browser, base, f"/klondike/draw-1/deal/{101 + delay}")
                cdp = ctx.new_cdp_session(page)
                cdp.send("Network.enable")
                cdp.send(
                    "Network.emulateNetworkConditions",
                    {
                        "offline": False,
                        "latency": delay,
                        "downloadThroughput": -1,
                        "uploadThroughput": -1,
                    },
                )
                xs = taps(page, args.taps)
                medians[delay] = statistics.median(xs)
                print(line(f"+{delay} ms round trip", xs, medians.get(args.delays[0])))
                ctx.close()
            ctx, page = phone(browser, base, "/klondike/draw-1/deal/99")
            page.wait_for_timeout(1500)  # the service worker keeps the page's files
            ctx.set_offline(True)
            xs = taps(page, args.taps)
            print(line("network off", xs, medians.get(args.delays[0])))
            ctx.close()
            n, undo, redo = undo_redo(browser, base, args.spider_moves)
            print(f"Spider 4 suits, a {n}-move game, 40 undos then 40 redos (Ctrl+Z, Ctrl+Y):")
            print(line("undo", undo, None))
            print(line("redo", redo, None))
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
