"""What an Elderwood renderer draws besides the observation: the last move, each Elder's liberties (which of
its neighbours are taken and how many), every
legal move as a piece and two cells, the score sheet and the ending's words."""
from __future__ import annotations

from typing import Any

from .notation import COLOUR_LETTERS, format_move, tile_name
from .rules import DIRS, OFF, axial


def view(state: Any, player: int | None) -> dict[str, Any]:
    """The observation plus what a hex renderer needs.

    Coordinates are axial [q, r] on pointy-top hexes, the first tile at [0, 0]:
    east [q+1, r], west [q-1, r], north-east [q+1, r-1], north-west [q, r-1],
    south-east [q, r+1], south-west [q-1, r+1]. Pixel centre: x = size·√3·(q + r/2),
    y = size·1.5·r. UHP symbols: ``ref-`` east, ``-ref`` west, ``ref/`` north-east,
    ``/ref`` south-west, ``ref\\`` south-east, ``\\ref`` north-west.
    """
    pos = state.pos
    v = state.observation(player)
    last = None
    if pos.history:
        mv = pos.history[-1]
        if mv is None:
            last = {"action": "pass", "piece": None, "from": None, "to": None}
        else:
            tile, frm, to = mv
            last = {"action": state.moves[-1], "piece": tile_name(tile),
                    "from": None if frm == OFF else list(axial(frm)), "to": list(axial(to))}
    v["last_move"] = last
    elders = {}
    for colour in (0, 1):
        cell = pos.where[colour * 11]
        if cell == OFF:
            elders[COLOUR_LETTERS[colour]] = {"at": None, "liberties": None, "neighbours": 0, "taken": None}
        else:
            # ``taken``: which of its six neighbours hold a tile, E, SE, SW, W, NW, NE (the order of ``DIRS``)
            taken = [cell + d in pos.stacks for d in DIRS]
            n = sum(taken)
            elders[COLOUR_LETTERS[colour]] = {"at": list(axial(cell)), "liberties": 6 - n, "neighbours": n,
                                              "taken": taken}
    v["elders"] = elders
    v["coordinates"] = "axial pointy-top; E=[1,0] W=[-1,0] NE=[1,-1] NW=[0,-1] SE=[0,1] SW=[-1,1]"
    v["sheet"] = state.sheet()
    ending = state.ending()
    if ending is not None:
        v["ending"] = ending
    moves = []
    if pos.result is not None:
        v["moves"] = moves
        return v
    for m in pos.legal_moves():
        if m is None:
            moves.append({"action": "pass", "piece": None, "from": None, "to": None})
            continue
        tile, frm, to = m
        moves.append({"action": format_move(pos, m), "piece": tile_name(tile),
                      "from": None if frm == OFF else list(axial(frm)), "to": list(axial(to))})
    v["moves"] = moves
    return v
