"""Milehollow's level table: each level offered at a table and what makes its bot (``Game.make_bot``)."""
from __future__ import annotations

from .bots import EasyBot, MilehollowBot
from .expert import ExpertBot

#: Level → maker(game, seat), weakest first (the names and words are the game's ``bot_levels``).
LEVELS = {
    "easy": lambda game, seat: EasyBot(seat),
    "normal": lambda game, seat: MilehollowBot(seat),
    "expert": ExpertBot,
}
