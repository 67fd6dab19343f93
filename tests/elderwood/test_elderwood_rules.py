"""Elderwood rules: each creature's movement, the group and slide rules, the opening rules, the end."""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from ew_helpers import dests, layout, replay
from py_engine.core.fairness import Chance
from py_engine.core.game import IllegalAction
from py_engine.games.elderwood import GAME
from py_engine.games.elderwood.judge import play_string
from py_engine.games.elderwood.notation import format_move, parse_move
from py_engine.games.elderwood.rules import DRAW, WIN_ASH, WIN_WALNUT, Position, axial

OPENING = ["wS1", "bS1 wS1-", "wB1 \\wS1", "bB1 bS1/", "wG1 /wS1", "bG1 bS1\\"]


# --- illegal moves: each row names the rule it checks ---------------------------------
ILLEGAL = [
    # (rule, moves before, the bad move, words the refusal must contain)
    ("ash starts", [], "bA1", "ash's turn"),
    ("tiles of one kind are placed in order", ["wS1", "bS1 wS1-"], "wG2 /wS1", "wG1 comes before wG2"),
    ("no Elder on your first turn (ash)", [], "wQ", "first turn"),
    ("no Elder on your first turn (walnut)", ["wS1"], "bQ wS1-", "first turn"),
    ("Elder out by your fourth turn (ash)", OPENING, "wS2 /wG1", "fourth turn"),
    ("Elder out by your fourth turn (walnut)", OPENING + ["wQ /wG1"], "bS2 bG1\\", "fourth turn"),
    ("no movement before your Elder is out", OPENING[:4], "wB1 -wS1", "until your Elder"),
    ("a new tile must not touch the other colour", ["wS1", "bS1 wS1-"], "wA1 wS1/", "other player's"),
    ("a new tile goes on an empty space", ["wS1", "bS1 wS1-"], "wA1 wS1", "taken"),
    ("a placement needs a reference after the first tile", ["wS1"], "bA1", "say where"),
    ("the reference must be on the slab", ["wS1"], "bA1 -wA1", "not on the slab"),
    ("only an Owl climbs", OPENING + ["wQ /wG1", "bQ bG1\\", "wS2 -wB1", "bA1 bB1-"], "wS2 wB1", "taken"),
    ("a tile under an Owl cannot move",
     OPENING + ["wQ /wB1", "bQ bB1\\", "wB1 wQ", "bB1 bQ"], "wQ \\wS1", "under an Owl"),
    ("a tile holding the group together cannot move",
     OPENING + ["wQ /wG1", "bQ bG1\\"], "wG1 -bB1", "break the group"),
    ("an Owl moves one step", OPENING + ["wQ /wG1", "bQ bG1\\"], "wB1 bQ-", "one step"),
    ("pass only when nothing else is legal", [], "pass", "only pass"),
    ("not a tile", [], "wX1", "not a tile"),
    ("the Elder has no number", [], "wQ1", "no number"),
    ("there are only three Otters", [], "wA4", "numbered 1 to 3"),
]


@pytest.mark.parametrize("rule,before,move,words", ILLEGAL, ids=[r[0] for r in ILLEGAL])
def test_illegal_moves_are_refused_with_the_rule(rule, before, move, words):
    pos = replay(*before)
    snapshot = (pos.key(), pos.ply, list(pos.history))
    with pytest.raises(IllegalAction) as err:
        play_string(pos, move)
    assert words in str(err.value), str(err.value)
    assert (pos.key(), pos.ply, list(pos.history)) == snapshot  # nothing changed


def test_the_game_over_refuses_further_moves():
    pos = layout({(0, 0): "wQ", (1, 0): "bQ", (0, 1): "wA1", (-1, 1): "wA2", (-1, 0): "wA3",
                  (0, -1): "wG1", (2, 0): "bA1", (1, 1): "bA2", (2, -1): "bG1 wB1"}, "w")
    target = next(m for m in pos.legal_moves() if m and axial(m[2]) == (1, -1))
    pos.push(target)
    with pytest.raises(IllegalAction, match="over"):
        play_string(pos, "pass")


# --- placement ------------------------------------------------------------------------------
def test_first_tile_in_the_middle_second_touches_it():
    pos = Position()
    assert {axial(m[2]) for m in pos.legal_moves()} == {(0, 0)}
    play_string(pos, "wA1")
    second = {axial(m[2]) for m in pos.legal_moves()}
    assert second == {(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)}


def test_placement_touches_only_own_colour_and_the_top_of_a_stack_counts():
    # ash Owl on top of the walnut Elder: the stack now counts as ash.
    pos = layout({(0, 0): "wQ", (1, 0): "bQ wB1"}, "w")
    cells = {axial(m[2]) for m in pos.legal_moves() if m and m[1] < 0}
    assert (2, 0) in cells and (2, -1) in cells          # beside the stack topped by ash
    assert (-1, 0) in cells
    pos_b = layout({(0, 0): "wQ", (1, 0): "bQ wB1", (-1, 0): "bA1"}, "b")
    walnut_cells = {axial(m[2]) for m in pos_b.legal_moves() if m and m[1] < 0}
    assert walnut_cells and all(c not in walnut_cells for c in [(2, 0), (2, -1), (1, 1)])


def test_elder_not_offered_on_first_turn_and_forced_on_fourth():
    assert all(not format_move(Position(), m).startswith("wQ") for m in Position().legal_moves())
    pos = replay(*OPENING)
    actions = [format_move(pos, m) for m in pos.legal_moves()]
    assert actions and all(a.startswith("wQ ") for a in actions)


# --- the Elder: one sliding step, the gate --------------------------------------------------
RING = {(0, 0): "wQ", (0, -1): "wA1", (-1, -1): "bA1", (-2, 0): "bG1", (-2, 1): "wG1", (-1, 1): "wS1"}


def test_elder_slides_one_step_and_not_through_a_gate():
    pos = layout(RING, "w")
    # (-1, 0) is a hole closed on all six sides: the gap between wA1 and wS1 is too narrow.
    assert dests(pos, "wQ") == {(1, -1), (0, 1)}


def test_elder_gate_refusal_names_the_gap():
    pos = layout(RING, "w")
    move = parse_move(pos, "wQ /wA1")
    assert axial(move[2]) == (-1, 0)
    with pytest.raises(IllegalAction, match="no room to slide"):
        play_string(pos, "wQ /wA1")


# --- Otter: any distance round the edge, never into a closed hole --------------------------------
def test_otter_goes_round_the_edge_but_not_into_the_hole():
    pos = layout(RING, "w")
    d = dests(pos, "wA1")
    assert (-1, 0) not in d
    assert {(1, -1), (1, 0), (0, 1), (-3, 1), (-3, 2), (-2, 2), (-1, 2), (0, -2), (-1, -2), (-2, -1)} <= d
    assert len(d) == 11  # every outside space next to the group, minus its start and the hole


# --- Fox: exactly three steps --------------------------------------------------------------
def test_fox_moves_exactly_three_steps_either_way_round():
    pos = layout({(-1, 0): "wS1", (0, 0): "wQ", (1, 0): "bQ"}, "w")
    assert dests(pos, "wS1") == {(2, -1), (1, 1)}
    with pytest.raises(IllegalAction, match="exactly three"):
        play_string(pos, "wS1 wQ/")   # two steps away


# --- Hare: straight over one or more tiles, to the first gap ---------------------------------
def test_hare_leaps_to_the_first_empty_space_and_never_over_a_gap():
    pos = layout({(-1, 0): "wG1", (0, 0): "wQ", (1, 0): "bQ", (2, -1): "bA1", (3, -1): "bA2"}, "w")
    assert dests(pos, "wG1") == {(2, 0)}
    with pytest.raises(IllegalAction, match="straight line"):
        play_string(pos, "wG1 bA2-")   # past the gap at (2, 0)


def test_hare_over_a_long_line():
    pos = layout({(0, 0): "wG1", (0, 1): "wQ", (0, 2): "bQ", (0, 3): "bA1"}, "w")
    assert dests(pos, "wG1") == {(0, 4)}


# --- Owl: climbs, takes the stack, the Owl gate ---------------------------------------------------
def test_owl_steps_and_climbs():
    pos = layout({(-1, 0): "wB1", (0, 0): "wQ", (1, 0): "bQ"}, "w")
    assert dests(pos, "wB1") == {(0, 0), (0, -1), (-1, 1)}
    play_string(pos, "wB1 wQ")
    assert dests(pos, "wB1") == {(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)}


def test_owl_on_top_pins_the_tile_below_and_moves_though_it_holds_the_group():
    pos = layout({(-1, 0): "wA1", (0, 0): "bQ wB1", (1, 0): "wQ"}, "w")
    assert dests(pos, "wB1")                      # on top of a stack: free to move
    assert layout({(-1, 0): "wA1", (0, 0): "bQ wB1", (1, 0): "wQ"}, "b").destinations(11) == []


def test_owl_cannot_pass_between_two_higher_stacks():
    pos = layout({(0, 0): "bQ wB1", (1, 0): "wQ", (1, -1): "bA1 bB1", (0, 1): "wA1 wB2"}, "w")
    assert dests(pos, "wB1") == {(0, 1), (1, -1), (-1, 0), (0, -1), (-1, 1)}
    with pytest.raises(IllegalAction, match="higher"):
        play_string(pos, "wB1 wQ")
    # With one side lower the way is open.
    pos = layout({(0, 0): "bQ wB1", (1, 0): "wQ", (1, -1): "bA1", (0, 1): "wA1 wB2"}, "w")
    assert (1, 0) in dests(pos, "wB1")


# --- one group ---------------------------------------------------------------------------------
def test_a_tile_holding_the_group_together_is_pinned():
    pos = layout({(-1, 0): "wS1", (0, 0): "wQ", (1, 0): "bQ"}, "w")
    assert dests(pos, "wQ") == set()
    with pytest.raises(IllegalAction, match="That Elder would break the group"):
        play_string(pos, "wQ \\bQ")


def test_an_owl_holding_the_group_together_is_pinned_on_the_ground():
    pos = layout({(-1, 0): "wA1", (0, 0): "wB1", (1, 0): "wQ", (2, 0): "bQ"}, "w")
    with pytest.raises(IllegalAction, match="That Owl would break the group"):
        play_string(pos, "wB1 wQ")


# --- pass ---------------------------------------------------------------------------------------
def test_pass_is_the_only_move_when_nothing_else_is_legal_and_the_table_plays_it():
    pos = layout({(0, 0): "wQ bB1", (1, 0): "bQ"}, "w", ply=6)
    assert pos.legal_moves() == [None]
    state = GAME.new_initial_state(2, {}, Chance("00" * 32))
    state.pos = pos
    seat = state.seat_of(0)
    assert state.legal_actions(seat) == ["pass"]
    assert state.is_forced(seat) and not state.is_forced(1 - seat)
    assert state.timeout_action(seat) == "pass"
    state.apply_action("pass", seat)
    assert state.current_player() == 1 - seat


# --- the end -------------------------------------------------------------------------------------
def _closing(extra: dict, to_move: str = "w"):
    base = {(0, 0): "wQ", (1, 0): "bQ", (0, 1): "wA1", (-1, 0): "wA3", (0, -1): "wG1",
            (2, 0): "bA1", (2, -1): "bG1 wB1"}
    base.update(extra)
    pos = layout({k: v for k, v in base.items() if v}, to_move)
    move = next(m for m in pos.legal_moves() if m and m[0] == 1 and axial(m[2]) == (1, -1))
    pos.push(move)
    return pos


def test_surrounding_the_other_elder_wins():
    pos = _closing({(1, 1): "bA2"})
    assert pos.result == WIN_ASH


def test_closing_your_own_elder_loses():
    pos = _closing({(-1, 1): "wA2"})
    assert pos.result == WIN_WALNUT


def test_both_elders_closed_by_one_move_is_a_draw():
    pos = _closing({(1, 1): "bA2", (-1, 1): "wA2"})
    assert pos.result == DRAW and "both" in pos.reason


def test_third_repetition_is_a_draw():
    pos = replay("wG1", "bG1 wG1-", "wQ -wG1", "bQ bG1-")
    shuffle = ["wQ \\wG1", "bQ bG1/", "wQ -wG1", "bQ bG1-"]
    for m in shuffle:
        play_string(pos, m)
    assert pos.result is None                     # second time
    for m in shuffle[:3]:
        play_string(pos, m)
    assert pos.result is None
    play_string(pos, shuffle[3])                  # third time
    assert pos.result == DRAW and "repetition" in pos.reason
    pos.pop()
    assert pos.result is None                     # undo restores the game


def test_two_hundred_moves_in_all_is_a_draw():
    pos = Position()
    stream = Chance("11" * 32).stream("test/long")
    while pos.ply < 199:
        calm = []
        for m in pos.legal_moves():
            pos.push(m)
            if pos.result is None:
                calm.append(m)
            pos.pop()
        assert calm, "the random walk ran out of quiet moves"
        pos.push(calm[stream.below(len(calm))])
    assert pos.result is None
    quiet = []
    for m in pos.legal_moves():
        pos.push(m)
        if pos.result == DRAW and pos.reason == "200 moves":
            quiet.append(m)
        pos.pop()
    assert quiet
    pos.push(quiet[0])
    assert pos.ply == 200 and pos.result == DRAW
    assert pos.legal_moves() == []


def test_push_pop_restores_everything():
    pos = replay(*OPENING, "wQ /wG1", "bQ bG1\\")
    before = (pos.key(), {c: list(s) for c, s in pos.stacks.items()}, list(pos.where), pos.ply)
    for m in pos.legal_moves():
        pos.push(m)
        pos.pop()
    assert (pos.key(), {c: list(s) for c, s in pos.stacks.items()}, list(pos.where), pos.ply) == before
