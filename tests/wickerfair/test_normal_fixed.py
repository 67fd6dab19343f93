"""Normal's moves never change: old records re-derive them (``verify --bots``), and it is the yardstick the
Expert is measured against. The Expert plans with its own weights (``evaluate.EXPERT``); these games,
played with every weight at Normal's, must stay move for move what they were when the weights were
made a parameter."""
from __future__ import annotations

import hashlib

import pytest

from py_engine.core.table import Seat, Table
from py_engine.games.wickerfair import evaluate
from py_engine.registry import get_game

GAME = get_game("wickerfair")

#: (levels, actions, SHA-256 of the actions joined by newlines, first 16 digits, final coins)
GAMES = [
    (("normal", "normal"), 462, "4668b9dc5e8283b8", [90, 63]),
    (("easy", "normal"), 372, "83825db648c44cb6", [17, 108]),
    (("normal", "normal", "normal"), 628, "32a06d3b4548bd60", [98, 45, 86]),
]


@pytest.mark.parametrize("i", range(len(GAMES)))
def test_seeded_normal_games_are_unchanged(i):
    levels, n_actions, digest, scores = GAMES[i]
    seed = hashlib.sha256(f"wickerfair-normal-fixed/{i}".encode()).hexdigest()
    t = Table(GAME, [Seat(f"s{k}", True, lv) for k, lv in enumerate(levels)], {}, seed, "test")
    t.play_bots()
    assert (len(t.actions), hashlib.sha256("\n".join(t.actions).encode()).hexdigest()[:16], t.state.scores()) == \
        (n_actions, digest, scores)


def test_normal_plans_with_the_normal_weights():
    assert GAME.make_bot("normal", 0).weights is evaluate.NORMAL
    assert evaluate.NORMAL == evaluate.Weights()
