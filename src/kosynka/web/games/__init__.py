"""What the web layer needs to know of each game, one module per game (``web.games.<name>``,
found by name) with an ``ADAPTER``: the rules model of the API, how a position is shown, hints
in words, the safe moves of the auto option and the collect line. No rules here: those stay in
the game's package."""

from __future__ import annotations

from kosynka.games import game_part
from kosynka.web.games.base import Table, WebAdapter

__all__ = ["Table", "WebAdapter", "adapter_of"]


def adapter_of(name: str) -> WebAdapter | None:
    """The web adapter of the game called ``name``, or None when the web has none."""
    module = game_part("kosynka.web.games", name)
    if module is None:
        return None
    adapter: WebAdapter = module.ADAPTER
    return adapter
