"""Perlaggen at 17 : 17: the figures asked for instead of bid (Perlaggen §25).

Every seat from Vorhand is asked for a dritziges, vierfaches or fünffaches figure (``melden`` /
``passen``); the side with the highest goes out, equal figures leave it to the Spiel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .figures import side_of
from .rules import Figure, best_figure
from .scoring import SIDES

if TYPE_CHECKING:
    from .options import PerlaggenOptions

__all__ = ["MeldMixin"]


def _meld_key(f: Figure, order: str = "figure") -> tuple[int, int, int, int]:
    """17 : 17 comparison (§25) of declared figures.

    ``"figure"`` (default): the rank of the figures of §3 first — every Gleich above every Hanger —
    then the degree (number of cards), the height, trump. §25: "Haben z. B. Parteien ein dritziges
    oder vierfaches Gleich in gleichem Höhengrad, also eine stehende Figur, kann eine minderwertige
    Figur niemals in Betracht kommen, denn in diesem Falle entscheidet das Spiel" — a standing Gleich
    leaves it to the Spiel, however long a Hanger (the minderwertige Figur of §3) is.
    ``"degree"``: the degree first, then Gleich over Hanger, height, trump (the former reading).
    """
    gleich = 1 if f.kind == "gleich" else 0
    if order == "degree":
        return (f.n, gleich, f.key[1], f.key[2])
    return (gleich, f.n, f.key[1], f.key[2])



class MeldMixin:
    """Declaring the figures at 17 : 17 (§25); mixed into :class:`PerlaggenDeal`."""

    if TYPE_CHECKING:
        opts: PerlaggenOptions
        dealt: list[list[int]]
        events: list[str]
        meld_turn: int
        melds: dict[int, Figure | None]
        phase: str
        trump: int
        turn: int
        vorhand: int

        def _finish(self) -> None: ...
        def _refuse(self, msg: str, par: str) -> None: ...

    def _meld_figure(self, seat: int) -> Figure | None:
        best = None
        for kind in ("gleich", "hanger"):
            f = best_figure(kind, self.dealt[seat], self.trump)
            if f and f.n >= 3:
                k = _meld_key(f, self.opts.meld_order)
                if best is None or k > _meld_key(best, self.opts.meld_order):
                    best = f
        return best

    def _a_meld(self, seat: int, action: str) -> None:
        if action == "melden":
            f = self._meld_figure(seat)
            if f is None:
                self._refuse("only a dritziges, vierfaches or fünffaches figure is declared at "
                             f"{self.opts.target - 1} : {self.opts.target - 1}", "§25")
            self.melds[seat] = f
            self.events.append(f"seat {seat} declares a {f.describe()} (§25)")  # type: ignore[union-attr]
        elif action == "passen":
            self.melds[seat] = None
        else:
            self._refuse("asked for a dritziges, vierfaches or fünffaches: 'melden' or 'passen'", "§25")
        self.meld_turn += 1
        self.turn = (seat + 1) % 4
        if self.meld_turn == 4:
            self.phase = "play"
            self.turn = self.vorhand
            best = {0: None, 1: None}
            for s, f in self.melds.items():
                b = best[side_of(s)]
                if f is not None and (b is None or _meld_key(f, self.opts.meld_order) > _meld_key(b, self.opts.meld_order)):
                    best[side_of(s)] = f
            if best[0] or best[1]:
                k0 = _meld_key(best[0], self.opts.meld_order) if best[0] else None
                k1 = _meld_key(best[1], self.opts.meld_order) if best[1] else None
                if k0 == k1:
                    self.events.append("the declared figures stand: the Spiel decides (§25, §28)")
                    self.meld_result: tuple[int | None, int, str] = (None, 3, best[0].kind)  # type: ignore[union-attr]
                else:
                    w = 0 if (k1 is None or (k0 is not None and k0 > k1)) else 1
                    self.meld_result = (w, (best[w]).n, best[w].kind)  # type: ignore[union-attr]
                    self.events.append(f"side {SIDES[w]} goes out with the highest figure (§25)")
                    return self._finish()
            else:
                self.events.append("no dritziges figure declared: the Spiel decides (§25)")
