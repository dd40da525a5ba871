"""What the web layer needs to know of each game, one module per game (``web.games.<name>``,
found by name) with an ``ADAPTER``: the rules model of the API, how a position is shown, hints
in words, the safe moves of the auto option and the collect line. No rules here: those stay in
the game's package."""

from __future__ import annotations

import importlib

from kosynka.web.games.base import Table, WebAdapter

__all__ = ["Table", "WebAdapter", "adapter_of"]


def adapter_of(name: str) -> WebAdapter | None:
    """The web adapter of the game called ``name``, or None when the web has none."""
    if not name.isidentifier():
        return None
    try:
        module = importlib.import_module(f"kosynka.web.games.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"kosynka.web.games.{name}":
            return None
        raise
    adapter: WebAdapter = module.ADAPTER
    return adapter
