"""Normal as the playouts ask it: its mail kept with plain arithmetic, and the part of the observation it
reads built straight from a thinking copy (expert.py's search and lookahead.py's playouts)."""
from __future__ import annotations

from typing import Any

from py_engine.core.search import smooth_step

from .board import CARD_NAMES, MAILS, NROADS, ROADS
from .bots import RISK_MARGIN, RISK_SCALE, SLAB_WORTH, MilehollowBot, Table, plan, turns_needed


def expected(t: Table, mail: list[int], left: float) -> float:
    """Normal's worth of a set of mail cards (``bots.expected``) with its chance of finishing in time
    made by :func:`~py_engine.core.search.smooth_step` instead of ``exp`` (the search uses no function
    whose last digit may differ between C libraries)."""
    roads, cost, lost = plan(t, mail)
    if cost > t.markers:
        p = 0.0
    else:
        slack = left - turns_needed(t, roads) - RISK_MARGIN
        p = smooth_step(slack / RISK_SCALE)
    value = 0.0
    for m in mail:
        v = MAILS[m].value
        value += -v if m in lost else v * (2 * p - 1)
    return value + SLAB_WORTH * cost * p


class PlainNormal(MilehollowBot):
    """Normal, its mail kept by :func:`expected` above (the rollout policy and the prior)."""

    def mail_worth(self, t: Table, mail: list[int], left: float) -> float:
        return expected(t, mail, left)


def lean_observation(state: Any, seat: int) -> dict[str, Any]:
    """The part of ``state.observation(seat)`` Normal reads, built straight from a thinking copy (the
    rollouts ask Normal thousands of times a decision; the whole observation costs more than Normal)."""
    d = state.decision()
    obs: dict[str, Any] = {
        "players": state.num_players,
        "roads": {ROADS[r].id: state.owner[r] for r in range(NROADS) if state.owner[r] >= 0},
        "hand": {CARD_NAMES[c]: k for c, k in enumerate(state.hands[seat]) if k},
        "markers": state.markers,
        "mail": [MAILS[m].id for m in state.mail[seat]],
        "pending": [MAILS[m].id for m in state.pending[seat]],
        "keep_min": state.keep_min() if state.pending[seat] else 0,
        "last_round": None if state.end_by < 0 else {"by": state.end_by, "turns_left": max(0, state.end_left)},
        "turns": state.turns,
        "hand_counts": [sum(h) for h in state.hands],
        "decision": d.kind if d else None,
        "row": [CARD_NAMES[c] if c >= 0 else None for c in state.row],
    }
    return obs


__all__ = ["PlainNormal", "expected", "lean_observation"]
