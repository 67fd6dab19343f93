"""Hints through the worker's bridge, on a real game: who may ask, what is counted, what verify says.

A hint is offered where one seat is a person and every other a bot, or at a table made with the
``hints`` option; elsewhere it is refused and changes nothing. Each ask is ``@hint`` in the record,
counted per seat in the snapshot, on verify's details and in its sentence, and the game's move
count is the same as without it.
"""
from __future__ import annotations

import json

from py_engine import bridge
from py_engine.core import controls as ctl
from py_engine.core.verify import verify
from py_engine.registry import get_game

SEED = "c4" * 32


def call(cmd, **args):
    return json.loads(bridge.handle(json.dumps({"cmd": cmd, **args})))


def elderwood_table(seats, options=None):
    r = call("new_table", game="elderwood", seats=seats, options=options or {}, seed=SEED, viewer=0)
    assert r["ok"], r
    return r["result"]


def play_to_my_turn(snap):
    while snap["decision"]["players"] != [0]:
        snap = call("bot_play", table=snap["table"], seat=snap["decision"]["players"][0], viewer=0)["result"]
    return snap


def test_a_solo_table_counts_its_hints_and_verify_says_so(quick_search):
    snap = play_to_my_turn(elderwood_table([{"name": "Ana"}, {"name": "Bot", "bot": True, "level": "easy"}]))
    assert snap["hints_allowed"] and ctl.HINT in [c["action"] for c in snap["controls"]]
    r = call("hint", table=snap["table"], seat=0, viewer=0, quick="desk")
    assert r["ok"], r
    snap, found = r["result"], r["result"]["hint"]
    assert found["action"] in [m["action"] for m in snap["legal"]] and found["words"]["en"] and found["words"]["pt"]
    assert snap["hints"] == [1, 0]
    assert snap["log"][-1]["words"]["en"] == "Asked for a hint"
    # The seat keeps its turn; it plays the hinted move, then resigns.
    snap = call("play", table=snap["table"], action=found["action"], seat=0, viewer=0)["result"]
    snap = play_to_my_turn(snap)
    snap = call("play", table=snap["table"], action=ctl.RESIGN, seat=0, viewer=0)["result"]
    record = snap["record"]
    assert record["actions"].count(ctl.HINT) == 1
    report = verify(record, get_game)
    assert report.ok, report.summary
    assert report.details["hints"] == [1, 0]
    assert report.details["moves"] == len(record["actions"])
    assert "Seat 1 (Ana) asked for 1 hint." in report.summary
    assert "O lugar 1 (Ana) pediu 1 dica." in report.words["pt"]


def test_two_people_get_hints_only_with_the_option(quick_search):
    people = [{"name": "Ana"}, {"name": "Bea"}]
    snap = elderwood_table(people)
    assert not snap["hints_allowed"] and ctl.HINT not in [c["action"] for c in snap["controls"]]
    seat = snap["decision"]["players"][0]
    before = call("snapshot", table=snap["table"], viewer=seat)["result"]
    r = call("hint", table=snap["table"], seat=seat, viewer=seat)
    assert not r["ok"] and r["kind"] == "illegal" and "hint" in r["error"]
    r = call("play", table=snap["table"], action=ctl.HINT, seat=seat, viewer=seat)
    assert not r["ok"]
    after = call("snapshot", table=snap["table"], viewer=seat)["result"]
    assert after["log"] == before["log"] and after["hints"] == [0, 0]

    snap = elderwood_table(people, {"hints": True})
    assert snap["hints_allowed"] and snap["options"].get("hints") is True
    seat = snap["decision"]["players"][0]
    r = call("hint", table=snap["table"], seat=seat, viewer=seat, quick="phone")
    assert r["ok"], r
    assert r["result"]["hints"][seat] == 1


def test_a_quick_hint_is_the_level_s_own_move_where_that_move_is_cheap():
    """Wickerfair's Expert is a planner (a decision costs what Normal's does) and Milehollow's plays as its
    carrier except at a mail keep: a quick hint (a slow device's) is then the very move the level plays,
    not a smaller search's guess."""
    from py_engine.core import analysis
    from py_engine.core.table import Seat, Table
    for game, steps in (("wickerfair", 40), ("milehollow", 40)):
        g = get_game(game)
        t = Table(g, [Seat("Ana", False), Seat("Bot", True, "normal")], {}, SEED, "test")
        checked = 0
        for _ in range(steps):
            d = t.decision()
            if d is None:
                break
            seat = d.players[0]
            legal = t.state.legal_actions(seat)
            obs = t.state.observation(seat)
            if len(legal) > 1 and obs.get("decision") not in ("keep-deal", "keep"):
                bot = analysis.strongest(g, seat)
                own = bot.choose(obs, legal, t.chance.bot_stream(seat, len(t.actions)))
                # a level without a budget of its own (Wickerfair's planner) is asked with any
                for budget in ([max(4, bot.iterations // s) for s in (3, 4)] if bot.iterations else [4, 12]):
                    quick = analysis.hint(t, seat, budget)
                    assert quick["action"] == own, (game, len(t.actions))
                checked += 1
            t.play(t.bot_choice(seat) if t.seats[seat].bot else legal[0], seat, "seat")
        assert checked >= 5, game
