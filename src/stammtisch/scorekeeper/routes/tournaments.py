"""Tournaments: create, register, draw, entry codes and table cards, publish, rankings, checks, seasons."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import Response

from .. import entries, export, formspec
from ..bodies import ActiveIn, CodesIn, CreateIn, DrawIn, PlayersIn, PublishIn, RateIn
from ..errors import BadInput
from ..http import Id, Number, body_of, read_json, validate
from ..store import Principal
from .deps import context, logged_in, organiser, public_base, readable, store, who

__all__ = ["router"]

router = APIRouter()


@router.post("/api/tournaments", status_code=201)
def create(request: Request, p: Principal = Depends(logged_in),
           body: CreateIn = Depends(body_of(CreateIn))) -> dict[str, Any]:
    if body.kind == "tournament" and body.names:
        raise BadInput("only a single table (kind 'table') takes names", "names")
    ctx, s = context(request), store(request)
    key = (p.organiser, body.once) if body.once and p.organiser is not None else None
    with ctx._lock:
        if key is not None and key in ctx.created:
            return {"tournament": s.tournament(ctx.created[key]), "again": True}
        t = s.create_tournament(
            body.name, body.game, profile=body.profile, options=body.options, rounds=body.rounds,
            games={int(k): v for k, v in body.games.items()}, season=body.season, tiebreaks=body.tiebreaks,
            kind=body.kind, names=body.names, organiser=p.organiser, rate=body.rate)
        if key is not None:
            if len(ctx.created) > 10_000:
                ctx.created.clear()
            ctx.created[key] = t["id"]
    return {"tournament": t}


@router.get("/api/tournaments")
def list_public(request: Request, season: Annotated[str, Query(max_length=80)] | None = None
                ) -> list[dict[str, Any]]:
    return store(request).list_tournaments(published_only=True, season=season)


@router.get("/api/tournaments/{tid}")
def show(request: Request, tid: Id, p: Principal | None = Depends(who)) -> dict[str, Any]:
    readable(request, tid, p)
    return store(request).tournament(tid)


@router.get("/api/tournaments/{tid}/form")
def form(request: Request, tid: Id) -> dict[str, Any]:
    """The entry form of the tournament's game and profile (public: no results in it)."""
    t = store(request).tournament(tid)
    a = entries.get(t["game"])
    return {"game": t["game"], "profile": t["profile"], "fields": a.form(t["profile"], t["options"]),
            "example": dict(a.example), "facts": dict(a.facts_help),
            "spec": formspec.spec(t["game"], t["profile"], t["options"]),
            "zero_sum": a.zero_sum, "team_game": a.team_game, "late_corrections": a.late_corrections}


@router.post("/api/tournaments/{tid}/players", status_code=201)
async def add_players(request: Request, tid: Id, p: Principal = Depends(organiser)) -> list[dict[str, Any]]:
    data = await read_json(request)
    # a bare list of players, or {"players": [...]}
    body = validate(PlayersIn, {"players": data} if isinstance(data, list) else data)
    return store(request).add_players(tid, [x.model_dump() for x in body.players])


@router.patch("/api/tournaments/{tid}/players/{number}")
def player_active(request: Request, tid: Id, number: Number, p: Principal = Depends(organiser),
                  body: ActiveIn = Depends(body_of(ActiveIn))) -> dict[str, Any]:
    return store(request).set_player_active(tid, number, body.active)


@router.post("/api/tournaments/{tid}/rounds", status_code=201)
def draw(request: Request, tid: Id, p: Principal = Depends(organiser),
         body: DrawIn = Depends(body_of(DrawIn))) -> dict[str, Any]:
    args = body.model_dump(exclude_none=True)
    if "seed" in args:
        args["seed"] = str(args["seed"])
    return store(request).draw_round(tid, **args)


@router.delete("/api/tournaments/{tid}/rounds/last", status_code=204)
def undraw(request: Request, tid: Id, p: Principal = Depends(organiser)) -> Response:
    store(request).delete_last_round(tid)
    return Response(status_code=204)


@router.post("/api/tournaments/{tid}/codes")
def codes(request: Request, tid: Id, p: Principal = Depends(organiser),
          body: CodesIn = Depends(body_of(CodesIn))) -> dict[str, Any]:
    """New entry codes (shown this once) for a round's tables or the given ones."""
    out = store(request).issue_codes(tid, body.round, body.tables)
    return {"codes": {str(k): v for k, v in out.items()}}


@router.post("/api/tournaments/{tid}/cards")
def cards(request: Request, tid: Id, p: Principal = Depends(organiser),
          body: CodesIn = Depends(body_of(CodesIn)), lang: Literal["de", "en", "fr", "it"] = "de") -> Response:
    """Table cards (PDF) of a round with new entry codes and the keeper page's address printed on them."""
    s = store(request)
    fresh = s.issue_codes(tid, body.round, body.tables)
    rnd = body.round or len(s.tournament(tid)["rounds"])
    return Response(export.cards_pdf(s, tid, rnd, fresh, base=public_base(request), lang=lang),
                    media_type="application/pdf",
                    headers={"Cache-Control": "no-store"})


@router.post("/api/tournaments/{tid}/rate")
def rate(request: Request, tid: Id, p: Principal = Depends(organiser),
         body: RateIn = Depends(body_of(RateIn))) -> dict[str, Any]:
    """The money rate (cents per point) of the tournament or one of its tables: the lists and rankings show
    euros per player."""
    return store(request).set_rate(tid, body.rate, body.table)


@router.post("/api/tournaments/{tid}/publish")
def publish(request: Request, tid: Id, p: Principal = Depends(organiser),
            body: PublishIn = Depends(body_of(PublishIn))) -> dict[str, Any]:
    return store(request).publish(tid, body.published)


@router.get("/api/tournaments/{tid}/rankings")
def rankings(request: Request, tid: Id, round: Annotated[int, Query(ge=1, le=50)] | None = None,
             p: Principal | None = Depends(who)) -> dict[str, Any]:
    readable(request, tid, p)
    return store(request).rankings(tid, round)


@router.get("/api/tournaments/{tid}/checks")
def checks(request: Request, tid: Id, p: Principal = Depends(organiser)) -> list[dict[str, Any]]:
    return store(request).checks(tid)


@router.get("/api/seasons/{season}")
def season(request: Request, season: Annotated[str, Path(max_length=80)],
           scoring: Literal["points", "places"] = "points") -> dict[str, Any]:
    return store(request).season(season, scoring, published_only=True)
