"""Pictures of each game for the README: on a phone (360 x 740) and on a laptop (1280 x 800).

    .venv/bin/python scripts/screenshots.py [--out docs/screenshots] [--chromium /usr/bin/chromium]

Starts ``kosynka serve`` on a free loopback port and opens each game in Debian's chromium
(driven by Playwright) with a game in progress: the first part of the solver's winning line of a
chosen deal, put in the page's storage as a player's own game is kept, so the page shows it as a
player returning to it would see it. Writes ``<game>-phone.png`` and ``<game>-laptop.png``:
small PNGs (the laptop's drawn at three quarters of its size, every picture in 256 colours).
The pictures are made here, never by the test run; run this again when the page's looks change.
"""

from __future__ import annotations

import argparse
import base64
import json
import shutil
import socket
import struct
import subprocess
import sys
import time
import urllib.request
import zlib
from collections import Counter
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from kosynka import Klondike, KlondikeRules
from kosynka.games.base import Game
from kosynka.games.freecell import FreeCell
from kosynka.games.spider import Spider, SpiderRules
from kosynka.solver import solve

ROOT = Path(__file__).resolve().parent.parent
DEVICES = {"phone": (360, 740, 1.0, True), "laptop": (1280, 800, 0.75, False)}
"""Each picture's window (width, height in CSS px), the scale it is drawn at and whether it is a
touch screen."""


def games() -> list[tuple[str, str, str, Game[Any], dict[str, Any], float]]:
    """Each game's name, page, storage key, deal, rules (as the page keeps them) and how far
    into the solver's line the picture is taken."""
    return [
        ("klondike", "/klondike", "kosynka.game.v1",
         Klondike(9, rules=KlondikeRules(draw=1), numbering="pysol"),
         {"draw": 1, "passes": None, "foundation_return": True}, 0.4),
        ("freecell", "/freecell", "kosynka.game.v1.freecell", FreeCell(5),
         {"cells": 4, "foundation_return": True}, 0.35),
        ("spider", "/spider/2-suits", "kosynka.game.v1.spider-2",
         Spider(10, rules=SpiderRules(suits=2)), {"suits": 2}, 0.45),
    ]  # fmt: skip


def saved_game(game: Game[Any], rules: dict[str, Any], share: float) -> dict[str, Any]:
    """The page's saved game: ``game``'s deal with the first ``share`` of the solver's line."""
    line = solve(game).moves
    if not line:
        raise SystemExit(f"no winning line for {game.name} deal {game.deal_number}")
    moves = [str(m) for m in line[: round(len(line) * share)]]
    record = {
        "game": game.name,
        "rules": rules,
        "deal": {"number": game.deal_number, "numbering": game.numbering, "source": "chosen"},
        "moves": moves,
    }
    return {"record": record, "counted": True, "elapsed": 143_000}


# ---------------------------------------------------------------------------- the server
def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(port: int) -> subprocess.Popen[bytes]:
    """``kosynka serve`` (the command beside this Python, else on PATH), once it answers."""
    beside = Path(sys.executable).parent / "kosynka"
    command = str(beside) if beside.exists() else shutil.which("kosynka")
    if command is None:
        raise SystemExit("no kosynka command: install the package first (pip install -e .)")
    proc = subprocess.Popen(
        [command, "serve", "--port", str(port), "--workers", "1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/openapi.json", timeout=1):
                return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("kosynka serve did not answer within 30 s")


# ---------------------------------------------------------------------------- small PNGs
def palette(pixels: Counter[int], size: int = 256) -> list[tuple[int, int, int]]:
    """At most ``size`` colours for a picture of ``pixels`` (how many pixels of each colour of 5
    bits a channel, keyed r << 10 | g << 5 | b): median cut, the box with the widest channel
    (the one with more pixels first) cut at its median, each box's colour the mean of its
    pixels (8 bits a channel). Widest first, not most pixels first: a few red suits or a gold
    badge keep colours of their own beside the many shades of the felt."""

    def red(k: int) -> int:
        return k >> 10

    def green(k: int) -> int:
        return (k >> 5) & 31

    def blue(k: int) -> int:
        return k & 31

    chan = (red, green, blue)

    def measured(box: list[int]) -> tuple[tuple[int, int], int, list[int]]:
        spreads = [max(map(f, box)) - min(map(f, box)) for f in chan]
        axis = max(range(3), key=lambda a: spreads[a])
        return (spreads[axis], sum(pixels[k] for k in box)), axis, box

    boxes = [measured(list(pixels))]
    while len(boxes) < size:
        best = max(range(len(boxes)), key=lambda i: boxes[i][0])
        (spread, _), axis, box = boxes[best]
        if spread == 0:
            break
        box = sorted(box, key=chan[axis])
        half, run, cut = sum(pixels[k] for k in box) / 2, 0, 1
        for j, k in enumerate(box[:-1]):
            run += pixels[k]
            if run >= half:
                cut = j + 1
                break
        boxes[best : best + 1] = [measured(box[:cut]), measured(box[cut:])]
    out = []
    for _, _, box in boxes:
        n = sum(pixels[k] for k in box)
        r, g, b = (round(sum((f(k) * 8 + 4) * pixels[k] for k in box) / n) for f in chan)
        out.append((r, g, b))
    return out


def nearest(colours: list[tuple[int, int, int]], keys: Counter[int]) -> dict[int, int]:
    """Each colour of ``keys`` (5 bits a channel) mapped to the index of its nearest colour."""
    out = {}
    for k in keys:
        r, g, b = (k >> 10) * 8 + 4, ((k >> 5) & 31) * 8 + 4, (k & 31) * 8 + 4
        out[k] = min(
            range(len(colours)),
            key=lambda i: sum((c - v) ** 2 for c, v in zip(colours[i], (r, g, b), strict=True)),
        )
    return out


def small_png(width: int, height: int, rgba: bytes) -> bytes:
    """A PNG of 256 colours (or fewer) of an RGBA picture."""
    keys = [
        (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
        for r, g, b in zip(rgba[0::4], rgba[1::4], rgba[2::4], strict=True)
    ]
    pixels = Counter(keys)
    colours = palette(pixels)
    index = nearest(colours, pixels)
    indexed = bytes(index[k] for k in keys)
    rows = b"".join(b"\0" + indexed[y * width : (y + 1) * width] for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    return b"".join([
        b"\x89PNG\r\n\x1a\n",
        chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
        chunk(b"PLTE", b"".join(bytes(c) for c in colours)),
        chunk(b"IDAT", zlib.compress(rows, 9)),
        chunk(b"IEND", b""),
    ])  # fmt: skip


_PIXELS = """async (url) => {
  const img = new Image();
  img.src = url;
  await img.decode();
  const c = document.createElement('canvas');
  c.width = img.naturalWidth;
  c.height = img.naturalHeight;
  const g = c.getContext('2d');
  g.drawImage(img, 0, 0);
  const d = g.getImageData(0, 0, c.width, c.height).data;
  let s = '';
  for (let i = 0; i < d.length; i += 0x8000)
    s += String.fromCharCode.apply(null, d.subarray(i, i + 0x8000));
  return [c.width, c.height, btoa(s)];
}"""
"""A PNG (by its data: address) as its width, height and RGBA pixels (base64)."""


# ---------------------------------------------------------------------------- the pictures
def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    server = serve(port)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"])
            for name, path, key, game, rules, share in games():
                saved = saved_game(game, rules, share)
                for device, (width, height, scale, touch) in DEVICES.items():
                    ctx = browser.new_context(
                        viewport={"width": width, "height": height}, device_scale_factor=scale,
                        has_touch=touch, reduced_motion="reduce", locale="en-GB",
                    )  # fmt: skip
                    ctx.add_init_script(
                        f"localStorage.setItem({json.dumps(key)}, {json.dumps(json.dumps(saved))});"
                    )
                    page = ctx.new_page()
                    page.goto(f"http://127.0.0.1:{port}{path}")
                    page.wait_for_selector("body[data-ready='1']")
                    moves = str(len(saved["record"]["moves"]))
                    page.wait_for_function(
                        "n => document.getElementById('c-moves').textContent === n", arg=moves
                    )
                    page.wait_for_timeout(300)
                    shot = base64.b64encode(page.screenshot()).decode()
                    w, h, data = page.evaluate(_PIXELS, f"data:image/png;base64,{shot}")
                    out = args.out / f"{name}-{device}.png"
                    out.write_bytes(small_png(w, h, base64.b64decode(data)))
                    print(f"{out.relative_to(ROOT)}: {w} x {h}, {out.stat().st_size // 1024} KB")
                    ctx.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
