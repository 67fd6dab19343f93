"""A Milehollow state: the position and the turn (rules.py), with what each seat sees (view.py) and
reads (words.py). Those two read a position and know nothing of this class, so the modules import one
way: rules, then view and words, then the state, then lessons and bots.
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Stream
from py_engine.core.game import ALL_SEATS

from . import view, words
from .rules import MilehollowRules


class MilehollowState(MilehollowRules):
    def observation(self, player: int | str | None) -> dict[str, Any]:
        return view.observation(self, player)

    def view(self, player: int | str | None) -> dict[str, Any]:
        return view.view(self, player)

    def events_since(self, mark: int, viewer: int | str | None = None) -> list[dict[str, Any]]:
        return [view.mask_event(e, viewer) for e in self.events[mark:]]

    def describe(self, action: str, lang: str = "en", viewer: int | str | None = ALL_SEATS) -> str:
        return words.describe(self, action, lang, viewer)

    def describe_played(self, action: str, lang: str = "en") -> str | None:
        return words.describe_played(self, action, lang)

    def resample_hidden(self, viewer: int | None, stream: Stream) -> "MilehollowState":
        return view.resample_hidden(self, viewer, stream)
