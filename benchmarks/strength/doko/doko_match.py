"""Doppelkopf duplicate matches against doko's UCT player (Sievers & Helmert), benchmark-only.

doko (https://github.com/silvansievers/doko, GPL-3.0) is never shipped with stammtisch and never
imported by the package: this script builds a small C++ bridge (``bridge.cpp``) against doko's
sources in a cache folder outside the repository and talks to it over a pipe. See README.md.

Run::

    python benchmarks/strength/doko/doko_match.py build --doko-src PATH
    python benchmarks/strength/doko/doko_match.py check
    python benchmarks/strength/doko/doko_match.py match --ours search:40w --rollouts 100 \\
        --simulations 10 --pairs 6 --name doko_smoke

``PATH`` is a checkout of silvansievers/doko or a bare git directory of it (its ``HEAD`` is
exported). Without ``--doko-src`` the sources already in the cache are used.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import random
import shutil
import subprocess
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "src"))

CACHE = Path(os.environ.get("STAMMTISCH_DOKO_CACHE", Path.home() / ".cache" / "stammtisch" / "doko"))
HOW_TO_GET = ("doko's sources are not in the cache ({cache}). Get them with\n"
              "  git clone https://github.com/silvansievers/doko /some/path\n"
              "and run: python benchmarks/strength/doko/doko_match.py build --doko-src /some/path")

# our notation (X Kreuz, P Pik, H Herz, K Karo; 9 10 B D K A) <-> doko's (C S H D; 9 1 J Q K A)
_SUIT = {"X": "C", "P": "S", "H": "H", "K": "D"}
_RANK = {"9": "9", "10": "1", "B": "J", "D": "Q", "K": "K", "A": "A"}
_SUIT_BACK = {v: k for k, v in _SUIT.items()}
_RANK_BACK = {v: k for k, v in _RANK.items()}
CLUB_QUEEN = "XD"


def to_doko(card: str) -> str:
    return _SUIT[card[0]] + _RANK[card[1:]]


def from_doko(card: str) -> str:
    return _SUIT_BACK[card[0]] + _RANK_BACK[card[1:]]


# ---------------------------------------------------------------------------------------
# Build
# ---------------------------------------------------------------------------------------
def _export(src: Path, dest: Path) -> str:
    """Copy doko's sources (a checkout or a bare git dir) to ``dest``; return the commit or a hash."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    git_dir = src if (src / "objects").is_dir() and (src / "HEAD").is_file() else src / ".git"
    if git_dir.is_dir():
        commit = subprocess.run(["git", "--git-dir", str(git_dir), "rev-parse", "HEAD"], check=True,
                                capture_output=True, text=True).stdout.strip()
        archive = subprocess.run(["git", "--git-dir", str(git_dir), "archive", "HEAD"], check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
        return commit
    for f in src.iterdir():
        if f.suffix in (".cpp", ".h") or f.name in ("LICENSE", "CMakeLists.txt", "README.rst"):
            shutil.copy2(f, dest / f.name)
    h = hashlib.sha256()
    for f in sorted(dest.iterdir()):
        h.update(f.read_bytes())
    return "sha256:" + h.hexdigest()[:16]


def build(doko_src: Path | None) -> Path:
    """Put doko's sources into the cache (if given) and compile the bridge; return its path."""
    src = CACHE / "src"
    if doko_src is not None:
        version = _export(Path(doko_src).expanduser().resolve(), src)
        (CACHE / "version.txt").write_text(version + "\n")
    if not (src / "uct.cpp").is_file():
        raise SystemExit(HOW_TO_GET.format(cache=CACHE))
    exe = CACHE / "bridge"
    # doko's own flags (CMakeLists.txt: -std=c++11 -O3, assertions on); -w: its -Werror is not ours.
    # doko's files are compiled once into objects (kept while the sources are unchanged), the bridge
    # is compiled and linked each time
    obj = CACHE / "obj"
    if doko_src is not None and obj.exists():
        shutil.rmtree(obj)
    obj.mkdir(exist_ok=True)
    flags = ["g++", "-std=c++11", "-O3", "-w", f"-I{src}"]
    objects = []
    for cpp in sorted(p for p in src.glob("*.cpp") if p.name not in ("main.cpp", "test.cpp")):
        o = obj / (cpp.stem + ".o")
        if not o.is_file():
            print(" ".join(flags), "-c", cpp.name, flush=True)
            subprocess.run([*flags, "-c", str(cpp), "-o", str(o)], check=True)
        objects.append(str(o))
    cmd = [*flags, "-o", str(exe), str(HERE / "bridge.cpp"), *objects]
    print(" ".join(cmd[:6]), "... (bridge.cpp with doko's objects)", flush=True)
    subprocess.run(cmd, check=True)
    return exe


def doko_version() -> str:
    f = CACHE / "version.txt"
    return f.read_text().strip() if f.is_file() else "unknown"


# ---------------------------------------------------------------------------------------
# The bridge as a stammtisch bot
# ---------------------------------------------------------------------------------------
def request_line(view: dict[str, Any], version: int, rollouts: int, simulations: int) -> str:
    """The bridge's whole input for one decision, built from the seat's own view only:
    the seat, the first leader, its own hand and the public sequence of cards played."""
    deal = view["deal"]
    seat = view["seat"]
    first = deal["active"][0]  # the dealer's left leads the first trick (Doppelkopf-Turnier 2.)
    played = [(s, c) for t in deal["tricks"] for s, c in t["cards"]] + [(s, c) for s, c in deal["trick"]]
    hand = " ".join(to_doko(c) for c in deal["hand"])
    hist = " ".join(f"{s}:{to_doko(c)}" for s, c in played)
    return f"{seat} {first} {version} {rollouts} {simulations} | {hand} | {hist}"


class DokoUct:
    """doko's UCT player at one of our seats (through the bridge process); cards only.

    It answers ``gesund`` in the Spielabfrage and never announces (the common subset, README.md).
    """

    def __init__(self, exe: Path, version: int = 0, rollouts: int = 100, simulations: int = 10):
        self.name = f"doko-uct-v{version}-{rollouts}r-{simulations}s"
        self.args = (version, rollouts, simulations)
        self.proc = subprocess.Popen([str(exe)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.times: list[float] = []
        self.cpu: list[float] = []
        self.requests: list[str] = []

    def ask(self, line: str) -> str:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        out = self.proc.stdout.readline().strip()
        if not out or out.startswith("error"):
            raise RuntimeError(f"bridge: {out or 'no answer'} for {line!r}")
        return out

    def choose(self, turn: Any, rng: Any) -> str:
        if "gesund" in turn.legal:
            return "gesund"
        cards = [a for a in turn.legal if a[0] in _SUIT]
        if len(cards) == 1:
            return cards[0]
        line = request_line(turn.view, *self.args)
        t0, c0 = time.perf_counter(), self.cpu_seconds()
        card = from_doko(self.ask(line))
        self.times.append(time.perf_counter() - t0)
        self.cpu.append(self.cpu_seconds() - c0)
        self.requests.append(line)
        if card not in cards:
            raise RuntimeError(f"bridge answered {card}, not legal here: {cards}")
        return card

    def cpu_seconds(self) -> float:
        """The bridge process's CPU time so far (user + system, from ``/proc``; 0 elsewhere)."""
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def interject(self, turn: Any, rng: Any) -> None:
        return None

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=10)


class CardsOnly:
    """Our bot restricted to the common subset: ``gesund``, no announcements, cards by ``inner``."""

    def __init__(self, inner: Any):
        self.inner = inner
        self.name = getattr(inner, "name", "ours")
        self.times: list[float] = []
        self.cpu: list[float] = []

    def choose(self, turn: Any, rng: Any) -> str:
        from stammtisch.core.protocol import Turn

        if "gesund" in turn.legal:
            return "gesund"
        cards = [a for a in turn.legal if a[0] in _SUIT]
        if len(cards) == 1:
            return cards[0]
        t0, c0 = time.perf_counter(), time.process_time()
        a = self.inner.choose(Turn(turn.seat, cards, partial(lambda t: t.view, turn)), rng)
        self.times.append(time.perf_counter() - t0)
        self.cpu.append(time.process_time() - c0)
        return a

    def interject(self, turn: Any, rng: Any) -> None:
        return None


# ---------------------------------------------------------------------------------------
# The whole game: contracts, announcements and cards (bridge request kind "G")
# ---------------------------------------------------------------------------------------
#: our solo kinds -> doko's game types (doko's ``aces_solo`` is the Fleischloser)
SOLO_TO_DOKO = {"karo": "D", "herz": "H", "pik": "S", "kreuz": "C", "buben": "J", "damen": "Q", "fleischlos": "A"}
SOLO_FROM_DOKO = {v: k for k, v in SOLO_TO_DOKO.items()}
#: announcement words -> doko's levels (``announcement_t``: 1 Re/Kontra, 2 keine 90 .. 5 schwarz)
ANN_LEVEL = {"re": 1, "kontra": 1, "keine90": 2, "keine60": 3, "keine30": 4, "schwarz": 5}
#: doko's published announcing: option 1 (its UCT may announce), announcing version 1 (only the next one)
PUBLISHED_ANNOUNCING = (1, 1)


def game_events(view: dict[str, Any]) -> str:
    """Our engine's public actions of the deal (``view["deal"]["actions"]``) as bridge events; an
    announcement carries the announcer's party, which the view shows once announced."""
    deal = view["deal"]
    out = []
    for s, a in deal["actions"]:
        if a in ("gesund", "vorbehalt"):
            out.append(f"{s}:v{int(a == 'vorbehalt')}")
        elif a.startswith("solo:"):
            out.append(f"{s}:s={SOLO_TO_DOKO[a[5:]]}")
        elif a == "nein":
            out.append(f"{s}:n")
        elif a == "hochzeit":
            out.append(f"{s}:m")
        elif a in ANN_LEVEL:
            party = a if a in ("re", "kontra") else deal["parties"][s]
            if party is None:
                raise RuntimeError(f"the view does not show the party of seat {s}, who announced {a}")
            out.append(f"{s}:a={ANN_LEVEL[a]}.{int(party == 're')}")
        else:
            out.append(f"{s}:{to_doko(a)}")
    return " ".join(out)


def game_request(view: dict[str, Any], mode: str, version: int, rollouts: int, simulations: int,
                 announcing: tuple[int, int] = PUBLISHED_ANNOUNCING) -> str:
    """The bridge's whole input for one decision of the whole game, from the seat's own view only:
    the seat, the first leader, its hand now and the public actions in order. ``mode``: ``V`` the
    Spielabfrage, ``T`` the solo question, ``P`` a card turn (doko may announce first)."""
    deal = view["deal"]
    hand = " ".join(to_doko(c) for c in deal["hand"])
    return (f"G {view['seat']} {deal['active'][0]} {version} {rollouts} {simulations} {announcing[0]} "
            f"{announcing[1]} {mode} | {hand} | {game_events(view)}")


class DokoGame(DokoUct):
    """doko's UCT player at one of our seats for the whole game: its own Vorbehalt, solo and
    Hochzeit decisions and its announcements (doko's protocol rebuilt by the bridge from the seat's
    view), at its turns. It does not interject: doko is asked about announcements at its own card
    turns (README.md)."""

    def __init__(self, exe: Path, version: int = 0, rollouts: int = 1000, simulations: int = 10,
                 announcing: tuple[int, int] = PUBLISHED_ANNOUNCING):
        super().__init__(exe, version, rollouts, simulations)
        self.name = f"doko-uct-game-v{version}-{rollouts}r-{simulations}s-a{announcing[0]}{announcing[1]}"
        self.announcing = announcing
        self.searches: list[int] = []
        self.kinds: list[str] = []
        self.refused: list[str] = []  # doko's announcements our engine did not allow then

    def choose(self, turn: Any, rng: Any) -> str:
        legal = list(turn.legal)
        if len(legal) == 1:
            return legal[0]
        cards = [a for a in legal if a[0] in _SUIT and a[1:] in _RANK]
        if "gesund" in legal:
            mode = "V"
        elif cards:
            mode = "P"
        else:
            mode = "T"
        view = turn.view
        if mode == "P" and len(cards) == 1 and len(legal) == 1:  # pragma: no cover - caught above
            return cards[0]
        line = game_request(view, mode, *self.args, announcing=self.announcing)
        t0, c0 = time.perf_counter(), self.cpu_seconds()
        answer, n = self.ask(line).split()
        self.times.append(time.perf_counter() - t0)
        self.cpu.append(self.cpu_seconds() - c0)
        self.searches.append(int(n))
        self.kinds.append(mode)
        self.requests.append(line)
        if answer in ("v0", "v1"):
            action = "vorbehalt" if answer == "v1" else "gesund"
        elif answer == "n":
            action = "nein"
        elif answer.startswith("s="):
            action = "solo:" + SOLO_FROM_DOKO[answer[2]]
        elif answer.startswith("a="):
            level = int(answer[2]) - 1
            party = view["deal"]["parties"][view["seat"]]
            from stammtisch.games.doppelkopf.announcements import word_for

            action = word_for(party, level)
            if action not in legal:
                # our engine's window is closed where doko's is open: the card is asked again
                self.refused.append(f"{len(view['deal']['actions'])}:{action}")
                return self._card_after_refusal(turn, cards)
        else:
            action = from_doko(answer)
        if action not in legal:
            raise RuntimeError(f"bridge answered {answer} ({action}), not legal here: {legal}")
        return action

    def _card_after_refusal(self, turn: Any, cards: list[str]) -> str:
        """doko's announcement was refused by our rules: its card, asked with announcements off."""
        if len(cards) == 1:
            return cards[0]
        line = game_request(turn.view, "P", *self.args, announcing=(0, self.announcing[1]))
        t0, c0 = time.perf_counter(), self.cpu_seconds()
        answer, n = self.ask(line).split()
        self.times[-1] += time.perf_counter() - t0
        self.cpu[-1] += self.cpu_seconds() - c0
        self.searches[-1] += int(n)
        card = from_doko(answer)
        if card not in cards:
            raise RuntimeError(f"bridge answered {answer}, not legal here: {cards}")
        return card


class Timed:
    """Our bot for the whole game (its own contracts, announcements and interjections), with the CPU
    and wall time of every decision that had a choice (``choose`` with 2 or more legal actions, and
    every ``interject`` question)."""

    def __init__(self, inner: Any):
        self.inner = inner
        self.name = getattr(inner, "name", "ours")
        self.times: list[float] = []
        self.cpu: list[float] = []

    def choose(self, turn: Any, rng: Any) -> str:
        if len(turn.legal) == 1:
            return turn.legal[0]
        t0, c0 = time.perf_counter(), time.process_time()
        a = self.inner.choose(turn, rng)
        self.times.append(time.perf_counter() - t0)
        self.cpu.append(time.process_time() - c0)
        return a

    def interject(self, turn: Any, rng: Any) -> str | None:
        t0, c0 = time.perf_counter(), time.process_time()
        a = self.inner.interject(turn, rng)
        self.times.append(time.perf_counter() - t0)
        self.cpu.append(time.process_time() - c0)
        return a


def game_seats(game: Any, deal: Any) -> list[int]:
    """Side A's two seats in the first half of a whole-game pair: the two ♣ Queen holders (Re in a
    normal game), or, when one hand holds both (Hochzeit), that hand and the seat across."""
    holders = [s for s, hand in enumerate(deal.hands) if any(game.deck.format(c) == CLUB_QUEEN for c in hand)]
    return holders if len(holders) == 2 else sorted({holders[0], (holders[0] + 2) % 4})


def play_game_pair(game: Any, profile: str, overrides: dict[str, Any], dealer: int, deal: Any, ours: Any,
                   doko: Any, seed: int, index: int) -> dict[str, Any]:
    """Whole-game team duplicate: ours on :func:`game_seats` and doko on the other two, then swapped,
    the same deal and play seed. A side's points: the mean of its two seats'. Each half records the
    public actions (for exact replays), the contract, who declared it and the announcements."""
    from stammtisch.core.driver import play_out
    from stammtisch.core.protocol import Match

    first = game_seats(game, deal)
    out: dict[str, Any] = {"index": index, "dealer": dealer, "seats_a_first": first, "a": [], "b": [], "halves": []}
    for swap in (0, 1):
        a_seats = first if swap == 0 else [s for s in range(4) if s not in first]
        bots = [ours if s in a_seats else doko for s in range(4)]
        m = Match(game, profile, overrides, max_deals=1, recorded=[(dealer, deal)])
        play_out(m, bots, random.Random(f"{seed}:{index}:play"))
        log = m.logs[0]
        pts = log.result.points
        out["a"].append(sum(pts[s] for s in a_seats) / 2)
        out["b"].append(sum(pts[s] for s in range(4) if s not in a_seats) / 2)
        pv = m.deal_state.public_view() if m.deal_state is not None else None
        actions = [[s, a] for s, a in m.deal_state.actions] if m.deal_state is not None else None
        out["halves"].append({"a_seats": a_seats, "points": list(pts), "actions": actions,
                              **(_deal_kind(pv, a_seats) if pv else {})})
    return out


def _deal_kind(pv: dict[str, Any], a_seats: list[int]) -> dict[str, Any]:
    """The contract of a played half and who made it, and each side's announcements."""
    contract = pv["contract"]
    decl = pv["declarations"]
    by = decl[0][0] if decl else (pv["hochzeiter"] if contract == "stille_hochzeit" else None)
    side = None if by is None else ("a" if by in a_seats else "b")
    ann = {"a": [w for s, w, _ in pv["announced"] if s in a_seats],
           "b": [w for s, w, _ in pv["announced"] if s not in a_seats]}
    return {"contract": contract, "declared_by": side, "announced": ann}


# ---------------------------------------------------------------------------------------
# Matches
# ---------------------------------------------------------------------------------------
def _common_subset_deal(game: Any, options: Any, seed: int, index: int) -> tuple[int, Any] | None:
    """Deal ``index``; ``None`` if one hand holds both Kreuz-Damen (Hochzeit / stille Hochzeit,
    outside the common subset)."""
    rng = random.Random(f"{seed}:{index}:deal")
    dealer = game.first_dealer(options, rng)
    deal = game.deal(options, dealer, rng, {})
    for hand in deal.hands:
        if sum(1 for c in hand if game.deck.format(c) == CLUB_QUEEN) == 2:
            return None
    return dealer, deal


def play_team_pair(game: Any, profile: str, dealer: int, deal: Any, ours: Any, doko: Any, seed: int,
                   index: int) -> dict[str, Any]:
    """Team duplicate: ours on the Re seats (the Kreuz-Damen holders) and doko on Kontra, then
    swapped, with the same deal and play seed. A side's points: the mean of its two seats'."""
    from stammtisch.core.driver import play_out
    from stammtisch.core.protocol import Match

    re_seats = [s for s, hand in enumerate(deal.hands) if any(game.deck.format(c) == CLUB_QUEEN for c in hand)]
    out: dict[str, Any] = {"index": index, "dealer": dealer, "re": re_seats, "a": [], "b": []}
    for swap in (0, 1):
        a_seats = re_seats if swap == 0 else [s for s in range(4) if s not in re_seats]
        bots = [ours if s in a_seats else doko for s in range(4)]
        m = Match(game, profile, {}, max_deals=1, recorded=[(dealer, deal)])
        play_out(m, bots, random.Random(f"{seed}:{index}:play"))
        pts = m.logs[0].result.points
        out["a"].append(sum(pts[s] for s in a_seats) / 2)
        out["b"].append(sum(pts[s] for s in range(4) if s not in a_seats) / 2)
        # the public actions and points of each half, so that the pair can be replayed (``replay``)
        actions = [[s, a] for s, a in m.deal_state.actions] if m.deal_state is not None else None
        out.setdefault("halves", []).append({"a_seats": a_seats, "points": list(pts), "actions": actions})
    return out


def _timing(ts: list[float]) -> dict[str, Any]:
    if not ts:
        return {"decisions": 0}
    s = sorted(ts)
    out = {"decisions": len(ts), "mean_s": round(sum(ts) / len(ts), 4), "median_s": round(s[len(s) // 2], 4),
           "max_s": round(s[-1], 4)}
    if len(ts) > 1:  # the first decision of a process includes one-time set-up (our Numba compilation)
        out["mean_s_after_first"] = round(sum(ts[1:]) / (len(ts) - 1), 4)
    return out


_W: dict[str, Any] = {}


def _worker_init(ours_spec: str, profile: str, version: int, rollouts: int, simulations: int) -> None:
    """One worker process: our bot and one bridge process of doko, kept for all its pairs."""
    from stammtisch.bots import make
    from stammtisch.core import registry

    game = registry.get("doppelkopf")
    options = game.options(profile, {})
    _W.update(game=game, options=options, profile=profile, ours=CardsOnly(make(ours_spec, game, options)),
              doko=DokoUct(CACHE / "bridge", version, rollouts, simulations))


def _worker_pair(seed: int, index: int) -> dict[str, Any]:
    """Deal ``index`` as a team duplicate pair, with both sides' decisions and time spent on it."""
    game, ours, doko = _W["game"], _W["ours"], _W["doko"]
    got = _common_subset_deal(game, _W["options"], seed, index)
    assert got is not None
    n_a, n_b = len(ours.times), len(doko.times)
    pair = play_team_pair(game, _W["profile"], *got, ours, doko, seed, index)
    pair["cost"] = {"a_decisions": len(ours.times) - n_a, "a_cpu_s": round(sum(ours.cpu[n_a:]), 4),
                    "a_wall_s": round(sum(ours.times[n_a:]), 4),
                    "b_decisions": len(doko.times) - n_b, "b_cpu_s": round(sum(doko.cpu[n_b:]), 4),
                    "b_wall_s": round(sum(doko.times[n_b:]), 4),
                    "a_first_decisions_of_process": n_a == 0}
    return pair


def _cost(pairs: list[dict[str, Any]]) -> dict[str, Any]:
    """Time per card decision (2 or more legal cards) over all pairs, CPU and wall, each side.
    Pairs that hold a worker's first decision of ours (Numba compilation) are left out of ours."""
    out: dict[str, Any] = {}
    for side in ("a", "b"):
        rows = [p["cost"] for p in pairs if "cost" in p and not (side == "a" and p["cost"]["a_first_decisions_of_process"])]
        n = sum(r[f"{side}_decisions"] for r in rows)
        out[side] = {"decisions": n, "pairs_counted": len(rows),
                     "cpu_s_per_decision": round(sum(r[f"{side}_cpu_s"] for r in rows) / n, 4) if n else None,
                     "wall_s_per_decision": round(sum(r[f"{side}_wall_s"] for r in rows) / n, 4) if n else None}
    out["note"] = ("per card decision with 2 or more legal cards; CPU: ours process_time() of its process, doko the "
                   "bridge process's user+system time from /proc (10 ms ticks, summed per pair); one-legal-card "
                   "decisions are answered at once on both sides and not counted")
    return out


def match(args: argparse.Namespace) -> None:
    """The team duplicate match, ``--jobs`` worker processes (each with its own bridge), the
    results file rewritten after every pair; ``--resume`` keeps the pairs of an earlier run of the
    same file (same settings) and plays only the missing deals."""
    import multiprocessing as mp

    from stammtisch.bots.arena import summarize, write_json
    from stammtisch.core import registry

    exe = CACHE / "bridge"
    if not exe.is_file():
        raise SystemExit(f"no bridge at {exe}; run the 'build' command first.\n" + HOW_TO_GET.format(cache=CACHE))
    game = registry.get("doppelkopf")
    options = game.options(args.profile, {})
    doko_name = f"doko-uct-v{args.version}-{args.rollouts}r-{args.simulations}s"
    out_dir = ROOT / "benchmarks" / "results"
    path = out_dir / f"{args.name}.json"
    pairs: list[dict[str, Any]] = []
    seconds_before = 0.0
    runs: list[dict[str, Any]] = []
    if args.resume and path.is_file():
        import json

        old = json.loads(path.read_text())
        same = (old["a"], old["b"], old["seed"], old["profile"]) == (args.ours, doko_name, args.seed, args.profile)
        if not same:
            raise SystemExit(f"{path} holds another match ({old['a']} vs {old['b']}, seed {old['seed']}); not resumed")
        pairs = list(old["pairs"])
        seconds_before = float(old.get("seconds", 0.0))
        runs = list(old.get("machine", {}).get("runs", []))
        print(f"resuming: {len(pairs)} pairs in {path.name}", flush=True)
    done = {p["index"] for p in pairs}
    # the deals: the first `pairs` indices of the common subset, whatever the order they finish in
    todo: list[int] = []
    skipped: list[int] = []
    index = 0
    while len(todo) + len(done) < args.pairs or index <= max(done, default=-1):
        if _common_subset_deal(game, options, args.seed, index) is None:
            skipped.append(index)
        elif index not in done:
            todo.append(index)
        index += 1
    load_before = os.getloadavg()
    t0 = time.perf_counter()
    runs.append({"started_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "jobs": args.jobs,
             "loadavg_before": [round(x, 2) for x in load_before], "pairs_before": len(pairs)})
    stammtisch_commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True,
                                       text=True).stdout.strip()

    def write() -> None:
        pairs.sort(key=lambda p: p["index"])
        complete = len(pairs) >= args.pairs
        runs[-1]["loadavg_now"] = [round(x, 2) for x in os.getloadavg()]
        res = {
            "what": "Doppelkopf team duplicate: ours on Re then on Kontra vs doko's UCT, common subset "
                    "(normal games only: everybody gesund, deals with both Kreuz-Damen in one hand skipped, "
                    "no announcements; card play only)",
            "a": args.ours, "b": doko_name, "profile": args.profile, "seed": args.seed, "pairs_requested": args.pairs,
            "complete": complete, "seconds": round(seconds_before + time.perf_counter() - t0, 1),
            "skipped_deals_two_club_queens": [i for i in skipped if i <= max((p["index"] for p in pairs), default=-1)],
            "doko": {"repo": "silvansievers/doko", "commit": doko_version(), "uct_version": args.version,
                     "rollouts": args.rollouts, "simulations": args.simulations,
                     "other_options": "score-points constant 500, team points 1, playing-points constant 1, "
                                      "exploration 16000, announcement option 0 (never announces), "
                                      "wrong formula 0, simulation option 0, action selection 1; "
                                      "no solo, no compulsory solo, announcing version 1; Uct rng seed 2011 (doko's)",
                     "published_setting": "version 0, 1000 rollouts, 10 simulations, announcement option 1"},
            "stammtisch": {"commit": stammtisch_commit, "bot": args.ours,
                           "bot_note": "stammtisch.bots.make(bot) wrapped in CardsOnly (gesund, no announcements)"},
            "time_per_decision": _cost(pairs),
            "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "runs": runs},
            "summary": summarize(pairs) if pairs else None, "pairs": pairs,
        }
        write_json(res, path)
        s = res["summary"]
        if s:
            lo, hi = s["margin"]["ci95"]
            c = res["time_per_decision"]
            print(f"[{len(pairs)}/{args.pairs}] A {s['a_points_per_deal']:.2f} B {s['b_points_per_deal']:.2f} "
                  f"margin {s['margin']['mean']:.2f} ({lo:.2f}..{hi:.2f}) CPU s/decision ours "
                  f"{c['a']['cpu_s_per_decision']} doko {c['b']['cpu_s_per_decision']} [{res['seconds']:.0f}s]",
                  flush=True)

    init = (args.ours, args.profile, args.version, args.rollouts, args.simulations)
    if args.jobs <= 1:
        _worker_init(*init)
        try:
            for i in todo:
                pairs.append(_worker_pair(args.seed, i))
                write()
        finally:
            _W["doko"].close()
        return
    with mp.get_context("fork").Pool(args.jobs, initializer=_worker_init, initargs=init) as pool:
        for pair in pool.imap_unordered(partial(_worker_pair, args.seed), todo):
            pairs.append(pair)
            write()


#: the rules both sides share in the whole-game runs: no Pflichtsolo and so no Vorführung (single
#: deals have no round; doko: compulsory solo off), everything else the tournament profile
WHOLE_GAME_OVERRIDES: dict[str, Any] = {"pflichtsolo": False, "vorfuehrung": False}


def _whole_cost(pairs: list[dict[str, Any]]) -> dict[str, Any]:
    """CPU and wall seconds per decision of each side over the whole game (pairs holding a worker's
    first decision of ours, which loads the compiled kernels, are left out of ours)."""
    out: dict[str, Any] = {}
    for side in ("a", "b"):
        rows = [p["cost"] for p in pairs if not (side == "a" and p["cost"]["a_first_decisions_of_process"])]
        n = sum(r[f"{side}_decisions"] for r in rows)
        out[side] = {"decisions": n, "pairs_counted": len(rows),
                     "cpu_s_per_decision": round(sum(r[f"{side}_cpu_s"] for r in rows) / n, 4) if n else None,
                     "wall_s_per_decision": round(sum(r[f"{side}_wall_s"] for r in rows) / n, 4) if n else None}
    searches = sum(p["cost"]["b_uct_searches"] for p in pairs)
    out["b"]["uct_searches"] = searches
    out["b"]["cpu_s_per_uct_search"] = (round(sum(p["cost"]["b_cpu_s"] for p in pairs) / searches, 4)
                                        if searches else None)
    out["note"] = ("a decision: ours, every choose() with 2 or more legal actions and every interject() question; "
                   "doko, every request to the bridge (a Spielabfrage answer, a solo answer, or a card turn with its "
                   "announcement question first), each of which may run several UCT searches (uct_searches). CPU: "
                   "ours process_time(), doko the bridge process's user+system time from /proc (10 ms ticks)")
    return out


def _decompose(pairs: list[dict[str, Any]]) -> dict[str, Any]:
    """The margin split by what was played: pairs whose two halves were both normal games without
    announcements, normal games with announcements, and pairs with a solo, Hochzeit or stille Hochzeit
    in either half (by who declared it); counts of contracts and announcements per side."""
    from stammtisch.bots.arena import summarize

    def kind(p: dict[str, Any]) -> str:
        hs = p["halves"]
        if any(h["contract"] != "normal" for h in hs):
            sides = {h["declared_by"] for h in hs if h["contract"] != "normal"}
            contracts = {h["contract"].split(":")[0] for h in hs if h["contract"] != "normal"}
            who = "+".join(sorted(x for x in sides if x)) or "none"
            return f"{'/'.join(sorted(contracts))} declared by {who}"
        if any(h["announced"]["a"] or h["announced"]["b"] for h in hs):
            return "normal games with announcements"
        return "normal games, no announcement"

    groups: dict[str, list[dict[str, Any]]] = {}
    for p in pairs:
        groups.setdefault(kind(p), []).append(p)
    halves = [h for p in pairs for h in p["halves"]]
    counts = {side: {"solos_declared": sum(1 for h in halves if h["declared_by"] == side and
                                           h["contract"].startswith("solo:")),
                     "hochzeiten_declared": sum(1 for h in halves if h["declared_by"] == side and h["contract"] == "hochzeit"),
                     "halves_with_announcement": sum(1 for h in halves if h["announced"][side]),
                     "words": sum(len(h["announced"][side]) for h in halves)} for side in ("a", "b")}
    return {"by_kind": {k: {"pairs": len(v), **summarize(v)["margin"]} for k, v in sorted(groups.items())},
            "counts_over_halves": {"halves": len(halves), **counts},
            "note": "A = the 'a' bot, B = doko; a kind is the pair's (both halves), the margin per deal as in summary"}


def whole(args: argparse.Namespace) -> None:
    """The whole-game team duplicate against doko (one process: ours and one bridge), the results
    file rewritten after every pair; ``--resume`` plays only the deals still missing."""
    from stammtisch.bots import make
    from stammtisch.bots.arena import summarize, write_json
    from stammtisch.core import registry

    exe = CACHE / "bridge"
    if not exe.is_file():
        raise SystemExit(f"no bridge at {exe}; run the 'build' command first.\n" + HOW_TO_GET.format(cache=CACHE))
    game = registry.get("doppelkopf")
    overrides = dict(WHOLE_GAME_OVERRIDES)
    options = game.options(args.profile, overrides)
    announcing = (args.announcement_option, args.announcing_version)
    doko = DokoGame(exe, args.version, args.rollouts, args.simulations, announcing)
    ours = Timed(make(args.ours, game, options))
    path = ROOT / "benchmarks" / "results" / f"{args.name}.json"
    pairs: list[dict[str, Any]] = []
    seconds_before = 0.0
    runs: list[dict[str, Any]] = []
    if path.is_file():
        old = json.loads(path.read_text())
        if not args.resume:
            raise SystemExit(f"{path} exists; --resume continues it (a results file is not overwritten)")
        if (old["a"], old["b"], old["seed"], old["profile"]) != (args.ours, doko.name, args.seed, args.profile):
            raise SystemExit(f"{path} holds another match ({old['a']} vs {old['b']}, seed {old['seed']}); not resumed")
        pairs, seconds_before = list(old["pairs"]), float(old.get("seconds", 0.0))
        runs = list(old.get("machine", {}).get("runs", []))
        print(f"resuming: {len(pairs)} pairs in {path.name}", flush=True)
    done = {p["index"] for p in pairs}
    todo = [i for i in range(args.pairs) if i not in done]
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    dirty = bool(subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "src"], capture_output=True,
                                text=True).stdout.strip())
    runs.append({"started_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "pairs_before": len(pairs),
                 "stammtisch_commit": commit, "src_modified": dirty,
                 "loadavg_before": [round(x, 2) for x in os.getloadavg()]})
    t0 = time.perf_counter()

    def write() -> None:
        pairs.sort(key=lambda p: p["index"])
        runs[-1]["loadavg_now"] = [round(x, 2) for x in os.getloadavg()]
        res = {
            "what": "Doppelkopf whole-game team duplicate against doko's UCT player: contracts (Vorbehalt, solos, "
                    "Hochzeit), announcements and cards by each side; our engine runs and scores every deal",
            "a": args.ours, "b": doko.name, "profile": args.profile, "overrides": overrides, "seed": args.seed,
            "pairs_requested": args.pairs, "complete": len(pairs) >= args.pairs,
            "seconds": round(seconds_before + time.perf_counter() - t0, 1),
            "deals": "deal i: random.Random(f'{seed}:{i}:deal') as in the card-play runs, every deal kept",
            "doko": {"repo": "silvansievers/doko", "commit": doko_version(), "uct_version": args.version,
                     "rollouts": args.rollouts, "simulations": args.simulations,
                     "announcement_option": announcing[0], "announcing_version": announcing[1],
                     "other_options": "score-points constant 500, team points 1, playing-points constant 1, "
                                      "exploration 16000, wrong formula 0, simulation option 0, action selection 1; "
                                      "solos allowed, no compulsory solo; Uct rng seed 2011 (doko's)",
                     "published_setting": "version 0, 1000 rollouts, 10 simulations, announcement option 1, "
                                          "announcing version 1",
                     "announcements_refused_by_our_rules": sum(len(p.get("doko_refused", [])) for p in pairs)},
            "stammtisch": {"commit": commit, "bot": args.ours, "bot_note": "stammtisch.bots.make(bot), the whole game"},
            "time_per_decision": _whole_cost(pairs) if pairs else None,
            "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "runs": runs,
                        "note": "one process (ours and the bridge take turns) under nice -n 10 on a 2-core machine "
                                "shared with three other engineers' jobs"},
            "summary": summarize(pairs) if pairs else None,
            "decomposition": _decompose(pairs) if pairs else None,
            "pairs": pairs,
        }
        write_json(res, path)
        sm = res["summary"]
        if sm:
            lo, hi = sm["margin"]["ci95"]
            c = res["time_per_decision"]
            print(f"[{len(pairs)}/{args.pairs}] margin {sm['margin']['mean']:.2f} ({lo:.2f}..{hi:.2f}) CPU s/decision "
                  f"ours {c['a']['cpu_s_per_decision']} doko {c['b']['cpu_s_per_decision']} [{res['seconds']:.0f}s]",
                  flush=True)

    try:
        for i in todo:
            rng = random.Random(f"{args.seed}:{i}:deal")
            dealer = game.first_dealer(options, rng)
            deal = game.deal(options, dealer, rng, {})
            n_a, n_b, n_r = len(ours.times), len(doko.times), len(doko.refused)
            pair = play_game_pair(game, args.profile, overrides, dealer, deal, ours, doko, args.seed, i)
            pair["cost"] = {"a_decisions": len(ours.times) - n_a, "a_cpu_s": round(sum(ours.cpu[n_a:]), 4),
                            "a_wall_s": round(sum(ours.times[n_a:]), 4),
                            "b_decisions": len(doko.times) - n_b, "b_cpu_s": round(sum(doko.cpu[n_b:]), 4),
                            "b_wall_s": round(sum(doko.times[n_b:]), 4), "b_uct_searches": sum(doko.searches[n_b:]),
                            "b_requests_by_kind": {k: doko.kinds[n_b:].count(k) for k in "VTP"},
                            "a_first_decisions_of_process": n_a == 0}
            if len(doko.refused) > n_r:
                pair["doko_refused"] = doko.refused[n_r:]
            pairs.append(pair)
            write()
    finally:
        doko.close()


def check(args: argparse.Namespace) -> None:
    """The bridge sees only the seat's view: (1) its input is built from ``state.view(seat)``
    alone; (2) for many positions, the same view with the other three hands dealt anew (the
    engine's own sampler) gives the identical request line, and the bridge answers it the same
    way twice (doko's UCT is seeded, 2011)."""
    from stammtisch.bots import make
    from stammtisch.core import registry
    from stammtisch.core.driver import step
    from stammtisch.core.protocol import Match

    game = registry.get("doppelkopf")
    options = game.options(args.profile, {})
    doko = DokoUct(CACHE / "bridge", args.version, args.rollouts, args.simulations)
    rule = CardsOnly(make("rule", game, options))
    checked = differ = 0
    for index in range(args.positions):
        got = _common_subset_deal(game, options, args.seed, index)
        if got is None:
            continue
        dealer, deal = got
        m = Match(game, args.profile, {}, max_deals=1, recorded=[(dealer, deal)])
        rng = random.Random(index)
        for _ in range(rng.randrange(4, 40)):
            step(m, [rule] * 4, rng, interjections=False)
        seat = m.to_act()[0]
        if not [a for a in m.legal_actions(seat) if a[0] in _SUIT][1:]:
            continue
        view = m.view(seat)
        line = request_line(view, args.version, args.rollouts, args.simulations)
        # another deal consistent with the seat's view: the same request, so the same card
        other = game.sample_state(options, view["deal"], random.Random(index + 1000))
        def names(mask: int) -> list[str]:
            return sorted(game.deck.format(c) for c in range(48) if mask >> c & 1)

        others = [names(other.hands[s]) for s in range(4) if s != seat]
        real = [names(m.deal_state.hands[s]) for s in range(4) if s != seat]
        differ += others != real
        line2 = request_line({"seat": seat, "deal": other.view(seat)}, args.version, args.rollouts, args.simulations)
        assert line == line2, (line, line2)
        a1, a2 = doko.ask(line), doko.ask(line2)
        assert a1 == a2, (a1, a2)
        checked += 1
    doko.close()
    print(f"check: {checked} positions ({differ} with other hidden hands in the resampled deal): "
          "identical requests and identical answers")


def check_whole(args: argparse.Namespace) -> None:
    """The whole-game requests see only the seat's view: positions of every kind (the Spielabfrage,
    the solo questions, card turns with and without announcements, in normal games, solos and
    Hochzeiten) reached by search-player play of whole games; at each, the request built from the
    real deal must equal the request built from a *different* deal consistent with the seat's view
    (the other hands dealt anew by the engine's sampler, ``Game.sample_state``), and the bridge must
    answer the same line identically twice (doko's UCT is seeded: a function of the request)."""
    from stammtisch.bots import make
    from stammtisch.core import registry
    from stammtisch.core.driver import step
    from stammtisch.core.protocol import Match

    game = registry.get("doppelkopf")
    options = game.options(args.profile, WHOLE_GAME_OVERRIDES)
    doko = DokoGame(CACHE / "bridge", args.version, args.rollouts, args.simulations,
                    (args.announcement_option, args.announcing_version))
    player = make("search:easy", game, options)
    seen: dict[str, int] = {}
    differ = 0
    try:
        for index in range(args.positions):
            rng = random.Random(f"{args.seed}:{index}:deal")
            dealer = game.first_dealer(options, rng)
            deal = game.deal(options, dealer, rng, {})
            m = Match(game, args.profile, WHOLE_GAME_OVERRIDES, max_deals=1, recorded=[(dealer, deal)])
            prng = random.Random(index)
            stop = prng.randrange(0, 60)
            for _ in range(stop):
                if m.over:
                    break
                step(m, [player] * 4, prng)
            if m.over:
                continue
            seat = m.to_act()[0]
            legal = m.legal_actions(seat)
            if len(legal) < 2:
                continue
            cards = [a for a in legal if a[0] in _SUIT and a[1:] in _RANK]
            mode = "V" if "gesund" in legal else "P" if cards else "T"
            view = m.view(seat)
            line = game_request(view, mode, args.version, args.rollouts, args.simulations)
            other = game.sample_state(options, view["deal"], random.Random(index + 1000))
            hidden = [s for s in range(4) if s != seat]
            differ += any(other.hands[s] != m.deal_state.hands[s] for s in hidden)
            line2 = game_request({"seat": seat, "deal": other.view(seat)}, mode, args.version, args.rollouts,
                                 args.simulations)
            assert line == line2, (line, line2)
            a1, a2 = doko.ask(line), doko.ask(line2)
            assert a1 == a2, (a1, a2)
            kind = mode + (" (" + (view["deal"]["contract"] or "?").split(":")[0] + ")" if mode == "P" else "")
            kind += " with announcements open" if mode == "P" and any(a not in cards for a in legal) else ""
            seen[kind] = seen.get(kind, 0) + 1
    finally:
        doko.close()
    print(f"check whole game: {sum(seen.values())} positions ({differ} with other hidden hands in the resampled "
          f"deal): identical requests and identical answers; by kind {dict(sorted(seen.items()))}")


class Recorded:
    """A seat's recorded actions of one half, given back in order (a replay's stand-in for doko)."""

    def __init__(self, actions: list[str]):
        self.actions = list(actions)
        self.name = "recorded"

    def choose(self, turn: Any, rng: Any) -> str:
        if not self.actions:
            raise RuntimeError("the replay asks this seat for more actions than it recorded")
        a = self.actions.pop(0)
        if a not in turn.legal:
            raise RuntimeError(f"recorded action {a} not legal now: {turn.legal}")
        return a

    def interject(self, turn: Any, rng: Any) -> None:
        return None


def replay(args: argparse.Namespace) -> None:
    """Do the stored pairs of a results file replay identically on the current code? (Whole-game
    files, and card-play files written since their halves' actions are recorded.)
    Each half is played again from its deal and play seed with our bot (``a``) live; doko's seats
    give back their recorded actions (``--doko recorded``, cheap: it checks our side, whose seeding
    is what changes with our code) or ask the bridge again (``--doko live``: doko's side too).
    Identical means the same public actions in the same order and the same points, in every half."""
    from stammtisch.bots import make
    from stammtisch.core import registry
    from stammtisch.core.driver import play_out
    from stammtisch.core.protocol import Match

    path = Path(args.file)
    res = json.loads(path.read_text())
    if not res["pairs"] or "halves" not in res["pairs"][0]:
        raise SystemExit(f"{path.name} has no recorded actions (a card-play file of the earlier runs): "
                         "play its pairs again with the 'match' command instead")
    game = registry.get("doppelkopf")
    card_play = "overrides" not in res  # a card-play file of the 'match' command (common subset)
    overrides = {} if card_play else res["overrides"]
    options = game.options(res["profile"], overrides)
    ours = CardsOnly(make(res["a"], game, options)) if card_play else make(res["a"], game, options)
    live = None
    if args.doko == "live":
        d = res["doko"]
        live = (DokoUct(CACHE / "bridge", d["uct_version"], d["rollouts"], d["simulations"]) if card_play else
                DokoGame(CACHE / "bridge", d["uct_version"], d["rollouts"], d["simulations"],
                         (d["announcement_option"], d["announcing_version"])))
    pairs = res["pairs"][: args.pairs] if args.pairs else res["pairs"]
    same = 0
    differing: list[int] = []
    try:
        for pair in pairs:
            i = pair["index"]
            if card_play:
                got = _common_subset_deal(game, options, res["seed"], i)
                assert got is not None
                dealer, deal = got
            else:
                rng = random.Random(f"{res['seed']}:{i}:deal")
                dealer = game.first_dealer(options, rng)
                deal = game.deal(options, dealer, rng, {})
            ok = dealer == pair["dealer"]
            for half in pair["halves"]:
                a_seats = half["a_seats"]
                bots: list[Any] = []
                for s in range(4):
                    if s in a_seats:
                        bots.append(ours)
                    else:
                        bots.append(live or Recorded([a for t, a in half["actions"] if t == s]))
                m = Match(game, res["profile"], overrides, max_deals=1, recorded=[(dealer, deal)])
                try:
                    play_out(m, bots, random.Random(f"{res['seed']}:{i}:play"))
                except RuntimeError:
                    ok = False
                    continue
                actions = [[s, a] for s, a in m.deal_state.actions]
                ok = ok and actions == half["actions"] and list(m.logs[0].result.points) == half["points"]
            same += ok
            if not ok:
                differing.append(i)
            print(f"pair {i}: {'identical' if ok else 'DIFFERS'}", flush=True)
    finally:
        if live is not None:
            live.close()
    print(f"replay {path.name} (doko {args.doko}): {same} of {len(pairs)} pairs identical"
          + (f"; differing: {differing}" if differing else ""))
    if differing:
        raise SystemExit(1)


def report(args: argparse.Namespace) -> None:
    """The figures of a whole-game results file as the Markdown the docs quote (nothing else is
    computed: every number is the file's)."""
    res = json.loads(Path(args.file).read_text())
    sm, c, dec = res["summary"], res["time_per_decision"], res["decomposition"]
    lo, hi = sm["margin"]["ci95"]
    done = f"{sm['pairs']}" + ("" if res["complete"] else f" of {res['pairs_requested']} (stopped, resumable)")
    loads = [r.get("loadavg_now", r["loadavg_before"])[0] for r in res["machine"]["runs"]]
    print(f"| A vs B | pairs | A / B points per deal | margin (95% CI) | A wins | CPU s per decision A / B | file |\n"
          f"|---|---|---|---|---|---|---|\n"
          f"| ours `{res['a']}` vs doko UCT {res['doko']['rollouts']} × {res['doko']['simulations']}, "
          f"announcing {res['doko']['announcement_option']}/{res['doko']['announcing_version']} | {done} | "
          f"{sm['a_points_per_deal']:.2f} / {sm['b_points_per_deal']:.2f} | "
          f"{sm['margin']['mean']:+.2f} ({lo:.2f} .. {hi:.2f}) | {100 * sm['win_rate']:.1f}% | "
          f"{c['a']['cpu_s_per_decision']} / {c['b']['cpu_s_per_decision']} | `{Path(args.file).name}` |\n")
    print(f"doko: {c['b']['uct_searches']} UCT searches in {c['b']['decisions']} requests, "
          f"{c['b']['cpu_s_per_uct_search']} CPU s per search; ours {c['a']['decisions']} decisions; "
          f"wall s per decision {c['a']['wall_s_per_decision']} / {c['b']['wall_s_per_decision']}; "
          f"{res['seconds']:.0f} s in {len(res['machine']['runs'])} sitting(s), load average {min(loads)}–{max(loads)}; "
          f"doko's announcements refused by our rules: {res['doko']['announcements_refused_by_our_rules']}\n")
    print("| what the pair played (both halves) | pairs | margin per deal (95% CI) |\n|---|---|---|")
    for k, v in dec["by_kind"].items():
        ci = "—" if v["pairs"] < 2 else f"({v['ci95'][0]:.2f} .. {v['ci95'][1]:.2f})"
        print(f"| {k} | {v['pairs']} | {v['mean']:+.2f} {ci} |")
    h = dec["counts_over_halves"]
    print(f"\nover {h['halves']} halves: " + "; ".join(
        f"{'ours' if side == 'a' else 'doko'} declared {h[side]['solos_declared']} solos and "
        f"{h[side]['hochzeiten_declared']} Hochzeiten, announced in {h[side]['halves_with_announcement']} halves "
        f"({h[side]['words']} words)" for side in ("a", "b")))
    for side, who in (("a", "ours"), ("b", "doko")):
        solos = [(p[side][k], h) for p in res["pairs"] for k, h in enumerate(p["halves"])
                 if h["contract"].startswith("solo:") and h["declared_by"] == side]
        if solos:
            won = sum(1 for pts, _ in solos if pts > 0)
            print(f"solos declared by {who}: {len(solos)}, won {won} (its side's points > 0), its side's mean points per deal "
                  f"in them {sum(pts for pts, _ in solos) / len(solos):+.2f}")


def timing(args: argparse.Namespace) -> None:
    """doko's time per card decision at several settings, side by side on the same positions
    (rule-player play into the deal, common subset), written to ``benchmarks/results/``."""
    from stammtisch.bots import make
    from stammtisch.bots.arena import write_json
    from stammtisch.core import registry
    from stammtisch.core.driver import step
    from stammtisch.core.protocol import Match

    game = registry.get("doppelkopf")
    options = game.options(args.profile, {})
    rule = CardsOnly(make("rule", game, options))
    views = []
    index = 0
    while len(views) < args.positions:
        got = _common_subset_deal(game, options, args.seed, index)
        index += 1
        if got is None:
            continue
        m = Match(game, args.profile, {}, max_deals=1, recorded=[got])
        rng = random.Random(index)
        for _ in range(rng.randrange(4, 40)):
            step(m, [rule] * 4, rng, interjections=False)
        seat = m.to_act()[0]
        if [a for a in m.legal_actions(seat) if a[0] in _SUIT][1:]:
            views.append(m.view(seat))
    settings = [tuple(int(x) for x in s.split("x")) for s in args.settings]
    load_before = os.getloadavg()
    rows = []
    for rollouts, sims in settings:
        doko = DokoUct(CACHE / "bridge", args.version, rollouts, sims)
        ru0 = os.times()
        ts = []
        for v in views:
            t0 = time.perf_counter()
            doko.ask(request_line(v, args.version, rollouts, sims))
            ts.append(time.perf_counter() - t0)
        doko.close()  # reaped: its CPU time is now in os.times().children_*
        ru1 = os.times()
        child_cpu = (ru1.children_user + ru1.children_system) - (ru0.children_user + ru0.children_system)
        rows.append({"rollouts": rollouts, "simulations": sims, "wall": _timing(ts),
                     "cpu_s_per_decision": round(child_cpu / len(views), 4) if child_cpu else None})
        print(rows[-1], flush=True)
    from stammtisch.core.protocol import Turn

    ours = make(args.ours, game, options)
    ours.choose(Turn(views[0]["seat"], [a for a in views[0]["legal"] if a[0] in _SUIT], lambda: views[0]), random.Random(0))
    ts, c0 = [], time.process_time()
    for i, v in enumerate(views):
        legal = [a for a in v["legal"] if a[0] in _SUIT]
        t0 = time.perf_counter()
        ours.choose(Turn(v["seat"], legal, partial(lambda x: x, v)), random.Random(i))
        ts.append(time.perf_counter() - t0)
    ours_row = {"bot": args.ours, "wall": _timing(ts), "cpu_s_per_decision": round((time.process_time() - c0) / len(views), 4),
                "note": "after one warm-up decision (Numba compilation)"}
    print(ours_row, flush=True)
    res = {"what": "time per card decision on the same positions: doko UCT (bridge, one process per setting) and ours",
           "ours": ours_row,
           "doko_commit": doko_version(), "uct_version": args.version, "positions": len(views), "seed": args.seed,
           "settings": rows, "machine": {"cpus": os.cpu_count(), "loadavg_before": [round(x, 2) for x in load_before],
                                         "loadavg_after": [round(x, 2) for x in os.getloadavg()]}}
    write_json(res, ROOT / "benchmarks" / "results" / f"{args.name}.json")


def agree(args: argparse.Namespace) -> None:
    """Where our card differs from doko's: positions reached by rule-player play (common subset)
    at every trick, doko's card (``--rollouts`` x ``--simulations``) and ours (``--ours``) on the
    same view; the share of equal cards per stage of the game (tricks 1-4, 5-8, 9-12) and per
    party of the seat, written to ``benchmarks/results/``."""
    from stammtisch.bots import make
    from stammtisch.bots.arena import write_json
    from stammtisch.core import registry
    from stammtisch.core.driver import step
    from stammtisch.core.protocol import Match, Turn

    game = registry.get("doppelkopf")
    options = game.options(args.profile, {})
    rule = CardsOnly(make("rule", game, options))
    ours = make(args.ours, game, options)
    doko = DokoUct(CACHE / "bridge", args.version, args.rollouts, args.simulations)
    rows: list[dict[str, Any]] = []
    index = 0
    load_before = os.getloadavg()
    try:
        while len(rows) < args.positions:
            got = _common_subset_deal(game, options, args.seed + 1, index)
            index += 1
            if got is None:
                continue
            m = Match(game, args.profile, {}, max_deals=1, recorded=[got])
            rng = random.Random(index)
            target = 4 * rng.randrange(12) + rng.randrange(4)  # a card of any trick, any place in it
            cards_played = 0
            while cards_played < target:
                before = len(m.view(m.to_act()[0])["deal"]["tricks"]) * 4 + len(m.view(m.to_act()[0])["deal"]["trick"])
                step(m, [rule] * 4, rng, interjections=False)
                after = len(m.view(m.to_act()[0])["deal"]["tricks"]) * 4 + len(m.view(m.to_act()[0])["deal"]["trick"])
                cards_played += after - before
            seat = m.to_act()[0]
            v = m.view(seat)
            cards = [a for a in v["legal"] if a[0] in _SUIT]
            if len(cards) < 2:
                continue
            d_card = from_doko(doko.ask(request_line(v, args.version, args.rollouts, args.simulations)))
            o_card = ours.choose(Turn(seat, cards, partial(lambda x: x, v)), random.Random(index))
            trick = len(v["deal"]["tricks"]) + 1
            party = "re" if any(c == CLUB_QUEEN for c in v["deal"]["hand"]) or any(
                s == seat and c == CLUB_QUEEN for t in v["deal"]["tricks"] for s, c in t["cards"]) else "kontra"
            rows.append({"deal": index - 1, "trick": trick, "place": len(v["deal"]["trick"]), "party": party,
                         "legal": len(cards), "doko": d_card, "ours": o_card, "same": d_card == o_card})
            print(rows[-1], flush=True)
    finally:
        doko.close()

    def share(sel: list[dict[str, Any]]) -> dict[str, Any]:
        return {"positions": len(sel), "same": round(sum(r["same"] for r in sel) / len(sel), 3) if sel else None}

    res = {"what": "the same card as doko's UCT? positions by rule-player play (common subset), one decision each",
           "ours": args.ours, "doko": {"commit": doko_version(), "uct_version": args.version, "rollouts": args.rollouts,
                                       "simulations": args.simulations},
           "seed": args.seed + 1, "all": share(rows),
           "by_stage": {f"tricks {a}-{b}": share([r for r in rows if a <= r["trick"] <= b])
                        for a, b in ((1, 4), (5, 8), (9, 12))},
           "by_party": {p: share([r for r in rows if r["party"] == p]) for p in ("re", "kontra")},
           "by_place": {str(k): share([r for r in rows if r["place"] == k]) for k in range(4)},
           "machine": {"cpus": os.cpu_count(), "loadavg_before": [round(x, 2) for x in load_before],
                       "loadavg_after": [round(x, 2) for x in os.getloadavg()]},
           "rows": rows}
    write_json(res, ROOT / "benchmarks" / "results" / f"{args.name}.json")
    print(json.dumps({k: res[k] for k in ("all", "by_stage", "by_party", "by_place")}), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    rp = sub.add_parser("report", help="a whole-game results file's figures as Markdown")
    rp.add_argument("file")
    r = sub.add_parser("replay", help="do a results file's pairs replay identically?")
    r.add_argument("file", help="a results file of the 'whole' command (or of 'match', with recorded actions)")
    r.add_argument("--doko", choices=("recorded", "live"), default="recorded")
    r.add_argument("--pairs", type=int, default=0, help="only the first N pairs (0: all)")
    b = sub.add_parser("build")
    b.add_argument("--doko-src", type=Path, default=None, help="a checkout (or bare git dir) of silvansievers/doko")
    for name in ("match", "whole", "check", "check-whole", "timing", "agree"):
        p = sub.add_parser(name)
        p.add_argument("--profile", default="turnier")
        p.add_argument("--seed", type=int, default=2026)
        p.add_argument("--version", type=int, default=0, help="doko UCT version (0: simulations x rollouts)")
        p.add_argument("--rollouts", type=int, default=100)
        p.add_argument("--simulations", type=int, default=10)
        if name == "whole":
            p.add_argument("--ours", default="search:hard")
            p.add_argument("--pairs", type=int, default=200)
            p.add_argument("--name", default="doppelkopf_doko_whole_hard")
            p.add_argument("--announcement-option", type=int, default=PUBLISHED_ANNOUNCING[0])
            p.add_argument("--announcing-version", type=int, default=PUBLISHED_ANNOUNCING[1])
            p.add_argument("--resume", action="store_true", help="keep the pairs already in the results file")
        elif name == "match":
            p.add_argument("--ours", default="search:40w")
            p.add_argument("--pairs", type=int, default=6)
            p.add_argument("--name", default="doko_smoke")
            p.add_argument("--jobs", type=int, default=1, help="worker processes, each with its own bridge")
            p.add_argument("--resume", action="store_true", help="keep the pairs already in the results file")
        elif name == "check-whole":
            p.add_argument("--positions", type=int, default=80)
            p.add_argument("--announcement-option", type=int, default=PUBLISHED_ANNOUNCING[0])
            p.add_argument("--announcing-version", type=int, default=PUBLISHED_ANNOUNCING[1])
        elif name == "agree":
            p.add_argument("--positions", type=int, default=60)
            p.add_argument("--ours", default="search:400w")
            p.add_argument("--name", default="doppelkopf_doko_agree")
        elif name == "timing":
            p.add_argument("--positions", type=int, default=12)
            p.add_argument("--settings", nargs="+", default=["100x10", "1000x10"], help="ROLLOUTSxSIMULATIONS")
            p.add_argument("--name", default="doppelkopf_doko_timing")
            p.add_argument("--ours", default="search:40w")
        else:
            p.add_argument("--positions", type=int, default=30)
    args = ap.parse_args()
    if args.cmd == "build":
        print(build(args.doko_src))
    elif args.cmd == "replay":
        replay(args)
    elif args.cmd == "report":
        report(args)
    elif args.cmd == "match":
        match(args)
    elif args.cmd == "whole":
        whole(args)
    elif args.cmd == "timing":
        timing(args)
    elif args.cmd == "agree":
        agree(args)
    elif args.cmd == "check-whole":
        check_whole(args)
    else:
        check(args)


if __name__ == "__main__":
    main()
