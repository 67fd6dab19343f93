import pytest

from py_engine import registry

from .toygame import GAME


@pytest.fixture
def lookup():
    def find(name):
        if name == "tally":
            return GAME
        raise KeyError(name)
    return find


@pytest.fixture
def tally_registered(monkeypatch):
    """Make the toy game visible through the registry (for bridge and CLI tests)."""
    monkeypatch.setitem(registry._cache, "tally", GAME)
    monkeypatch.setitem(registry.GAME_MODULES, "tally", "tests.core.toygame")
    return GAME
