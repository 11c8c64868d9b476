"""The usage examples in the scorekeeper's docstrings run."""

import doctest
import importlib

import pytest

MODULES = ["stammtisch.scorekeeper.entries", "stammtisch.scorekeeper.tablesheet", "stammtisch.scorekeeper.draw",
           "stammtisch.scorekeeper.ranking", "stammtisch.scorekeeper.store"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    res = doctest.testmod(importlib.import_module(name))
    assert res.attempted > 0 and res.failed == 0
