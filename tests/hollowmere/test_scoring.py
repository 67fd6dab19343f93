"""Wardens and scoring, sentence by sentence of the rules page, and the design's worked examples."""
import re

import pytest

from py_engine.core.game import IllegalAction
from py_engine.games.hollowmere.valley import cell

from .helpers import design_file, parse_example, play, scripted

# design §6 and §7.7, replayed move by move (also read from the design file below when present)
EXAMPLES = {
    "notation (§6)": (["CAP@20,19r2+b1", "ROAD@21,20r1-", "veil", "aside:FULL", "SHR@20,21r0+shrine"],
                      [4, 0, 3], ["CAP", "ROAD", "BEND", "FULL", "SHR"]),
    "1 burgh with seals, a tie": (["CORNS@20,19r2+b1", "CAPD@21,20r0+b1", "CORNS@21,19r3-"], [12, 12], None),
    "2 trail through one tile twice": (
        ["BENDS@19,20r0+t1", "BEND@19,19r0-", "BEND@18,19r3-", "BEND@18,20r2-", "SHRT@19,21r2-",
         "FORK@21,20r0-"], [7, 0], None),
    "3 crossroads arms": (["CROSS@21,20r0+t4", "ROAD@21,19r0+t1", "FORK@19,20r2-", "SHRT@21,18r0-"],
                          [3, 3], None),
    "4 shrine at the end": (["SHR@20,21r0+shrine", "ROAD@21,20r1-", "ROAD@19,20r1-", "MCAP@20,22r2-",
                             "MRID@21,22r0-"], [7, 0], None),
    "5 aquifer fed by two springs": (
        ["RFORK@20,21r0-", "POOL@20,22r2+r1", "SPR@19,21r3-", "RIV@21,21r1-", "SPR@22,21r1-",
         "MCAP@18,21r0-", "MCAP@22,22r2-"], [0, 5], None),
    "6 mountain boost once per tile": (
        ["MPASS@21,20r0+t1", "MCAP@20,21r2-", "BEND@19,20r3-", "FORK@22,20r0-", "SHRT@19,21r2-"],
        [7, 0], None),
}


@pytest.mark.parametrize("name", EXAMPLES)
def test_worked_examples(name):
    """design §6 and §7.7: replay each example's moves and check each player's total."""
    moves, score, supply = EXAMPLES[name]
    s = play(len(score), moves, {"mist_veil": True}, supply=supply)
    assert s.is_terminal()
    assert s.scores() == score


def test_worked_examples_as_written_in_the_design_file():
    """Every `moves` / `score` pair of design §6–§7 replays to its score (like the design's check.py)."""
    path = design_file()
    if path is None:
        pytest.skip("design/hollowmere.md is not beside this repository")
    blocks = re.findall(r"^moves .*\n^score .*$", path.read_text(encoding="utf-8"), re.M)
    found = 0
    for block in blocks:
        moves, score, seats = parse_example(block)
        n = len(score)
        supply = None
        if "veil" in moves:   # the veiled tile is not written; any tile that fits will do
            supply = []
            for m in moves:
                if m == "veil":
                    supply.append("BEND")
                elif m.startswith("aside:"):
                    supply.append(m[6:])
                else:
                    supply.append(m.split("@")[0])
        s = play(n, moves, {"mist_veil": True}, supply=supply)
        assert [ord(a) - ord("A") for a in seats] == [s_ for s_ in _seats_of(n, moves)]
        assert s.scores() == score, block
        found += 1
    assert found == 7


def _seats_of(n, moves):
    seat, out = 0, []
    for m in moves:
        out.append(seat)
        if "@" in m:
            seat = (seat + 1) % n
    return out


def test_example_events_are_itemised():
    """Every score event itemised: feature, tiles, seals, boost, mountains, value, wardens, scorers, points."""
    s = play(2, EXAMPLES["5 aquifer fed by two springs"][0])
    ev = [e for e in s.events_since(0) if e["kind"] == "score"]
    assert ev == [{
        "kind": "score", "when": "end", "feature": "aquifer",
        "tiles": [[22, 21], [21, 21], [20, 21], [20, 22]], "seals": 0, "boost": 1, "mountains": [[22, 22]],
        "value": 4, "wardens": {"1": 1}, "scorers": [1], "points": 5, "after_action": 7,
        "returned": [[20, 22, "r1", 1]],
    }]
    s = play(2, EXAMPLES["1 burgh with seals, a tie"][0])
    (e,) = [e for e in s.events_since(0) if e["kind"] == "score"]
    assert (e["when"], e["feature"], e["seals"], e["value"], e["scorers"], e["points"], e["after_action"]) == \
        ("play", "burgh", 2, 12, [0, 1], 12, 3)
    assert len(e["tiles"]) == 4
    assert s.events_since(1) == []


# --- posting a Warden ---------------------------------------------------------------

def test_warden_roles_by_feature():
    """After the tile is laid, you may post one Warden from your supply onto that tile: a trail (as a
    Pathfinder), a burgh (as a Steward), a shrine (as a Keeper), an aquifer (as a Well-keeper), or — only
    when meadow scoring is on — a meadow (as a Grazier)."""
    s = scripted(2, ["CAPB", "ROAD"], {"meadows": True})
    assert {a.split("+")[1] for a in s.legal_actions() if a.startswith("CAPB@20,19r2+")} == {"b1", "t1", "m1", "m2"}
    s.apply_action("CAPB@20,19r2+t1")
    assert s.observation(None)["wardens"][0]["role"] == "pathfinder"
    s = scripted(2, ["CAPB", "ROAD"])
    assert {a.split("+")[1] for a in s.legal_actions() if a.startswith("CAPB@20,19r2+")} == {"b1", "t1"}
    s = scripted(2, ["RFORK", "POOL", "ROAD"])
    s.apply_action("RFORK@20,21r0-")
    assert "POOL@20,22r2+r1" in s.legal_actions()
    s.apply_action("POOL@20,22r2+r1")
    assert s.observation(None)["wardens"][0]["role"] == "well-keeper"


def test_no_warden_on_river_spring_or_mountain():
    """A river, a spring, and mountain can never take a Warden. On a river, only the aquifer can."""
    s = scripted(2, ["RFORK", "SPR", "RIV", "MCAP", "ROAD"])
    s.apply_action("RFORK@20,21r0-")
    assert not [a for a in s.legal_actions() if "+" in a]          # a spring: nowhere to post
    with pytest.raises(IllegalAction, match="spring or river"):
        s.apply_action("SPR@19,21r3+r1")
    s.apply_action("SPR@19,21r3-")
    with pytest.raises(IllegalAction, match="spring or river"):
        s.apply_action("RIV@21,21r1+r1")
    s.apply_action("RIV@21,21r1-")
    assert not any(a.endswith("+mt1") for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="mountain"):
        s.apply_action("MCAP@20,19r2+mt1")


def test_no_warden_on_a_feature_that_already_holds_one_even_your_own():
    """You may not post on a feature that already holds any Warden, including your own."""
    s = scripted(2, ["ROAD", "ROAD", "ROAD", "ROAD"])
    s.apply_action("ROAD@21,20r1+t1")            # seat 0 on the gatehouse trail
    assert "ROAD@22,20r1+t1" not in s.legal_actions()
    with pytest.raises(IllegalAction, match="already holds a Warden"):
        s.apply_action("ROAD@22,20r1+t1")
    s.apply_action("ROAD@22,20r1-")
    assert "ROAD@19,20r1+t1" not in s.legal_actions()   # seat 0 again: its own Warden blocks it too


# Two trails claimed by different seats, joined by later tiles (x: 19..22, y: 20..22):
#   BEND  GATE  ROAD  BEND
#   BEND  BEND  BEND  BEND
#         SHRT  SHRT
JOIN = ["ROAD@21,20r1+t1",     # seat 0: the gatehouse trail
        "BEND@21,21r3+t1",     # seat 1: a separate trail under the road
        "BEND@20,21r0+t1",     # seat 0: a third, separate trail under the gatehouse
        "BEND@22,20r0-",
        "BEND@22,21r1-",       # joins seat 1's trail to the gatehouse trail
        "BEND@19,20r3-",
        "BEND@19,21r2-",       # joins seat 0's second trail too
        "SHRT@20,22r2-",
        "SHRT@21,22r2-"]       # closes the whole trail: 10 tiles


def test_joining_features_that_each_hold_wardens_is_allowed_and_wardens_stay():
    """Laying a tile that joins two features which each already have Wardens is allowed. Those Wardens
    stay where they are."""
    s = play(2, JOIN[:4], tail=["BEND", "ROAD"])
    assert "BEND@22,21r1-" in s.legal_actions()
    assert not any(a.startswith("BEND@22,21r1+t") for a in s.legal_actions())   # joined trail is taken
    s.apply_action("BEND@22,21r1-")
    f = s.valley.feature(cell(21, 20), 0)
    assert f is s.valley.feature(cell(21, 21), 0) and f.wardens == {0: 1, 1: 1}
    assert [(w["x"], w["y"], w["seat"]) for w in s.observation(None)["wardens"]] == \
        [(21, 20, 0), (21, 21, 1), (20, 21, 0)]


def test_two_wardens_beat_one():
    """...a player with fewer scores nothing."""
    s = play(2, JOIN, tail=["ROAD"])
    e = [e for e in s.events_since(0) if e["kind"] == "score" and e["feature"] == "trail" and e["wardens"]][0]
    assert (e["wardens"], e["value"], e["scorers"], e["points"]) == ({"0": 2, "1": 1}, 10, [0], 10)
    assert s.scores() == [10, 0]
    assert s.valley.wardens_left == [7, 7]          # all three Pathfinders come home


def test_majority_tie_with_three_seats():
    """Two players with the same count both score the whole amount; the third scores nothing."""
    moves = ["ROAD@21,20r1+t1", "BEND@21,21r3+t1", "BEND@22,20r0-", "BEND@22,21r1-", "FORK@19,20r2-",
             "SHRT@21,22r2-"]
    s = play(3, moves, tail=["ROAD"])
    assert s.scores() == [7, 7, 0]


def test_grazier_stays_others_return_when_their_feature_scores():
    """A Grazier lies down in the meadow and stays until the end of the game. Every other Warden returns
    to your supply when its feature scores."""
    s = scripted(2, ["CAP", "CAP", "ROAD"], {"meadows": True})
    s.apply_action("CAP@20,19r2+m1")                        # Grazier; the burgh completes at once
    assert s.observation(None)["wardens_left"] == [6, 7]
    assert [w["role"] for w in s.observation(None)["wardens"]] == ["grazier"]
    s2 = scripted(2, ["CAP", "CAP", "ROAD"])
    s2.apply_action("CAP@20,19r2+b1")                       # Steward scores 4 and comes home
    assert s2.scores() == [4, 0] and s2.observation(None)["wardens_left"] == [7, 7]
    assert s2.observation(None)["wardens"] == []


def test_no_wardens_left_skips_the_step():
    """If you have no Wardens left, or the tile has nowhere you may post, this step is skipped."""
    tiles = ["SHR"] * 14 + ["ROAD"]
    s = scripted(2, tiles)
    spots = [(20, 21), (19, 21), (21, 21), (18, 21), (22, 21), (17, 21), (23, 21),
             (16, 21), (24, 21), (15, 21), (25, 21), (14, 21), (26, 21), (13, 21)]
    for x, y in spots:
        s.apply_action(f"SHR@{x},{y}r0+shrine")
    assert s.valley.wardens_left == [0, 0]
    assert all(a.endswith("-") for a in s.legal_actions())


def test_nowhere_to_post():
    s = scripted(2, ["SPR", "ROAD"])
    assert all(a.endswith("-") for a in s.legal_actions())


# --- scoring during play -----------------------------------------------------------

def test_shrine_scores_nine_when_its_surroundings_are_full():
    """Score every feature the new tile completed, and any shrine whose surrounding ground is now full.
    Then the turn passes."""
    moves = ["SHR@20,21r0+shrine", "ROAD@19,20r1-", "ROAD@21,20r1-", "CAP@19,21r3-", "CAP@21,21r1-",
             "CAP@19,22r2-", "CAP@20,22r2-"]
    s = play(2, moves, tail=["CAP", "ROAD"])
    assert s.scores() == [0, 0] and s.current == 1
    s.apply_action("CAP@21,22r2-")            # seat 1 fills the eighth cell: seat 0's Keeper scores
    assert s.scores() == [9, 0] and s.current == 0
    e = [e for e in s.events_since(0) if e.get("feature") == "shrine"][0]
    assert (e["when"], e["value"], e["points"], e["after_action"]) == ("play", 9, 9, 8)
    assert s.valley.wardens_left == [7, 7]


def test_completed_trail_scores_one_per_tile_and_burgh_two_per_tile_and_seal():
    s = play(2, ["ROAD@21,20r1+t1", "FORK@22,20r0-", "FORK@19,20r2-"], tail=["ROAD"])
    assert s.scores() == [4, 0]
    s = play(2, ["CORNS@20,19r2+b1", "CAPD@21,20r0-", "CORNS@21,19r3-"], tail=["ROAD"])
    assert s.scores() == [12, 0]


def test_complete_feature_without_wardens_scores_nothing():
    """A feature with no Wardens scores nothing (and gets no boost)."""
    s = play(2, ["ROAD@21,20r1-", "MCAP@21,19r0-", "CAP@20,19r2-"], tail=["ROAD"])
    e = [e for e in s.events_since(0) if e["kind"] == "score"][0]
    assert (e["value"], e["boost"], e["scorers"], e["points"]) == (4, 0, [], 0)
    assert s.scores() == [0, 0]


def test_same_tile_twice_counts_once():
    """A trail or a burgh that crosses the same tile twice still counts that tile once."""
    s = play(2, EXAMPLES["2 trail through one tile twice"][0])
    e = [e for e in s.events_since(0) if e["kind"] == "score" and e["scorers"]][0]
    assert e["value"] == 7 and len(e["tiles"]) == 7


def test_crossroads_arms_are_separate_and_closed():
    """Crossroads. Trails leave all four edges and stop at a crossing stone. Like the Three-Way Fork, each
    arm is its own trail, and each is closed at the crossing."""
    s = scripted(2, ["CROSS", "ROAD"])
    s.apply_action("CROSS@21,20r0+t4")
    v = s.valley
    arms = {id(v.feature(cell(21, 20), i)) for i in range(4)}
    assert len(arms) == 4
    assert v.feature(cell(21, 20), 3) is v.feature(cell(20, 20), 1)
    assert v.feature(cell(21, 20), 0).open == 1          # north arm: one open end only
    s = play(2, EXAMPLES["3 crossroads arms"][0])
    assert s.scores() == [3, 3]


# --- majority ---------------------------------------------------------------------

def test_majority_ties_are_not_split_and_fewer_scores_nothing():
    """The players with the most Wardens on a feature each score its full value. A tie is not split: two
    players with two Wardens each both score the whole amount, and a player with fewer scores nothing."""
    s = play(2, EXAMPLES["1 burgh with seals, a tie"][0])
    assert s.scores() == [12, 12]


# --- rivers -----------------------------------------------------------------------

def test_rivers_join_at_a_fork_and_never_need_finishing():
    """Where rivers meet — at a River Fork, or where two rivers are laid into each other — they join and
    run on as one river. A river never needs to be finished. Branches that run off into empty ground do
    not stop anything from scoring."""
    # the fork's east arm runs off into empty ground; the aquifer still scores spring -> fork -> pool
    s = play(2, ["RFORK@20,21r0-", "POOL@20,22r2+r1", "SPR@19,21r3-"])
    assert s.scores() == [0, 3]


def test_two_rivers_laid_into_each_other_join():
    # a spring laid straight into a pool: a two-tile river
    s = play(2, ["SHR@20,21r0-", "SPR@20,22r0-", "POOL@20,23r2+r1"])
    assert s.scores() == [2, 0]


def test_aquifer_no_spring_feeds_scores_nothing():
    """An aquifer no spring feeds scores nothing."""
    s = play(2, ["RFORK@20,21r0-", "POOL@20,22r2+r1"])
    assert s.scores() == [0, 0]
    e = [e for e in s.events_since(0) if e["feature"] == "aquifer"][0]
    assert (e["value"], e["points"], e["scorers"]) == (0, 0, [])
    assert s.valley.wardens_left == [7, 7]   # the Well-keeper still comes home when it scores


def test_one_river_feeding_several_aquifers_scores_each_on_its_own():
    """Where one river feeds several aquifers, each aquifer scores on its own, from its own furthest
    spring. Aquifers score by the same majority rules as any other feature, and their Wardens return."""
    s = play(2, ["RFORK@20,21r0-", "POOL@20,22r2+r1", "POOL@21,21r1+r1", "SPR@19,21r3-"])
    assert s.scores() == [3, 3]
    assert [e["after_action"] for e in s.events_since(0) if e["feature"] == "aquifer"] == [4, 4]
    assert s.valley.wardens_left == [7, 7]


def test_aquifer_counts_the_shortest_way_from_the_furthest_spring():
    """At the end of the game, each aquifer scores 1 for every tile on the river from its furthest spring to
    the aquifer, counting the spring's tile and the aquifer's tile. Follow the river along the shortest way
    between the two; where several springs feed the same aquifer, use the one furthest away."""
    s = play(2, EXAMPLES["5 aquifer fed by two springs"][0])
    assert s.scores() == [0, 5]


def test_bridge_river_and_trail_are_separate():
    """On a Bridge, a trail crosses a river: the river and the trail are separate features that only share
    the tile."""
    s = scripted(2, ["BRIDGE", "ROAD"])
    s.apply_action("BRIDGE@21,20r0+t1")
    v = s.valley
    assert v.feature(cell(21, 20), 1) is v.feature(cell(20, 20), 1)   # its trail joins the gatehouse trail
    assert v.feature(cell(21, 20), 0) is None                          # the river is no claimable feature
    assert "BRIDGE@21,20r0+r1" not in s.clone().legal_actions()


# --- mountain ---------------------------------------------------------------------

def test_mountain_is_never_claimed_and_never_scores_by_itself():
    """Mountain is an area, like a burgh: it runs across edges and joins from tile to tile. Mountain is never
    claimed and never scores by itself. Instead, it lifts what stands beside it."""
    s = play(2, ["MCAP@20,21r2-", "MRID@20,22r0-"])
    assert s.scores() == [0, 0]
    assert not [e for e in s.events_since(0) if e["kind"] == "score"]


def test_mountain_boost_each_tile_once_and_through_tiles():
    """Mountain boost. Whenever a burgh, a trail, a shrine, or an aquifer scores — during play or at the end
    — it scores 1 more for every different mountain tile that shares a side with any of its tiles. Each
    mountain tile counts once, however many of the feature's tiles it touches. A trail that runs through a
    mountain tile counts that tile when another tile of the trail lies beside it."""
    s = play(2, EXAMPLES["6 mountain boost once per tile"][0])
    e = [e for e in s.events_since(0) if e["kind"] == "score" and e["scorers"]][0]
    assert e["boost"] == 2 and sorted(e["mountains"]) == [[20, 21], [21, 20]] and e["points"] == 7


def test_shrine_boost_counts_neighbours_not_its_own_mountain_tile():
    """For a shrine, it is the shrine's own tile (its own mountain never counts)."""
    s = play(2, ["MSHR@20,21r2+shrine"])
    e = [e for e in s.events_since(0) if e["kind"] == "score"][0]
    assert (e["value"], e["boost"], e["points"]) == (2, 0, 2)
    s = play(2, EXAMPLES["4 shrine at the end"][0])
    assert s.scores() == [7, 0]                   # MCAP beside: +1; MRID at a corner: +0


def test_burgh_boost_and_end_scoring_of_an_unfinished_burgh():
    """Add the mountain boost to every trail, burgh, shrine, and aquifer (end: 1 per tile + 1 per seal)."""
    s = play(2, ["CORNS@20,19r2+b1", "MCAP@19,19r0-"])
    # unfinished: 2 tiles + 1 seal = 3, and MCAP beside the corner: +1
    assert s.scores() == [4, 0]


def test_meadows_get_no_boost():
    """Meadows get no boost."""
    s = play(2, ["CAP@20,19r2+m1", "MCAP@21,19r0-"], {"meadows": True})
    e = [e for e in s.events_since(0) if e.get("feature") == "meadow"][0]
    assert (e["value"], e["boost"], e["points"]) == (3, 0, 3)


def test_aquifer_boost_uses_the_scored_path_only():
    """For an aquifer, its tiles are the river tiles it scored, from the furthest spring to the pool."""
    s = play(2, EXAMPLES["5 aquifer fed by two springs"][0])
    e = [e for e in s.events_since(0) if e["feature"] == "aquifer"][0]
    assert e["mountains"] == [[22, 22]]          # the one beside the nearer spring is off the path


# --- meadows ----------------------------------------------------------------------

def test_meadow_scores_three_per_completed_burgh_once_each():
    """A completed burgh can score for several meadows, but only once for each meadow."""
    # one meadow touching the same completed burgh on two tiles scores it once
    moves = ["CAP@20,19r2+m1", "BEND@21,20r0-", "MCAP@21,19r0-"]
    s = play(2, moves, {"meadows": True})
    assert s.valley.feature(cell(20, 19), 1) is s.valley.feature(cell(20, 20), 2)
    assert s.scores() == [3, 0]
    # two separate meadows beside one burgh: each scores it
    moves = ["CAP@20,19r2+m1", "ROAD@21,20r1+m1"]
    s = play(2, moves, {"meadows": True})
    assert s.scores() == [3, 0]    # on r1 ROAD's m1 is the south meadow: no burgh
    moves = ["CAP@20,19r2+m1", "ROAD@21,20r1+m2"]
    s = play(2, moves, {"meadows": True})
    assert s.scores() == [3, 3]    # the north strip and the cap's meadow both touch the burgh


def test_meadows_on_two_sides_of_a_trail_are_separate_fields():
    """Meadows on the two sides of a trail are separate fields."""
    s = scripted(2, ["ROAD", "ROAD"], {"meadows": True})
    s.apply_action("ROAD@21,20r1+m1")
    v = s.valley
    assert v.feature(cell(21, 20), 1) is not v.feature(cell(21, 20), 2)
    assert v.feature(cell(20, 20), 3) is v.feature(cell(21, 20), 1)    # south strip with south strip


def test_grazier_is_never_returned():
    """A Grazier is never returned."""
    s = play(2, ["CAP@20,19r2+m1", "ROAD@21,20r1-"], {"meadows": True})
    assert s.is_terminal()
    assert s.valley.wardens_left == [6, 7]
    assert [w["role"] for w in s.observation(None)["wardens"]] == ["grazier"]


def test_no_meadow_scoring_when_off():
    s = play(2, ["CAP@20,19r2-", "ROAD@21,20r1-"])
    assert s.scores() == [0, 0]
    assert not any(e.get("feature") == "meadow" for e in s.events_since(0))


# --- end of game ------------------------------------------------------------------

def test_end_scores_everything_not_yet_scored_and_shared_wins():
    """When the supply is empty and the tile in hand has been laid or set aside, score every meadow (if that
    option is on), every aquifer, and every feature that did not already score. The highest total wins. If
    two or more players share that total, they share the win."""
    s = play(2, ["ROAD@21,20r1+t1", "CAP@20,19r2+b1"])
    # seat 1 closes the gatehouse burgh (4); seat 0's unfinished trail scores 2 at the end
    assert s.scores() == [2, 4] and s.winners() == [1]
    s = play(2, EXAMPLES["1 burgh with seals, a tie"][0])
    assert s.winners() == [0, 1] and s.outcome() == "draw"
    s = play(3, ["ROAD@21,20r1+t1", "CAP@20,19r2+b1", "SHR@20,21r0-"], tail=[])
    assert s.scores() == [2, 4, 0] and s.winners() == [1] and s.outcome() == "win"


def test_finish_with_the_highest_score():
    """Finish with the highest score. When the supply is exhausted, unfinished features score at a reduced
    rate, and the highest total wins."""
    s = play(2, ["CORNS@20,19r2+b1", "SHR@20,21r0-"])
    # unfinished: 2 tiles + 1 seal = 3 (complete it would be 2*2 + 2 = 6)
    assert s.scores() == [3, 0] and s.winners() == [0]
