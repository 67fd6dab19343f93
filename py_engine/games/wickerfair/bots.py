"""Wickerfair bots. They see only their observation and the legal list (never the state).

* **Easy** acts rather than skips, but picks among the legal steps at random: any column, any top
  option, random steps, a random dial. It finishes what it starts (confirms mixes and placements).
* **Normal** plans (``planner.py``): it rebuilds a position from its observation, tries each complete
  choice of the current step there and keeps the one whose outcome its evaluation (``evaluate.py``)
  likes best: toward ribbons, the goodwill tier, hexes and pairs, confrontations only when they pay.
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Stream
from py_engine.core.game import Bot

PASSIVE = ("skip", "end", "back", "none", "hide", "clear", "blank")


def easy_choice(obs: dict[str, Any], legal: list[str], stream: Stream) -> str:
    """A random legal step, preferring to act: the Easy level, and Normal's fallback."""
    d = obs.get("decision") or {}
    kind = d.get("kind")
    if len(legal) == 1:
        return legal[0]
    for final in ("ok", "commit", "do", "pay"):
        if final in legal and (final != "commit" or stream.below(2) == 0):
            return final
    if kind == "TRAVEL_UNIT":
        ctx = obs.get("ctx", {})
        if ctx.get("unit") is None and ctx.get("moved") and stream.below(3) == 0:
            return "end"
        steps = [a for a in legal if a.startswith("to:")]
        if steps:
            return steps[stream.below(len(steps))]
    if kind == "SHOW_MISSION":
        return next(a for a in legal if a.startswith("show:"))
    active = [a for a in legal if a not in PASSIVE]
    if kind == "COURAGE_COMMIT":
        active = [a for a in legal if a.startswith("dial:")] or active
    if active:
        return active[stream.below(len(active))]
    return legal[stream.below(len(legal))]


class EasyBot(Bot):
    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, observation: dict[str, Any], legal: list[str], stream: Stream) -> str:
        return easy_choice(observation, legal, stream)

