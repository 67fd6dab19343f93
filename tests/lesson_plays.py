"""A lesson played by hand: its solution through the real engine, and a wrong move at every step."""
from __future__ import annotations

import pytest

from py_engine.core import lessons as L
from py_engine.core.game import IllegalAction


def play_solution_and_misses(game, lesson: L.Lesson, solution: list[str], wrong: list[tuple[str, str]]) -> None:
    """Before each step's solution, its wrong move: ``"refused"`` by the rules, or ``"missed"`` (legal,
    misses the goal, answered with the step's hint and taken back). Neither changes the position."""
    attempt = L.Attempt(game, lesson)
    for step, (action, (bad, how)) in enumerate(zip(solution, wrong)):
        before = attempt.state.observation("all")
        if how == "refused":
            with pytest.raises(IllegalAction):
                attempt.play(bad)
        else:
            r = attempt.play(bad)
            assert r["met"] is False and r["words"] == lesson.steps[step].hint
        assert attempt.state.observation("all") == before
        r = attempt.play(action)
        assert r["met"] is True, (lesson.id, step, action)
    assert attempt.done
