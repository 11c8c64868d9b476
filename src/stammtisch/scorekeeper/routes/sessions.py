"""Sessions: an organiser logs in and out; a list keeper exchanges the table card's entry code."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from stammtisch.core.messages import Msg

from ..bodies import LoginIn, UnlockIn
from ..errors import Forbidden, Locked
from ..http import Id, body_of
from ..store import Principal
from .deps import client, context, store, token_of, who

__all__ = ["router"]

router = APIRouter()


@router.post("/api/login")
def login(request: Request, body: LoginIn = Depends(body_of(LoginIn))) -> dict[str, Any]:
    if not context(request).logins.allow(client(request)):
        raise Locked(Msg("too many logins from this address; wait a minute"))
    return store(request).login(body.name, body.password)


@router.post("/api/logout", status_code=204)
def logout(request: Request) -> Response:
    store(request).logout(token_of(request))
    return Response(status_code=204)


@router.get("/api/me")
def me(request: Request, p: Principal | None = Depends(who)) -> dict[str, Any]:
    if p is None:
        raise Forbidden(Msg("not logged in"))
    if p.organiser is not None:
        return {"organiser": {"id": p.organiser, "name": p.name},
                "tournaments": store(request).list_tournaments(organiser=p.organiser)}
    return {"table": p.table}


@router.post("/api/tables/{table_id}/unlock")
def unlock(request: Request, table_id: Id, body: UnlockIn = Depends(body_of(UnlockIn))) -> dict[str, Any]:
    if not context(request).unlocks.allow(client(request)):
        raise Locked(Msg("too many entry codes from this address; wait a minute"))
    return store(request).unlock_table(table_id, body.code, client(request))
