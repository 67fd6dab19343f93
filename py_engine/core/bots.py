"""Bot helpers every game shares."""
from __future__ import annotations

from typing import Any

from .fairness import Stream
from .game import Bot


class RandomBot(Bot):
    """A uniformly random legal action: the yardstick of the strength benches and the
    contract test's random games. Not offered at a table."""

    def choose(self, observation: dict[str, Any], legal: list[str], stream: Stream) -> str:
        return legal[stream.below(len(legal))]
