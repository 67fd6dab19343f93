"""Where a tile may go, the record notation, and how bad actions are refused."""
import pytest

from py_engine.core.fairness import Chance
from py_engine.core.game import IllegalAction
from py_engine.games.hollowmere import GAME
from py_engine.games.hollowmere.state import rotations_offered
from py_engine.games.hollowmere.data import BY_ID, SIDES, supply_list
from py_engine.games.hollowmere.valley import NEIGH, W, cell

from .helpers import play, scripted

SEED = "5e" * 32


def test_valley_is_41_by_41_with_gatehouse_in_the_centre():
    """The valley is a fixed table, 41 cells by 41. The opening Gatehouse Road sits in the centre, its
    burgh edge facing north and its trail running east and west."""
    s = GAME.new_initial_state(2, {}, Chance(SEED))
    obs = s.observation(None)
    assert obs["valley"] == {"width": 41, "height": 41}
    assert obs["tiles"][0] == {"x": 20, "y": 20, "tile": "GATE", "r": 0, "seat": None, "warden": None}
    p = s.valley.grid[cell(20, 20)]
    assert SIDES[p] == ("burgh", "trail", "meadow", "trail")
    assert len(s.valley.grid) == 41 * 41


def test_every_other_tile_is_shuffled_face_down():
    """Every other tile is shuffled face down (chance.stream("setup/supply").shuffle, documented)."""
    s = GAME.new_initial_state(3, {}, Chance(SEED))
    expected = supply_list()
    Chance(SEED).stream("setup/supply").shuffle(expected)
    assert s.supply == expected
    assert s.hand == expected[0] and s.supply_count() == 83
    other = GAME.new_initial_state(3, {}, Chance("77" * 32))
    assert other.supply != s.supply and sorted(other.supply) == sorted(s.supply)


def test_first_player_from_the_seed():
    """Who starts is drawn from the seed: chance.stream("setup/first").below(n)."""
    for n in (2, 3, 5):
        s = GAME.new_initial_state(n, {}, Chance(SEED))
        assert s.current == Chance(SEED).stream("setup/first").below(n)
        assert s.decision().players == (s.current,)


def _brute_force(s):
    """Every (cell, r) a tile may be laid at by the rule of design §1.4, found the slow way."""
    v = s.valley
    out = set()
    for c in range(W * W):
        if v.grid[c] >= 0:
            continue
        for r in range(4):
            p = s.hand * 4 + r
            touching, ok = False, True
            for d, n in enumerate(NEIGH[c]):
                if n >= 0 and v.grid[n] >= 0:
                    touching = True
                    ok = ok and SIDES[v.grid[n]][(d + 2) % 4] == SIDES[p][d]
            if touching and ok:
                out.add((c, r))
    return out


def test_placement_rule_against_brute_force():
    """Draw the top tile. Turn it in quarter-turns until it shows an edge the valley will accept, then lay
    it in an empty cell that touches a laid tile by a side, every touching side matching (PRODUCT.md)."""
    s = GAME.new_initial_state(2, {}, Chance(SEED))
    rng = Chance(SEED).stream("test")
    for _ in range(40):
        if s.is_terminal():
            break
        if s.placements():
            brute = _brute_force(s)
            offered = set(s.placements())
            # one entry per distinct look, the smallest r of each look-alike set
            assert offered <= brute
            assert {(c, r) for c, r in brute if r in rotations_offered(s.hand_id())} == offered
        legal = s.legal_actions()
        s.apply_action(legal[rng.below(len(legal))])


def test_legal_actions_are_in_a_stable_order():
    s = GAME.new_initial_state(2, {}, Chance(SEED))
    a = s.legal_actions()
    assert a == s.clone().legal_actions() == GAME.new_initial_state(2, {}, Chance(SEED)).legal_actions()
    cells = [tuple(map(int, x.split("@")[1].split("r")[0].split(",")))[::-1] for x in a if "@" in x]
    assert cells == sorted(cells)


def test_look_alike_rotations_offered_once_but_any_r_is_accepted():
    """§1.3: ROAD r1 and r3 look alike: the list offers r1; a record may still say r3."""
    s = scripted(2, ["ROAD", "ROAD"], {"meadows": True})
    legal = s.legal_actions()
    assert "ROAD@21,20r1-" in legal and "ROAD@21,20r3-" not in legal
    s.apply_action("ROAD@21,20r3+m1")
    assert s.observation(None)["tiles"][-1]["r"] == 3
    # on r3 the region m1 is the north meadow (on r1 it would be the south one)
    assert s.valley.feature(cell(21, 20), 1) is s.valley.feature(cell(20, 20), 2)


def test_quarter_turns_only_in_notation():
    """You may turn the tile before you lay it. Only quarter-turns are allowed."""
    s = scripted(2, ["CAP", "CAP"])
    for bad in ("CAP@20,19r4-", "CAP@20,19r-1-", "CAP@20,19r1.5-"):
        with pytest.raises(IllegalAction):
            s.apply_action(bad)
    assert "CAP@20,19r2-" in s.legal_actions()


def test_cells_outside_the_table_are_never_offered_and_a_road_runs_at_most_twenty_tiles_out():
    """Cells outside the 41 by 41 table are never offered. A road can run at most twenty tiles out from
    the gatehouse."""
    moves = [f"ROAD@{x},20r1-" for x in range(19, -1, -1)]
    s = play(2, moves, tail=["ROAD", "ROAD"])
    assert s.valley.grid[cell(0, 20)] >= 0          # twenty tiles out: x = 0
    for a in s.legal_actions():
        x, y = map(int, a.split("@")[1].split("r")[0].split(","))
        assert 0 <= x <= 40 and 0 <= y <= 40
        assert not (y == 20 and x < 20)             # nothing left to extend west
    with pytest.raises(IllegalAction):
        s.apply_action("ROAD@41,20r1-")
    with pytest.raises(IllegalAction):
        s.apply_action("ROAD@-1,20r1-")
    # the trail's west end faces outside the valley: it can never be finished
    f = s.valley.feature(cell(0, 20), 0)
    assert f.open >= 1


@pytest.mark.parametrize("bad", [
    "CAP@20,19r2", "cap@20,19r2-", "CAP@20,19r4-", "CAP@41,0r0-", "CAP@07,19r2-", "CAP@20,19r2+b3",
    "CAP@20,19r2+", "CAP@ 20,19r2-", "", "veil ", "aside:cap", "XYZ@20,19r2-", 42, None,
])
def test_malformed_actions_are_refused_and_change_nothing(bad):
    """design §6: invalid strings. apply_action raises IllegalAction and leaves the state unchanged."""
    s = scripted(2, ["CAP", "ROAD"])
    before = s.observation(0), s.legal_actions()
    with pytest.raises(IllegalAction) as e:
        s.apply_action(bad)
    assert str(e.value)
    assert (s.observation(0), s.legal_actions()) == before


@pytest.mark.parametrize("bad, words", [
    ("ROAD@20,19r0-", "in hand is CAP"),           # not the tile drawn
    ("CAP@20,20r0-", "already holds"),             # occupied
    ("CAP@25,25r0-", "share a side"),              # touches nothing
    ("CAP@20,19r0-", "would meet"),                # meadow against the gatehouse burgh
    ("CAP@20,21r0-", "would meet"),                # burgh against meadow
    ("CAP@20,19r2+m1", "meadow scoring"),          # Grazier without the option
    ("aside:CAP", "fits somewhere"),
    ("veil", "Mist Veil is off"),
])
def test_illegal_actions_are_refused_with_words_and_change_nothing(bad, words):
    s = scripted(2, ["CAP", "ROAD"])
    before = s.observation(0), s.legal_actions(), s.scores()
    with pytest.raises(IllegalAction, match=words):
        s.apply_action(bad)
    assert (s.observation(0), s.legal_actions(), s.scores()) == before


def test_wrong_seat_is_refused():
    s = scripted(2, ["CAP", "ROAD"])
    with pytest.raises(IllegalAction, match="seat 1's turn"):
        s.apply_action("CAP@20,19r2-", player=1)
    assert s.legal_actions(1) == []


def test_notation_examples_of_the_design():
    """design §6: CAP@20,19r2+b1, ROAD@21,20r1-, veil, aside:FULL."""
    s = play(3, ["CAP@20,19r2+b1", "ROAD@21,20r1-", "veil", "aside:FULL", "SHR@20,21r0+shrine"],
             {"mist_veil": True}, supply=["CAP", "ROAD", "BEND", "FULL", "SHR"])
    assert s.is_terminal()
    assert s.scores() == [4, 0, 3]
