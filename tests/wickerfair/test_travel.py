"""§5.2 Travel, §6.1–6.3 steps, farmers, heralds and walkers, §7.2 Long Haul, and the movement abilities."""
from __future__ import annotations

import pytest

from py_engine.core.game import IllegalAction
from py_engine.games.wickerfair.board import steps
from py_engine.games.wickerfair.clan import HOME
from py_engine.games.wickerfair.data import HEX_IDS

from .helpers import H, col_for, play, pos


def dests(s, seat, unit, at, carrying=False):
    return [HEX_IDS[h] for h in steps(s, seat, unit, H(at) if at != "home" else HOME, carrying)]


def travel(s):
    play(s, col_for(s, "travel"), "move")
    assert s.dk == "TRAVEL_UNIT"


def test_home_steps_onto_its_two_entry_hexes_only():
    """A unit at home may step onto either entry hex. No unit may ever step into any home."""
    s = pos(2, clans=["Badgers", "Wrens"])
    assert dests(s, 0, "H", "home") == ["E6", "F5"]
    assert dests(s, 1, "H", "home") == ["G2", "G3"]
    for h in range(37):
        for unit in "HWF":
            assert HOME not in steps(s, 0, unit, h)


def test_streams_block_and_plates_link_every_plate():
    """A step goes to an adjacent hex not across a stream, or from a plate to any other plate (§6.1);
    plate steps ignore streams; lakes need Wading, Lake Leap or Skim."""
    s = pos(2, clans=["Badgers", "Wrens"])
    assert dests(s, 0, "H", "B2") == ["B1", "B3", "B4", "C2", "C3", "D2", "D6", "F2", "F4"]
    assert "A2" not in dests(s, 0, "H", "B2") and "A1" not in dests(s, 0, "H", "B2")
    assert dests(s, 0, "H", "A2") == ["A3", "B3"]


def test_stream_crossing_ability_opens_its_two_terrains_for_herald_and_walkers_only():
    """Stream-crossing abilities: your herald and walkers may step across a stream when the destination
    hex is one of the two listed terrains (Badgers Delve: clay pit or woods). Never farmers."""
    s = pos(2, clans=["Badgers", "Wrens"], seats=[{"walkers": {"W1": "home"}}])
    assert "B2" in dests(s, 0, "H", "A2")               # woods across Alder Brook
    assert "B2" in dests(s, 0, "W", "A2")
    assert "B2" not in dests(s, 0, "F", "A2")
    assert "E2" not in dests(s, 0, "H", "D3")           # a village: not Delve's
    assert "D4" not in dests(s, 0, "H", "C3")           # no ability lists the Old Mill


def test_old_mill_is_entered_from_d3_or_d5_or_a_plate_with_your_well():
    """The Old Mill is entered from D3 or D5. The only other ways in are: from the lakes C4 and E3, with
    Wading or Lake Leap; with Roost; by a plate step, if your Well stands on the Old Mill."""
    s = pos(2, clans=["Badgers", "Hares"], seats=[{}, {"structures": {"well": "D4"}, "farmers": {"D4": 1}}])
    assert "D4" in dests(s, 0, "H", "D3") and "D4" in dests(s, 0, "H", "D5")
    assert "D4" not in dests(s, 0, "H", "C3") and "D4" not in dests(s, 0, "H", "E4")
    assert "D4" not in dests(s, 0, "H", "B2")           # Badgers have no Well there
    assert "D4" in dests(s, 1, "H", "B2")               # the Hares' Well makes it a plate for them
    assert set(dests(s, 1, "F", "D4")) >= {"B2", "B4", "D2", "D6", "F2", "F4"}


def test_farmers_never_enter_another_clans_hex_or_a_lake():
    """Farmers never cross streams on their own, never enter lakes, and never step into another clan's hex
    (one holding another clan's unit or structure)."""
    s = pos(2, clans=["Badgers", "Wrens"],
            seats=[{"farmers": {"B3": 1}}, {"farmers": {"A3": 1}, "structures": {"barn": "B2"}}])
    got = dests(s, 0, "F", "B3")
    assert "A3" not in got and "B2" not in got and "C4" not in got
    assert got == ["A2", "B4", "C3"]


def test_wading_herons_land_to_lake_and_lake_to_any_lake():
    """Wading. The Heron herald and walkers may step from land onto an adjacent lake, from a lake onto
    adjacent land, and from any lake to any other lake (one step). They may not carry farmers or resources
    onto a lake."""
    s = pos(2, clans=["Herons", "Badgers"])
    assert "A1" in dests(s, 0, "H", "A2")
    assert set(dests(s, 0, "H", "C4")) >= {"A1", "D7", "E3", "G1", "B3", "D4"}
    assert "A1" not in dests(s, 0, "W", "A2", carrying=True)
    assert "A1" not in dests(s, 1, "H", "A2")           # only Herons (and Lake Leap) enter lakes


def test_lake_leap_onto_and_off_a_lake_but_never_lake_to_lake():
    """Lake Leap: your herald and walkers may step onto an adjacent lake and off a lake onto adjacent land.
    Lake-to-lake steps are not allowed."""
    s = pos(2, clans=["Hares", "Badgers"], seats=[{"walkers": {"W3": "home"}}])
    assert "C4" in dests(s, 0, "H", "B3")
    from_lake = dests(s, 0, "H", "C4")
    assert "B3" in from_lake and not any(h in from_lake for h in ("A1", "E3", "D7", "G1"))
    assert "C4" not in dests(s, 0, "F", "B3")


def test_skim_sett_tunnels_hedgerow_paths_and_roost():
    """Skim: any lake and any plate are adjacent. Sett Tunnels: any clay pit and any plate. Hedgerow
    Paths: any two villages. Roost: from any hex or from your home, to any hex holding one of your
    structures. For the herald and walkers only."""
    s = pos(5, clans=["Herons", "Badgers", "Wrens", "Magpies", "Hares"],
            seats=[{"walkers": {"W3": "home"}}, {"walkers": {"W3": "home"}}, {"walkers": {"W3": "home"}},
                   {}])
    assert "B2" in dests(s, 0, "H", "A1") and "G1" in dests(s, 0, "H", "F4")
    assert "F4" in dests(s, 1, "H", "A4") and "G3" in dests(s, 1, "H", "B2")
    assert "B2" not in dests(s, 1, "F", "A4")
    assert set(dests(s, 2, "H", "B3")) >= {"C5", "E2", "E5", "F3"}
    assert "E2" not in dests(s, 2, "F", "B3")


def test_roost_reaches_your_structures_from_anywhere_even_home():
    """Roost: from any hex or from your home, you may step to any hex that holds one of your structures."""
    s = pos(2, clans=["Magpies", "Badgers"],
            seats=[{"walkers": {"W3": "home"}, "structures": {"barn": "B4"}, "farmers": {"B4": 1}}])
    assert "B4" in dests(s, 0, "H", "home")
    assert "B4" in dests(s, 0, "W", "G4")
    assert "B4" not in dests(s, 0, "F", "G4")


def test_your_well_is_a_plate_for_your_units_only():
    """Structure bonus (Well): your units treat your Well's hex as a plate: a step connects it to any plate
    and any plate to it. Only your units may use it."""
    s = pos(2, clans=["Badgers", "Wrens"], seats=[{"structures": {"well": "G4"}, "farmers": {"G4": 1}}])
    assert "G4" in dests(s, 0, "F", "B2") and "B2" in dests(s, 0, "F", "G4")
    assert "G4" not in dests(s, 1, "H", "B2")


def test_travel_moves_up_to_two_units_one_step_each_then_ends():
    """(a) Move up to 2 different units (3 with U1), each exactly one step."""
    s = pos(2, clans=["Badgers", "Wrens"], mats=[1, 2])
    travel(s)
    legal = s.legal_actions()
    assert "unit:H" in legal and "unit:F@E6" in legal and "unit:F@F5" in legal and "end" in legal
    play(s, "unit:H", "to:E6")
    assert s.clans[0].herald == H("E6") and "unit:H" not in s.legal_actions()
    play(s, "unit:F@F5", "to:E5")
    assert s.dk != "TRAVEL_UNIT"                          # two units moved: the Travel is over
    assert s.clans[0].farmers[H("E5")] == 1


def test_upgraded_travel_moves_three():
    s = pos(2, clans=["Badgers", "Wrens"], mats=[1, 2], seats=[{"pins": {"U1": "improve"}}])
    travel(s)
    play(s, "unit:H", "to:E6", "unit:F@F5", "to:E5")
    assert s.dk == "TRAVEL_UNIT" and s.ctx["left"] == 1


def test_a_walker_carries_farmers_and_resources_and_they_do_not_count():
    """A walker may carry any number of your farmers that start its move on its hex, and resources from its
    start hex; carried farmers do not count toward the 2 units moved and count as moved."""
    s = pos(2, clans=["Badgers", "Wrens"], mats=[1, 2],
            seats=[{"walkers": {"W1": "E6"}, "farmers": {"E6": 3}}], res={"E6": [0, 0, 2, 0]})
    travel(s)
    play(s, "unit:W1", "load:farmer", "load:farmer", "load:clay")
    assert "to:D6" in s.legal_actions()                   # Delve: woods across Sedge Run
    play(s, "to:D6")
    c = s.clans[0]
    assert c.walkers[0] == H("D6") and c.farmers[H("D6")] == 2 and c.farmers[H("E6")] == 1
    assert s.res[4 * H("D6") + 2] == 1 and s.res[4 * H("E6") + 2] == 1
    assert s.ctx["left"] == 1                              # only the walker counted
    assert "unit:F@D6" not in s.legal_actions()            # carried farmers have moved
    assert "unit:F@E6" in s.legal_actions()


def test_a_carrying_walker_never_steps_onto_a_lake():
    s = pos(2, clans=["Herons", "Badgers"], mats=[1, 2], seats=[{"walkers": {"W1": "A2"}, "farmers": {"A2": 2}}])
    travel(s)
    play(s, "unit:W1")
    assert "to:A1" in s.legal_actions()
    play(s, "load:farmer")
    assert "to:A1" not in s.legal_actions()
    with pytest.raises(IllegalAction, match="lake"):
        s.apply_action("to:A1")


def test_stopping_on_lone_farmers_sends_them_home_for_goodwill():
    """When your herald or walker stops on a hex whose only units are another clan's farmers, those farmers
    go to their home immediately. You lose 1 goodwill per farmer sent. Resources stay on the hex, and you
    now control them."""
    s = pos(2, clans=["Badgers", "Wrens"], mats=[1, 2],
            seats=[{"herald": "F4"}, {"farmers": {"G4": 2}}], res={"G4": [3, 0, 0, 0]})
    travel(s)
    gw = s.clans[0].goodwill
    play(s, "unit:H", "to:G4")
    w = s.clans[1]
    assert w.farmers[H("G4")] == 0 and w.home_farmers == 2
    assert s.clans[0].goodwill == gw - 2 and s.res[4 * H("G4")] == 3
    from py_engine.games.wickerfair.board import controller
    assert controller(s, H("G4")) == 0


def test_farmers_at_home_may_step_out_again():
    """Units at home control nothing; a unit at home may step onto either entry hex (farmers too)."""
    s = pos(2, clans=["Badgers", "Wrens"], mats=[1, 2], seats=[{"farmers": {}, "home_farmers": 2}])
    travel(s)
    assert "unit:F@home" in s.legal_actions()
    play(s, "unit:F@home", "to:E6")
    assert s.clans[0].home_farmers == 1 and s.clans[0].farmers[H("E6")] == 1


def test_end_keeps_moves_made_and_is_the_timeout():
    """Travel: next unit / step — default on timeout: end the Travel; moves already made stand."""
    s = pos(2, clans=["Badgers", "Wrens"], mats=[1, 2])
    travel(s)
    play(s, "unit:H", "to:E6", "unit:F@F5")
    assert s.timeout_action(0) == "end"
    play(s, "end")
    assert s.clans[0].herald == H("E6") and s.clans[0].farmers[H("F5")] == 1


def haul(clan="Badgers", **seat):
    spec = {"mill": "MC1", "last_col": 1, **seat}
    s = pos(2, clans=[clan, "Wrens"], mats=[1, 2], seats=[spec])
    play(s, "col:5", "skip")
    assert s.dk == "BOTTOM_DO"
    play(s, "do")
    assert s.dk == "TRAVEL_UNIT" and s.ctx["mode"] == "haul"
    return s


def test_long_haul_two_steps_for_one_unit():
    """Long Haul. Move one of your units up to 2 steps. All movement rules apply."""
    s = haul(herald="E6")
    play(s, "unit:H", "to:E5", "to:F4")
    assert s.dk != "TRAVEL_UNIT" and s.clans[0].herald == H("F4")


def test_long_haul_three_steps_with_a_speed_ability():
    """(herald or walker with your speed ability: up to 3); farmers 2."""
    s = haul(herald="E6", walkers={"W2": "home"})
    play(s, "unit:H", "to:E5", "to:F4")
    assert s.dk == "TRAVEL_UNIT" and s.ctx["taken"] == 2
    play(s, "to:F3")
    assert s.dk != "TRAVEL_UNIT" and s.clans[0].herald == H("F3")
    s = haul(herald="home", walkers={"W2": "home"}, farmers={"E6": 1})
    play(s, "unit:F@E6", "to:E5", "to:F4")
    assert s.clans[0].farmers[H("F4")] == 1 and s.dk != "TRAVEL_UNIT"


def test_a_herald_stops_at_a_visitor_token():
    """A herald or walker ends its movement at once when it enters a hex that holds another clan's unit;
    for a herald only, a hex with a visitor token."""
    s = haul(herald="F4")
    play(s, "unit:H", "to:G4")
    assert s.clans[0].herald == H("G4") and s.dk == "VISITOR_OFFER"


def test_long_haul_drops_on_the_way():
    """Carried farmers and resources may be dropped on any hex the carrier enters, but never on a lake."""
    s = haul(walkers={"W1": "E6"}, farmers={"E6": 2}, herald="home")
    play(s, "unit:W1", "load:farmer", "load:farmer", "to:D6", "drop:farmer", "to:D5")
    c = s.clans[0]
    assert c.farmers[H("D6")] == 1 and c.farmers[H("D5")] == 1 and c.walkers[0] == H("D5")


def test_the_farmers_ribbon_is_placed_at_the_step_that_earns_it_mid_long_haul():
    """Issue 18 repro: a sixth ribbon ends the fair at once, whatever action is running. The Wrens
    have 5 ribbons and 7 farmers on the map; in a Long Haul their eighth farmer steps from home to
    G3: the Farmers ribbon is placed there and the fair is over (no second step)."""
    s = pos(2, clans=["Wrens", "Badgers"], mats=[1, 2],
            seats=[{"mill": "MC1", "last_col": 1, "farmers": {"G2": 3, "G3": 4}, "home_farmers": 1,
                    "ribbons": ["improvement", "walkers", "structures", "helpers", "goodwill"]}])
    play(s, "col:5", "skip", "do", "unit:F@home", "to:G3")
    assert s.over and s.end_reason == "ribbons"
    assert s.clans[0].ribbons[-1] == "farmers" and s.legal_actions(0) == []


def test_the_farmers_ribbon_mid_haul_that_is_not_the_sixth_lets_the_haul_go_on():
    s = pos(2, clans=["Wrens", "Badgers"], mats=[1, 2],
            seats=[{"mill": "MC1", "last_col": 1, "farmers": {"G2": 3, "G3": 4}, "home_farmers": 1}])
    play(s, "col:5", "skip", "do", "unit:F@home", "to:G3")
    assert not s.over and s.clans[0].ribbons == ["farmers"]
    assert "to:G4" in s.legal_actions(0)
