"""Elderwood's level table: each level offered at a table and what makes its bot (``Game.make_bot``)."""
from __future__ import annotations

from .bots import ElderwoodBot

#: Level → maker(game, seat), weakest first (the names and words are the game's ``bot_levels``). One bot
#: class plays every level: the levels differ in their search's budget (bots.py, ``BUDGETS``).
LEVELS = {level: (lambda level: lambda game, seat: ElderwoodBot(level, seat))(level)
          for level in ("easy", "normal", "strong")}
