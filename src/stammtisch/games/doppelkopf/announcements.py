"""Announcement windows (Doppelkopf-Turnier 5.), as pure functions of card counts.

"Re" and "Kontra" are allowed while the announcing player still holds 11 cards, "keine 90"
with 10, "keine 60" with 9, "keine 30" with 8, "schwarz" with 7. A reply (Erwiderung) to the
other party's announcement — Re/Kontra or an Absage — is the own Re/Kontra, allowed one card
after the deadline of the highest announcement it answers; the reply extension never applies to
the replying party's own Absagen (DDV reading of 5., see ``docs/rules/doppelkopf.md``). An Absage
needs the own party's *regelkonforme Erstansage* (5.): a Re/Kontra that would have been in time
as an Ansage (DDV: "Eine Absage der eigenen Partei danach ist nur dann regelgerecht, wenn die
eigene Erwiderung auch als Ansage rechtzeitig erfolgt wäre"), so a party whose Re/Kontra came only
as a late reply makes no Absage (``late_reply_absagen`` lifts this, a club option). Any number
of levels may be jumped while every skipped level is still in time — also out of turn. In a Hochzeit the windows shift by the tricks until the Klärungsstich
(Doppelkopf-Turnier 4.): ``shift`` is the number of tricks after the first one it took.

>>> legal_levels(own=-1, opp=-1, hand_size=11)   # Re, or a jump up to schwarz
[0, 1, 2, 3, 4]
>>> legal_levels(own=-1, opp=-1, hand_size=10)   # too late for Re, so for any Absage
[]
>>> legal_levels(own=-1, opp=0, hand_size=10)    # Kontra as a late reply to Re: no Absage with it
[0]
>>> legal_levels(own=0, opp=0, hand_size=10, erstansage=False)  # nor after it
[]
>>> legal_levels(own=0, opp=-1, hand_size=9)    # keine 90 is late, so keine 60 cannot jump it
[]
"""

from __future__ import annotations

__all__ = ["NEED", "WORDS", "in_time", "is_erstansage", "legal_levels", "word_for"]

#: cards a player must still hold to make announcement level 0..4 (Doppelkopf-Turnier 5.)
NEED = (11, 10, 9, 8, 7)
#: action words per level for the Re and the Kontra party
WORDS = {"re": ("re", "keine90", "keine60", "keine30", "schwarz"),
         "kontra": ("kontra", "keine90", "keine60", "keine30", "schwarz")}


def in_time(level: int, hand_size: int, opp: int = -1, shift: int = 0) -> bool:
    """Whether ``level`` is still in time for a player holding ``hand_size`` cards.

    :param opp: the other party's highest level (-1 none): Re/Kontra as a reply to it is
        allowed one card later than that announcement's own deadline
    :param shift: Hochzeit shift (tricks between the first trick and the Klärungsstich)
    """
    need = NEED[level]
    if level == 0 and opp >= 0:
        need = min(need, NEED[opp] - 1)
    return hand_size >= need - shift


def legal_levels(own: int, opp: int, hand_size: int, shift: int = 0, erstansage: bool = True,
                 late_reply_absagen: bool = False) -> list[int]:
    """Every level the party may announce now (jumps included, each skipped level in time).

    :param erstansage: whether the party's Re/Kontra (if ``own >= 0``) was a *regelkonforme
        Erstansage*, i.e. in time as an Ansage and not only as a late reply (Doppelkopf-Turnier 5.,
        DDV); without it no Absage follows
    :param late_reply_absagen: club option: Absagen also after a late reply (only their own
        windows count)
    """
    out = []
    if not late_reply_absagen:
        if own < 0:
            # a jump makes the Re/Kontra now: it is an Erstansage only while in time without a reply
            erstansage = in_time(0, hand_size, -1, shift)
        if not erstansage:
            return [0] if own < 0 and in_time(0, hand_size, opp, shift) else []
    for target in range(own + 1, 5):
        if not in_time(target, hand_size, opp, shift):
            break
        out.append(target)
    return out


def is_erstansage(hand_size: int, shift: int = 0) -> bool:
    """Whether Re/Kontra made now with ``hand_size`` cards is a *regelkonforme Erstansage*: in time
    as an Ansage, not only as a reply (Doppelkopf-Turnier 5.; DDV: an Absage after a late reply is
    "nur dann regelgerecht, wenn die eigene Erwiderung auch als Ansage rechtzeitig erfolgt wäre")."""
    return in_time(0, hand_size, -1, shift)


def word_for(party: str, level: int) -> str:
    """Action word of ``level`` for ``party`` (``re``/``kontra``/``keine90`` …)."""
    return WORDS[party][level]
