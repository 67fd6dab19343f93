"""Elderwood: the hive-building abstract (Elder, Owl, Hare, Fox, Otter), Universal Hive Protocol notation."""
from __future__ import annotations

from typing import Any

from ...core.fairness import Chance
from ...core.game import CLOCK, HINTS, PACE, Game, OptionSpec
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
        HINTS,
        *PACE,
    )
    bot_levels = ("easy", "normal", "strong")
    bot_level_words = {
        "easy": {"en": "Looks one move ahead at the Elders, with a good dose of chance.",
                 "pt": "Olha uma jogada à frente, só para os Anciões, com uma boa dose de acaso."},
        "normal": {"en": "Searches two to three moves ahead; beat Easy in 99 of 100 games.",
                   "pt": "Pesquisa duas a três jogadas à frente; venceu o Fácil em 99 de 100 jogos."},
        "strong": {"en": "Searches a move deeper than Normal; beat Normal in 73 of 100 games (8 draws).",
                   "pt": "Pesquisa uma jogada além do Normal; venceu o Normal em 73 de 100 jogos (8 empates)."},
    }
    draw_offers = True
    hidden_information = False

    def new_initial_state(self, num_players: int, options: dict[str, Any], chance: Chance) -> ElderwoodState:
        self.check_players(num_players)
        colour = self.normalize_options(options).get("colour", "random")
        ash_seat = chance.stream("setup/ash").below(2) if colour == "random" else 0 if colour == "ash" else 1
        return ElderwoodState(ash_seat, chance)


GAME = ElderwoodGame()
