"""HTTP plumbing of the scorekeeper's routes: bodies read as capped streams, errors as JSON, gated reads.

Hostile clients (issue 11): every body is read as a stream with a cap (:data:`MAX_BODY`, 413
beyond it, whatever the Content-Length says); JSON numbers of more than :data:`MAX_DIGITS`
digits, nesting deeper than :data:`MAX_DEPTH` and bad UTF-8 are a 400; every field of the
wrong type is a 422 naming the field. Errors answer JSON ``{"error", "message", ...}``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import Path, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute
from pydantic import BaseModel, ValidationError

from stammtisch.core.errors import IllegalAction, OptionError, StammtischError

from .errors import BadInput, Conflict, Forbidden, Locked, NotFound, TooLarge

__all__ = ["MAX_BODY", "MAX_ID", "MAX_DEPTH", "MAX_DIGITS", "Id", "Number", "ScorekeeperRoute", "read_json",
           "validate", "body_of"]

#: the largest request body a scorekeeper route reads (a whole Tischzettel of facts is ~20 KB)
MAX_BODY = 256 * 1024
#: path and query numbers (ids, game numbers, rounds) beyond this are refused before the database sees them
MAX_ID = 2**31 - 1
#: nesting of JSON bodies
MAX_DEPTH = 16
#: JSON integers longer than this are refused while parsing (no arithmetic on 4000-digit numbers)
MAX_DIGITS = 15

Id = Annotated[int, Path(ge=1, le=MAX_ID)]
Number = Annotated[int, Path(ge=1, le=100_000)]

#: the request scope key under which a route finds its router's :class:`~.routes.deps.Context`
CONTEXT_KEY = "stammtisch.scorekeeper"


def http_status(exc: StammtischError) -> int:
    """The HTTP status of an error the scorekeeper (and the cup above it) answers with."""
    if isinstance(exc, BadInput):
        return exc.status
    if isinstance(exc, NotFound):
        return 404
    if isinstance(exc, Conflict):
        return 409
    if isinstance(exc, Forbidden):
        return 403
    if isinstance(exc, Locked):
        return 429
    if isinstance(exc, TooLarge):
        return 413
    if isinstance(exc, (IllegalAction, OptionError)):
        return 422
    return 400


def _field(loc: tuple[Any, ...]) -> str:
    parts = [str(x) for x in loc if x not in ("body", "path", "query", "header")]
    return ".".join(parts)


def _validation_message(errors: list[dict[str, Any]]) -> BadInput:
    e = errors[0]
    return BadInput(e.get("msg", "invalid"), _field(tuple(e.get("loc", ()))))


class ScorekeeperRoute(APIRoute):
    """Turns the scorekeeper's errors (and FastAPI's parameter errors) into JSON answers inside the
    router, so it needs no handler on the app.

    At most :attr:`concurrency` reads (GET) of one router are handled at once (per event loop); the
    others wait their turn. The handlers are synchronous database and ranking work in threads:
    without a bound, a loop of public reads of a big cup (0.3-1 s of CPU each) filled all 40
    threads and took the interpreter from the table server's event loop."""

    concurrency: int = 4
    _gates: dict[int, asyncio.Semaphore]
    #: the router's context (store, rate limiters), handed to the endpoints through the request scope
    context: Any = None

    def _gate(self) -> asyncio.Semaphore:
        loop = id(asyncio.get_running_loop())
        gates = type(self)._gates
        if loop not in gates:
            gates.clear()  # one server runs one loop; tests start a new one per client
            gates[loop] = asyncio.Semaphore(max(1, self.concurrency))
        return gates[loop]

    def get_route_handler(self) -> Callable:
        handler = super().get_route_handler()

        async def run(request: Request) -> Response:
            request.scope[CONTEXT_KEY] = self.context
            try:
                if request.method not in ("GET", "HEAD"):
                    # never gate a route that reads a body: a client sending it a byte a second
                    # would hold a place as long as it likes (the writes need a session, or are
                    # login and entry codes, rate-limited per address)
                    return await handler(request)
                async with self._gate():
                    return await handler(request)
            except StammtischError as exc:
                return JSONResponse(exc.to_json(), status_code=http_status(exc))
            except RequestValidationError as exc:
                err = _validation_message(list(exc.errors()))
                return JSONResponse(err.to_json(), status_code=422)

        return run


# ------------------------------------------------------------------ request bodies
def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of more than {MAX_DIGITS} digits")
    return int(text)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON knows")


def _depth(value: Any) -> int:
    """Nesting depth of parsed JSON, without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, (dict, list)):
            if d > MAX_DEPTH:
                return d
            deepest = max(deepest, d)
            stack.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return deepest


async def read_json(request: Request, limit: int | None = None) -> Any:
    """The request body as JSON, read as a stream and never more than ``limit`` bytes.

    :raises TooLarge: Content-Length or the bytes received exceed ``limit``
    :raises BadInput: not JSON, numbers too long, nested too deeply
    """
    limit = MAX_BODY if limit is None else limit
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isdigit() or len(declared) > 15:
            raise BadInput("Content-Length is not a number of bytes", status=400)
        if int(declared) > limit:
            raise TooLarge(f"the request body has {declared} bytes; the scorekeeper reads {limit} at most")
    buf = bytearray()
    async for chunk in request.stream():
        buf += chunk
        if len(buf) > limit:
            raise TooLarge(f"the request body is over {limit} bytes; the scorekeeper reads {limit} at most")
    if not buf.strip():
        return None
    try:
        data = json.loads(bytes(buf), parse_int=_bounded_int, parse_constant=_no_constant)
    except RecursionError:
        raise BadInput("the JSON is nested too deeply", status=400) from None
    except ValueError as exc:  # JSONDecodeError, bad UTF-8, and the number limits above
        raise BadInput(f"the body is not valid JSON ({str(exc)[:120]})", status=400) from None
    if _depth(data) > MAX_DEPTH:
        raise BadInput(f"the JSON is nested more than {MAX_DEPTH} deep", status=400)
    return data


def validate(model: type[BaseModel], data: Any) -> Any:
    if data is None:
        data = {}
    try:
        return model.model_validate(data, strict=True)
    except ValidationError as exc:
        raise _validation_message(list(exc.errors())) from None


def body_of(model: type[BaseModel]) -> Callable:
    """A dependency that reads and validates the body as ``model`` (declare it after the auth dependency:
    FastAPI solves dependencies in order, so the session is checked before a byte of the body is read)."""

    async def dep(request: Request) -> Any:
        return validate(model, await read_json(request))

    return dep
