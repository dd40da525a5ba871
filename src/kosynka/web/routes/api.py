"""The JSON game API. Each handler hands the request to :class:`GameService`; no rules here."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel

from kosynka.web import schemas
from kosynka.web.service import GameService

_ERRORS: dict[int | str, dict[str, object]] = {
    413: {"model": schemas.ErrorResponse, "description": "the body is over the size limit"},
    422: {"model": schemas.ErrorResponse, "description": "a field or the record is invalid"},
}

router = APIRouter(prefix="/api/klondike", tags=["klondike"], responses=_ERRORS)


def _json(model: BaseModel) -> Response:
    """Serialise a response model once (FastAPI would validate it again on the way out)."""
    return Response(model.model_dump_json(), media_type="application/json")


def _service(request: Request) -> GameService:
    """The application's game service."""
    service: GameService = request.app.state.service
    return service


@router.post("/view", response_model=schemas.ViewResponse)
async def view(req: schemas.ViewRequest, request: Request) -> Response:
    """Replay a record and show its position."""
    return _json(schemas.ViewResponse(view=_service(request).record_view(req.record)))


@router.post("/move", response_model=schemas.MoveResponse)
async def move(req: schemas.MoveRequest, request: Request) -> Response:
    """Try a move: accepted (with the moves to append to the record) or refused with the reason."""
    return _json(_service(request).move(req))


@router.post("/new", response_model=schemas.NewGameResponse)
def new_game(req: schemas.NewGameRequest, request: Request) -> schemas.NewGameResponse:
    """Deal a new game from a source (easy, normal, hard or random)."""
    return _service(request).new_game(req)


@router.post("/hint", response_model=schemas.HintResponse)
def hint(req: schemas.ViewRequest, request: Request) -> schemas.HintResponse:
    """Suggest a move: from a winning line when the solver finds one, else by heuristic."""
    return _service(request).hint(req.record)


@router.post("/collect", response_model=schemas.CollectResponse)
def collect(req: schemas.ViewRequest, request: Request) -> schemas.CollectResponse:
    """The moves that finish the game once every card is face up (checked by replaying)."""
    return _service(request).collect(req.record)
