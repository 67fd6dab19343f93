"""Normal as the playouts ask it: its mail kept with plain arithmetic, and the part of the observation it
reads built straight from a thinking copy (expert.py's search and lookahead.py's playouts)."""
from __future__ import annotations

from typing import Any

from py_engine.core.search import smooth_step

from .data import CARD_NAMES, MAILS, NROADS, ROADS
from .bots import MilehollowBot, Table


class PlainNormal(MilehollowBot):
    """Normal, its chance of finishing a network made by :func:`~py_engine.core.search.smooth_step` instead of
    ``exp`` (the search uses no function whose last digit may differ between C libraries): the rollout
    policy and the prior."""

    def chance(self, x: float) -> float:
        return smooth_step(x)


PLAIN = PlainNormal(0)


def expected(t: Table, mail: list[int], left: float) -> float:
    """Normal's worth of a set of mail cards (``bots.expected``) with :class:`PlainNormal`'s chance."""
    return PLAIN.expected(t, mail, left)


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
