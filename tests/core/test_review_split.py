"""A review shared by two workers (docs/performance.md, *Reviews in the browser*): each opens the
review and asks for its own decisions (``review_next`` with ``step``); merged, their results are the
review one worker gives, since each judgement depends on its decision alone.
"""
from __future__ import annotations

import hashlib
import json

import pytest

from py_engine import bridge
from py_engine.core import analysis
from py_engine.core import controls as ctl
from py_engine.core.table import Seat, Table
from py_engine.registry import get_game


def seed_of(*parts) -> str:
    return hashlib.sha256("/".join(map(str, ("review-split",) + parts)).encode()).hexdigest()


@pytest.mark.parametrize("name", ["elderwood", "hollowmere", "milehollow", "wickerfair"])
def test_a_review_shared_by_two_workers_is_the_review_of_one(name):
    """Each worker opens the review and asks for every other decision; the two halves, merged, are the
    whole review (a small budget: this checks that no judgement depends on the ones before it)."""
    game = get_game(name)
    t = Table(game, [Seat("A", True, "easy"), Seat("B", True, "normal")], {}, seed_of(name), "test")
    steps = 0
    while t.decision() is not None and steps < 28:
        t.play(t.bot_choice(t.decision().players[0]), t.decision().players[0])
        steps += 1
    if t.decision() is not None:
        t.play(ctl.RESIGN, t.decision().players[0])
    record = t.to_record()
    budget = 200 if name == "elderwood" else 4
    whole = list(analysis.review(record, get_game, iterations=budget))
    assert len(whole) >= 10
    wanted = [m["step"] for m in whole]
    halves = []
    for share in (0, 1):
        r = analysis.Reviewer(record, get_game, iterations=budget)
        halves += [r.next(step) for step in wanted[share::2]]
    assert sorted(halves, key=lambda m: m["step"]) == whole


def call(cmd, **args):
    return json.loads(bridge.handle(json.dumps({"cmd": cmd, **args})))


def test_the_bridge_judges_the_decisions_asked_for_and_passes_over_the_others():
    t = Table(get_game("elderwood"), [Seat("A", True, "easy"), Seat("B", True, "easy")], {}, seed_of("bridge"), "test")
    for _ in range(12):
        t.play(t.bot_choice(t.decision().players[0]), t.decision().players[0])
    t.play(ctl.RESIGN, t.decision().players[0])
    text = json.dumps(t.to_record())
    opened = call("review_open", text=text, viewer="all")["result"]
    steps = opened["steps"]
    assert opened["total"] == len(steps) >= 10
    rid = opened["review"]
    got = call("review_next", review=rid, step=steps[3])["result"]
    assert got["step"] == steps[3]
    assert call("review_next", review=rid)["result"]["step"] == steps[4]
    assert not call("review_next", review=rid, step=-1)["ok"]
    assert call("review_next", review=rid, step=steps[-1] + 1)["result"] == {"done": True}
    assert not call("review_next", review=rid)["ok"]           # finished: closed
    # The same decisions judged by a review that judged every one before them.
    whole = list(analysis.review(t.to_record(), get_game))
    assert got == whole[3]
