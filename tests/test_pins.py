"""The pinned games (``tests/pins.py``) at the tests' budgets: the first seed of every case, move for move,
with the strongest level's hints and review judgements at sampled decisions. ``python -m tests.pins check
tests`` checks every case, ``… check full`` every case at the levels' own budgets."""
from __future__ import annotations

import json

import pytest

from tests import pins

PINNED = json.loads(pins.FILES["tests"].read_text())
FIRST = [c for c in pins.cases() if c[0].endswith("/0")]


def test_every_level_of_every_game_is_pinned():
    assert {name for name, *_ in pins.cases()} == set(PINNED)
    assert len(FIRST) * 2 == len(PINNED)


@pytest.mark.parametrize("case", FIRST, ids=[c[0] for c in FIRST])
def test_a_pinned_game_plays_as_pinned(case):
    name, game, levels, options = case
    got = pins.play(name, game, levels, options)
    assert not pins.differences({name: PINNED[name]}, {name: got})
    assert got == PINNED[name]
