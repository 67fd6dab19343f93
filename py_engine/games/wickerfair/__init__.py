"""Wickerfair: five clans on wicker walkers at a valley's harvest fair; six ribbons end it.

Rules: docs/rules/wickerfair.md (from the seed 004 and ../shared/design/wickerfair.md). Every number
lives in the package's JSON files (map, mats, clans, cards, rules), read by ``data.py``.
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Chance
from py_engine.core.game import CLOCK, HINTS, PACE, Game, GameState

from .data import RULES
from .state import LABELS, WickerfairState
from .view import static_data


class Wickerfair(Game):
    name = "wickerfair"
    min_players = RULES["players"]["min"]
    max_players = RULES["players"]["max"]
    options = (CLOCK, HINTS, *PACE)
    #: ``expert``: Normal's planner with tuned weights (expert.py), the level above Normal.
    bot_levels = ("easy", "normal", "expert")
    bot_level_words = {
        "easy": {"en": "Acts rather than waits, but picks its steps at random.",
                 "pt": "Prefere agir a esperar, mas escolhe os passos ao acaso."},
        "normal": {"en": "Tries each step, plays its turn on and values the result; won all of 100 games against "
                         "two Easy clans.",
                   "pt": "Experimenta cada passo, continua a vez e avalia o resultado; venceu todos os 100 jogos "
                         "contra dois clãs Fáceis."},
        "expert": {"en": "Plans as Normal does but values its engine (pins, walkers, structures, resources) far more; "
                         "won 80 of 100 games against Normal.",
                   "pt": "Planeia como o Normal, mas dá muito mais valor ao seu motor (pinos, andarilhos, estruturas, "
                         "recursos); venceu 80 de 100 jogos contra o Normal."},
    }

    def new_initial_state(self, num_players: int, options: dict[str, Any], chance: Chance) -> GameState:
        self.check_players(num_players)
        return WickerfairState.setup(num_players, self.normalize_options(options), chance)

    def static_data(self) -> dict[str, Any]:
        """The valley, clans, mats, cards and their words: the same for every table, fetched once by the
        page (the bridge's ``game_data``) so that no view repeats them."""
        return static_data()


GAME = Wickerfair()
WickerfairState.game = GAME

__all__ = ["GAME", "Wickerfair", "WickerfairState", "LABELS"]
