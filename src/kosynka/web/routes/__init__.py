"""The web routers: ``api`` (the JSON game API) and ``pages`` (the game and rules pages)."""
