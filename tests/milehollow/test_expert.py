"""Milehollow's Expert: its keeps played out, its carrier's tuned numbers (verify and hints of every game's
strongest level: tests/core/test_bot_contract.py).

The budget here is the tests' small one (tests/conftest.py): what is checked is that the move is a pure
function of what the seat sees, its stream and the budget, not how strong it is (bench/strength.py).
"""
from __future__ import annotations

import hashlib

from py_engine.core.table import Seat, Table
from py_engine.registry import get_game

GAME = get_game("milehollow")


def seed_of(*parts) -> str:
    return hashlib.sha256("/".join(map(str, ("milehollow-expert",) + parts)).encode()).hexdigest()


def test_expert_is_the_last_level():
    assert GAME.bot_levels[-1] == "expert" and GAME.bot_levels[:2] == ("easy", "normal")


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
    """Normal's numbers stay the carrier's defaults (the carrier adds the Longest Road, leaves face-up Oxen, routes
    over fewer and longer roads and counts more blind cards per card lacking)."""
    from py_engine.games.milehollow import bots
    from py_engine.games.milehollow.carrier import CarrierBot
    assert (CarrierBot.risk_margin, CarrierBot.risk_scale, CarrierBot.rush_factor, CarrierBot.slab_worth,
            CarrierBot.mail_slack, CarrierBot.mail_markers) == (bots.RISK_MARGIN, bots.RISK_SCALE, bots.RUSH_FACTOR,
                                                                bots.SLAB_WORTH, bots.MAIL_SLACK, bots.MAIL_MARKERS)
    assert CarrierBot.ox_worth == 0.0 and CarrierBot.longest_weight > 0
    assert CarrierBot.need_factor > 1 and CarrierBot.road_turn > 0 and CarrierBot.long_bonus > 0


def _empty_table(hand: dict[str, int] | None = None):
    from py_engine.games.milehollow.bots import Table
    obs = {"players": 2, "roads": {}, "hand": hand or {}, "markers": [45, 45], "mail": [], "turns": 0,
           "hand_counts": [4, 4], "last_round": None, "decision": "turn", "row": [None] * 5}
    return Table(obs, 0)


def test_the_carrier_routes_over_fewer_longer_roads_than_normal():
    """A paving is a turn and long roads score more per slab, so the carrier's network for a card is never
    made of more roads than Normal's shortest one and never scores fewer road points; for some cards it
    takes a longer way in slabs."""
    from py_engine.games.milehollow.data import MAILS, ROAD_POINTS, ROADS
    from py_engine.games.milehollow.bots import plan
    from py_engine.games.milehollow.carrier import CarrierBot
    carrier = CarrierBot(0)
    t = _empty_table()
    longer = 0
    for m in range(len(MAILS)):
        normal_roads, normal_cost, _ = plan(t, [m])
        roads, cost, _ = plan(t, [m], carrier.route_bias(t))
        assert len(roads) <= len(normal_roads)
        assert sum(ROAD_POINTS[ROADS[r].len] for r in roads) >= sum(ROAD_POINTS[ROADS[r].len] for r in normal_roads)
        longer += cost > normal_cost
    assert longer > 0


def test_the_carrier_counts_more_than_one_blind_card_per_card_lacking():
    """Normal counts a turn per two cards a plan lacks, as if every blind card were a wanted one; the carrier
    counts ``need_factor`` (more than one) cards drawn per card lacking, so a plan short of cards takes it
    longer, and a plan it holds the cards for takes it the same turns."""
    from py_engine.games.milehollow.data import ROADS
    from py_engine.games.milehollow.bots import turns_needed
    from py_engine.games.milehollow.carrier import CarrierBot
    carrier = CarrierBot(0)
    assert carrier.need_factor > 1
    r = next(i for i, road in enumerate(ROADS) if road.len == 4 and road.colour == 0)
    short = _empty_table()
    assert carrier.turns_needed(short, {r}) == 1 + 4 * carrier.need_factor / 2 > turns_needed(short, {r}) == 3
    held = _empty_table({"crimson": 4})
    assert carrier.turns_needed(held, {r}) == turns_needed(held, {r}) == 1
