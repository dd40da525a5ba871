"""``kosynka serve``: run the browser game with uvicorn."""

from __future__ import annotations

import argparse
import ipaddress
import os
import re
import shutil
import socket
from collections.abc import Callable
from typing import TextIO

from kosynka.cli.common import CliError


def _ascii_number(text: str) -> int | None:
    """``text`` as a number when it is 1 to 5 ASCII digits (``str.isdigit`` would take ``٣``,
    and ``int`` would refuse thousands of digits with a traceback), else None."""
    return int(text) if re.fullmatch(r"[0-9]{1,5}", text) else None


def _port(text: str) -> int:
    """A TCP port number 1..65535."""
    number = _ascii_number(text)
    if number is None or not 1 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"not a port number 1..65535: {text[:20]!r}")
    return number


def _workers(text: str) -> int:
    """A worker count 1..64."""
    number = _ascii_number(text)
    if number is None or not 1 <= number <= 64:
        raise argparse.ArgumentTypeError(f"workers must be 1..64, not {text[:20]!r}")
    return number


def _proxies(text: str) -> str:
    """The ``--forwarded-allow-ips`` list: comma-separated IP addresses and networks
    (``10.0.0.0/8``), or ``*`` for every peer, or nothing; each checked here, as uvicorn would
    take a mistyped one as a name no peer has and trust nobody without a word."""
    items = [item.strip() for item in text.split(",") if item.strip()]
    if items == ["*"]:
        return "*"
    for item in items:
        if not item.isascii() or len(item) > 64:
            raise argparse.ArgumentTypeError(f"not an IP address or network: {item[:20]!r}")
        try:
            if "/" in item:
                ipaddress.ip_network(item)
            else:
                ipaddress.ip_address(item)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(
                f"not an IP address or network: {item!r} ({exc})"
            ) from None
    return ",".join(items)


def default_workers() -> int:
    """The default number of server processes: one per CPU this process may use, at most 4.

    Each request is handled start to end in Python, so one process uses one core; on the
    measured 2-core machine 200 players were held at p99 15.6 ms with two processes and 40 ms
    with one (``bench/web_load.py``)."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    return max(1, min(4, cpus))


def _check_free(host: str, port: int) -> None:
    """Raise :class:`CliError` naming the problem when ``host:port`` cannot be listened on."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise CliError(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None
    family, kind, proto, _, addr = infos[0]
    with socket.socket(family, kind, proto) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(addr)
        except OSError as exc:
            raise CliError(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    """Serve the game until interrupted."""
    import uvicorn

    from kosynka.web.limits import SHARES_ENV, create_table_file

    _check_free(args.host, args.port)
    if args.forwarded_allow_ips is None:
        try:
            args.forwarded_allow_ips = _proxies(os.environ.get("FORWARDED_ALLOW_IPS", ""))
        except argparse.ArgumentTypeError as exc:
            raise CliError(f"FORWARDED_ALLOW_IPS: {exc}") from None
    if args.workers is None:
        args.workers = default_workers()
    if args.workers > 1:
        # Each worker asks the kernel to end it when the master dies (see create_app).
        os.environ["KOSYNKA_DIE_WITH_PARENT"] = "1"
    # One table of client shares for every worker (kosynka.web.limits), removed at the end.
    try:
        shares = create_table_file()
    except OSError as exc:
        raise CliError(f"cannot make the server's shares table: {exc.strerror or exc}") from None
    os.environ[SHARES_ENV] = str(shares)
    print(f"kosynka: open http://{args.host}:{args.port}/ to play", file=out, flush=True)
    try:
        uvicorn.run(
            "kosynka.web.app:create_app",
            factory=True,
            host=args.host,
            port=args.port,
            workers=args.workers,
            log_level=args.log_level,
            access_log=args.log_level == "debug",
            # Read timeouts and connections per address (kosynka.web.connections).
            http="kosynka.web.connections:GuardedHttpToolsProtocol",
            # X-Forwarded-For counts only from the proxies named (none unless asked).
            proxy_headers=bool(args.forwarded_allow_ips),
            forwarded_allow_ips=args.forwarded_allow_ips or "",
        )
    except OSError as exc:
        raise CliError(f"cannot serve on {args.host}:{args.port}: {exc.strerror or exc}") from None
    finally:
        os.environ.pop(SHARES_ENV, None)
        shutil.rmtree(shares.parent, ignore_errors=True)
    return 0


def register(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> dict[str, Callable[[argparse.Namespace, TextIO], int]]:
    """Add ``kosynka serve`` to the command line."""
    p = subparsers.add_parser("serve", help="play in the browser: run the web server")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000)")
    p.add_argument(
        "--workers",
        type=_workers,
        default=None,
        help="server processes (default: one per CPU, at most 4)",
    )
    p.add_argument(
        "--forwarded-allow-ips",
        type=_proxies,
        default=None,
        metavar="IPS",
        help="the addresses of the proxies in front of the server, comma-separated IP "
        "addresses or networks (or *: every peer is a proxy): only they may name a client "
        "in X-Forwarded-For, and their own connections are not capped per address "
        "(default $FORWARDED_ALLOW_IPS, else none: every client is the address it connects "
        "from)",
    )
    p.add_argument(
        "--log-level",
        choices=("critical", "error", "warning", "info", "debug"),
        default="warning",
        help="how much uvicorn logs (default warning)",
    )
    return {"serve": cmd_serve}
