"""Survivors argued as equivalent: mutants that cannot change what a settlement returns for any
input the game can produce. Keyed by game, then ``<function>:<regular expression on the diff>``
(the diff is ``run.py``'s ``-`` original / ``+`` mutant lines); the value is the argument.
``run.py`` marks a surviving mutant as argued when a key matches it. An argument is a proof, not a
hope: if a test can tell the mutant from the original, kill it instead.
"""

from __future__ import annotations

EQUIVALENT: dict[str, dict[str, str]] = {
    "jass": {
        "x_bedanken__mutmut_:winner = team if \\(fo is None\\) and False else fo":
            "fo is None only when no team reaches the target in the steps; this branch runs only when both "
            "totals reached it, and the totals are the same sums of the same steps that first_out walks, so "
            "first_out never returns None here: both sides assign fo.",
        "x_half_in_time__mutmut_:-\\(-target / 2\\)":
            "half of the target as a float (500.5 for 1001) instead of its ceiling (501): totals are whole "
            "numbers, and for a whole number x, x >= 500.5 exactly when x >= 501; for an even target both are "
            "equal.",
        "x_half_in_time__mutmut_:mine <= out":
            "mine == out needs the loser's half and the winner's target at the same (trick, phase): phase 0 "
            "is a team's own Stöck (one pair per deal, one team), phase 1 the Stich (one team), phase 2 the "
            "Weis (only the side with the best Weis writes any, §29), and (-1, 0) for the winner would mean a "
            "Partie already over before the deal. So the two moments never coincide for a real deal.",
        "x_score_deal__mutmut_:if mult <= 1:":
            "no mode has the multiplier 1 (they are 2..7, and 0 for a Tutti before its first suit, §23, "
            "§24.6): <= 0 and <= 1 refuse the same modes.",
        "x_score_deal__mutmut_:raw = \\[(1, 0|0, 1)\\]":
            "raw[team] is assigned for both teams in the loop before it is read; its initial value is never "
            "used.",
    },
    "doppelkopf": {},
    "tarock": {},
    "perlaggen": {},
}
