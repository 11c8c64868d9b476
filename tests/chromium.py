"""What the browser tests share: Debian's Chromium driven through Playwright, its flags, the marks
that skip a module when it is not installed, and the live server and browser fixtures' bodies."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.live import LiveServer

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: a browser test module's ``pytestmark``
MARKS = [pytest.mark.browser,
         pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian's chromium is not installed")]


def live_server(tmp_path_factory: Any, name: str) -> Iterator[LiveServer]:
    """A module's live server (bots answer after 0.02 s), stopped after the module."""
    # (up to 90 s: on a machine shared with other work the server's first start is slow)
    srv = LiveServer(tmp_path_factory.mktemp(name), bot_delay=0.02).start(timeout=90)
    yield srv
    srv.stop()


#: the browser's own language in the tests: German, the project's default (a first visit follows
#: ``navigator.languages``, i18n.js); a test passes ``locale=`` for another
LOCALE = "de-DE"


class GermanBrowser:
    """A Playwright browser whose new contexts and pages speak :data:`LOCALE` unless told otherwise."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **kw: Any) -> Any:
        kw.setdefault("locale", LOCALE)
        return self._browser.new_context(**kw)

    def new_page(self, **kw: Any) -> Any:
        kw.setdefault("locale", LOCALE)
        return self._browser.new_page(**kw)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


def launch(flags: list[str] = FLAGS) -> Iterator[Any]:
    """A headless Chromium with ``flags`` (German, :class:`GermanBrowser`), closed after the module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=flags)
        yield GermanBrowser(b)
        b.close()
