"""Wickerfair's Expert level: Normal's planner with a better judgement of a position.

* Every choice is the planner's (planner.py: each complete choice of the step tried, the rest of the
  own turn played on, the outcome judged), but judged with :data:`~.evaluate.EXPERT`, weights tuned
  against Normal in thousands of paired games (bench/tuning/wickerfair.py), not Normal's own. Its
  engine (moved pins, erected walkers, built structures, resources in stock) is worth much more to it.
* Its hint is its move: it costs what Normal's does, so no device needs a smaller budget.
* Its review judgement: the level's own choice against the one played, each played on from the same
  draws of the hidden things (the shared search's :meth:`~py_engine.core.search.Search.compare`,
  ``py_engine/core/search.py``): the seat's own steps by the Expert's planner until its turn is over,
  the other clans' by Normal's, each clan's expected final coins turned into chances of winning by
  :func:`~py_engine.core.search.win_chances`. The planner values its own turn only; the playouts show
  what the other clans' replies make of a step.

A paired search over Normal's judgement (100 playouts on the choices that shape a turn) won 60 of 100
against Normal: it rarely left Normal's choice, because it judged with the same evaluation
(docs/performance.md). The judgement, not the amount of search, was what held it back; the level keeps
the planner.
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Stream
from py_engine.core.game import Bot, GameState, Judgement
from py_engine.core.search import Knowledge, Search, win_chances

from . import kinds as K
from .evaluate import EXPERT, NORMAL, remaining_turns, sum_simple, value
from .planner import LOOKAHEAD, NormalBot
from .policy import QuickPlayer, commit_step

#: A review's budget per decision, in playouts (a review judges every step of a fair, about 500 in a
#: two-clan game: a small budget each).
REVIEW_ITERATIONS = 10
#: Choices the rollout asks Normal's planner about (the rest: the quick player).
PLANNED = {K.CHOOSE_COLUMN}
#: Coins of uncertainty in a final-coins estimate: a base plus a share per own turn left, at most a cap.
SPREAD_BASE, SPREAD_PER_TURN, SPREAD_CAP = 6.0, 1.0, 30.0


def normal_move(bot: NormalBot, s: Any, legal: list[str]) -> str:
    """Normal's choice, asked of a position directly (it would rebuild the same one from the observation)."""
    if len(legal) == 1:
        return legal[0]
    me = bot.seat
    if s.dk == K.COURAGE_COMMIT:
        return commit_step(s, me, legal)
    if s.dk not in LOOKAHEAD:
        return bot.quick.act(s)
    best, best_v = None, None
    for a in bot.candidates(s, legal):
        v = bot.outcome(s, a)
        if best_v is None or v > best_v + 1e-9:
            best, best_v = a, v
    return best if best is not None else bot.quick.act(s)


class WickerfairKnowledge(Knowledge):
    """What a review's playouts need: whose steps are planned, where a playout stops, what a position is worth."""

    horizon = 60

    def __init__(self, game: Any, seat: int) -> None:
        super().__init__(game, seat)
        self.normals: dict[int, NormalBot] = {}
        self.quick: dict[int, QuickPlayer] = {}

    def normal(self, player: int) -> NormalBot:
        bot = self.normals.get(player)
        if bot is None:
            bot = self.normals[player] = NormalBot(player, EXPERT if player == self.seat else NORMAL)
        return bot

    def root(self, observation: dict[str, Any], stream: Stream) -> GameState:
        state = super().root(observation, stream)
        self.root_turn = state.turn_no
        return state

    def stop(self, state: Any) -> bool:
        """Once the seat's own turn is over: Normal's own look-ahead, but over many draws of what the seat
        cannot see, confrontations played out."""
        return state.turn_no > self.root_turn or state.active != self.seat

    def rollout(self, state: Any, player: int, legal: list[str], stream: Stream) -> str:
        if state.dk in PLANNED or player == self.seat:
            return normal_move(self.normal(player), state, legal)
        if state.dk == K.COURAGE_COMMIT:
            return commit_step(state, player, legal)
        quick = self.quick.get(player)
        if quick is None:
            quick = self.quick[player] = QuickPlayer(player)
        return quick.act(state)

    def evaluate(self, state: Any) -> list[float]:
        n = state.num_players
        est = []
        for p in range(n):
            w = EXPERT if p == self.seat else NORMAL
            opp = max(sum_simple(state, q) for q in range(n) if q != p)
            est.append(value(state, p, w) + w.leader * opp)    # value() counts the leader against it
        left = remaining_turns(state, self.seat)
        return win_chances(est, min(SPREAD_CAP, SPREAD_BASE + SPREAD_PER_TURN * left))


class ExpertBot(Bot):
    """Its move and hint: the planner with the Expert's weights; its review judgement: the module's words."""

    def __init__(self, game: Any, seat: int) -> None:
        self.seat = seat
        self.knowledge = WickerfairKnowledge(game, seat)
        self.plain = NormalBot(seat, EXPERT)

    def choose(self, observation: dict[str, Any], legal: list[str], stream: Stream) -> str:
        """The planner's choice (planner.py, :data:`~.evaluate.EXPERT` weights): no budget, it tries each
        complete choice of the step once."""
        return self.plain.choose(observation, legal, stream)

    def judge(self, observation: dict[str, Any], legal: list[str], stream: Stream, played: str,
              iterations: int | None = None, full: bool = False) -> Judgement:
        """The level's own choice against the one played, on the same draws of the hidden things: a
        quarter of the budget in pairs of playouts (``iterations``, None: :data:`REVIEW_ITERATIONS`), at
        least 2. ``full`` changes nothing: no decision is judged on less."""
        best = self.choose(observation, legal, stream.clone())
        samples = max(2, (iterations or REVIEW_ITERATIONS) // 4)
        best_v, played_v = Search(self.knowledge, samples).compare(observation, legal, stream, best, played, samples)
        if played == best or played_v >= best_v:
            return Judgement(played, played_v, played_v)
        return Judgement(best, best_v, played_v)


__all__ = ["ExpertBot", "WickerfairKnowledge", "REVIEW_ITERATIONS"]
