"""Hollowmere's level table: each level offered at a table and what makes its bot (``Game.make_bot``)."""
from __future__ import annotations

from .bots import EasyBot, NormalBot
from .expert import ExpertBot

#: Level → maker(game, seat), weakest first (the names and words are the game's ``bot_levels``).
LEVELS = {
    "easy": lambda game, seat: EasyBot(seat),
    "normal": lambda game, seat: NormalBot(seat),
    "expert": ExpertBot,
}
