"""Milehollow's Expert level: the shared search (``py_engine/core/search.py``) with this game's knowledge.

* Positions: the seat's observation with the unseen wagon cards and mail dealt afresh (sample.py), the
  whole deal drawn again for every iteration.
* Prior and rollout policy: Normal (``bots.MilehollowBot``), asked from the acting seat's own view of
  the drawn position. The prior puts most weight on Normal's move among the move list's actions.
* Evaluation: each seat's points so far, plus its mail as Normal values it (delivered cards in full,
  the others by the chance of finishing their network in the turns it has left), plus the Longest
  Road bonus to its current holder, plus what its markers and cards can still pave; turned into
  chances of winning by :func:`~py_engine.core.search.win_chances`.
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Stream
from py_engine.core.game import GameState
from py_engine.core.search import Knowledge, SearchBot, win_chances

from .board import LONGEST_ROAD_POINTS, MAILS
from .bots import END_AT, MilehollowBot, Table, delivered_now, expected, turns_left
from .notation import offered_moves
from .scoring import longest_trail

ITERATIONS = 60
#: Share of the prior on Normal's own move; the rest is spread over the move list.
NORMAL_PRIOR = 0.6
#: Points a slab still to pave is expected to bring (road points per slab of an average paving).
POINTS_PER_SLAB = 1.7
#: Points of uncertainty in a final-score estimate, by turns left in the game (base, per turn, cap).
SPREAD_BASE, SPREAD_PER_TURN, SPREAD_CAP = 6.0, 0.6, 30.0


class MilehollowKnowledge(Knowledge):
    horizon = 12

    def __init__(self, game: Any, seat: int) -> None:
        super().__init__(game, seat)
        self.normals: dict[int, MilehollowBot] = {}

    def normal(self, player: int) -> MilehollowBot:
        bot = self.normals.get(player)
        if bot is None:
            bot = self.normals[player] = MilehollowBot(player)
        return bot

    def _normal_move(self, state: GameState, player: int, legal: list[str], stream: Stream) -> str:
        return self.normal(player).choose(state.observation(player), legal, stream)

    def priors(self, state: GameState, player: int, legal: list[str]) -> list[float]:
        offered = set(offered_moves(legal))
        pick = self.normal(player).choose(state.observation(player), legal, None)  # Normal draws no chance
        rest = max(1, len(offered) - 1)
        return [NORMAL_PRIOR if a == pick else (1 - NORMAL_PRIOR) / rest if a in offered else 0.0 for a in legal]

    def rollout(self, state: GameState, player: int, legal: list[str], stream: Stream) -> str:
        return self._normal_move(state, player, legal, stream)

    def estimate(self, state: Any, player: int) -> float:
        obs = state.observation(player)
        t = Table(obs, player)
        left = turns_left(t)
        done = set(delivered_now(t, []))
        mail = [m for m in t.mail if m not in done]
        value = float(state.points[player]) + sum(MAILS[m].value for m in done)
        value += expected(t, mail, left) if mail else 0.0
        pavable = min(max(0, t.markers - END_AT), 2.5 * left)
        return value + POINTS_PER_SLAB * pavable

    def evaluate(self, state: GameState) -> list[float]:
        n = state.num_players
        est = [self.estimate(state, p) for p in range(n)]
        lengths = [longest_trail(state.paved[p]) for p in range(n)]
        top = max(lengths)
        if top > 0:
            holders = [p for p in range(n) if lengths[p] == top]
            for p in holders:
                est[p] += LONGEST_ROAD_POINTS / len(holders)
        left = turns_left(Table(state.observation(self.seat), self.seat))
        return win_chances(est, min(SPREAD_CAP, SPREAD_BASE + SPREAD_PER_TURN * left * n))


class ExpertBot(SearchBot):
    def __init__(self, game: Any, seat: int, iterations: int | None = None) -> None:
        super().__init__(game, seat, MilehollowKnowledge, ITERATIONS if iterations is None else iterations,
                         tree_depth=4)

    def choose(self, observation: dict[str, Any], legal: list[str], stream: Stream) -> str:
        if len(offered_moves(legal)) == 1:
            return offered_moves(legal)[0]
        return super().choose(observation, legal, stream)


__all__ = ["ExpertBot", "MilehollowKnowledge", "ITERATIONS"]
