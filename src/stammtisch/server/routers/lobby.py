"""The lobby API: the games on offer, and the tables — open one, take or empty a seat, fill seats
with computer players, start, close."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from ... import bots as botkit
from ...core import registry
from ...core.errors import OptionError, StammtischError
from ...bots.levels import level_gap
from ...core.messages import Msg, msg_json
from ...core.options import options_schema, options_to_json
from ...i18n import strength
from ..botpool import allowed_kinds
from ..presence import public_settings
from ..rematch import rematch
from ..schemas import CreateTable, FillBots, OwnerOnly, TakeSeat
from ..store import new_token
from ..tables import TableError
from .common import (SeatNo, TableId, client_key, config_of, limits_of, owner_token, person_name, read_model,
                     table_or_404, tables_of)

__all__ = ["router", "games_catalogue", "default_bot"]

router = APIRouter()
#: the web client's per-game renderers
_RENDERERS = Path(__file__).resolve().parents[2] / "web" / "static" / "games"


def level_gap_text(game: str, kind: str) -> Msg | None:
    """The lobby's tooltip of a search level: what the ladder measured against the level below
    (``benchmarks/strength/ladder.py``, :func:`stammtisch.bots.levels.level_gap`), or ``None``."""
    gap = level_gap(game, kind)
    if gap is None:
        return None
    mean = float(gap["mean"])
    points = round(mean) if abs(mean) >= 10 else round(mean, 1)
    upper, lower = strength(kind), strength(str(gap["vs"]))
    if gap.get("significant"):
        return Msg("„{upper}“ gewinnt im Mittel ~{points} Punkte pro Spiel gegen „{lower}“ "
                   "(gemessen in {pairs} doppelt gespielten Spielen)",
                   upper=upper, lower=lower, points=points, pairs=int(gap["pairs"]))
    return Msg("„{upper}“ und „{lower}“: kein messbarer Unterschied (gemessen in {pairs} doppelt gespielten Spielen)",
               upper=upper, lower=lower, pairs=int(gap["pairs"]))


def games_catalogue(levels: tuple[str, ...] = ("easy", "medium", "hard")) -> list[dict[str, Any]]:
    """Every available game with its profiles, options, deck and the computer players on offer
    (only the kinds a request may name: :func:`.botpool.allowed_kinds`)."""
    out = []
    for name in registry.names():
        try:
            g = registry.get(name)
        except Exception:  # engine not built (yet) in this installation
            continue
        profiles = {}
        for p, opts in g.profiles.items():
            profiles[p] = options_to_json(opts)
        opts = g.options()
        kinds = []
        works: dict[str, bool] = {}
        for k in allowed_kinds(levels):
            base = k.partition(":")[0]  # the levels of one kind stand or fall together
            if base not in works:
                try:
                    botkit.make(base, g)
                    works[base] = True
                except (NotImplementedError, OptionError, ValueError):
                    works[base] = False
            if works[base]:
                kinds.append(k)
        deck = g.deck
        out.append({
            "name": name, "title": g.title, "default_profile": g.default_profile, "profiles": profiles,
            "profile_titles": {p: g.profile_title(p) for p in profiles},
            # labels and help of the options as messages {id, args} (i18n.js msg() renders them)
            # and each choice in words ({value: message}; a value's key is its JSON text)
            "option_texts": {k: {"label": msg_json(lab), "help": msg_json(hlp),
                                 "choices": {str(v): msg_json(m) for v, m in g.option_choices.get(k, {}).items()}}
                             for k, (lab, hlp) in g.option_texts.items()},
            # the form's groups as the rule sheet groups them (title, paragraph, option names)
            "option_groups": [{"title": msg_json(title), "rule": rule, "options": list(names)}
                              for title, rule, names in g.option_groups],
            "bot_names": {k: msg_json(strength(k)) for k in kinds},
            # the measured gap of each search level to the level below (the lobby's tooltip)
            "bot_gaps": {k: msg_json(t) for k in kinds if (t := level_gap_text(name, k)) is not None},
            "seats": g.num_seats(opts), "columns": list(g.columns(opts)), "bots": kinds,
            # the web client loads web/static/games/<name>.js for a game that has one (else a plain table)
            "renderer": (_RENDERERS / f"{name}.js").is_file(),
            "schema": options_schema(opts),
            "deck": {"name": deck.name, "suits": list(deck.suits), "suit_names": list(deck.suit_names),
                     "notation": sorted(set(deck.notation), key=deck.notation.index)},
        })
    return out


def stored_info(lt: Any) -> dict[str, Any]:
    """A table's public facts from its stored row and seats (:meth:`.Table.info` without presence),
    for the table list of a cluster."""
    row = lt.row
    try:
        g = registry.get(row.game)
        title, deck, ptitle = g.title, g.deck.name, g.profile_title(row.profile)
    except Exception:  # an engine missing in this installation
        title, deck, ptitle = row.game, "", row.profile
    return {"id": row.public_id, "number": row.number, "game": row.game, "title": title, "deck": deck,
            "profile": row.profile, "profile_title": ptitle, "options": dict(row.options or {}),
            "max_deals": row.max_deals, "bot_kind": row.bot_kind,
            "settings": public_settings(dict(row.settings or {}), row.status),
            "status": row.status,
            "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "connected": False, "away": False,
                       "standin": False} for s in lt.seats],
            "spectators": 0}


def default_bot(game: str) -> str:
    """The game's rule-based player when it has one, else the random player."""
    try:
        botkit.make("rule", registry.get(game))
        return "rule"
    except (NotImplementedError, StammtischError):
        return "random"


@router.get("/api/config")
async def api_config(request: Request):
    """What every page needs before it shows a word: the server's default language."""
    return {"lang": config_of(request).default_lang}


@router.get("/api/health")
async def api_health(request: Request):
    """Whether this process can play: its search workers (:meth:`.botpool.BotRunner.health`: alive,
    restarts, failed decisions, busy and waiting decisions) and its playing tables. 503 while the
    search pool is broken (it is replaced at the next decision)."""
    tables = tables_of(request)
    search = tables.runner.health()
    playing = sum(1 for t in tables.by_number.values() if t.status == "playing")
    return JSONResponse({"ok": search["ok"], "search": search, "playing_tables": playing},
                        status_code=200 if search["ok"] else 503)


@router.get("/api/games")
async def api_games(request: Request):
    return {"games": games_catalogue(tuple(config_of(request).search_levels))}

@router.get("/api/tables")
async def api_tables(request: Request):
    if request.app.state.cluster is not None:  # from the database: the same list from every process
        stored = await tables_of(request).db(tables_of(request).store.live_tables)
        return {"tables": [stored_info(lt) for lt in stored]}
    ts = [t for t in tables_of(request).by_number.values() if t.status in ("open", "playing")]
    return {"tables": [t.info() for t in sorted(ts, key=lambda t: -t.number)[:100]]}

@router.post("/api/tables")
async def api_create(request: Request):
    if not limits_of(request).create.take(client_key(request)):
        raise TableError("rate_limited", Msg("too many tables opened from here; wait a minute"))
    body = await read_model(request, CreateTable, config_of(request).max_api_body)
    settings: dict[str, Any] = {}
    if body.move_seconds:
        settings["move_seconds"] = body.move_seconds
    if body.ohne_reden:
        settings["ohne_reden"] = True
    if body.bot_seconds is not None:
        settings["bot_seconds"] = body.bot_seconds
    if body.seed is not None:
        settings["seed"] = body.seed
    try:
        registry.get(body.game)
    except StammtischError:
        raise
    except Exception:  # an engine that cannot be loaded in this installation
        raise TableError("bad_message", Msg("game '{game}' cannot be loaded on this server (its program is "
                                            "missing or broken)", game=body.game)) from None
    bot = body.bot or default_bot(body.game)
    name = person_name(body.name) if body.name else None
    account_id = None
    if body.session:  # a signed-in creator: the seat is the account's (among the player's games)
        store = tables_of(request).store
        acc = await tables_of(request).db(store.account_of_session, body.session, config_of(request).session_seconds)
        if acc is None:
            raise TableError("forbidden", Msg("unknown or expired session; log in again"))
        account_id, name = acc.id, acc.name
    token = new_token()
    t = await tables_of(request).create(body.game, body.profile, dict(body.options or {}), body.max_deals, bot,
                                        settings, owner_token=token,
                                        client=client_key(request))
    # the creator's token makes them the owner; with a name it is also their seat's token
    out: dict[str, Any] = {"table": t.info(), "invite": f"/t/{t.public_id}", "token": token}
    if name:
        seat, _ = await t.take_seat(None, name, account_id, token=token)
        out.update(seat=seat, table=t.info())
    # which table this process now plays: a table-sticky proxy learns it here and sends the table's
    # requests and sockets to this process (docs/server.md, "Deployment")
    return JSONResponse(out, headers={TABLE_HEADER: t.public_id})

#: the response header naming the table a create opened (and this process plays)
TABLE_HEADER = "X-Stammtisch-Table"

@router.get("/api/tables/{table_id}")
async def api_table(request: Request, table_id: TableId):
    return {"table": (await table_or_404(request, table_id)).info()}

@router.delete("/api/tables/{table_id}")
async def api_close(request: Request, table_id: TableId):
    t = await table_or_404(request, table_id)
    _, token = await owner_token(request, t, OwnerOnly)
    await t.close_table(token)
    return {"table": t.info()}

@router.post("/api/tables/{table_id}/seats")
async def api_take_seat(request: Request, table_id: TableId):
    t = await table_or_404(request, table_id)
    body = await read_model(request, TakeSeat, config_of(request).max_api_body)
    account_id = None
    name = body.name
    if body.session:
        store = tables_of(request).store
        acc = await tables_of(request).db(store.account_of_session, body.session, config_of(request).session_seconds)
        if acc is None:
            raise TableError("forbidden", Msg("unknown or expired session; log in again"))
        account_id, name = acc.id, acc.name
    seat, token = await t.take_seat(body.seat, person_name(name), account_id)
    return {"seat": seat, "token": token, "table": t.info()}

@router.delete("/api/tables/{table_id}/seats/{seat}")
async def api_remove_seat(request: Request, table_id: TableId, seat: SeatNo):
    t = await table_or_404(request, table_id)
    _, token = await owner_token(request, t, OwnerOnly)
    await t.remove_seat(token, seat)
    return {"table": t.info()}

@router.post("/api/tables/{table_id}/bots")
async def api_bots(request: Request, table_id: TableId):
    t = await table_or_404(request, table_id)
    body, token = await owner_token(request, t, FillBots)
    filled = await t.fill_bots(token, list(body.seats) if body.seats is not None else None)
    return {"filled": filled, "table": t.info()}

@router.post("/api/tables/{table_id}/start")
async def api_start(request: Request, table_id: TableId):
    t = await table_or_404(request, table_id)
    _, token = await owner_token(request, t, OwnerOnly)
    await t.start(token)
    return {"table": t.info()}

@router.post("/api/tables/{table_id}/rematch")
async def api_rematch(request: Request, table_id: TableId):
    """Another Partie with the same seats and options (:mod:`..rematch`); a seated person's token."""
    t = await table_or_404(request, table_id)
    body = await read_model(request, OwnerOnly, config_of(request).max_api_body)
    out = await rematch(tables_of(request), t, body.token)
    new = await tables_of(request).get(out["table"])
    return JSONResponse({**out, "info": new.info() if new is not None else None},
                        headers={TABLE_HEADER: out["table"]})
