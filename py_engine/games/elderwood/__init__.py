"""Elderwood: the hive-building abstract (Elder, Owl, Hare, Fox, Otter), Universal Hive Protocol notation."""
from __future__ import annotations

from typing import Any

from ...core.fairness import Chance
from ...core.game import CLOCK, Bot, Game, IllegalAction, OptionSpec
from .state import ElderwoodState

__all__ = ["GAME", "ElderwoodGame", "ElderwoodState"]


class ElderwoodGame(Game):
    name = "elderwood"
    min_players = 2
    max_players = 2
    options = (
        OptionSpec("colour", "random", ("random", "ash", "walnut"),
                   label={"en": "Seat 1 plays", "pt": "O lugar 1 joga de"},
                   help={"en": "Ash moves first. Drawn by the seed, or chosen.",
                         "pt": "Freixo joga primeiro. Sorteado pela semente, ou escolhido."},
                   choice_words={"random": {"en": "Drawn at random", "pt": "Sorteado"},
                                 "ash": {"en": "Ash (moves first)", "pt": "Freixo (joga primeiro)"},
                                 "walnut": {"en": "Walnut", "pt": "Nogueira"}},
                   omit_default=True),
        CLOCK,
    )
    bot_levels = ("easy", "normal", "strong")
    draw_offers = True

    def new_initial_state(self, num_players: int, options: dict[str, Any], chance: Chance) -> ElderwoodState:
        self.check_players(num_players)
        colour = self.normalize_options(options).get("colour", "random")
        ash_seat = chance.stream("setup/ash").below(2) if colour == "random" else 0 if colour == "ash" else 1
        return ElderwoodState(ash_seat, chance)

    def lesson_state(self, num_players: int, options: dict[str, Any], position: Any,
                     chance: Chance) -> ElderwoodState:
        """A lesson's position from its JSON (the format is in lessons.py)."""
        from .lessons import lesson_state
        self.normalize_options(options)
        return lesson_state(num_players, position, chance)

    def lesson_check(self, state: Any, name: str, action: str, before: Any) -> bool:
        """Whether ``action`` from ``before`` to ``state`` meets the lesson goal ``name`` (lessons.py)."""
        from .lessons import lesson_check
        return lesson_check(state, name, action, before)

    def make_bot(self, level: str, seat: int) -> Bot:
        from .bots import ElderwoodBot
        if level not in self.bot_levels:
            raise IllegalAction(f"bot level must be one of {list(self.bot_levels)}")
        return ElderwoodBot(level, seat)


GAME = ElderwoodGame()
