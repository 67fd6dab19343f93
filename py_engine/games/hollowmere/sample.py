"""A Hollowmere position from one seat's observation (``Game.sample_state``).

Everything on the table is public: the laid tiles (replayed in the order they were laid, which gives
the same features, Wardens and scores), the tile in hand, the next tile unless it is hidden, the
counts of each tile still in the supply. The one thing no seat knows is the order of the supply
below what is shown, so it is drawn afresh: the remaining counts, shuffled by the stream.
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Stream

from .state import WARDENS, HollowmereState
from .data import BY_ID, TYPES
from .valley import Valley, cell


def replay_valley(obs: dict[str, Any]) -> Valley:
    """The valley the observation shows, rebuilt by laying its tiles again (the start tile is the
    valley's own). Quiet: a thinking copy writes no events."""
    v = Valley(obs["players"], bool(obs["options"].get("meadows")), WARDENS)
    v.quiet = True
    v.events = []
    for t in obs["tiles"][1:]:
        tile = BY_ID[t["tile"]]
        ri = [reg.id for reg in tile.regions].index(t["warden"]) if t["warden"] else -1
        v.lay(cell(t["x"], t["y"]), tile.index * 4 + t["r"], ri, t["seat"], 0)
    return v


def sample_state(obs: dict[str, Any], seat: int, stream: Stream, valley: Valley | None = None) -> HollowmereState:
    """``valley``: the observation's valley already replayed (a bot's cache), copied here."""
    s = HollowmereState.__new__(HollowmereState)
    n = s.num_players = obs["players"]
    s.options = dict(obs["options"])
    s.first = obs["first"]
    s.valley = valley.clone() if valley is not None else replay_valley(obs)
    rest: list[int] = []
    for t in TYPES:
        rest += [t.index] * obs["remaining"][t.id]
    shown = obs.get("next")
    if shown is not None:
        rest.remove(BY_ID[shown].index)
    stream.shuffle(rest)
    hand = BY_ID[obs["hand"]].index if obs["hand"] is not None else -1
    head = [hand] if hand >= 0 else []
    s.supply = head + ([BY_ID[shown].index] if shown is not None else []) + rest
    s.top = len(head)
    s.remaining = [obs["remaining"][t.id] for t in TYPES]
    s.hand = hand
    s.current = obs["current"] if obs["current"] is not None else s.first
    s.veil_used = list(obs["veil_used"])
    s.set_aside = list(obs["set_aside"])
    s.n_actions = obs["actions"]
    s.over = bool(obs["terminal"])
    s._pl = None
    if s.over and valley is None:
        s.valley.end_scoring(s.n_actions)
    assert len(s.valley.scores) == n
    return s


__all__ = ["sample_state", "replay_valley"]
