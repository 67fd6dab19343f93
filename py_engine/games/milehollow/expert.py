"""Milehollow's Expert level.

* Its move: the carrier (carrier.py: Normal's planner routing over fewer, longer roads, counting its
  turns more warily, counting the Longest Road and never taking a face-up Ox), with every mail keep
  played out to the game's end (lookahead.py). Against Normal the carrier alone did better than the
  search below, and the keeps played out a little better still (bench/tuning/milehollow.py; the bench:
  bench/strength.py).
* Its hint: the same play, its keeps played out on fewer deals when a device asks for a smaller budget.
* Its review judgement: the shared paired search (``py_engine/core/search.py``, ``SearchBot.judge``) with
  this game's knowledge, below. The carrier has no measure of a position of its own (it plans, it does
  not value), so a review's best move and its loss come from the search, which values any two moves on the
  same deals; a review's "best" may therefore differ from the level's own move.
* Positions: the seat's observation with the unseen wagon cards and mail dealt afresh (sample.py), the
  whole deal drawn again for every iteration.
* Prior and rollout policy: Normal (``bots.MilehollowBot``), asked from the acting seat's own view of
  the drawn position. The prior puts most weight on Normal's move among the move list's actions.
* Evaluation: each seat's points so far, plus its mail as Normal values it (delivered cards in full,
  the others by the chance of finishing their network in the turns it has left), plus the Longest
  Road bonus to its current holder, plus what its markers and cards can still pave; turned into
  chances of winning by :func:`~py_engine.core.search.win_chances`.

Trials that chose these settings (keeps judged by the search to the game's end, new mail only as Normal's
move, playouts cut at a round's end, the paired search as the level's own move): docs/performance.md.
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Stream
from py_engine.core.game import GameState
from py_engine.core.search import Knowledge, SearchBot, win_chances

from .data import LONGEST_ROAD_POINTS, MAILS, ROAD_INDEX, ROADS
from .bots import END_AT, Table, delivered_now, turns_left
from .lookahead import LookaheadBot
from .notation import offered_moves
from .rollout import PlainNormal, expected, lean_observation
from .scoring import longest_trail

ITERATIONS = 60
#: Decisions a playout plays before the evaluation: about one round of a two-seat game.
HORIZON = 24
#: Points a slab still to pave is expected to bring (road points per slab of an average paving).
POINTS_PER_SLAB = 1.7
#: Points of uncertainty in a final-score estimate, by turns left in the game (base, per turn, cap).
SPREAD_BASE, SPREAD_PER_TURN, SPREAD_CAP = 6.0, 0.6, 30.0


class MilehollowKnowledge(Knowledge):
    paired_width = 6
    switch_margin = 0.02

    def __init__(self, game: Any, seat: int) -> None:
        super().__init__(game, seat)
        # the seat's own, not the class's: the tests' quick budgets cut class horizons, and this one's
        # whole-round playouts are part of every budget (the pinned games were played with them)
        self.horizon = HORIZON
        self.normals: dict[int, PlainNormal] = {}

    def normal(self, player: int) -> PlainNormal:
        bot = self.normals.get(player)
        if bot is None:
            bot = self.normals[player] = PlainNormal(player)
        return bot

    def priors(self, state: GameState, player: int, legal: list[str]) -> list[float]:
        """Normal's move first; then the pavings of the roads Normal plans, the other pavings by length,
        new mail, the deck and the face-up cards its plan wants; every other move of the move list last."""
        offered = set(offered_moves(legal))
        obs = lean_observation(state, player)
        bot = self.normal(player)
        pick = bot.choose(obs, legal, None)       # Normal draws no chance
        out = []
        if obs["decision"] in ("turn", "draw"):
            t = Table(obs, player)
            roads, want = bot.goal(t)
        else:
            roads, want = set(), []
        for a in legal:
            if a == pick:
                w = 1.0
            elif a not in offered:
                w = 0.0
            elif a.startswith("pave:"):
                road = ROAD_INDEX[a.split(":")[1]]
                w = 0.5 if road in roads else 0.02 * ROADS[road].len
            elif a in ("mail", "deck"):
                w = 0.3
            elif a.startswith("row:"):
                card = state.row[int(a[4:]) - 1]
                w = 0.3 if card >= 0 and card < len(want) and want[card] > 0 else 0.05
            else:
                w = 0.1
            out.append(w)
        return out

    def rollout(self, state: GameState, player: int, legal: list[str], stream: Stream) -> str:
        return self.normal(player).choose(lean_observation(state, player), legal, stream)

    def rollout_legal(self, state: Any, player: int) -> list[str]:
        """Normal chooses from the move list (``offered_moves``): built as such, without every mix."""
        return state._legal(player, offered=True)

    def estimate(self, state: Any, player: int) -> float:
        t = Table(lean_observation(state, player), player)
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
        left = turns_left(Table(lean_observation(state, self.seat), self.seat))
        return win_chances(est, min(SPREAD_CAP, SPREAD_BASE + SPREAD_PER_TURN * left * n))


class ExpertBot(SearchBot):
    """The carrier with its keeps played out (:meth:`choose`, :meth:`hint`); reviews judged by the paired
    search (``SearchBot.judge``, the module's words say why)."""

    #: A review judges every decision of a game (130 in a two-seat game): a smaller budget each.
    review_budget = 20

    def __init__(self, game: Any, seat: int, iterations: int | None = None) -> None:
        super().__init__(game, seat, MilehollowKnowledge, ITERATIONS if iterations is None else iterations)
        self.player = LookaheadBot(seat)

    def choose(self, observation: dict[str, Any], legal: list[str], stream: Stream) -> str:
        """The level's move: the carrier's play with its keeps played out to the end (lookahead.py), at
        ``LookaheadBot.keep_draws`` deals per keep."""
        return self.player.choose(observation, legal, stream)

    def hint(self, observation: dict[str, Any], legal: list[str], stream: Stream,
             iterations: int | None = None) -> str:
        """The level's own play, its keeps played out on fewer deals (the same share of them as
        ``iterations`` is of the level's budget); every other decision is the carrier's, as cheap as Normal's."""
        if iterations is None or len(legal) < 2:
            return self.choose(observation, legal, stream)
        draws = max(1, LookaheadBot.keep_draws * iterations // self.iterations)
        return LookaheadBot(self.seat, keep_draws=draws).choose(observation, legal, stream)


__all__ = ["ExpertBot", "MilehollowKnowledge", "ITERATIONS"]
