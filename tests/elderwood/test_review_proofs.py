"""Reviews mark what a move changes when a search proves it (docs/performance.md, *Reviews*).

* A move that walks into a forced loss while a move existed that does not lose as quickly, and a move
  that passes up a forced win, are at least a mistake whatever the win chances say: the seeded
  Easy-against-Easy game below had both marked "inaccuracy" (a loss of 0.096, under the 0.10 line).
* The proof search (``Proof``) agrees with a plain exhaustive search on real positions: its shortcuts
  (an Elder closes only when its last space fills) never change an answer.
"""
from __future__ import annotations

import pytest

from py_engine.core import analysis
from py_engine.core import controls as ctl
from py_engine.core.table import Seat, Table
from py_engine.games.elderwood.judge import play_string
from py_engine.games.elderwood.rules import Position
from py_engine.games.elderwood.expert import Proof
from py_engine.registry import get_game

#: Easy against Easy: at step 160 walnut walks into a loss in one (ash closes its Elder at once) while
#: a move that does not lose existed; at step 159 ash had a forced win and played another move.
SEED = "0b2438f75b7220fc1d2a52d34907d88b8315fe2da87ed3218f9dd83c380ef9f4"


@pytest.fixture(scope="module")
def easy_game() -> dict:
    t = Table(get_game("elderwood"), [Seat("A", True, "easy"), Seat("B", True, "easy")], {}, SEED, "test")
    t.play_bots()
    assert t.state.is_terminal() and len(t.actions) == 162
    return t.to_record()


def judged(record: dict, step: int) -> dict:
    found = analysis.Reviewer(record, get_game).next(step)
    assert found is not None and found["step"] == step
    return found


def test_a_forced_loss_walked_into_is_a_mistake(easy_game):
    m = judged(easy_game, 160)
    assert m["played"] == "wG3 -bB2" and m["best"] != m["played"]
    assert m["forced"] == "allowed-loss" and m["played_chance"] == 0.0
    assert m["loss"] < analysis.MISTAKE            # the chances alone would say inaccuracy
    assert m["mark"] == "mistake"
    # The reply that wins: the very next move of the record closes walnut's Elder.
    assert easy_game["result"]["winners"] == [0]


def test_a_forced_win_passed_up_is_a_mistake(easy_game):
    m = judged(easy_game, 159)
    assert m["forced"] == "missed-win" and m["chance"] == 1.0
    assert m["loss"] < analysis.MISTAKE and m["mark"] == "mistake"


def test_a_win_in_one_passed_up_is_at_least_a_mistake(easy_game):
    """Built: the game above to step 161, where ash closes walnut's Elder at once; ash plays another move
    instead, and walnut resigns."""
    t = Table(get_game("elderwood"), [Seat("A"), Seat("B")], {}, SEED, "test")
    for action in easy_game["actions"][:161]:
        t.play(action, t.decision().players[0])
    winning = easy_game["actions"][161]
    pos = Position()
    for action in easy_game["actions"][:161]:
        play_string(pos, action)
    others = [a for a in t.state.legal_actions(0) if a != winning]
    for other in others:
        probe = Position()
        for action in easy_game["actions"][:161]:
            play_string(probe, action)
        play_string(probe, other)
        if probe.result is None:
            break
    t.play(other, 0)
    t.play(ctl.RESIGN, 1)
    record = t.to_record()
    m = judged(record, 161)
    assert m["best"] == winning and m["chance"] == 1.0
    assert m["forced"] == "missed-win"
    assert m["mark"] in ("mistake", "blunder")


def test_without_a_proof_the_marks_follow_the_chances():
    assert analysis.mark(0.096) == "inaccuracy" and analysis.mark(0.04) is None
    assert analysis.mark(0.096, "allowed-loss") == "mistake" and analysis.mark(0.0, "missed-win") == "mistake"
    assert analysis.mark(0.3, "allowed-loss") == "blunder"


def _naive(pos: Position, plies: int, want_win: bool) -> bool:
    """Exhaustive: does the side to move win (``want_win``) or lose within ``plies`` plies."""
    me = pos.ply & 1
    if plies < 1:
        return False
    outcomes = []
    for m in pos.legal_moves():
        pos.push(m)
        try:
            if pos.result is not None:
                outcomes.append("win" if pos.result == me else "loss" if pos.result == 1 - me else "draw")
            elif want_win:
                outcomes.append("win" if _naive(pos, plies - 1, False) else "open")
            else:
                outcomes.append("loss" if _naive(pos, plies - 1, True) else "open")
        finally:
            pos.pop()
    return "win" in outcomes if want_win else all(o == "loss" for o in outcomes)


def test_the_proof_search_agrees_with_an_exhaustive_one(easy_game):
    """Late positions of the game above (crowded Elders: forced results within reach), both questions,
    one and two plies everywhere, three plies in two positions (an exhaustive search costs seconds)."""
    pos = Position()
    checked = found = 0
    for i, action in enumerate(easy_game["actions"][:-1]):
        play_string(pos, action)
        if i < 140:
            continue
        for plies in ((1, 2, 3) if i in (150, 157) else (1, 2)):
            for want_win in (True, False):
                proof = Proof(pos, 10 ** 7)
                got = proof.wins_within(plies) if want_win else proof.loses_within(plies)
                assert got is not None
                assert got == _naive(pos, plies, want_win), (i, plies, want_win)
                checked += 1
                found += got
    assert checked >= 80 and found >= 2


def test_the_proof_search_answers_none_when_its_budget_is_spent(easy_game):
    pos = Position()
    for action in easy_game["actions"][:120]:
        play_string(pos, action)
    assert Proof(pos, 3).loses_within(3) is None
