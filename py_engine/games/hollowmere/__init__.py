"""Hollowmere: lay tiles of a misty valley and post Wardens on trails, burghs, shrines and aquifers.

Rules: docs/rules/hollowmere.md. Tile set: tiles.json (design §4, verbatim).
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Chance
from py_engine.core.game import CLOCK, HINTS, FIRST, PACE, Game, GameState, OptionSpec

from .state import HollowmereState
from .data import NAMES_PT, TILESET, TILESET_VERSION


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
        HINTS,
        *PACE,
    )
    #: ``expert`` (the shared search, expert.py) is the level above Normal; the code name ``strong`` was
    #: a withdrawn level that older records name, so it stays retired and is never reused.
    bot_levels = ("easy", "normal", "expert")
    retired_bot_levels = ("strong",)   # offered until engine 0.1; no stronger than normal
    bot_level_words = {
        "easy": {"en": "Looks at a few moves and now and then plays one at random.",
                 "pt": "Olha algumas jogadas e de vez em quando joga uma ao acaso."},
        "normal": {"en": "Judges every move one tile ahead; beat Easy in 98.5 % of 100 games.",
                   "pt": "Julga cada jogada uma peça à frente; venceu o Fácil em 98,5 % de 100 jogos."},
        "expert": {"en": "Plays Normal's best moves on in many imagined valleys; beat Normal in 84 of 100 games.",
                   "pt": "Continua as melhores jogadas do Normal em muitos vales imaginados; venceu o Normal em "
                         "84 de 100 jogos."},
    }

    def new_initial_state(self, num_players: int, options: dict[str, Any], chance: Chance) -> GameState:
        self.check_players(num_players)
        return HollowmereState.setup(num_players, self.normalize_options(options), chance)

    def static_data(self) -> dict[str, Any]:
        """The tile set (tiles.json as loaded) with the Portuguese tile names: the renderer draws
        every tile from it, fetched once per page (the bridge's ``game_data``)."""
        return {**TILESET, "names": {"pt": dict(NAMES_PT)}}


GAME = Hollowmere()
HollowmereState.game = GAME

__all__ = ["GAME", "Hollowmere", "HollowmereState", "TILESET", "TILESET_VERSION"]
