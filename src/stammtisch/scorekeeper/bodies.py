"""The request bodies of the scorekeeper's write routes: strict pydantic models, unknown fields refused."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from stammtisch.core.names import clean_name

from .http import MAX_ID
from .ranking import TIEBREAKS

Text200 = Annotated[str, Field(max_length=200)]
#: a name (player, tournament): the lobby's rule (:func:`stammtisch.core.names.clean_name`): NFKC, no
#: control or invisible characters (NUL, bidi overrides), white space collapsed
Name = Annotated[str, Field(min_length=1, max_length=200), AfterValidator(lambda v: clean_name(v, 200))]
Version = Annotated[int, Field(ge=0, le=MAX_ID)]
Pos = Annotated[int, Field(ge=1, le=1_000_000)]
Facts = Annotated[dict[str, Any], Field(max_length=64)]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class LoginIn(_In):
    name: Annotated[str, Field(min_length=1, max_length=80)]
    password: Annotated[str, Field(min_length=1, max_length=200)]


class UnlockIn(_In):
    code: Annotated[str, Field(min_length=1, max_length=40)]


class CreateIn(_In):
    name: Name
    game: Annotated[str, Field(max_length=40)]
    profile: Annotated[str, Field(max_length=80)] | None = None
    options: Annotated[dict[str, Any], Field(max_length=64)] = {}
    rounds: Annotated[int, Field(ge=1, le=50)] = 3
    games: dict[Literal["4", "5"], Annotated[int, Field(ge=0, le=200)]] = {}
    season: Annotated[str, Field(max_length=80)] | None = None
    tiebreaks: Annotated[list[Literal[TIEBREAKS]], Field(max_length=len(TIEBREAKS))] | None = None  # type: ignore
    kind: Literal["tournament", "table"] = "tournament"
    names: Annotated[list[Name], Field(max_length=5)] | None = None
    #: the same key twice (a second click on the same form) gives the tournament of the first
    once: Annotated[str, Field(min_length=8, max_length=64)] | None = None
    #: money in euros: cents per point (``None``: none)
    rate: Annotated[int, Field(ge=0, le=10_000)] | None = None


class RateIn(_In):
    """The money rate in cents per point of a tournament, or of one of its tables (``table``)."""

    rate: Annotated[int, Field(ge=0, le=10_000)] | None
    table: Annotated[int, Field(ge=1, le=2**31 - 1)] | None = None


class PlayerIn(_In):
    name: Name
    club: Text200 = ""


class PlayersIn(_In):
    players: Annotated[list[PlayerIn], Field(max_length=1000)]


class ActiveIn(_In):
    active: bool = True


class DrawIn(_In):
    method: Literal["random", "balanced", "schedule", "manual"] = "random"
    seed: Annotated[str, Field(max_length=64)] | Annotated[int, Field(ge=0, le=MAX_ID)] | None = None
    prefer: Literal["four", "five"] = "four"
    sizes: Annotated[list[Literal[4, 5]], Field(min_length=1, max_length=250)] | None = None
    tables: Annotated[list[Annotated[list[Pos], Field(min_length=1, max_length=5)]],
                      Field(min_length=1, max_length=250)] | None = None


class PublishIn(_In):
    published: bool = True


class CodesIn(_In):
    round: Annotated[int, Field(ge=1, le=50)] | None = None
    tables: Annotated[list[Annotated[int, Field(ge=1, le=MAX_ID)]], Field(min_length=1, max_length=250)] | None = None


class WriteIn(_In):
    version: Version
    facts: Facts
    author: Text200 = ""


class CorrectIn(WriteIn):
    reason: Annotated[str, Field(max_length=1000)] = ""
    late: bool = False


class StrikeIn(_In):
    version: Version
    reason: Annotated[str, Field(max_length=1000)] = ""
    author: Text200 = ""


class SheetIn(_In):
    version: Version
    rows: Annotated[list[Annotated[list[int], Field(max_length=5)] | Facts], Field(max_length=500)]
    strike_unbalanced: bool = True
    author: Text200 = ""
