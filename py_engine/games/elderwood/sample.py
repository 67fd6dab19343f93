"""An Elderwood position from one seat's observation (``Game.sample_state``): nothing is hidden in
Elderwood, so nothing is drawn; the copy's clock moves, which only the table's timer uses, draw from the
stream."""
from __future__ import annotations

from typing import Any

from ...core.fairness import Chance, Stream
from .layout import rebuild
from .state import ElderwoodState


def sample_state(observation: dict[str, Any], seat: int, stream: Stream) -> ElderwoodState:
    s = ElderwoodState(observation["ash_seat"], Chance(stream.read(32).hex()))
    s.setup = observation.get("setup")
    s.pos = rebuild(observation)
    s.moves = list(observation["history"])
    return s


__all__ = ["sample_state"]
