"""The scorekeeper's storage service: tournaments, draws, lists, rankings in one database.

Every method runs in its own transaction and returns JSON-safe dicts, so the web API and the
CLI share one implementation. Writes to a table's list take the version the caller last saw
and fail with :class:`~stammtisch.scorekeeper.errors.Conflict` when somebody else wrote first.

>>> s = Store("sqlite://")
>>> t = s.create_tournament("Stammtisch", "tarock", kind="table", names=["A", "B", "C", "D"])
>>> tid = t["rounds"][0]["tables"][0]["id"]
>>> s.write(tid, 1, {"kind": "row", "points": [3, -1, -1, -1]})["table"]["totals"]
[3, -1, -1, -1]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from stammtisch.core.errors import IllegalAction, OptionError
from stammtisch.core.messages import Msg
from stammtisch.core.protocol import Line

from . import comparison
from . import draw as drawing
from . import entries
from .accounts import Accounts, Principal
from .db import MIGRATIONS, VERSION_TABLE, clean_name, migrate_db
from .entries import Settlement
from .errors import Conflict, Forbidden, NotFound
from .models import SkEntry, SkPlayer, SkRevision, SkRound, SkSeat, SkTable, SkTournament
from .ranking import TIEBREAKS, TableResult, rank_players, season_standings
from .tablesheet import SheetRow, TableSheet

__all__ = ["Store", "Principal", "migrate_db", "MIGRATIONS", "VERSION_TABLE"]

#: a tournament table is kept by a list keeper (``live``) or played at the table server (``online``)
TABLE_KINDS = ("live", "online")

_CONFLICT = Msg("table {table} was changed by somebody else (you saw version {seen}, it is now {now}); reload "
                "the list and enter again").id


#: the highest rate a cup may set, cents per point
MAX_RATE = 10_000


def _check_rate(adapter: Any, rate: int | None) -> None:
    """A money rate is whole cents per point (0 to :data:`MAX_RATE`), on a zero-sum list only (Jass and
    Perlaggen write per partnership: their points are not paid from one player to another)."""
    if rate is None:
        return
    if isinstance(rate, bool) or not isinstance(rate, int) or not 0 <= rate <= MAX_RATE:
        raise IllegalAction(Msg("the rate is whole cents per point from 0 to {most}, not {value}", most=MAX_RATE,
                                value=repr(rate)))
    if not adapter.zero_sum:
        raise IllegalAction(Msg("{title} writes points per partnership, not paid from player to player: no rate in "
                                "cents per point", title=adapter.title))


def _check_options(game: str, profile: str | None, options: Mapping[str, Any] | None) -> None:
    """Refuse rules options the engine cannot play (:func:`stammtisch.core.options.resolve_options`
    checks each option's meaning); without the engine installed only the adapter's checks apply."""
    if options is not None and not isinstance(options, Mapping):
        raise OptionError(Msg("options are an object of name: value"))
    try:
        from stammtisch.core import registry
        engine = registry.get(game)
    except OptionError:
        return
    engine.options(profile, dict(options or {}))


class Store(Accounts):
    """The scorekeeper's data in one database (SQLite default, PostgreSQL option): tournaments,
    draws, lists, rankings; organisers, sessions and entry codes come from :class:`~.accounts.Accounts`.

    :param url: database URL (``sqlite://`` for in-memory), or an :class:`~sqlalchemy.Engine`
    :param migrate: run the scorekeeper's migrations first
    """

    def set_owner(self, tid: int, organiser: str) -> dict[str, Any]:
        """Give tournament ``tid`` to an organiser (``stammtisch tournament owner``)."""
        oid = self.organiser_id(organiser)
        with self.session() as s:
            self._tournament(s, tid).organiser_id = oid
        return self.tournament(tid)

    def author(self, who: Principal | None, table_id: int, named: str = "") -> str:
        """Who writes, for a row's history: the organiser's name, or "Tisch N" for a table's list keeper
        (with the name the keeper gave, if any); the command line writes as "" unless told."""
        if who is None:
            return named
        if who.organiser is not None:
            base = who.name
        else:
            with self.session() as s:
                base = f"Tisch {self._table(s, table_id).number}"
        return f"{base} ({named})" if named and named != base else base

    def tournament_of_table(self, table_id: int) -> int:
        with self.session() as s:
            return self._table(s, table_id).round.tournament_id

    def _sheet(self, t: SkTournament, tab: SkTable) -> TableSheet:
        # the revisions stay in the database (history()); a sheet only appends new ones
        rows = [SheetRow(e.number, e.dealer, dict(e.facts), Settlement.from_json(e.settlement), e.pflichtsolo_by,
                         e.revision) for e in tab.entries]
        return TableSheet(entries.get(t.game), tab.size, tab.games_planned, profile=t.profile, options=t.options,
                          rows=rows, rate_cents=tab.rate_cents if tab.rate_cents is not None else t.rate_cents,
                          names=[st.player.name for st in tab.seats])

    @staticmethod
    def _seen(tab: SkTable, seen: int | None) -> None:
        """Fail fast on a stale version, before settling anything (the CAS in :meth:`_bump` decides)."""
        if seen is not None and not isinstance(seen, bool) and isinstance(seen, int) and seen != tab.version:
            raise Conflict(Msg(_CONFLICT, table=tab.number, seen=seen, now=tab.version), current=tab.version)

    def _bump(self, s: Session, tab: SkTable, seen: int | None) -> int:
        """Compare-and-set the table's version: the optimistic lock of every write. Returns the version seen."""
        if seen is None:
            seen = tab.version
        if isinstance(seen, bool) or not isinstance(seen, int):
            raise IllegalAction(Msg("version must be a whole number, not {value}", value=repr(seen)))
        res = s.execute(update(SkTable).where(SkTable.id == tab.id, SkTable.version == seen)
                        .values(version=SkTable.version + 1).execution_options(synchronize_session=False))
        if res.rowcount != 1:
            s.rollback()
            current = s.get(SkTable, tab.id)
            cur = current.version if current else None
            raise Conflict(Msg(_CONFLICT, table=tab.number, seen=seen, now=cur), current=cur)
        s.expire(tab, ["version"])
        return seen

    # ------------------------------------------------------------------ tournaments
    def create_tournament(self, name: str, game: str, *, profile: str | None = None,
                          options: Mapping[str, Any] | None = None, rounds: int = 3,
                          games: Mapping[int | str, int] | None = None, season: str | None = None,
                          tiebreaks: Sequence[str] | None = None, kind: str = "tournament",
                          names: Sequence[str] | None = None, organiser: int | None = None,
                          lot_seed: str | None = None, rate: int | None = None) -> dict[str, Any]:
        """A new tournament (or, with ``kind="table"`` and ``names``, a single table kept live).

        :param organiser: the owning organiser's id (the web API requires one; the command line,
            which works on the database directly, may leave it out)
        :raises OptionError: rules options the game cannot play (checked against each option's meaning)
        """
        adapter = entries.get(game)
        _check_rate(adapter, rate)
        _check_options(game, profile, options)
        if profile is not None:
            profiles = adapter.profiles()
            if profiles and profile not in profiles:
                raise OptionError(Msg("unknown rules profile {profile} for {game} (known: {profiles})", profile=repr(profile), game=game,
                                      profiles=", ".join(profiles)))
        if kind not in ("tournament", "table"):
            raise IllegalAction(Msg("kind must be 'tournament' or 'table', not {value}", value=repr(kind)))
        if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 50:
            raise IllegalAction(Msg("rounds must be from 1 to 50, not {value}", value=repr(rounds)))
        g = {int(k): int(v) for k, v in (games or {}).items()}
        for size, n in g.items():
            if size not in (4, 5) or not 0 <= n <= 200:
                raise IllegalAction(Msg("games per round: table size 4 or 5 and 0 to 200 games, not {size}: {n}", size=size, n=n))
        tbs = list(tiebreaks) if tiebreaks is not None else list(TIEBREAKS)
        for tb in tbs:
            if tb not in TIEBREAKS:
                raise IllegalAction(Msg("unknown tie-break {name} (known: {known})", name=repr(tb), known=", ".join(TIEBREAKS)))
        with self.session() as s:
            t = SkTournament(name=clean_name(name), game=game, profile=profile, options=dict(options or {}), kind=kind,
                             season=" ".join(season.split()) if season else None,
                             rounds_planned=1 if kind == "table" else rounds,
                             games_4=g.get(4, adapter.round_games.get(4, 0)),
                             games_5=g.get(5, adapter.round_games.get(5, 0)), tiebreaks=tbs,
                             lot_seed=lot_seed or drawing.new_seed(), organiser_id=organiser, rate_cents=rate)
            s.add(t)
            s.flush()
            tid = t.id
        if kind == "table":
            if not names:
                raise IllegalAction(Msg("a table needs the names of its players in order of play"))
            self.add_players(tid, [{"name": n} for n in names])
            with self.session() as s:
                numbers = [p.number for p in self._tournament(s, tid).players]
            self.draw_round(tid, method="manual", tables=[numbers])
        return self.tournament(tid)

    def list_tournaments(self, published_only: bool = False, season: str | None = None,
                         organiser: int | None = None) -> list[dict[str, Any]]:
        with self.session() as s:
            q = select(SkTournament).order_by(SkTournament.id)
            if organiser is not None:
                q = q.where(SkTournament.organiser_id == organiser)
            if published_only:
                q = q.where(SkTournament.published.is_(True))
            if season:
                q = q.where(SkTournament.season == season)
            return [{"id": t.id, "name": t.name, "game": t.game, "kind": t.kind, "season": t.season,
                     "published": t.published, "rounds": len(t.rounds), "players": len(t.players)}
                    for t in s.scalars(q)]

    def set_rate(self, tid: int, rate: int | None, table_id: int | None = None) -> dict[str, Any]:
        """The money rate in cents per point of the tournament, or of one of its tables (``None``: no euros,
        or for a table: the tournament's)."""
        with self.session() as s:
            t = self._tournament(s, tid)
            _check_rate(entries.get(t.game), rate)
            if table_id is None:
                t.rate_cents = rate
            else:
                tab = next((x for r in t.rounds for x in r.tables if x.id == table_id), None)
                if tab is None:
                    raise NotFound(Msg("tournament {number} has no table {table}", number=tid, table=table_id))
                tab.rate_cents = rate
        return self.tournament(tid)

    def tournament(self, tid: int) -> dict[str, Any]:
        with self.session() as s:
            t = self._tournament(s, tid)
            return {"id": t.id, "name": t.name, "game": t.game, "profile": t.profile, "options": t.options,
                    "kind": t.kind, "season": t.season, "rounds_planned": t.rounds_planned,
                    "games": {"4": t.games_4, "5": t.games_5}, "tiebreaks": t.tiebreaks, "lot_seed": t.lot_seed,
                    "published": t.published, "organiser": t.organiser_id, "online": t.online,
                    "rate_cents": t.rate_cents,
                    "players": [self._player_json(p) for p in t.players],
                    "rounds": [self._round_json(r, t) for r in t.rounds]}

    @staticmethod
    def _player_json(p: SkPlayer) -> dict[str, Any]:
        return {"id": p.id, "number": p.number, "name": p.name, "club": p.club, "active": p.active}

    def _errors(self, tab: SkTable, sheet: TableSheet) -> int:
        """The number of errors the check finds on a table's list, kept per (table, version): the check
        settles every row of game facts again, and a big cup's public reads list every table."""
        key = (tab.id, tab.version)
        cache = self._verdicts
        if key not in cache:
            if len(cache) > 20_000:
                cache.clear()
            cache[key] = sum(1 for c in sheet.checks() if c.level == "error")
        return cache[key]

    def _round_json(self, r: SkRound, t: SkTournament) -> dict[str, Any]:
        tables = []
        for tab in r.tables:
            sheet = self._sheet(t, tab)
            errors = self._errors(tab, sheet)
            tables.append({"id": tab.id, "number": tab.number, "size": tab.size, "planned": tab.games_planned,
                           "written": len(tab.entries), "normal_games": sheet.normal_games(), "errors": errors,
                           "version": tab.version, "kind": tab.kind, "server_table": tab.server_table,
                           "closed": tab.closed,
                           "seats": [{"position": st.position, "player": st.player_id, "number": st.player.number,
                                      "name": st.player.name} for st in tab.seats]})
        # a repeat-minimal draw says whether its repeats are the proven minimum or the best it found
        return {"id": r.id, "number": r.number, "method": r.method, "seed": r.seed, "repeat_pairs": r.repeat_pairs,
                "repeats_bound": r.repeats_bound,
                "repeats_proven": r.repeats_bound is not None and r.repeat_pairs <= r.repeats_bound,
                "tables": tables}

    def publish(self, tid: int, published: bool = True) -> dict[str, Any]:
        with self.session() as s:
            self._tournament(s, tid).published = bool(published)
        return self.tournament(tid)

    # ------------------------------------------------------------------ players
    def add_players(self, tid: int, players: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """Register players (``{"name": ..., "club": ...}``); start numbers follow on."""
        with self.session() as s:
            t = self._tournament(s, tid)
            taken = {" ".join(p.name.split()).casefold() for p in t.players}
            n = max((p.number for p in t.players), default=0)
            out = []
            for d in players:
                if not isinstance(d, Mapping):
                    raise IllegalAction(Msg("a player is an object with a name (and a club)"))
                name = clean_name(d.get("name"), Msg("player's name"))
                if name.casefold() in taken:
                    raise IllegalAction(Msg("{name} is registered already", name=name))
                taken.add(name.casefold())
                n += 1
                p = SkPlayer(tournament=t, number=n, name=name, club=" ".join(str(d.get("club", "")).split()))
                s.add(p)
                out.append(p)
            s.flush()
            return [self._player_json(p) for p in out]

    def set_player_active(self, tid: int, number: int, active: bool) -> dict[str, Any]:
        """Withdraw a player from later draws (or bring him back); his results stay."""
        with self.session() as s:
            t = self._tournament(s, tid)
            p = next((p for p in t.players if p.number == number), None)
            if p is None:
                raise NotFound(Msg("there is no player number {number}", number=number))
            p.active = bool(active)
            return self._player_json(p)

    # ------------------------------------------------------------------ draws
    def draw_round(self, tid: int, *, method: str = "random", seed: str | None = None, prefer: str = "four",
                   sizes: Sequence[int] | None = None, tables: Sequence[Sequence[int]] | None = None,
                   kinds: Sequence[str] | None = None) -> dict[str, Any]:
        """Draw the next round.

        :param method: ``random`` (seeded shuffle), ``schedule`` (avoids pairs that met before),
            ``manual`` (``tables`` given as lists of start numbers in position order)
        :param seed: the seed to record (a fresh one when omitted)
        :param prefer: ``four``/``five``: fewer or more tables of five
        :param sizes: explicit table sizes (e.g. ``[5, 5, 4]``)
        :param kinds: ``live`` or ``online`` per table, in table order (default: every table ``online``
            in a tournament with online settings, else ``live``; a mixed cup names them)
        """
        with self.session() as s:
            t = self._tournament(s, tid)
            adapter = entries.get(t.game)
            number = len(t.rounds) + 1
            if number > t.rounds_planned:
                raise IllegalAction(Msg("all {n} rounds are drawn already", n=t.rounds_planned))
            active = [p for p in t.players if p.active]
            by_number = {p.number: p for p in active}
            seed = str(seed) if seed not in (None, "") else drawing.new_seed()
            bound: int | None = None
            if method == "manual":
                if not tables:
                    raise IllegalAction(Msg("a manual draw needs the tables as lists of start numbers"))
                seated = [n for tab in tables for n in tab]
                unknown = [n for n in seated if n not in by_number]
                if unknown:
                    raise IllegalAction(Msg("start numbers not registered (or withdrawn): {numbers}", numbers=[str(x) for x in unknown]))
                if len(set(seated)) != len(seated):
                    raise IllegalAction(Msg("a player is seated twice"))
                if sorted(seated) != sorted(by_number):
                    missing = sorted(set(by_number) - set(seated))
                    raise IllegalAction(Msg("every active player needs a seat; missing: {numbers}", numbers=[str(x) for x in missing]))
                result = [[by_number[n].id for n in tab] for tab in tables]
                seed = ""
            else:
                ids = [p.id for p in active]
                sz = list(sizes) if sizes else drawing.table_sizes(len(ids), prefer, adapter.table_sizes)
                before = [[st.player_id for st in tab.seats] for r in t.rounds for tab in r.tables]
                if method == "random":
                    result = drawing.draw_random(ids, sz, seed)
                elif method == "balanced":
                    result = drawing.draw_balanced(ids, sz, seed, drawing.five_seats(before))
                elif method == "schedule":
                    found = drawing.draw_minimal(ids, sz, drawing.pairs_of(before), seed)
                    result, bound = found.tables, found.bound
                else:
                    raise IllegalAction(Msg("unknown draw method {name} (random, balanced, schedule, manual)", name=repr(method)))
            # the pairs at these tables that met in an earlier round, counted the same way for every method
            met = drawing.pairs_of([[st.player_id for st in tab.seats] for r in t.rounds for tab in r.tables])
            repeats = drawing.repeat_pairs(result, met)
            for tab in result:
                if len(tab) not in adapter.table_sizes:
                    raise IllegalAction(Msg("{title} is not played at a table of {size}", title=adapter.title, size=len(tab)))
            default_kind = "online" if t.online is not None else "live"
            table_kinds = list(kinds) if kinds is not None else [default_kind] * len(result)
            if len(table_kinds) < len(result):
                table_kinds += [default_kind] * (len(result) - len(table_kinds))
            for k in table_kinds:
                if k not in TABLE_KINDS:
                    raise IllegalAction(Msg("a table is 'live' or 'online', not {value}", value=repr(k)))
            if "online" in table_kinds[:len(result)] and t.online is None:
                raise IllegalAction(Msg("online tables need the tournament's online settings first"))
            rnd = SkRound(tournament=t, number=number, method=method, seed=seed, repeat_pairs=repeats,
                          repeats_bound=bound)
            s.add(rnd)
            for i, tab in enumerate(result, start=1):
                planned = t.games_5 if len(tab) == 5 else t.games_4
                st = SkTable(round=rnd, number=i, size=len(tab), games_planned=planned, kind=table_kinds[i - 1])
                s.add(st)
                for pos, pid in enumerate(tab, start=1):
                    s.add(SkSeat(table=st, position=pos, player_id=pid))
            s.flush()
            return self._round_json(rnd, t)

    # ------------------------------------------------------------------ online tables (stammtisch.cup)
    def set_online(self, tid: int, settings: Mapping[str, Any] | None) -> dict[str, Any]:
        """Store the settings of the tournament's online tables (``None``: a live-only tournament).
        The scorekeeper keeps them; their meaning is the online cup layer's (``stammtisch.cup``)."""
        if settings is not None and not isinstance(settings, Mapping):
            raise IllegalAction(Msg("the online settings are an object of name: value"))
        with self.session() as s:
            self._tournament(s, tid).online = dict(settings) if settings is not None else None
        return self.tournament(tid)

    def update_online(self, tid: int, change: Any) -> dict[str, Any]:
        """Change the online settings in one transaction (``change(settings) -> settings``, the row
        locked where the database can): a check-in never overwrites another."""
        with self.session() as s:
            t = s.scalars(select(SkTournament).where(SkTournament.id == tid).with_for_update()).first()
            if t is None:
                raise NotFound(Msg("there is no tournament {id}", id=tid))
            if t.online is None:
                raise IllegalAction(Msg("this tournament has no online tables"))
            import copy

            t.online = copy.deepcopy(change(copy.deepcopy(t.online)))  # a new value: the nested lists too
            return dict(t.online)

    def register_player(self, tid: int, name: str, code: str) -> dict[str, Any]:
        """A player registers himself (an online cup's invitation) with a personal code (kept as argon2)."""
        from .auth import hash_secret

        if not isinstance(code, str) or len(code) < 4 or len(code) > 128:
            raise IllegalAction(Msg("the personal code has 4 to 128 characters"))
        (p,) = self.add_players(tid, [{"name": name}])
        with self.session() as s:
            row = s.get(SkPlayer, p["id"])
            assert row is not None
            row.code_hash = hash_secret(code)
        return p

    def player_by_code(self, tid: int, name: str, code: str) -> dict[str, Any]:
        """The registered player ``name`` if ``code`` is his personal code.

        :raises Forbidden: an unknown name or a wrong code (the same answer for both)
        """
        from .auth import verify_secret

        key = " ".join(str(name).split()).casefold()
        with self.session() as s:
            t = self._tournament(s, tid)
            p = next((p for p in t.players if " ".join(p.name.split()).casefold() == key), None)
            if not verify_secret(p.code_hash if p is not None else None, str(code)) or p is None:
                raise Forbidden(Msg("name or personal code is wrong"))
            return self._player_json(p)

    def set_games(self, tid: int, games: Mapping[int | str, int]) -> None:
        """Games per round by table size (before the first round is drawn)."""
        with self.session() as s:
            t = self._tournament(s, tid)
            if t.rounds:
                raise IllegalAction(Msg("the games per round are fixed once a round is drawn"))
            for size, n in games.items():
                if int(size) not in (4, 5) or not 0 <= int(n) <= 200:
                    raise IllegalAction(Msg("games per round: table size 4 or 5 and 0 to 200 games, not {size}: {n}",
                                            size=size, n=n))
                setattr(t, f"games_{int(size)}", int(n))

    def set_table_kind(self, table_id: int, kind: str) -> dict[str, Any]:
        """Make a table of a drawn round ``live`` or ``online`` (a mixed cup), before it has a row or
        a server table."""
        if kind not in TABLE_KINDS:
            raise IllegalAction(Msg("a table is 'live' or 'online', not {value}", value=repr(kind)))
        with self.session() as s:
            tab = self._table(s, table_id)
            if tab.entries or tab.server_table is not None:
                raise IllegalAction(Msg("table {number} is under way; its kind is fixed", number=tab.number))
            if kind == "online" and tab.round.tournament.online is None:
                raise IllegalAction(Msg("online tables need the tournament's online settings first"))
            tab.kind = kind
        return self.table(table_id)

    def link_server_table(self, table_id: int, server_table: int, first_dealer: int = 0) -> None:
        """Tie an online table to the server table that plays it. The draw's order of play stays; the
        positions turn so that the player at server seat ``first_dealer`` -- the first dealer as the
        online table drew him -- is position 1, who deals the first game (Doppelkopf-Turnier 8.;
        Papagei-Jass §20 and Perlaggen §1 draw him): server seat ``s`` is then position
        ``(s - first_dealer) % size + 1``. Idempotent for the same server table."""
        with self.session() as s:
            tab = self._table(s, table_id)
            if tab.kind != "online":
                raise IllegalAction(Msg("table {number} is kept live, not played online", number=tab.number))
            if tab.server_table == server_table:
                return
            if tab.server_table is not None or tab.entries:
                raise IllegalAction(Msg("table {number} is under way already", number=tab.number))
            n = tab.size
            if first_dealer % n:
                seats = list(tab.seats)
                for st in seats:  # two steps: (table, position) stays unique at every flush
                    st.position += 100
                s.flush()
                for st in seats:
                    st.position = (st.position - 100 - 1 - first_dealer) % n + 1
            tab.server_table = server_table

    def online_tables(self, tid: int | None = None) -> list[dict[str, Any]]:
        """The online tables tied to a server table (of one tournament, or all): what the cup layer
        watches and catches up on at start."""
        with self.session() as s:
            q = select(SkTable).where(SkTable.kind == "online", SkTable.server_table.is_not(None))
            out = []
            for tab in s.scalars(q.order_by(SkTable.id)):
                t = tab.round.tournament
                if tid is not None and t.id != tid:
                    continue
                out.append({"id": tab.id, "tournament": t.id, "round": tab.round.number, "number": tab.number,
                            "size": tab.size, "server_table": tab.server_table, "written": len(tab.entries),
                            "planned": tab.games_planned, "closed": tab.closed,
                            "names": [st.player.name for st in tab.seats]})
            return out

    def write_online(self, table_id: int, number: int, facts: Mapping[str, Any], author: str = "",
                     expect: Sequence[int] | None = None) -> dict[str, Any] | None:
        """Write game ``number`` of an online table, settled from ``facts`` like a keeper's entry (the
        same adapter, settlement and checks). Idempotent: a row ``number`` that exists already is left
        as it is (``None``), so catching up after a restart writes no row twice.

        :param expect: the points per position the game gave at the table; a settlement that differs is
            refused (the row would not be the game that was played)
        :raises IllegalAction: a game out of order (a row missing before it), or facts the sheet refuses
        """
        from sqlalchemy.exc import IntegrityError

        try:
            with self.session() as s:
                tab = self._table(s, table_id)
                if tab.kind != "online":
                    raise IllegalAction(Msg("table {number} is kept live, not played online", number=tab.number))
                written = len(tab.entries)
                if number <= written:
                    return None
                if number != written + 1:
                    raise IllegalAction(Msg("table {table}: game {number} comes after game {last}, which is missing",
                                            table=tab.number, number=number, last=number - 1))
                sheet = self._sheet(tab.round.tournament, tab)
                sheet.vorfuehrung = False  # the game was played at the server table: it is written as played
                if sheet.planned and sheet.normal_games() >= sheet.planned and sheet.next_context().pflicht_owed:
                    # the round's games are played and Pflichtsoli are owed: the table plays them now (DDV
                    # Vorführung); a Pflichtsolo is no game of the round (Doppelkopf-Turnier 1., 2.)
                    sheet.planned = 0
                row = sheet.write(facts, author)
                if expect is not None:
                    got = list(sheet.adapter.position_points(row.settlement.effective, sheet.size))
                    if got != list(expect):
                        raise IllegalAction(Msg("table {table}, game {number}: the entry gives {got}, the game gave "
                                                "{expect}", table=tab.number, number=number, got=got,
                                                expect=list(expect)))
                seen = self._bump(s, tab, None)
                self._save_row(s, tab, row, True)
                return {"row": row.to_json(sheet.adapter, sheet.size), "version": seen + 1}
        except IntegrityError:  # another process wrote the same game first: it is there
            return None

    def close_online(self, table_id: int) -> None:
        """An online table played its games: its list is closed."""
        with self.session() as s:
            self._table(s, table_id).closed = True

    def delete_last_round(self, tid: int) -> None:
        """Undo the last draw, as long as nothing was entered in it."""
        with self.session() as s:
            t = self._tournament(s, tid)
            if not t.rounds:
                raise IllegalAction(Msg("no round is drawn"))
            rnd = t.rounds[-1]
            if any(tab.entries or tab.server_table is not None for tab in rnd.tables):
                raise IllegalAction(Msg("round {number} has results already and cannot be withdrawn", number=rnd.number))
            s.delete(rnd)

    # ------------------------------------------------------------------ one table's list
    def table(self, table_id: int) -> dict[str, Any]:
        with self.session() as s:
            tab = self._table(s, table_id)
            out = self._table_json(tab, self._sheet(tab.round.tournament, tab), tab.version)
            out["code_issued"] = tab.code_hash is not None
            return out

    @staticmethod
    def _table_json(tab: SkTable, sheet: TableSheet, version: int) -> dict[str, Any]:
        t = tab.round.tournament
        out = sheet.to_json([st.player.name for st in tab.seats])
        out.update({"id": tab.id, "tournament": t.id, "tournament_name": t.name, "round": tab.round.number,
                    "number": tab.number, "version": version, "game": t.game,
                    "late_corrections": sheet.adapter.late_corrections,
                    "seats": [{"position": st.position, "player": st.player_id, "number": st.player.number,
                               "name": st.player.name, "club": st.player.club} for st in tab.seats],
                    "list_keeper": drawing.list_keeper(tab.size), "kind": tab.kind, "server_table": tab.server_table,
                    "closed": tab.closed})
        return out

    def preview(self, table_id: int, facts: Mapping[str, Any]) -> dict[str, Any]:
        """The row ``facts`` would give as the next game (nothing is written)."""
        with self.session() as s:
            tab = self._table(s, table_id)
            sheet = self._sheet(tab.round.tournament, tab)
            return sheet.preview(facts).to_json()

    def _save_row(self, s: Session, tab: SkTable, row: SheetRow, new: bool) -> None:
        rev = row.history[-1]
        if new:
            e = SkEntry(table=tab, number=row.number, dealer=row.dealer, facts=row.facts,
                        settlement=row.settlement.to_json(), pflichtsolo_by=row.pflichtsolo_by, revision=row.revision)
            s.add(e)
        else:
            e = next(x for x in tab.entries if x.number == row.number)
            e.facts, e.settlement, e.pflichtsolo_by, e.revision = (row.facts, row.settlement.to_json(),
                                                                    row.pflichtsolo_by, row.revision)
        s.add(SkRevision(entry=e, revision=rev.revision, action=rev.action, facts=rev.facts,
                         settlement=rev.settlement.to_json(), reason=rev.reason, author=rev.author, at=rev.at))

    def write(self, table_id: int, version: int | None, facts: Mapping[str, Any], author: str = "") -> dict[str, Any]:
        """Write the next game of a table.

        :param version: the table version the caller last saw (``None``: the current one)
        :raises Conflict: somebody else wrote first
        """
        with self.session() as s:
            tab = self._table(s, table_id)
            self._online_refused(tab)
            self._seen(tab, version)
            sheet = self._sheet(tab.round.tournament, tab)
            row = sheet.write(facts, author)
            seen = self._bump(s, tab, version)
            self._save_row(s, tab, row, True)
            table = self._table_json(tab, sheet, seen + 1)
        return {"row": row.to_json(sheet.adapter, sheet.size), "table": table}

    @staticmethod
    def _online_refused(tab: SkTable) -> None:
        """An online table's games come from its server table (:meth:`write_online`), not by hand;
        its rows may still be corrected or struck by the organiser."""
        if tab.kind == "online":
            raise IllegalAction(Msg("table {number} is played online: its games are written as they finish",
                                    number=tab.number))

    @staticmethod
    def _keeper_may(sheet: TableSheet, number: int, keeper: bool, what: str) -> None:
        """A list keeper corrects or strikes the last row only; earlier rows are the organiser's, with a
        reason (docs/scorekeeper.md, "A table's list"; Tiroler Cup, Abrechnung)."""
        if keeper and number != len(sheet.rows):
            raise Forbidden(Msg("a list keeper may correct or strike only the last game ({last}); game {n} is "
                                "the organiser's, with a reason", last=len(sheet.rows), n=number))

    def correct(self, table_id: int, number: int, version: int | None, facts: Mapping[str, Any], *,
                reason: str = "", author: str = "", late: bool = False, keeper: bool = False) -> dict[str, Any]:
        """Correct row ``number`` (see :meth:`TableSheet.correct`); the old version stays in history.

        :param keeper: the caller is the table's list keeper (not the organiser): the last row only
        """
        with self.session() as s:
            tab = self._table(s, table_id)
            self._seen(tab, version)
            sheet = self._sheet(tab.round.tournament, tab)
            self._keeper_may(sheet, number, keeper, "correct")
            row = sheet.correct(number, facts, reason, author, late)
            seen = self._bump(s, tab, version)
            self._save_row(s, tab, row, False)
            table = self._table_json(tab, sheet, seen + 1)
        return {"row": row.to_json(sheet.adapter, sheet.size), "table": table}

    def strike(self, table_id: int, number: int, version: int | None, reason: str, author: str = "",
               keeper: bool = False) -> dict[str, Any]:
        """Strike row ``number``: 0 for all (Österreich-Finale 1)); a list keeper (``keeper``) the last row only."""
        with self.session() as s:
            tab = self._table(s, table_id)
            self._seen(tab, version)
            sheet = self._sheet(tab.round.tournament, tab)
            self._keeper_may(sheet, number, keeper, "strike")
            row = sheet.strike(number, reason, author)
            seen = self._bump(s, tab, version)
            self._save_row(s, tab, row, False)
            table = self._table_json(tab, sheet, seen + 1)
        return {"row": row.to_json(sheet.adapter, sheet.size), "table": table}

    def enter_sheet(self, table_id: int, version: int | None, rows: Sequence[Mapping[str, Any]], *,
                    strike_unbalanced: bool = True, author: str = "") -> dict[str, Any]:
        """Enter a finished Tischzettel at once (the table's list must be empty).

        Each item is game facts, or a row of points (a list, or ``{"kind": "row", ...}``).
        Rows that do not balance are struck, 0 for all (Österreich-Finale 1)) when
        ``strike_unbalanced``; any other bad row refuses the whole sheet, naming the row.
        Returns the table with its checks (row sums, parity, games, Pflichtsoli).
        """
        with self.session() as s:
            tab = self._table(s, table_id)
            self._seen(tab, version)
            self._online_refused(tab)
            sheet = self._sheet(tab.round.tournament, tab)
            if sheet.rows:
                raise IllegalAction(Msg("table {number} has {n} games already; a Tischzettel is entered into an empty list",
                                        number=tab.number, n=len(sheet.rows)))
            written = []
            for i, item in enumerate(rows, start=1):
                facts: dict[str, Any]
                if isinstance(item, (list, tuple)):
                    facts = {"kind": "row", "points": list(item)}
                elif isinstance(item, Mapping):
                    facts = dict(item)
                else:
                    raise IllegalAction(Msg("row {n}: a row is a list of points or an object of facts", n=i))
                if facts.get("kind") == "row" and strike_unbalanced:
                    facts.setdefault("strike", True)
                try:
                    written.append(sheet.write(facts, author))
                except IllegalAction as exc:
                    raise IllegalAction(Msg("row {n}: {reason}", n=i, reason=exc.message), rule=exc.rule) from None
            self._bump(s, tab, version)
            for row in written:
                self._save_row(s, tab, row, True)
        return self.table(table_id)

    def history(self, table_id: int, number: int) -> list[dict[str, Any]]:
        with self.session() as s:
            tab = self._table(s, table_id)
            e = next((x for x in tab.entries if x.number == number), None)
            if e is None:
                raise NotFound(Msg("table {table} has no game {number}", table=tab.number, number=number))
            return [{"revision": r.revision, "action": r.action, "facts": r.facts, "settlement": r.settlement,
                     "reason": r.reason, "author": r.author, "at": r.at} for r in e.revisions]

    # ------------------------------------------------------------------ rankings
    def _results(self, s: Session, t: SkTournament, money: dict[tuple[int, int], int] | None = None,
                 cents: dict[tuple[int, int], int] | None = None) -> list[TableResult]:
        """The tables' results; ``money`` (if given) collects (round, player) -> the money ledger's total
        where the profile plays for money (Tarock: Kontra counts there only, Österreich-Finale 2)) or a rate is
        set, ``cents`` the same in cents at each table's rate."""
        out = []
        for r in t.rounds:
            for tab in r.tables:
                sheet = self._sheet(t, tab)
                pts = sheet.position_totals()
                seats = {st.position: st.player_id for st in tab.seats}
                out.append(TableResult(r.number, tab.number, seats, {seats[p]: pts[p - 1] for p in seats}))
                cash = sheet.money_totals()
                if money is not None and cash is not None:
                    for p, pid in seats.items():
                        money[(r.number, pid)] = money.get((r.number, pid), 0) + cash[p - 1]
                euros = sheet.cents_totals()
                if cents is not None and euros is not None:
                    for p, pid in seats.items():
                        cents[(r.number, pid)] = cents.get((r.number, pid), 0) + euros[p - 1]
        return out

    def rankings(self, tid: int, round: int | None = None) -> dict[str, Any]:
        """The ranking after all rounds (or of one ``round``), with per-round scores and tie-breaks."""
        with self.session() as s:
            t = self._tournament(s, tid)
            cash: dict[tuple[int, int], int] = {}
            cents: dict[tuple[int, int], int] = {}
            results = self._results(s, t, cash, cents)
            players = {p.id: p for p in t.players}
            if round is not None and round not in {r.number for r in t.rounds}:
                raise NotFound(Msg("round {number} is not drawn", number=round))
            tbs = t.tiebreaks if round is None else [tb for tb in t.tiebreaks if tb != "best_round"]
            ranked = rank_players(results, rounds=None if round is None else [round], tiebreaks=tbs,
                                  lot_seed=t.lot_seed,
                                  players=[p.id for p in t.players if round is None],
                                  teams=entries.get(t.game).team_game)
            lines = []
            for st in ranked:
                p = players[st.player]
                d = st.to_json()
                d.update({"number": p.number, "name": p.name, "club": p.club})
                if cash:
                    d["money"] = sum(v for (rn, pid), v in cash.items() if pid == p.id and (round is None or rn == round))
                if cents:
                    d["cents"] = sum(v for (rn, pid), v in cents.items() if pid == p.id and (round is None or rn == round))
                lines.append(d)
            compared = self._comparison(t, round, players)
            tables = [{"round": tr.round, "table": tr.table,
                       "players": [{"position": pos, "name": players[pid].name, "score": tr.scores[pid]}
                                   for pos, pid in sorted(tr.seats.items())]}
                      for tr in results if round is None or tr.round == round]
            out = {"tournament": t.id, "name": t.name, "game": t.game, "round": round, "tiebreaks": tbs,
                   "rate_cents": t.rate_cents,
                   "lot_seed": t.lot_seed, "ranking": lines, "tables": tables}
            if compared is not None:
                out["comparison"] = compared
            return out

    def _comparison(self, t: SkTournament, round: int | None, players: Mapping[int, SkPlayer]) -> list[dict[str, Any]] | None:
        """The ranking by comparison (:mod:`.comparison`) when the tournament's rows carry the cards
        they were played with (an online cup's rounds with the same deals everywhere), else ``None``.
        An offer beside the ranking above, which stays the sheet's (docs/tournaments.md)."""
        lists = []
        for r in t.rounds:
            if round is not None and r.number != round:
                continue
            for tab in r.tables:
                rows = self._sheet(t, tab).to_json([st.player.name for st in tab.seats])["rows"]
                if not comparison.has_cards(rows):
                    continue
                lists.append({"round": r.number, "table": tab.number,
                              "seats": {st.position: st.player_id for st in tab.seats},
                              "rows": [comparison.row_of(x) for x in rows]})
        if not lists:
            return None
        return comparison.with_names(comparison.compare(lists), players)

    def season(self, season: str, scoring: str = "points", published_only: bool = False) -> dict[str, Any]:
        """Standings across the tournaments of ``season`` (players matched by name)."""
        ts = [t for t in self.list_tournaments(published_only=published_only, season=season)
              if t["kind"] == "tournament"]
        data = []
        for t in ts:
            r = self.rankings(t["id"])
            data.append((t["name"], [(ln["name"], ln["rank"], ln["total"]) for ln in r["ranking"]]))
        return {"season": season, "scoring": scoring, "tournaments": [t["name"] for t in ts],
                "standings": [ln.to_json() for ln in season_standings(data, scoring)]}

    def checks(self, tid: int) -> list[dict[str, Any]]:
        """Every check of every table of the tournament."""
        out = []
        with self.session() as s:
            t = self._tournament(s, tid)
            for r in t.rounds:
                for tab in r.tables:
                    for c in self._sheet(t, tab).checks():
                        d = c.to_json()
                        d.update({"round": r.number, "table": tab.number, "table_id": tab.id})
                        out.append(d)
        return out


def lines_text(lines: Sequence[Mapping[str, Any]]) -> str:
    """The settlement lines of a row as one line of text."""
    return "; ".join(str(Line.from_json(x)) for x in lines)
