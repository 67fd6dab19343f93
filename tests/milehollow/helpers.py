"""Scripted Milehollow positions: hands, row, deck and mail chosen by the test instead of shuffled."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from py_engine.core.fairness import Chance
from py_engine.games.milehollow import GAME
from py_engine.games.milehollow.data import CARD_INDEX, NCARD
from py_engine.games.milehollow.lessons import lesson_state
from py_engine.games.milehollow.state import MilehollowState

SEED = "5a" * 32
DESIGN = Path(__file__).resolve().parents[2] / ".." / "shared" / "design" / "milehollow.md"


def design_file() -> Path | None:
    return DESIGN if DESIGN.exists() else None


def position(n: int = 2, **kw: Any) -> MilehollowState:
    """A state at the start of seat ``current``'s turn (the lesson-position format of lessons.py)."""
    pos: dict[str, Any] = {"first": 0, "current": 0, "hands": [{} for _ in range(n)],
                           "row": ["crimson", "amber", "lemon", "moss", "teal"], "mail": [[] for _ in range(n)]}
    pos.update(kw)
    return lesson_state(n, {}, pos, Chance(SEED))


def counts(**cards: int) -> list[int]:
    out = [0] * NCARD
    for name, k in cards.items():
        out[CARD_INDEX[name]] = k
    return out


def new_game(n: int = 3, seed: str = SEED) -> MilehollowState:
    return GAME.new_initial_state(n, {}, Chance(seed))


def random_moves(s: MilehollowState, seed: str):
    """Plays ``s`` to its end, the first seat of each decision taking a legal action drawn from ``seed``'s
    stream; yields after each action (``s`` itself, played on)."""
    rng = Chance(seed).stream("r")
    while not s.is_terminal():
        p = s.decision().players[0]
        legal = s.legal_actions(p)
        s.apply_action(legal[rng.below(len(legal))], p)
        yield s


def keep_all_lowest(s: MilehollowState) -> None:
    """Answer the deal: every seat keeps its two lowest mail ids."""
    while s.phase == "keep-deal":
        seat = s.decision().players[0]
        s.apply_action(s.timeout_action(seat), seat)


def set_deck(s: MilehollowState, top_first: list[str]) -> None:
    """Put exactly these cards in the deck, top first (the test's own bookkeeping; totals may not add up)."""
    s.deck = [CARD_INDEX[c] for c in reversed(top_first)]
