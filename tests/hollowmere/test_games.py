"""Whole games through the table: bots, every option on and off, records the verifier accepts, determinism."""
import itertools
import json

import pytest

from py_engine.core import record as rec
from py_engine.core.fairness import Chance
from py_engine.core.table import Seat, Table
from py_engine.core.verify import verify
from py_engine.games.hollowmere import GAME
from py_engine.games.hollowmere.notation import LAY_RE

OPTION_SETS = [dict(zip(("hide_next", "meadows", "mist_veil"), bits))
               for bits in itertools.product((False, True), repeat=3)]


def lookup(name):
    if name == "hollowmere":
        return GAME
    raise KeyError(name)


def bot_table(options, players=2, levels=("easy", "easy"), seed="1d" * 32):
    levels = list(levels) + ["easy"] * (players - len(levels))
    t = Table(GAME, [Seat(f"Bot {i}", True, levels[i]) for i in range(players)], options, seed, "test")
    t.play_bots()
    return t


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(k for k, v in o.items() if v) or "none")
def test_bot_game_with_each_option_set_verifies(options):
    t = bot_table(options, players=3, levels=("easy", "normal", "easy"))
    assert t.state.is_terminal()
    record = t.to_record()
    report = verify(json.loads(json.dumps(record)), lookup, "test")
    assert report.ok, report.summary
    for a in record["actions"]:
        assert LAY_RE.match(a) or a == "veil" or a.startswith("aside:")
    lays = [a for a in record["actions"] if "@" in a]
    veils = record["actions"].count("veil")
    asides = [a for a in record["actions"] if a.startswith("aside:")]
    assert len(lays) + veils + len(asides) == 84         # every supply tile is drawn exactly once
    if not options["mist_veil"]:
        assert veils == 0
    if not options["meadows"]:
        assert "+m" not in "".join(lays)
    for (seat, by), a in zip(record["actors"], record["actions"]):
        assert (by == rec.BY_TABLE) == a.startswith("aside:")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_any_number_of_seats(players):
    t = bot_table({"meadows": True, "mist_veil": True}, players=players)
    assert verify(t.to_record(), lookup, "test").ok
    assert len(t.state.scores()) == players
    s = t.state.scores()
    assert t.state.winners() == [i for i, v in enumerate(s) if v == max(s)]


def test_same_seed_same_game_and_other_seed_other_game():
    a = bot_table({"mist_veil": True}, levels=("normal", "easy"))
    b = bot_table({"mist_veil": True}, levels=("normal", "easy"))
    assert json.dumps(a.to_record()) == json.dumps(b.to_record())
    c = bot_table({"mist_veil": True}, levels=("normal", "easy"), seed="2e" * 32)
    assert c.to_record()["actions"] != a.to_record()["actions"]


def test_record_replays_to_the_same_state_and_events():
    t = bot_table({"meadows": True}, levels=("normal", "easy"))
    again = Table.from_record(t.to_record(), lookup, "test")
    assert again.state.observation(None) == t.state.observation(None)
    assert again.state.events_since(0) == t.state.events_since(0)
    json.dumps(t.state.events_since(0))


def test_timeouts_lay_without_a_warden_and_verify():
    t = Table(GAME, [Seat("Ann"), Seat("Bo")], {"mist_veil": True}, "4f" * 32, "test")
    for _ in range(30):
        t.play_forced()
        d = t.decision()
        a = t.play_timeout(d.players[0])
        assert a.endswith("-")
    # the rest by bots-as-seats: play legal actions in order
    while not t.state.is_terminal():
        t.play_forced()
        if t.state.is_terminal():
            break
        t.play(t.state.legal_actions()[-1])
    r = t.to_record()
    assert [by for _, by in r["actors"]].count(rec.BY_TIMER) == 30
    assert verify(r, lookup, "test").ok


def test_verify_catches_an_edited_move():
    t = bot_table({})
    r = t.to_record()
    i = next(i for i, a in enumerate(r["actions"]) if a.endswith("-") and "@" in a)
    r["actions"][i] = r["actions"][i][:-1] + "+zz"   # a Warden on a region the tile does not have
    report = verify(r, lookup, "test")
    assert not report.ok and report.move == i + 1


def test_state_clone_is_independent():
    s = GAME.new_initial_state(2, {"meadows": True}, Chance("6a" * 32))
    rng = Chance("6a" * 32).stream("t")
    for _ in range(30):
        legal = s.legal_actions()
        s.apply_action(legal[rng.below(len(legal))])
    c = s.clone()
    before = s.observation(None), s.legal_actions(), s.events_since(0)
    while not c.is_terminal():
        c.apply_action(c.legal_actions()[0])
    assert (s.observation(None), s.legal_actions(), s.events_since(0)) == before


def test_bots_see_only_their_observation():
    """A bot gets the observation: the supply order is not in it, and with hide_next not the next tile."""
    t = Table(GAME, [Seat("a", True, "normal"), Seat("b", True, "easy")], {"hide_next": True}, "7b" * 32, "t")
    seen = []
    for seat in (0, 1):
        bot = GAME.make_bot(t.seats[seat].level, seat)
        original = bot.choose

        def spy(obs, legal, stream, original=original):
            seen.append(obs)
            return original(obs, legal, stream)
        bot.choose = spy
        t._bots[seat] = bot
    for _ in range(6):
        t.play_bots(limit=1)
    assert seen and all("next" not in o for o in seen)
    assert all(set(o) == set(seen[0]) for o in seen)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bots_always_choose_a_legal_action_and_are_deterministic(level):
    def run():
        t = Table(GAME, [Seat("a", True, level), Seat("b", True, "easy")], {"mist_veil": True}, "8c" * 32, "t")
        t.play_bots(limit=12)
        return t.actions
    a = run()
    assert a == run() and len(a) >= 12


def test_bot_mirror_rebuilds_the_valley_from_observations_alone():
    """Bots rebuild the public valley from what they see; it must equal the real one, turn after turn."""
    from py_engine.games.hollowmere.bots import Mirror
    s = GAME.new_initial_state(3, {"meadows": True}, Chance("9d" * 32))
    mirror = Mirror()
    rng = Chance("9d" * 32).stream("t")
    while not s.is_terminal():
        v = mirror.sync(s.observation(s.current))
        assert v.grid == s.valley.grid and v.scores == s.valley.scores
        assert v.wardens_left == s.valley.wardens_left and sorted(v.standing) == sorted(s.valley.standing)
        legal = s.legal_actions()
        s.apply_action(legal[rng.below(len(legal))])
