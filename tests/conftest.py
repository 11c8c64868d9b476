"""Shared test settings: Hypothesis profiles (``ci`` is the default, ``thorough`` on demand)."""

import os
import sys

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=1000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def _terminal_language_as_it_was():
    """A command run in the test's own process (``CliRunner`` with ``--lang en``) sets the terminal's
    language for the process: give every later test the language it found, so no test depends on
    which ran before it."""
    module = sys.modules.get("stammtisch.cli.settlement")
    before = module.current_language() if module else None
    yield
    module = sys.modules.get("stammtisch.cli.settlement")
    if module is not None:
        module.set_language(before)
