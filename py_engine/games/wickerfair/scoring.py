"""Mission conditions (§7.3), fair prize tiles (§7.5) and the final coins (§8.3), as pure functions of a position."""
from __future__ import annotations

from typing import Any

from .board import controls, hex_value, occupancy, owned_resources
from .clan import HOME, UNBUILT
from .data import (ADJ, CYCLE, ENTRIES, IS_LAKE, IS_PASTURE, IS_PLATE, IS_VILLAGE, IS_VISITOR_SPOT, MISSIONS,
                   NEAR_LAKE, OLD_MILL, PRIZES, RING, SCORING, STREAM_EDGES, TERRAIN, VILLAGES, tier)
from .position import WickerfairPosition


def units_on(s: "WickerfairPosition", seat: int, h: int) -> int:
    c = s.clans[seat]
    return (c.herald == h) + sum(1 for w in c.walkers if w == h) + c.farmers[h]


def mission_met(s: "WickerfairPosition", seat: int, m: int) -> bool:
    """Whether mission ``m`` (index into cards.json) is true for ``seat`` right now (§7.3)."""
    c = s.clans[seat]
    kind, p = MISSIONS[m]["kind"], MISSIONS[m]["params"]
    if kind == "own_each":
        return min(owned_resources(s, seat)) >= p["n"]
    if kind == "wool_pastures":
        return (owned_resources(s, seat)[3] >= p["wool"]
                and sum(1 for h in controls(s, seat) if IS_PASTURE[h]) >= p["pastures"])
    if kind == "stockpile":
        return any(sum(s.res[4 * h:4 * h + 4]) >= p["n"] for h in controls(s, seat))
    if kind == "lakeside":
        return sum(1 for h in controls(s, seat) if not IS_LAKE[h] and NEAR_LAKE[h]) >= p["n"]
    if kind == "plates":
        occ, bit = occupancy(s), 1 << seat
        return sum(1 for h in range(len(occ)) if IS_PLATE[h] and occ[h] & bit) >= p["n"]
    if kind == "bridges":
        mine = set(controls(s, seat))
        return sum(1 for a, b in STREAM_EDGES if a in mine and b in mine) >= p["n"]
    if kind == "mill_crowd":
        return OLD_MILL in controls(s, seat) and units_on(s, seat, OLD_MILL) >= p["n"]
    if kind == "hamlets":
        mine = set(controls(s, seat))
        return sum(1 for h in VILLAGES if h in mine and c.farmers[h] >= p["farmers"]) >= p["villages"]
    if kind == "beloved":
        return c.goodwill >= p["goodwill"] and len(c.hand) <= p["cards"]
    if kind == "iron_resolve":
        return c.courage >= p["courage"] and len(c.hand) >= p["cards"]
    if kind == "far_afield":
        return c.herald != HOME and c.herald in far_entries(c.clan, p["places"])
    if kind == "wide_fair":
        return len(controls(s, seat)) >= p["n"]
    if kind == "fat_purse":
        return c.coins >= p["coins"]
    if kind == "builders_row":
        return len({TERRAIN[h] for h in c.structures if h != UNBUILT}) >= p["n"]
    if kind == "balanced":
        return (c.walkers_erected() >= p["walkers"] and c.structures_built() >= p["structures"]
                and c.helpers_placed() >= p["helpers"])
    if kind == "friend":
        return len(c.visitors) >= p["n"]
    raise ValueError(f"unknown mission kind {kind}")


def far_entries(clan: int, places: int) -> set[int]:
    """Entry hexes of the two home sites ``places`` steps away from ``clan``'s in the home cycle, either way."""
    n = len(CYCLE)
    out: set[int] = set()
    for d in (places, -places):
        out.update(ENTRIES[(clan + d) % n])
    return out


def met_missions(s: "WickerfairPosition", seat: int) -> list[int]:
    c = s.clans[seat]
    if c.shown >= 0:
        return []
    return [m for m in c.missions if mission_met(s, seat, m)]


def prize_count(s: "WickerfairPosition", seat: int, prize: int) -> int:
    """How many of the seat's built structures meet the prize tile's condition (§7.5)."""
    built = [h for h in s.clans[seat].structures if h != UNBUILT]
    kind = PRIZES[prize]["kind"]
    if kind == "plate":
        return sum(1 for h in built if IS_PLATE[h])
    if kind == "lakeside":
        return sum(1 for h in built if NEAR_LAKE[h])
    if kind == "visitor_spot":
        return sum(1 for h in built if IS_VISITOR_SPOT[h])
    if kind == "village":
        return sum(1 for h in built if IS_VILLAGE[h] or any(IS_VILLAGE[n] for n in ADJ[h]))
    if kind == "rim":
        return sum(1 for h in built if RING[h] == 3)
    if kind == "hedgerow":
        return sum(1 for h in built if any(n in built for n in ADJ[h]))
    raise ValueError(f"unknown prize kind {kind}")


def prize_payout(s: "WickerfairPosition", seat: int) -> int:
    n = prize_count(s, seat, s.prize)
    pay = PRIZES[s.prize]["payout"]
    return pay[min(n, len(pay)) - 1] if n > 0 else 0


def breakdown(s: "WickerfairPosition", seat: int) -> dict[str, Any]:
    """§8.3 final coins, itemised: coins + tier × ribbons + tier × hexes + tier × pairs + prize tile."""
    c = s.clans[seat]
    t = tier(c.goodwill)
    ribbons = len(c.ribbons)
    hexes = sum(hex_value(h) for h in controls(s, seat))
    pairs = sum(owned_resources(s, seat)) // 2
    prize = prize_payout(s, seat)
    parts = {"coins": c.coins, "ribbons": SCORING["per_ribbon"][t] * ribbons, "hexes": SCORING["per_hex"][t] * hexes,
             "pairs": SCORING["per_pair"][t] * pairs, "prize": prize}
    return {"seat": seat, "tier": t, "ribbon_count": ribbons, "hex_count": hexes, "pair_count": pairs, **parts,
            "total": sum(parts.values())}
