"""§7 cards: fair visitors and Songline, the Old Mill and mill cards, missions, the courage deck."""
from __future__ import annotations

import pytest

from py_engine.core.game import PRIVATE
from py_engine.games.wickerfair.clan import HOME
from py_engine.games.wickerfair.data import MISSION_INDEX, MILL_INDEX, VISITOR_INDEX
from py_engine.games.wickerfair.scoring import mission_met

from .helpers import H, col_for, play, pos


def meet(visitors, clan="Badgers", a=None, **kw):
    """Seat 0 (mat 1) moves its herald F4 → G4, a visitor spot with a token."""
    s = pos(2, clans=[clan, "Hares"], mats=[1, 2], visitors=visitors, seats=[{"herald": "F4", **(a or {})}], **kw)
    play(s, col_for(s, "travel"), "move", "unit:H", "to:G4", "end")
    return s


def test_meeting_a_visitor_removes_the_token_and_keeps_the_card():
    """When your herald ends a Travel on a hex with a visitor token, you meet the visitor: remove the token
    and draw the top visitor card. Choose one offer you can fully pay, or none. You keep the card either way."""
    s = meet(["V4"], a={"coins": 1, "goodwill": 1})
    assert s.dk == "VISITOR_OFFER" and s.decision().timer == 45 and not s.tokens[H("G4")]
    assert s.legal_actions() == ["offer:A", "none"]       # B costs 2 coins, C 2 goodwill
    assert s.timeout_action(0) == "none"
    play(s, "none")
    assert s.clans[0].visitors == [VISITOR_INDEX["V4"]]


def test_offer_paid_then_gained():
    """'pay 2 coins: +2 goodwill, draw 1 card'; a negative goodwill amount is a cost; gains go home."""
    s = meet(["V2"], a={"coins": 3, "goodwill": 4})
    c = s.clans[0]
    play(s, "offer:B")
    assert c.coins == 1 and c.goodwill == 6 and len(c.hand) == 1
    s = meet(["V5"], a={"goodwill": 4})
    play(s, "offer:C")
    assert s.clans[0].goodwill == 2 and s.clans[0].home == [0, 4, 0, 0]


def test_any_mix_offer_is_built_then_confirmed():
    """'+2 resources (any mix)' is chosen step by step and paid only on confirmation."""
    s = meet(["V11"], a={"coins": 2})
    play(s, "offer:B", "+wood", "+wood")
    assert s.clans[0].coins == 2
    play(s, "+clay", "ok")
    assert s.clans[0].home == [0, 2, 1, 0] and s.clans[0].coins == 1


def test_farmers_from_a_visitor_go_on_the_heralds_hex():
    """'Farmer' means one farmer from your supply placed on the herald's hex."""
    s = meet(["V8"], a={"coins": 2})
    play(s, "offer:B")
    assert s.clans[0].farmers[H("G4")] == 2


def test_a_free_action_costs_nothing_pays_no_coins_and_triggers_helpers():
    """Free actions apply the effect with no resource cost and no coins. They do trigger helpers. A free
    Erect or Build may also target your herald's current hex (if it is not a lake). 45 s for a visitor's free
    action."""
    s = meet(["V5"], a={"coins": 3, "helpers": ["erect"]})
    play(s, "offer:B", "walker:W1")
    assert s.decision().timer == 45
    assert "at:G4" in s.legal_actions()
    coins = s.clans[0].coins
    play(s, "at:G4")
    assert s.clans[0].walkers[0] == H("G4")
    assert s.clans[0].coins == coins + 1                  # Plaid's Erect helper: +1 coin; no column coins


def test_an_offer_whose_free_action_is_impossible_is_not_offered():
    s = meet(["V3"], a={"coins": 5, "pins": {u: "erect" if i < 2 else "build" if i < 4 else "recruit"
                                             for i, u in enumerate(["U1", "U2", "U3", "U4", "U5", "U6"])}})
    assert "offer:B" not in s.legal_actions()


def test_songline_draws_two_keeps_one_puts_the_other_at_the_bottom():
    """Songline. When you meet a fair visitor, draw 2 visitor cards instead of 1. Choose one to resolve and
    keep it. Put the other at the bottom of the deck, unkept. (private; default: the first card drawn)"""
    s = meet(["V1", "V9"], clan="Wrens")
    d = s.decision()
    assert d.kind == "SONGLINE_PICK" and d.visibility == PRIVATE and d.timer == 45
    assert s.legal_actions() == ["keep:V1", "keep:V9"] and s.timeout_action(0) == "keep:V1"
    assert s.observation(1)["ctx"] == {} and s.observation(0)["ctx"] == {"cards": ["V1", "V9"]}
    assert s.describe("keep:V9", "en", None) == "Kept Bell-Ringer; the other card goes to the bottom"
    play(s, "keep:V9")
    assert s.visitor_deck[-1] == VISITOR_INDEX["V1"] and s.visitor_seen[-1] == 1
    assert s.dk == "VISITOR_OFFER" and s.clans[0].visitors == [VISITOR_INDEX["V9"]]


def test_fortune_teller_keeps_one_of_three_missions():
    """Fortune Teller B: pay 2 coins: look at the top 3 missions, keep 1 (your hand may hold 3), put 2 at the
    bottom. Default: the first of the 3."""
    s = meet(["V7"], a={"coins": 2}, missions=["M01", "M02", "M03", "M04", "M05", "M06", "M07"])
    play(s, "offer:B")
    assert s.dk == "MISSION_KEEP" and s.legal_actions() == ["keep:M05", "keep:M06", "keep:M07"]
    assert s.timeout_action(0) == "keep:M05"
    play(s, "keep:M06")
    c = s.clans[0]
    assert len(c.missions) == 3 and MISSION_INDEX["M06"] in c.missions
    assert s.mission_deck[-2:] == [MISSION_INDEX["M05"], MISSION_INDEX["M07"]] and s.mission_seen[-2:] == [1, 1]


def test_no_meeting_when_the_herald_lost_the_confrontation_there():
    """...and still stands there after all confrontations."""
    s = pos(2, clans=["Wrens", "Badgers"], mats=[1, 2],
            seats=[{"herald": "F4", "courage": 0, "hand": []}, {"herald": "G4", "courage": 3}])
    play(s, col_for(s, "travel"), "move", "unit:H", "to:G4", "end")
    s.apply_action("blank", 0)
    s.apply_action("dial:1", 1)
    s.apply_action("commit", 1)
    assert s.clans[0].herald == HOME and s.tokens[H("G4")] and s.clans[0].visitors == []


def mill_visit(pile=("MC3", "MC5", "MC1"), **seat):
    s = pos(2, clans=["Badgers", "Hares"], mats=[1, 2], mill=list(pile), seats=[{"herald": "D5", **seat}])
    play(s, col_for(s, "travel"), "move", "unit:H", "to:D4", "end")
    return s


def test_first_time_on_the_old_mill_view_the_pile_keep_one():
    """The first time your herald ends a Travel on the Old Mill, take a mill card: privately view all cards in
    the mill pile and keep one face up (default: the first shown). From your next turn it is column 5."""
    s = mill_visit()
    d = s.decision()
    assert d.kind == "MILL_PICK" and d.visibility == PRIVATE and d.timer == 45
    assert s.legal_actions() == ["mill:MC3", "mill:MC5", "mill:MC1"] and s.timeout_action(0) == "mill:MC3"
    assert "mill_pile" in s.observation(0) and "mill_pile" not in s.observation(1)
    play(s, "mill:MC5")
    assert s.clans[0].mill == MILL_INDEX["MC5"] and s.mill_pile == [MILL_INDEX["MC3"], MILL_INDEX["MC1"]]
    assert s.describe("col:5", "en") and "col:5" not in s.columns(0)      # not this turn


def test_the_mill_gives_a_card_only_the_first_time_and_an_empty_pile_nothing():
    s = mill_visit(mill_visited=True)
    assert s.dk != "MILL_PICK"
    s = pos(2, clans=["Badgers", "Hares"], mats=[1, 2], seats=[{"herald": "D5"}])
    s.mill_pile = []
    play(s, col_for(s, "travel"), "move", "unit:H", "to:D4", "end")
    assert s.dk != "MILL_PICK" and s.clans[0].mill_visited


def mill_column(card, **seat):
    s = pos(2, clans=["Badgers", "Hares"], mats=[1, 2], seats=[{"mill": card, "last_col": 1, **seat}])
    play(s, "col:5")
    return s


def test_mill_column_tops():
    """MC1 Grindstone: pay 2 courage: +1 goodwill, +2 coins. MC7 Chaff Fan: discard 1 courage card (you choose
    it): +3 courage. MC3 Waterwheel: Harvest exactly 1 hex you control with your farmers, no Harvest cost."""
    s = mill_column("MC1")
    c = s.clans[0]
    courage, gw, coins = c.courage, c.goodwill, c.coins
    play(s, "mill")
    assert (c.courage, c.goodwill, c.coins) == (courage - 2, gw + 1, coins + 2)
    s = mill_column("MC7", hand=[2, 4, 4], courage=1)
    assert s.legal_actions() == ["chaff:2", "chaff:4", "skip"]
    play(s, "chaff:4")
    assert s.clans[0].hand == [2, 4] and s.clans[0].courage == 4
    s = mill_column("MC3", farmers={f: 1 for f in ("E6", "F5", "E5", "F4", "F3", "G4")})
    play(s, "mill", "hex:E6")
    assert not any(a.startswith("hex:") for a in s.legal_actions())
    courage = s.clans[0].courage
    play(s, "ok")
    assert s.res[4 * H("E6") + 2] == 1 and s.clans[0].courage == courage


def test_mill_column_plain_bottom_and_never_twice_in_a_row():
    """MC5 Bell Rope bottom: pay 1 wood + 1 clay: +3 coins. Normal column rules apply (never twice in a row)."""
    s = mill_column("MC5", home=[0, 1, 1, 0])
    play(s, "skip", "do")
    assert s.clans[0].coins == 7 and s.clans[0].home == [0, 0, 0, 0]
    assert s.clans[0].last_col == 5


def test_courage_deck_reshuffles_discards_when_empty():
    """When a draw finds the deck empty, shuffle the discards to form a new deck. If both are empty, the
    draw is lost."""
    s = pos(2, clans=["Badgers", "Hares"], mats=[1, 2])
    s.courage_discard = s.courage_deck[:3]
    s.courage_deck = []
    s.courage_draw(0)
    assert len(s.clans[0].hand) == 1 and len(s.courage_deck) == 2 and s.courage_discard == []
    s.courage_deck, s.courage_discard = [], []
    s.courage_draw(0)
    assert len(s.clans[0].hand) == 1 and s.events[-1]["kind"] == "draw_lost"


def test_show_a_met_mission_for_the_ribbon_then_discard_the_rest():
    """In a mission window, if the condition is true at that moment, you may show one mission. Gain the
    Mission ribbon, then discard every mission you still hold. You may show only one mission per game. The
    engine prompts only when at least one of your missions is met (private; default: do not show)."""
    s = pos(2, clans=["Badgers", "Hares"], mats=[1, 2], seats=[{"missions": ["M13", "M01"], "coins": 18}])
    play(s, "col:1")
    d = s.decision()
    assert d.kind == "SHOW_MISSION" and d.visibility == PRIVATE and s.legal_actions() == ["show:M13", "hide"]
    assert s.timeout_action(0) == "hide"
    assert s.describe("hide", "en", None) == "Kept their missions hidden"
    play(s, "show:M13")
    c = s.clans[0]
    assert c.ribbons == ["mission"] and c.missions == [] and c.missions_gone == [MISSION_INDEX["M01"]]
    assert s.dk == "TOP_OPTION"


def test_no_window_when_nothing_is_met():
    s = pos(2, clans=["Badgers", "Hares"], mats=[1, 2], seats=[{"missions": ["M13", "M01"]}])
    play(s, "col:1")
    assert s.dk == "TOP_OPTION"


MISSION_CASES = [
    ("M01", {"home": [2, 2, 2, 2]}, {"home": [2, 2, 2, 1]}),
    ("M02", {"home": [0, 0, 0, 6], "farmers": {"A2": 1, "B4": 1}}, {"home": [0, 0, 0, 6], "farmers": {"A2": 1}}),
    ("M03", {"farmers": {"A3": 1}, "res": {"A3": [5, 0, 0, 0]}}, {"farmers": {"A3": 1}, "res": {"A3": [4, 0, 0, 0]}}),
    ("M04", {"farmers": {"A2": 1, "B3": 1, "B2": 1, "C3": 1}}, {"farmers": {"A2": 1, "B3": 1, "B2": 1, "A3": 1}}),
    ("M05", {"farmers": {"B2": 1, "B4": 1, "D2": 1}}, {"farmers": {"B2": 1, "B4": 1, "D1": 1}}),
    ("M06", {"farmers": {"A2": 1, "B2": 1, "A3": 1, "B4": 1}}, {"farmers": {"A2": 1, "B2": 1, "A3": 1}}),
    ("M07", {"herald": "D4", "farmers": {"D4": 1}}, {"herald": "D4", "farmers": {"D5": 1}}),
    ("M08", {"farmers": {"B3": 2, "C5": 2}}, {"farmers": {"B3": 2, "C5": 1}}),
    ("M09", {"goodwill": 13, "hand": []}, {"goodwill": 13, "hand": [2]}),
    ("M10", {"courage": 12, "hand": [2, 2, 3]}, {"courage": 11, "hand": [2, 2, 3]}),
    ("M11", {"herald": "G2"}, {"herald": "F1"}),
    ("M12", {"farmers": {h: 1 for h in ("A2", "A3", "A4", "B1", "B2", "B3", "B4", "B5")}},
     {"farmers": {h: 1 for h in ("A2", "A3", "A4", "B1", "B2", "B3", "B4")}}),
    ("M13", {"coins": 18}, {"coins": 17}),
    ("M14", {"farmers": {"A2": 1, "A3": 1, "A4": 1}, "structures": {"barn": "A2", "well": "A3", "monument": "A4"}},
     {"farmers": {"A2": 1, "A3": 1, "C6": 1}, "structures": {"barn": "A2", "well": "A3", "monument": "C6"}}),
    ("M15", {"walkers": {"W1": "A2", "W2": "A2"}, "structures": {"barn": "A2", "well": "A3"},
             "helpers": ["erect", "build"]},
     {"walkers": {"W1": "A2"}, "structures": {"barn": "A2", "well": "A3"}, "helpers": ["erect", "build"]}),
    ("M16", {"visitors": ["V1", "V2", "V3"]}, {"visitors": ["V1", "V2"]}),
]


@pytest.mark.parametrize("mission, yes, no", MISSION_CASES, ids=[m for m, _, _ in MISSION_CASES])
def test_each_mission_condition(mission, yes, no):
    """§7.3 mission conditions ('control' and 'own' as §0 defines them); M11: the herald on an entry hex of a
    home two places away in the cycle, either way (Herons N: SE E6/F5 or S G2/G3; not the neighbouring SW)."""
    for spec, want in ((yes, True), (no, False)):
        spec = dict(spec)
        res = spec.pop("res", None)
        s = pos(2, clans=["Herons", "Badgers"], mats=[1, 2], seats=[spec], **({"res": res} if res else {}))
        assert mission_met(s, 0, MISSION_INDEX[mission]) is want, (mission, spec)
