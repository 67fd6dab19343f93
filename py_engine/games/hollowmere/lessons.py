"""Lesson positions (lessons.json) and the goals a lesson step can check.

A position is the middle of a game, at the start of a turn:

    {"current": 0,                       the seat to lay (default 0); "first" defaults to it
     "tiles": [{"tile": "CORNS", "x": 20, "y": 19, "r": 2, "seat": 0, "warden": "b1"}, ...],
                                         laid in this order after the Gatehouse Road, each by
                                         ``seat`` (default: nobody's) with a Warden on region
                                         ``warden`` (default: none), exactly as a lay in play
                                         would: it must fit and its Warden must be allowed,
                                         and whatever it completes scores
     "hand": "CAP",                      the tile the current seat has just drawn
     "supply": ["ROAD", "POOL"],         the next tiles, top first
     "rest": false,                      true: the rest of the 84 tiles follow, shuffled with
                                         chance.stream("lesson/supply") in tiles.json order first
     "veil_used": [false, false]}        optional

With ``rest`` false the supply is exactly ``supply``: once it is empty and the tile in hand is
laid, the game ends and everything scores as at the end of any game (the aquifer lesson). The
score events of the laying-out are dropped (a lesson starts with nothing new to explain); the
points stay.
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Chance
from py_engine.core.game import IllegalAction

from . import notation
from .notation import Lay
from .data import BY_ID, TYPES
from .valley import NEIGH, P_RIVER_DIRS, P_SPRING, cell
from .state import HollowmereState


def _tile(tid: Any, where: str) -> int:
    if not isinstance(tid, str) or tid not in BY_ID:
        raise IllegalAction(f"lesson position: {where} names no tile ({tid!r})")
    return BY_ID[tid].index


def lesson_state(num_players: int, options: dict[str, Any], position: dict[str, Any],
                 chance: Chance) -> HollowmereState:
    if not isinstance(position, dict):
        raise IllegalAction("lesson position: an object with tiles, hand and supply")
    current = position.get("current", 0)
    if not isinstance(current, int) or not 0 <= current < num_players:
        raise IllegalAction("lesson position: current must be a seat")
    laid = position.get("tiles") or []
    hand = _tile(position.get("hand"), "hand")
    listed = [_tile(t, "supply") for t in position.get("supply") or []]
    left = [t.count for t in TYPES]
    for t in [hand, *listed, *(_tile(d.get("tile"), "tiles") for d in laid)]:
        left[t] -= 1
        if left[t] < 0:
            raise IllegalAction(f"lesson position: more {TYPES[t].id} tiles than the supply holds")
    rest: list[int] = []
    if position.get("rest"):
        rest = [t.index for t in TYPES for _ in range(left[t.index])]
        chance.stream("lesson/supply").shuffle(rest)
    s = HollowmereState(num_players, options, [hand, *listed, *rest], position.get("first", current))
    s.current = current
    v = s.valley
    for i, d in enumerate(laid):
        t = _tile(d.get("tile"), "tiles")
        x, y, r = d.get("x"), d.get("y"), d.get("r", 0)
        if not all(isinstance(n, int) for n in (x, y, r)) or not (0 <= x <= 40 and 0 <= y <= 40 and 0 <= r <= 3):
            raise IllegalAction(f"lesson position: tile {i + 1} needs x, y in 0–40 and r in 0–3")
        c, p = cell(x, y), t * 4 + r
        why = v.why_not(c, p)
        if why is not None:
            raise IllegalAction(f"lesson position: {TYPES[t].id} at {x},{y} r{r}: {why}")
        seat = d.get("seat")
        seat = -1 if seat is None else seat
        ri = -1
        if d.get("warden") is not None:
            if not isinstance(seat, int) or not 0 <= seat < num_players:
                raise IllegalAction(f"lesson position: tile {i + 1} has a Warden but no seat")
            ids = [reg.id for reg in TYPES[t].regions]
            if d["warden"] not in ids:
                raise IllegalAction(f"lesson position: {TYPES[t].id} has no region {d['warden']!r}")
            ri = ids.index(d["warden"])
            why = v.why_no_warden(c, p, ri, seat)
            if why is not None:
                raise IllegalAction(f"lesson position: the Warden on tile {i + 1}: {why}")
        v.lay(c, p, ri, seat, i + 1)
    v.events = []
    s.n_actions = len(laid)
    s._pl = None
    veil = position.get("veil_used")
    if veil is not None:
        if not isinstance(veil, list) or len(veil) != num_players:
            raise IllegalAction("lesson position: veil_used needs one entry per seat")
        s.veil_used = [bool(u) for u in veil]
    return s


def _new_events(state: HollowmereState, before: HollowmereState) -> list[dict[str, Any]]:
    return state.valley.events[len(before.valley.events):]


def _river_reaches_spring(state: HollowmereState, start: int) -> bool:
    """Whether the river on the tile at ``start`` runs, tile to tile, to a spring on another tile."""
    grid = state.valley.grid
    seen, queue = {start}, [start]
    for u in queue:
        if u != start and P_SPRING[grid[u]]:
            return True
        for d in P_RIVER_DIRS[grid[u]]:
            n = NEIGH[u][d]
            if n >= 0 and grid[n] >= 0 and n not in seen:
                seen.add(n)
                queue.append(n)
    return False


def lesson_check(state: HollowmereState, name: str, action: str, before: HollowmereState) -> bool:
    seat = before.current
    scored = [e for e in _new_events(state, before) if e.get("kind") == "score" and seat in e["scorers"]]
    if name == "burgh-scored":
        return any(e["feature"] == "burgh" for e in scored)
    if name == "boosted":
        return any(e["boost"] > 0 for e in scored)
    if name == "aquifer-scored":
        return any(e["feature"] == "aquifer" and e["value"] > 0 for e in scored)
    a = notation.parse(action)
    if name == "river-joined":
        return (isinstance(a, Lay) and TYPES[BY_ID[a.tile].index].river >= 0
                and _river_reaches_spring(state, cell(a.x, a.y)))
    if name == "pathfinder-posted":
        if not isinstance(a, Lay) or a.region is None:
            return False
        return next(r.kind for r in BY_ID[a.tile].regions if r.id == a.region) == "trail"
    raise IllegalAction(f"no lesson goal called {name!r}")
