"""Entity tags for what a browser asks for again and again: the pages and the games' data files.

Pages and data files are answered ``Cache-Control: no-cache`` or with a short lifetime, so a
browser (and the service worker filling its cache for offline play) asks for them again; with
an entity tag the answer to a repeated question is an empty 304 instead of the same bytes. The
tag is a digest of the body, so it changes exactly when the content does. The static files
(their own tags, from the static file server) and the API's answers (made once for one player)
are left alone.
"""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SKIPPED = ("/api/", "/static/")
"""Paths whose answers keep what they have."""


def entity_tag(body: bytes) -> bytes:
    """The strong entity tag of ``body``."""
    return b'"' + hashlib.sha256(body).hexdigest()[:24].encode() + b'"'


def held(header: bytes) -> set[bytes]:
    """The tags an ``If-None-Match`` header names (weak ones as the strong tag they weaken)."""
    return {t.strip().removeprefix(b"W/") for t in header.split(b",") if t.strip()}


class Revalidate:
    """ASGI middleware: a GET answered 200 with a body and no tag of its own (pages,
    data files) gets an ``ETag``; when the request already holds that tag, the answer is 304
    without the body."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or scope.get("method") != "GET" or path.startswith(SKIPPED):
            await self.app(scope, receive, send)
            return
        wanted = b""
        for key, value in scope.get("headers", []):
            if key == b"if-none-match":
                wanted = value
        start: Message | None = None
        chunks: list[bytes] = []

        async def collect(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                headers = message.get("headers", [])
                if message["status"] != 200 or any(k.lower() == b"etag" for k, _ in headers):
                    start = None
                    await send(message)
                    return
                start = message
                return
            if start is None:
                await send(message)
                return
            chunks.append(message.get("body", b""))
            if message.get("more_body"):
                return
            body = b"".join(chunks)
            tag = entity_tag(body)
            headers = [
                (k, v) for k, v in start.get("headers", []) if k.lower() != b"content-length"
            ]
            headers.append((b"etag", tag))
            if tag in held(wanted):
                await send({"type": "http.response.start", "status": 304, "headers": headers})
                await send({"type": "http.response.body", "body": b""})
                return
            headers.append((b"content-length", str(len(body)).encode()))
            await send({**start, "headers": headers})
            await send({"type": "http.response.body", "body": body})

        await self.app(scope, receive, collect)
