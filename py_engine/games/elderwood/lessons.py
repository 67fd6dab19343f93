"""Lesson positions (lessons.json) and the goals a lesson step can check.

A position is one of

    {"moves": ["wS1", "bG1 -wS1", ...]}                 every move from the start, or
    {"gamestring": "Base;InProgress;White[3];wS1;..."}  the same as a UHP GameString, or
    {"slab": [[q, r, "wQ"], [q, r, "bA1", "wB1"], ...],  stacks laid out directly (axial q, r;
     "to_move": "w", "turn": 5}                          bottom to top), whose turn, and that
                                                         colour's own turn number (1-based)

plus, optionally, ``"ash_seat"``: the seat that plays ash. Without it the seat to move is seat 0,
the learner of every shipped lesson. A laid-out slab must be a position play could reach: one
group, each creature's tiles numbered from 1 up, no more tiles than moves made, an Elder out by
its owner's fourth turn. Its tiles count as placed, the rest are in the supplies.

Goals (``lesson_check``): ``win`` — the move just played won the game for the learner;
``win:<letter>`` — the same, with a tile of that creature (UHP letter: Q B G S A);
``elder-freer`` — the learner's Elder stepped and has fewer neighbours than before;
``on-elder:<letter>`` — the learner's tile of that creature now sits on top of the other Elder;
``touch-elder:<letter>`` — the tile just moved or placed is of that creature and touches the other
Elder; ``elder-placed:<n>`` — the learner placed the Elder where it touches at most n tiles;
``moved`` — a tile moved on the slab (not a placement, not a pass).
"""
from __future__ import annotations

from typing import Any

from ...core.fairness import Chance
from ...core.game import IllegalAction
from .judge import parse_game_string, play_string
from .layout import laid_out
from .rules import COLOUR_OF, CREATURE_LETTERS, CREATURE_OF, DIRS, OFF, TILES_PER_COLOUR, Position
from .state import ElderwoodState


def lesson_state(num_players: int, options: dict[str, Any], position: dict[str, Any], chance: Chance) -> ElderwoodState:
    if num_players != 2:
        raise IllegalAction("an Elderwood lesson has two seats")
    if not isinstance(position, dict):
        raise IllegalAction("a lesson position is an object")
    moves: list[str] = []
    setup = None
    if "slab" in position:
        pos, setup = laid_out(position)
    elif "gamestring" in position:
        pos, moves = parse_game_string(position["gamestring"])
    else:
        pos = Position()
        for i, mv in enumerate(position.get("moves", []), start=1):
            try:
                moves.append(play_string(pos, mv))
            except IllegalAction as e:
                raise IllegalAction(f"lesson position: move {i} ({mv}): {e}") from None
    if pos.result is not None:
        raise IllegalAction("lesson position: the game is already over")
    to_move = pos.ply & 1
    ash_seat = position.get("ash_seat", 0 if to_move == 0 else 1)
    if ash_seat not in (0, 1):
        raise IllegalAction("lesson position: ash_seat is 0 or 1")
    state = ElderwoodState(ash_seat, chance)
    state.pos = pos
    state.moves = moves
    state.setup = setup
    return state


def lesson_check(state: ElderwoodState, name: str, action: str, before: ElderwoodState) -> bool:
    colour = before.pos.ply & 1
    last = state.pos.history[-1] if state.pos.history else None
    goal, _, arg = name.partition(":")
    creature = CREATURE_LETTERS.index(arg) if arg and arg in CREATURE_LETTERS else None
    if arg and creature is None and goal != "elder-placed":
        raise IllegalAction(f"lesson goal {name!r}: {arg!r} is not a creature letter (Q B G S A)")
    if goal == "win":
        return (state.pos.result == colour and last is not None
                and (creature is None or CREATURE_OF[last[0]] == creature))
    if goal == "elder-freer":
        return (last is not None and last[0] == colour * TILES_PER_COLOUR and last[1] != OFF
                and state.pos.elder_neighbours(colour) < before.pos.elder_neighbours(colour))
    if goal == "on-elder":
        other = state.pos.where[(1 - colour) * TILES_PER_COLOUR]
        stack = state.pos.stacks.get(other, [])
        return (len(stack) > 1 and COLOUR_OF[stack[-1]] == colour
                and (creature is None or CREATURE_OF[stack[-1]] == creature))
    if goal == "touch-elder":
        other = state.pos.where[(1 - colour) * TILES_PER_COLOUR]
        return (last is not None and other != OFF and last[2] - other in DIRS
                and (creature is None or CREATURE_OF[last[0]] == creature))
    if goal == "elder-placed":
        most = int(arg) if arg.isdigit() else 6
        return (last is not None and last[0] == colour * TILES_PER_COLOUR and last[1] == OFF
                and state.pos.elder_neighbours(colour) <= most)
    if goal == "moved":
        return last is not None and last[1] != OFF
    raise IllegalAction(f"no lesson goal called {name!r}")
