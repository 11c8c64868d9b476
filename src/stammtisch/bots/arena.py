"""The arena: two kinds of computer player against each other on duplicate deals.

Every deal is played twice with the same cards and the same dealer: once with player A on
the even seats (0, 2, ...) and B on the odd seats, once with the seats swapped. Luck of
the cards cancels out, so few deals separate two players.

Per deal, A's *points* are the mean of A's seats' score-column points (a team's points in
Jass and Perlaggen, a seat's in Doppelkopf and Tarock), B's likewise, and the *margin*
is A's minus B's. The two deals of a duplicate pair are one independent sample; the 95%
confidence interval of the mean margin uses Student's t over the pairs.

>>> s = summarize([{"a": [10, 20], "b": [0, 10]}, {"a": [5, 5], "b": [5, 5]}])
>>> s["margin"]["mean"], s["win_rate"]
(5.0, 0.75)

``mode="seats"`` (for games where every seat scores for itself, Doppelkopf and Tarock, in
which A's two seats of a pair are often on opposite sides so that A's mean is zero whatever
A plays): every deal is played once with B on every seat (the baseline) and once per seat
``k`` with A on seat ``k`` alone; A's points at ``k`` are compared with the baseline's points
at ``k``. Every deal is then one sample of "what does replacing one B by A gain".

The work splits into independent pairs (:func:`play_pair`, a plain picklable function), so
:func:`run_arena` runs them in this process or as Ray tasks (``ray=True``) unchanged.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..core.driver import play_out
from ..core.protocol import Match
from .common import default_workers, get_game, ray_each, seat_column

__all__ = ["get_game", "play_pair", "run_arena", "summarize", "mean_ci", "write_json", "write_svg", "t_quantile"]

# two-sided 95% Student t quantiles for 1..30 degrees of freedom
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
        2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
        2.045, 2.042)


def t_quantile(df: int) -> float:
    """Two-sided 95% quantile of Student's t with ``df`` degrees of freedom.

    >>> t_quantile(1), t_quantile(1000)
    (12.706, 1.96)
    """
    if df < 1:
        return math.inf
    if df <= len(_T95):
        return _T95[df - 1]
    # Cornish-Fisher style correction towards the normal 1.96
    return round(1.96 + 2.4 / df, 3) if df < 120 else 1.96


def mean_ci(xs: Sequence[float]) -> dict[str, float]:
    """Mean, sample standard deviation and the 95% confidence interval of the mean.

    >>> mean_ci([1.0, 2.0, 3.0])["ci95"]
    [-0.484, 4.484]
    """
    n = len(xs)
    if n == 0:
        return {"n": 0, "mean": math.nan, "sd": math.nan, "ci95": [math.nan, math.nan]}
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else math.nan
    half = t_quantile(n - 1) * sd / math.sqrt(n) if n > 1 else math.inf
    return {"n": n, "mean": round(m, 4), "sd": round(sd, 4) if n > 1 else math.nan,
            "ci95": [round(m - half, 3), round(m + half, 3)]}


def _side_points(game: Any, options: Any, points: Sequence[int], seats: Sequence[int]) -> float:
    return sum(points[seat_column(game, options, s)] for s in seats) / len(seats)


class _Timed:
    """A bot that adds up the CPU seconds of its decisions with a choice (more than one legal action)."""

    def __init__(self, bot: Any):
        self.bot, self.cpu, self.decisions, self.most, self.most_wall = bot, 0.0, 0, 0.0, 0.0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.bot, name)

    def choose(self, turn: Any, rng: Any) -> str:
        t0, w0 = time.process_time(), time.perf_counter()
        action = self.bot.choose(turn, rng)
        if len(turn.legal) > 1:
            dt = time.process_time() - t0
            self.cpu, self.decisions, self.most = self.cpu + dt, self.decisions + 1, max(self.most, dt)
            self.most_wall = max(self.most_wall, time.perf_counter() - w0)
        return action

    def interject(self, turn: Any, rng: Any) -> str | None:
        return self.bot.interject(turn, rng)

    def figures(self) -> list[float]:
        return [round(self.cpu, 4), self.decisions, round(self.most, 4), round(self.most_wall, 4)]

    def caps(self) -> list[int]:
        """``[searches stopped by the wall-clock cap, searches]`` (a search bot; ``[0, 0]`` otherwise)."""
        return [int(getattr(self.bot, "cap_reached", 0)), int(getattr(self.bot, "searches", 0))]


def play_pair(game_name: str, a: str, b: str, index: int, seed: int, profile: str | None = None,
              overrides: Mapping[str, Any] | None = None, bot_options: Mapping[str, Any] | None = None,
              mode: str = "pairs", timing: bool = False,
              a_seats: Callable[[Any, Any, Any], Sequence[int]] | None = None) -> dict[str, Any]:
    """Play deal ``index`` twice (A on the even seats, then on the odd seats); with
    ``mode="seats"`` once with B everywhere and once per seat with A on that seat alone.

    :param a_seats: ``(game, options, deal) -> seats``: A's seats in the first half (B's in the
        second) instead of the even seats, e.g. the two holders of the Kreuz-Damen in Doppelkopf,
        so that A and B each play one party of the deal's normal game (with the even seats two
        opponents' points cancel in two deals of three and the pair says nothing)
    :param timing: also report each side's CPU time of its decisions with a choice:
        ``"cpu": {"a": [CPU seconds, decisions, most CPU seconds of one decision, most wall seconds
        of one decision], "b": [...]}``,
        and how often the wall-clock cap of a level stopped a search before its budget:
        ``"cap": {"a": [searches capped, searches], "b": [...]}`` (``[0, n]``: the pair is exact)

    Each search bot gets the seed ``"<seed>:<index>"`` (:class:`~stammtisch.bots.search.SearchBot`'s
    ``seed``; the same for A and B, so two identical bots still replay the identical game): its decisions are a pure function of that seed and its seat's view, so a pair
    replays identically in any process, in any order of pairs, whatever the other side draws from
    the table's random stream, unless a cap was reached.
    :returns: ``{"index", "a": [A's points, A's points swapped], "b": [...], "seconds"}``
        (``"seats"``: ``"a"`` A's points on seat ``k``, ``"b"`` the baseline's on seat ``k``)
    """
    from . import make  # late: keeps this function picklable by reference for Ray

    t0 = time.perf_counter()
    game = get_game(game_name)
    overrides = dict(overrides or {})
    options = game.options(profile, overrides)
    n = game.num_seats(options)
    deal_rng = random.Random(f"{seed}:{index}:deal")
    dealer = game.first_dealer(options, deal_rng)
    deal = game.deal(options, dealer, deal_rng, {})
    even = sorted(set(a_seats(game, options, deal))) if a_seats else [s for s in range(n) if s % 2 == 0]
    odd = [s for s in range(n) if s not in even]
    bot_a = make(a, game, options, **_seeded(a, f"{seed}:{index}", bot_options))
    bot_b = make(b, game, options, **_seeded(b, f"{seed}:{index}", bot_options))
    if timing:
        bot_a, bot_b = _Timed(bot_a), _Timed(bot_b)  # type: ignore[assignment]
    out: dict[str, Any] = {"index": index, "a": [], "b": [], "dealer": dealer}
    if mode == "seats":
        def points(seats: Sequence[Any]) -> Sequence[int]:
            m = Match(game, profile or game.default_profile, overrides, max_deals=1, recorded=[(dealer, deal)])
            play_out(m, list(seats), random.Random(f"{seed}:{index}:play"))
            return m.logs[0].result.points

        base = points([bot_b] * n)
        for k in range(n):
            pts = points([bot_a if s == k else bot_b for s in range(n)])
            out["a"].append(_side_points(game, options, pts, [k]))
            out["b"].append(_side_points(game, options, base, [k]))
        out["seconds"] = round(time.perf_counter() - t0, 4)
        if timing:
            out["cpu"] = {"a": bot_a.figures(), "b": bot_b.figures()}  # type: ignore[attr-defined]
            out["cap"] = {"a": bot_a.caps(), "b": bot_b.caps()}  # type: ignore[attr-defined]
        return out
    for swap in (0, 1):
        a_seats, b_seats = (even, odd) if swap == 0 else (odd, even)
        seats = [bot_a if s in a_seats else bot_b for s in range(n)]
        m = Match(game, profile or game.default_profile, overrides, max_deals=1, recorded=[(dealer, deal)])
        # the same play seed in both halves: identical bots replay the identical game
        play_out(m, seats, random.Random(f"{seed}:{index}:play"))
        pts = m.logs[0].result.points
        out["a"].append(_side_points(game, options, pts, a_seats))
        out["b"].append(_side_points(game, options, pts, b_seats))
    out["seconds"] = round(time.perf_counter() - t0, 4)
    if timing:
        out["cpu"] = {"a": bot_a.figures(), "b": bot_b.figures()}  # type: ignore[attr-defined]
        out["cap"] = {"a": bot_a.caps(), "b": bot_b.caps()}  # type: ignore[attr-defined]
    return out


def _seeded(kind: str, seed: str, bot_options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The keyword arguments of :func:`~stammtisch.bots.make` for ``kind``: ``bot_options``, and
    for a search player its own ``seed`` (unless the options give one)."""
    opts = dict(bot_options or {})
    if kind.partition(":")[0] in ("search", "ismcts", "search+rule"):
        opts.setdefault("seed", seed)
    return opts


def summarize(pairs: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Mean points per deal for A and B, the mean margin with its 95% CI over duplicate pairs,
    and A's win rate per deal (a tie counts half)."""
    a_pts = [x for p in pairs for x in p["a"]]
    b_pts = [x for p in pairs for x in p["b"]]
    margins = [(sum(p["a"]) - sum(p["b"])) / len(p["a"]) for p in pairs]
    wins = sum(1.0 if x > y else 0.5 if x == y else 0.0 for x, y in zip(a_pts, b_pts))
    ci = mean_ci(margins)
    lo, hi = ci["ci95"]
    return {
        "pairs": len(pairs),
        "deals_played": len(a_pts),
        "a_points_per_deal": round(sum(a_pts) / len(a_pts), 4) if a_pts else math.nan,
        "b_points_per_deal": round(sum(b_pts) / len(b_pts), 4) if b_pts else math.nan,
        "margin": ci,
        "win_rate": round(wins / len(a_pts), 4) if a_pts else math.nan,
        "significant": bool(lo > 0 or hi < 0),
        "verdict": "A better" if lo > 0 else "B better" if hi < 0 else "no significant difference",
    }


def run_arena(game_name: str, a: str, b: str, deals: int, seed: int = 0, profile: str | None = None,
              overrides: Mapping[str, Any] | None = None, ray: bool = False, ray_address: str | None = None,
              bot_options: Mapping[str, Any] | None = None,
              progress: Callable[[int, int], None] | None = None, mode: str = "pairs",
              workers: int = 1) -> dict[str, Any]:
    """Play ``deals`` duplicate pairs of ``a`` against ``b`` and summarize.

    :param workers: processes for the pairs (``0``: one per core, ``1``: this process); each
        pair is a pure function of its index and the seed, so the pairs come out the same

    :param mode: ``"pairs"`` (A on the even seats, then the odd) or ``"seats"`` (A alone on
        each seat against the all-B baseline; see the module)

    :param ray: run each pair as a Ray task (needs the ``ray`` extra); ``ray_address``
        joins an existing cluster (default: ``RAY_ADDRESS`` or a local instance)
    """
    get_game(game_name)  # fail early on an unknown game
    if mode not in ("pairs", "seats"):
        from ..core.errors import OptionError

        raise OptionError(f"arena mode must be pairs or seats, not '{mode}'")
    t0 = time.perf_counter()
    args = [(game_name, a, b, i, seed, profile, dict(overrides or {}), dict(bot_options or {}), mode)
            for i in range(deals)]
    pairs: list[dict[str, Any]] = []
    if workers <= 0:
        workers = default_workers()

    def each(pair: dict[str, Any]) -> None:
        pairs.append(pair)
        if progress:
            progress(len(pairs), deals)

    try:
        if ray:
            pairs = _run_ray(args, ray_address, progress)
        elif workers > 1 and deals > 1:
            from .pool import run_each

            run_each(play_pair, args, min(workers, deals), each)
        else:
            for arg in args:
                each(play_pair(*arg))
    except KeyboardInterrupt as e:  # Ctrl-C or SIGTERM: the pairs finished so far, then stop
        from .pool import Interrupted, signal_of

        raise Interrupted(_arena_result(game_name, a, b, deals, seed, profile, overrides, mode, ray, workers, t0,
                                        pairs, interrupted=True), signal_of(e)) from None
    return _arena_result(game_name, a, b, deals, seed, profile, overrides, mode, ray, workers, t0, pairs)


def _arena_result(game_name: str, a: str, b: str, deals: int, seed: int, profile: str | None,
                  overrides: Mapping[str, Any] | None, mode: str, ray: bool, workers: int, t0: float,
                  pairs: list[dict[str, Any]], interrupted: bool = False) -> dict[str, Any]:
    """The arena's result from the pairs played (all, or those finished before an interrupt)."""
    pairs.sort(key=lambda p: p["index"])
    return {
        "game": game_name, "a": a, "b": b, "deals": deals, "seed": seed, "profile": profile,
        "options": dict(overrides or {}), "mode": mode, "ray": ray, "workers": workers, "seconds": round(time.perf_counter() - t0, 3),
        "summary": summarize(pairs), "pairs": pairs, **({"interrupted": True} if interrupted else {}),
    }


def _run_ray(args: Sequence[tuple[Any, ...]], address: str | None,
             progress: Callable[[int, int], None] | None) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []

    def each(pair: dict[str, Any]) -> None:
        out.append(pair)
        if progress:
            progress(len(out), len(args))

    ray_each(play_pair, args, address, each)
    return out


def write_json(result: Mapping[str, Any], path: Path) -> None:
    """Write the arena result as JSON (NaN written as null)."""
    def clean(x: Any) -> Any:
        if isinstance(x, float) and math.isnan(x):
            return None
        if isinstance(x, dict):
            return {k: clean(v) for k, v in x.items()}
        if isinstance(x, list):
            return [clean(v) for v in x]
        return x

    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(clean(dict(result)), indent=1, ensure_ascii=False) + "\n")


def write_svg(result: Mapping[str, Any], path: Path) -> None:
    """A small hand-written SVG: the running mean margin over the pairs with its final 95%
    CI, and bars for A's and B's mean points per deal. No plotting library needed."""
    pairs = result["pairs"]
    s = result["summary"]
    margins = [(sum(p["a"]) - sum(p["b"])) / len(p["a"]) for p in pairs]
    running, tot = [], 0.0
    for i, m in enumerate(margins, 1):
        tot += m
        running.append(tot / i)
    w, h, pad = 480, 260, 40
    lo, hi = s["margin"]["ci95"]
    finite = [v for v in running + [lo, hi, 0.0] if isinstance(v, (int, float)) and math.isfinite(v)]
    ymin, ymax = min(finite), max(finite)
    if ymax - ymin < 1e-9:
        ymin, ymax = ymin - 1, ymax + 1

    def y(v: float) -> float:
        v = min(max(v, ymin), ymax)
        return pad + (h - 2 * pad) * (ymax - v) / (ymax - ymin)

    def x(i: int) -> float:
        return pad + (w - 2 * pad - 80) * (i / max(len(running) - 1, 1))

    pts = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(running))
    esc = lambda t: str(t).replace("&", "&amp;").replace("<", "&lt;")  # noqa: E731
    title = f"{esc(result['game'])}: {esc(result['a'])} (A) vs {esc(result['b'])} (B), {len(pairs)} duplicate deals"
    bx = w - pad - 60
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="11">',
        f'<rect width="{w}" height="{h}" fill="white"/>',
        f'<text x="{pad}" y="18" font-size="12">{title}</text>',
        f'<line x1="{pad}" x2="{bx - 20}" y1="{y(0):.1f}" y2="{y(0):.1f}" stroke="#999" stroke-dasharray="4"/>',
        f'<polyline fill="none" stroke="#1f77b4" stroke-width="1.5" points="{pts}"/>',
    ]
    if all(math.isfinite(v) for v in (lo, hi)):
        xe = x(len(running) - 1)
        parts.append(f'<line x1="{xe:.1f}" x2="{xe:.1f}" y1="{y(hi):.1f}" y2="{y(lo):.1f}" stroke="#d62728" '
                     'stroke-width="3"/>')
    parts.append(f'<text x="{pad}" y="{h - 12}">mean margin A-B per deal {s["margin"]["mean"]} '
                 f'(95% CI {lo} .. {hi}), A wins {s["win_rate"]:.1%} of deals</text>')
    a_pts, b_pts = s["a_points_per_deal"], s["b_points_per_deal"]
    top = max(abs(a_pts), abs(b_pts), 1e-9)
    for k, (label, v, col) in enumerate((("A", a_pts, "#1f77b4"), ("B", b_pts, "#ff7f0e"))):
        bh = (h - 2 * pad) * abs(v) / top
        parts.append(f'<rect x="{bx + k * 30}" y="{h - pad - bh:.1f}" width="22" height="{bh:.1f}" fill="{col}"/>')
        parts.append(f'<text x="{bx + k * 30}" y="{h - pad + 12}">{label} {v:.0f}</text>')
    parts.append("</svg>")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(parts) + "\n")
