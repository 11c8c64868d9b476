"""Online cups: the scorekeeper's tournaments played at the table server's tables (issue 30).

A layer above both surfaces (``cli`` composes it): the scorekeeper keeps the one tournament model
(rounds, tables, draws, rows, corrections, rankings, exports), the table server plays the games;
this package opens a round's online tables with the cup's settings and turns every finished game
into a row of its table's list (:mod:`.service`, :mod:`.rows`, :mod:`.settings`, :mod:`.api`).
"""

from .service import Cups
from .settings import CupSettings

__all__ = ["Cups", "CupSettings"]
