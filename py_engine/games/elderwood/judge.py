"""Is a move legal, and if not, which rule says no — in words a player can act on; and a UHP
GameString read back into its position, every move of it checked so."""
from __future__ import annotations

from ...core.game import IllegalAction
from .notation import GAME_TYPE, Move, format_move, parse_move, status_string, turn_string
from .rules import (COLOUR_OF, CREATURE_OF, DIRS, ELDER, FOX, HARE, OFF, ORIGIN, OTTER, OWL, Position)

CREATURE_WORDS = ("Elder", "Owl", "Hare", "Fox", "Otter")
COLOUR_WORDS = ("ash", "walnut")


def is_legal(pos: Position, move: Move) -> bool:
    """Membership in the legal moves, checked without generating all of them."""
    if pos.result is not None:
        return False
    if move is None:
        return pos.legal_moves() == [None]
    tile, frm, to = move
    colour = pos.ply & 1
    if COLOUR_OF[tile] != colour or pos.where[tile] != frm:
        return False
    if frm == OFF:
        return (CREATURE_OF[tile] in pos.placeable_creatures(colour)
                and pos.next_tile(colour, CREATURE_OF[tile]) == tile
                and to in pos.placement_cells(colour))
    if not pos.placed[colour][ELDER]:
        return False
    return to in pos.destinations(tile)


def explain(pos: Position, move: Move) -> str:
    """Why ``move`` is not legal in ``pos`` (call only for an illegal move)."""
    if pos.result is not None:
        return "The game is over"
    colour = pos.ply & 1
    if move is None:
        return "You can only pass when you have no other move"
    tile, frm, to = move
    creature = CREATURE_OF[tile]
    what = CREATURE_WORDS[creature]
    if COLOUR_OF[tile] != colour:
        return f"It is {COLOUR_WORDS[colour]}'s turn: that tile is {COLOUR_WORDS[1 - colour]}'s"
    turn = pos.turn_number(colour)
    elder_out = pos.placed[colour][ELDER] > 0
    st = pos.stacks
    if frm == OFF:
        if creature == ELDER and turn == 1:
            return "You may not place your Elder on your first turn"
        if not elder_out and turn >= 4 and creature != ELDER:
            return "Your Elder must be placed by your fourth turn"
        if not st and to != ORIGIN:
            return "The first tile goes in the middle"
        if to in st:
            return "That space is taken"
        if pos.ply == 1 and len(st) == 1:
            return "The second tile must touch the first"
        touches_mine = touches_theirs = False
        for d in DIRS:
            s = st.get(to + d)
            if s:
                if COLOUR_OF[s[-1]] == colour:
                    touches_mine = True
                else:
                    touches_theirs = True
        if touches_theirs:
            return "A new tile may not touch the other player's tiles"
        if not touches_mine:
            return "A new tile must touch one of your own tiles"
        return "That tile cannot be placed there"
    if not elder_out:
        if turn >= 4:
            return "Your Elder must be placed by your fourth turn"
        return "You cannot move a tile until your Elder is on the slab"
    s = st[frm]
    if s[-1] != tile:
        return f"That {what} is under an Owl and cannot move"
    if to == frm:
        return "A tile must move to another space"
    if len(s) == 1 and frm in pos.pinned_cells():
        return f"That {what} would break the group"
    near = to - frm in DIRS
    if creature == OWL:
        if not near:
            return "An Owl moves one step"
        return "An Owl cannot pass between two stacks both higher than where it starts and lands"
    if to in st:
        return "That space is taken (only an Owl climbs)"
    if creature == ELDER:
        if not near:
            return "An Elder moves one step"
        return _slide_reason(pos, frm, to)
    if creature == HARE:
        return "A Hare leaps in a straight line over one or more tiles to the first empty space"
    if creature == FOX:
        return "A Fox moves exactly three sliding steps, never to the same space twice"
    if creature == OTTER:
        return "The Otter cannot slide there round the edge of the group"
    return "That move is not legal now"


def _slide_reason(pos: Position, frm: int, to: int) -> str:
    i = DIRS.index(to - frm)
    st = pos.stacks
    left, right = frm + DIRS[i - 1] in st, frm + DIRS[i - 5] in st
    if left and right:
        return "There is no room to slide there: the gap between two tiles is too narrow"
    return "A sliding tile must keep touching the group"


def check(pos: Position, text: str) -> Move:
    """The move ``text`` names, if legal now; else :class:`IllegalAction` with the reason."""
    if pos.result is not None:
        raise IllegalAction("The game is over")
    move = parse_move(pos, text)
    if not is_legal(pos, move):
        raise IllegalAction(explain(pos, move))
    return move


def play_string(pos: Position, text: str) -> str:
    """Check and play ``text``; returns its canonical MoveString."""
    move = check(pos, text)
    canonical = format_move(pos, move)
    pos.push(move)
    return canonical


def parse_game_string(text: str) -> tuple[Position, list[str]]:
    """Replay a GameString; returns the position and the canonical MoveStrings.

    Raises :class:`IllegalAction` naming the first bad part.
    """
    parts = [p.strip() for p in text.strip().split(";")]
    if len(parts) < 3:
        raise IllegalAction("a GameString is 'Base;GameState;White[1];move;move…'")
    if parts[0] != GAME_TYPE:
        raise IllegalAction(f"only the {GAME_TYPE} game type is supported, not '{parts[0]}'")
    pos = Position()
    moves: list[str] = []
    for i, mv in enumerate(parts[3:], start=1):
        try:
            moves.append(play_string(pos, mv))
        except IllegalAction as e:
            raise IllegalAction(f"move {i} ({mv}): {e}") from None
    if parts[1] != status_string(pos):
        raise IllegalAction(f"the game state should be {status_string(pos)}, not {parts[1]}")
    if parts[2] != turn_string(pos):
        raise IllegalAction(f"the turn should be {turn_string(pos)}, not {parts[2]}")
    return pos, moves
