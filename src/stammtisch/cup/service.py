"""The online cup: the scorekeeper's tournament played at the table server's tables.

:class:`Cups` wires the two surfaces, neither of which knows the other:

* when a round starts, each of its **online** tables opens at the table server with the cup's
  profile, its seats reserved for the drawn players (nobody else can sit), the cup's move clock,
  Kiebitze allowed or not, and as many games as the sheet (or the cup) says
  (:func:`.settings.table_plan`);
* the server tells its deal observers when a finished deal is committed to the action log; the cup
  then turns every finished deal not yet on the list into a row of that table's list through the
  scorekeeper's own entry adapter, settlement and checks (:mod:`.rows`,
  :meth:`~stammtisch.scorekeeper.store.Store.write_online`);
* at start (:meth:`Cups.catch_up_all`) it rebuilds the rows a restart or a killed process left
  unwritten from the tables' logs. Writing a row is idempotent (a game's number is unique on its
  list), so catching up twice writes nothing twice.

The action log is the truth: a game is committed there before anybody sees it, and its row follows
from it. So a process that dies between the two loses no game and, after the catch-up, no row.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any

from stammtisch.core import fairdeal
from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg
from stammtisch.scorekeeper.errors import Forbidden
from stammtisch.scorekeeper.store import Store as SkStore
from stammtisch.server.registry import Tables
from stammtisch.server.table import Table
from stammtisch.server.tables import ENDED

from . import duplicate
from .rows import OnlineRow, fallback, rows_of_match
from .settings import CupSettings, planned_games, table_plan

__all__ = ["Cups", "AUTHOR"]

log = logging.getLogger("stammtisch.cup")

#: who writes an online table's rows (their history names it, language-free)
AUTHOR = "online"


class Cups:
    """The online cups of one server process.

    :param store: the scorekeeper's store (tournaments, rounds, lists)
    :param tables: the table server's tables of this process
    """

    def __init__(self, store: SkStore, tables: Tables):
        self.store = store
        self.tables = tables
        self._locks: dict[int, asyncio.Lock] = {}
        #: rows on each online table's list (scorekeeper table id -> count), as far as this process knows
        self._written: dict[int, int] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        #: failures writing a row, per scorekeeper table id (the dashboard shows them)
        self.problems: dict[int, str] = {}

    # -- wiring ----------------------------------------------------------------------
    def attach(self) -> None:
        """Observe the server's finished deals."""
        if self._on_deal not in self.tables.deal_observers:
            self.tables.deal_observers.append(self._on_deal)

    def _on_deal(self, t: Table, index: int) -> None:
        if "cup_table" not in t.settings:
            return
        task = asyncio.get_running_loop().create_task(self.catch_up_table(t))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def settle(self) -> None:
        """Wait until every row the observers started is written (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    # -- settings --------------------------------------------------------------------
    def configure(self, tid: int, settings: dict[str, Any] | None) -> dict[str, Any]:
        """Make ``tid`` an online (or mixed) cup with ``settings`` (:class:`.settings.CupSettings`)."""
        cs = CupSettings.from_json(settings)
        t = self.store.tournament(tid)
        if cs.duplicate and t["game"] == "perlaggen":
            raise IllegalAction(Msg("Perlaggen cannot play the same deals at every table: a player cuts the pack "
                                    "(Perlaggen §4), so the same pack gives other hands"))
        if t["rounds"]:
            raise IllegalAction(Msg("the cup's settings are fixed once a round is drawn"))
        from stammtisch.scorekeeper import entries

        adapter = entries.get(t["game"])
        self.store.set_games(tid, {size: planned_games(t["game"], size, cs, adapter.round_games.get(size, 0))
                                   for size in adapter.table_sizes})
        return self.store.set_online(tid, cs.to_json())

    # -- invitation, registration, check-in -------------------------------------------
    def invitation(self, tid: int) -> str:
        """The cup's invitation key (made on first use): the link players register with."""
        def change(o: dict[str, Any]) -> dict[str, Any]:
            o.setdefault("invite", secrets.token_urlsafe(12))
            return o
        return str(self.store.update_online(tid, change)["invite"])

    def _check_invite(self, tid: int, key: str) -> dict[str, Any]:
        t = self.store.tournament(tid)
        invite = (t["online"] or {}).get("invite")
        if not invite or not isinstance(key, str) or not secrets.compare_digest(str(invite), key):
            raise Forbidden(Msg("this invitation link is not valid"))
        return t

    def register(self, tid: int, key: str, name: str, code: str) -> dict[str, Any]:
        """A player registers with the invitation, his name and a personal code (until the first draw)."""
        t = self._check_invite(tid, key)
        if t["rounds"]:
            raise IllegalAction(Msg("the registration is closed: the first round is drawn"))
        return self.store.register_player(tid, name, code)

    def open_checkin(self, tid: int, opened: bool) -> dict[str, Any]:
        """Open (or close) the check-in for the next round; opening starts an empty list."""
        nxt = len(self.store.tournament(tid)["rounds"]) + 1

        def change(o: dict[str, Any]) -> dict[str, Any]:
            c = o.get("checkin") or {}
            if opened and c.get("round") != nxt:
                c = {"round": nxt, "players": []}
            c["open"] = bool(opened)
            o["checkin"] = c
            return o
        return dict(self.store.update_online(tid, change)["checkin"])

    def check_in(self, tid: int, name: str, code: str) -> dict[str, Any]:
        """A registered player checks in for the next round (while the check-in is open)."""
        p = self.store.player_by_code(tid, name, code)

        def change(o: dict[str, Any]) -> dict[str, Any]:
            c = o.get("checkin") or {}
            if not c.get("open"):
                raise IllegalAction(Msg("the check-in is not open"))
            if p["number"] not in c["players"]:
                c["players"] = [*c["players"], p["number"]]
            o["checkin"] = c
            return o
        c = self.store.update_online(tid, change)["checkin"]
        return {"player": p, "round": c["round"], "checked_in": True}

    def draw(self, tid: int, **kw: Any) -> dict[str, Any]:
        """Draw the next round; after a check-in for it only the players who checked in (and the
        computer players) are drawn -- the others are withdrawn from this draw on, their rows stay;
        checking in for a later round brings them back (docs/tournaments.md, "Check-in")."""
        t = self.store.tournament(tid)
        c = (t["online"] or {}).get("checkin") or {}
        if c.get("round") == len(t["rounds"]) + 1:
            computer = {" ".join(n.split()).casefold() for n in (t["online"] or {}).get("computer") or ()}
            present = set(c.get("players") or ()) | {p["number"] for p in t["players"]
                                                     if " ".join(p["name"].split()).casefold() in computer}
            for p in t["players"]:
                if (p["number"] in present) != p["active"]:
                    self.store.set_player_active(tid, p["number"], p["number"] in present)
            self.store.update_online(tid, lambda o: {**o, "checkin": {**(o.get("checkin") or {}), "open": False}})
        return self.store.draw_round(tid, **kw)

    async def my_table(self, tid: int, name: str, code: str, link: bool = False) -> dict[str, Any]:
        """What a registered player sees: checked in or not, and his table in the last round; with
        ``link`` his seat link at that online table (a fresh token: his earlier link stops working)."""
        p = await asyncio.to_thread(self.store.player_by_code, tid, name, code)
        t = await asyncio.to_thread(self.store.tournament, tid)
        c = (t["online"] or {}).get("checkin") or {}
        out: dict[str, Any] = {"player": p, "tournament": {"id": t["id"], "name": t["name"], "game": t["game"]},
                               "checkin": {"round": c.get("round"), "open": bool(c.get("open")),
                                           "checked_in": p["number"] in (c.get("players") or ())},
                               "table": None}
        if t["rounds"]:
            rnd = t["rounds"][-1]
            for tab in rnd["tables"]:
                seat = next((x for x in tab["seats"] if x["player"] == p["id"]), None)
                if seat is None:
                    continue
                out["table"] = {"round": rnd["number"], "number": tab["number"], "kind": tab["kind"],
                                "position": seat["position"], "closed": tab["closed"]}
                playing = tab["kind"] == "online" and tab["server_table"] is not None and not tab["closed"]
                out["table"]["playing"] = playing
                if playing and link:
                    out["table"]["link"] = await self.seat_link(tab["id"], seat["position"])
        return out

    # -- rounds ----------------------------------------------------------------------
    async def start_round(self, tid: int) -> dict[str, Any]:
        """Open the online tables of the tournament's last drawn round at the server and start them.

        Returns per table its server table (number, address). Tables opened before are left as they
        are, so starting twice opens nothing twice.
        """
        t = await asyncio.to_thread(self.store.tournament, tid)
        if t["online"] is None:
            raise IllegalAction(Msg("this tournament has no online tables"))
        if not t["rounds"]:
            raise IllegalAction(Msg("draw the round first"))
        cs = CupSettings.from_json(t["online"], stored=True)
        rnd = t["rounds"][-1]
        # one secret seed for every table of the round, its commitment kept before any table opens
        seed = await duplicate.round_seed(self, tid, rnd) if cs.duplicate else None
        out = []
        for tab in rnd["tables"]:
            if tab["kind"] != "online":
                continue
            if tab["server_table"] is None:
                st: Table | None = await self._open(t, tab, cs, seed, rnd["number"])
            else:
                st = await self.tables.get_number(tab["server_table"])
            out.append({"table": tab["number"], "id": tab["id"], "server_table": st.number if st else None,
                        "server_id": st.public_id if st else None})
        answer: dict[str, Any] = {"tournament": tid, "round": rnd["number"], "tables": out}
        if seed is not None:
            answer["commitment"] = fairdeal.commitment(seed)
        return answer

    async def _open(self, t: dict[str, Any], tab: dict[str, Any], cs: CupSettings, seed: bytes | None = None,
                    round_number: int = 0) -> Table:
        options, max_deals = table_plan(t["game"], tab["size"], cs)
        settings: dict[str, Any] = {"kiebitze": cs.kiebitze, "cup": t["id"], "cup_table": tab["id"]}
        if seed is not None:
            settings.update(duplicate.held_settings(round_number))
        if cs.move_seconds:
            settings["move_seconds"] = cs.move_seconds
        if cs.word_seconds is not None and cs.move_seconds:
            settings["word_seconds"] = cs.word_seconds
        st = await self.tables.create(t["game"], t["profile"], {**(t["options"] or {}), **options}, max_deals,
                                      cs.bots, settings, owner_token=secrets.token_urlsafe(24), fair_seed=seed)
        computer = {" ".join(n.split()).casefold() for n in cs.computer}
        people = [("bot" if " ".join(s["name"].split()).casefold() in computer else "human", s["name"])
                  for s in sorted(tab["seats"], key=lambda s: s["position"])]
        await st.reserve_seats(people)
        await st.start(None, trusted=True)
        assert st.match is not None
        first = st.match.logs[0].ctx.dealer
        await asyncio.to_thread(self.store.link_server_table, tab["id"], st.number, first)
        self._written[tab["id"]] = 0
        await self.catch_up_table(st)  # deals finished while the link was written
        return st

    # -- rows ------------------------------------------------------------------------
    def _lock(self, sk_table: int) -> asyncio.Lock:
        lock = self._locks.get(sk_table)
        if lock is None:
            lock = self._locks[sk_table] = asyncio.Lock()
        return lock

    async def catch_up_table(self, t: Table) -> int:
        """Write every finished deal of server table ``t`` that is not yet on its list; returns how many."""
        sk = t.settings.get("cup_table")
        if not isinstance(sk, int) or t.match is None:
            return 0
        async with self._lock(sk):
            start = self._written.get(sk)
            if start is None:
                start = await asyncio.to_thread(self._count, sk)
                if start is None:
                    return 0  # not linked yet: the round's start writes them
            rows = list(rows_of_match(t.match, t.number, start, t.deal_flags(),
                                      cards="duplicate_round" in t.settings))
            n = await self._write_rows(sk, t.game.name, rows)
            if t.status == "finished" and all(dl.result is not None for dl in t.match.logs):
                await asyncio.to_thread(self.store.close_online, sk)
        if t.status in ENDED and isinstance(t.settings.get("duplicate_round"), int):
            # the round's seed is revealed when its last table has ended (docs/fair-deals.md)
            await duplicate.release_round(self, t.settings["cup"], t.settings["duplicate_round"])
        return n

    def _count(self, sk: int) -> int | None:
        info = self.store.table(sk)
        if info.get("server_table") is None:
            return None
        return len(info["rows"])

    async def _write_rows(self, sk: int, game: str, rows: list[OnlineRow]) -> int:
        n = 0
        for row in rows:
            ok = await asyncio.to_thread(self._write, sk, game, row)
            if not ok:
                break
            self._written[sk] = row.number
            n += 1
        return n

    def _write(self, sk: int, game: str, row: OnlineRow) -> bool:
        """One row, settled from the game's facts; if they do not settle to the table's points, the
        table's points as a checked row (and the reason kept with it). ``False``: not written."""
        try:
            self.store.write_online(sk, row.number, row.facts, AUTHOR, expect=row.expect)
            return True
        except IllegalAction as e:
            reason = str(e)
            log.warning("online table %s game %s: the facts did not settle (%s); written as points", sk,
                        row.number, reason)
        try:
            self.store.write_online(sk, row.number, fallback(row, game, reason).facts, AUTHOR, expect=row.expect)
            return True
        except IllegalAction as e:
            self.problems[sk] = f"game {row.number}: {e}"
            log.error("online table %s game %s could not be written: %s", sk, row.number, e)
            return False

    async def catch_up_all(self) -> int:
        """After a start: write the rows of every online table that the log has and the list lacks
        (a table another process plays is rebuilt from its stored log). Returns the rows written."""
        total = 0
        infos = await asyncio.to_thread(self.store.online_tables)
        # a duplicate round whose last table ended just before a restart: its seed is revealed now
        for tid, rnd in sorted({(i["tournament"], i["round"]) for i in infos}):
            await duplicate.release_round(self, tid, rnd)
        for info in infos:
            if info["closed"]:
                continue
            number = info["server_table"]
            t = await self.tables.get_number(number)
            if t is not None:
                self._written.pop(info["id"], None)
                total += await self.catch_up_table(t)
                continue
            total += await self._catch_up_stored(info)
        return total

    async def _catch_up_stored(self, info: dict[str, Any]) -> int:
        """The rows of a server table not in this process's memory, from its stored log."""
        loaded = await self.tables.db(self.tables.store.load, info["server_table"])
        if loaded is None or not loaded.deals:
            return 0
        row = loaded.row
        deals: list[dict[str, Any]] = [{"dealer": d.dealer, "deal": d.deal, "actions": []} for d in loaded.deals]
        actions = [(a.seat, a.action, a.actor) for a in loaded.actions]
        record = {"format": "stammtisch-record", "version": 1, "game": row.game, "profile": row.profile,
                  "options": dict(row.options or {}), "seats": [s.name for s in loaded.seats],
                  "max_deals": row.max_deals, "seed": None, "deals": deals}
        match = _replay_actions(record, actions)
        if match is None:
            return 0
        flags = _flags_of(match, [a[2] for a in actions])
        rows = list(rows_of_match(match, info["server_table"], info["written"], flags))
        async with self._lock(info["id"]):
            return await self._write_rows(info["id"], row.game, rows)

    async def sweep(self, every: float = 10.0) -> None:
        """Background task: catch up now and then on the online tables this process plays (a table
        taken over from a killed process may have finished its last game there, row unwritten)."""
        while True:
            await asyncio.sleep(every)
            try:
                for info in await asyncio.to_thread(self.store.online_tables):
                    if info["closed"]:
                        continue
                    t = await self.tables.get_number(info["server_table"])
                    if t is not None:  # None: another process plays it (and catches up there)
                        await self.catch_up_table(t)
            except asyncio.CancelledError:
                raise
            except Exception:  # pragma: no cover - keep sweeping
                log.exception("catching up on the online tables failed")

    # -- duplicate rounds: commitments and the ranking by comparison --------------------
    def comparison(self, tid: int) -> dict[str, Any] | None:
        """A cup with the same deals at every table: each round's commitment (and seed, once the
        round is over) and the ranking by comparison (the scorekeeper's, from the rows' cards:
        :mod:`stammtisch.scorekeeper.comparison`); ``None`` for other cups."""
        t = self.store.tournament(tid)
        if not (t["online"] or {}).get("duplicate"):
            return None
        ranked = self.store.rankings(tid).get("comparison") or []
        return {"rounds": duplicate.public_rounds(t["online"]), "ranking": ranked}

    # -- the organiser's actions -------------------------------------------------------
    async def server_table(self, sk_table: int) -> Table:
        info = await asyncio.to_thread(self.store.table, sk_table)
        number = info.get("server_table")
        t = await self.tables.get_number(number) if number is not None else None
        if t is None:
            raise IllegalAction(Msg("table {number} is not playing online here", number=info["number"]))
        return t

    async def pause(self, sk_table: int, paused: bool) -> None:
        await (await self.server_table(sk_table)).pause(paused)

    async def replace(self, sk_table: int, position: int, name: str | None) -> str | None:
        """Put another person (``name``) or the computer (``None``) on a player's seat; his rows stay
        his, the games from now on count for the seat (docs/tournaments.md, "Replacing a player")."""
        t = await self.server_table(sk_table)
        seat = self._seat_of(t, position)
        return await t.replace_seat(seat, "human" if name else "bot", name or t.seats[seat].name)

    async def seat_link(self, sk_table: int, position: int) -> dict[str, Any]:
        """A fresh seat token for the drawn player at ``position`` (after he proved who he is)."""
        t = await self.server_table(sk_table)
        seat = self._seat_of(t, position)
        token = await t.seat_token(seat)
        return {"table": t.public_id, "seat": seat, "token": token, "invite": f"/t/{t.public_id}"}

    @staticmethod
    def _seat_of(t: Table, position: int) -> int:
        assert t.match is not None
        first = t.match.logs[0].ctx.dealer
        if isinstance(position, bool) or not isinstance(position, int) or not 1 <= position <= t.n:
            raise IllegalAction(Msg("there is no position {position} at a table of {size}", position=repr(position),
                                    size=t.n))
        return (position - 1 + first) % t.n

    async def dashboard(self, tid: int, stuck_seconds: float = 120.0) -> list[dict[str, Any]]:
        """Per online table of the tournament: game k of n, who is away, whose clock runs long, stuck."""
        out = []
        for info in await asyncio.to_thread(self.store.online_tables, tid):
            t = await self.tables.get_number(info["server_table"])
            d: dict[str, Any] = {"id": info["id"], "round": info["round"], "table": info["number"],
                                 "server_table": info["server_table"], "written": info["written"],
                                 "planned": info["planned"], "closed": info["closed"],
                                 "problem": self.problems.get(info["id"])}
            if t is not None and t.match is not None:
                first = t.match.logs[0].ctx.dealer
                pos = lambda seat: (seat - first) % t.n + 1  # noqa: E731
                d.update({"id_at_server": t.public_id, "status": t.status, "paused": bool(t.settings.get("paused")),
                          "game": len(t.match.logs), "max_deals": t.max_deals,
                          "away": sorted(pos(s) for s in t.away_since if t.seats[s].kind == "human"),
                          "quiet_seconds": round(time.monotonic() - t.changed_at, 1)})
                clock = t.clock_due()
                if clock is not None:
                    d["clock"] = {"position": pos(clock[0]), "left": round(clock[1], 1)}
                d["stuck"] = t.status == "playing" and not d["paused"] and d["quiet_seconds"] > stuck_seconds
            out.append(d)
        return out


def _replay_actions(record: dict[str, Any], actions: list[tuple[int, str, str]]) -> Any:
    """A match rebuilt from stored deals and the action log (deals as recorded, actions in order)."""
    from stammtisch.core import registry
    from stammtisch.core.protocol import Deal, Match

    game = registry.get(record["game"])
    recorded = [(d["dealer"], Deal.from_json(d["deal"], game.deck)) for d in record["deals"]]
    try:
        match = Match(game, record["profile"], record["options"], max_deals=record["max_deals"],
                      seats=record["seats"], recorded=recorded)
        for seat, action, _ in actions:
            if match.is_over():
                break
            match.apply(seat, action)
    except IllegalAction:
        log.exception("a cup table's log does not replay")
        return None
    return match


def _flags_of(match: Any, actors: list[str]) -> list[list[list[Any]]]:
    out = []
    k = 0
    for dl in match.logs:
        flags = []
        for i in range(len(dl.actions)):
            if k < len(actors) and actors[k] in ("timer", "standin"):
                flags.append([i, actors[k]])
            k += 1
        out.append(flags)
    return out

