"""Engine tests keep the searching bot levels quick: their budgets (a fixed number of iterations, or
Elderwood's Strong's positions searched: the same for the move played and for the verifier re-deriving
it) are set small here, so a whole game with an Expert at every seat takes seconds. Strength at the real
budgets is the bench's (bench/strength.py)."""
from __future__ import annotations

import importlib

import pytest

from py_engine.registry import GAME_MODULES

#: Iterations per decision of every search level during the tests, and how far each playout goes.
TEST_ITERATIONS = 4
TEST_HORIZON = 6
#: Elderwood's Strong during the tests: Normal's budget one ply deeper.
ELDERWOOD_STRONG = (1200, 4)


def quick_budgets(monkeypatch) -> None:
    """Set every searching level's budget to the tests' small one (undone with ``monkeypatch``)."""
    for module in GAME_MODULES.values():
        try:
            expert = importlib.import_module(module + ".expert")
        except ModuleNotFoundError:
            continue
        if hasattr(expert, "ITERATIONS"):
            monkeypatch.setattr(expert, "ITERATIONS", TEST_ITERATIONS)
        # and short playouts: each is a game's Normal bots playing on for `horizon` decisions
        for value in vars(expert).values():
            if isinstance(value, type) and isinstance(getattr(value, "horizon", None), int) and value.horizon > TEST_HORIZON:
                monkeypatch.setattr(value, "horizon", TEST_HORIZON)
    from py_engine.games.elderwood import bots as elderwood_bots
    monkeypatch.setitem(elderwood_bots.BUDGETS, "strong", ELDERWOOD_STRONG)


@pytest.fixture(autouse=True)
def quick_search(monkeypatch):
    quick_budgets(monkeypatch)
    yield
