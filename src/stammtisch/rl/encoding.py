"""Integer actions and fixed-size tensors for any game of the protocol.

Shared by the OpenSpiel games and the PettingZoo environments. Action ids are indices
into :meth:`Game.all_actions`. Tensors are built only from what a seat may know: its
view (own hand, the trick on the table) and the public actions so far.

Observation tensor (``perfect_recall=False``), all from the observer's point of view with
seats numbered relative to the observer (0 = self, 1 = next seat, ...):

* ``hand``: ``[deck]`` the cards in hand (counts; Doppelkopf copies add up)
* ``trick``: ``[seats, deck]`` the cards in the current trick, by who played them
* ``played``: ``[seats, deck]`` every card played so far, by who played it
* ``said``: ``[seats, actions]`` every non-card action (bids, trump, announcements) said so far
* ``to_act``: ``[seats]`` whose turn it is

The information-state tensor (``perfect_recall=True``) appends ``history``:
``[max_game_length, seats + actions]``, the public actions in order (actor one-hot, action one-hot).

A game may keep an action private (a Tarock discard into the Legage) by defining
``action_is_public(options, seat, action) -> bool``; such an action of another seat is left
out of every other seat's tensors and strings. By default every action is public.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core.errors import BadNotation
from ..core.protocol import Game

__all__ = ["Encoding"]


@dataclass
class Encoding:
    """The action table and tensor layout of one game under one set of options."""

    game: Game
    options: Any
    actions: list[str] = field(init=False)
    index: dict[str, int] = field(init=False)
    card_of_action: list[int] = field(init=False)
    n: int = field(init=False)
    deck_size: int = field(init=False)
    max_game_length: int = field(init=False)

    def __post_init__(self) -> None:
        self.actions = list(self.game.all_actions(self.options))
        self.index = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError(f"{self.game.name}.all_actions lists an action twice")
        self.n = self.game.num_seats(self.options)
        deck = self.game.deck
        self.deck_size = deck.size
        cards = []
        for a in self.actions:
            try:
                cards.append(deck.parse(a))
            except BadNotation:
                cards.append(-1)
        self.card_of_action = cards
        # generous bound: every card once plus rounds of bidding and announcements
        self.max_game_length = deck.size + 16 * self.n

    # -- sizes -------------------------------------------------------------------------
    def obs_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        D, n, A = self.deck_size, self.n, len(self.actions)
        return [("hand", (D,)), ("trick", (n, D)), ("played", (n, D)), ("said", (n, A)), ("to_act", (n,))]

    def info_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        return self.obs_pieces() + [("history", (self.max_game_length, self.n + len(self.actions)))]

    @staticmethod
    def size(pieces: Sequence[tuple[str, tuple[int, ...]]]) -> int:
        return int(sum(int(np.prod(shape)) for _, shape in pieces))

    # -- visibility ----------------------------------------------------------------------
    def visible(self, observer: int | None, seat: int, action: str) -> bool:
        """Whether ``observer`` (``None``: a spectator) saw ``seat`` take ``action``."""
        if observer == seat:
            return True
        own = getattr(self.game, "action_is_public", None)
        return True if own is None else bool(own(self.options, seat, action))

    def public_history(self, history: Sequence[tuple[int, str]], observer: int | None) -> list[tuple[int, str]]:
        return [(s, a) for s, a in history if self.visible(observer, s, a)]

    # -- writers -------------------------------------------------------------------------
    def write(self, views: Mapping[str, np.ndarray], state: Any, history: Sequence[tuple[int, str]],
              observer: int | None, perfect_recall: bool) -> None:
        """Fill the named arrays ``views`` (zeroed by the caller) for ``observer``."""
        n = self.n
        rel = (lambda s: s) if observer is None else (lambda s: (s - observer) % n)
        deck = self.game.deck
        if state is not None:
            view = state.view(observer) if observer is not None else state.public_view()
            if "hand" in views and observer is not None:
                for c in _cards(deck, view.get("hand", ())):
                    views["hand"][c] += 1
            for entry in view.get("trick", ()) or ():
                try:
                    s, card = entry
                    for c in _cards(deck, [card]):
                        views["trick"][rel(int(s)), c] += 1
                except (TypeError, ValueError):
                    continue
            if not state.is_over():
                for s in state.to_act():
                    views["to_act"][rel(s)] = 1
        hist = self.public_history(history, observer)
        for step, (s, a) in enumerate(hist):
            i = self.index.get(a)
            if i is None:
                continue
            c = self.card_of_action[i]
            if c >= 0:
                views["played"][rel(s), c] += 1
            else:
                views["said"][rel(s), i] = 1
            if perfect_recall and "history" in views and step < self.max_game_length:
                views["history"][step, rel(s)] = 1
                views["history"][step, n + i] = 1

    def string(self, state: Any, history: Sequence[tuple[int, str]], observer: int | None,
               perfect_recall: bool) -> str:
        """The observer's view as canonical JSON, plus the public history for perfect recall."""
        if state is None:
            view: Any = {"dealing": True}
        else:
            view = state.view(observer) if observer is not None else state.public_view()
        head = f"p{observer} " if observer is not None else "public "
        s = head + json.dumps(view, sort_keys=True, ensure_ascii=False, default=str)
        if perfect_recall:
            s += " | " + " ".join(f"{seat}:{a}" for seat, a in self.public_history(history, observer))
        return s


def _cards(deck: Any, texts: Sequence[str]) -> list[int]:
    out = []
    for t in texts:
        try:
            out.append(deck.parse(t))
        except (BadNotation, AttributeError):
            continue
    return out
