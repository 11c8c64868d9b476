"""The terminal's card notation: what a person sees and types, mapped to the record notation.

Records, server and engines keep the canonical ASCII notation of ``core.cards`` (``XD``, ``T21``).
The terminal shows each game's cards in ONE form that a German reader cannot misread (Doppelkopf
``♣D`` for Kreuz-Dame, never ``KD`` that the record reads as Karo-Dame; Tarock ``XXI`` and
``♣K``, so ``X`` is only ever the roman ten) and reads back every form it shows, plus the
record notation and a few spoken aliases. This is the input layer of the terminal only: the
game's own card parser is unchanged.

A :class:`TerminalNotation` is defined per game in ``cli/render/<game>.py`` as ``NOTATION``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from ..core.cards import Deck
from ..core.errors import BadNotation
from ..core.messages import Msg

#: characters that separate the parts of an action (``call:XK``, ``W=LA``, ``weis:...``)
SEPARATORS = ":=,+ "
_SPLIT = re.compile(r"([:=,+ ])")


class AmbiguousInput(BadNotation):
    """Typed text a reader could take for two different cards (``KD``: Karo- or Kreuz-Dame)."""


class TerminalNotation:
    """How one game's cards look in the terminal and how typed text is read back.

    :param deck: the game's deck (its parser reads the record notation and its aliases)
    :param show: canonical card -> the form shown (and typeable)
    :param prefixes: typed suit prefixes -> the record's suit letter (``"♣": "X"``, ``"kr": "X"``)
    :param ambiguous: typed prefixes that are refused -> the message (``{card}``: what was typed)
    :param legend: lines explaining the notation, shown with ``?``
    :param aliases: further typed forms -> canonical card (``"IIII": "T4"``)
    """

    def __init__(self, deck: Deck, legend: Iterable[str], show: Callable[[str], str] = str,
                 prefixes: dict[str, str] | None = None, ambiguous: dict[str, str] | None = None,
                 aliases: dict[str, str] | None = None) -> None:
        self.deck = deck
        self.aliases = {k.casefold(): v for k, v in (aliases or {}).items()}
        self._show = show
        self.prefixes = {k.casefold(): v for k, v in (prefixes or {}).items()}
        self.ambiguous = {k.casefold(): v for k, v in (ambiguous or {}).items()}
        self.legend = list(legend)
        self._canonical = set(deck.notation)
        # longest prefix first, so "kr" is tried before "k"
        self._prefix_order = sorted(self.prefixes, key=len, reverse=True)

    # -- showing --------------------------------------------------------------------------
    def card(self, code: str) -> str:
        """The shown form of the canonical card ``code`` (anything else unchanged)."""
        return self._show(code) if code in self._canonical else code

    def action(self, action: str) -> str:
        """An action with every card in it shown in the terminal form (``call:KK`` -> ``call:♦K``)."""
        return "".join(self.card(p) for p in _SPLIT.split(action))

    def text(self, text: str) -> str:
        """Free text (an event, a settlement note) with the record's card codes in the shown form."""
        if self._show is str:
            return text
        return re.sub(r"(?<![\w=])([A-Z][A-Za-z0-9]{0,2})(?![\w])",
                      lambda m: self.card(m.group(1)), text)

    # -- reading --------------------------------------------------------------------------
    def read_card(self, token: str) -> str | None:
        """The canonical card typed as ``token``, ``None`` when it is no card.

        :raises AmbiguousInput: for a form a reader could take for two cards
        """
        t = token.strip().strip("[]")
        if not t:
            return None
        low = t.casefold()
        if low in self.aliases:
            return self.aliases[low]
        for p in self._prefix_order:
            if low.startswith(p) and len(low) > len(p):
                try:
                    return self.deck.format(self.deck.parse(self.prefixes[p] + t[len(p):]))
                except BadNotation:
                    pass
        try:
            code = self.deck.format(self.deck.parse(t))
        except BadNotation:
            return None
        for p, hint in self.ambiguous.items():
            if low.startswith(p) and len(low) > len(p):
                raise AmbiguousInput(Msg(hint.id, card=t) if isinstance(hint, Msg) else hint.format(card=t))
        return code

    def read(self, text: str, legal: list[str]) -> str:
        """The canonical action meant by the typed ``text``, given the legal actions.

        Tried in order: the action as shown or as recorded; every card in it read through
        :meth:`read_card`; a word that is the part after ``prefix:`` of exactly one legal
        action (``undenufe`` for ``trump:undenufe``). Anything else is returned as typed (the
        engine refuses it with its reason).

        :raises AmbiguousInput: when a card in ``text`` could be read as two cards
        """
        t = text.strip()
        self._check(t)
        if t in legal:
            return t
        key = _norm(t)
        shown = {_norm(self.action(a)): a for a in legal}
        if key in shown:
            return shown[key]
        recorded = {_norm(a): a for a in legal}
        if key in recorded:
            return recorded[key]
        parts = _SPLIT.split(t.strip("[]"))
        out = []
        for p in parts:
            card = self.read_card(p) if p and p not in SEPARATORS else None
            out.append(card if card is not None else p)
        rewritten = "".join(out).strip()
        if rewritten in legal:
            return rewritten
        if _norm(rewritten) in recorded:
            return recorded[_norm(rewritten)]
        tails = [a for a in legal if ":" in a and _norm(a.split(":", 1)[1]) in (key, _norm(rewritten))]
        if len(tails) == 1:
            return tails[0]
        return rewritten

    def _check(self, text: str) -> None:
        """Refuse a typed card of an ambiguous form, even where it is the record notation.

        :raises AmbiguousInput: for ``KD`` in Doppelkopf and the like
        """
        if self.ambiguous:
            for p in _SPLIT.split(text.strip("[]")):
                if p and p not in SEPARATORS:
                    self.read_card(p)


def _norm(text: str) -> str:
    return text.replace(" ", "").casefold()
