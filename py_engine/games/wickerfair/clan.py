"""One clan at the table: its pieces, tracks, mat, hands and ribbons (cloned by hand, no deepcopy)."""
from __future__ import annotations

from .data import (BOARD_BONUSES, BOTTOMS, FARMERS, N_HEX, N_HELPERS, N_PINS, N_STRUCTURES, N_WALKERS,
                   START_COINS, START_COURAGE, START_GOODWILL)

#: A unit's position: a hex index 0..36, or one of these.
HOME = -1
UNERECTED = -2     # a walker still on the clan board
UNBUILT = -1       # a structure still on the clan board


class Clan:
    """A seat's clan. Positions are hex indices; ``HOME`` is the clan's own home site.

    ``hand`` holds courage card values, sorted; ``hand_seen[i]`` is the bit mask of seats that
    know card ``i`` is in this hand (the owner always; both sides of a Snatch), which is what
    :meth:`WickerfairState.resample_hidden` must keep.
    """

    __slots__ = ("seat", "clan", "mat", "herald", "walkers", "farmers", "home_farmers", "supply", "structures",
                 "helpers", "bonuses", "covered", "slots", "goodwill", "courage", "coins", "home", "hand",
                 "hand_seen", "missions", "missions_gone", "shown", "visitors", "mill", "mill_ready", "mill_visited",
                 "ribbons", "last_col")

    def __init__(self, seat: int, clan: int, mat: int) -> None:
        self.seat = seat
        self.clan = clan
        self.mat = mat
        self.herald = HOME
        self.walkers = [UNERECTED] * N_WALKERS
        self.farmers = [0] * N_HEX
        self.home_farmers = 0
        self.supply = FARMERS
        self.structures = [UNBUILT] * N_STRUCTURES
        self.helpers = [False] * N_HELPERS
        self.bonuses = [False] * len(BOARD_BONUSES)
        self.covered = [True] * N_PINS          # upgrade spaces U1..U6 still holding their pin
        self.slots = [0] * len(BOTTOMS)         # pins placed on each bottom action
        self.goodwill = START_GOODWILL[mat]
        self.courage = START_COURAGE[clan]
        self.coins = START_COINS[mat]
        self.home = [0, 0, 0, 0]                # resources at the home site
        self.hand: list[int] = []
        self.hand_seen: list[int] = []
        self.missions: list[int] = []           # held, secret
        self.missions_gone: list[int] = []      # discarded after showing one (secret, known to the owner)
        self.shown = -1                         # the mission shown, or -1
        self.visitors: list[int] = []           # visitor cards kept (public)
        self.mill = -1                          # the mill card taken, or -1
        self.mill_ready = False                 # column 5 is usable (from the turn after taking it)
        self.mill_visited = False               # the herald has ended a move on the Old Mill once
        self.ribbons: list[str] = []            # ribbon ids in the order placed
        self.last_col = 0                       # the column chosen on the previous turn (0: none yet)

    def clone(self) -> "Clan":
        c = Clan.__new__(Clan)
        c.seat, c.clan, c.mat, c.herald = self.seat, self.clan, self.mat, self.herald
        c.walkers, c.farmers = self.walkers[:], self.farmers[:]
        c.home_farmers, c.supply = self.home_farmers, self.supply
        c.structures, c.helpers, c.bonuses = self.structures[:], self.helpers[:], self.bonuses[:]
        c.covered, c.slots = self.covered[:], self.slots[:]
        c.goodwill, c.courage, c.coins, c.home = self.goodwill, self.courage, self.coins, self.home[:]
        c.hand, c.hand_seen = self.hand[:], self.hand_seen[:]
        c.missions, c.missions_gone, c.shown = self.missions[:], self.missions_gone[:], self.shown
        c.visitors, c.mill, c.mill_ready, c.mill_visited = self.visitors[:], self.mill, self.mill_ready, self.mill_visited
        c.ribbons, c.last_col = self.ribbons[:], self.last_col
        return c

    # --- counts ----------------------------------------------------------------------------
    def farmers_on_map(self) -> int:
        return FARMERS - self.supply - self.home_farmers

    def walkers_erected(self) -> int:
        return sum(1 for w in self.walkers if w != UNERECTED)

    def has_walker(self, slot: int) -> bool:
        return self.walkers[slot] != UNERECTED

    def structures_built(self) -> int:
        return sum(1 for s in self.structures if s != UNBUILT)

    def helpers_placed(self) -> int:
        return sum(self.helpers)

    def pins_moved(self) -> int:
        return N_PINS - sum(self.covered)

    def ribbon_count(self) -> int:
        return len(self.ribbons)

    def strong_units(self) -> list[tuple[str, int]]:
        """(unit key, position) of the herald and every erected walker."""
        out = [("H", self.herald)]
        for i, w in enumerate(self.walkers):
            if w != UNERECTED:
                out.append((f"W{i + 1}", w))
        return out

    # --- hand ------------------------------------------------------------------------------
    def add_card(self, value: int, seen: int) -> None:
        """Put a courage card in the hand, keeping it sorted (a card's index is its rank)."""
        i = 0
        while i < len(self.hand) and (self.hand[i], self.hand_seen[i]) <= (value, seen):
            i += 1
        self.hand.insert(i, value)
        self.hand_seen.insert(i, seen)

    def take_card(self, value: int) -> int:
        """Remove one card of ``value`` and return its seen mask.

        Of equal cards the one most seats know about goes first: an onlooker cannot tell equal
        cards apart, so after one leaves it must not go on "knowing" that another is there.
        """
        best = -1
        for i, v in enumerate(self.hand):
            if v == value and (best < 0 or bin(self.hand_seen[i]).count("1") > bin(self.hand_seen[best]).count("1")):
                best = i
        if best < 0:
            raise ValueError(f"no {value} in hand")
        self.hand.pop(best)
        return self.hand_seen.pop(best)


__all__ = ["Clan", "HOME", "UNERECTED", "UNBUILT"]
