"""Elderwood notation: UHP MoveStrings and GameStrings, words in two languages, perft."""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from ew_helpers import layout, replay  # noqa: E402
from py_engine.core.fairness import Chance  # noqa: E402
from py_engine.core.game import IllegalAction  # noqa: E402
from py_engine.games.elderwood import GAME  # noqa: E402
from py_engine.games.elderwood.judge import parse_game_string  # noqa: E402
from py_engine.games.elderwood.notation import format_move, parse_move  # noqa: E402
from py_engine.games.elderwood.perft import perft  # noqa: E402
from py_engine.games.elderwood.rules import Position, axial  # noqa: E402

MID = ["wS1", "bS1 wS1-", "wQ \\wS1", "bQ bS1/", "wB1 /wS1", "bB1 bS1\\", "wA1 -wQ", "bA1 bQ-",
       "wA1 bQ/", "bB1 bS1"]


@pytest.mark.parametrize("depth,count", [(1, 4), (2, 96), (3, 1440), (4, 21600)])
def test_perft_matches_the_published_counts(depth, count):
    assert perft(depth) == count


@pytest.mark.slow
def test_perft_depth_five():
    assert perft(5) == 516240


def test_every_legal_move_round_trips_through_its_move_string():
    pos = replay(*MID)
    moves = pos.legal_moves()
    assert len(moves) > 20
    for m in moves:
        assert parse_move(pos, format_move(pos, m)) == m


def test_directions_follow_uhp_on_pointy_top_hexes():
    pos = replay("wS1")
    where = {s: axial(parse_move(pos, s)[2]) for s in
             ["bA1 wS1-", "bA1 -wS1", "bA1 wS1/", "bA1 /wS1", "bA1 wS1\\", "bA1 \\wS1"]}
    assert where == {"bA1 wS1-": (1, 0), "bA1 -wS1": (-1, 0), "bA1 wS1/": (1, -1),
                     "bA1 /wS1": (-1, 1), "bA1 wS1\\": (0, 1), "bA1 \\wS1": (0, -1)}


def test_any_reference_naming_the_target_is_accepted_and_normalised():
    pos = replay("wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-")
    # (0, -1): north-west of wS1, north-east of wQ, west of nothing else.
    assert parse_move(pos, "wA1 \\wS1") == parse_move(pos, "wA1 wQ/")
    # A moving tile may be named relative to another tile beside its target.
    assert parse_move(pos, "wQ \\wS1") == parse_move(pos, "wQ wQ/")[:2] + (parse_move(pos, "wQ \\wS1")[2],)


def test_equivalent_strings_play_the_same_move_and_record_one_form():
    state1 = GAME.new_initial_state(2, {}, Chance("22" * 32))
    state2 = GAME.new_initial_state(2, {}, Chance("22" * 32))
    for s in ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"]:
        state1.apply_action(s)
        state2.apply_action(s)
    # (0, -1) is north-west of wS1 and north-east of wQ (-1, 0).
    state1.apply_action("wA1 \\wS1")
    state2.apply_action("wA1 wQ/")
    assert state1.game_string() == state2.game_string()
    assert state1.moves[-1] == format_move(replay("wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"),
                                           parse_move(replay("wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"),
                                                      "wA1 wQ/"))


def test_owl_climb_is_written_with_the_tile_it_lands_on():
    pos = layout({(-1, 0): "wB1", (0, 0): "wQ", (1, 0): "bQ"}, "w")
    climbs = [format_move(pos, m) for m in pos.legal_moves() if m and m[0] == 1 and axial(m[2]) == (0, 0)]
    assert climbs == ["wB1 wQ"]


def test_game_string_round_trip_and_checks():
    pos = replay(*MID)
    from py_engine.games.elderwood.notation import game_string
    text = game_string(pos, MID)
    assert text.startswith("Base;InProgress;White[6];wS1;bS1 wS1-")
    again, moves = parse_game_string(text)
    assert again.key() == pos.key() and again.history == pos.history
    assert moves[8] == "wA1 \\bA1"      # "wA1 bQ/" names the same space; one canonical form is kept
    assert [m for i, m in enumerate(moves) if i != 8] == [m for i, m in enumerate(MID) if i != 8]
    with pytest.raises(IllegalAction, match="Base"):
        parse_game_string("Base+MLP;NotStarted;White[1]")
    with pytest.raises(IllegalAction, match="turn"):
        parse_game_string("Base;InProgress;Black[3];wS1;bS1 wS1-")
    with pytest.raises(IllegalAction, match="move 2"):
        parse_game_string("Base;InProgress;White[2];wS1;bQ wS1-")


def test_legal_actions_come_in_the_documented_order():
    pos = replay("wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-")
    moves = pos.legal_moves()
    placements = [m for m in moves if m[1] < 0]
    movements = [m for m in moves if m[1] >= 0]
    assert moves == placements + movements
    creatures = [m[0] for m in placements]
    assert creatures == sorted(creatures)
    for tile in set(creatures):
        cells = [m[2] for m in placements if m[0] == tile]
        assert cells == sorted(cells)
    assert [m[0] for m in movements] == sorted(m[0] for m in movements)


# --- words ---------------------------------------------------------------------------------
def test_describe_in_english_and_portuguese():
    state = GAME.new_initial_state(2, {}, Chance("33" * 32))
    assert state.describe("wA1", "en") == "Place Otter 1 in the middle"
    assert state.describe("wA1", "pt") == "Colocar Lontra 1 no centro"
    for s in ["wS1", "bG1 wS1-", "wB1 -wS1", "bG2 bG1-"]:
        state.apply_action(s)
    assert state.describe("wA1 -wB1", "en") == "Place Otter 1 left of ash Owl 1"
    assert state.describe("wA1 -wB1", "pt") == "Colocar Lontra 1 à esquerda da Coruja 1 de freixo"
    state.apply_action("wQ \\wB1")
    state.apply_action("bQ bG2/")
    assert state.describe("wB1 wS1", "en") == "Move Owl 1 on top of ash Fox 1"
    assert state.describe("wB1 wS1", "pt") == "Mover Coruja 1 em cima da Raposa 1 de freixo"
    assert state.describe("wA1 \\wQ", "pt") == "Colocar Lontra 1 acima, à esquerda do Ancião de freixo"
    assert state.describe("pass", "en").startswith("Pass") and state.describe("pass", "pt").startswith("Passar")


def test_describe_names_the_walnut_reference():
    pos_state = GAME.new_initial_state(2, {}, Chance("44" * 32))
    for s in ["wS1", "bG1 wS1-", "wQ -wS1", "bG2 bG1-"]:
        pos_state.apply_action(s)
    # The canonical reference for the space east of bG2 is bG2 itself.
    assert pos_state.describe("wQ \\wS1", "en") == "Move Elder above left of ash Fox 1"
    assert pos_state.describe("wQ \\wS1", "pt") == "Mover Ancião acima, à esquerda da Raposa 1 de freixo"
    walnut = GAME.new_initial_state(2, {}, Chance("44" * 32))
    for s in ["wS1", "bG1 wS1-", "wA1 -wS1"]:
        walnut.apply_action(s)
    assert walnut.describe("bA1 bG1-", "en") == "Place Otter 1 right of walnut Hare 1"
    assert walnut.describe("bA1 bG1-", "pt") == "Colocar Lontra 1 à direita da Lebre 1 de nogueira"
