"""Placeholder until the Normal planner lands: plays like Easy."""
from __future__ import annotations

from .bots import EasyBot


class NormalBot(EasyBot):
    pass
