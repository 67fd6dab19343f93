"""The valley as the rules read it: who stands where, who controls a hex, where a unit may step (§0, §2, §6)."""
from __future__ import annotations

from .clan import HOME, UNBUILT, UNERECTED, Clan
from .data import (CLAYS, EDGE_OK, EDGE_STREAM, ENTRIES, HERONS, IS_CLAY, IS_LAKE, IS_PLATE, IS_VILLAGE, LAKES,
                   MOVE_KIND, N_HEX, OLD_MILL, OLD_MILL_VALUE, PLATES, STREAM_TERRAINS, TERRAIN, VILLAGES, W_MOVE,
                   W_STREAM, WELL)
from .position import WickerfairPosition

NOBODY = -1


def occupancy(s: "WickerfairPosition") -> list[int]:
    """Per hex, the bit mask of seats with at least one unit there (cached until a piece moves)."""
    occ = s._occ
    if occ is None:
        occ = [0] * N_HEX
        for c in s.clans:
            bit = 1 << c.seat
            if c.herald >= 0:
                occ[c.herald] |= bit
            for w in c.walkers:
                if w >= 0:
                    occ[w] |= bit
            f = c.farmers
            for h in range(N_HEX):
                if f[h]:
                    occ[h] |= bit
        s._occ = occ
    return occ


def structure_owner(s: "WickerfairPosition") -> list[int]:
    """Per hex, the seat whose structure stands there, or NOBODY."""
    own = s._own
    if own is None:
        own = [NOBODY] * N_HEX
        for c in s.clans:
            for h in c.structures:
                if h != UNBUILT:
                    own[h] = c.seat
        s._own = own
    return own


def controller(s: "WickerfairPosition", h: int) -> int:
    """§0 Control: your units on the hex and no other clan's; or your structure and no other clan's unit."""
    m = occupancy(s)[h]
    if m:
        if m & (m - 1):
            return NOBODY            # contested until its confrontation is resolved
        return m.bit_length() - 1
    return structure_owner(s)[h]


def controls(s: "WickerfairPosition", seat: int) -> list[int]:
    """The hexes ``seat`` controls, in table order."""
    occ, own = occupancy(s), structure_owner(s)
    bit = 1 << seat
    return [h for h in range(N_HEX) if occ[h] == bit or (occ[h] == 0 and own[h] == seat)]


def hex_value(h: int) -> int:
    """What a controlled hex counts at the end: the Old Mill counts as 3 (§8.3)."""
    return OLD_MILL_VALUE if h == OLD_MILL else 1


def is_foreign(s: "WickerfairPosition", seat: int, h: int) -> bool:
    """§6.2 'another clan's hex': it holds another clan's unit or structure."""
    m = occupancy(s)[h] & ~(1 << seat)
    if m:
        return True
    o = structure_owner(s)[h]
    return o != NOBODY and o != seat


def has_other_units(s: "WickerfairPosition", seat: int, h: int) -> bool:
    return bool(occupancy(s)[h] & ~(1 << seat))


def owned_resources(s: "WickerfairPosition", seat: int) -> list[int]:
    """§0 Owned resources: on the hexes you control plus at your home, per type."""
    tot = s.clans[seat].home[:]
    res = s.res
    for h in controls(s, seat):
        b = 4 * h
        tot[0] += res[b]
        tot[1] += res[b + 1]
        tot[2] += res[b + 2]
        tot[3] += res[b + 3]
    return tot


def steps(s: "WickerfairPosition", seat: int, unit: str, pos: int, carrying: bool = False) -> list[int]:
    """Every hex one step away for ``unit`` ('H' herald, 'W' walker, 'F' farmer) of ``seat`` at ``pos`` (§6.1).

    Carrying walkers never step onto a lake; farmers never enter lakes or another clan's hex; nobody
    ever steps into a home. Stopping (§6.3) is the caller's business.
    """
    c: Clan = s.clans[seat]
    clan = c.clan
    strong = unit != "F"
    out: set[int] = set()
    move_kind = MOVE_KIND[clan] if strong and c.walkers[W_MOVE] != UNERECTED else None
    if pos == HOME:
        out.update(ENTRIES[clan])
    else:
        lake_here = IS_LAKE[pos]
        for n in EDGE_OK[pos]:
            if IS_LAKE[n]:
                # Wading: land ↔ lake; Lake Leap: land → lake (never lake → lake)
                if strong and not carrying and not lake_here and (clan == HERONS or move_kind == "lake_leap"):
                    out.add(n)
            else:
                out.add(n)
        if strong and c.walkers[W_STREAM] != UNERECTED:
            terrains = STREAM_TERRAINS[clan]
            for n in EDGE_STREAM[pos]:
                if TERRAIN[n] in terrains:
                    out.add(n)
        well = c.structures[WELL]
        if IS_PLATE[pos] or pos == well:
            out.update(PLATES)
            if well != UNBUILT:
                out.add(well)
        if strong:
            if clan == HERONS and lake_here:
                out.update(LAKES)                      # Wading: any lake to any other lake
            if move_kind == "skim":
                if lake_here:
                    out.update(PLATES)
                elif IS_PLATE[pos] and not carrying:
                    out.update(LAKES)
            elif move_kind == "sett_tunnels":
                if IS_CLAY[pos]:
                    out.update(PLATES)
                elif IS_PLATE[pos]:
                    out.update(CLAYS)
            elif move_kind == "hedgerow_paths" and IS_VILLAGE[pos]:
                out.update(VILLAGES)
    if move_kind == "roost":
        out.update(h for h in c.structures if h != UNBUILT)
    out.discard(pos)
    if not strong:
        return [n for n in sorted(out) if not IS_LAKE[n] and not is_foreign(s, seat, n)]
    if carrying:
        return [n for n in sorted(out) if not IS_LAKE[n]]
    return sorted(out)


def stops_at(s: "WickerfairPosition", seat: int, unit: str, h: int) -> bool:
    """§6.3 Stopping: a herald or walker stops on entering another clan's units; a herald also at a visitor."""
    if unit == "F":
        return False
    if has_other_units(s, seat, h):
        return True
    return unit == "H" and s.tokens[h]


def lone_farmer_owners(s: "WickerfairPosition", seat: int, h: int) -> list[int]:
    """Seats whose farmers are the only other units on ``h`` (§6.3 Lone farmers)."""
    out = []
    for c in s.clans:
        if c.seat == seat:
            continue
        if c.herald == h or h in c.walkers:
            return []
        if c.farmers[h]:
            out.append(c.seat)
    return out


def contested_hexes(s: "WickerfairPosition", seat: int) -> list[int]:
    """§6.4: hexes holding a herald or walker of ``seat`` and of another clan, in table order."""
    mine = {p for _, p in s.clans[seat].strong_units() if p >= 0}
    out = []
    for h in sorted(mine):
        for c in s.clans:
            if c.seat != seat and any(p == h for _, p in c.strong_units()):
                out.append(h)
                break
    return out


def opponent_at(s: "WickerfairPosition", seat: int, h: int) -> int:
    for c in s.clans:
        if c.seat != seat and any(p == h for _, p in c.strong_units()):
            return c.seat
    return NOBODY


__all__ = ["occupancy", "structure_owner", "controller", "controls", "hex_value", "is_foreign", "owned_resources",
           "steps", "stops_at", "lone_farmer_owners", "contested_hexes", "opponent_at", "NOBODY"]
