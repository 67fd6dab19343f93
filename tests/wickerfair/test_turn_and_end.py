"""§5.1 the turn, §9 timers and defaults, §8 ribbons, the end and scoring."""
from __future__ import annotations

import pytest

from py_engine.core.game import IllegalAction
from py_engine.games.wickerfair import kinds as K
from py_engine.games.wickerfair.scoring import breakdown, prize_count

from .helpers import H, play, pos


def test_never_the_previous_column_any_on_the_first_turn():
    """You may never choose the column you chose on your previous turn. On your first turn, any column is
    legal. Default on timeout: the lowest-numbered legal column."""
    s = pos(2, clans=["Badgers", "Hares"], mats=[1, 2])
    assert s.legal_actions() == ["col:1", "col:2", "col:3", "col:4"] and s.timeout_action(0) == "col:1"
    play(s, "col:1", "skip")
    play(s, "col:2", "skip")                             # seat 1's turn
    assert s.active == 0 and s.legal_actions() == ["col:2", "col:3", "col:4"]
    assert s.timeout_action(0) == "col:2"
    with pytest.raises(IllegalAction, match="previous turn"):
        s.apply_action("col:1")


def test_day_advances_after_the_last_clan_and_day_40_ends_the_fair():
    """After the last clan in turn order finishes, the day ends and Day += 1. If no clan has 6 ribbons when
    the last clan in turn order finishes its turn on Day 40, the fair ends."""
    s = pos(2, clans=["Badgers", "Hares"], mats=[1, 2], day=39)
    play(s, "col:1", "skip", "col:1", "skip")
    assert s.day == 40 and s.active == 0
    play(s, "col:2", "skip", "col:2", "skip")
    assert s.is_terminal() and s.end_reason == "day" and s.decision() is None
    assert s.legal_actions(0) == []


def test_sixth_ribbon_ends_at_once_even_during_helper_payouts():
    """The moment any clan places its 6th ribbon, the fair ends at once — on any clan's turn, including
    during helper payouts. Nothing else resolves: no remaining steps, coins, helper bonuses."""
    five = ["walkers", "structures", "helpers", "mission", "confrontation"]
    s = pos(3, clans=["Herons", "Hares", "Badgers"], mats=[4, 1, 3],
            seats=[{"helpers": ["improve"]}, {"home": [3, 0, 0, 0]},
                   {"helpers": ["improve"], "ribbons": five, "goodwill": 17}])
    assert s.order == (1, 2, 0)
    hand0 = list(s.clans[0].hand)
    play(s, "col:1", "skip", "do", "pin:U1", "slot:erect")
    # helpers pay the active clan (none), its next neighbour seat 2 (Twill: +1 goodwill → 18, a 6th ribbon),
    # and would pay seat 0 (Basket: a courage card) — but the fair has ended
    assert s.is_terminal() and s.end_reason == "ribbons" and s.clans[2].ribbons[-1] == "goodwill"
    assert s.clans[0].hand == hand0 and s.decision() is None


def test_ribbons_are_placed_the_moment_their_condition_is_true_and_never_lost():
    """A ribbon is placed the moment its condition is first true. It is never lost, even if the value later
    drops."""
    s = pos(2, clans=["Badgers", "Hares"], mats=[4, 5], seats=[{"courage": 15, "coins": 2}])
    play(s, "col:1", "courage")
    assert s.clans[0].ribbons == ["courage"] and s.clans[0].courage == 16
    s.clans[0].courage = 3
    s._check()
    assert s.clans[0].ribbons == ["courage"]


def test_caps_excess_gains_are_lost():
    """Goodwill is capped at 18 and courage at 16. Any excess gain is lost."""
    s = pos(2, clans=["Badgers", "Hares"], mats=[4, 5], seats=[{"courage": 15}])
    play(s, "col:1", "courage")
    assert s.clans[0].courage == 16


def test_farmers_ribbon_all_eight_on_map_hexes():
    s = pos(2, clans=["Badgers", "Hares"], mats=[1, 2], seats=[{"farmers": {"E6": 7}, "home_farmers": 1}])
    assert s.clans[0].supply == 0
    play(s, "col:4", "move", "unit:F@home", "to:F5")
    assert "farmers" in s.clans[0].ribbons


def test_final_scoring_by_goodwill_tier():
    """coins + tier(ribbons) × ribbons + tier(hexes) × hexes controlled + tier(pairs) × ⌊owned ÷ 2⌋ + prize.
    Hexes controlled include lakes; the Old Mill counts as 3; owned resources include home resources."""
    s = pos(2, clans=["Herons", "Badgers"], mats=[1, 2], prize="T5",
            seats=[{"goodwill": 7, "coins": 10, "ribbons": ["mission", "walkers"], "herald": "C4",
                    "farmers": {"D4": 1, "A2": 1}, "home": [1, 0, 0, 2], "structures": {"barn": "A2"}}],
            res={"A2": [0, 0, 0, 2], "D3": [5, 0, 0, 0]})
    b = breakdown(s, 0)
    # tier 1: 4 per ribbon, 3 per hex, 2 per pair. Hexes: C4 (lake) 1 + D4 3 + A2 1 = 5.
    # Owned: home 3 + A2 2 = 5 → 2 pairs. Prize T5 Valley Rim: barn on A2 (ring 3) → 1.
    assert (b["ribbons"], b["hexes"], b["pairs"], b["prize"]) == (8, 15, 4, 1)
    assert b["total"] == 10 + 8 + 15 + 4 + 1 == s.scores()[0]


def test_contested_hexes_count_for_nobody():
    """Hexes still contested at game end are controlled by nobody; their resources belong to nobody."""
    s = pos(2, clans=["Herons", "Badgers"], mats=[1, 2], seats=[{"herald": "G4"}, {"herald": "G4"}],
            res={"G4": [4, 0, 0, 0]})
    assert breakdown(s, 0)["hex_count"] == 2 and breakdown(s, 0)["pair_count"] == 0     # A2, A3; not G4


@pytest.mark.parametrize("tile, structures, count", [
    ("T1", {"barn": "B2", "well": "B3"}, 1), ("T2", {"barn": "B3", "well": "A2"}, 2),
    ("T3", {"barn": "A4", "well": "G4", "monument": "B3"}, 2), ("T4", {"barn": "A2", "well": "G4"}, 1),
    ("T5", {"barn": "A2", "well": "B3"}, 1), ("T6", {"barn": "A2", "well": "A3", "monument": "G4"}, 2)])
def test_prize_tiles_count_your_structures(tile, structures, count):
    """§7.5: Plate Stations, Lake Views, Visitor Lodges, Village Green, Valley Rim, Hedgerow — "your
    structures" means the structures you built, whoever controls their hexes."""
    s = pos(2, clans=["Herons", "Badgers"], mats=[1, 2], prize=tile, seats=[{"structures": structures}])
    from py_engine.games.wickerfair.data import PRIZE_IDS
    assert prize_count(s, 0, PRIZE_IDS.index(tile)) == count


def test_equal_coins_share_the_place():
    """Clans with equal coins share the place; there is no tie-break."""
    s = pos(2, clans=["Herons", "Badgers"], mats=[1, 2], day=40,
            seats=[{"coins": 5, "goodwill": 2, "farmers": {}}, {"coins": 5, "goodwill": 2, "farmers": {}}])
    play(s, "col:1", "skip", "col:1", "skip")
    assert s.is_terminal() and s.scores()[0] == s.scores()[1] and s.winners() == [0, 1]
    assert s.outcome() == "draw" and s.returns() == [0.5, 0.5]


@pytest.mark.parametrize("kind, timer", [(K.CHOOSE_COLUMN, 90), (K.TOP_OPTION, 90), (K.TRAVEL_UNIT, 90),
                                         (K.COURAGE_COMMIT, 45), (K.VISITOR_OFFER, 45), (K.SONGLINE_PICK, 45),
                                         (K.MISSION_KEEP, 45), (K.MILL_PICK, 45), (K.SHOW_MISSION, 90),
                                         (K.ERECT_PLACE, 90), (K.CONFRONT_ORDER, 90)])
def test_timers(kind, timer):
    """Every human decision has a 90 s timer; the courage dial, fair visitor and mill card decisions 45 s."""
    assert K.timer(kind) == timer
    assert K.timer(K.ERECT_PLACE, free=True) == 45


def test_forced_only_when_the_default_is_the_only_choice():
    """The table plays for a seat without asking only when nothing but the default is legal."""
    s = pos(2, clans=["Herons", "Badgers"], mats=[2, 3], seats=[{"coins": 0}])
    assert not s.is_forced(0)
    play(s, "col:4")
    assert s.is_forced(0) and s.timeout_action(0) == "skip"
    assert s.timeout_action(0) == s.clone().timeout_action(0)


def test_where_the_table_waits_for_the_previous_decision_to_finish():
    s = pos(2, clans=["Herons", "Badgers"], mats=[1, 2])
    with pytest.raises(IllegalAction):
        s.apply_action("col:1", 1)
    assert H("A1") == 0
