"""Wickerfair's Expert: its moves are re-derived by ``verify --bots``; hints use it.

The budget here is the tests' small one (tests/conftest.py): what is checked is that the move is a pure
function of what the seat sees, its stream and the budget, not how strong it is (bench/strength.py).
"""
from __future__ import annotations

import hashlib

from py_engine.core import analysis
from py_engine.core.table import Seat, Table
from py_engine.core.verify import verify
from py_engine.registry import get_game

GAME = get_game("wickerfair")


def seed_of(*parts) -> str:
    return hashlib.sha256("/".join(map(str, ("wickerfair-expert",) + parts)).encode()).hexdigest()


def test_expert_is_the_last_level():
    assert GAME.bot_levels[-1] == "expert" and GAME.bot_levels[:2] == ("easy", "normal")


def test_verify_rederives_every_expert_move():
    t = Table(GAME, [Seat("Expert", True, "expert"), Seat("Normal", True, "normal")], {}, seed_of("verify"), "test")
    t.play_bots()
    assert t.state.is_terminal()
    report = verify(t.to_record(), get_game, "test", bots=True)
    assert report.ok and report.details["bots_checked"], report.summary


def test_hint_is_the_expert_move_from_the_seat_view():
    t = Table(GAME, [Seat("Ana", False), Seat("Bot", True, "normal")], {}, seed_of("hint"), "test")
    for _ in range(30):
        t.play_bots()
        d = t.decision()
        seat = d.players[0]
        if len(t.state.legal_actions(seat)) > 2:
            break
        t.play(t.state.legal_actions(seat)[0], seat)
    h = analysis.hint(t, seat)
    assert h["action"] in t.state.legal_actions(seat) and h["words"]["en"] and h["words"]["pt"]
    expert = GAME.make_bot("expert", seat)
    assert h["action"] == expert.choose(t.state.observation(seat), t.state.legal_actions(seat),
                                        t.chance.bot_stream(seat, len(t.actions)))
