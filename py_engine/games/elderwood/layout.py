"""Positions built from data rather than played: a slab laid out by hand (a lesson's ``{"slab": …,
"to_move", "turn"}``, lessons.py), checked to be one play could reach, and the exact position an
observation shows (a laid-out setup, if any, and the moves since), which is all a bot sees.
"""
from __future__ import annotations

from typing import Any

from ...core.game import IllegalAction
from . import judge
from .notation import parse_tile, tile_name
from .rules import (COLOUR_OF, CREATURE_LETTERS, CREATURE_OF, DIRS, ELDER, NUMBER_OF, OFF, OWL,
                    TILES_PER_COLOUR, Position)


def laid_out(position: dict[str, Any]) -> tuple[Position, dict[str, Any]]:
    to_move = position.get("to_move")
    colour = "wb".index(to_move) if to_move in ("w", "b") else -1
    turn = position.get("turn")
    if colour < 0 or not isinstance(turn, int) or turn < 1:
        raise IllegalAction("lesson position: a laid-out slab needs to_move (w or b) and turn (1, 2, …)")
    ply = 2 * (turn - 1) + colour
    stacks: dict[tuple[int, int], list[int]] = {}
    seen: set[int] = set()
    for entry in position["slab"]:
        q, r, *names = entry
        if (q, r) in stacks or not names:
            raise IllegalAction(f"lesson position: the space {q},{r} is listed twice or empty")
        tiles = [parse_tile(n) for n in names]
        if seen & set(tiles) or len(set(tiles)) != len(tiles):
            raise IllegalAction(f"lesson position: a tile appears twice ({names})")
        seen.update(tiles)
        if any(CREATURE_OF[t] != OWL for t in tiles[1:]):
            raise IllegalAction(f"lesson position: only an Owl sits on top of a stack ({names})")
        stacks[(q, r)] = tiles
    pos = Position.setup(stacks, ply)
    for c in (0, 1):
        for cr in range(5):
            numbers = sorted(NUMBER_OF[t] for t in seen if COLOUR_OF[t] == c and CREATURE_OF[t] == cr)
            if cr != ELDER and numbers != list(range(1, len(numbers) + 1)):
                raise IllegalAction(f"lesson position: {'wb'[c]}{CREATURE_LETTERS[cr]} tiles are numbered from 1 up")
        made = (ply + 1 - c) // 2          # moves that colour has made so far
        placed = sum(1 for t in seen if COLOUR_OF[t] == c)
        if placed > made:
            raise IllegalAction(f"lesson position: {'wb'[c]} has {placed} tiles out after {made} turns")
        if pos.where[c * TILES_PER_COLOUR] == OFF and made >= 4:
            raise IllegalAction(f"lesson position: {'wb'[c]}'s Elder must be out by its fourth turn")
    if pos.elder_neighbours(0) == 6 or pos.elder_neighbours(1) == 6:
        raise IllegalAction("lesson position: an Elder is already surrounded")
    cells = set(pos.stacks)
    todo = [min(cells)] if cells else []
    reached = set(todo)
    while todo:
        a = todo.pop()
        for d in DIRS:
            if a + d in cells and a + d not in reached:
                reached.add(a + d)
                todo.append(a + d)
    if reached != cells:
        raise IllegalAction("lesson position: the tiles must form one group")
    setup = {"slab": [[q, r, *[tile_name(t) for t in tiles]] for (q, r), tiles in sorted(stacks.items(),
                                                                                         key=lambda x: (x[0][1], x[0][0]))],
             "to_move": "wb"[colour], "turn": turn}
    return pos, setup


def rebuild(observation: dict[str, Any]) -> Position:
    """The exact position an observation shows (bots only ever see observations)."""
    if observation.get("setup") is not None:
        pos = laid_out(observation["setup"])[0]
    else:
        pos = Position()
    for mv in observation["history"]:
        judge.play_string(pos, mv)
    return pos
