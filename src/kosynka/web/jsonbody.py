"""Request bodies as the API reads them: JSON whose integers may be too long for Python.

Python refuses to turn more than 4,300 digits into an ``int`` (``sys.get_int_max_str_digits``:
the conversion takes time quadratic in the digits). The API's JSON reader keeps such a number
as a :class:`TooLongNumber` instead of failing the whole body, so that validation names the
field that holds it and the answer is a 422 saying what is wrong ("number too long"). A body
nested deeper than Python's parser can follow (about a thousand arrays or objects, one in the
next) is a 400 saying so (:data:`TOO_DEEP`).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import HTTPException, Request
from fastapi.routing import APIRoute
from starlette.responses import Response

TOO_DEEP = "the request body is nested too deeply (arrays or objects within each other)"
"""The message of the 400 answer to a body nested deeper than the parser follows."""

MAX_DIGITS = getattr(sys, "get_int_max_str_digits", lambda: 4300)() or 4300
"""The most digits an integer in a request body may have (Python's own limit)."""


class TooLongNumber:
    """A JSON integer with more than :data:`MAX_DIGITS` digits, kept by its length only. No
    field accepts it, so validation reports it where it stands."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"<a number of {self.digits} digits>"

    def message(self) -> str:
        """What is wrong with it, for the error answer."""
        return f"number too long: {self.digits} digits (at most {MAX_DIGITS})"


def parse_int(text: str) -> int | TooLongNumber:
    """A JSON integer's text as an ``int``, or a :class:`TooLongNumber` when it has too many
    digits."""
    digits = len(text) - text.startswith("-")
    if digits > MAX_DIGITS:
        return TooLongNumber(digits)
    return int(text)


def loads(body: bytes) -> Any:
    """Parse a request body (UTF-8 JSON) with :func:`parse_int` for its integers; a body nested
    too deeply for the parser raises a 400 :class:`HTTPException` saying so (FastAPI passes
    it on as it is)."""
    try:
        return json.loads(body, parse_int=parse_int)
    except RecursionError:
        raise HTTPException(400, detail=TOO_DEEP) from None


class JSONRequest(Request):
    """A request whose ``json()`` reads the body with :func:`loads`."""

    async def json(self) -> Any:
        """The body as JSON (cached)."""
        if not hasattr(self, "_json"):
            self._json = loads(await self.body())
        return self._json


class JSONRoute(APIRoute):
    """An API route that reads its JSON body as :class:`JSONRequest` does."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        """The route's handler, given a :class:`JSONRequest`."""
        handler = super().get_route_handler()

        async def route(request: Request) -> Response:
            return await handler(JSONRequest(request.scope, request.receive))

        return route
