"""A Hollowmere position: the valley plus the turn sequence (draw, Mist Veil, set aside, lay).

Setup (documented in docs/rules/hollowmere.md):
* the 84 supply tiles, listed in tiles.json order, are shuffled with
  ``chance.stream("setup/supply").shuffle``; the first element is the top;
* the first player is ``chance.stream("setup/first").below(num_players)``;
  play goes on in seat order from there;
* that player draws the top tile at once, so the first decision already has a tile in hand.
"""
from __future__ import annotations

from typing import Any, ClassVar

from py_engine.core.fairness import Chance, Stream
from py_engine.core.game import ALL_SEATS, Decision, Game, GameState, IllegalAction

from . import notation, view
from .notation import Aside, Lay, Veil
from .data import BY_ID, DISTINCT_R, TILESET_VERSION, TYPES, supply_list
from .valley import ROLES, W, Valley, cell, xy

WARDENS = 7
TIMER = 60

#: The end-of-game sheet's columns, in the order the rules page lists the features.



class HollowmereState(GameState):
    game: ClassVar[Game]

    def __init__(self, num_players: int, options: dict[str, Any], supply: list[int], first: int) -> None:
        self.num_players = num_players
        self.options = dict(options)
        self.valley = Valley(num_players, bool(options.get("meadows")), WARDENS)
        self.supply = supply          # never changes after setup; ``top`` walks along it
        self.top = 0
        self.remaining = [0] * len(TYPES)
        for t in supply:
            self.remaining[t] += 1
        self.current = first
        self.first = first
        self.hand = -1
        self.veil_used = [False] * num_players
        self.set_aside: list[str] = []
        self.n_actions = 0
        self.over = False
        self._pl: list[tuple[int, int]] | None = None
        self._draw()

    @classmethod
    def setup(cls, num_players: int, options: dict[str, Any], chance: Chance) -> "HollowmereState":
        supply = supply_list()
        chance.stream("setup/supply").shuffle(supply)
        first = 0 if options.get("first") == "seat-1" else chance.stream("setup/first").below(num_players)
        return cls(num_players, options, supply, first)

    def clone(self) -> "HollowmereState":
        s = HollowmereState.__new__(HollowmereState)
        s.num_players, s.options, s.first = self.num_players, self.options, self.first
        s.valley = self.valley.clone()
        s.supply, s.top, s.remaining = self.supply, self.top, self.remaining[:]
        s.current, s.hand, s.veil_used = self.current, self.hand, self.veil_used[:]
        s.set_aside, s.n_actions, s.over, s._pl = self.set_aside[:], self.n_actions, self.over, self._pl
        return s

    # --- turn sequence ----------------------------------------------------------------
    def _draw(self) -> None:
        """The current player draws the top tile; an empty supply ends the game."""
        self._pl = None
        if self.top >= len(self.supply):
            self.hand = -1
            self.over = True
            self.valley.end_scoring(self.n_actions)
            return
        self.hand = self.supply[self.top]
        self.top += 1
        self.remaining[self.hand] -= 1

    def placements(self) -> list[tuple[int, int]]:
        """Distinct (cell, r) for the tile in hand, in the stable move-list order."""
        if self._pl is None:
            self._pl = [] if self.hand < 0 else self.valley.placements(self.hand)
        return self._pl

    def hand_id(self) -> str | None:
        return TYPES[self.hand].id if self.hand >= 0 else None

    def next_id(self) -> str | None:
        return TYPES[self.supply[self.top]].id if self.top < len(self.supply) else None

    def supply_count(self) -> int:
        return len(self.supply) - self.top

    def can_veil(self, seat: int) -> bool:
        return (bool(self.options.get("mist_veil")) and not self.over and seat == self.current
                and not self.veil_used[seat] and self.supply_count() > 0 and bool(self.placements()))

    # --- protocol ---------------------------------------------------------------------
    def decision(self) -> Decision | None:
        if self.over:
            return None
        if not self.placements():
            return Decision(kind="aside", players=(self.current,), timer=0)
        return Decision(kind="lay", players=(self.current,), timer=TIMER)

    def is_forced(self, player: int) -> bool:
        return not self.over and player == self.current and not self.placements()

    def is_terminal(self) -> bool:
        return self.over

    def reveals_to(self, action: str, seat: int) -> bool:
        """Every action ends with a draw (a lay: the next seat's tile; the Mist Veil or a tile set aside:
        another for the same seat), and a draw turns a tile nobody has seen face up — the next tile, or
        with the next tile hidden the one drawn — exactly while such tiles are left in the supply. The
        last tile's action ends the game, whose final count the host's engine shows (it is built from the
        whole game's scoring, which a position rebuilt from one seat's view does not hold)."""
        unseen = len(self.supply) - self.top - (0 if self.options.get("hide_next") else 1)
        return unseen > 0 or self.supply_count() == 0

    def legal_actions(self, player: int | None = None) -> list[str]:
        if self.over or (player is not None and player != self.current):
            return []
        tid = TYPES[self.hand].id
        pl = self.placements()
        if not pl:
            return [f"aside:{tid}"]
        regions = TYPES[self.hand].regions
        out = []
        for c, r in pl:
            x, y = xy(c)
            head = f"{tid}@{x},{y}r{r}"
            out.append(head + "-")
            for ri in self.valley.warden_options(c, self.hand * 4 + r, self.current):
                out.append(f"{head}+{regions[ri].id}")
        if self.can_veil(self.current):
            out.append("veil")
        return out

    def timeout_action(self, player: int) -> str:
        # The table lays the tile and posts no Warden: the first distinct placement of the move list.
        if self.over or player != self.current:
            raise IllegalAction("this seat has no decision to time out")
        pl = self.placements()
        tid = TYPES[self.hand].id
        if not pl:
            return f"aside:{tid}"
        c, r = pl[0]
        x, y = xy(c)
        return f"{tid}@{x},{y}r{r}-"

    def apply_action(self, action: str, player: int | None = None) -> None:
        if self.over:
            raise IllegalAction("the game is over")
        if player is not None and player != self.current:
            raise IllegalAction(f"it is seat {self.current + 1}'s turn, not seat {player + 1}'s")
        a = notation.parse(action)
        hand = TYPES[self.hand].id
        if isinstance(a, Aside):
            if a.tile != hand:
                raise IllegalAction(f"the tile drawn is {hand}, not {a.tile}")
            if self.placements():
                raise IllegalAction(f"{hand} fits somewhere, so it must be laid")
            self.n_actions += 1
            self.set_aside.append(hand)
            self.valley.events.append({"kind": "aside", "tile": hand, "seat": self.current,
                                       "after_action": self.n_actions})
            self._draw()
            return
        if isinstance(a, Veil):
            if not self.options.get("mist_veil"):
                raise IllegalAction("the Mist Veil is off at this table")
            if self.veil_used[self.current]:
                raise IllegalAction("you have already cast your Mist Veil")
            if self.supply_count() == 0:
                raise IllegalAction("the Mist Veil cannot be cast when the supply is empty")
            if not self.placements():
                raise IllegalAction(f"{hand} fits nowhere and is set aside by the table")
            self.n_actions += 1
            self.veil_used[self.current] = True
            self.set_aside.append(hand)
            self.valley.events.append({"kind": "veil", "tile": hand, "seat": self.current,
                                       "after_action": self.n_actions})
            self._draw()
            return
        assert isinstance(a, Lay)
        if a.tile != hand:
            raise IllegalAction(f"the tile in hand is {hand}, not {a.tile}")
        c = cell(a.x, a.y)
        p = self.hand * 4 + a.r
        why = self.valley.why_not(c, p)
        if why is not None:
            raise IllegalAction(f"{hand} cannot go at {a.x},{a.y} r{a.r}: {why}")
        ri = -1
        if a.region is not None:
            ri = next(i for i, reg in enumerate(TYPES[self.hand].regions) if reg.id == a.region)
            if ri not in self.valley.warden_options(c, p, self.current):
                raise IllegalAction(self._why_no_warden(c, p, ri))
        self.n_actions += 1
        self.valley.lay(c, p, ri, self.current, self.n_actions)
        self.current = (self.current + 1) % self.num_players
        self._draw()

    def _why_no_warden(self, c: int, p: int, ri: int) -> str:
        # The valley judges the feature as it will be once the tile is laid (one lay can join
        # two regions of the tile through a neighbouring feature).
        return self.valley.why_no_warden(c, p, ri, self.current) or "that Warden cannot be posted there"

    def scores(self) -> list[int]:
        return self.valley.scores[:]

    def winners(self) -> list[int]:
        if not self.over:
            return []
        best = max(self.valley.scores)
        return [s for s, v in enumerate(self.valley.scores) if v == best]

    def events_since(self, mark: int, viewer: int | str | None = None) -> list[dict[str, Any]]:
        return self.valley.events[mark:]   # every event is public (scores, tiles set aside, veils)

    def describe(self, action: str, lang: str = "en", viewer: int | str | None = ALL_SEATS) -> str:
        return notation.describe(action, lang, self.valley)   # every choice is public

    def resample_hidden(self, viewer: int | None, stream: Stream) -> "HollowmereState":
        """The supply below what everyone sees (the tile in hand, and the next tile unless
        it is hidden) in another order: the only thing a Hollowmere seat may not know."""
        s = self.clone()
        keep = s.top + (0 if self.options.get("hide_next") else 1)
        rest = s.supply[keep:]
        stream.shuffle(rest)
        s.supply = s.supply[:keep] + rest
        return s

    # --- what seats see -----------------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        v = self.valley
        tiles = []
        for c, p, seat, ri in v.lays:
            x, y = xy(c)
            t = TYPES[p >> 2]
            tiles.append({"x": x, "y": y, "tile": t.id, "r": p & 3, "seat": seat if seat >= 0 else None,
                          "warden": t.regions[ri].id if ri >= 0 else None})
        wardens = []
        for c, ri, seat in v.standing:
            x, y = xy(c)
            reg = TYPES[v.grid[c] >> 2].regions[ri]
            wardens.append({"x": x, "y": y, "region": reg.id, "seat": seat, "role": ROLES[reg.kind]})
        obs: dict[str, Any] = {
            "game": "hollowmere",
            "tileset_version": TILESET_VERSION,
            "valley": {"width": W, "height": W},
            "players": self.num_players,
            "options": dict(self.options),
            "viewer": player,
            "first": self.first,
            "current": None if self.over else self.current,
            "actions": self.n_actions,
            "tiles": tiles,
            "wardens": wardens,
            "hand": self.hand_id(),
            "supply": self.supply_count(),
            "remaining": {t.id: self.remaining[t.index] for t in TYPES},
            "wardens_left": v.wardens_left[:],
            "veil_used": self.veil_used[:],
            "set_aside": self.set_aside[:],
            "scores": v.scores[:],
            "terminal": self.over,
        }
        if not self.options.get("hide_next"):
            obs["next"] = self.next_id()
        return obs

    def view(self, player: int | None) -> dict[str, Any]:
        return view.view(self, player)



def rotations_offered(tile: str) -> tuple[int, ...]:
    """The rotations a move list offers for ``tile`` (smallest r of each look-alike set)."""
    return DISTINCT_R[BY_ID[tile].index]
