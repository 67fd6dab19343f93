"""A Tally position from one seat's observation (``Game.sample_state``)."""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Stream

from .state import TallyState


def sample_state(observation: dict[str, Any], seat: int, stream: Stream) -> TallyState:
    return TallyState.from_observation(observation, seat, stream)
