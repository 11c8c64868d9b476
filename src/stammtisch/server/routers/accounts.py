"""Lobby accounts: register, log in (argon2, the same work for unknown names), log out."""

from __future__ import annotations

from ...core.messages import Msg
import asyncio

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerifyMismatchError
from fastapi import APIRouter, Request

from ..schemas import Credentials, Logout
from ..store import new_token
from ..tables import TableError
from .common import client_key, config_of, limits_of, person_name, read_model, tables_of

__all__ = ["router"]

_hasher = PasswordHasher()

router = APIRouter()


# -- accounts ----------------------------------------------------------------------
def login_allowed(request: Request, name: str) -> None:
    by_client = limits_of(request).login_by_client.take(client_key(request))
    by_name = limits_of(request).login_by_name.take(name.casefold())
    if not (by_client and by_name):
        raise TableError("rate_limited", Msg("too many attempts; wait a minute"))

@router.post("/api/accounts")
async def api_register(request: Request):
    body = await read_model(request, Credentials, config_of(request).max_api_body)
    name = person_name(body.name)
    login_allowed(request, name)
    pw = body.password
    if not 8 <= len(pw) <= 200:
        raise TableError("bad_password", Msg("a password is 8..200 characters"))
    h = await asyncio.get_running_loop().run_in_executor(None, _hasher.hash, pw)
    store = tables_of(request).store
    acc = await tables_of(request).db(store.create_account, name, h)
    if acc is None:
        raise TableError("taken", Msg("the name '{name}' is taken", name=name))
    session = await tables_of(request).db(store.new_session, acc)
    return {"name": name, "session": session}

@router.post("/api/login")
async def api_login(request: Request):
    body = await read_model(request, Credentials, config_of(request).max_api_body)
    name = person_name(body.name)
    login_allowed(request, name)
    store = tables_of(request).store
    acc = await tables_of(request).db(store.account_by_name, name)
    # the same argon2 work whether or not the name exists: the answer's timing tells nobody
    # which names have accounts
    stored = acc.password_hash if acc is not None else _dummy_hash()
    ok = await asyncio.get_running_loop().run_in_executor(None, _verify, stored, body.password)
    if not ok or acc is None:
        raise TableError("forbidden", Msg("wrong name or password"))
    session = await tables_of(request).db(store.new_session, acc.id)
    return {"name": acc.name, "session": session}

@router.post("/api/logout")
async def api_logout(request: Request):
    body = await read_model(request, Logout, config_of(request).max_api_body)
    ended = await tables_of(request).db(tables_of(request).store.end_session, body.session)
    return {"logged_out": ended}



_dummy: list[str] = []


def _dummy_hash() -> str:
    """An argon2 hash of nothing anybody knows (computed once), verified for unknown names."""
    if not _dummy:
        _dummy.append(_hasher.hash(new_token()))
    return _dummy[0]


def _verify(stored: str, password: str) -> bool:
    try:
        return _hasher.verify(stored, password)
    except (VerifyMismatchError, InvalidHashError, Exception):
        return False
