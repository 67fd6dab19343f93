"""Elderwood: the hive-building abstract (Elder, Owl, Hare, Fox, Otter), Universal Hive Protocol notation."""
from __future__ import annotations

from typing import Any

from ...core.fairness import Chance
from ...core.game import Bot, Game, IllegalAction
from .state import ElderwoodState

__all__ = ["GAME", "ElderwoodGame", "ElderwoodState"]


class ElderwoodGame(Game):
    name = "elderwood"
    min_players = 2
    max_players = 2
    options = ()
    bot_levels = ("easy", "normal", "strong")

    def new_initial_state(self, num_players: int, options: dict[str, Any], chance: Chance) -> ElderwoodState:
        self.check_players(num_players)
        self.normalize_options(options)
        ash_seat = chance.stream("setup/ash").below(2)
        return ElderwoodState(ash_seat, chance)

    def lesson_state(self, num_players: int, options: dict[str, Any], position: Any,
                     chance: Chance) -> ElderwoodState:
        """A lesson's position from its JSON (the format is in lessons.py)."""
        from .lessons import lesson_state
        self.normalize_options(options)
        return lesson_state(num_players, position, chance)

    def make_bot(self, level: str, seat: int) -> Bot:
        from .bots import ElderwoodBot
        if level not in self.bot_levels:
            raise IllegalAction(f"bot level must be one of {list(self.bot_levels)}")
        return ElderwoodBot(level, seat)


GAME = ElderwoodGame()
