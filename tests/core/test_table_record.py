"""Tables, records, replay and verification, on the toy game Tally."""
import copy
import json

import pytest

from py_engine.core import record as rec
from py_engine.core.game import IllegalAction
from py_engine.core.table import Seat, Table
from py_engine.core.verify import verify

from .toygame import GAME

SEED = "ab" * 32


def finished_table(seats=3, seed=SEED, **options):
    t = Table(GAME, [Seat(f"Bot {i}", True, "easy") for i in range(seats)], options, seed, "test")
    t.play_bots()
    assert t.state.is_terminal()
    return t


def test_same_seed_same_game_byte_for_byte():
    a, b = finished_table(), finished_table()
    assert json.dumps(a.to_record()) == json.dumps(b.to_record())
    assert finished_table(seed="cd" * 32).to_record()["actions"] != a.to_record()["actions"]


def test_record_round_trip_rebuilds_exact_state():
    t = finished_table()
    r = t.to_record()
    again = Table.from_record(json.loads(json.dumps(r)), lambda n: GAME, "test")
    assert again.to_record() == r
    assert again.state.observation(None) == t.state.observation(None)


def test_unfinished_record_hides_seed_unless_asked():
    t = Table(GAME, [Seat("A"), Seat("B", True, "easy")], {}, SEED)
    r = t.to_record()
    assert "seed" not in r and "result" not in r and r["fingerprint"] == t.fingerprint
    saved = t.to_record(reveal_seed=True)
    assert saved["seed"] == SEED and "seal" not in saved


def test_illegal_action_changes_nothing():
    t = Table(GAME, [Seat("A"), Seat("B")], {}, SEED)
    before = t.to_record(reveal_seed=True)
    with pytest.raises(IllegalAction):
        t.play("take", 0)  # still bidding
    with pytest.raises(IllegalAction):
        t.play("bid:9", 0)
    with pytest.raises(IllegalAction):
        t.play("bid:1", 5)
    assert t.to_record(reveal_seed=True) == before


def test_simultaneous_secret_decision():
    t = Table(GAME, [Seat("A"), Seat("B")], {}, SEED)
    d = t.decision()
    assert d.players == (0, 1) and d.secret and d.timer == 45
    with pytest.raises(IllegalAction):
        t.play("bid:1")  # several seats choose: the seat must be named
    t.play("bid:2", 1)
    assert t.state.observation(0)["bids"] is None  # not revealed before all are in
    assert t.decision().players == (0,)
    t.play("bid:1", 0)
    assert t.state.observation(0)["bids"] == [1, 2]


def test_forced_and_timer_moves_must_be_the_tables():
    t = Table(GAME, [Seat("A"), Seat("B")], {}, SEED)
    t.play("bid:0", 0)
    t.play("bid:0", 1)
    assert t.play_forced() == ["take", "take"]  # empty hands: the table takes for both
    assert t.actors[-2:] == [[0, rec.BY_TABLE], [1, rec.BY_TABLE]]
    with pytest.raises(IllegalAction):
        t.play("take", 0, rec.BY_TIMER)  # on a timer the table passes; "take" was not its move
    with pytest.raises(IllegalAction):
        t.play("pass", 0, rec.BY_TABLE)  # seat 0 holds a card: nothing is forced
    assert t.play_timeout(0) == "pass"
    t2 = Table.from_record(t.to_record(reveal_seed=True), lambda n: GAME)
    assert t2.actions == t.actions


def test_table_refuses_bad_setups():
    with pytest.raises(IllegalAction):
        Table(GAME, [Seat("A")])
    with pytest.raises(IllegalAction):
        Table(GAME, [Seat("A"), Seat("B", True, "grandmaster")])
    with pytest.raises(IllegalAction):
        Table(GAME, [Seat("A"), Seat("B")], {"short": "yes"})
    with pytest.raises(IllegalAction):
        Table(GAME, [Seat("A"), Seat("B")], {"colour": True})


def test_verify_accepts_a_finished_game(lookup):
    report = verify(finished_table().to_record(), lookup)
    assert report.ok, report.summary
    assert "(bot)" in report.summary


def tamper_cases():
    """Every single-field change a verifier must catch: (name, edit)."""
    def set_seed(r): r["seed"] = "cd" * 32
    def set_fp(r): r["fingerprint"] = "0" * 64
    def set_action(r):
        i = next(i for i, a in enumerate(r["actions"]) if a == "take")
        r["actions"][i] = "pass"
    def set_actor(r): r["actors"][-1][0] = (r["actors"][-1][0] + 1) % len(r["seats"])
    def set_by(r): r["actors"][-1][1] = rec.BY_TIMER if r["actors"][-1][1] != rec.BY_TIMER else rec.BY_SEAT
    def set_score(r): r["result"]["scores"][0] += 1
    def set_winners(r): r["result"]["winners"] = [0, 1, 2]
    def set_options(r): r["options"]["short"] = True
    def set_seat_name(r): r["seats"][1]["name"] = "Mallory"
    def set_seat_bot(r): r["seats"][0]["bot"] = False
    def drop_seat(r): r["seats"].pop()
    def drop_action(r): r["actions"].pop(); r["actors"].pop()
    def add_action(r): r["actions"].append("take"); r["actors"].append([0, "seat"])
    def set_engine(r): r["engine"] = "9.9"
    def set_timers(r): r["timers"] = False
    def set_game(r): r["game"] = "chess"
    def set_version(r): r["version"] = 1
    def drop_seal(r): del r["seal"]
    return [(f.__name__, f) for f in (set_seed, set_fp, set_action, set_actor, set_by, set_score, set_winners,
                                      set_options, set_seat_name, set_seat_bot, drop_seat, drop_action,
                                      add_action, set_engine, set_timers, set_game, set_version, drop_seal)]


@pytest.mark.parametrize("name,edit", tamper_cases())
def test_any_single_change_makes_verify_fail(lookup, name, edit):
    r = finished_table().to_record()
    edited = copy.deepcopy(r)
    edit(edited)
    assert edited != r
    report = verify(edited, lookup)
    assert not report.ok, name
    assert report.summary


def test_verify_names_the_first_bad_move(lookup):
    r = finished_table().to_record()
    i = next(i for i, a in enumerate(r["actions"]) if a.startswith("bid"))
    r["actions"][i] = "take"
    report = verify(r, lookup)
    assert not report.ok and report.move == i + 1 and report.field == "actions"
    assert f"move {i + 1}" in report.summary


def test_verify_score_discrepancy_says_what_differs(lookup):
    r = finished_table().to_record()
    true = list(r["result"]["scores"])
    r["result"]["scores"][2] += 5
    report = verify(r, lookup)
    assert report.field == "result.scores" and report.expected == true and report.found == r["result"]["scores"]


@pytest.mark.parametrize("garbage", [None, [], "x", {"format": "valley-tables-record"}, {"format": "other"}])
def test_verify_refuses_garbage(lookup, garbage):
    report = verify(garbage, lookup)
    assert not report.ok and report.field in ("record", "format", "version")


def test_unfinished_record_cannot_be_verified(lookup):
    t = Table(GAME, [Seat("A"), Seat("B")], {}, SEED)
    assert not verify(t.to_record(), lookup).ok
