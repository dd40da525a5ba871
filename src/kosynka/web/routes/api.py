"""The JSON game API, one router per game under ``/api/<game>``. Each handler hands the request
to that game's :class:`GameService`; no rules here."""

from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response
from pydantic import BaseModel

from kosynka.web import schemas
from kosynka.web.service import GameService

_ERRORS: dict[int | str, dict[str, object]] = {
    413: {"model": schemas.ErrorResponse, "description": "the body is over the size limit"},
    422: {"model": schemas.ErrorResponse, "description": "a field or the record is invalid"},
}


def _json(model: BaseModel) -> Response:
    """Serialise a response model once (FastAPI would validate it again on the way out)."""
    return Response(model.model_dump_json(), media_type="application/json")


def game_router(service: GameService) -> APIRouter:
    """The API of one game: view, move, new, hint and collect under ``/api/<game>``."""
    name = service.spec.name
    m = service.models
    router = APIRouter(prefix=f"/api/{name}", tags=[name], responses=_ERRORS)
    view_request: Any = m.view_request
    move_request: Any = m.move_request
    new_request: Any = m.new_request

    @router.post("/view", response_model=schemas.ViewResponse, name=f"{name}_view")
    async def view(req: view_request) -> Response:
        """Replay a record and show its position."""
        return _json(schemas.ViewResponse(view=service.record_view(req.record)))

    @router.post("/move", response_model=schemas.MoveResponse, name=f"{name}_move")
    async def move(req: move_request) -> Response:
        """Try a move: accepted (with the moves to append to the record) or refused with the
        reason."""
        return _json(service.move(req))

    @router.post("/new", response_model=m.new_response, name=f"{name}_new")
    def new_game(req: new_request) -> Response:
        """Deal a new game from a source (easy, normal, hard or random)."""
        return _json(service.new_game(req))

    @router.post("/hint", response_model=schemas.HintResponse, name=f"{name}_hint")
    def hint(req: view_request) -> Response:
        """Suggest a move: from a winning line when the solver finds one, else by heuristic."""
        return _json(service.hint(req.record))

    @router.post("/collect", response_model=schemas.CollectResponse, name=f"{name}_collect")
    def collect(req: view_request) -> Response:
        """The moves that finish the game once the rest provably finishes."""
        return _json(service.collect(req.record))

    return router
