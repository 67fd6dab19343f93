"""Milehollow: draw wagon cards, pave the old post roads of a hill valley, deliver the mail.

Rules: docs/rules/milehollow.md. Map and cards: board.json (design §7, verbatim).
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Chance
from py_engine.core.game import CLOCK, HINTS, FIRST, PACE, Game, GameState

from .data import BOARD, MAP, SPEC_VERSION
from .state import MilehollowState


class Milehollow(Game):
    name = "milehollow"
    min_players = BOARD["players"]["min"]
    max_players = BOARD["players"]["max"]
    options = (FIRST, CLOCK, HINTS, *PACE)
    #: ``expert``: the carrier (carrier.py) with its mail keeps played out to the end (lookahead.py).
    bot_levels = ("easy", "normal", "expert")
    bot_level_words = {
        "easy": {"en": "Keeps its cheapest mail and routes each card on its own; one move in ten is random.",
                 "pt": "Fica com a correspondência mais barata e traça cada carta sozinha; uma jogada em dez é ao "
                       "acaso."},
        "normal": {"en": "Plans one network for all its mail and races the end; beat Easy in 97 of 100 games.",
                   "pt": "Planeja uma só rede para toda a correspondência e corre para o fim; venceu o Fácil em 97 "
                         "de 100 jogos."},
        "expert": {"en": "Plans like Normal over fewer, longer roads, counts its turns more warily, fights for the "
                         "Longest Road; plays its mail choices out to the end in imagined deals. Won 81 of 100 "
                         "games against Normal.",
                   "pt": "Planeja como o Normal por menos estradas, mais longas, conta as vezes com mais cautela, "
                         "disputa a Estrada Longa; joga as escolhas de correspondência até o fim em distribuições "
                         "imaginadas. Venceu 81 de 100 jogos contra o Normal."},
    }

    def new_initial_state(self, num_players: int, options: dict[str, Any], chance: Chance) -> GameState:
        self.check_players(num_players)
        first = self.normalize_options(options).get("first", "random")
        return MilehollowState.setup(num_players, chance, seat_one_first=first == "seat-1")

    def static_data(self) -> dict[str, Any]:
        """The map (frame, features, towns, roads, colours) with the setup and scoring numbers: the same
        for every table, so the page fetches it once (the bridge's ``game_data``) and no view repeats it."""
        return {"spec_version": SPEC_VERSION, **MAP, "setup": dict(BOARD["setup"]),
                "scoring": {"road": dict(BOARD["scoring"]["road"]), "longestRoad": BOARD["scoring"]["longestRoad"],
                            "endTriggerMarkers": BOARD["scoring"]["endTriggerMarkers"]}}


GAME = Milehollow()
MilehollowState.game = GAME

__all__ = ["GAME", "Milehollow", "MilehollowState", "BOARD", "SPEC_VERSION"]
