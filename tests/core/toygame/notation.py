"""Tally's actions: ``bid:N`` (0–3), ``take``, ``pass``."""
from __future__ import annotations

BIDS = [f"bid:{n}" for n in range(4)]
