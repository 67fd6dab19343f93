"""Hollowmere: lay tiles of a misty valley and post Wardens on trails, burghs, shrines and aquifers.

Rules: docs/rules/hollowmere.md. Tile set: tiles.json (design §4, verbatim).
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Chance
from py_engine.core.game import CLOCK, FIRST, Bot, Game, GameState, IllegalAction, OptionSpec

from .state import HollowmereState
from .tileset import NAMES_PT, TILESET, TILESET_VERSION


class Hollowmere(Game):
    name = "hollowmere"
    min_players = 2
    max_players = 5
    options = (
        OptionSpec("hide_next", False, label={"en": "Hide the next tile", "pt": "Esconder a próxima peça"},
                   help={"en": "The top of the supply stays face down: nobody, not even anyone watching, "
                               "sees what comes next.",
                         "pt": "O topo da reserva fica virado para baixo: ninguém, nem quem assiste, "
                               "vê o que vem a seguir."}),
        OptionSpec("meadows", False, label={"en": "Meadow scoring", "pt": "Pontuação dos prados"},
                   help={"en": "Wardens may lie in meadows as Graziers; at the end a meadow scores 3 for "
                               "each completed burgh it touches.",
                         "pt": "Guardiões podem se deitar nos prados como Pastores; no fim, um prado marca 3 "
                               "por burgo concluído que ele toca."}),
        OptionSpec("mist_veil", False, label={"en": "Mist Veil", "pt": "Véu da Névoa"},
                   help={"en": "Once in the game, before you lay, you may set the tile in your hand aside "
                               "and draw the next one instead.",
                         "pt": "Uma vez no jogo, antes de colocar, você pode pôr de lado a peça da sua mão "
                               "e comprar a próxima."}),
        FIRST,
        CLOCK,
    )
    bot_levels = ("easy", "normal")
    retired_bot_levels = ("strong",)   # offered until engine 0.1; no stronger than normal

    def new_initial_state(self, num_players: int, options: dict[str, Any], chance: Chance) -> GameState:
        self.check_players(num_players)
        return HollowmereState.setup(num_players, self.normalize_options(options), chance)

    def static_data(self) -> dict[str, Any]:
        """The tile set (tiles.json as loaded) with the Portuguese tile names: the renderer draws
        every tile from it, fetched once per page (the bridge's ``game_data``)."""
        return {**TILESET, "names": {"pt": dict(NAMES_PT)}}

    def lesson_state(self, num_players: int, options: dict[str, Any], position: Any,
                     chance: Chance) -> GameState:
        """A lesson's position from its JSON (the format is in lessons.py)."""
        from .lessons import lesson_state
        self.check_players(num_players)
        return lesson_state(num_players, self.normalize_options(options), position, chance)

    def lesson_check(self, state: Any, name: str, action: str, before: Any) -> bool:
        """Whether ``action`` from ``before`` to ``state`` meets the lesson goal ``name`` (lessons.py)."""
        from .lessons import lesson_check
        return lesson_check(state, name, action, before)

    def make_bot(self, level: str, seat: int) -> Bot:
        from .bots import make_bot
        if level not in self.bot_levels:
            raise IllegalAction(f"bot level must be one of {list(self.bot_levels)}")
        return make_bot(level, seat)


GAME = Hollowmere()
HollowmereState.game = GAME

__all__ = ["GAME", "Hollowmere", "HollowmereState", "TILESET", "TILESET_VERSION"]
