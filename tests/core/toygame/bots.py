"""Tally's one level: a uniformly random legal action."""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Stream
from py_engine.core.game import Bot


class TallyBot(Bot):
    def choose(self, observation: dict[str, Any], legal: list[str], stream: Stream) -> str:
        return legal[stream.below(len(legal))]
