"""The JSON game API, one router per game under ``/api/<game>``. Each handler hands the request
to that game's :class:`GameService`; no rules here."""

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel

from kosynka.web import schemas
from kosynka.web.fair import Meter
from kosynka.web.jsonbody import JSONRoute
from kosynka.web.service import GameService

_ERRORS: dict[int | str, dict[str, object]] = {
    400: {"model": schemas.ErrorResponse, "description": "the body is not UTF-8 JSON"},
    413: {"model": schemas.ErrorResponse, "description": "the body is over the size limit"},
    409: {
        "model": schemas.ErrorResponse,
        "description": "the record is well formed but does not replay under the rules",
    },
    422: {"model": schemas.ErrorResponse, "description": "a field is invalid"},
    429: {
        "model": schemas.ErrorResponse,
        "description": "this address is over its share; try again after Retry-After seconds",
    },
}


def _client(request: Request) -> str:
    """The client's address (what its share is kept by; behind a proxy that uvicorn trusts,
    the address the proxy names)."""
    return request.client.host if request.client is not None else "-"


def _json(model: BaseModel) -> Response:
    """Serialise a response model once (FastAPI would validate it again on the way out)."""
    return Response(model.model_dump_json(), media_type="application/json")


async def _metered(
    request: Request, what: str, size: int, work: Callable[[], BaseModel]
) -> Response:
    """Run ``work`` (a service call, answered as JSON) for the client within its shares and
    in a fair turn (:meth:`kosynka.web.fair.Meter.run`); ``size`` is about how many moves it
    replays."""
    meter: Meter = request.app.state.meter
    body = await request.body()  # read already, to validate it
    return await meter.run(_client(request), what, size, len(body), lambda: _json(work()))


def game_router(service: GameService) -> APIRouter:
    """The API of one game: view, move, new, sources, daily, hint, analysis and collect under
    ``/api/<game>``."""
    name = service.spec.name
    m = service.models
    router = APIRouter(prefix=f"/api/{name}", tags=[name], responses=_ERRORS, route_class=JSONRoute)
    view_request: Any = m.view_request
    move_request: Any = m.move_request
    new_request: Any = m.new_request
    sources_request: Any = m.sources_request
    daily_query: Any = m.daily_query

    def size(kind: str, record: Any) -> int:
        return service.work_size(kind, record)

    # The work runs on the meter's threads, one fair turn at a time: replaying a record never
    # holds up the event loop (and the solver's core runs without the GIL).
    @router.post("/view", response_model=schemas.ViewResponse, name=f"{name}_view")
    async def view(req: view_request, request: Request) -> Response:
        """Replay a record and show its position."""
        return await _metered(
            request,
            f"{name}/view",
            size("view", req.record),
            lambda: schemas.ViewResponse(view=service.record_view(req.record, req.score)),
        )

    @router.post("/move", response_model=schemas.MoveResponse, name=f"{name}_move")
    async def move(req: move_request, request: Request) -> Response:
        """Try a move: accepted (with the moves to append to the record) or refused with the
        reason."""
        return await _metered(
            request, f"{name}/move", size("move", req.record), lambda: service.move(req)
        )

    @router.post("/new", response_model=m.new_response, name=f"{name}_new")
    async def new_game(req: new_request, request: Request) -> Response:
        """Deal a new game from a source (easy, normal, hard or random)."""
        return await _metered(request, f"{name}/new", 0, lambda: service.new_game(req))

    @router.post("/sources", response_model=schemas.SourcesResponse, name=f"{name}_sources")
    async def sources(req: sources_request, request: Request) -> Response:
        """Which deal sources (easy, normal, hard, random) exist for these rules."""
        return await _metered(request, f"{name}/sources", 0, lambda: service.sources(req.rules))

    @router.get("/daily", response_model=m.daily_response, name=f"{name}_daily")
    async def daily(query: Annotated[daily_query, Query()], request: Request) -> Response:
        """The deal of the day of a date (the player's local date; UTC's when left out), a
        grade and the game's variant: the same deal for every player, proven winnable and
        graded."""
        return await _metered(request, f"{name}/daily", 0, lambda: service.daily(query))

    @router.post("/hint", response_model=schemas.HintResponse, name=f"{name}_hint")
    async def hint(req: view_request, request: Request) -> Response:
        """Suggest a move: from a winning line when the solver finds one, else by heuristic."""
        return await _metered(
            request, f"{name}/hint", size("hint", req.record), lambda: service.hint(req.record)
        )

    @router.post("/analysis", response_model=schemas.AnalysisResponse, name=f"{name}_analysis")
    async def analysis(req: view_request, request: Request) -> Response:
        """Whether the game could still be won if the hidden cards were known (the
        full-information solver, asked for by the player only), and for a lost game the move
        after which the win was lost."""
        return await _metered(
            request,
            f"{name}/analysis",
            size("analysis", req.record),
            lambda: service.analysis(req.record),
        )

    @router.post("/collect", response_model=schemas.CollectResponse, name=f"{name}_collect")
    async def collect(req: view_request, request: Request) -> Response:
        """The moves that finish the game once the rest provably finishes."""
        return await _metered(
            request,
            f"{name}/collect",
            size("collect", req.record),
            lambda: service.collect(req.record),
        )

    return router
