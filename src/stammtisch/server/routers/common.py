"""What the routers share: the app's tables, settings and limits, reading a request body
(bounded, strict JSON, validated), the path parameter types, names of people, and the error
answers (a :class:`~stammtisch.server.tables.TableError` code and its HTTP status).
"""

from __future__ import annotations

from ...core.messages import Msg
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import Path as PathParam
from fastapi import Request
from fastapi.responses import JSONResponse

from ...core.errors import IllegalAction, StammtischError
from ...core.names import clean_name
from ..guard import BadJSON, Buckets, loads_strict
from ..registry import Tables
from ..schemas import M, ValidationError, describe
from ..table import Table
from ..tables import ServerConfig, TableError

__all__ = ["Limits", "tables_of", "config_of", "limits_of", "client_key", "table_or_404", "owner_token",
           "read_model", "person_name", "error_response", "TableId", "Number", "DealNo", "SeatNo"]


@dataclass
class Limits:
    """The per-client limits of one app (kept on ``app.state.limits``)."""

    create: Buckets
    login_by_client: Buckets
    login_by_name: Buckets
    #: open table sockets per client address
    sockets_by_client: dict[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, cfg: ServerConfig) -> "Limits":
        return cls(Buckets(cfg.create_burst, cfg.create_per_minute), Buckets(cfg.login_burst, cfg.login_per_minute),
                   Buckets(cfg.login_burst, cfg.login_per_minute))


_STATUS = {"not_found": 404, "forbidden": 403, "taken": 409, "full": 409, "started": 409, "stale": 409,
           "seats_empty": 409, "name_taken": 409, "ended": 409, "broken": 409, "busy": 503,
           "not_finished": 404, "kiebitz": 403, "too_large": 413, "rate_limited": 429}


def error_response(e: StammtischError, status: int | None = None) -> JSONResponse:
    if isinstance(e, TableError):
        body = e.to_json()
        return JSONResponse(body, status_code=status or _STATUS.get(e.code, 400))
    body = {"type": "error", "code": "illegal" if isinstance(e, IllegalAction) else "invalid", **e.to_json()}
    return JSONResponse(body, status_code=status or 400)


async def _raw_body(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise TableError("too_large", Msg("request body larger than {limit} bytes", limit=limit))
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TableError("too_large", Msg("request body larger than {limit} bytes", limit=limit))
        chunks.append(chunk)
    return b"".join(chunks)


async def read_model(request: Request, model: type[M], limit: int = 16384) -> M:
    """The request body as ``model``: at most ``limit`` bytes, strict JSON (:func:`.guard.loads_strict`),
    an object, validated field by field. Every failure is a 400 naming what was wrong."""
    raw = await _raw_body(request, limit)
    data: Any = {}
    if raw.strip():
        try:
            data = loads_strict(raw)
        except BadJSON as e:
            raise TableError("bad_message", Msg("the request body is not JSON we accept"),
                             detail=str(e)[:200]) from None
    if not isinstance(data, dict):
        raise TableError("bad_message", Msg("the request body must be a JSON object"))
    try:
        return model.model_validate(data)
    except ValidationError as e:
        said, detail = describe(e)
        raise TableError("bad_message", said, detail=detail) from None


TableId = Annotated[str, PathParam(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
Number = Annotated[int, PathParam(ge=1, le=2**31 - 1)]
DealNo = Annotated[int, PathParam(ge=0, le=100_000)]
SeatNo = Annotated[int, PathParam(ge=0, le=64)]


def tables_of(request: Request) -> Tables:
    return request.app.state.tables


def config_of(request: Request) -> ServerConfig:
    return request.app.state.config


def limits_of(request: Request) -> Limits:
    return request.app.state.limits


def client_key(request: Request) -> str:
    return request.client.host if request.client else "unknown"


async def table_or_404(request: Request, table_id: str) -> Table:
    t = await tables_of(request).get(table_id)
    if t is None:
        raise TableError("not_found", Msg("no table '{table}'", table=str(table_id)[:40]))
    return t


async def owner_token(request: Request, t: Table, model: type[M]) -> tuple[M, Any]:
    """The body of an owner-only route and the owner's token. A token in the ``X-Table-Token``
    header is checked before the body is read (a wrong one costs the server nothing)."""
    header = request.headers.get("x-table-token")
    if header is not None and not t.is_owner(header):
        raise TableError("forbidden", Msg("only the table's owner (who opened it) may do that"))
    body = await read_model(request, model, config_of(request).max_api_body)
    token = header if header is not None else getattr(body, "token", None)
    return body, token


def person_name(value: Any) -> str:
    """A person's name as shown at the table (:func:`stammtisch.core.names.clean_name`: NFKC, no
    control or invisible characters, 1..40 characters), so that no two seats and no person and a
    computer player can look alike by hidden characters; names beginning with "Computer" are kept
    for computer players."""
    try:
        value = clean_name(value, 40)
    except ValueError:
        raise TableError("bad_name", Msg("a name is 1..{most} characters, without control or invisible characters",
                                         most=40)) from None
    if value.casefold().startswith("computer"):
        raise TableError("bad_name", Msg("names beginning with 'Computer' are kept for computer players"))
    return value
