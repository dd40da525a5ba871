"""gzip for what the browser loads once: the pages and the static files (scripts, styles,
pictures drawn in SVG), never the API's answers.

The page's files are small and few, and the versioned ones never change, so each is
compressed once, at gzip's best level, and kept (by a digest of its bytes): serving it
compressed again costs a look-up. API answers are left as they are: each is made once for one
player, and compressing it would cost the move's answer time for a few hundred bytes.
Python's standard library has no Brotli, so gzip it is (every browser reads it).
"""

from __future__ import annotations

import gzip
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

COMPRESSIBLE = (b"text/", b"application/javascript", b"application/json", b"image/svg+xml")
"""Content types worth compressing (pictures other than SVG are compressed already)."""


class Compress:
    """ASGI middleware: a GET of a page or a static file from a browser that takes gzip gets
    the body gzipped (at least ``minimum`` bytes, status 200, not a range), with
    ``Vary: Accept-Encoding``; compressed bodies are kept, the ``cache`` most recent."""

    def __init__(self, app: ASGIApp, minimum: int = 512, cache: int = 256) -> None:
        self.app = app
        self.minimum = minimum
        self.size = cache
        self._kept: OrderedDict[bytes, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def _wanted(self, scope: Scope) -> bool:
        """True for a request whose answer may be gzipped."""
        if scope["type"] != "http" or scope.get("method") != "GET":
            return False
        if str(scope.get("path", "")).startswith("/api/"):
            return False
        takes = False
        for name, value in scope.get("headers", ()):
            if name == b"range":
                return False
            if name == b"accept-encoding":
                takes = any(
                    part.split(b";")[0].strip() == b"gzip" and not part.endswith(b"q=0")
                    for part in value.lower().split(b",")
                )
        return takes

    def gzipped(self, body: bytes) -> bytes:
        """``body`` compressed (once: kept by its digest)."""
        key = hashlib.blake2b(body, digest_size=16).digest()
        with self._lock:
            done = self._kept.get(key)
            if done is not None:
                self._kept.move_to_end(key)
                return done
        done = gzip.compress(body, compresslevel=9, mtime=0)
        with self._lock:
            self._kept[key] = done
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return done

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not self._wanted(scope):
            await self.app(scope, receive, send)
            return
        start: Message | None = None
        chunks: list[bytes] = []
        passing = False  # the answer goes out as it comes (not one to compress)

        async def buffered(message: Message) -> None:
            nonlocal start, passing
            if passing:
                await send(message)
                return
            if message["type"] == "http.response.start":
                named = {k.lower(): v for k, v in message.get("headers", ())}
                kind = named.get(b"content-type", b"")
                if (
                    message["status"] != 200
                    or b"content-encoding" in named
                    or not kind.startswith(COMPRESSIBLE)
                ):
                    passing = True
                    await send(message)
                    return
                start = message
                return
            if message["type"] != "http.response.body":
                await send(message)
                return
            chunks.append(message.get("body", b""))
            if message.get("more_body", False):
                return
            assert start is not None
            body = b"".join(chunks)
            headers = [
                (k, v) for k, v in start.get("headers", ()) if k.lower() != b"content-length"
            ]
            if len(body) >= self.minimum:
                body = self.gzipped(body)
                headers.append((b"content-encoding", b"gzip"))
                # Another body than the file's: its tag is a weak one (still matched on a
                # revalidation, which compares tags without their W/).
                headers = [
                    (k, b"W/" + v if k.lower() == b"etag" and not v.startswith(b"W/") else v)
                    for k, v in headers
                ]
            headers.append((b"vary", b"Accept-Encoding"))
            headers.append((b"content-length", str(len(body)).encode()))
            await send({**start, "headers": headers})
            await send({"type": "http.response.body", "body": body})

        await self.app(scope, receive, buffered)
