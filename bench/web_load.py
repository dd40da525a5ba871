"""Load measured from outside: simulated players play whole games through the JSON API of the
installed ``kosynka serve`` (compiled core included, started as a user starts it) and we
measure latency per kind of request, requests per second, and how it scales with workers.

Each player keeps its game record as the browser does and makes the browser's calls: ``new`` at
the start of a game, ``view`` when it comes back (a reload, now and then), ``move`` for each
move, ``hint`` now and then, ``collect`` when the view offers it; as the page does, ``new``,
``view`` and ``move`` ask for the game's score (the seconds played, the hints asked for), unless
``--no-score``. It picks its next move from
the view's legal moves (a card home when it can, else a random card move or a draw). Every
player connects from its own loopback address (127.0.x.y), as real players come from their own
addresses, so that the server's per-client shares apply to each player alone.

    python bench/web_load.py              # 200 players, think 1 s, the default serve
    python bench/web_load.py --players 200 --workers 1 2 --think 1.0 --duration 30
    python bench/web_load.py --players 400 --think 0 --workers 1 2   # saturation

``--think`` is the mean pause between one player's calls (0 = as fast as possible: every player
always waits on the server, which measures saturation rather than real play).
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
import subprocess
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from _server import describe_install, free_port, installed_command, start_server


class Conn:
    """One keep-alive HTTP/1.1 connection from its own loopback address."""

    def __init__(self, port: int, source: str) -> None:
        self.port = port
        self.source = source
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(
        self, path: str, body: dict[str, Any] | bytes, parse: bool = True
    ) -> tuple[int, Any]:
        """POST ``body`` (a JSON document, or its bytes); the status and the parsed answer
        (None when ``parse`` is off)."""
        data = body if isinstance(body, bytes) else json.dumps(body, separators=(",", ":")).encode()
        head = (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(data)}\r\n\r\n"
        ).encode()
        for _ in range(2):  # the server closes idle keep-alive connections: reconnect once
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(
                    "127.0.0.1", self.port, local_addr=(self.source, 0)
                )
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
        return status, json.loads(payload) if parse else None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


@dataclass
class Stats:
    """What the players measured: latency in ms by call, and counts."""

    ms: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    status: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    games: int = 0
    won: int = 0

    def all_ms(self) -> list[float]:
        return [x for v in self.ms.values() for x in v]


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
    port: int, stop_at: float, think: float, max_moves: int, seed: int, stats: Stats, scored: bool
) -> None:
    """Play games until ``stop_at``, making the browser's calls (scored ones with ``scored``)."""
    rng = random.Random(seed)
    started = time.monotonic()
    hints = 0

    def score() -> dict[str, Any]:
        """The ``score`` part of the page's requests (nothing without ``scored``)."""
        if not scored:
            return {}
        seconds = round(time.monotonic() - started, 1)
        return {"score": {"scoring": "standard", "seconds": seconds, "hints": hints}}

    conn = Conn(port, f"127.0.{1 + seed // 250}.{1 + seed % 250}")

    async def call(kind: str, body: dict[str, Any]) -> tuple[int, Any]:
        t0 = time.perf_counter()
        status, res = await conn.post(f"/api/klondike/{kind}", body)
        stats.ms[kind].append((time.perf_counter() - t0) * 1000)
        stats.status[status] += 1
        return status, res

    async def pause() -> None:
        if think:
            await asyncio.sleep(rng.expovariate(1 / think))

    if think:  # players arrive over a few seconds, not all in the same millisecond
        await asyncio.sleep(rng.uniform(0, min(5.0, 2 * think)))
    try:
        while time.monotonic() < stop_at:
            rules = {"draw": rng.choice((1, 3))}
            source = rng.choice(("easy", "normal", "hard", "random"))
            started, hints = time.monotonic(), 0
            status, res = await call("new", {"source": source, "rules": rules, **score()})
            if status != 200:
                await pause()
                continue
            record, view = res["record"], res["view"]
            stats.games += 1
            while time.monotonic() < stop_at and view["outcome"] is None:
                if len(record["moves"]) >= max_moves or not view["legal"]:
                    break
                await pause()
                roll = rng.random()
                if view.get("collect"):
                    status, res = await call("collect", {"record": record})
                    if status == 200 and res["available"]:
                        record["moves"].extend(res["moves"])
                        status, res = await call("view", {"record": record, **score()})
                        if status == 200:
                            view = res["view"]
                    break
                if roll < 0.03:  # a hint now and then
                    await call("hint", {"record": record})
                    hints += 1
                    continue
                if roll < 0.04:  # a reload
                    await call("view", {"record": record, **score()})
                    continue
                move = {"record": record, "move": choose(view, rng), **score()}
                status, res = await call("move", move)
                if status != 200 or not res["accepted"]:
                    break
                record["moves"].extend(res["applied"])
                view = res["view"]
            if view["outcome"] == "won":
                stats.won += 1
    finally:
        conn.close()


async def run(
    port: int, players: int, duration: float, think: float, max_moves: int, scored: bool = True
) -> Stats:
    """Run ``players`` players for ``duration`` seconds."""
    stats = Stats()
    stop_at = time.monotonic() + duration
    await asyncio.gather(
        *(player(port, stop_at, think, max_moves, seed, stats, scored) for seed in range(players))
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
    ap.add_argument("--players", type=int, nargs="+", default=[200])
    ap.add_argument(
        "--workers",
        type=int,
        nargs="+",
        default=[0],
        help="server processes for each run (0: kosynka serve's default)",
    )
    ap.add_argument("--duration", type=float, default=30.0, help="seconds per run (max 300)")
    ap.add_argument("--think", type=float, default=1.0, help="mean pause between calls (s)")
    ap.add_argument("--max-moves", type=int, default=300)
    ap.add_argument(
        "--no-score", action="store_true", help="ask for no scores (the calls without them)"
    )
    ap.add_argument("--kosynka", help="the installed kosynka command (default: beside python)")
    args = ap.parse_args()
    if any(not 0 <= w <= 16 for w in args.workers) or not 1 <= args.duration <= 300:
        ap.error("workers must be 0..16 and duration 1..300 s")
    if any(not 1 <= p <= 60_000 for p in args.players):
        ap.error("players must be 1..60000")
    command = installed_command(args.kosynka)
    print(f"{command}: {describe_install(command)}")
    print(
        f"{os.cpu_count()} CPUs, think {args.think} s, {args.duration:.0f} s per run; "
        "latency in ms as the players saw it"
    )
    head = (
        f"{'workers':>7} {'players':>7} {'req/s':>7} {'calls':>7} {'move p50':>8} "
        f"{'move p99':>8} {'all p99':>8} {'max':>7} {'>1s':>4} {'429':>5} {'5xx':>4} "
        f"{'hint p99':>8}"
    )
    print(head)
    for workers in args.workers:
        for n in args.players:
            port = free_port()
            proc = start_server(port, workers or None, command)
            try:
                t0 = time.monotonic()
                stats = asyncio.run(
                    run(port, n, args.duration, args.think, args.max_moves, not args.no_score)
                )
                secs = time.monotonic() - t0
            finally:
                proc.send_signal(signal.SIGINT)
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    proc.kill()
            every = stats.all_ms()
            moves = stats.ms["move"]
            errors5 = sum(c for s, c in stats.status.items() if s >= 500)
            print(
                f"{workers or 'dflt':>7} {n:>7} {len(every) / secs:>7.0f} {len(every):>7} "
                f"{pct(moves, 50):>8.1f} {pct(moves, 99):>8.1f} {pct(every, 99):>8.1f} "
                f"{max(every) if every else float('nan'):>7.0f} "
                f"{sum(1 for x in every if x > 1000):>4} {stats.status.get(429, 0):>5} "
                f"{errors5:>4} {pct(stats.ms['hint'], 99):>8.1f}",
                flush=True,
            )
            print(
                "        by call: "
                + ", ".join(
                    f"{kind} {len(v)} p50 {pct(v, 50):.1f} p99 {pct(v, 99):.1f}"
                    for kind, v in sorted(stats.ms.items())
                ),
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
