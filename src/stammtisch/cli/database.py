"""One line instead of a traceback when the database named on the command line cannot be used."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager

__all__ = ["database_problems", "problem_text"]


def _shown(url: str) -> str:
    """The URL without its password."""
    return re.sub(r"(://[^:/@]+):[^@]*@", r"\1:***@", url)


def problem_text(exc: BaseException, url: str) -> str | None:
    """What to tell a person about ``exc`` raised while opening ``url``; ``None``: not a database problem."""
    if isinstance(exc, ModuleNotFoundError) and (exc.name or "").split(".")[0] in ("psycopg", "psycopg2"):
        return ("PostgreSQL needs psycopg (the extra postgres): run `bash scripts/setup postgres` in the checkout")
    try:
        from sqlalchemy import exc as sa
    except ImportError:  # pragma: no cover - a dependency
        return None
    if isinstance(exc, sa.NoSuchModuleError | sa.ArgumentError):
        return f"cannot use the database URL {_shown(url)}: not a URL SQLAlchemy knows (e.g. " \
               "postgresql+psycopg://user@host/db)"
    if isinstance(exc, sa.OperationalError | sa.InterfaceError):
        first = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        return f"cannot use the database {_shown(url)}: {first}"
    return None


@contextmanager
def database_problems(url: str, fail: Callable[[str], None]) -> Iterator[None]:
    """Inside: a database that cannot be used ends the command through ``fail`` (one line, exit 1)."""
    try:
        yield
    except Exception as e:  # noqa: BLE001 - only database problems are turned into a line, the rest goes on
        text = problem_text(e, url)
        if text is None:
            raise
        fail(text)
