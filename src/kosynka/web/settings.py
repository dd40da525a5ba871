"""The web server's settings, read once from ``KOSYNKA_*`` environment variables."""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass
from pathlib import Path

STATIC_DIR = Path(__file__).parent / "static"
"""The browser game's static files (JS modules, CSS, SVG), shipped inside the package and
served as they are under ``/static/``."""
TEMPLATES_DIR = Path(__file__).parent / "templates"
"""The pages (the game shell, the rules pages): served only by the page routes, filled in and
with their headers (Content-Security-Policy ...), never as raw files."""


def _float_env(name: str, default: float) -> float:
    """A positive finite float from the environment (ASCII), or ``default`` when unset or
    unreadable."""
    raw = os.environ.get(name)
    if raw is None or not raw.isascii():
        return default
    try:
        value = float(raw)
    except ValueError:
        return default
    return value if 0 < value < math.inf else default


def _int_env(name: str, default: int, minimum: int = 1) -> int:
    """An int of at least ``minimum`` from the environment (ASCII digits, at most 9 of them),
    or ``default`` when unset or unreadable."""
    raw = os.environ.get(name)
    if raw is None or not re.fullmatch(r"[0-9]{1,9}", raw.strip()):
        return default
    value = int(raw)
    return value if value >= minimum else default


@dataclass(frozen=True, slots=True)
class Settings:
    """Limits and time budgets of the server."""

    max_body_bytes: int = 640 * 1024
    """Requests with a larger body are refused with 413. Every body the schema allows fits: a
    record of the most moves allowed, each at its longest (16 characters, each up to 6 bytes as
    a JSON escape)."""
    hint_time: float = 0.5
    """Seconds the solver may spend on a hint."""
    collect_time: float = 0.3
    """Seconds the solver may spend proving that a fully turned position finishes."""
    analysis_time: float = 3.0
    """Seconds the solver may spend in all on one analysis (still winnable? lost at move N?)."""
    winnable_time: float = 0.5
    """Seconds the solver may spend proving one random deal winnable (fallback deal sources)."""
    winnable_tries: int = 8
    """Random deals tried before giving up on a proven-winnable one."""
    cache_size: int = 1024
    """Replayed positions kept in memory per worker and game (keyed by the record): a
    player's next move finds the position of the last one here. Every position cached is
    some twenty objects the garbage collector scans in a full collection (about 1 us each,
    the worker held up meanwhile), so the cache is no larger than a few seconds of moves."""
    client_work_per_s: float = 0.05
    """CPU seconds of work (replays, views, hint players) one client address may have per
    second, sustained, across all workers (an ordinary player uses well under 0.01) ..."""
    client_work_burst: float = 1.0
    """... and at once (three hints on the longest record allowed)."""
    client_solver_per_s: float = 0.25
    """Seconds of solver search per client address per second, across all workers ..."""
    client_solver_burst: float = 4.0
    """... and at once (an analysis takes up to ``analysis_time``)."""
    client_in_flight: int = 8
    """Requests of one client address a worker takes on at once (more are refused)."""
    refusal_delay: float = 1.0
    """Seconds a refusal (429) waits before it is sent, at most its Retry-After: a client that
    does not wait gets few refusals a second."""
    heavy_duty: float = 0.5
    """The most of one core that heavy requests (estimated at 10 ms of work or more: a long
    record replayed, a hint on a long game) take in all, one at a time in the whole server:
    after one ran for t seconds, the next starts t seconds later at the earliest. Ordinary
    moves are light and never wait for this."""
    solver_slots: int = 1
    """Solver searches running at once in one worker (in fair turns, see
    :mod:`kosynka.web.fair`)."""
    solver_nice: int = 5
    """How much lower the solver's threads are scheduled than the request threads (Linux nice
    steps): searches use the cores the requests leave."""
    switch_interval: float = 0.001
    """Seconds a thread holds the GIL before it must let another have it, while serving
    (``sys.setswitchinterval``; Python's default is 0.005): a heavy request's thread then
    holds up its worker's event loop and the moves beside it for at most 1 ms at a time
    (under attack by 16 addresses, ordinary moves' p99 was about half that with 0.005)."""
    max_connections_per_address: int = 32
    """Connections one client address may hold open to one worker (more are refused)."""
    header_timeout: float = 10.0
    """Seconds a connection has to send a request's headers (from its first byte, or from
    connecting); then it is closed."""
    body_timeout: float = 30.0
    """Seconds a request's body may take to arrive after its headers; then the connection is
    closed."""
    write_timeout: float = 20.0
    """Seconds answers may wait unread: a connection whose client reads nothing of what it was
    sent (its queue of answers stays full, or a closed connection's last answer stays unsent)
    for this long is cut off."""
    max_connections: int = 4096
    """Connections one worker holds open (fewer when the process may not open that many
    files); past half of them, idle connections are closed sooner, the oldest first."""

    @classmethod
    def from_env(cls) -> Settings:
        """Settings with any ``KOSYNKA_*`` environment overrides applied."""
        d = cls()
        return cls(
            max_body_bytes=_int_env("KOSYNKA_MAX_BODY", d.max_body_bytes),
            hint_time=_float_env("KOSYNKA_HINT_TIME", d.hint_time),
            collect_time=_float_env("KOSYNKA_COLLECT_TIME", d.collect_time),
            analysis_time=_float_env("KOSYNKA_ANALYSIS_TIME", d.analysis_time),
            winnable_time=_float_env("KOSYNKA_WINNABLE_TIME", d.winnable_time),
            winnable_tries=_int_env("KOSYNKA_WINNABLE_TRIES", d.winnable_tries),
            cache_size=_int_env("KOSYNKA_CACHE_SIZE", d.cache_size),
            client_work_per_s=_float_env("KOSYNKA_CLIENT_WORK", d.client_work_per_s),
            client_work_burst=_float_env("KOSYNKA_CLIENT_WORK_BURST", d.client_work_burst),
            client_solver_per_s=_float_env("KOSYNKA_CLIENT_SOLVER", d.client_solver_per_s),
            client_solver_burst=_float_env("KOSYNKA_CLIENT_SOLVER_BURST", d.client_solver_burst),
            client_in_flight=_int_env("KOSYNKA_CLIENT_IN_FLIGHT", d.client_in_flight),
            refusal_delay=_float_env("KOSYNKA_REFUSAL_DELAY", d.refusal_delay),
            heavy_duty=min(1.0, _float_env("KOSYNKA_HEAVY_DUTY", d.heavy_duty)),
            solver_slots=_int_env("KOSYNKA_SOLVER_SLOTS", d.solver_slots),
            solver_nice=_int_env("KOSYNKA_SOLVER_NICE", d.solver_nice, minimum=0),
            switch_interval=_float_env("KOSYNKA_SWITCH_INTERVAL", d.switch_interval),
            max_connections_per_address=_int_env(
                "KOSYNKA_MAX_CONNECTIONS_PER_ADDRESS", d.max_connections_per_address
            ),
            header_timeout=_float_env("KOSYNKA_HEADER_TIMEOUT", d.header_timeout),
            body_timeout=_float_env("KOSYNKA_BODY_TIMEOUT", d.body_timeout),
            write_timeout=_float_env("KOSYNKA_WRITE_TIMEOUT", d.write_timeout),
            max_connections=_int_env("KOSYNKA_MAX_CONNECTIONS", d.max_connections),
        )
