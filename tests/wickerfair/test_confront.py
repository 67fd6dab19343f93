"""§6.4–6.6 confrontations: when they start, the order, pre-dial effects, the secret commit, the reveal."""
from __future__ import annotations

import pytest

from py_engine.core.game import SECRET, IllegalAction
from py_engine.games.wickerfair.board import controller
from py_engine.games.wickerfair.clan import HOME

from .helpers import H, col_for, play, pos


def clash(attacker="Badgers", defender="Wrens", a=None, d=None, at="G4", start="F4", **kw):
    """Seat 0 (mat 1, first) moves its herald from ``start`` onto ``at`` where seat 1's herald stands."""
    s = pos(2, clans=[attacker, defender], mats=[1, 2], tokens=[],
            seats=[{"herald": start, **(a or {})}, {"herald": at, **(d or {})}], **kw)
    play(s, col_for(s, "travel"), "move", "unit:H", f"to:{at}")
    return s


def test_a_confrontation_starts_after_the_travel_finishes():
    """After a Travel finishes, every hex holding your herald or walker and another clan's herald or walker
    starts a confrontation. Until it is resolved, the hex is contested: nobody controls it."""
    s = clash()
    assert s.dk == "TRAVEL_UNIT"                          # the Travel goes on first
    assert controller(s, H("G4")) == -1
    play(s, "end")
    d = s.decision()
    assert d.kind == "COURAGE_COMMIT" and d.players == (0, 1) and d.visibility == SECRET and d.timer == 45
    assert s.ctx["starter"] == 0 and s.ctx["defender"] == 1


def test_dial_up_to_min_7_courage_and_one_card_per_herald_or_walker():
    """Each side sets a dial from 0 to min(7, current courage) and 0 to k courage cards, k = its herald plus
    walkers on the hex."""
    s = clash(a={"courage": 9, "hand": [2, 5]}, d={"courage": 2, "walkers": {"W1": "G4"}, "hand": [3, 3, 4]})
    play(s, "end")
    assert [a for a in s.legal_actions(0) if a.startswith("dial:")] == [f"dial:{n}" for n in range(1, 8)]
    assert [a for a in s.legal_actions(1) if a.startswith("dial:")] == ["dial:1", "dial:2"]
    s.apply_action("card:5", 0)
    assert not any(a.startswith("card:") for a in s.legal_actions(0))       # k = 1 for the lone herald
    s.apply_action("card:3", 1)
    s.apply_action("card:3", 1)
    assert not any(a.startswith("card:") for a in s.legal_actions(1))       # k = 2: herald + walker
    with pytest.raises(IllegalAction, match="min"):
        s.apply_action("dial:3", 1)


def test_commit_is_secret_until_both_are_in_then_the_reveal():
    """Secret commit (simultaneous); reveal when both have submitted. Total = dial + cards + modifiers. The
    higher total wins; a tie goes to the starter. Both lose courage equal to their dial and discard their
    cards. The loser's units on the hex go home; if it set a dial or played a card, it draws 1. The winner
    gains a Confrontation ribbon."""
    s = clash(a={"courage": 5, "hand": []}, d={"courage": 3, "hand": [3]})
    play(s, "end")
    s.apply_action("dial:3", 0)
    assert not s.secrets_revealed()
    s.apply_action("commit", 0)
    assert s.decision().players == (1,) and not s.secrets_revealed()
    s.apply_action("card:3", 1)
    s.apply_action("commit", 1)              # 3 vs 3 + 0: a tie goes to the starter
    assert s.secrets_revealed()
    a, w = s.clans
    assert a.courage == 2 and a.ribbons == ["confrontation"]
    assert w.herald == HOME and w.hand != [3] and len(w.hand) == 1          # played its 3, drew one
    assert s.courage_discard[-1] == 3
    assert controller(s, H("G4")) == 0
    r = s.last_confront
    assert r["winner"] == 0 and [x["total"] for x in r["sides"]] == [3, 3]


def test_the_loser_without_dial_or_cards_draws_nothing_and_timeout_is_blank():
    """Courage commit — default on timeout: dial 0, no cards. (The loser draws only if it set a dial of 1 or
    more or played a card.)"""
    s = clash(a={"courage": 0, "hand": []}, d={"courage": 2, "hand": []})
    play(s, "end")
    assert s.legal_actions(0) == ["blank"] and s.timeout_action(0) == "blank"
    s.apply_action("blank", 0)
    assert s.timeout_action(1) == "blank"
    s.apply_action("dial:1", 1)
    s.apply_action("commit", 1)
    a = s.clans[0]
    assert a.herald == HOME and a.hand == [] and s.clans[1].ribbons == ["confrontation"]


def test_a_winning_starter_loses_goodwill_per_defender_farmer_sent_home():
    """If the winner is the starter, it loses 1 goodwill per defender farmer sent home."""
    s = clash(a={"courage": 5}, d={"courage": 0, "hand": [], "farmers": {"G4": 2}})
    play(s, "end")
    gw = s.clans[0].goodwill
    s.apply_action("dial:1", 0)
    s.apply_action("commit", 0)
    s.apply_action("blank", 1)
    assert s.clans[0].goodwill == gw - 2 and s.clans[1].home_farmers == 2 and s.clans[1].farmers[H("G4")] == 0


def test_holdfast_defending_badgers_add_2():
    """Holdfast. When you are the defender in a confrontation, add +2 to your total."""
    s = clash(attacker="Wrens", defender="Badgers", a={"courage": 2, "hand": []}, d={"courage": 0, "hand": []})
    play(s, "end")
    s.apply_action("dial:2", 0)
    s.apply_action("commit", 0)
    s.apply_action("blank", 1)
    assert s.last_confront["winner"] == 0                 # 2 vs 0 + 2: a tie to the starter
    s = clash(attacker="Wrens", defender="Badgers", a={"courage": 1, "hand": []}, d={"courage": 0, "hand": []})
    play(s, "end")
    s.apply_action("dial:1", 0)
    s.apply_action("commit", 0)
    s.apply_action("blank", 1)
    assert s.last_confront["winner"] == 1


def test_confrontation_modifiers_stillwater_warren_friendly_tune():
    """Stillwater: +2 on a lake, +1 on land next to a lake. Warren: +1 per own farmer on the hex (max +2).
    Friendly Tune: +1 if you play at least 1 courage card."""
    s = pos(2, clans=["Herons", "Hares"], mats=[1, 2])
    s.clans[0].walkers[3] = H("G4")
    s.clans[1].walkers[3] = H("G4")
    s.clans[1].farmers[H("G4")] = 3
    assert s.modifiers(0, H("C4"), False, 0) == [("stillwater", 2)]
    assert s.modifiers(0, H("B3"), False, 0) == [("stillwater", 1)]
    assert s.modifiers(0, H("G4"), False, 0) == []
    assert s.modifiers(1, H("G4"), True, 0) == [("warren", 2)]
    w = pos(2, clans=["Wrens", "Badgers"], mats=[1, 2])
    w.clans[0].walkers[3] = H("A2")
    assert w.modifiers(0, H("A2"), False, 1) == [("friendly_tune", 1)] and w.modifiers(0, H("A2"), False, 0) == []
    assert w.modifiers(1, H("A2"), True, 0) == [("holdfast", 2)]


def test_rumble_and_snatch_before_dials_starter_first():
    """Pre-dial effects, the starter's first: Rumble (clay pit or plate: the opponent loses 2 courage), Snatch
    (take 1 random courage card from the opponent's hand into yours)."""
    s = clash(attacker="Badgers", defender="Magpies", at="F4", start="E5",
              a={"courage": 5, "walkers": {"W4": "home"}, "hand": [2]},
              d={"courage": 3, "walkers": {"W4": "home"}, "hand": [5]})
    play(s, "end")
    b, m = s.clans
    assert m.courage == 1                                  # F4 is a plate: Rumble
    assert b.hand == [] and m.hand == [2, 5]               # Snatch took the Badgers' only card
    seen = m.hand_seen[m.hand.index(2)]
    assert seen & 1 and seen & 2                           # both sides know where the 2 went


def test_several_confrontations_the_starter_chooses_the_order():
    """If there are several, the starter chooses the order (default: table order)."""
    s = pos(2, clans=["Badgers", "Wrens"], mats=[1, 2], tokens=[],
            seats=[{"herald": "F4", "walkers": {"W3": "E5"}, "courage": 7},
                   {"herald": "G4", "walkers": {"W1": "E4"}, "courage": 0, "hand": []}])
    play(s, col_for(s, "travel"), "move", "unit:H", "to:G4", "unit:W3", "to:E4")
    assert s.dk == "CONFRONT_ORDER" and s.legal_actions() == ["first:E4", "first:G4"]
    assert s.timeout_action(0) == "first:E4"
    play(s, "first:G4")
    assert s.ctx["hex"] == H("G4")
    s.apply_action("blank", 0)
    s.apply_action("blank", 1)
    assert s.dk == "COURAGE_COMMIT" and s.ctx["hex"] == H("E4")
    assert s.secrets_revealed()                          # the first dials are shown before the next commit


def test_at_most_two_confrontation_ribbons():
    s = clash(a={"courage": 5, "ribbons": ["confrontation", "confrontation"]}, d={"courage": 0, "hand": []})
    play(s, "end")
    s.apply_action("blank", 0)
    s.apply_action("blank", 1)
    assert s.clans[0].ribbons == ["confrontation", "confrontation"]
