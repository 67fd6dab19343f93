"""The carrier: Normal's planner (bots.py) with what thousands of games against Normal showed it lacks
(bench/tuning/milehollow.py, paired seeds):

* routes over fewer, longer roads: a paving is a turn of its own and a long road scores more per slab
  (15 points for 6 slabs, 6 for three roads of 2), so in a route a road costs its slabs, plus
  ``road_turn``, less ``long_bonus`` per point it scores beyond its slabs (Normal: the fewest slabs);
* a plan's turns count ``need_factor`` cards drawn per card it lacks: a blind card is seldom of the one
  colour a long road wants (Normal counts one, and so keeps mail it cannot finish and holds on to
  cards it gives up too late);
* the Longest Road's 10 points: a road chosen without mail to work for, or for its points at the end,
  also counts what it changes of who holds the Longest Road (Normal ignores it);
* a face-up Ox is never taken: it is the whole draw, one card for two (Normal takes it when one or two
  colours are wanted);
* Normal's other numbers stay: each was tried higher and lower and none did measurably better.

Everything is counted in slabs, cards and turns with + - * / only (no ``exp``), so the move is the same
in CPython and in Pyodide.
"""
from __future__ import annotations

from typing import Any

from py_engine.core.search import smooth_step

from .data import ROAD_POINTS, ROADS
from .bots import MilehollowBot


class CarrierBot(MilehollowBot):
    level = "carrier"

    #: Routes: each road of a path costs this many slabs more (a paving is a turn of its own), and a road
    #: costs ``long_bonus`` slabs less per point it scores beyond its slabs (Normal: the fewest slabs).
    road_turn = 2.0
    long_bonus = 0.6
    #: Cards drawn per card a plan lacks when counting the turns it needs (Normal: 1, as if every blind card
    #: were of a wanted colour).
    need_factor = 1.6
    #: The Longest Road's 10 points weigh in when choosing a road without mail to work for, and when
    #: paving the road worth most at once (the last turn, the end near); Normal ignores them.
    longest_weight = 2.0
    longest_final = 2.0
    #: A face-up Ox is never taken: it is the whole draw, one card for two (Normal: 0.9, taken when one or
    #: two colours are wanted). The other numbers of a draw, a road's worth and the score mode are Normal's.
    ox_worth = 0.0

    def __init__(self, seat: int, **settings: Any) -> None:
        """``settings``: any of Normal's or the carrier's numbers, set otherwise for a trial."""
        super().__init__(seat)
        for k, v in settings.items():
            if not hasattr(type(self), k):
                raise AttributeError(k)
            setattr(self, k, v)
        self.road_bias = [self.road_turn - self.long_bonus * (ROAD_POINTS[r.len] - r.len) for r in ROADS]

    def chance(self, x: float) -> float:
        return smooth_step(x)


__all__ = ["CarrierBot"]
