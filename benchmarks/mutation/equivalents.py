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
    "tarock": {
        "x__renonce__mutmut_:gains_(p|m)\\[seat\\] = gains_(p|m)\\.get\\(seat, ?(None|1)?\\) \\+ extra":
            "the default is never read: validate refuses a claim from a seat that does not play the deal "
            "(Österreich-Finale 10)), and every player of the deal has its gain written in the loop just "
            "before the claims are added, so gains_p and gains_m hold every claimant.",
        "xǁ_Bookǁdirect__mutmut_1:^$":
            "the mutant changes only the default of direct's note (\"\" to \"XXXX\", on the def line, which the "
            "diff leaves out); every call of direct passes a note (the struck row's reason and the two "
            "Trischaken lines), so the default is never used.",
        "x_validate__mutmut_:^-            raise IllegalAction\\(Msg\\(\"only a player \\(or the sitting fifth\\)":
            "the refusal is never reached: with 4 seats the four different playing seats in 0..3 are every seat, "
            "so an offender in 0..3 (checked just before) is a player; with 5 seats the check is off (the "
            "sitting fifth may commit a Renonce).",
        "x__pay_each__mutmut_:out\\.get\\(None, 0\\)":
            "out holds only the payer when the receivers are added, and the receivers are the other seats, each "
            "once: out.get(r, 0) and out.get(None, 0) are both 0.",
        "x__to_jungfrauen__mutmut_:a (>= 0|<= 0|< 1)":
            "the amounts of Österreich-Finale 5) are never 0 (3×1, 3×2, 3×4, 2 each, 1 each, paid or received) "
            "and whole numbers: a > 0 and a >= 0, a < 0 and a <= 0 or a < 1 pick the same seats.",
        "xǁ_Bookǁresult__mutmut_:assert sum\\(self\\.points\\) == 0 or sum\\(self\\.money\\) == 0":
            "an assertion of an invariant (every ledger balances) that holds for every input: with and or or it "
            "never fires.",
        "x_settle__mutmut_:only_announced = None":
            "only_announced is only read as a condition (if only_announced and ...): None and False are both false.",
        "__mutmut_:\\+ +return book\\.result\\((struck|thirds|renonce)=":
            "_Book.result(won=None, **facts): leaving out the None passes the default, None.",
        "xǁ_Bookǁdirect__mutmut_:self\\.(points|money)\\[s\\] = a":
            "direct is called once per settlement, on a new book whose ledgers are all 0, with each seat once in "
            "amounts: = a and += a give the same ledgers.",
        "x__trischaken_tirol__mutmut_:(t\\[0\\] == t\\[2\\] == t\\[2\\]|t\\[1\\] == t\\[3\\] == t\\[3\\])":
            "t is sorted from the most points down, so t[0] == t[2] holds exactly when t[0] == t[1] == t[2], and "
            "t[1] == t[3] exactly when t[1] == t[2] == t[3].",
        "x__trischaken_tirol__mutmut_:\\+ +amounts = \\{order\\[0\\]: -pair, order\\[(1|2)\\]: 0, order\\[(2|3)\\]: 0, ":
            "the two tied players get 0: a seat left out of amounts gets nothing from book.direct either, so "
            "writing one 0 twice (a repeated key) settles the same.",
        "xǁOutcomeǁfrom_json__mutmut_:bool\\(d\\.get\\(\"(schleifen|struck)\", (None)?\\)\\)":
            "bool(None) is False: a left-out schleifen or struck is read as False either way.",
        "x__renonce__mutmut_:\\+ +ledger\\[s\\] = g$":
            "the Renonce settles on a new book (all ledgers 0) and each seat is once in gains, before the "
            "offenders' shares are taken: = g and += g give the same ledgers.",
        "x_settle__mutmut_:_with_kontra\\((note|_SIDE_RESULT\\[p\\.side, p\\.made\\]), \\(\\(1, ":
            "_with_kontra reads only the levels of its (seat, level) pairs (for _, lvl in levels): the seat 0 or 1 "
            "written there is never read.",
        "x_settle__mutmut_:\\+ +(Msg\\(\"called king in the talon\"\\)|Msg\\(PREMIUM_TITLES\\[p\\.name\\]\\), Msg\\(\"geschleift: Ansager lost\"\\)), None\\)$":
            "Schleifen (Österreich-Finale 4)) transfers with no Kontra multipliers ({}): each opponent's multiplier "
            "is 1 whether the Kontra counts for the points (kp) or not, so kp and None write the same.",
        "x__renonce__mutmut_:mult\\((None|opp\\[1\\])\\)":
            "the partner's money: the multipliers are per seat only in negative games, which are played alone "
            "(no partner, Österreich-Finale 6)); in positive games there is one multiplier for all ('all'), "
            "which mult(None), mult(opp[0]) and mult(opp[1]) all return.",
    },
    "perlaggen": {
        "x__par__mutmut_:rule\\.partition\\(\" \"\\)":
            "every rule of PENALTY_RULES is 'Perlaggen §N' with exactly one space, so partition and rpartition "
            "at the space give the same paragraph.",
        "x_settle__mutmut_:pts or 1":
            "pts is None only for the Partieverlust kinds (tausch, kartenstehlen), and settle returns in the "
            "first loop over the penalties when it meets one: in the second loop pts is always 2.",
        "x_settle__mutmut_:blocked = None":
            "blocked is only read as a condition (if blocked:), and None and False are both false.",
        "x_settle__mutmut_:f\\.figure != \"(XXspielXX|SPIEL)\"":
            "the line sets blocked for a standing unbid figure at 17 : 17; the unbid figures are written in the "
            "order of §3 (Gleich, Hanger, Spiel, _write_order), so the Spiel is the last one written and a "
            "blocked set at it is never read again.",
        "x_settle__mutmut_:max\\(1, target - tot":
            "a deal is only settled while both sides are below the target (§2: the side that reaches it has won "
            "and the Partie is over), and a Spiel aus is written before any other figure (§14) -- only a late "
            "Farbleugnen's transfer can add points before it, and settle returns at once when that reaches the "
            "target. So target - tot >= 1 here and max(0, x) == max(1, x).",
        "x_settle__mutmut_:^-            continue\\n\\+            break$":
            "after a Spiel aus the side's total is the target (gain pays the debt and brings it to the target), "
            "so winner is set and the next turn of the loop breaks anyway: continue and break end the loop alike.",
        "x_settle_json__mutmut_:\\+ +winner=side\\(f\\.get\\(\"winner\"\\)\\), (bidder=(None|side\\(None\\)|side\\(f\\.get\\((None|\"XXbidderXX\"|\"BIDDER\")\\)\\)), )?order=int\\(f\\.get\\(\"order\", 0\\)\\),":
            "settle never reads FigureOutcome.bidder (it is carried for the record; the order of writing uses "
            "order, §12) and settle_json returns no figure: a changed or missing bidder cannot change its answer.",
        "x_settle_json__mutmut_:f\\.get\\(\"cards\", 1\\)":
            "cards is only compared with 3 (cards < 3: zweifach, cards >= 3: dritzig or better, §25); a default "
            "of 1 instead of 0 is below 3 all the same.",
        "x_settle_json__mutmut_:bool\\(f\\.get\\(\"unseen\", (None)?\\)\\)":
            "bool(None) is False: a left-out unseen is read as False either way.",
        "x_settle_json__mutmut_:bool\\(p\\.get\\(\"late\", (None)?\\)\\)":
            "bool(None) is False: a left-out late is read as False either way.",
    },
}
