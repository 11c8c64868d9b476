"""The ``stammtisch`` command.

Sub-commands: ``play`` (terminal game), ``replay`` (re-validate a record), ``simulate``
(self-play), and the surfaces registered by their own modules (``serve``, ``arena``,
``tournament``). Every failure prints one clear line and exits 1 -- never a traceback.
"""

from __future__ import annotations

import typer

from . import arena, commands, fair, serve, tournament
from .helptext import quiet_flags

quiet_flags()

app = typer.Typer(help="stammtisch: Jass, Doppelkopf, Tarock and Perlaggen.", no_args_is_help=True,
                  pretty_exceptions_enable=False, add_completion=False)

commands.register(app)
serve.register(app)
arena.register(app)
tournament.register(app)
fair.register(app)


def main() -> None:  # console-script entry point
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
