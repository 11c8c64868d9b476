"""Audit of the settlement (Doppelkopf-Turnier 6., 7.; DDV TSR 7.).

Three layers, each independent of ``scoring.py``'s code:

1. ``oracle()`` — the DDV rules re-derived as a *checklist* (the way club scorers count: first
   decide who won, then tick every line that applies), written from the DDV TSR 7. without looking at
   the engine's structure. Hypothesis compares it with :func:`settle` on every input.
2. Worked examples computed by hand (values in the docstrings), run through :func:`settle` and,
   where the situation is reachable, through the engine's own ``result()``.
3. Random full games: the engine's lines must equal the oracle applied to facts recomputed here
   from the trick list (Augen, tricks, Fuchs, Doppelkopf, Karlchen).
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from stammtisch.games.doppelkopf.scoring import settle
from stammtisch.games.doppelkopf.state import ANNOUNCE_WORDS

from .helpers import all_gesund, hands_with, make_state, play_lowest
from .test_properties import random_deal

RK = ("re", "kontra", "re", "kontra")
SOLO = ("re", "kontra", "kontra", "kontra")
AUGEN = {"9": 0, "10": 10, "B": 2, "D": 3, "K": 4, "A": 11}


# ---------------------------------------------------------------------------------------------
# 1. the oracle
# ---------------------------------------------------------------------------------------------
def oracle(parties, re_augen, re_tricks, ko_tricks, re_level, ko_level, specials=(), solo=False,
           absagen_in_solo=True):
    """(winner, Counter of (label, value), points) by the DDV checklist."""
    aug = {"re": re_augen, "kontra": 240 - re_augen}
    tr = {"re": re_tricks, "kontra": ko_tricks}
    lvl = {"re": re_level, "kontra": ko_level}
    opp = {"re": "kontra", "kontra": "re"}
    limit = {1: 90, 2: 60, 3: 30}

    def absage_ok(p):  # own Absage fulfilled (or none made)
        lv = lvl[p]
        if lv <= 0:
            return True
        if lv == 4:
            return tr[opp[p]] == 0
        return aug[opp[p]] < limit[lv]

    only_kontra = ko_level == 0 and re_level == -1
    need = {"re": 120 if only_kontra else 121, "kontra": 121 if only_kontra else 120}

    def wins(p):
        o = opp[p]
        return absage_ok(p) and (aug[p] >= need[p] or (lvl[o] >= 1 and not absage_ok(o)))

    w = [p for p in ("re", "kontra") if wins(p)]
    assert len(w) <= 1
    winner = w[0] if w else None
    count_abs = absagen_in_solo or not solo

    def ticks(p):  # unter 90/60/30, schwarz and "erreicht gegen" that party p scored
        o = opp[p]
        out = []
        out += [(lab, 1) for lim, lab in ((90, "unter 90"), (60, "unter 60"), (30, "unter 30")) if aug[o] < lim]
        if tr[o] == 0:
            out.append(("schwarz", 1))
        if count_abs:
            reach = {1: (120, "120 gegen keine 90"), 2: (90, "90 gegen keine 60"), 3: (60, "60 gegen keine 30"),
                     4: (30, "30 gegen schwarz")}
            out += [(reach[lv][1], 1) for lv in range(1, lvl[o] + 1) if aug[p] >= reach[lv][0]]
        return out

    names = {1: "keine 90", 2: "keine 60", 3: "keine 30", 4: "schwarz"}
    if winner is None:
        c = Counter(ticks("re"))
        c.update(Counter({(lab, -v): n for (lab, v), n in Counter(ticks("kontra")).items()}))
        ben = "re"
    else:
        ben = winner
        c = Counter([("gewonnen", 1)] + ticks(winner))
        if re_level >= 0:
            c[("Re angesagt", 2)] += 1
        if ko_level >= 0:
            c[("Kontra angesagt", 2)] += 1
        if count_abs:
            for p in ("re", "kontra"):
                for lv in range(1, lvl[p] + 1):
                    c[(f"{names[lv]} abgesagt", 1)] += 1
        if not solo:
            if winner == "kontra":
                c[("gegen die Alten", 1)] += 1
            for p, lab in specials:
                c[(lab, 1 if p == winner else -1)] += 1
    value = sum(v * n for (_, v), n in c.items())
    single = sum(1 for p in parties if p == "re") == 1
    pts = []
    for p in parties:
        if p is None:
            pts.append(0)
        else:
            sgn = 1 if p == ben else -1
            pts.append(sgn * value * (3 if single and p == "re" else 1))
    return winner, c, tuple(pts)


def lines_counter(s):
    return Counter((ln.label, ln.value) for ln in s.lines)


SPECIAL = st.tuples(st.sampled_from(["re", "kontra"]), st.sampled_from(["Doppelkopf", "Fuchs gefangen", "Karlchen"]))


@given(st.sampled_from([RK, SOLO, (None, "re", "kontra", "kontra", "re")]), st.integers(0, 240),
       st.integers(0, 12), st.integers(-1, 4), st.integers(-1, 4), st.lists(SPECIAL, max_size=5), st.booleans(),
       st.booleans())
def test_doppelkopf_turnier_6_7_settle_agrees_with_ddv_checklist(parties, augen, re_tricks, rl, kl, sp, solo, abs_solo):
    """6., 7. (DDV 7): settle() equals the independent checklist on every combination of Augen,
    tricks, announcement levels of both sides (jumps are just levels), Sonderpunkte and solo."""
    # consistent tricks: a party with Augen took a trick; 0 Augen may still be a trick (four nines)
    re_tricks = max(re_tricks, 1 if augen else 0)
    re_tricks = min(re_tricks, 12 if augen == 240 else 11)
    ko_tricks = 12 - re_tricks
    if augen < 240 and ko_tricks == 0:
        re_tricks, ko_tricks = 11, 1
    s = settle(parties, augen, re_tricks=re_tricks, kontra_tricks=ko_tricks, re_level=rl, kontra_level=kl,
               specials=sp, solo=solo, absagen_in_solo=abs_solo)
    winner, counter, pts = oracle(parties, augen, re_tricks, ko_tricks, rl, kl, sp, solo, abs_solo)
    assert s.winner == winner
    got = lines_counter(s)
    assert got == counter
    assert s.points == pts


# ---------------------------------------------------------------------------------------------
# 2. worked examples by hand
# ---------------------------------------------------------------------------------------------
def lines(s):
    return [(ln.label, ln.value) for ln in s.lines]


def test_doppelkopf_turnier_5_6_jump_to_keine_60_counts_every_skipped_level():
    """5. (Sprungabsage) and 6.: Re jumps straight to keine 60 and takes 185 (Kontra 55).
    By hand: gewonnen 1, unter 90 1, unter 60 1, Re angesagt 2 (implied by the jump),
    keine 90 1, keine 60 1 = 7."""
    s = settle(RK, 185, re_level=2)
    assert s.winner == "re" and s.value == 7 and s.points == (7, -7, 7, -7)
    assert ("Re angesagt", 2) in lines(s) and ("keine 90 abgesagt", 1) in lines(s)


def test_doppelkopf_turnier_6_both_absagen_fail_unter_90_for_re():
    """Re keine 60, Kontra keine 90; Re 170, Kontra 70. Re's keine 60 fails (70 >= 60), Kontra's
    keine 90 fails (170 >= 90): nobody wins. Netted by hand: Re unter 90 (+1), Re 120 gegen
    keine 90 (+1); Kontra reached neither 120 nor 90 against Re's Absagen (0) -> Re +2.
    A Kontra Doppelkopf does not count (no winner, no Sonderpunkte)."""
    s = settle(RK, 170, re_level=2, kontra_level=1, specials=[("kontra", "Doppelkopf")])
    assert s.winner is None and s.value == 2 and s.points == (2, -2, 2, -2)
    assert sorted(lines(s)) == [("120 gegen keine 90", 1), ("unter 90", 1)]


def test_doppelkopf_turnier_6_both_absagen_fail_netting_to_zero():
    """Re keine 90, Kontra keine 60; Re 95, Kontra 145: both fail. Re has 90 against keine 60
    (+1), Kontra has 120 against keine 90 (-1): value 0, a zero row."""
    s = settle(RK, 95, re_level=1, kontra_level=2)
    assert s.winner is None and s.value == 0 and s.points == (0, 0, 0, 0)
    assert sorted(lines(s)) == [("120 gegen keine 90", -1), ("90 gegen keine 60", 1)]


def test_doppelkopf_turnier_6_both_absagen_fail_in_a_solo_times_three():
    """Solo, Re (soloist) keine 30, Kontra keine 90; soloist 200, Kontra 40: both fail. Re: unter
    90, unter 60, 120 gegen keine 90 = +3 -> soloist +9, each opponent -3."""
    s = settle(SOLO, 200, re_level=3, kontra_level=1, solo=True)
    assert s.winner is None and s.value == 3 and s.points == (9, -3, -3, -3)


def test_doppelkopf_turnier_6_failed_schwarz_gives_the_win_to_zero_augen():
    """Kontra Kontra + schwarz; Re takes one trick of four nines (0 Augen): Kontra's schwarz fails,
    Re made no Absage, so Re wins with 0 Augen. By hand: gewonnen 1, Kontra angesagt 2, four
    Absagen 4 = 7 (Re reached none of 120/90/60/30; no gegen die Alten: Re won)."""
    s = settle(RK, 0, re_tricks=1, kontra_tricks=11, kontra_level=4)
    assert s.winner == "re" and s.value == 7 and s.points == (7, -7, 7, -7)


def test_doppelkopf_turnier_6_schwarz_without_announcement_and_zero_augen_trick():
    """Without announcements Re takes every trick: gewonnen, unter 90/60/30, schwarz = 5. If Kontra
    takes one trick of 0 Augen, Re still has 240 Augen but schwarz is lost: 4."""
    assert settle(RK, 240, re_tricks=12, kontra_tricks=0).value == 5
    s = settle(RK, 240, re_tricks=11, kontra_tricks=1)
    assert s.value == 4 and ("schwarz", 1) not in lines(s)


def test_doppelkopf_turnier_6_only_re_announced_120_is_kontras():
    """Only Re announced, Re 120: the normal 121 applies, Kontra wins: gewonnen 1, Re angesagt 2,
    gegen die Alten 1 = 4."""
    s = settle(RK, 120, re_level=0)
    assert s.winner == "kontra" and s.value == 4


def test_doppelkopf_turnier_6_only_kontra_in_a_solo():
    """Only Kontra announced against a soloist: the soloist wins with 120. gewonnen 1 + Kontra 2
    = 3 -> soloist +9 (7.), each opponent -3."""
    s = settle(SOLO, 120, kontra_level=0, solo=True)
    assert s.winner == "re" and s.points == (9, -3, -3, -3)


def test_doppelkopf_turnier_6_kontra_wins_but_ends_negative():
    """Kontra wins with 120 (gewonnen 1, gegen die Alten 1 = 2) but Re caught both foxes and
    made Karlchen (3): value -1, so every Kontra player -1 and every Re player +1."""
    sp = [("re", "Fuchs gefangen"), ("re", "Fuchs gefangen"), ("re", "Karlchen")]
    s = settle(RK, 120, specials=sp)
    assert s.winner == "kontra" and s.value == -1 and s.points == (1, -1, 1, -1)


def test_doppelkopf_turnier_7_solo_lost_with_announcements_times_three():
    """Damensolo, soloist Re, opponents reply Kontra; soloist makes 100: Kontra wins. By hand:
    gewonnen 1, Re 2, Kontra 2 = 5 (no gegen die Alten in a solo) -> soloist -15, others +5."""
    s = settle(("kontra", "kontra", "re", "kontra"), 100, re_level=0, kontra_level=0, solo=True,
               specials=[("kontra", "Doppelkopf")])
    assert s.winner == "kontra" and s.value == 5 and s.points == (5, 5, -15, 5)


def test_doppelkopf_turnier_7_five_table_sitting_player_in_a_solo():
    """7.: five-table, position 3 sits; position 5 plays a solo and wins 3 (gewonnen, Re angesagt):
    +9 for the soloist, -3 for each of the three opponents, 0 for the sitting player."""
    s = settle(("kontra", "kontra", None, "kontra", "re"), 150, re_level=0, solo=True)
    assert s.points == (-3, -3, 0, -3, 9)


# ---------------------------------------------------------------------------------------------
# engine-level examples (the lines the engine itself writes)
# ---------------------------------------------------------------------------------------------
#: Hochzeit: seat 1 holds both ♣ Queens and enough top trumps to win the first three tricks
HOCHZEIT = hands_with({1: ["XD", "XD", "H10", "H10", "PD", "PD"], 2: ["KA", "KA"]}, seed=3)


def _hochzeit_alone(**overrides):
    st = make_state(HOCHZEIT, **overrides)
    for s in (1, 2, 3, 0):
        st.apply(s, "vorbehalt" if s == 1 else "gesund")
    st.apply(1, "nein")
    st.apply(1, "hochzeit")
    # the Hochzeiter wins the first three tricks with H10, H10, XD -> he plays alone
    for card in ("H10", "H10", "XD"):
        st.apply(1, card)
        for s in (2, 3, 0):
            legal = [a for a in st.legal_actions(s) if a not in ANNOUNCE_WORDS]
            st.apply(s, legal[0])
    assert st.partner is None and st.klaerung == 3
    st.apply(1, "re")  # 9 cards, window shifted by two tricks (4.)
    play_lowest(st, 9)
    return st


def test_doppelkopf_turnier_4_hochzeiter_alone_scored_as_solo_by_option():
    """4. + DDV (option alone_as_solo, default on): the Hochzeiter left alone is scored like a solo:
    ×3 and no Sonderpunkte (no gegen die Alten, Fuchs, Doppelkopf, Karlchen lines); not a
    Pflichtsolo. Option off: ×3 still (7., one player against three), Sonderpunkte counted."""
    on = _hochzeit_alone()
    res = on.result()
    labels = {ln.label for ln in res.lines}
    assert not labels & {"gegen die Alten", "Fuchs gefangen", "Doppelkopf", "Karlchen"}
    assert ("Re angesagt", 2) in [(ln.label, ln.value) for ln in res.lines]
    assert res.points[1] == 3 * res.summary["value"] * (1 if res.summary["winner"] == "re" else -1)
    assert res.points[0] == res.points[2] == res.points[3] == -res.points[1] // 3
    assert not res.summary["pflichtsolo"]
    off = _hochzeit_alone(alone_as_solo=False)
    r2 = off.result()
    assert r2.summary["factor"] == 3 and sum(r2.points) == 0
    expected = _oracle_from_summary(r2.summary, solo=False)
    assert Counter((ln.label, ln.value) for ln in r2.lines) == expected[1]


def test_doppelkopf_turnier_7_five_table_engine_row():
    """7.: at a five-table the dealer (here position 3) sits out: no cards, no turn, 0 points,
    the row sums to zero; Vorhand is position 4."""
    hands = hands_with({}, seed=11, players=5, dealer=2)
    st = make_state(hands, dealer=2, profile="turnier5")
    assert st.active == [3, 4, 0, 1] and st.to_act() == (3,)
    all_gesund(st)
    play_lowest(st, 12)
    res = st.result()
    assert res.points[2] == 0 and sum(res.points) == 0
    assert res.points == _oracle_from_summary(res.summary, solo=st.is_solo_scored())[2]


def test_engine_jump_keine60_out_of_turn_settles_as_by_hand():
    """5., 6.: a Re player jumps to keine 60 out of turn at the first card. The engine's lines
    must carry Re angesagt 2, keine 90 1, keine 60 1 and match the checklist for the Augen."""
    hands = hands_with({0: ["XD"], 2: ["XD"]}, seed=5)
    st = all_gesund(make_state(hands))
    st.apply(2, "keine60")  # out of turn (seat 1 leads), 12 cards
    assert st.level["re"] == 2
    play_lowest(st, 12)
    res = st.result()
    got = Counter((ln.label, ln.value) for ln in res.lines)
    assert got[("Re angesagt", 2)] == 1 and got[("keine 90 abgesagt", 1)] == 1 and got[("keine 60 abgesagt", 1)] == 1
    assert got == _oracle_from_summary(res.summary, solo=False)[1]


# ---------------------------------------------------------------------------------------------
# 3. random full games against the checklist
# ---------------------------------------------------------------------------------------------
def _facts(summary):
    parties = summary["parties"]
    re_augen = re_tricks = 0
    specials = []
    for i, t in enumerate(summary["tricks"]):
        wp = parties[t["winner"]]
        pts = sum(AUGEN[c[1:]] for c in t["cards"])
        if wp == "re":
            re_augen += pts
            re_tricks += 1
        if pts >= 40:
            specials.append((wp, "Doppelkopf"))
        for seat, card in zip(t["seats"], t["cards"]):
            if card == "KA" and parties[seat] != wp:
                specials.append((wp, "Fuchs gefangen"))
            if i == 11 and card == "XB" and seat == t["winner"]:
                specials.append((wp, "Karlchen"))
    return parties, re_augen, re_tricks, specials


def _oracle_from_summary(summary, solo, absagen_in_solo=True):
    parties, re_augen, re_tricks, specials = _facts(summary)
    ann = summary["announcements"]
    return oracle(parties, re_augen, re_tricks, 12 - re_tricks, ann["re"], ann["kontra"], specials, solo,
                  absagen_in_solo)


@given(st.integers(0, 10**9), st.floats(0.05, 0.5), st.sampled_from(["turnier", "turnier5", "blatt"]))
def test_doppelkopf_turnier_6_7_engine_lines_match_checklist_in_random_games(seed, talk, profile):
    """Every random game (announcements in and out of turn, solos, Hochzeiten, five-tables): the
    engine's lines and points equal the checklist applied to facts recomputed from the tricks;
    a solo (and, by option, a lone Hochzeiter) carries no Sonderpunkt line."""
    d = random_deal(seed, talk, profile)
    res = d.result()
    s = res.summary
    solo = (s["contract"] or "").startswith("solo:") or (
        d.opts.alone_as_solo and (s["contract"] == "stille_hochzeit" or (s["contract"] == "hochzeit"
                                                                         and s["partner"] is None)))
    winner, counter, pts = _oracle_from_summary(s, solo, d.opts.absagen_in_solo)
    got = Counter((ln.label, ln.value) for ln in res.lines)
    assert s["winner"] == winner
    assert got == counter
    assert tuple(res.points) == pts


def test_random_games_hit_the_interesting_cases():
    """The random-game comparison above is only worth something if it reaches the cases: check
    that a fixed sample of seeds covers solos, Hochzeiten, Absagen and no-winner games."""
    seen = Counter()
    rng = random.Random(4)
    for _ in range(150):
        d = random_deal(rng.randrange(10**9), 0.4)
        s = d.result().summary
        seen[(s["contract"] or "").split(":")[0]] += 1
        seen["absage"] += max(s["announcements"].values()) >= 1
        seen["nobody"] += s["winner"] is None
    assert seen["solo"] and seen["hochzeit"] + seen["stille_hochzeit"] and seen["absage"] > 10


def test_legal_actions_list_cards_before_announcements():
    """Usability (found playing in the terminal): the menu numbers the legal actions, so the seat
    on turn must see its cards first; before the fix, '1' announced keine 90 by accident."""
    hands = hands_with({0: ["XD"], 2: ["XD"]}, seed=5)
    st = all_gesund(make_state(hands))
    seat = st.to_act()[0]
    legal = st.legal_actions(seat)
    words = [a for a in legal if a in ANNOUNCE_WORDS]
    assert words and legal[-len(words):] == words and legal[0] not in ANNOUNCE_WORDS


def test_doppelkopf_turnier_2_5_6_7_damensolo_schwarz_by_hand():
    """A full engine game worked by hand. Seat 1 (Vorhand, owes his Pflichtsolo) holds all eight
    Queens and the four Aces ♣ ♠ ♥ ♦ (one of each), plays a Damensolo (3.: only Queens trump) and
    leads (2.). He jumps straight to schwarz with 12 cards (5.: every skipped level in time), and
    seat 3 replies Kontra (allowed until 6 cards after schwarz). He draws the Queens, then cashes
    the Aces: nobody can follow trump, and an opponent's equal Ace loses to the first (1.), so
    he takes all twelve tricks.
    By hand (DDV 7): gewonnen 1, unter 90 1, unter 60 1, unter 30 1, schwarz 1, Re angesagt 2,
    Kontra angesagt 2, keine 90 / 60 / 30 / schwarz abgesagt 4 = 13; no gegen-die-Alten or other
    Sonderpunkt in a solo (6.); soloist 3 × 13 = +39, each opponent −13 (7.)."""
    solo_hand = ["XD", "XD", "PD", "PD", "HD", "HD", "KD", "KD", "XA", "PA", "HA", "KA"]
    st_ = make_state(hands_with({1: solo_hand}, seed=17))
    for s in (1, 2, 3, 0):
        st_.apply(s, "vorbehalt" if s == 1 else "gesund")
    assert st_.tier == "pflichtsolo" and st_.to_act() == (1,)
    st_.apply(1, "solo:damen")
    assert st_.pflicht and st_.to_act() == (1,)
    st_.apply(1, "schwarz")
    assert st_.level["re"] == 4
    st_.apply(3, "kontra")
    for lead in ["XD", "XD", "PD", "PD", "HD", "HD", "KD", "KD", "XA", "PA", "HA", "KA"]:
        st_.apply(1, lead)
        for s in (2, 3, 0):
            cards = [a for a in st_.legal_actions(s) if a not in ANNOUNCE_WORDS]
            st_.apply(s, max(cards, key=lambda a: AUGEN[a[1:]]))  # the opponents schmieren
    res = st_.result()
    assert res.summary["re_augen"] == 240 and res.summary["winner"] == "re"
    assert sorted((ln.label, ln.value) for ln in res.lines) == sorted([
        ("gewonnen", 1), ("unter 90", 1), ("unter 60", 1), ("unter 30", 1), ("schwarz", 1),
        ("Re angesagt", 2), ("Kontra angesagt", 2), ("keine 90 abgesagt", 1), ("keine 60 abgesagt", 1),
        ("keine 30 abgesagt", 1), ("schwarz abgesagt", 1)])
    assert res.points == (-13, 39, -13, -13)
