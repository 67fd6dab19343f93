"""Tally: a tiny game that exercises every part of the core protocol, for core tests only.

Every seat secretly bids 0–3 at once (a secret decision, revealed when the last bid is
in); the highest bid (lowest seat on ties) starts and each bid is paid in points. Then
seats in turn ``take`` the top card of a shuffled deck of 1..12 into their hidden hand
(a private decision: the others learn that a card was taken, the taker which one), or
``pass`` once they hold a card (an empty hand must take: the table does it). The deck
running out ends the game; score = sum of hand − bid.
"""
from __future__ import annotations

from py_engine.core.game import Game, OptionSpec

from .state import TallyState


class Tally(Game):
    name = "tally"
    min_players = 2
    max_players = 4
    options = (OptionSpec("short", False, label={"en": "Short deck", "pt": "Baralho curto"}),)
    bot_levels = ("easy",)

    def new_initial_state(self, num_players, options, chance):
        return TallyState(self, num_players, options, chance)


GAME = Tally()
TallyState.game = GAME

__all__ = ["GAME", "Tally", "TallyState"]
