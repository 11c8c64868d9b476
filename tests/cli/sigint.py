"""Children that Ctrl-C reaches, wherever the test suite runs.

A shell starts a background job (``bash scripts/test > log 2>&1 &``) with SIGINT ignored, and every
child inherits that (POSIX: ignored signals stay ignored across ``exec``); Python then installs no
``KeyboardInterrupt`` handler and the child sleeps through the test's Ctrl-C. The children these
tests interrupt therefore start with SIGINT back at its default, as at a terminal."""

from __future__ import annotations

import signal


def sigint_default() -> None:
    """``preexec_fn`` for :class:`subprocess.Popen`: SIGINT back at its default in the child."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
