"""A table made of places as the API shows it (``View.places``): every place with where it is
drawn and what covers it, a face-up card named, a face-down card never."""

from __future__ import annotations

from typing import Any

from kosynka.cards import Card
from kosynka.games.base import Place, PositionView
from kosynka.games.pyramid import Pyramid
from kosynka.web.games.base import places_of
from kosynka.web.schemas import PlaceView, View


def test_a_pyramid_s_places_are_all_shown() -> None:
    game = Pyramid(1)
    places = [PlaceView(**p) for p in places_of(game)]
    assert len(places) == 28
    assert [p.card for p in places][:3] == ["JD", "2D", "9H"]
    assert all(p.filled for p in places)
    assert places[0].covered_by == [1, 2] and places[27].covered_by == []
    game.push_text("QH+AS")
    after = places_of(game)
    assert after[21] == {"card": None, "filled": False, "row": 6, "x": 0, "covered_by": []}


class _FaceDown:
    """A game whose one place holds a face-down card (TriPeaks' peaks before they turn)."""

    def view(self) -> PositionView:
        return PositionView(
            columns=(), face_down=(), places=(Place(Card.parse("7C"), False, 0, 3, (1, 2)),)
        )


def test_a_face_down_card_is_never_named() -> None:
    [place] = places_of(_FaceDown())  # type: ignore[arg-type]
    assert place == {"card": None, "filled": True, "row": 0, "x": 3, "covered_by": [1, 2]}


def test_a_view_of_columns_has_no_places() -> None:
    view: dict[str, Any] = {
        "columns": [],
        "foundations": [],
        "counters": {"moves": 0},
        "legal": [],
        "can_undo": False,
        "outcome": None,
        "collect": False,
    }
    assert View(**view).places == []
