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
from .deps import client, context, device_of, note_proxy, public_base, set_device, store, token_of, who

__all__ = ["router"]

router = APIRouter()


@router.post("/api/login")
def login(request: Request, body: LoginIn = Depends(body_of(LoginIn))) -> dict[str, Any]:
    note_proxy(request)
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
def unlock(request: Request, response: Response, table_id: Id,
           body: UnlockIn = Depends(body_of(UnlockIn))) -> dict[str, Any]:
    """A table session for the entry code; the lockout locks the device (its cookie), see
    :meth:`~stammtisch.scorekeeper.accounts.Accounts.unlock_table`."""
    note_proxy(request)
    device = device_of(request)
    known = device is not None and store(request).known_device(table_id, device)
    if not known and not context(request).unlocks.allow(client(request)):
        raise Locked(Msg("too many entry codes from this address; wait a minute"))
    out = store(request).unlock_table(table_id, body.code, client(request), device)
    set_device(request, response)
    return out


@router.get("/api/address")
def address(request: Request, p: Principal | None = Depends(who)) -> dict[str, Any]:
    """What the organiser page needs before printing table cards: the address they will carry, whether a
    phone can open it, and whether a reverse proxy's forwarded headers arrive unbelieved."""
    if p is None or p.organiser is None:
        raise Forbidden(Msg("log in as an organiser first (POST /scorekeeper/api/login)"))
    from stammtisch.publicurl import is_loopback

    base = public_base(request)
    return {"base": base, "loopback": is_loopback(base),
            "configured": bool(getattr(request.app.state, "public_url", None)),
            "proxy_warning": context(request).proxy_warning}
