"""§10 Hidden information: mission hands, courage hands (sizes public), deck orders, the mill pile, dials
until the reveal. What each seat is shown, and honest redraws of what it may not see."""
from __future__ import annotations

import json

from py_engine.core.fairness import Chance
from py_engine.core.game import ALL_SEATS
from py_engine.core.table import Seat, Table
from py_engine.games.wickerfair import GAME
from py_engine.games.wickerfair.data import MISSION_INDEX

from .helpers import col_for, play, pos


def test_hands_and_missions_only_to_their_owner_sizes_to_all():
    s = GAME.new_initial_state(3, {}, Chance("a1" * 32))
    for viewer in (None, 0, 1, 2):
        obs = s.observation(viewer)
        for c in obs["clans"]:
            own = c["seat"] == viewer
            assert ("hand" in c) == own and ("mission_list" in c) == own
            assert c["hand_size"] == len(s.clans[c["seat"]].hand) and c["missions"] == 2
        assert "courage_order" not in obs["decks"] and "mill_pile" not in obs and "mill_aside" not in obs
    full = s.observation(ALL_SEATS)
    assert all("hand" in c for c in full["clans"])
    assert full["decks"]["courage_order"] == s.courage_deck and len(full["mill_aside"]) == 8 - 4


def _confront_table(steps_0, steps_1):
    """A confrontation at G4; seat 0 plays ``steps_0`` then seat 1 ``steps_1`` (the last of each commits)."""
    t = Table(GAME, [Seat("A"), Seat("B")], {}, "b2" * 32, words=True)
    s = pos(2, clans=["Badgers", "Wrens"], mats=[1, 2], tokens=[],
            seats=[{"herald": "F4", "courage": 4}, {"herald": "G4", "courage": 2, "hand": [3]}])
    t.state = s
    for a in (col_for(s, "travel"), "move", "unit:H", "to:G4", "end"):
        t.play(a)
    return t


def test_the_dial_is_secret_in_the_log_until_both_are_in():
    """COURAGE_COMMIT: secret, simultaneous; reveal when both have submitted or timed out. Until then the
    other seat sees ONE entry for a commit, however many steps it took; its own steps are one draft."""
    t = _confront_table(None, None)
    travel = t.log(1)[-1]
    assert travel["action"] == "move unit:H to:G4 end" and len(travel["parts"]) == 4
    t.play("dial:3", 0)
    assert t.log(1)[-1] == travel                       # a commit under way leaves no trace for the other
    assert t.log(0)[-1]["draft"] and t.log(0)[-1]["action"] == "dial:3"
    t.play("commit", 0)
    t.play("card:3", 1)
    seen_by_1 = t.log(1)
    assert seen_by_1[-2]["hidden"] and seen_by_1[-2]["action"] is None and "parts" not in seen_by_1[-2]
    assert seen_by_1[-1]["draft"] and seen_by_1[-1]["action"] == "card:3"
    assert t.log(0)[-1]["action"] == "dial:3 commit" and t.log(0)[-1]["words"]["en"].startswith("Set the dial to 3")
    assert len(t.log(None)) == len(t.log(0)) - 0 and t.log(None)[-1]["hidden"]
    t.play("commit", 1)
    log = t.log(1)
    assert [e["action"] for e in log[-2:]] == ["dial:3 commit", "card:3 commit"]
    assert log[-2]["parts"][0]["words"]["en"] == "Set the dial to 3"
    assert [e["n"] for e in log] == list(range(1, len(log) + 1))


def test_a_blank_commit_and_a_real_one_look_the_same_to_the_other_seat():
    """Issue 18: `blank` is one step and a real commit two or more; the other seat and a spectator must
    see the same log either way (count, shape, words) until the reveal."""
    def seen(steps):
        t = _confront_table(None, None)
        for a in steps:
            t.play(a, 0)
        return [t.log(1), t.log(None)], t
    blank, _ = seen(["blank"])
    real, _ = seen(["dial:2", "dial:4", "dial:3", "commit"])
    assert blank == real


def test_observation_of_a_commit_shows_only_your_own_draft():
    s = pos(2, clans=["Badgers", "Wrens"], mats=[1, 2], tokens=[],
            seats=[{"herald": "F4", "courage": 4}, {"herald": "G4", "courage": 2, "hand": [3]}])
    play(s, col_for(s, "travel"), "move", "unit:H", "to:G4", "end")
    s.apply_action("dial:3", 0)
    s.apply_action("commit", 0)
    assert s.observation(0)["ctx"]["draft"] == {"0": {"dial": 3, "cards": []}}
    assert "draft" not in s.observation(None)["ctx"]
    assert s.observation(1)["ctx"]["draft"] == {"1": {"dial": 0, "cards": []}}
    assert s.observation(1)["ctx"]["done"] == [0]


def test_resample_keeps_what_the_viewer_knows_and_redraws_the_rest():
    """resample_hidden: other hands, deck orders, uncommitted secrets are redrawn; what the viewer saw (its
    own hand, cards it put at the bottom, the mill pile it viewed, a snatched card) stays."""
    s = GAME.new_initial_state(4, {}, Chance("c3" * 32))
    stream = Chance("d4" * 32).stream("r")
    changed = False
    for _ in range(10):
        r = s.resample_hidden(1, stream)
        assert json.dumps(r.observation(1), sort_keys=True) == json.dumps(s.observation(1), sort_keys=True)
        assert r.clans[1].hand == s.clans[1].hand and r.clans[1].missions == s.clans[1].missions
        for c in r.clans:
            assert len(c.hand) == len(s.clans[c.seat].hand)
        changed |= r.observation(ALL_SEATS) != s.observation(ALL_SEATS)
    assert changed
    everything = sorted(s.courage_deck + [v for c in s.clans for v in c.hand])
    assert sorted(r.courage_deck + [v for c in r.clans for v in c.hand]) == everything


def test_resample_keeps_fortune_teller_bottom_cards_for_the_keeper():
    s = pos(2, clans=["Badgers", "Hares"], mats=[1, 2], visitors=["V7"], seats=[{"herald": "F4", "coins": 2}],
            missions=["M01", "M02", "M03", "M04", "M05", "M06", "M07"])
    play(s, col_for(s, "travel"), "move", "unit:H", "to:G4", "end", "offer:B", "keep:M06")
    stream = Chance("e5" * 32).stream("r")
    for _ in range(5):
        r = s.resample_hidden(0, stream)
        assert r.mission_deck[-2:] == [MISSION_INDEX["M05"], MISSION_INDEX["M07"]]
        assert r.observation(0) == s.observation(0)


def test_a_snatched_card_stays_known_to_both_sides():
    s = pos(2, clans=["Magpies", "Wrens"], mats=[1, 2], tokens=[],
            seats=[{"herald": "F4", "walkers": {"W4": "home"}, "hand": []}, {"herald": "G4", "hand": [5]}])
    play(s, col_for(s, "travel"), "move", "unit:H", "to:G4", "end")
    assert s.clans[0].hand == [5]
    assert s.observation(1)["clans"][0]["hand_known"] == [5]
    assert "hand_known" not in s.observation(None)["clans"][0]
    r = s.resample_hidden(1, Chance("f6" * 32).stream("r"))
    assert 5 in r.clans[0].hand and r.observation(1) == s.observation(1)
    mine = [e for e in s.events_since(0, 1) if e["kind"] == "snatch"]
    theirs = [e for e in s.events_since(0, None) if e["kind"] == "snatch"]
    assert mine[0]["card"] == 5 and "card" not in theirs[0]


def test_private_picks_are_worded_without_their_secret_for_others():
    s = pos(2, clans=["Badgers", "Hares"], mats=[1, 2], visitors=["V7"], seats=[{"herald": "F4", "coins": 2}])
    play(s, col_for(s, "travel"), "move", "unit:H", "to:G4", "end", "offer:B")
    a = s.legal_actions()[0]
    assert s.describe(a, "en", None) == "Kept one mission" and s.describe(a, "pt", None) == "Ficou com uma missão"
    assert s.describe(a, "en", 0).startswith("Keep the mission")
    assert s.observation(1)["ctx"] == {} and s.observation(0)["ctx"]["cards"]
