"""Universal Hive Protocol notation for Elderwood: tile names, MoveStrings and GameStrings.

Elder = Q, Owl = B, Hare = G, Fox = S, Otter = A; ash = w, walnut = b.
A MoveString names the tile and where it goes relative to a reference tile:

* ``wS1`` — the first tile of the game (it goes in the middle);
* ``bG1 -wS1`` — west of wS1; ``wS1-`` east; ``wS1/`` north-east; ``/wS1`` south-west;
  ``wS1\\`` south-east; ``\\wS1`` north-west (pointy-top hexes);
* ``wB1 bQ`` — on top of bQ (only an Owl climbs);
* ``pass``.

Any reference that names the target space is accepted; the engine writes one canonical
form: the reference is the first occupied neighbour of the target, looking from the
target towards W, NW, NE, E, SE, SW (never the moving tile itself; if it stands on a
stack, the tile below it serves), or the top tile of the stack climbed onto.
"""
from __future__ import annotations

import re
from typing import Optional

from ...core.game import IllegalAction
from .rules import (CREATURE_COUNTS, CREATURE_LETTERS, CREATURE_OF, COLOUR_OF, DIRS, DRAW, NUMBER_OF,
                    OFF, ORIGIN, WIN_ASH, WIN_WALNUT, ELDER, Position, tile_id)

Move = Optional[tuple[int, int, int]]

COLOUR_LETTERS = "wb"
# Symbol placement for "target = reference + DIRS[i]" (E, SE, SW, W, NW, NE).
_SUFFIX = {0: "-", 1: "\\", 5: "/"}
_PREFIX = {3: "-", 4: "\\", 2: "/"}
_FROM_SYMBOL = {("-", False): 0, ("\\", False): 1, ("/", False): 5,
                ("-", True): 3, ("\\", True): 4, ("/", True): 2}

_TILE_RE = re.compile(r"^([wb])([QBGSA])([0-9]*)$")

GAME_TYPE = "Base"


def tile_name(tile: int) -> str:
    """``wQ``, ``bA2``…"""
    creature = CREATURE_OF[tile]
    name = COLOUR_LETTERS[COLOUR_OF[tile]] + CREATURE_LETTERS[creature]
    return name if creature == ELDER else name + str(NUMBER_OF[tile])


def parse_tile(text: str) -> int:
    m = _TILE_RE.match(text)
    if not m:
        raise IllegalAction(f"'{text}' is not a tile (e.g. wQ, bA2: w/b, then Q B G S A, then a number)")
    colour = COLOUR_LETTERS.index(m.group(1))
    creature = CREATURE_LETTERS.index(m.group(2))
    num = m.group(3)
    if creature == ELDER:
        if num not in ("",):
            raise IllegalAction(f"'{text}': the Elder has no number (write {m.group(1)}Q)")
        return tile_id(colour, ELDER, 1)
    if not num or not 1 <= int(num) <= CREATURE_COUNTS[creature]:
        raise IllegalAction(f"'{text}': that creature is numbered 1 to {CREATURE_COUNTS[creature]}")
    return tile_id(colour, creature, int(num))


def reference(pos: Position, move: tuple[int, int, int]) -> tuple[int, int]:
    """The canonical (reference tile, direction index or -1 for "on top") of a move."""
    tile, frm, to = move
    st = pos.stacks
    s = st.get(to)
    if s:
        return s[-1], -1
    for i in range(6):  # reference W, NW, NE, E, SE, SW of the target
        ref = st.get(to - DIRS[i])
        if not ref:
            continue
        if ref[-1] != tile:
            return ref[-1], i
        if len(ref) > 1:
            return ref[-2], i
    raise ValueError("a target with no neighbour")


def format_move(pos: Position, move: Move) -> str:
    """The canonical MoveString of ``move`` in ``pos`` (before it is played)."""
    if move is None:
        return "pass"
    tile = move[0]
    if not pos.stacks:
        return tile_name(tile)
    ref, i = reference(pos, move)
    name = tile_name(ref)
    if i == -1:
        return f"{tile_name(tile)} {name}"
    if i in _SUFFIX:
        return f"{tile_name(tile)} {name}{_SUFFIX[i]}"
    return f"{tile_name(tile)} {_PREFIX[i]}{name}"


def parse_move(pos: Position, text: str) -> Move:
    """The move a MoveString means in ``pos``. Checks the words, not the rules."""
    if not isinstance(text, str):
        raise IllegalAction("a move is a MoveString such as 'wA1 -bG2'")
    parts = text.split()
    if len(parts) == 1 and parts[0].lower() == "pass":
        return None
    if not 1 <= len(parts) <= 2:
        raise IllegalAction(f"'{text}' is not a MoveString (e.g. 'wA1', 'bG1 -wA1', 'wB1 bQ' or 'pass')")
    tile = parse_tile(parts[0])
    frm = pos.where[tile]
    if frm == OFF:
        colour, creature = COLOUR_OF[tile], CREATURE_OF[tile]
        nxt = pos.next_tile(colour, creature)
        if tile != nxt:
            raise IllegalAction(f"Place your tiles of one kind in order: {tile_name(nxt)} comes before "
                                f"{tile_name(tile)}")
    if len(parts) == 1:
        if pos.stacks:
            raise IllegalAction(f"'{text}': say where, relative to a tile on the slab (e.g. '{parts[0]} -wS1')")
        return (tile, frm, ORIGIN)
    target = parts[1]
    sym, before = None, False
    if target[:1] in "-/\\":
        sym, before, target = target[0], True, target[1:]
    elif target[-1:] in "-/\\":
        sym, target = target[-1], target[:-1]
    ref = parse_tile(target)
    ref_cell = pos.where[ref]
    if ref_cell == OFF:
        raise IllegalAction(f"{tile_name(ref)} is not on the slab, so it cannot mark a space")
    if sym is None:
        if ref == tile:
            raise IllegalAction("a tile cannot climb onto itself")
        return (tile, frm, ref_cell)
    return (tile, frm, ref_cell + DIRS[_FROM_SYMBOL[(sym, before)]])


# --- GameStrings ---------------------------------------------------------------
def status_string(pos: Position) -> str:
    if pos.result is None:
        return "NotStarted" if pos.ply == 0 else "InProgress"
    return {DRAW: "Draw", WIN_ASH: "WhiteWins", WIN_WALNUT: "BlackWins"}[pos.result]


def turn_string(pos: Position) -> str:
    return f"{'White' if pos.ply % 2 == 0 else 'Black'}[{pos.ply // 2 + 1}]"


def game_string(pos: Position, moves: list[str]) -> str:
    return ";".join([GAME_TYPE, status_string(pos), turn_string(pos)] + list(moves))
