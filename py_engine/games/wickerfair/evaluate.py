"""The Normal bot's judgement of a position: final coins it may expect, not just the coins it holds.

``value(s, me)`` = the §8.3 score if the fair ended now, plus what the position promises before the
fair ends: progress toward each ribbon, toward the next goodwill band (which multiplies ribbons, hexes
and pairs), the engine (walkers, structures, helpers, pins, farmers on the map, cards), a met mission
not shown yet, the next visitor and the Old Mill for the herald. Normal's weights (``NORMAL``) were set by hand
and checked in self-play (bench/wickerfair_bench.py); the Expert's (``EXPERT``) were tuned against Normal.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Weights:
    """The weights of :func:`value`. ``NORMAL`` is the Normal level's own, which old records re-derive its
    moves with, so its numbers never change; the Expert plans with ``EXPERT`` (tuned by
    bench/tuning/wickerfair.py against Normal). The ``extra_*`` terms are off (0) in ``NORMAL``."""
    goodwill_band: float = 0.8          # the next goodwill band's multiplier, by how near it is
    goodwill_band_ribbons: float = 1.5  # ribbons still to come that the band would multiply
    ribbon_add: float = 4               # a ribbon's worth beyond its coins: a step toward the fair's end
    ribbon_lin: float = 0.6
    ribbon_sq: float = 0.4
    ribbon_base: float = 0.5            # progress kept however near the end is
    ribbon_each: tuple = (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)  # improvement … courage, in PROGRESS order
    mission: float = 0.9
    walkers: float = 1.2
    structures: float = 1.2
    pins: float = 1.0
    helper_cap: float = 3.0
    helper_rate: float = 0.25
    resources: float = 0.25
    hand: float = 0.35
    courage: float = 0.12
    producing: float = 0.3
    mill: float = 3
    herald_token: float = 0.5
    herald_mill: float = 0.35
    exposure: float = 0.15
    leader: float = 0.15
    horizon_turns: float = 8
    late_turns: int = 2
    odd_resource: float = 0.2
    extra_goodwill: float = 0.0         # each goodwill point
    extra_coins: float = 0.0            # each coin held beyond the score's one
    extra_hexes: float = 0.0            # each hex controlled beyond the score's tier × value
    extra_ribbon_lead: float = 0.0      # each ribbon more than the most any other clan has
    extra_leader_ribbons: float = 0.0   # the leader's ribbons, at its tier, counted against
    extra_confront_ribbon: float = 0.0  # a confrontation ribbon still open, by the clan's strong units on the map


NORMAL = Weights()
#: The Expert's weights, tuned in paired planner games against Normal (bench/tuning/wickerfair.py): a
#: moved pin lowers a bottom action's cost or upgrades a top for the rest of the fair, resources on
#: owned hexes pay for the next bottom actions as well as in pairs, and an erected walker or a built
#: structure works for every turn after; Normal counts all of them far too little.
EXPERT = Weights(pins=8.0, resources=0.8, walkers=2.4, structures=2.4)
PROGRESS = ("improvement", "walkers", "structures", "helpers", "farmers", "goodwill", "courage")


def value(s: "WickerfairState", me: int, w: Weights = NORMAL) -> float:
    c = s.clans[me]
    t = tier(c.goodwill)
    mr, mh, mp = SCORING["per_ribbon"][t], SCORING["per_hex"][t], SCORING["per_pair"][t]
    mine = controls(s, me)
    hexes = sum(hex_value(h) for h in mine)
    owned = owned_resources(s, me)
    total = sum(owned)
    ribbons = len(c.ribbons)
    rem = remaining_turns(s, me)
    late = rem <= w.late_turns
    score = c.coins + mr * ribbons + mh * hexes + mp * (total // 2) + prize_payout(s, me)
    if w is not NORMAL:
        score += _extra(s, me, w, late, mine)
    if late:
        return score + w.odd_resource * (total % 2) * mp
    horizon = min(1.0, rem / w.horizon_turns)
    # the next goodwill band multiplies ribbons, hexes and pairs
    if t < 2:
        lo, hi = SCORING["goodwill_bands"][t]
        frac = (c.goodwill - lo + 1) / (hi - lo + 1)
        score += (ribbons + w.goodwill_band_ribbons + hexes + total / 2) * frac * w.goodwill_band
    # progress toward ribbons not placed yet
    rv = mr + w.ribbon_add
    near = w.ribbon_base + (1 - w.ribbon_base) * horizon
    progress = (c.pins_moved() / N_PINS, c.walkers_erected() / N_WALKERS, c.structures_built() / N_STRUCTURES,
                c.helpers_placed() / N_HELPERS, c.farmers_on_map() / FARMERS, c.goodwill / GOODWILL_CAP,
                c.courage / COURAGE_CAP)
    for rid, f, each in zip(PROGRESS, progress, w.ribbon_each):
        if rid not in c.ribbons:
            score += rv * each * (w.ribbon_lin * f + w.ribbon_sq * f * f) * near
    if c.shown < 0 and met_missions(s, me):
        score += rv * w.mission
    # the engine: what pieces and pins will still earn
    score += horizon * (w.walkers * c.walkers_erected() + w.structures * c.structures_built() + w.pins * c.pins_moved())
    score += sum(c.helpers) * min(w.helper_cap, w.helper_rate * rem)
    score += w.resources * total * horizon + w.hand * len(c.hand) + w.courage * c.courage
    producing = sum(c.farmers[h] for h in mine if PRODUCE[h] != -1)
    score += w.producing * producing * horizon
    if c.mill >= 0:
        score += w.mill * horizon
    # the herald's next visitor and the Old Mill
    if c.herald != -2:
        tokens = [h for h in range(N_HEX) if s.tokens[h]]
        if tokens:
            d = min(dist_from(c.clan, c.herald, h) for h in tokens)
            score -= w.herald_token * min(d, 6) * horizon
        if not c.mill_visited and s.mill_pile:
            score -= w.herald_mill * min(dist_from(c.clan, c.herald, OLD_MILL), 6) * horizon
    # exposed pieces: own units next to a stronger enemy herald or walker
    score -= w.exposure * exposure(s, me)
    opp = max(sum_simple(s, q) for q in range(s.num_players) if q != me)
    return score - w.leader * opp


def _extra(s: "WickerfairState", me: int, w: Weights, late: bool, mine: list[int]) -> float:
    c = s.clans[me]
    out = w.extra_goodwill * c.goodwill + w.extra_coins * c.coins + w.extra_hexes * len(mine)
    others = [q for q in s.clans if q.seat != me]
    if w.extra_ribbon_lead:
        out += w.extra_ribbon_lead * (len(c.ribbons) - max(len(q.ribbons) for q in others))
    if w.extra_leader_ribbons:
        out -= w.extra_leader_ribbons * max(SCORING["per_ribbon"][tier(q.goodwill)] * len(q.ribbons) for q in others)
    if w.extra_confront_ribbon and not late and c.ribbons.count("confrontation") < 2:
        out += w.extra_confront_ribbon * sum(1 for _, pos in c.strong_units() if pos >= 0)
    return out


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


__all__ = ["Weights", "NORMAL", "value", "win_chance", "fight_strength", "remaining_turns", "dist_from", "DIST"]
