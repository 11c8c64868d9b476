"""The request bodies of the lobby API as pydantic models: every field typed and bounded, unknown
fields refused. Bodies are read by :func:`read_model` (bounded, strict JSON) and validated here, so a
wrong type or an absurd number is a 400 naming the field, never a 500."""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

from ..core.messages import Msg

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr, ValidationError, field_validator

__all__ = ["CreateTable", "TakeSeat", "FillBots", "OwnerOnly", "Credentials", "Logout", "describe", "ValidationError"]

SmallInt = Annotated[int, Field(strict=True, ge=0, le=2**31 - 1)]
Token = Annotated[StrictStr, Field(min_length=1, max_length=128)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CreateTable(_Body):
    game: Annotated[StrictStr, Field(min_length=1, max_length=32)]
    profile: Annotated[StrictStr, Field(max_length=64)] | None = None
    options: dict[Annotated[str, Field(max_length=64)], Any] | None = None
    max_deals: Annotated[int, Field(strict=True, ge=1, le=1000)] | None = None
    bot: Annotated[StrictStr, Field(max_length=40)] | None = None
    move_seconds: Annotated[float, Field(ge=0, le=600)] | None = None
    #: the computer players' pace chosen by the table's owner: seconds before each of their moves
    bot_seconds: Annotated[float, Field(ge=0, le=10)] | None = None
    ohne_reden: StrictBool | None = None
    seed: Annotated[int, Field(strict=True, ge=0, le=2**63 - 1)] | None = None
    name: Annotated[StrictStr, Field(max_length=200)] | None = None
    #: a login session: the creator's seat is the account's (listed among the player's games)
    session: Token | None = None

    @field_validator("move_seconds", "bot_seconds", mode="before")
    @classmethod
    def _number(cls, v: Any) -> Any:
        if isinstance(v, bool):
            raise ValueError("must be a number of seconds")
        return v

    @field_validator("options")
    @classmethod
    def _few(cls, v: Any) -> Any:
        if v is not None and len(v) > 64:
            raise ValueError("at most 64 options")
        return v


class TakeSeat(_Body):
    name: Annotated[StrictStr, Field(max_length=200)] | None = None
    session: Token | None = None
    seat: Annotated[int, Field(strict=True, ge=0, le=64)] | None = None


class FillBots(_Body):
    token: Token | None = None
    seats: Annotated[list[Annotated[int, Field(strict=True, ge=0, le=64)]], Field(max_length=16)] | None = None


class OwnerOnly(_Body):
    token: Token | None = None


class Credentials(_Body):
    name: Annotated[StrictStr, Field(max_length=200)]
    password: Annotated[StrictStr, Field(max_length=200)]


class Logout(_Body):
    session: Token


def describe(e: ValidationError) -> tuple[Msg, str]:
    """A validation error as a message naming each wrong field (the field names are the request's
    own words) and pydantic's explanation of each, in English only (the error's ``detail``).

    >>> class P(BaseModel):
    ...     age: int
    >>> try:
    ...     P.model_validate({"age": "x"})
    ... except ValidationError as e:
    ...     m, detail = describe(e)
    >>> m.id, m.args, detail.startswith("age: ")
    ('wrong or missing fields in the request: {fields}', {'fields': ['age']}, True)
    """
    fields, problems = [], []
    for err in e.errors()[:5]:
        where = ".".join(str(x) for x in err.get("loc", ())) or "body"
        fields.append(where)
        problems.append(f"{where}: {err.get('msg', 'invalid')}")
    return Msg("wrong or missing fields in the request: {fields}", fields=fields), "; ".join(problems)


M = TypeVar("M", bound=BaseModel)
