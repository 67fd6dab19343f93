"""Building Wickerfair positions for rule tests (the same builder the lessons use)."""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Chance
from py_engine.games.wickerfair.data import HEX_INDEX, MAT_COLUMNS
from py_engine.games.wickerfair.lessons import build_position

SEED = "7e" * 32


def pos(n: int = 2, **position: Any):
    """A position: ``pos(2, clans=[...], mats=[...], seats=[...], actions=[...])`` (see lessons.py)."""
    return build_position(n, {}, position, Chance(position.pop("seed", SEED)))


def col_for(s, top: str, seat: int | None = None) -> str:
    """The column action whose top action is ``top`` on the active clan's mat."""
    c = s.clans[s.active if seat is None else seat]
    for i, col in enumerate(MAT_COLUMNS[c.mat]):
        if col.top == top:
            return f"col:{i + 1}"
    raise AssertionError(top)


def col_bottom(s, bottom: str) -> str:
    c = s.clans[s.active]
    for i, col in enumerate(MAT_COLUMNS[c.mat]):
        if col.bottom == bottom:
            return f"col:{i + 1}"
    raise AssertionError(bottom)


def play(s, *actions: str) -> None:
    for a in actions:
        s.apply_action(a, s.dplayers[0] if len(s.dplayers) == 1 else None)


def H(h: str) -> int:
    return HEX_INDEX[h]


def to_bottom(s) -> None:
    """Skip whatever top step is pending and any mission window, up to the bottom step."""
    for _ in range(10):
        if s.dk in ("BOTTOM_DO",) or s.dk is None:
            return
        legal = s.legal_actions(s.active)
        s.apply_action("skip" if "skip" in legal else "hide" if "hide" in legal else "end", s.active)
