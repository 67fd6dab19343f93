"""Elderwood's rules: the slab, the tiles, every legal move, and the end of the game.

One :class:`Position` is advanced and taken back in place (``push``/``pop``), the
way python-chess does it, so perft and the bots never copy a whole position.

Cells are plain ints. Axial hex coordinates (q, r) on a pointy-top grid are
packed as ``(q + HALF) + (r + HALF) * STRIDE``, so a neighbour is one addition
and ``min(cells)`` is the top-left cell (smallest r, then smallest q), which the
repetition key uses to forget where on the table the group lies.

Tiles are ints 0..21: ``colour * 11 + k`` with k = 0 Elder, 1–2 Owls,
3–5 Hares, 6–7 Foxes, 8–10 Otters. Colour 0 is ash (moves first), 1 walnut.
A move is ``(tile, from_cell, to_cell)`` with ``from_cell = OFF`` for a
placement; a pass is ``None``.
"""
from __future__ import annotations

from typing import Iterable, Optional

STRIDE = 1024
HALF = 512
ORIGIN = HALF + HALF * STRIDE
OFF = -1  # "not on the slab"

# Clockwise from east on a pointy-top grid: E, SE, SW, W, NW, NE.
# The two spaces touching both a cell and its neighbour in direction i are
# the neighbours in directions i-1 and i+1 — that pair is the "gate".
DIRS = (1, STRIDE, STRIDE - 1, -1, -STRIDE, 1 - STRIDE)
DIR_NAMES = ("E", "SE", "SW", "W", "NW", "NE")
E, SE, SW, W, NW, NE = DIRS

ELDER, OWL, HARE, FOX, OTTER = range(5)
CREATURE_LETTERS = "QBGSA"          # UHP letters: Queen, Beetle, Grasshopper, Spider, Ant
CREATURE_COUNTS = (1, 2, 3, 2, 3)
CREATURE_FIRST = (0, 1, 3, 6, 8)    # k of each creature's tile number 1
TILES_PER_COLOUR = 11
CREATURE_OF = (ELDER, OWL, OWL, HARE, HARE, HARE, FOX, FOX, OTTER, OTTER, OTTER) * 2
NUMBER_OF = (0, 1, 2, 1, 2, 3, 1, 2, 1, 2, 3) * 2
COLOUR_OF = (0,) * 11 + (1,) * 11
KIND_OF = tuple(COLOUR_OF[t] * 5 + CREATURE_OF[t] for t in range(22))

MAX_PLIES = 200        # "200 moves in all": every turn of both players, passes included
REPETITIONS = 3        # the same position a third time is a draw


# Game results
WIN_ASH, WIN_WALNUT, DRAW = 0, 1, 2


def cell_of(q: int, r: int) -> int:
    return (q + HALF) + (r + HALF) * STRIDE


def axial(cell: int) -> tuple[int, int]:
    r, q = divmod(cell, STRIDE)
    return q - HALF, r - HALF


def tile_id(colour: int, creature: int, number: int) -> int:
    """The tile for e.g. (walnut, OTTER, 2); number is 1-based (the Elder's is 1 or 0)."""
    return colour * TILES_PER_COLOUR + CREATURE_FIRST[creature] + max(number, 1) - 1


class Position:
    """The slab, both supplies, whose turn, and the game's end state."""

    __slots__ = ("stacks", "where", "placed", "ply", "history", "result", "reason",
                 "_rep", "_rep_keys", "pinned_memo")

    def __init__(self) -> None:
        self.stacks: dict[int, list[int]] = {}
        self.where: list[int] = [OFF] * 22
        self.placed: list[list[int]] = [[0] * 5, [0] * 5]
        self.ply = 0
        self.history: list[Optional[tuple[int, int, int]]] = []
        self.result: Optional[int] = None
        self.reason = ""
        self._rep: dict[tuple, int] = {}
        self._rep_keys: list[tuple] = []
        # Pinned cells by the set of occupied spaces (all they depend on), when a search asks for it:
        # a search meets the same shapes again and again (an Owl's climb or a placement elsewhere).
        self.pinned_memo: dict[frozenset, set[int]] | None = None
        key = self.key()
        self._rep[key] = 1
        self._rep_keys.append(key)

    @classmethod
    def setup(cls, stacks: dict[tuple[int, int], list[int]], ply: int) -> "Position":
        """A position laid out directly (for puzzles and tests): stacks by axial (q, r),
        bottom to top, and the number of moves already made (its parity says who moves).
        Tiles of one creature must be numbered from 1 up, as play would have placed them."""
        pos = cls()
        for (q, r), tiles in stacks.items():
            cell = cell_of(q, r)
            pos.stacks[cell] = list(tiles)
            for t in tiles:
                pos.where[t] = cell
                pos.placed[COLOUR_OF[t]][CREATURE_OF[t]] += 1
        pos.ply = ply
        key = pos.key()
        pos._rep = {key: 1}
        pos._rep_keys = [key]
        return pos

    # --- copies --------------------------------------------------------------
    def copy(self) -> "Position":
        other = Position.__new__(Position)
        other.stacks = {c: list(s) for c, s in self.stacks.items()}
        other.where = list(self.where)
        other.placed = [list(self.placed[0]), list(self.placed[1])]
        other.ply = self.ply
        other.history = list(self.history)
        other.result = self.result
        other.reason = self.reason
        other._rep = dict(self._rep)
        other._rep_keys = list(self._rep_keys)
        other.pinned_memo = None
        return other

    # --- simple facts --------------------------------------------------------
    @property
    def turn(self) -> int:
        """Colour to move: 0 ash, 1 walnut."""
        return self.ply & 1

    def turn_number(self, colour: int | None = None) -> int:
        """The colour's own turn count, 1-based, the way "your fourth turn" counts it."""
        if colour is None:
            colour = self.ply & 1
        return (self.ply - colour) // 2 + 1

    def top(self, cell: int) -> int:
        s = self.stacks.get(cell)
        return s[-1] if s else OFF

    def height(self, cell: int) -> int:
        s = self.stacks.get(cell)
        return len(s) if s else 0

    def in_hand(self, colour: int, creature: int) -> int:
        return CREATURE_COUNTS[creature] - self.placed[colour][creature]

    def next_tile(self, colour: int, creature: int) -> int:
        """The lowest unplayed tile of that creature, or OFF when none is left."""
        n = self.placed[colour][creature]
        if n >= CREATURE_COUNTS[creature]:
            return OFF
        return colour * TILES_PER_COLOUR + CREATURE_FIRST[creature] + n

    def elder_neighbours(self, colour: int) -> int:
        """How many of the six spaces around that Elder hold tiles (0 when it is not out)."""
        c = self.where[colour * TILES_PER_COLOUR]
        if c == OFF:
            return 0
        st = self.stacks
        return sum(1 for d in DIRS if c + d in st)

    def is_over(self) -> bool:
        return self.result is not None

    # --- the repetition key ---------------------------------------------------
    def key(self) -> tuple:
        """The position for the repetition rule: every stack's creatures and colours bottom to
        top, placed relative to the top-left stack (so a group that drifted is the same
        position), plus the colour to move. Tile numbers are left out: two Otters of one
        colour are interchangeable."""
        st = self.stacks
        if not st:
            return (self.ply & 1,)
        anchor = min(st)
        return (self.ply & 1,) + tuple(sorted(
            (c - anchor, tuple([KIND_OF[t] for t in s])) for c, s in st.items()))

    # --- making and taking back moves ----------------------------------------
    def push(self, move: Optional[tuple[int, int, int]]) -> None:
        """Play a move known to be legal (callers check with :meth:`legal_moves`)."""
        if move is not None:
            tile, frm, to = move
            if frm == OFF:
                self.placed[COLOUR_OF[tile]][CREATURE_OF[tile]] += 1
            else:
                self._lift(frm)
            self._drop(tile, to)
        self.ply += 1
        self.history.append(move)
        key = self.key()
        n = self._rep.get(key, 0) + 1
        self._rep[key] = n
        self._rep_keys.append(key)
        self._settle(n)

    def pop(self) -> Optional[tuple[int, int, int]]:
        move = self.history.pop()
        key = self._rep_keys.pop()
        n = self._rep[key] - 1
        if n:
            self._rep[key] = n
        else:
            del self._rep[key]
        self.ply -= 1
        self.result = None
        self.reason = ""
        if move is not None:
            tile, frm, to = move
            self._lift(to)
            if frm == OFF:
                self.placed[COLOUR_OF[tile]][CREATURE_OF[tile]] -= 1
                self.where[tile] = OFF
            else:
                self._drop(tile, frm)
        return move

    def _lift(self, cell: int) -> None:
        """Take the top tile off the stack on ``cell``; an emptied stack leaves the table."""
        s = self.stacks[cell]
        s.pop()
        if not s:
            del self.stacks[cell]

    def _drop(self, tile: int, cell: int) -> None:
        """Put ``tile`` on top of ``cell`` (a new stack if it is empty)."""
        s = self.stacks.get(cell)
        if s is None:
            self.stacks[cell] = [tile]
        else:
            s.append(tile)
        self.where[tile] = cell

    def _settle(self, repeats: int) -> None:
        """Decide whether the move just played ended the game."""
        ash = self.elder_neighbours(0) == 6
        walnut = self.elder_neighbours(1) == 6
        if ash and walnut:
            self.result, self.reason = DRAW, "both Elders surrounded"
        elif ash:
            self.result, self.reason = WIN_WALNUT, "ash Elder surrounded"
        elif walnut:
            self.result, self.reason = WIN_ASH, "walnut Elder surrounded"
        elif repeats >= REPETITIONS:
            self.result, self.reason = DRAW, "third repetition"
        elif self.ply >= MAX_PLIES:
            self.result, self.reason = DRAW, "200 moves"

    # --- the one group ---------------------------------------------------------
    def pinned_cells(self) -> set[int]:
        """Cells whose stack holds the group together (cut vertices of the cell graph); the set
        returned is not to be changed (with :attr:`pinned_memo` it is shared)."""
        memo = self.pinned_memo
        if memo is None:
            return self._pinned_cells()
        shape = frozenset(self.stacks)
        found = memo.get(shape)
        if found is None:
            found = memo[shape] = self._pinned_cells()
        return found

    def _pinned_cells(self) -> set[int]:
        """Cells whose stack holds the group together (cut vertices of the cell graph).

        One depth-first walk over the stacks (Hopcroft and Tarjan's articulation points): a cell
        is pinned when some stack reached through it reaches nothing above it in the walk except
        through it, and the walk's first cell when the walk left it more than once. The bots' search
        asks this at every position it looks at, so one linear walk beats a search round each
        cell."""
        st = self.stacks
        if len(st) < 3:
            return set()
        out: set[int] = set()
        nbs = {c: [c + d for d in DIRS if c + d in st] for c in st}
        disc: dict[int, int] = {}
        low: dict[int, int] = {}
        t = 0
        for root in st:
            if root in disc:
                continue
            disc[root] = low[root] = t
            t += 1
            children = 0
            stack = [(root, None, iter(nbs[root]))]
            while stack:
                v, parent, todo = stack[-1]
                for w in todo:
                    if w not in disc:
                        disc[w] = low[w] = t
                        t += 1
                        if v == root:
                            children += 1
                        stack.append((w, v, iter(nbs[w])))
                        break
                    if w != parent and disc[w] < low[v]:
                        low[v] = disc[w]
                else:
                    stack.pop()
                    if parent is not None:
                        if low[v] < low[parent]:
                            low[parent] = low[v]
                        if parent != root and low[v] >= disc[parent]:
                            out.add(parent)
            if children > 1:
                out.add(root)
        return out

    # --- placements ----------------------------------------------------------
    def placement_cells(self, colour: int) -> list[int]:
        """Where ``colour`` may set a new tile now, sorted top-left first."""
        st = self.stacks
        if not st:
            return [ORIGIN]
        if self.ply == 1 and len(st) == 1:
            only = next(iter(st))
            return sorted(only + d for d in DIRS)
        mine: set[int] = set()
        theirs: set[int] = set()
        for c, s in st.items():
            (mine if COLOUR_OF[s[-1]] == colour else theirs).add(c)
        bad: set[int] = set()
        for c in theirs:
            for d in DIRS:
                bad.add(c + d)
        cand: set[int] = set()
        for c in mine:
            for d in DIRS:
                n = c + d
                if n not in st and n not in bad:
                    cand.add(n)
        return sorted(cand)

    def placeable_creatures(self, colour: int) -> list[int]:
        """Creatures ``colour`` may place this turn (the Elder rules of the tournament opening)."""
        placed = self.placed[colour]
        t = self.turn_number(colour)
        if placed[ELDER] == 0:
            if t == 1:
                return [c for c in (OWL, HARE, FOX, OTTER) if placed[c] < CREATURE_COUNTS[c]]
            if t >= 4:
                return [ELDER]
        return [c for c in range(5) if placed[c] < CREATURE_COUNTS[c]]

    # --- movements -----------------------------------------------------------
    def destinations(self, tile: int, pinned: set[int] | None = None) -> list[int]:
        """Every cell the tile (already on the slab) may move to, ignoring whose turn it is
        and the Elder-first rule. Empty when it is covered or holds the group together."""
        cell = self.where[tile]
        if cell == OFF:
            return []
        st = self.stacks
        s = st[cell]
        if s[-1] != tile:
            return []
        if len(s) == 1:
            if pinned is None:
                pinned = self.pinned_cells()
            if cell in pinned:
                return []
        creature = CREATURE_OF[tile]
        if creature == OWL:
            return self._owl(cell, len(s) - 1)
        if creature == HARE:
            return self._hare(cell)
        # Sliders: lift the tile off so it neither blocks nor supports its own slide.
        del st[cell]
        try:
            if creature == ELDER:
                return self._steps(cell)
            if creature == FOX:
                return self._fox(cell)
            return self._otter(cell)
        finally:
            st[cell] = s

    def _steps(self, cell: int) -> list[int]:
        st = self.stacks
        out = []
        for i in range(6):
            n = cell + DIRS[i]
            if n in st:
                continue
            if (cell + DIRS[i - 1] in st) != (cell + DIRS[i - 5] in st):
                out.append(n)
        return sorted(out)

    def _owl(self, cell: int, below: int) -> list[int]:
        st = self.stacks
        out = []
        for i in range(6):
            n = cell + DIRS[i]
            sn = st.get(n)
            dest = len(sn) if sn else 0
            sl = st.get(cell + DIRS[i - 1])
            sr = st.get(cell + DIRS[i - 5])
            hl = len(sl) if sl else 0
            hr = len(sr) if sr else 0
            if below == 0 and dest == 0 and hl == 0 and hr == 0:
                continue  # would leave the group
            level = below if below > dest else dest
            if hl > level and hr > level:
                continue  # the gate between two higher stacks
            out.append(n)
        return sorted(out)

    def _hare(self, cell: int) -> list[int]:
        st = self.stacks
        out = []
        for d in DIRS:
            n = cell + d
            if n not in st:
                continue
            while n in st:
                n += d
            out.append(n)
        return sorted(out)

    def _fox(self, cell: int) -> list[int]:
        st = self.stacks
        ends: set[int] = set()
        for i in range(6):
            a = cell + DIRS[i]
            if a in st or (cell + DIRS[i - 1] in st) == (cell + DIRS[i - 5] in st):
                continue
            for j in range(6):
                b = a + DIRS[j]
                if b == cell or b in st or (a + DIRS[j - 1] in st) == (a + DIRS[j - 5] in st):
                    continue
                for k in range(6):
                    c = b + DIRS[k]
                    if c == cell or c == a or c in st or (b + DIRS[k - 1] in st) == (b + DIRS[k - 5] in st):
                        continue
                    ends.add(c)
        return sorted(ends)

    def _otter(self, cell: int) -> list[int]:
        st = self.stacks
        seen = {cell}
        todo = [cell]
        while todo:
            a = todo.pop()
            for i in range(6):
                b = a + DIRS[i]
                if b in seen or b in st:
                    continue
                if (a + DIRS[i - 1] in st) != (a + DIRS[i - 5] in st):
                    seen.add(b)
                    todo.append(b)
        seen.discard(cell)
        return sorted(seen)

    # --- all legal moves -------------------------------------------------------
    def legal_moves(self) -> list[Optional[tuple[int, int, int]]]:
        """Every legal move for the colour to move, in the documented order:
        placements (Elder, Owl, Hare, Fox, Otter; cells top-left first), then movements
        (tiles in the order Elder, Owl 1, Owl 2, Hare 1…3, Fox 1, 2, Otter 1…3; cells
        top-left first). ``[None]`` (a pass) when nothing else is legal; ``[]`` when over."""
        if self.result is not None:
            return []
        colour = self.ply & 1
        out: list[Optional[tuple[int, int, int]]] = []
        creatures = self.placeable_creatures(colour)
        if creatures:
            cells = self.placement_cells(colour)
            if cells:
                for cr in creatures:
                    tile = self.next_tile(colour, cr)
                    for c in cells:
                        out.append((tile, OFF, c))
        if self.placed[colour][ELDER]:
            pinned = self.pinned_cells()
            base = colour * TILES_PER_COLOUR
            where = self.where
            for tile in range(base, base + TILES_PER_COLOUR):
                frm = where[tile]
                if frm == OFF:
                    continue
                for to in self.destinations(tile, pinned):
                    out.append((tile, frm, to))
        if not out:
            return [None]
        return out

    def count_moves(self) -> int:
        """``len(legal_moves())`` (perft's last ply)."""
        return len(self.legal_moves())

    def movable_tiles(self, colour: int, pinned: set[int] | None = None) -> Iterable[int]:
        """Tiles of ``colour`` that are on top and free of the group rule."""
        if pinned is None:
            pinned = self.pinned_cells()
        st = self.stacks
        base = colour * TILES_PER_COLOUR
        for tile in range(base, base + TILES_PER_COLOUR):
            c = self.where[tile]
            if c == OFF:
                continue
            s = st[c]
            if s[-1] == tile and (len(s) > 1 or c not in pinned):
                yield tile
