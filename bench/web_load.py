"""Load on loopback: simulated players play whole games through the JSON API of a real
``kosynka serve`` (uvicorn) and we measure requests per second and the latency of a move.

Each player keeps its game record as the browser does, sends it with every move, and picks its
next move from the legal moves in the view (a card home when it can, else a random card move or
a draw). A game ends when it is won or stuck or after ``--max-moves``; then a new one starts.

    python bench/web_load.py                       # 50 and 200 players, 2 workers, 20 s each
    python bench/web_load.py --players 200 --workers 2 --think 1.0 --duration 30

``--think`` is the mean pause between one player's moves (0 = as fast as possible: every
player is always waiting on the server, which measures saturation rather than real play); with
a think time the players also arrive spread over the first few seconds.
The client is a small hand-written HTTP/1.1 keep-alive client so that it costs little of the
CPU the server also needs (client and server share this machine's cores).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from _server import free_port, start_server


class Conn:
    """One keep-alive HTTP/1.1 connection that posts JSON and reads JSON."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: dict[str, Any]) -> tuple[int, Any]:
        data = json.dumps(body, separators=(",", ":")).encode()
        head = (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(data)}\r\n\r\n"
        ).encode()
        for _ in range(2):  # the server closes idle keep-alive connections: reconnect once
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            assert self.reader is not None
            self.writer.write(head + data)
            try:
                status_line = await self.reader.readline()
            except ConnectionError:
                status_line = b""
            if status_line:
                break
            self.close()
        else:
            raise ConnectionError("the server closed the connection twice")
        assert self.reader is not None
        status = int(status_line.split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            k, _, v = line.decode().partition(":")
            if k.lower() == "content-length":
                length = int(v)
        payload = await self.reader.readexactly(length)
        return status, json.loads(payload)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


@dataclass
class Stats:
    """What the players measured."""

    move_ms: list[float] = field(default_factory=list)
    requests: int = 0
    games: int = 0
    won: int = 0
    errors: int = 0


def choose(view: dict[str, Any], rng: random.Random) -> str:
    """A simple player's next move from the view's legal moves."""
    legal = view["legal"]
    home = [m for m in legal if m.endswith(">f")]
    if home:
        return home[0]
    cards = [m for m in legal if ">" in m]
    stock = [m for m in legal if m in ("s", "r")]
    if cards and (not stock or rng.random() < 0.35):
        return rng.choice(cards)
    return stock[0] if stock else rng.choice(cards)


async def player(
    port: int, stop_at: float, think: float, max_moves: int, seed: int, stats: Stats
) -> None:
    """Play games until ``stop_at``."""
    rng = random.Random(seed)
    conn = Conn(port)
    if think:  # players arrive over a few seconds, not all in the same millisecond
        await asyncio.sleep(rng.uniform(0, min(5.0, 2 * think)))
    try:
        while time.monotonic() < stop_at:
            status, res = await conn.post(
                "/api/klondike/new", {"source": "random", "rules": {"draw": rng.choice((1, 3))}}
            )
            stats.requests += 1
            if status != 200:
                stats.errors += 1
                return
            record, view = res["record"], res["view"]
            stats.games += 1
            while time.monotonic() < stop_at and view["outcome"] is None:
                if len(record["moves"]) >= max_moves or not view["legal"]:
                    break
                if think:
                    await asyncio.sleep(rng.expovariate(1 / think))
                move = choose(view, rng)
                t0 = time.perf_counter()
                status, res = await conn.post(
                    "/api/klondike/move", {"record": record, "move": move}
                )
                stats.move_ms.append((time.perf_counter() - t0) * 1000)
                stats.requests += 1
                if status != 200 or not res["accepted"]:
                    stats.errors += 1
                    break
                record["moves"].extend(res["applied"])
                view = res["view"]
            if view["outcome"] == "won":
                stats.won += 1
    finally:
        conn.close()


async def run(port: int, players: int, duration: float, think: float, max_moves: int) -> Stats:
    """Run ``players`` players for ``duration`` seconds."""
    stats = Stats()
    stop_at = time.monotonic() + duration
    await asyncio.gather(
        *(player(port, stop_at, think, max_moves, seed, stats) for seed in range(players))
    )
    return stats


def pct(values: list[float], q: float) -> float:
    """The q-th percentile (0..100)."""
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, round(q / 100 * (len(s) - 1)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, nargs="+", default=[50, 200])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--duration", type=float, default=20.0, help="seconds per run (max 120)")
    ap.add_argument("--think", type=float, default=0.0, help="mean pause between moves (s)")
    ap.add_argument("--max-moves", type=int, default=300)
    args = ap.parse_args()
    if not 1 <= args.workers <= 16 or not 1 <= args.duration <= 120:
        ap.error("workers must be 1..16 and duration 1..120 s")
    if any(not 1 <= p <= 1000 for p in args.players):
        ap.error("players must be 1..1000")
    port = free_port()
    proc = start_server(port, args.workers)
    try:
        print(
            f"kosynka serve, {args.workers} worker(s), {os.cpu_count()} CPUs, "
            f"think {args.think} s, {args.duration:.0f} s per run"
        )
        print(f"{'players':>8} {'req/s':>8} {'moves':>8} {'p50 ms':>8} {'p99 ms':>8} "
              f"{'max ms':>8} {'games':>6} {'won':>5} {'errors':>6}")  # fmt: skip
        for n in args.players:
            t0 = time.monotonic()
            stats = asyncio.run(run(port, n, args.duration, args.think, args.max_moves))
            secs = time.monotonic() - t0
            ms = stats.move_ms
            print(
                f"{n:>8} {stats.requests / secs:>8.0f} {len(ms):>8} {pct(ms, 50):>8.1f} "
                f"{pct(ms, 99):>8.1f} {max(ms) if ms else float('nan'):>8.1f} {stats.games:>6} "
                f"{stats.won:>5} {stats.errors:>6}"
            )
            if ms:
                print(f"{'':>8} mean move {statistics.fmean(ms):.1f} ms")
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
