"""The table's own controls (py_engine/core/controls.py): resign, a draw by agreement, a take-back
when every other seat is a bot, the clock and who starts. Each is an action in the record that
replays, verifies and steps in a replay like any move."""
from __future__ import annotations

import json

import pytest

from py_engine import bridge
from py_engine.core import controls as ctl
from py_engine.core import record as rec
from py_engine.core.game import ALL_SEATS, IllegalAction
from py_engine.core.replay import Replay
from py_engine.core.table import RELAXED, Seat, Table
from py_engine.core.verify import verify
from py_engine.registry import get_game

SEED = "c0" * 32


def table(name, seats, **kw):
    return Table(get_game(name), seats, kw.pop("options", {}), SEED, "test", words=True, **kw)


def people(n):
    return [Seat(f"P{k + 1}") for k in range(n)]


def check_record(t):
    """The record rebuilds the same table, verifies, and every move of it can be shown in a replay."""
    r = json.loads(json.dumps(t.to_record()))
    again = Table.from_record(rec.parse(json.dumps(r)), get_game, "test", words=True)
    assert again.state.is_terminal() == t.state.is_terminal()
    assert again.state.winners() == t.state.winners() and again.log(0) == t.log(0)
    if t.state.is_terminal():
        report = verify(r, get_game, "test")
        assert report.ok, report.summary
        replay = Replay(r, get_game, "test")
        for move in range(len(r["actions"]) + 1):
            snap = replay.snapshot("r", move, ALL_SEATS)
            assert len(snap["log"]) <= move + 1
    return r


# --- resign ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["elderwood", "hollowmere", "milehollow", "wickerfair"])
def test_with_two_seats_a_resignation_ends_the_game_and_the_other_wins(name):
    t = table(name, people(2))
    t.play_forced()
    for _ in range(3):                       # a few moves in
        d = t.decision()
        t.play(t.state.timeout_action(d.players[0]), d.players[0], rec.BY_TIMER)
        t.play_forced()
    seat = t.decision().players[0]
    assert ctl.RESIGN in t.controls(seat) and t.controls(1 - seat if seat in (0, 1) else 0) in ([], [ctl.RESIGN])
    t.play(ctl.RESIGN, seat)
    assert t.state.is_terminal() and t.decision() is None
    assert t.state.winners() == [1 - seat] and t.state.outcome() == "win"
    assert t.log(None)[-1]["words"]["en"] == "Resigned" and t.log(None)[-1]["action"] == ctl.RESIGN
    assert t.state.view(None)["table_end"]["reason"] == "resigned"
    assert t.state.view(None)["ending"]["en"] == "The game ended by resignation."
    r = check_record(t)
    assert r["actions"][-1] == ctl.RESIGN and r["result"]["winners"] == [1 - seat]


def test_with_three_seats_the_resigned_seat_is_played_by_the_table_and_never_wins():
    """Docs: with more than two seats the game goes on; the table plays the resigned seat's decisions as
    on an expired timer (even on a table without timers), and at the end it is not among the winners."""
    t = table("hollowmere", people(3), timers=False)
    t.play_forced()
    seat = t.decision().players[0]
    t.play(ctl.RESIGN, seat)
    assert not t.state.is_terminal()
    t.play_forced()
    assert seat not in t.decision().players
    while not t.state.is_terminal():
        d = t.decision()
        p = d.players[0]
        t.state.apply_action                       # the people left play their lowest move
        t.play(t.state.legal_actions(p)[0], p)
        t.play_forced()
    assert seat not in t.state.winners() and t.state.winners()
    assert all(by == rec.BY_TIMER for (s, by), a in zip(t.actors, t.actions) if s == seat and a != ctl.RESIGN)
    check_record(t)


def test_the_last_seat_left_wins_at_once():
    t = table("milehollow", people(3))
    t.play_forced()
    for _ in range(2):
        seat = t.decision().players[0]
        t.play(ctl.RESIGN, seat)
        t.play_forced()
    assert t.state.is_terminal() and len(t.state.winners()) == 1
    check_record(t)


def test_a_seat_resigns_only_on_its_own_turn_and_once():
    t = table("elderwood", people(2))
    seat = t.decision().players[0]
    with pytest.raises(IllegalAction):
        t.play(ctl.RESIGN, 1 - seat)
    with pytest.raises(IllegalAction):
        t.play(ctl.RESIGN, seat, rec.BY_TIMER)
    with pytest.raises(IllegalAction):
        t.play("@nonsense", seat)
    assert t.actions == []


# --- a draw by agreement (Elderwood) -----------------------------------------------------------------------
def test_an_accepted_draw_offer_ends_elderwood_in_a_draw():
    t = table("elderwood", people(2))
    a = t.decision().players[0]
    assert ctl.DRAW_OFFER in t.controls(a)
    t.play(ctl.DRAW_OFFER, a)
    assert ctl.DRAW_OFFER not in t.controls(a)
    t.play(t.state.legal_actions(a)[0], a)
    b = t.decision().players[0]
    assert t.controls(b) == [ctl.RESIGN, ctl.DRAW_ACCEPT, ctl.DRAW_DECLINE]
    t.play(ctl.DRAW_ACCEPT, b)
    assert t.state.is_terminal() and t.state.winners() == [0, 1] and t.state.outcome() == "draw"
    check_record(t)


def test_a_declined_or_ignored_offer_lapses():
    t = table("elderwood", people(2))
    a = t.decision().players[0]
    t.play(ctl.DRAW_OFFER, a)
    t.play(t.state.legal_actions(a)[0], a)
    b = 1 - a
    t.play(ctl.DRAW_DECLINE, b)
    assert ctl.DRAW_ACCEPT not in t.controls(b)
    t.play(t.state.legal_actions(b)[0], b)
    t.play(ctl.DRAW_OFFER, a)
    t.play(t.state.legal_actions(a)[0], a)
    t.play(t.state.legal_actions(b)[0], b)           # a move instead of an answer
    assert t.draw_offer is None and ctl.DRAW_ACCEPT not in t.controls(a)
    with pytest.raises(IllegalAction):
        t.play(ctl.DRAW_ACCEPT, a)


def test_no_draw_offers_to_a_bot_nor_in_games_without_draws():
    t = table("elderwood", [Seat("P"), Seat("B", True, "easy")])
    t.play_bots()
    seat = t.decision().players[0]
    assert ctl.DRAW_OFFER not in t.controls(seat)
    t = table("hollowmere", people(2))
    t.play_forced()
    assert ctl.DRAW_OFFER not in t.controls(t.decision().players[0])


# --- take-back ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["elderwood", "hollowmere", "milehollow", "wickerfair"])
def test_a_take_back_against_bots_returns_to_before_the_persons_last_move(name):
    game = get_game(name)
    t = table(name, [Seat("P")] + [Seat(f"B{k}", True, game.bot_levels[0]) for k in range(1)])
    t.play_bots()
    assert ctl.TAKEBACK not in t.controls(0) or t.actions
    for _ in range(4):                          # the person's moves, the bots answering
        d = t.decision()
        if 0 not in d.players:
            break
        before = (t.state.observation(0), len(t.log(0)))
        t.play(t.state.legal_actions(0)[0], 0)
        t.play_bots()
        t.play_forced()
        if t.decision() is not None and 0 in t.decision().players and ctl.TAKEBACK in t.controls(0):
            if name == "wickerfair" and t.log(0)[-1].get("draft"):
                continue                        # a Wickerfair action under way: go on with it
            n = len(t.actions)
            t.play(ctl.TAKEBACK, 0)
            assert len(t.actions) == n + 1 and t.actions[-1] == ctl.TAKEBACK
            assert t.log(0)[-1]["words"]["en"] == "Took back their last move"
            t.play_bots()
            assert t.state.observation(0) == before[0]      # the person's turn again, as it was
            break
    while not t.state.is_terminal():
        d = t.decision()
        if 0 in d.players:
            t.play(t.state.timeout_action(0), 0, rec.BY_TIMER)
        t.play_bots()
        t.play_forced()
    r = check_record(t)
    assert ctl.TAKEBACK in r["actions"]
    assert verify(r, get_game, "test", bots=True).ok


def test_take_back_restores_the_exact_position():
    t = table("hollowmere", [Seat("P"), Seat("B", True, "easy")])
    t.play_bots()
    if 0 not in t.decision().players:
        t.play_bots()
    before = json.dumps([t.state.observation(ALL_SEATS), t.log(0)], sort_keys=True)
    t.play(t.state.legal_actions(0)[-1], 0)
    t.play_bots()
    t.play(ctl.TAKEBACK, 0)
    after = [t.state.observation(ALL_SEATS), t.log(0)[:-1]]
    assert json.dumps(after, sort_keys=True) == before


def test_no_take_back_when_another_person_sits_at_the_table():
    t = table("elderwood", people(2))
    a = t.decision().players[0]
    t.play(t.state.legal_actions(a)[0], a)
    t.play(t.state.legal_actions(1 - a)[0], 1 - a)
    assert ctl.TAKEBACK not in t.controls(a)
    with pytest.raises(IllegalAction):
        t.play(ctl.TAKEBACK, a)


# --- the clock and who starts -----------------------------------------------------------------------------
def test_the_relaxed_clock_is_a_recorded_option_and_triples_each_decision():
    standard = table("milehollow", people(2))
    relaxed = table("milehollow", people(2), options={"clock": "relaxed"})
    assert relaxed.decision().timer == RELAXED * standard.decision().timer
    assert "clock" not in standard.options and relaxed.options["clock"] == "relaxed"
    r = relaxed.to_record(reveal_seed=True)
    assert r["options"]["clock"] == "relaxed"
    assert Table.from_record(r, get_game).decision().timer == relaxed.decision().timer
    snap = bridge.snapshot("t", relaxed, 0)
    assert snap["decision"]["timer"] == relaxed.decision().timer
    with pytest.raises(IllegalAction):
        table("milehollow", people(2), options={"clock": "slow"})


def test_older_records_without_the_new_options_read_as_before():
    t = table("hollowmere", people(2))
    r = t.to_record(reveal_seed=True)
    assert set(r["options"]) == {"hide_next", "meadows", "mist_veil"}
    explicit = dict(r, options=dict(r["options"], clock="standard"))
    with pytest.raises(rec.BadRecord):
        Table.from_record(explicit, get_game)        # one spelling of a table: defaults left out


@pytest.mark.parametrize("colour,ash", [("ash", 0), ("walnut", 1)])
def test_elderwood_seat_one_may_choose_its_colour(colour, ash):
    t = table("elderwood", people(2), options={"colour": colour})
    assert t.state.ash_seat == ash and t.decision().players == (ash,)


@pytest.mark.parametrize("name", ["hollowmere", "milehollow"])
def test_seat_one_may_start(name):
    for seed in ("a1" * 32, "b2" * 32, "c3" * 32):
        t = Table(get_game(name), people(3), {"first": "seat-1"}, seed, "test")
        assert t.state.first == 0


def test_snapshots_list_the_controls_in_words():
    t = table("elderwood", people(2))
    seat = t.decision().players[0]
    snap = bridge.snapshot("t", t, seat)
    assert [c["action"] for c in snap["controls"]] == [ctl.RESIGN, ctl.DRAW_OFFER]
    assert snap["controls"][0]["words"] == {"en": "Resign", "pt": "Desistir"}
    assert bridge.snapshot("t", t, 1 - seat)["controls"] == []


def test_a_solo_table_pauses_and_resumes_on_its_seat_s_turn_and_the_record_says_so():
    t = table("elderwood", [Seat("Ana"), Seat("Bot", True, "easy")], options={"colour": "ash"})
    assert ctl.PAUSE in t.controls(0) and ctl.PAUSE not in t.controls(1)
    t.play(ctl.PAUSE, 0)
    assert t.paused == 0 and t.controls(0) == [ctl.RESUME]
    with pytest.raises(IllegalAction, match="paused"):
        t.play(t.state.legal_actions(0)[0], 0)          # nothing is played, by the seat or its timer
    with pytest.raises(IllegalAction, match="paused"):
        t.play_timeout(0)
    saved = json.dumps(t.to_record(reveal_seed=True))          # an autosave carries its seed
    snap = json.loads(bridge.handle(json.dumps({"cmd": "load_table", "text": saved, "viewer": 0})))
    assert snap["ok"] and snap["result"]["paused"] == 0 and snap["result"]["legal"] == []
    t.play(ctl.RESUME, 0)
    assert t.paused is None and "Paused the table" in [e["words"]["en"] for e in t.log(0)]
    while not t.state.is_terminal():
        seat = t.decision().players[0]
        t.play(t.bot_choice(seat) if seat == 1 else t.state.legal_actions(0)[0], seat)
    check_record(t)
    assert verify(json.loads(json.dumps(t.to_record())), get_game, "test", bots=True).ok


def test_no_pause_with_another_person_or_without_timers():
    assert ctl.PAUSE not in table("elderwood", people(2), options={"colour": "ash"}).controls(0)
    solo = table("elderwood", [Seat("Ana"), Seat("Bot", True, "easy")], options={"colour": "ash"}, timers=False)
    assert ctl.PAUSE not in solo.controls(0)
    with pytest.raises(IllegalAction):
        solo.play(ctl.PAUSE, 0)
    with pytest.raises(IllegalAction, match="not paused"):
        table("elderwood", [Seat("Ana"), Seat("Bot", True, "easy")], options={"colour": "ash"}).play(ctl.RESUME, 0)
