"""Every game's lessons, run through the bridge as the How to play pages run them.

For each lesson: it starts; each step can be met (the goal's own actions, or for a checked
goal some legal action found by trying them); a legal action that misses the goal is taken
back with the step's hint and changes nothing; an illegal one is refused by the rules.
"""
from __future__ import annotations

import json

import pytest

from py_engine import bridge
from py_engine.core import lessons as lessons_core
from py_engine.registry import available, get_game

CASES = [(g, lesson.id) for g in available() for lesson in lessons_core.load(get_game(g))]


def call(cmd, **args):
    out = json.loads(bridge.handle(json.dumps({"cmd": cmd, **args})))
    return out


@pytest.mark.parametrize("game,lid", CASES)
def test_a_lesson_can_be_completed_and_a_miss_changes_nothing(game, lid):
    lesson = next(x for x in lessons_core.load(get_game(game)) if x.id == lid)
    assert lesson.title["en"] and lesson.title["pt"] and lesson.success["pt"]
    start = call("lesson_start", game=game, id=lid)
    assert start["ok"], start
    key, snap = start["result"]["snapshot"]["lesson"], start["result"]["snapshot"]
    for step in lesson.steps:
        legal = [m["action"] for m in snap["legal"]]
        assert legal, f"{game}/{lid}: step {snap['step'] + 1} offers no action"
        if step.actions:
            wrong = next((a for a in legal if a not in step.actions), None)
            if wrong is not None:
                out = call("lesson_play", lesson=key, action=wrong)["result"]
                assert not out["met"] and out["words"] == step.hint
                assert out["snapshot"]["view"] == snap["view"], "a missed goal must change nothing"
            out = call("lesson_play", lesson=key, action=step.actions[0])["result"]
        else:
            for action in legal:  # a checked goal: some legal action meets it
                out = call("lesson_play", lesson=key, action=action)["result"]
                if out["met"]:
                    break
                assert out["snapshot"]["view"] == snap["view"], "a missed goal must change nothing"
        assert out["met"], f"{game}/{lid}: the step's goal cannot be met"
        snap = out["snapshot"]
    assert snap["done"]
    assert call("lesson_play", lesson=key, action="anything")["ok"] is False
    refused = call("lesson_start", game=game, id=lid)["result"]["snapshot"]["lesson"]
    bad = call("lesson_play", lesson=refused, action="no such move")
    assert bad["ok"] is False and bad["kind"] == "illegal"


def test_unknown_lessons_and_games_are_refused():
    assert call("lessons", game="chess")["ok"] is False
    assert call("lesson_start", game=available()[0], id="nope")["ok"] is False
    assert call("lesson_play", lesson="l999", action="x")["ok"] is False
