"""The browser game: a stateless FastAPI server (``create_app``) and the page it serves.

The browser keeps the game record (rules, deal, moves); every request carries it, and the server
replays it with the rules engine and answers with what the player may see.
"""

from kosynka.web.app import create_app

__all__ = ["create_app"]
