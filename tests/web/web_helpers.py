"""Helpers shared by the web tests."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import kosynka
from tests.common import free_port


def record(
    number: int = 9, draw: int = 1, moves: list[str] | None = None, **rules: Any
) -> dict[str, Any]:
    """A Klondike game record as the browser keeps it."""
    return {
        "game": "klondike",
        "rules": {"draw": draw, "passes": None, "foundation_return": True, **rules},
        "deal": {"number": number, "numbering": "pysol", "source": "chosen"},
        "moves": moves or [],
    }


def start_server(
    workers: int = 1, extra_env: dict[str, str] | None = None, args: list[str] | None = None
) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``kosynka serve`` on a free port (with ``extra_env`` settings and ``args`` added to
    its command line); return the process and its base address."""
    port = free_port()
    env = dict(os.environ, **(extra_env or {}))
    src = str(Path(kosynka.__file__).resolve().parents[1])
    env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "kosynka.cli",
            "serve",
            "--port",
            str(port),
            "--workers",
            str(workers),
            *(args or []),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            err = proc.stderr.read().decode() if proc.stderr else ""
            raise RuntimeError(f"kosynka serve exited: {err}")
        try:
            with urllib.request.urlopen(base + "/api/openapi.json", timeout=1) as r:
                if r.status == 200:
                    return proc, base
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("kosynka serve did not start within 20 s")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    """Stop a server :func:`start_server` started (killed if it takes more than 10 s)."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


@contextlib.contextmanager
def serving(
    workers: int = 1, extra_env: dict[str, str] | None = None, args: list[str] | None = None
) -> Iterator[str]:
    """A running ``kosynka serve`` (see :func:`start_server`) for the ``with`` block: its base
    address; stopped after."""
    proc, base = start_server(workers, extra_env, args)
    try:
        yield base
    finally:
        stop_server(proc)


def seed_storage(ctx: Any, storage: dict[str, Any] | None) -> None:
    """Have browser context ``ctx`` put ``storage`` in localStorage before its pages first load
    (once, not on reloads); values are JSON-encoded unless they are text already."""
    if not storage:
        return
    script = "".join(
        f"localStorage.setItem({json.dumps(k)}, "
        f"{json.dumps(v if isinstance(v, str) else json.dumps(v))});"
        for k, v in storage.items()
    )
    ctx.add_init_script(
        f"if (!sessionStorage.getItem('seeded')) {{{script}sessionStorage.setItem('seeded', '1');}}"
    )


def open_game_page(
    browser: Any,
    server: str,
    contexts: list[Any],
    path: str = "/",
    width: int = 1280,
    height: int = 800,
    locale: str = "en-US",
    storage: dict[str, Any] | None = None,
    motion: str = "no-preference",
    *,
    init_script: str | None = None,
    touch: bool = False,
    console_errors: bool = True,
    ready: bool = True,
    ready_timeout: int = 15000,
) -> Any:
    """A game page at ``path`` in a fresh browser context (kept in ``contexts`` to be closed),
    at a given size, locale and motion setting; ``storage`` is put in localStorage before the
    page first loads (once, not on reloads), ``init_script`` runs in the page before its own
    scripts and ``touch`` makes a touch screen (for ``page.tap``). The page's script errors
    (and, with ``console_errors``, the errors it logs) are kept on ``page.js_errors``, the
    addresses it asked for on ``page.urls``. With ``ready`` the page is returned once it says
    it is ready."""
    ctx = browser.new_context(
        viewport={"width": width, "height": height},
        locale=locale,
        reduced_motion=motion,
        has_touch=touch,
    )
    ctx.set_default_timeout(20000)  # generous: CI runs other heavy tests alongside
    contexts.append(ctx)
    if init_script:
        ctx.add_init_script(init_script)
    seed_storage(ctx, storage)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    if console_errors:
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.js_errors = errors
    urls: list[str] = []
    page.on("request", lambda r: urls.append(r.url))
    page.urls = urls
    page.still = motion == "reduce"
    page.goto(server + path)
    if ready:
        page.wait_for_selector("body[data-ready='1']", timeout=ready_timeout)
    return page


def tap(page: Any, locator: Any, x: float = 6, y: float = 4) -> None:
    """Tap a point of an element. Under reduced motion nothing slides, so the pointer goes
    straight to where the element is (quicker than a locator's click, which first waits for
    the element to stand still)."""
    if page.still:
        box = locator.bounding_box()
        page.mouse.click(box["x"] + x, box["y"] + y)
    else:
        locator.click(position={"x": x, "y": y})


def moves_shown(page: Any) -> int:
    """The moves counter as the page shows it."""
    return int(page.inner_text("#c-moves"))


def wait_moves(page: Any, n: int) -> None:
    """Wait until the moves counter shows ``n``."""
    from playwright.sync_api import expect

    expect(page.locator("#c-moves")).to_have_text(str(n), timeout=20000)


def web_games() -> list[str]:
    """The names of the registered games that the web serves (those with a web adapter), in
    the registry's order."""
    from kosynka.games import game_names
    from kosynka.web.games import adapter_of

    return [name for name in game_names() if adapter_of(name) is not None]
