"""Shared helpers for the Elderwood tests: lay out positions and read destinations."""
from __future__ import annotations

from py_engine.games.elderwood.judge import play_string
from py_engine.games.elderwood.notation import parse_tile
from py_engine.games.elderwood.rules import Position, axial


def layout(stacks: dict[tuple[int, int], str], to_move: str = "w", ply: int = 20) -> Position:
    """Stacks by axial (q, r) as space-separated tile names bottom to top."""
    if (ply % 2 == 0) != (to_move == "w"):
        ply += 1
    return Position.setup({qr: [parse_tile(t) for t in names.split()] for qr, names in stacks.items()}, ply)


def dests(pos: Position, name: str) -> set[tuple[int, int]]:
    return {axial(c) for c in pos.destinations(parse_tile(name))}


def replay(*moves: str) -> Position:
    pos = Position()
    for m in moves:
        play_string(pos, m)
    return pos
