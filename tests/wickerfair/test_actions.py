"""§5.3 Harvest, §5.4 Trade, §5.5 Bolster, §5.6 bottom actions and helpers, §5.7 payment, Trinkets."""
from __future__ import annotations

import pytest

from py_engine.core.game import IllegalAction

from .helpers import H, col_bottom, col_for, play, pos, to_bottom

# Mat 1 Plaid: 1 Trade/Improve, 2 Bolster/Erect, 3 Harvest/Build, 4 Travel/Recruit
# Mat 2 Herringbone: 1 Travel/Improve, 2 Harvest/Erect, 3 Bolster/Build, 4 Trade/Recruit


@pytest.mark.parametrize("farmers, cost", [(3, {}), (4, {"courage": 1}), (5, {"courage": 1}),
                                           (6, {"courage": 1, "coins": 1}), (7, {"courage": 1, "coins": 1}),
                                           (8, {"courage": 1, "coins": 1, "goodwill": 1})])
def test_harvest_cost_by_farmers_on_map_hexes(farmers, cost):
    """Harvest cost: 0–3 free; 4–5 1 courage; 6–7 1 courage + 1 coin; 8 1 courage + 1 coin + 1 goodwill
    (farmers on map hexes; at home or in supply do not count). Paid on confirmation."""
    spread = ["A2", "A3", "B3", "A4", "B1", "C2", "C3", "D3"][:farmers]
    s = pos(2, clans=["Herons", "Badgers"], seats=[{"farmers": {h: 1 for h in spread}, "home_farmers": 0}])
    c = s.clans[0]
    before = (c.courage, c.coins, c.goodwill)
    play(s, "col:3", "harvest", "hex:A2")
    assert (c.courage, c.coins, c.goodwill) == before            # nothing paid before confirming
    play(s, "ok")
    assert (before[0] - c.courage, before[1] - c.coins, before[2] - c.goodwill) == \
        (cost.get("courage", 0), cost.get("coins", 0), cost.get("goodwill", 0))


def test_harvest_produces_per_farmer_and_villages_bring_farmers():
    """On each chosen hex, every one of your farmers produces 1 resource of the hex's terrain, placed on that
    hex; or, on a village, 1 new farmer from your supply placed on that village. Newly placed farmers do not
    produce this action. Up to 2 hexes (3 with U2)."""
    s = pos(2, clans=["Herons", "Badgers"], seats=[{"farmers": {"A2": 2, "B3": 2}}])
    play(s, "col:3", "harvest", "hex:A2", "hex:B3")
    assert not any(a.startswith("hex:") for a in s.legal_actions())     # the limit of 2 is reached
    play(s, "ok")
    c = s.clans[0]
    assert s.res[4 * H("A2") + 3] == 2 and c.farmers[H("B3")] == 4 and c.supply == 2


def test_farmers_beyond_the_supply_are_lost():
    s = pos(2, clans=["Herons", "Badgers"], seats=[{"farmers": {"B3": 3, "A2": 4}}])
    play(s, "col:3", "harvest", "hex:B3", "ok")
    assert s.clans[0].farmers[H("B3")] == 4 and s.clans[0].supply == 0


def test_barn_adds_one_production_outside_the_limit_and_litter_comes_last():
    """Structure bonus (Barn): if you control your Barn's hex, you may add it to your Harvest. It adds 1
    production there whether or not you chose that hex, even when none of your farmers is there, and does not
    use a hex of your limit. Litter: a harvested village holding your farmer brings 1 extra new farmer."""
    s = pos(2, clans=["Hares", "Badgers"],
            seats=[{"farmers": {"A2": 1, "A3": 1, "B3": 1}, "structures": {"barn": "C2"}, "herald": "C2"}])
    play(s, "col:3", "harvest", "hex:A2", "hex:A3")
    assert "barn" in s.legal_actions()
    play(s, "barn", "ok")
    assert s.res[4 * H("C2") + 0] == 1 and s.res[4 * H("A3") + 0] == 1 and s.res[4 * H("A2") + 3] == 1
    s = pos(2, clans=["Hares", "Badgers"], seats=[{"farmers": {"B3": 1}}])
    play(s, "col:3", "harvest", "hex:B3", "ok")
    assert s.clans[0].farmers[H("B3")] == 3                    # 1 made + 1 Litter


def test_barn_on_the_old_mill_produces_nothing():
    s = pos(2, clans=["Herons", "Badgers"], seats=[{"farmers": {"A2": 1, "D4": 1}, "structures": {"barn": "D4"}}])
    play(s, "col:3", "harvest")
    assert "barn" not in s.legal_actions() and "hex:D4" not in s.legal_actions()


def test_harvest_skip_pays_nothing():
    """Harvest hexes — default on timeout: skip top (nothing paid)."""
    s = pos(2, clans=["Herons", "Badgers"], seats=[{"farmers": {h: 1 for h in ("A2", "A3", "B3", "A4")}}])
    play(s, "col:3", "harvest", "hex:A2")
    assert s.timeout_action(0) == "skip"
    courage = s.clans[0].courage
    play(s, "skip")
    assert s.clans[0].courage == courage and s.res[4 * H("A2") + 3] == 0


def test_trade_resources_home_and_goodwill_with_monument():
    """Trade: pay 1 coin and gain 2 resources (3 with U3) in any mix, placed at your home; or 1 goodwill
    (2 with U4). Monument: +1 goodwill each time you Trade (either option)."""
    s = pos(2, clans=["Herons", "Badgers"], mats=[2, 3])
    play(s, "col:4", "goods", "+wool", "+clay")
    assert s.legal_actions() == ["ok", "clear", "skip"]
    coins = s.clans[0].coins
    play(s, "ok")
    assert s.clans[0].home == [0, 0, 1, 1] and s.clans[0].coins == coins - 1
    s = pos(2, clans=["Herons", "Badgers"], mats=[2, 3],
            seats=[{"structures": {"monument": "A2"}, "pins": {"U4": "improve"}, "farmers": {"A2": 1}}])
    gw = s.clans[0].goodwill
    play(s, "col:4", "goodwill")
    assert s.clans[0].goodwill == gw + 2 + 1


def test_trade_and_bolster_need_a_coin():
    s = pos(2, clans=["Herons", "Badgers"], mats=[2, 3], seats=[{"coins": 0}])
    play(s, "col:4")
    assert s.legal_actions() == ["skip"] and s.is_forced(0)


def test_bolster_courage_cards_and_watchtower():
    """Bolster: pay 1 coin and gain 2 courage (3 with U5) or 1 courage card (2 with U6). Watchtower: +1
    courage each time you Bolster (either option)."""
    s = pos(2, clans=["Herons", "Badgers"], mats=[2, 3], seats=[{"structures": {"watchtower": "A2"}}])
    c = s.clans[0]
    courage, hand = c.courage, len(c.hand)
    play(s, "col:3", "cards")
    assert len(c.hand) == hand + 1 and c.courage == courage + 1
    s = pos(2, clans=["Herons", "Badgers"], mats=[2, 3], seats=[{"pins": {"U5": "build"}}])
    courage = s.clans[0].courage
    play(s, "col:3", "courage")
    assert s.clans[0].courage == courage + 3


def test_travel_coin():
    """(b) Gain coin. Gain 1 coin. This option is not upgradable."""
    s = pos(2, clans=["Herons", "Badgers"], mats=[2, 3], seats=[{"pins": {"U1": "improve"}}])
    coins = s.clans[0].coins
    play(s, "col:1", "coin")
    assert s.clans[0].coins == coins + 1


def test_payment_takes_each_resource_from_the_richest_source_hexes_before_home():
    """Resources are paid one at a time, each from the owned source that holds the most of that type. Ties go
    by table order, with the home last."""
    s = pos(2, clans=["Herons", "Badgers"], mats=[1, 2],
            seats=[{"farmers": {"A4": 1, "C3": 1}, "home": [0, 0, 2, 0]}], res={"A4": [0, 0, 1, 0], "C3": [0, 0, 2, 0]})
    play(s, "col:3", "skip")
    assert s.dk == "BOTTOM_DO"
    play(s, "do", "structure:barn", "at:C3")
    # 3 clay: C3 (2 ties home 2, hex first) → home (2) → A4 (1, ties C3 1 and home 1: table order)
    assert s.res[4 * H("C3") + 2] == 1 and s.clans[0].home[2] == 1 and s.res[4 * H("A4") + 2] == 0
    assert s.clans[0].structures[0] == H("C3")


def test_bottom_is_offered_only_when_payable_and_possible_and_pays_its_coins():
    """Perform the column's bottom action if you can pay its current cost and its effect is possible.
    Otherwise skip it. You may use what the top step just produced to pay. Each bottom action pays coins."""
    s = pos(2, clans=["Herons", "Badgers"], mats=[2, 3], seats=[{"home": [0, 0, 0, 2]}])
    play(s, "col:4", "skip")
    assert s.dk != "BOTTOM_DO"                                # Recruit needs 3 wool
    s = pos(2, clans=["Herons", "Badgers"], mats=[2, 3], seats=[{"home": [0, 0, 0, 2]}])
    play(s, "col:4", "goods", "+wool", "+grain", "ok")
    assert s.dk == "BOTTOM_DO"
    coins = s.clans[0].coins
    play(s, "do", "helper:build", "bonus:goodwill")
    c = s.clans[0]
    assert c.helpers == [False, False, True, False] and c.bonuses == [False, False, True, False]
    assert c.coins == coins + 2 and c.home == [1, 0, 0, 0]


def test_improve_moves_a_pin_and_lowers_that_cost():
    """Improve: move 1 pin from any covered top upgrade space to any empty pin slot on any of your four bottom
    actions. The top space is upgraded, and that bottom cost drops by 1 from now on."""
    s = pos(2, clans=["Herons", "Badgers"], mats=[2, 3], seats=[{"home": [3, 0, 0, 0]}])
    play(s, "col:1", "skip", "do", "pin:U2")
    assert "slot:erect" in s.legal_actions() and "slot:improve" in s.legal_actions()
    assert s.decision().timer == 90
    play(s, "slot:erect")
    c = s.clans[0]
    assert c.covered[1] is False and c.slots == [0, 1, 0, 0] and s.bottom_cost(0, 1) == 3


def test_improve_only_into_an_empty_pin_slot():
    """...to any empty pin slot: a bottom action whose slots are full takes no more pins."""
    s = pos(2, clans=["Herons", "Badgers"], mats=[2, 3], seats=[{"home": [3, 0, 0, 0], "pins": {"U4": "improve"}}])
    assert s.bottom_cost(0, 0) == 2                            # Herringbone's Improve: 3 → 2 (1 slot)
    play(s, "col:1", "skip", "do", "pin:U1")
    assert "slot:improve" not in s.legal_actions() and "slot:erect" in s.legal_actions()


def test_erect_on_a_hex_with_your_farmer_not_a_lake():
    """Erect: take one of your unerected walkers and place it on a hex (not a lake) holding at least 1 of your
    farmers. Its ability is active immediately."""
    s = pos(2, clans=["Herons", "Badgers"], mats=[2, 3], seats=[{"home": [0, 4, 0, 0]}])
    play(s, "col:2", "skip", "do", "walker:W3")
    assert [a for a in s.legal_actions() if a.startswith("at:")] == ["at:A2", "at:A3"]
    play(s, "at:A3")
    assert s.clans[0].walkers[2] == H("A3") and s.clans[0].has_walker(2)


def test_build_never_on_a_lake_or_on_a_structure_old_mill_allowed():
    """Build: on a hex holding at least 1 of your farmers; not a lake, no structure of any clan; the Old Mill
    is allowed; at most 1 structure per hex."""
    s = pos(2, clans=["Herons", "Badgers"], mats=[2, 3],
            seats=[{"home": [0, 0, 3, 0], "farmers": {"A2": 1, "D4": 1, "B3": 1}, "structures": {"barn": "B3"}}])
    play(s, "col:3", "skip", "do", "structure:well")
    assert [a for a in s.legal_actions() if a.startswith("at:")] == ["at:A2", "at:D4"]
    play(s, "back")
    assert "structure:barn" not in s.legal_actions()


def test_helpers_pay_active_then_next_then_previous_neighbour():
    """Whenever you or a neighbour performs a bottom action and you have a helper on your bottom action of the
    same name, you gain that space's bonus. Order: the active clan, then its next neighbour, then its previous
    neighbour."""
    s = pos(3, clans=["Herons", "Hares", "Badgers"], mats=[2, 1, 3],
            seats=[{"home": [3, 0, 0, 0], "helpers": ["improve"]}, {"helpers": ["improve"]}, {"helpers": ["improve"]}])
    assert s.order == (1, 2, 0) and s.active == 1
    s.clans[1].home = [3, 0, 0, 0]
    mark = len(s.events)
    play(s, "col:1", "skip", "do", "pin:U1", "slot:erect")
    helpers = [e["seat"] for e in s.events[mark:] if e["kind"] == "helper"]
    assert helpers == [1, 2, 0]
    gains = {e["seat"]: e["bonus"] for e in s.events[mark:] if e["kind"] == "helper"}
    assert gains == {1: "courage", 2: "goodwill", 0: "coins"}


def test_two_clans_gain_once_and_a_new_helper_does_not_pay_for_its_own_recruit():
    """In a 2-clan game the opponent is both neighbours, but each bonus is gained only once. A helper placed
    by this Recruit does not pay out for this Recruit."""
    s = pos(2, clans=["Herons", "Badgers"], mats=[2, 3], seats=[{"home": [0, 0, 0, 3]}, {"helpers": ["recruit"]}])
    mark = len(s.events)
    play(s, "col:4", "skip", "do", "helper:recruit", "bonus:coins")
    helpers = [e["seat"] for e in s.events[mark:] if e["kind"] == "helper"]
    assert helpers == [1]


def test_mill_bottoms_trigger_no_helpers_and_pay_no_coins():
    """Mill-card bottoms never trigger helpers; the card gets no structure bonuses."""
    s = pos(2, clans=["Herons", "Badgers"], mats=[2, 3],
            seats=[{"mill": "MC6", "last_col": 1, "home": [3, 0, 0, 0], "helpers": ["improve"]},
                   {"helpers": ["improve"]}])
    mark = len(s.events)
    coins = s.clans[0].coins
    play(s, "col:5", "skip", "do", "pin:U1", "slot:erect")
    assert not [e for e in s.events[mark:] if e["kind"] == "helper"] and s.clans[0].coins == coins


def test_trinkets_a_card_for_one_resource_and_it_counts_for_payability():
    """Trinkets. Once per turn, when paying a bottom-action resource cost, you may discard 1 courage card in
    place of 1 resource. You choose the card. Trinkets counts when the engine decides whether you can pay."""
    s = pos(2, clans=["Magpies", "Badgers"], mats=[2, 3], seats=[{"home": [0, 0, 2, 0], "hand": [2, 4]}])
    play(s, "col:3", "skip")
    assert s.dk == "BOTTOM_DO"                                # 2 clay + a card pays 3 clay
    play(s, "do")
    assert s.dk == "TRINKET" and s.legal_actions() == ["trinket:2:clay", "trinket:4:clay", "skip"]
    play(s, "trinket:2:clay", "structure:monument", "at:E1")
    c = s.clans[0]
    assert c.hand == [4] and c.home == [0, 0, 0, 0] and s.courage_discard[-1] == 2


def test_bottom_placement_timeout_skips_and_pays_nothing():
    """Improve / Erect / Build / Recruit placement — default on timeout: skip it (nothing more paid)."""
    s = pos(2, clans=["Herons", "Badgers"], mats=[2, 3], seats=[{"home": [0, 0, 3, 0]}])
    play(s, "col:3", "skip", "do", "structure:barn")
    assert s.timeout_action(0) == "skip"
    play(s, "skip")
    assert s.clans[0].home == [0, 0, 3, 0] and s.clans[0].structures[0] == -1


def test_a_refused_step_changes_nothing():
    s = pos(2, clans=["Herons", "Badgers"], mats=[2, 3])
    before = s.observation("all")
    with pytest.raises(IllegalAction):
        s.apply_action("col:9")
    with pytest.raises(IllegalAction):
        s.apply_action("do")
    assert s.observation("all") == before
    assert col_bottom(s, "build") == "col:3" and col_for(s, "bolster") == "col:3"


def test_trinkets_stand_in_only_when_the_whole_cost_can_then_be_paid():
    """Issue 18 repro: Bell Rope (MC5) costs 1 wood + 1 clay; Magpies with 1 clay and no wood and one card.
    The card may stand in for the wood (the clay is then paid), never for the clay (the wood would be
    unpaid): a cost is paid in full or not at all, and no hex ever goes negative."""
    s = pos(2, clans=["Magpies", "Badgers"], mats=[2, 3],
            seats=[{"mill": "MC5", "last_col": 2, "home": [0, 0, 1, 0], "hand": [2],
                    "farmers": {"E1": 1, "F1": 1}}])
    play(s, "col:5")
    to_bottom(s)
    assert s.dk == "BOTTOM_DO"
    play(s, "do")
    assert s.dk == "TRINKET"
    assert s.legal_actions() == ["trinket:2:wood", "skip"]
    before = s.observation("all")
    with pytest.raises(IllegalAction):
        s.apply_action("trinket:2:clay")
    assert s.observation("all") == before
    coins = s.clans[0].coins
    play(s, "trinket:2:wood")
    assert s.clans[0].coins == coins + 3
    assert min(s.res) >= 0 and min(s.clans[0].home) >= 0
    assert s.clans[0].home == [0, 0, 0, 0] and s.clans[0].hand == []


def test_a_cost_that_cannot_be_paid_in_full_is_never_offered_or_taken():
    """Without the card there is no way to pay both: the bottom is skipped; paying is refused outright."""
    s = pos(2, clans=["Magpies", "Badgers"], mats=[2, 3],
            seats=[{"mill": "MC5", "last_col": 2, "home": [0, 0, 1, 0], "hand": [],
                    "farmers": {"E1": 1, "F1": 1}}])
    assert s.payment(0, {"wood": 1, "clay": 1}) is None
    assert not s.payable(0, {"wood": 1, "clay": 1}, trinket=True)
    with pytest.raises(RuntimeError):
        s._pay(0, {"wood": 1, "clay": 1})
    assert s.clans[0].home == [0, 0, 1, 0]
