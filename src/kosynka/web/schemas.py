"""Request and response shapes of the web API (pydantic models).

The game record is what the browser keeps between requests: the rules, the deal and the moves
made so far. The server never stores it; it replays it to answer.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    create_model,
)
from pydantic.json_schema import WithJsonSchema
from pydantic_core import PydanticCustomError

from kosynka.errors import KosynkaError
from kosynka.games.base import GameSpec

MAX_MOVES = 6000
"""The longest move list a record may carry (a long game with many draws stays far below)."""
MAX_EXCLUDE = 1000
"""The most deal numbers a new-deal request may ask to avoid."""

DealSource = Literal["easy", "normal", "hard", "random"]
"""Where a new deal comes from: graded library deals or any random deal."""
RecordSource = Literal["easy", "normal", "hard", "random", "random-winnable", "chosen", "daily"]
"""Where a record's deal came from (``random-winnable``: a random deal the solver proved
winnable, served when no graded deal is available; ``chosen``: opened by its number;
``daily``: a deal of the day)."""
Grade = Literal["easy", "normal", "hard"]
"""A graded deal's grade."""
Lang = Literal["en", "ru"]
MoveText = Annotated[str, Field(max_length=16)]
"""One move in move text ("s", "r", "7C>4", "AH>f", "3:9H>7"); longer strings are refused
outright."""


def _whole(value: Any) -> Any:
    """Let a JSON number with no fractional part (``981.0``) count as the integer it is, as
    JSON Schema's ``integer`` does; booleans and text stay refused."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


WholeNumber = Annotated[StrictInt, BeforeValidator(_whole)]
"""An integer in the API: ``981`` or ``981.0``, never ``true`` or ``"981"`` (a deal number
as a float must also be below 2**53: :data:`DealNumber`)."""


SAFE_INTEGER = 2**53 - 1
"""The largest integer a browser's JSON numbers hold exactly."""

_DIGITS = re.compile(r"^[1-9][0-9]{0,29}$")


def _integer_deal(value: Any) -> Any:
    """A deal number given as a JSON float: the integer it is when it surely is the number
    written, else refused. ``5.0`` and ``1e10`` are the integers 5 and 10**10 (as JSON
    Schema's ``integer`` has it: a JSON number has no separate float spelling, and schema-driven
    clients send them so); a fraction is no deal number, and neither is a float of 2**53 or
    more, which need not be the number written (``9007199254740993.0`` and
    ``99999999999999999999.0`` read as other numbers): above 2**53 - 1 a deal number travels as
    an integer or as digits."""
    if isinstance(value, float):
        if not value.is_integer():
            raise PydanticCustomError(
                "deal_number",
                "a deal number is an integer, and {shown} is not one",
                {"shown": repr(value)},
            )
        if abs(value) > SAFE_INTEGER:
            raise PydanticCustomError(
                "deal_number",
                "a deal number written as a float must be at most 2**53 - 1 ({shown} may not be "
                "the number written): write it as an integer or as digits",
                {"shown": repr(value)},
            )
        return int(value)
    return value


def _deal_number(value: Any) -> Any:
    """A deal number from JSON: an integer (``12345``; as a float only below 2**53, see
    :func:`_integer_deal`) or its digits (``"12345"``, how numbers above 2**53 - 1 travel to
    and from browsers, whose numbers would round them)."""
    if isinstance(value, str):
        if not _DIGITS.fullmatch(value):  # ASCII digits only, and no newline after them
            if value.isascii() and value.isdigit() and not value.startswith("0"):
                raise ValueError(
                    f"number too long: {len(value)} digits (a deal number has at most 30)"
                )
            raise ValueError(
                "a deal number written as text must be ASCII digits, without a leading 0"
            )
        return int(value)
    return _integer_deal(value)


DealNumber = Annotated[
    StrictInt,
    Field(ge=1),
    BeforeValidator(_deal_number),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "integer", "minimum": 1},
                {"type": "string", "pattern": _DIGITS.pattern},
            ]
        }
    ),
]
"""A deal number in the API: an integer, or its digits as text (as a float only below 2**53:
see :func:`_integer_deal`)."""

ListedDeal = Annotated[StrictInt, BeforeValidator(_integer_deal)]
"""A deal number in a list of deals (a new deal's ``exclude``): an integer (as a float only
below 2**53)."""


def deal_number_of(value: int | str) -> int:
    """A record's deal number as an integer."""
    return int(value)


def deal_number_for_json(number: int) -> int | str:
    """A deal number as it goes to a browser: a JSON number when it holds it exactly, else
    digits."""
    return number if number <= SAFE_INTEGER else str(number)


def whole_number(ge: int | None = None, le: int | None = None) -> Any:
    """:data:`WholeNumber` with bounds that the OpenAPI schema shows as ``minimum`` and
    ``maximum`` (the bounds must come before the validator for that)."""
    return Annotated[StrictInt, Field(ge=ge, le=le), BeforeValidator(_whole)]


class _Strict(BaseModel):
    """A model that refuses unknown fields, so typos are reported instead of ignored."""

    model_config = ConfigDict(extra="forbid")


class DealBase(_Strict):
    """Which deal is played: its number in a numbering, and where it came from. (A number
    beyond its numbering's range is refused by the replay, with 409, as the schema cannot say
    it.)"""

    spec: ClassVar[GameSpec]

    number: DealNumber = Field(..., description="the deal number (as digits when above 2**53 - 1)")
    source: RecordSource = "chosen"


class ReasonView(BaseModel):
    """Why a move was refused: a stable code and a message in each language."""

    code: str
    en: str
    ru: str


class ColumnView(BaseModel):
    """One tableau column: how many face-down cards (never which) and the face-up cards."""

    down: int
    up: list[str]


class PlaceView(BaseModel):
    """One place of a table made of places (rows or peaks rather than columns): the card on it
    when it lies face up (never a face-down card's name), whether a card lies there at all,
    where it is drawn and which places cover it (see :class:`kosynka.games.base.Place`)."""

    card: str | None = Field(description="the card, when one lies here face up; else null")
    filled: bool = Field(description="whether a card (face up or down) lies here")
    row: int = Field(description="the row from the top")
    x: int = Field(description="across, in half card widths from the table's left edge")
    covered_by: list[int] = Field(
        default_factory=list, description="the places whose cards cover this one"
    )


class FoundationView(BaseModel):
    """One foundation: its suit letter, how many cards it holds and its top card."""

    suit: str
    count: int
    top: str | None


class StepView(BaseModel):
    """One line of a score's account (:class:`kosynka.scoring.Step`): what earned or cost
    points, the points its rule gives, the change it made, the score after it, and the move
    (its place in the record and its text) when one move earned it."""

    code: str
    points: int
    change: int
    score: int
    move: int | None
    text: str | None
    en: str
    ru: str


class ScoreView(BaseModel):
    """The game's score (:mod:`kosynka.scoring`), computed from the replay the answer was made
    from (no second replay)."""

    scoring: str = Field(
        description="the scoring used: the one asked for when the record's "
        "rules are played by it, else the game's default"
    )
    scorings: list[str] = Field(description="the scorings the record's rules are played by")
    cumulative: bool = Field(description="the scoring used is kept from game to game (carry)")
    score: int = Field(description="the score (for a cumulative scoring, the running total)")
    game_points: int = Field(description="what this game alone scored")
    won: bool
    assisted: bool = Field(
        description="a hint was used: the points are the same, but the game is an assisted one"
    )
    steps: list[StepView] | None = Field(
        default=None, description="the account, step by step (given once the game is won)"
    )


class View(BaseModel):
    """What the player may see of a position, and what they may do there."""

    columns: list[ColumnView]
    waste: list[str] = Field(
        default_factory=list,
        description="the visible top of the waste, top card last (empty in games without one)",
    )
    cells: list[str | None] = Field(
        default_factory=list,
        description="the free cells, null for an empty one (none in games without them)",
    )
    stock: list[str] = Field(
        default_factory=list,
        description="the stock's face-up cards, top card last (empty where the stock lies "
        "face down)",
    )
    places: list[PlaceView] = Field(
        default_factory=list,
        description="the table's places, in the game's order (games whose table is made of "
        "places rather than columns; empty in the others)",
    )
    foundations: list[FoundationView] = Field(
        description="in the game's order: in suit order C, D, H, S, in the order their aces "
        "arrived, or (where finished runs leave the table) the runs removed, in order"
    )
    counters: dict[str, int | None] = Field(
        description="the figures always on show, each game's own by name (``moves`` in every "
        "game; the game's web adapter lists the others)"
    )
    legal: list[str] = Field(description="every legal move, in move text")
    can_undo: bool
    outcome: Literal["won", "stuck"] | None
    collect: bool = Field(description="the rest provably finishes: one tap collects it")
    score: ScoreView | None = Field(
        default=None, description="the score, when the request asked for it (``score``)"
    )


class ViewResponse(BaseModel):
    """The answer to a view request."""

    view: View


class MoveResponse(BaseModel):
    """The answer to a move: accepted (with the moves to append to the record) or refused."""

    accepted: bool
    applied: list[str] = Field(description="moves to append to the record (the move, then autos)")
    reason: ReasonView | None = None
    view: View


HintKind = Literal["solver", "heuristic", "draw", "recycle", "deal", "none", "stuck", "won"]


class HintResponse(BaseModel):
    """A suggested move and how it was found; ``move`` is null only when nothing can move."""

    move: str | None
    kind: HintKind
    winnable: bool | None = Field(
        description="true: the solver found a win from here; false: it proved none; null: unknown"
    )
    chance: float | None = Field(
        default=None,
        ge=0.0,
        le=1.0,
        description="the share of samples of the unseen cards in which the full-information "
        "solver wins after the hinted line (the hint's estimate of the chance to win from "
        "here); null when the hint did not sample",
    )
    en: str
    ru: str


class AnalysisResponse(BaseModel):
    """What the full-information solver says of a game (asked for by the player only): whether
    it could still be won if the hidden cards were known, and for a game that no longer can,
    the move after which the win was lost."""

    status: Literal["winnable", "lost", "unknown"] = Field(
        description="winnable: a win exists from here (with the hidden cards known); lost: "
        "none does; unknown: the solver found no answer in time"
    )
    lost_at: int | None = Field(
        default=None,
        description="for a lost game: the number of moves after which a win still existed "
        "(0: the deal itself could not be won); null when not known",
    )
    en: str
    ru: str


class SourcesResponse(BaseModel):
    """Where new deals can come from under the rules asked about: each graded source is
    available only when the deal library has deals of that grade for exactly these rules."""

    easy: bool
    normal: bool
    hard: bool
    random: bool = True


class CollectResponse(BaseModel):
    """The moves that finish the game (empty when collecting is not possible)."""

    available: bool
    moves: list[str]


def _day(value: Any) -> Any:
    """A date from a query: ``YYYY-MM-DD`` read strictly (see
    :func:`kosynka.library.daily.parse_date`), refused with what is wrong with it."""
    if isinstance(value, str):
        from kosynka.library.daily import parse_date

        try:
            return parse_date(value)
        except KosynkaError as exc:
            raise PydanticCustomError("date", "{message}", {"message": str(exc)}) from None
    return value


Day = Annotated[datetime.date, BeforeValidator(_day)]
"""A date in the API: ``2026-12-01`` (years 0001 to 9999)."""


def query_text(value: Any) -> str:
    """How a rule option's value is written in a query string: ``unlimited`` for None (no
    limit, as unlimited passes), ``true`` and ``false`` for a switch, else its text."""
    if value is None:
        return "unlimited"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _query_choice(values: tuple[Any, ...]) -> Callable[[Any], Any]:
    """A reader of a query string's text (see :func:`query_text`; a whole number also with
    leading zeros) into one of ``values``, for a field of those choices; other text is refused
    with the texts it may be."""
    by_text = {query_text(v): v for v in values}
    texts = list(by_text)
    expected = texts[0] if len(texts) == 1 else f"{', '.join(texts[:-1])} or {texts[-1]}"

    def read(value: Any) -> Any:
        if not isinstance(value, str):
            return value
        if value in by_text:
            return by_text[value]
        number = _query_int(value)
        if isinstance(number, int) and any(type(v) is int and v == number for v in values):
            return number
        raise PydanticCustomError(
            "literal_error", "Input should be {expected}", {"expected": expected}
        )

    return read


def _query_int(value: Any) -> Any:
    """A whole number from a query string (``"3"``), for a field of whole-number choices."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 3:
        return int(value)
    return value


class DailyFacts(BaseModel):
    """What the starter library knows of a deal of the day (never its winning line)."""

    difficulty: float = Field(description="the grading score, 0 (easiest) to 100")
    player_games: int = Field(description="games the no-peek player played on the deal")
    player_wins: int = Field(description="how many of them it won")
    player_mean_moves: float = Field(description="the mean length of its games, in moves")
    solver_states: int = Field(description="positions the solver looked at to win it")
    line_moves: int = Field(description="moves in the solver's winning line")
    pool: int = Field(description="deals of the grade the deal of the day is chosen from")


class Problem(BaseModel):
    """One thing wrong with a request: where (a dotted path) and what."""

    where: str
    message: str


class ErrorResponse(BaseModel):
    """Every error answer: a code, a one-line message and the problems found."""

    error: str
    message: str
    problems: list[Problem] = Field(default_factory=list)


def error_body(code: str, message: str, problems: list[dict[str, str]] | None = None) -> bytes:
    """An :class:`ErrorResponse` as JSON bytes (for answers made below FastAPI)."""
    return json.dumps(
        {"error": code, "message": message, "problems": problems or []}, ensure_ascii=False
    ).encode()


MOST_SECONDS = 10**8
"""The most seconds a score request may name (over three years of play)."""
MOST_COUNT = 10**6
"""The most undos or hints a score request may name."""
MOST_CARRY = 10**12
"""The largest running total (either way) a cumulative score may carry in."""


def score_request_model(spec: GameSpec, title: str) -> type[BaseModel]:
    """The ``score`` part of ``spec``'s requests: how to score the record (the scoring, and
    what a record cannot show: the seconds played, the undos, the hints, the carry)."""
    from kosynka.scoring import scorings

    try:
        names: Any = Literal[scorings(spec.name)]
    except KosynkaError:
        names = Annotated[str, Field(max_length=20)]
    return create_model(
        f"{title}ScoreRequest",
        __base__=_Strict,
        __doc__="How to score the record: the scoring asked for and what the record cannot "
        "show. A scoring the record's rules are not played by gives way to the game's default "
        "(the answer's ``score.scoring`` says which was used).",
        scoring=(names | None, Field(default=None, description="the scoring asked for")),
        seconds=(
            Annotated[StrictFloat, Field(ge=0, le=MOST_SECONDS, allow_inf_nan=False)] | None,
            Field(default=None, description="seconds played; null for an untimed game"),
        ),
        undos=(whole_number(ge=0, le=MOST_COUNT), Field(default=0, description="moves taken back")),
        hints=(whole_number(ge=0, le=MOST_COUNT), Field(default=0, description="hints asked for")),
        carry=(
            whole_number(ge=-MOST_CARRY, le=MOST_CARRY) | None,
            Field(
                default=None,
                description="the running total of the games before (a cumulative scoring "
                "only; ignored by the others)",
            ),
        ),
    )


@dataclass(frozen=True)
class GameModels:
    """The request models of one game's API (their rules and numberings are the game's own)."""

    rules: type[BaseModel]
    deal: Any
    record: type[BaseModel]
    view_request: type[BaseModel]
    move_request: type[BaseModel]
    new_request: type[BaseModel]
    new_response: type[BaseModel]
    sources_request: type[BaseModel]
    daily_query: type[BaseModel]
    daily_response: type[BaseModel]
    score_request: type[BaseModel]


def game_models(
    spec: GameSpec, title: str, rules: type[BaseModel], move_pattern: str | None = None
) -> GameModels:
    """Build the API models of ``spec``'s game: its record (rules, deal, moves) and the requests
    that carry it. ``title`` prefixes the model names in the OpenAPI schema."""
    numbering: Any = Literal[tuple(spec.numberings)]
    default_numbering = spec.default_numbering()
    game_name: Any = Literal[spec.name]
    move_text: Any = Annotated[str, Field(max_length=16, pattern=move_pattern)]
    deal: Any = create_model(
        f"{title}Deal",
        __base__=DealBase,
        __doc__=f"Which {spec.name} deal is played: its number in a numbering, and its source.",
        numbering=(numbering, default_numbering),
        number=(
            DealNumber,
            Field(..., description="the deal number (as digits when above 2**53 - 1)"),
        ),
    )
    deal.spec = spec
    record = create_model(
        f"{title}GameRecord",
        __base__=_Strict,
        __doc__="Everything needed to rebuild a game: the server replays ``moves`` on the deal.",
        game=(game_name, spec.name),
        rules=(rules, Field(default_factory=rules)),
        deal=(deal, ...),
        moves=(
            list[move_text],
            Field(
                default_factory=list,
                max_length=MAX_MOVES,
                description="moves in move text, oldest first",
            ),
        ),
    )
    score_request = score_request_model(spec, title)
    score_field: Any = (
        score_request | None,
        Field(default=None, description="score the record too (the view's ``score``)"),
    )
    view_request = create_model(
        f"{title}ViewRequest",
        __base__=_Strict,
        __doc__="Show a game: the record to replay.",
        record=(record, ...),
        lang=(Lang, "en"),
        score=score_field,
    )
    move_request = create_model(
        f"{title}MoveRequest",
        __base__=_Strict,
        __doc__="Try one move on the record's position.",
        record=(record, ...),
        move=(move_text, Field(..., description="the move text")),
        auto=(
            StrictBool,
            Field(default=False, description="after the move, also make every safe move home"),
        ),
        score=score_field,
    )
    new_request = create_model(
        f"{title}NewGameRequest",
        __base__=_Strict,
        __doc__="Start a new deal.",
        rules=(rules, Field(default_factory=rules)),
        source=(DealSource, "random"),
        numbering=(numbering, default_numbering),
        exclude=(
            list[ListedDeal],
            Field(default_factory=list, max_length=MAX_EXCLUDE, description="deals to avoid"),
        ),
        score=score_field,
    )
    new_response = create_model(
        f"{title}NewGameResponse",
        __base__=BaseModel,
        __doc__="A new deal: the record to keep and its first view.",
        record=(record, ...),
        view=(View, ...),
        note=(
            str | None,
            Field(default=None, description="why the source differs from the one asked for"),
        ),
    )
    sources_request = create_model(
        f"{title}SourcesRequest",
        __base__=_Strict,
        __doc__="Which deal sources exist for these rules.",
        rules=(rules, Field(default_factory=rules)),
    )
    daily_query, daily_response = _daily_models(spec, title, record, score_request)
    return GameModels(
        rules,
        deal,
        record,
        view_request,
        move_request,
        new_request,
        new_response,
        sources_request,
        daily_query,
        daily_response,
        score_request,
    )


def _daily_models(
    spec: GameSpec, title: str, record: type[BaseModel], score_request: type[BaseModel]
) -> tuple[type[BaseModel], type[BaseModel]]:
    """The query and the answer of ``spec``'s deal of the day: the date, the grade, the
    rule options that tell the game's daily variants apart (the library's
    :func:`~kosynka.library.daily.variants`) and, to have the first view scored, the scoring
    asked for (``score_request``'s)."""
    from kosynka.library.daily import variants

    options = {o.name: o for o in spec.options}
    scoring: Any = (
        score_request.model_fields["scoring"].annotation,
        Field(default=None, description="score the first view by this scoring"),
    )
    fields: dict[str, Any] = {}
    for name, values in variants(spec).items():
        kind: Any = Annotated[Literal[values], BeforeValidator(_query_choice(values))]
        texts = ", ".join(query_text(v) for v in values)
        fields[name] = (
            kind,
            Field(options[name].default, description=f"the variant: {name} ({texts})"),
        )
    query = create_model(
        f"{title}DailyQuery",
        __base__=_Strict,
        __doc__="Which deal of the day: the date, the grade and the variant.",
        date=(
            Day | None,
            Field(
                default=None,
                description="the day (the player's local date); the date in UTC when left out",
            ),
        ),
        grade=(Grade, Field(default="normal", description="easy, normal or hard")),
        scoring=scoring,
        **fields,
    )
    answer = create_model(
        f"{title}DailyResponse",
        __base__=BaseModel,
        __doc__="A deal of the day: the record to play (its deal's source is ``daily``), its "
        "first view and what the starter library knows of it.",
        date=(str, Field(..., description="the day, YYYY-MM-DD")),
        grade=(Grade, ...),
        record=(record, ...),
        view=(View, ...),
        facts=(DailyFacts, ...),
    )
    return query, answer
