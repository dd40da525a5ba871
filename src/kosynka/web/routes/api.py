"""The JSON game API, one router per game under ``/api/<game>``. Each handler hands the request
to that game's :class:`GameService`; no rules here."""

from collections.abc import Callable
from typing import Any, TypeVar

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel

from kosynka.web import schemas
from kosynka.web.jsonbody import JSONRoute
from kosynka.web.limits import ClientLimits
from kosynka.web.service import REPLAYED, GameService

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

T = TypeVar("T")


def _client(request: Request) -> str:
    """The client's address (what its share is kept by)."""
    return request.client.host if request.client is not None else "-"


def _metered(request: Request, solver: bool, work: Callable[[], T]) -> T:
    """Run ``work`` (a service call) within the client's shares: refuse it with 429 when the
    client is over one, and charge the moves it had to replay."""
    limits: ClientLimits = request.app.state.limits
    client = _client(request)
    limits.check(client, solver)
    REPLAYED.set(0)
    try:
        return work()
    finally:
        limits.work.charge(client, REPLAYED.get())


def _json(model: BaseModel) -> Response:
    """Serialise a response model once (FastAPI would validate it again on the way out)."""
    return Response(model.model_dump_json(), media_type="application/json")


def game_router(service: GameService) -> APIRouter:
    """The API of one game: view, move, new, hint and collect under ``/api/<game>``."""
    name = service.spec.name
    m = service.models
    router = APIRouter(prefix=f"/api/{name}", tags=[name], responses=_ERRORS, route_class=JSONRoute)
    view_request: Any = m.view_request
    move_request: Any = m.move_request
    new_request: Any = m.new_request
    sources_request: Any = m.sources_request

    # The handlers are plain functions: FastAPI runs them in its thread pool, so replaying a
    # record never holds up the event loop (and the solver's core runs without the GIL).
    @router.post("/view", response_model=schemas.ViewResponse, name=f"{name}_view")
    def view(req: view_request, request: Request) -> Response:
        """Replay a record and show its position."""
        got = _metered(request, False, lambda: service.record_view(req.record))
        return _json(schemas.ViewResponse(view=got))

    @router.post("/move", response_model=schemas.MoveResponse, name=f"{name}_move")
    def move(req: move_request, request: Request) -> Response:
        """Try a move: accepted (with the moves to append to the record) or refused with the
        reason."""
        return _json(_metered(request, False, lambda: service.move(req)))

    @router.post("/new", response_model=m.new_response, name=f"{name}_new")
    def new_game(req: new_request, request: Request) -> Response:
        """Deal a new game from a source (easy, normal, hard or random)."""
        solver = req.source != "random"
        return _json(_metered(request, solver, lambda: service.new_game(req)))

    @router.post("/sources", response_model=schemas.SourcesResponse, name=f"{name}_sources")
    def sources(req: sources_request, request: Request) -> Response:
        """Which deal sources (easy, normal, hard, random) exist for these rules."""
        return _json(_metered(request, False, lambda: service.sources(req.rules)))

    @router.post("/hint", response_model=schemas.HintResponse, name=f"{name}_hint")
    def hint(req: view_request, request: Request) -> Response:
        """Suggest a move: from a winning line when the solver finds one, else by heuristic."""
        return _json(_metered(request, True, lambda: service.hint(req.record)))

    @router.post("/analysis", response_model=schemas.AnalysisResponse, name=f"{name}_analysis")
    def analysis(req: view_request, request: Request) -> Response:
        """Whether the game could still be won if the hidden cards were known (the
        full-information solver, asked for by the player only), and for a lost game the move
        after which the win was lost."""
        return _json(_metered(request, True, lambda: service.analysis(req.record)))

    @router.post("/collect", response_model=schemas.CollectResponse, name=f"{name}_collect")
    def collect(req: view_request, request: Request) -> Response:
        """The moves that finish the game once the rest provably finishes."""
        return _json(_metered(request, True, lambda: service.collect(req.record)))

    return router
