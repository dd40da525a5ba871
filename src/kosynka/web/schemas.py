"""Request and response shapes of the web API (pydantic models).

The game record is what the browser keeps between requests: the rules, the deal and the moves
made so far. The server never stores it; it replays it to answer.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, model_validator

from kosynka.deals import MAX_DEAL

MAX_MOVES = 6000
"""The longest move list a record may carry (a long game with many draws stays far below)."""
MAX_EXCLUDE = 1000
"""The most deal numbers a new-deal request may ask to avoid."""

DealSource = Literal["easy", "normal", "hard", "random"]
"""Where a new deal comes from: graded library deals or any random deal."""
RecordSource = Literal["easy", "normal", "hard", "random", "random-winnable", "chosen"]
"""Where a record's deal came from (``random-winnable``: a random deal the solver proved
winnable, served when no graded deal is available; ``chosen``: opened by its number)."""
Lang = Literal["en", "ru"]
MoveText = Annotated[str, Field(max_length=16)]
"""One move in move text ("s", "r", "7C>4", "AH>f"); longer strings are refused outright."""


class _Strict(BaseModel):
    """A model that refuses unknown fields, so typos are reported instead of ignored."""

    model_config = ConfigDict(extra="forbid")


class Rules(_Strict):
    """Klondike's rule options."""

    draw: Literal[1, 3] = Field(default=1, description="cards turned per draw from the stock")
    passes: StrictInt | None = Field(
        default=None, ge=1, le=1000, description="passes through the stock; null for unlimited"
    )
    foundation_return: StrictBool = Field(
        default=True, description="whether a foundation's top card may come back to the tableau"
    )


class Deal(_Strict):
    """Which deal is played: its number in a numbering, and where it came from."""

    number: StrictInt = Field(..., ge=1, le=MAX_DEAL["pysol"], description="the deal number")
    numbering: Literal["pysol", "kpat"] = "pysol"
    source: RecordSource = "chosen"

    @model_validator(mode="after")
    def _in_range(self) -> Deal:
        """Check the number against its numbering's range."""
        top = MAX_DEAL[self.numbering]
        if self.number > top:
            raise ValueError(
                f"deal number {self.number} is out of range 1..{top} ({self.numbering} numbering)"
            )
        return self


class GameRecord(_Strict):
    """Everything needed to rebuild a game: the server replays ``moves`` on the deal."""

    game: Literal["klondike"] = "klondike"
    rules: Rules = Field(default_factory=lambda: Rules())
    deal: Deal
    moves: list[MoveText] = Field(
        default_factory=list,
        max_length=MAX_MOVES,
        description='moves in move text, oldest first: "s" draw, "r" recycle, "7C>4", "AH>f"',
    )


class ViewRequest(_Strict):
    """Show a game: the record to replay."""

    record: GameRecord
    lang: Lang = "en"


class MoveRequest(_Strict):
    """Try one move on the record's position."""

    record: GameRecord
    move: str = Field(..., max_length=16, description="the move text, e.g. 7C>4, AH>f, s, r")
    auto: StrictBool = Field(
        default=False, description="after the move, also play every safe card to the foundations"
    )


class NewGameRequest(_Strict):
    """Start a new deal."""

    rules: Rules = Field(default_factory=lambda: Rules())
    source: DealSource = "random"
    numbering: Literal["pysol", "kpat"] = "pysol"
    exclude: list[StrictInt] = Field(
        default_factory=list, max_length=MAX_EXCLUDE, description="deal numbers to avoid"
    )


class ReasonView(BaseModel):
    """Why a move was refused: a stable code and a message in each language."""

    code: str
    en: str
    ru: str


class ColumnView(BaseModel):
    """One tableau column: how many face-down cards (never which) and the face-up cards."""

    down: int
    up: list[str]


class FoundationView(BaseModel):
    """One foundation: its suit letter, how many cards it holds and its top card."""

    suit: str
    count: int
    top: str | None


class Counters(BaseModel):
    """The figures always on show."""

    moves: int
    face_down: int
    pass_number: int
    passes_left: int | None = Field(description="passes still allowed after this one; null: any")
    stock: int
    waste: int
    foundations: int


class View(BaseModel):
    """What the player may see of a position, and what they may do there."""

    columns: list[ColumnView]
    waste: list[str] = Field(description="the visible top of the waste, top card last")
    foundations: list[FoundationView] = Field(description="in the order their aces arrived")
    counters: Counters
    legal: list[str] = Field(description="every legal move, in move text")
    can_undo: bool
    outcome: Literal["won", "stuck"] | None
    collect: bool = Field(description="every card is face up and the rest provably finishes")


class ViewResponse(BaseModel):
    """The answer to a view request."""

    view: View


class MoveResponse(BaseModel):
    """The answer to a move: accepted (with the moves to append to the record) or refused."""

    accepted: bool
    applied: list[str] = Field(description="moves to append to the record (the move, then autos)")
    reason: ReasonView | None = None
    view: View


class NewGameResponse(BaseModel):
    """A new deal: the record to keep and its first view."""

    record: GameRecord
    view: View
    note: str | None = Field(
        default=None, description="why the source differs from the one asked for"
    )


HintKind = Literal["solver", "heuristic", "draw", "recycle", "stuck", "won"]


class HintResponse(BaseModel):
    """A suggested move and how it was found; ``move`` is null only when nothing can move."""

    move: str | None
    kind: HintKind
    winnable: bool | None = Field(
        description="true: the solver found a win from here; false: it proved none; null: unknown"
    )
    en: str
    ru: str


class CollectResponse(BaseModel):
    """The moves that finish the game (empty when collecting is not possible)."""

    available: bool
    moves: list[str]


class Problem(BaseModel):
    """One thing wrong with a request: where (a dotted path) and what."""

    where: str
    message: str


class ErrorResponse(BaseModel):
    """Every error answer: a code, a one-line message and the problems found."""

    error: str
    message: str
    problems: list[Problem] = Field(default_factory=list)
