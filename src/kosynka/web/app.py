"""The FastAPI application: ``create_app()`` wires the routers, the static files, the body
limit and the JSON error answers (every bad request is a 4xx naming the problem, never a 500)."""

from __future__ import annotations

import contextlib
import gc
import os
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from kosynka import __version__
from kosynka.games import game_specs
from kosynka.process import die_with_parent
from kosynka.web import bridges
from kosynka.web.compress import Compress
from kosynka.web.fair import EarlyRefusal, Meter
from kosynka.web.games import adapter_of
from kosynka.web.jsonbody import TOO_DEEP, TooLongNumber
from kosynka.web.limits import (
    SHARES_ENV,
    Rates,
    SharedBuckets,
    TooBusy,
    WorkerLock,
    lock_path,
)
from kosynka.web.notfound import not_found_page
from kosynka.web.revalidate import Revalidate
from kosynka.web.routes import api, data, offline, pages
from kosynka.web.routes.pages import prefers_russian
from kosynka.web.schemas import error_body
from kosynka.web.service import GameService, RecordError
from kosynka.web.settings import STATIC_DIR, Settings

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyLimit:
    """ASGI middleware: answer 413 (JSON) to any request body over ``limit`` bytes, whether the
    size is announced in Content-Length or only found while reading."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    announced = int(value)
                except ValueError:
                    announced = 0
                if announced > self.limit:
                    await self._refuse(send)
                    return
        seen = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    # An HTTP error passes through FastAPI's body reading as it is.
                    raise StarletteHTTPException(413, detail=self._message())
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except StarletteHTTPException as exc:
            if exc.status_code != 413 or started:
                raise
            await self._refuse(send)

    def _message(self) -> str:
        """The error message of a refused body."""
        return f"the request body is larger than {self.limit} bytes"

    async def _refuse(self, send: Send) -> None:
        """Send the 413 JSON answer."""
        body = error_body("body-too-large", self._message())
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def _where(loc: tuple[Any, ...]) -> str:
    """A validation error's location as a dotted path without the leading ``body``."""
    parts = [str(p) for p in loc if p != "body"]
    out = ""
    for p in parts:
        out += f"[{p}]" if p.isdigit() else (f".{p}" if out else p)
    return out or "body"


async def _charge_refused_body(request: Request) -> None:
    """Charge the client of a refused API request for reading its body."""
    meter: Meter | None = getattr(request.app.state, "meter", None)
    if meter is None or not request.url.path.startswith("/api/"):
        return
    try:
        size = int(request.headers.get("content-length") or 0)
    except ValueError:
        size = 0
    await meter.charge_parse(request.client.host if request.client else "-", size)


async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    """422 naming every field that failed validation."""
    assert isinstance(exc, RequestValidationError)
    await _charge_refused_body(request)
    problems = []
    for err in exc.errors():
        where = _where(tuple(err.get("loc", ())))
        msg = str(err.get("msg", "invalid value"))
        if err.get("type") == "json_invalid":
            where = "body"
            msg = "the body is not valid JSON" + (
                f" ({err['ctx']['error']})" if err.get("ctx", {}).get("error") else ""
            )
        elif err.get("type") == "missing":
            msg = "this field is required"
        elif err.get("type") == "extra_forbidden":
            msg = "unknown field"
        elif isinstance(err.get("input"), TooLongNumber):
            msg = err["input"].message()
        problems.append({"where": where, "message": msg})
    first = problems[0] if problems else {"where": "body", "message": "invalid request"}
    return JSONResponse(
        status_code=422,
        content={
            "error": "invalid-request",
            "message": f"{first['where']}: {first['message']}",
            "problems": problems,
        },
    )


async def _record_error(request: Request, exc: Exception) -> JSONResponse:
    """409 for a record that is well formed but does not replay under the rules (a move the
    rules refuse, a deal number beyond its numbering): it conflicts with the game."""
    assert isinstance(exc, RecordError)
    return JSONResponse(
        status_code=409,
        content={
            "error": "invalid-record",
            "message": str(exc),
            "problems": [{"where": exc.where, "message": exc.message}],
        },
    )


async def _http_error(request: Request, exc: Exception) -> Response:
    """Starlette's HTTP errors (400, 404, 405, ...) as JSON documents; a page address that
    leads nowhere gets a page in the player's language instead."""
    assert isinstance(exc, StarletteHTTPException)
    if exc.status_code == 400:
        await _charge_refused_body(request)
    path = request.url.path
    if exc.status_code == 404 and not path.startswith(("/api/", "/static/")):
        lang = "ru" if prefers_russian(request.headers.get("accept-language", "")) else "en"
        return HTMLResponse(
            not_found_page(lang, path, request.app.state.site.adapters),
            status_code=404,
            headers={
                "Cache-Control": "no-cache",
                "Content-Language": lang,
                "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
                "frame-ancestors 'none'",
            },
        )
    codes = {
        400: "bad-body",
        404: "not-found",
        405: "method-not-allowed",
        413: "body-too-large",
    }
    message = str(exc.detail) if exc.detail else "error"
    if exc.status_code == 404:
        message = f"nothing at {request.url.path}"
    elif exc.status_code == 400 and exc.detail != TOO_DEEP:
        message = "the request body is not JSON in UTF-8"
    return JSONResponse(
        status_code=exc.status_code,
        content={
            "error": codes.get(exc.status_code, "http-error"),
            "message": message,
            "problems": [],
        },
        headers=getattr(exc, "headers", None),
    )


async def _too_busy(request: Request, exc: Exception) -> JSONResponse:
    """429 with Retry-After for a client over its share (see :mod:`kosynka.web.limits`)."""
    assert isinstance(exc, TooBusy)
    return JSONResponse(
        status_code=429,
        content={
            "error": "too-many-requests",
            "message": f"{exc.what}; try again in {exc.retry_after} s",
            "problems": [],
        },
        headers={"Retry-After": str(exc.retry_after)},
    )


class Headers:
    """ASGI middleware: ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy:
    no-referrer`` on every answer (a deal's address is not sent on to any site a page links
    to); API answers are never stored; versioned static files are kept for a year, others
    revalidated."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        if path.startswith("/api/"):
            cache = b"no-store"
        elif path.startswith("/static/v-"):
            cache = b"public, max-age=31536000, immutable"
        elif path.startswith("/static/"):
            cache = b"no-cache"
        else:
            cache = b""

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                names = {k.lower() for k, _ in headers}
                if b"x-content-type-options" not in names:
                    headers.append((b"x-content-type-options", b"nosniff"))
                if b"referrer-policy" not in names:
                    headers.append((b"referrer-policy", b"no-referrer"))
                if cache and b"cache-control" not in names:
                    headers.append((b"cache-control", cache))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


GC_THRESHOLDS = (10_000, 50, 100)
"""The garbage collector's thresholds while serving (Python's are 700, 10, 10). Requests
allocate a lot and keep little, and what they keep (cached positions) lives long: with the
defaults a worker ran a full collection about once a second, each holding every request up
for 20-150 ms; with these, one a minute or less."""


@contextlib.asynccontextmanager
async def _serving(app: FastAPI) -> AsyncIterator[None]:
    """When a worker starts serving: every object made so far (modules, the starter deals'
    index, the solver's tables) goes out of the garbage collector's sight (``gc.freeze``), so
    that a full collection scans only what requests left behind (about 100 ms less, with
    the whole worker held up meanwhile), and collections are made rarer
    (:data:`GC_THRESHOLDS`); threads take turns at the GIL every ``switch_interval``."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    sys.setswitchinterval(app.state.settings.switch_interval)
    yield


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the web application (the API under ``/api``, the game page, rules pages and the
    static files)."""
    settings = settings if settings is not None else Settings.from_env()
    if os.environ.get("KOSYNKA_DIE_WITH_PARENT") == "1":
        die_with_parent()  # a worker of `kosynka serve --workers N` ends with its master
    services: dict[str, GameService] = {}
    for spec in game_specs():
        adapter = adapter_of(spec.name)
        if adapter is not None:
            services[spec.name] = GameService(adapter, settings)
    site = pages.Site([s.adapter for s in services.values()])
    titles = ", ".join(a.spec.titles["en"] for a in site.adapters)
    app = FastAPI(
        title="kosynka",
        version=__version__,
        description=f"Solitaire: {titles}. The browser keeps the game record and sends it with "
        "every request; the server replays it and answers with the view.",
        docs_url=None,  # Swagger UI loads its files from a CDN; pages load only this server's
        redoc_url=None,
        openapi_url="/api/openapi.json",
        lifespan=_serving,
    )
    app.state.site = site
    app.state.settings = settings
    app.state.services = services
    shares = os.environ.get(SHARES_ENV) or None  # set by `kosynka serve` for its workers
    buckets = SharedBuckets(
        Rates(settings.client_work_per_s, settings.client_work_burst),
        Rates(settings.client_solver_per_s, settings.client_solver_burst),
        shares,
    )
    meter = Meter(
        buckets,
        solver_slots=settings.solver_slots,
        solver_nice=settings.solver_nice,
        in_flight=settings.client_in_flight,
        refusal_delay=settings.refusal_delay,
        heavy_lock=WorkerLock(lock_path(shares) if shares else None, settings.heavy_duty),
    )
    app.state.meter = meter
    bridges.warm_up()
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(RecordError, _record_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(TooBusy, _too_busy)
    for service in services.values():
        app.include_router(api.game_router(service))
    app.include_router(data.make_router(site.adapters))
    app.include_router(offline.make_router(site))
    app.include_router(pages.make_router(site))
    static = StaticFiles(directory=STATIC_DIR)
    app.mount(f"/static/{pages.static_version()}", static, name="static-versioned")
    app.mount("/static", static, name="static")
    app.add_middleware(Revalidate)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    app.add_middleware(EarlyRefusal, meter=meter)
    app.add_middleware(Headers)
    app.add_middleware(Compress)
    return app
