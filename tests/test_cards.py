"""Cards: parsing in every accepted spelling, formatting, names."""

import unittest

import pytest

from kosynka.cards import ALL_CARDS, Card, Suit
from kosynka.errors import InvalidNotationError


class TestCard(unittest.TestCase):
    def test_all_spellings(self) -> None:
        for text in ("TD", "td", "10D", "10d", "10♦", "t♦", "T♢"):
            assert Card.parse(text) == Card(10, Suit.DIAMONDS), text
        assert Card.parse("a♠") == Card(1, Suit.SPADES)
        assert Card.parse(" kh ") == Card(13, Suit.HEARTS)

    def test_round_trip(self) -> None:
        for card in ALL_CARDS:
            assert Card.parse(str(card)) is card
            assert Card.parse(card.text("10")) is card
            assert eval(repr(card)) == card  # repr pastes back
        assert len({c.index for c in ALL_CARDS}) == 52

    def test_bad_cards(self) -> None:
        for text in ("", "X", "1", "11C", "0H", "KX", "K", "HK", "7CC"):
            with pytest.raises(InvalidNotationError, match="not a card"):
                Card.parse(text)
        with pytest.raises(InvalidNotationError):
            Card(14, Suit.CLUBS)

    def test_colours_and_names(self) -> None:
        assert Card.parse("7H").is_red and not Card.parse("7S").is_red
        assert Card.parse("7C").name() == "seven of clubs"
        assert Card.parse("7C").name("ru") == "семёрка треф"
        assert Card.parse("QD").name("ru") == "дама бубен"
