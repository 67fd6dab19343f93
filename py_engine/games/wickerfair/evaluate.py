"""The Normal bot's judgement of a position: final coins it may expect, not just the coins it holds.

``value(s, me)`` = the §8.3 score if the fair ended now, plus what the position promises before the
fair ends: progress toward each ribbon, toward the next goodwill band (which multiplies ribbons, hexes
and pairs), the engine (walkers, structures, helpers, pins, farmers on the map, cards), a met mission
not shown yet, the next visitor and the Old Mill for the herald. Weights were set by hand and checked
in self-play (bench/wickerfair_bench.py).
"""
from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from .board import controls, hex_value, occupancy, owned_resources
from .clan import HOME
from .data import (ADJ, BADGERS, CLAN_ABILITY, CONFRONT, COURAGE_CAP, COURAGE_DECK, DIAL_MAX, EDGE_OK, ENTRIES,
                   FARMERS, GOODWILL_CAP, IS_LAKE, IS_PLATE, N_HEX, N_HELPERS, N_PINS, N_STRUCTURES, N_WALKERS,
                   NEAR_LAKE, OLD_MILL, PLATES, PRODUCE, RIBBONS_TO_END, SCORING, W_CONFRONT, tier)
from .scoring import met_missions, prize_payout

if TYPE_CHECKING:
    from .state import WickerfairState


def _distances() -> list[list[int]]:
    """Steps between land hexes by plain steps (no stream crossing) and plate links, lakes closed."""
    graph = [[n for n in EDGE_OK[h] if not IS_LAKE[n]] + ([p for p in PLATES if p != h] if IS_PLATE[h] else [])
             for h in range(N_HEX)]
    out = []
    for src in range(N_HEX):
        dist = [99] * N_HEX
        dist[src] = 0
        q = deque([src])
        while q:
            h = q.popleft()
            for n in graph[h]:
                if dist[n] == 99:
                    dist[n] = dist[h] + 1
                    q.append(n)
        out.append(dist)
    return out


DIST = _distances()


def dist_from(clan: int, pos: int, dest: int) -> int:
    if pos == HOME:
        return 1 + min(DIST[e][dest] for e in ENTRIES[clan])
    if pos < 0:
        return 99
    return DIST[pos][dest]


def remaining_turns(s: "WickerfairState", me: int) -> int:
    """Own turns the fair probably has left: by the day cap, and by the ribbon race."""
    days = s._last_day() - s.day + 1
    lead = max(len(c.ribbons) for c in s.clans)
    return max(1, min(days, (RIBBONS_TO_END - lead) * 5))


def unseen_card_mean(s: "WickerfairState", me: int) -> float:
    """The average value of a courage card the seat has not seen (deck composition less what it sees)."""
    rest = list(COURAGE_DECK)
    for v in s.courage_discard + s.clans[me].hand:
        if v in rest:
            rest.remove(v)
    return sum(rest) / len(rest) if rest else 3.0


def fight_strength(s: "WickerfairState", seat: int, h: int, defender: bool, viewer: int) -> tuple[float, int]:
    """(expected strong total, best possible total) of ``seat`` in a confrontation on ``h`` as ``viewer`` sees it."""
    c = s.clans[seat]
    k = sum(1 for _, pos in c.strong_units() if pos == h) or 1
    dial = min(DIAL_MAX, c.courage)
    if seat == viewer:
        cards = sorted(c.hand, reverse=True)[:k]
        exp = best = dial + sum(cards)
    else:
        n = min(k, len(c.hand))
        exp = dial + n * unseen_card_mean(s, viewer)
        best = dial + 5 * n
    mods = 0
    if defender and CLAN_ABILITY[c.clan]["id"] == "holdfast":
        mods += CLAN_ABILITY[BADGERS]["bonus"]
    if c.has_walker(W_CONFRONT):
        a = CONFRONT[c.clan]
        if a["kind"] == "stillwater":
            mods += a["lake"] if IS_LAKE[h] else a["lakeside"] if NEAR_LAKE[h] else 0
        elif a["kind"] == "warren":
            mods += min(a["most"], c.farmers[h])
        elif a["kind"] == "friendly_tune" and c.hand:
            mods += a["bonus"]
    return exp + mods, best + mods


def win_chance(s: "WickerfairState", me: int, opp: int, h: int, starter: bool) -> float:
    mine, _ = fight_strength(s, me, h, not starter, me)
    theirs_exp, theirs_best = fight_strength(s, opp, h, starter, me)
    need = 0 if starter else 1
    if mine >= theirs_best + need:
        return 0.97
    if mine >= theirs_exp + need + 2:
        return 0.8
    if mine >= theirs_exp + need:
        return 0.6
    if mine + 2 >= theirs_exp + need:
        return 0.35
    return 0.1


def value(s: "WickerfairState", me: int) -> float:
    c = s.clans[me]
    t = tier(c.goodwill)
    mr, mh, mp = SCORING["per_ribbon"][t], SCORING["per_hex"][t], SCORING["per_pair"][t]
    mine = controls(s, me)
    hexes = sum(hex_value(h) for h in mine)
    owned = owned_resources(s, me)
    total = sum(owned)
    ribbons = len(c.ribbons)
    rem = remaining_turns(s, me)
    late = rem <= 2
    score = c.coins + mr * ribbons + mh * hexes + mp * (total // 2) + prize_payout(s, me)
    if late:
        return score + 0.2 * (total % 2) * mp
    horizon = min(1.0, rem / 8)
    # the next goodwill band multiplies ribbons, hexes and pairs
    if t < 2:
        lo, hi = SCORING["goodwill_bands"][t]
        frac = (c.goodwill - lo + 1) / (hi - lo + 1)
        score += (ribbons + 1.5 + hexes + total / 2) * frac * 0.8
    # progress toward ribbons not placed yet
    rv = mr + 4
    for rid, f in (("improvement", c.pins_moved() / N_PINS), ("walkers", c.walkers_erected() / N_WALKERS),
                   ("structures", c.structures_built() / N_STRUCTURES), ("helpers", c.helpers_placed() / N_HELPERS),
                   ("farmers", c.farmers_on_map() / FARMERS), ("goodwill", c.goodwill / GOODWILL_CAP),
                   ("courage", c.courage / COURAGE_CAP)):
        if rid not in c.ribbons:
            score += rv * (0.6 * f + 0.4 * f * f) * (0.5 + 0.5 * horizon)
    if c.shown < 0 and met_missions(s, me):
        score += rv * 0.9
    # the engine: what pieces and pins will still earn
    score += horizon * (1.2 * c.walkers_erected() + 1.2 * c.structures_built() + 1.0 * c.pins_moved())
    score += sum(c.helpers) * min(3.0, 0.25 * rem)
    score += 0.25 * total * horizon + 0.35 * len(c.hand) + 0.12 * c.courage
    producing = sum(c.farmers[h] for h in mine if PRODUCE[h] != -1)
    score += 0.3 * producing * horizon
    if c.mill >= 0:
        score += 3 * horizon
    # the herald's next visitor and the Old Mill
    if c.herald != -2:
        tokens = [h for h in range(N_HEX) if s.tokens[h]]
        if tokens:
            d = min(dist_from(c.clan, c.herald, h) for h in tokens)
            score -= 0.5 * min(d, 6) * horizon
        if not c.mill_visited and s.mill_pile:
            score -= 0.35 * min(dist_from(c.clan, c.herald, OLD_MILL), 6) * horizon
    # exposed pieces: own units next to a stronger enemy herald or walker
    score -= 0.15 * exposure(s, me)
    opp = max(sum_simple(s, q) for q in range(s.num_players) if q != me)
    return score - 0.15 * opp


def sum_simple(s: "WickerfairState", seat: int) -> float:
    c = s.clans[seat]
    t = tier(c.goodwill)
    return c.coins + SCORING["per_ribbon"][t] * len(c.ribbons) + SCORING["per_hex"][t] * len(controls(s, seat))


def exposure(s: "WickerfairState", me: int) -> float:
    """How many own hexes an enemy herald or walker stands next to (rough threat)."""
    occ = occupancy(s)
    bit = 1 << me
    enemy = set()
    for c in s.clans:
        if c.seat != me:
            enemy.update(p for _, p in c.strong_units() if p >= 0)
    return sum(1 for h in range(N_HEX) if occ[h] == bit and any(n in enemy for n in ADJ[h]))


__all__ = ["value", "win_chance", "fight_strength", "remaining_turns", "dist_from", "DIST"]
