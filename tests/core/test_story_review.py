"""A review travelling with a story (docs/story.md): the sharer's judgements in compact form, read by
the engine as hostile input (``analysis.shared``, the bridge's ``review_shared``) and answered exactly
as the review that made them, words and marks included; anything that does not fit the record is
refused naming the entry."""
from __future__ import annotations

import hashlib
import json

import pytest

from py_engine import bridge
from py_engine.core import analysis
from py_engine.core import controls as ctl
from py_engine.core import record as rec
from py_engine.core.table import Seat, Table
from py_engine.registry import get_game


def short_game(name: str) -> dict:
    seed = hashlib.sha256(f"story-review/{name}".encode()).hexdigest()
    t = Table(get_game(name), [Seat("A", True, "easy"), Seat("B", True, "normal")], {}, seed, "test")
    for _ in range(16):
        if t.decision() is None:
            break
        t.play(t.bot_choice(t.decision().players[0]), t.decision().players[0])
    if t.decision() is not None:
        t.play(ctl.RESIGN, t.decision().players[0])
    return t.to_record()


compact = analysis.compact


@pytest.fixture(scope="module", params=["elderwood", "hollowmere", "milehollow", "wickerfair"])
def judged(request):
    record = short_game(request.param)
    whole = list(analysis.review(record, get_game, iterations=150 if request.param == "elderwood" else 3))
    assert len(whole) >= 4
    return record, whole


def test_a_shared_review_reads_back_as_the_review(judged):
    record, whole = judged
    assert analysis.shared(record, get_game, [compact(m) for m in whole]) == whole
    # A story may carry only some of them (the sharer stopped the review): those, the same.
    assert analysis.shared(record, get_game, [compact(m) for m in whole[::3]]) == whole[::3]


def test_the_bridge_answers_it(judged):
    record, whole = judged
    out = json.loads(bridge.handle(json.dumps({"cmd": "review_shared", "text": json.dumps(record),
                                               "judged": [compact(m) for m in whole]})))
    assert out["ok"] and out["result"]["moves"] == whole


#: Where each field sits in an entry for a move other than the best found.
FIELDS = {"step": 0, "best": 1, "loss": 2, "chance": 3, "played_chance": 4, "forced": 5}


def altered(whole, field, value):
    """The review with one entry (the third for a move other than the best found) changed."""
    rows = [compact(m) for m in whole]
    i = [n for n, r in enumerate(rows) if len(r) > 2][0]
    row = rows[i] + [None] * (6 - len(rows[i]))
    row[FIELDS[field]] = value
    rows[i] = row if field == "forced" else row[:len(rows[i])]
    return rows, i


def test_a_best_move_played_travels_as_two_numbers(judged):
    _, whole = judged
    rows = [compact(m) for m in whole]
    assert any(len(r) == 2 for r in rows) and any(len(r) >= 5 for r in rows)
    assert all(len(r) == 2 for r, m in zip(rows, whole) if m["best"] == m["played"])


@pytest.mark.parametrize("field,value", [
    ("step", -1), ("best", "no such move"), ("loss", 1500), ("loss", 0.5), ("chance", "high"),
    ("played_chance", None), ("forced", "surely"),
])
def test_what_does_not_fit_the_record_is_refused_naming_the_entry(judged, field, value):
    record, whole = judged
    if not any(m["best"] != m["played"] for m in whole):
        pytest.skip("every move of this game was the best found")
    rows, i = altered(whole, field, value)
    with pytest.raises(rec.BadRecord) as e:
        analysis.shared(record, get_game, rows)
    assert e.value.field == "review" and f"entry {i + 1}" in str(e.value)


def test_steps_out_of_order_or_repeated_or_not_a_decision_are_refused(judged):
    record, whole = judged
    rows = [compact(m) for m in whole]
    played_as_best = [m for m in whole if m["best"] != m["played"]][0]
    for bad in (rows[:2][::-1], [rows[0], rows[0]], [[len(record["actions"]) + 5] + rows[0][1:]], "text", [[1, 2, 3]],
                [[played_as_best["step"], played_as_best["played"], 10, 500, 490]]):
        with pytest.raises(rec.BadRecord):
            analysis.shared(record, get_game, bad)
    out = json.loads(bridge.handle(json.dumps({"cmd": "review_shared", "text": json.dumps(record), "judged": rows[::-1]})))
    assert not out["ok"] and out["kind"] == "bad-record"
