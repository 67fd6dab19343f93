"""Tally's level table (``Game.make_bot``)."""
from __future__ import annotations

from .bots import TallyBot

LEVELS = {"easy": lambda game, seat: TallyBot()}
