"""Wickerfair's Expert level: the shared search (``py_engine/core/search.py``) with this game's knowledge.

* The paired search, on the choices that shape a turn (:data:`SEARCHED`; every other step is Normal's):
  Normal's choice and the next :data:`WickerfairKnowledge.paired_width` − 1 legal steps are each played
  on from the same draws of what the seat cannot see (other hands, missions, deck orders, an opponent's
  hidden dial: sample.py), :data:`ITERATIONS` playouts in all, until the seat's own turn is over: its
  own steps by Normal's planner, a confrontation's other side by the quick player and Normal's commit
  plan. Another step replaces Normal's only when its mean is better by the switch margin.
* Evaluation: Normal's value of the position for every clan (``evaluate.value``: final coins it may
  expect), turned into chances of winning by :func:`~py_engine.core.search.win_chances`.

So the Expert is Normal's own look-ahead, judged over many draws of the hidden things (Normal fills
them with stand-ins) with its confrontations played out. Playouts through the other clans' turns, with
the quick player, were tried and did worse (docs/performance.md).
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Stream
from py_engine.core.game import GameState
from py_engine.core.search import Knowledge, SearchBot, win_chances

from . import kinds as K
from .evaluate import remaining_turns, sum_simple, value
from .planner import LOOKAHEAD, NormalBot
from .policy import QuickPlayer, commit_step

ITERATIONS = 100
NORMAL_PRIOR = 0.6
#: The decisions the search thinks about; every other step is played as Normal plays it.
SEARCHED = {K.CHOOSE_COLUMN, K.TOP_OPTION, K.VISITOR_OFFER, K.MILL_PICK, K.CONFRONT_ORDER, K.BOTTOM_DO,
            K.ERECT_PLACE, K.BUILD_PLACE, K.IMPROVE_PIN, K.RECRUIT_PICK, K.SONGLINE_PICK}
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
        v = bot.judge(s, a)
        if best_v is None or v > best_v + 1e-9:
            best, best_v = a, v
    return best if best is not None else bot.quick.act(s)


class WickerfairKnowledge(Knowledge):
    horizon = 60
    paired_width = 5
    switch_margin = 0.01
    #: Playouts stop at the start of the seat's next turn once this is on (every candidate is then
    #: judged at the same point of the round); :attr:`horizon` still caps them.
    to_next_turn = False

    def __init__(self, game: Any, seat: int) -> None:
        super().__init__(game, seat)
        self.normals: dict[int, NormalBot] = {}
        self.quick: dict[int, QuickPlayer] = {}

    def normal(self, player: int) -> NormalBot:
        bot = self.normals.get(player)
        if bot is None:
            bot = self.normals[player] = NormalBot(player)
        return bot

    def root(self, observation: dict[str, Any], stream: Stream) -> GameState:
        state = super().root(observation, stream)
        self.root_turn = state.turn_no
        return state

    #: Playouts stop once the seat's own turn is over (Normal's own look-ahead, but over many draws of
    #: what the seat cannot see, confrontations played out); the seat's steps are then Normal's planner's.
    own_turn = True

    def stop(self, state: Any) -> bool:
        if self.own_turn:
            return state.turn_no > self.root_turn or state.active != self.seat
        return (self.to_next_turn and state.dk == K.CHOOSE_COLUMN and state.active == self.seat
                and state.turn_no > self.root_turn)

    def priors(self, state: GameState, player: int, legal: list[str]) -> list[float]:
        pick = normal_move(self.normal(player), state, legal)
        rest = max(1, len(legal) - 1)
        return [NORMAL_PRIOR if a == pick else (1 - NORMAL_PRIOR) / rest for a in legal]

    def rollout(self, state: Any, player: int, legal: list[str], stream: Stream) -> str:
        if state.dk in PLANNED or (self.own_turn and player == self.seat):
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
            opp = max(sum_simple(state, q) for q in range(n) if q != p)
            est.append(value(state, p) + 0.15 * opp)           # value() counts the leader against it
        left = remaining_turns(state, self.seat)
        return win_chances(est, min(SPREAD_CAP, SPREAD_BASE + SPREAD_PER_TURN * left))


class ExpertBot(SearchBot):
    def __init__(self, game: Any, seat: int, iterations: int | None = None) -> None:
        super().__init__(game, seat, WickerfairKnowledge, ITERATIONS if iterations is None else iterations,
                         tree_depth=3)
        self.plain = NormalBot(seat)

    def choose(self, observation: dict[str, Any], legal: list[str], stream: Stream) -> str:
        if len(legal) == 1:
            return legal[0]
        kind = (observation.get("decision") or {}).get("kind")
        if kind not in SEARCHED:
            return self.plain.choose(observation, legal, stream)
        return super().choose(observation, legal, stream)

    #: A review judges every step of a fair (about 500 in a two-clan game): a small budget each.
    review_budget = 10

    def judge(self, observation: dict[str, Any], legal: list[str], stream: Stream, played: str,
              iterations: int | None = None) -> Any:
        """A searched choice is judged by the search; any other step against Normal's choice, on the
        same draws (the level plays Normal's choice there)."""
        kind = (observation.get("decision") or {}).get("kind")
        if kind in SEARCHED:
            return super().judge(observation, legal, stream, played, iterations)
        from py_engine.core.search import Judgement, Search
        best = self.plain.choose(observation, legal, stream.clone())
        samples = max(2, (iterations or self.review_iterations()) // 4)
        best_v, played_v = Search(self.knowledge, samples, self.tree_depth).compare(
            observation, legal, stream, best, played, samples)
        if played == best or played_v >= best_v:
            return Judgement(played, played_v, played_v)
        return Judgement(best, best_v, played_v)


__all__ = ["ExpertBot", "WickerfairKnowledge", "ITERATIONS"]
