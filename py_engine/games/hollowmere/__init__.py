"""Hollowmere: lay tiles of a misty valley and post Wardens on trails, burghs, shrines and aquifers.

Rules: docs/rules/hollowmere.md. Tile set: tiles.json (design §4, verbatim).
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Chance
from py_engine.core.game import Bot, Game, GameState, IllegalAction, OptionSpec

from .state import HollowmereState
from .tileset import TILESET, TILESET_VERSION


class Hollowmere(Game):
    name = "hollowmere"
    min_players = 2
    max_players = 5
    options = (
        OptionSpec("hide_next", False, label={"en": "Hide the next tile", "pt": "Esconder a próxima peça"}),
        OptionSpec("meadows", False, label={"en": "Meadow scoring", "pt": "Pontuação dos prados"}),
        OptionSpec("mist_veil", False, label={"en": "Mist Veil", "pt": "Véu da Névoa"}),
    )
    bot_levels = ("easy", "normal")
    retired_bot_levels = ("strong",)   # offered until engine 0.1; no stronger than normal

    def new_initial_state(self, num_players: int, options: dict[str, Any], chance: Chance) -> GameState:
        self.check_players(num_players)
        return HollowmereState.setup(num_players, self.normalize_options(options), chance)

    def make_bot(self, level: str, seat: int) -> Bot:
        from .bots import make_bot
        if level not in self.bot_levels:
            raise IllegalAction(f"bot level must be one of {list(self.bot_levels)}")
        return make_bot(level, seat)


GAME = Hollowmere()
HollowmereState.game = GAME

__all__ = ["GAME", "Hollowmere", "HollowmereState", "TILESET", "TILESET_VERSION"]
