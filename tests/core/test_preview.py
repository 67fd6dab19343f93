"""A guest's page over days shows its own move at once where it reveals nothing (``preview``): from the
snapshot's ``observation`` alone, exactly what the host's engine shows once it has played the move;
where the move may reveal something, ``preview`` answers null and the page waits for the host."""
from __future__ import annotations

import json

import pytest

from py_engine import bridge
from py_engine.core.game import IllegalAction
from py_engine.core.preview import preview
from py_engine.registry import get_game

T0 = 1_767_225_600
SEED = "5e" * 32


def call(**req):
    out = bridge.call(req)
    assert out["ok"], out
    return out["result"]


def days_table(name, seed=SEED, options=None):
    return call(cmd="new_table", game=name, seats=[{"name": "Ana"}, {"name": "João"}], seed=seed,
                options=options or {"move_days": 3}, viewer=0, at=T0)


def mover(snap):
    return snap["decision"]["players"][0]


def shown(snap):
    """What the preview promises: the view, the legal list with its words, the decision."""
    d = snap["decision"]
    return {"view": snap["view"], "legal": snap["legal"],
            "decision": None if d is None else {k: d[k] for k in ("kind", "players", "visibility", "secret", "forced")}}


def find(name, want_reveal, limit=400, seed=SEED, options=None):
    """Play a days table (every seat a person, each playing the first legal action) until the seat to act
    has an action whose ``reveals_to`` is ``want_reveal``: the table, its snapshot for that seat, the seat
    and the action."""
    snap = days_table(name, seed, options)
    tid, at = snap["table"], T0
    for _ in range(limit):
        seat = mover(snap)
        snap = call(cmd="snapshot", table=tid, viewer=seat)
        state = bridge._tables[tid].state
        for entry in snap["legal"]:
            if state.reveals_to(entry["action"], seat) == want_reveal:
                return tid, snap, seat, entry["action"]
        at += 60
        snap = call(cmd="play", table=tid, viewer=seat, seat=seat, action=snap["legal"][0]["action"], at=at)
        if snap["terminal"]:
            break
    pytest.fail(f"{name}: no action with reveals_to {want_reveal}")


@pytest.mark.parametrize("name", ["elderwood", "hollowmere", "milehollow", "wickerfair"])
def test_a_move_that_reveals_nothing_is_previewed_as_the_host_then_shows_it(name):
    tid, snap, seat, action = find(name, False)
    assert "observation" in snap and snap["days"]["move_days"] == 3
    seen = call(cmd="preview", game=name, seat=seat, observation=snap["observation"], action=action)
    assert seen is not None
    after = call(cmd="play", table=tid, viewer=seat, seat=seat, action=action, at=T0 + 10 ** 6)
    assert {k: seen[k] for k in ("view", "legal", "decision")} == shown(after)
    assert seen["terminal"] == after["terminal"]
    # The observation after it: what the seat's next step of the same turn is previewed from.
    if not after["terminal"]:
        assert seen["observation"] == after["observation"]
    mine = [e for e in after["log"] if e["seat"] == seat]
    assert mine and seen["words"]["en"] in mine[-1]["words"]["en"]


@pytest.mark.parametrize("name", ["hollowmere", "milehollow", "wickerfair"])
def test_a_move_that_may_reveal_is_not_previewed(name):
    tid, snap, seat, action = find(name, True)
    assert call(cmd="preview", game=name, seat=seat, observation=snap["observation"], action=action) is None


def test_elderwood_reveals_nothing_ever_and_an_illegal_move_is_refused():
    snap = days_table("elderwood")
    seat = mover(snap)
    snap = call(cmd="snapshot", table=snap["table"], viewer=seat)
    g = get_game("elderwood")
    for entry in snap["legal"]:
        assert preview(g, snap["observation"], seat, entry["action"]) is not None
    with pytest.raises(IllegalAction):
        preview(g, snap["observation"], seat, "wQ nowhere")
    with pytest.raises(IllegalAction):
        preview(g, snap["observation"], 1 - seat, snap["legal"][0]["action"])
    out = bridge.call({"cmd": "preview", "game": "elderwood", "seat": 0, "observation": {"nonsense": 1},
                       "action": "wA1"})
    assert not out["ok"] and out["kind"] in ("bad-request", "illegal")
    assert json.loads(bridge.handle(json.dumps({"cmd": "preview", "game": "elderwood", "seat": "x",
                                                "observation": {}, "action": "wA1"})))["ok"] is False


@pytest.mark.parametrize("name", ["wickerfair"])
def test_a_turn_of_several_steps_is_previewed_step_after_step_from_each_previews_observation(name):
    """The preview's observation is the host's after the step: the seat's next step of the same turn
    is previewed from it (the page chains its moves while the host's device is away)."""
    snap = days_table(name)
    tid, at = snap["table"], T0
    chained = 0
    for _ in range(300):
        seat = mover(snap)
        snap = call(cmd="snapshot", table=tid, viewer=seat)
        obs = snap["observation"]
        for _step in range(4):
            action = snap["legal"][0]["action"]
            seen = call(cmd="preview", game=name, seat=seat, observation=obs, action=action)
            at += 60
            snap = call(cmd="play", table=tid, viewer=seat, seat=seat, action=action, at=at)
            if seen is None or snap["terminal"] or seat not in snap["decision"]["players"]:
                break
            assert {k: seen[k] for k in ("view", "legal", "decision")} == shown(snap)
            assert seen["observation"] == snap["observation"]
            obs = seen["observation"]
            chained += 1
        if snap["terminal"] or chained >= 3:
            break
    assert chained >= 1, f"{name}: no turn of several steps previewed"
