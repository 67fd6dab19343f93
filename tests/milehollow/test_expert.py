"""Milehollow's Expert: its moves are re-derived by ``verify --bots``; hints use it.

The budget here is the tests' small one (tests/conftest.py): what is checked is that the move is a pure
function of what the seat sees, its stream and the budget, not how strong it is (bench/strength.py).
"""
from __future__ import annotations

import hashlib

from py_engine.core import analysis
from py_engine.core.table import Seat, Table
from py_engine.core.verify import verify
from py_engine.registry import get_game

GAME = get_game("milehollow")


def seed_of(*parts) -> str:
    return hashlib.sha256("/".join(map(str, ("milehollow-expert",) + parts)).encode()).hexdigest()


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


def test_the_expert_keeps_by_playing_out_and_again_the_same_from_the_same_stream():
    from py_engine.games.milehollow.lookahead import LookaheadBot
    t = Table(GAME, [Seat("A", True, "expert"), Seat("B", True, "normal")], {}, seed_of("keep"), "test")
    obs, legal = t.state.observation(0), t.state.legal_actions(0)
    assert obs["decision"] == "keep-deal" and len(legal) == 4
    stream = lambda: t.chance.bot_stream(0, len(t.actions))  # noqa: E731
    a = GAME.make_bot("expert", 0).choose(obs, legal, stream())
    assert a in legal
    assert a == LookaheadBot(0).choose(obs, legal, stream()) == GAME.make_bot("expert", 0).choose(obs, legal, stream())


def test_the_carrier_differs_from_normal_only_where_it_was_tuned():
    """Normal's numbers stay the carrier's defaults (the carrier adds the Longest Road and leaves face-up Oxen)."""
    from py_engine.games.milehollow import bots
    from py_engine.games.milehollow.carrier import CarrierBot
    assert (CarrierBot.risk_margin, CarrierBot.risk_scale, CarrierBot.rush_factor, CarrierBot.slab_worth,
            CarrierBot.mail_slack, CarrierBot.mail_markers) == (bots.RISK_MARGIN, bots.RISK_SCALE, bots.RUSH_FACTOR,
                                                                bots.SLAB_WORTH, bots.MAIL_SLACK, bots.MAIL_MARKERS)
    assert CarrierBot.ox_worth == 0.0 and CarrierBot.longest_weight > 0
