"""Milehollow's Expert level.

* Its move: the carrier (carrier.py: Normal's planner routing over fewer, longer roads, counting its
  turns more warily, counting the Longest Road and never taking a face-up Ox), with every mail keep
  played out to the game's end (lookahead.py). Against Normal the carrier alone did better than the
  search below, and the keeps played out a little better still (bench/tuning/milehollow.py; the bench:
  bench/strength.py).
* Reviews, and hints asked with a smaller budget, still judge by the shared search
  (``py_engine/core/search.py``) with this game's knowledge, below:
* Positions: the seat's observation with the unseen wagon cards and mail dealt afresh (sample.py), the
  whole deal drawn again for every iteration.
* Prior and rollout policy: Normal (``bots.MilehollowBot``), asked from the acting seat's own view of
  the drawn position. The prior puts most weight on Normal's move among the move list's actions.
* Evaluation: each seat's points so far, plus its mail as Normal values it (delivered cards in full,
  the others by the chance of finishing their network in the turns it has left), plus the Longest
  Road bonus to its current holder, plus what its markers and cards can still pave; turned into
  chances of winning by :func:`~py_engine.core.search.win_chances`.
* Trial settings, off: mail kept searched with playouts to the game's end (``keep_to_end``), new mail
  only as Normal's move (``mail_as_normal``); docs/performance.md has their games.
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Stream
from py_engine.core.game import GameState
from py_engine.core.search import Knowledge, SearchBot, win_chances

from .board import LONGEST_ROAD_POINTS, MAILS, ROAD_INDEX, ROADS
from .bots import END_AT, Table, delivered_now, turns_left
from .notation import offered_moves
from .rollout import PlainNormal, expected, lean_observation
from .scoring import longest_trail

ITERATIONS = 60
#: Mail kept (``keep-deal``, ``keep``) with ``MilehollowKnowledge.keep_to_end``: the budget of that search
#: (playouts to the game's end), as a share of the level's (4/5: 48 playouts of 60).
KEEP_SHARE = (4, 5)
KEEPS = ("keep-deal", "keep")
#: The decisions the search thinks about; any other is played as Normal plays it.
SEARCHED = {"keep-deal", "keep", "turn", "draw"}
#: Points a slab still to pave is expected to bring (road points per slab of an average paving).
POINTS_PER_SLAB = 1.7
#: Points of uncertainty in a final-score estimate, by turns left in the game (base, per turn, cap).
SPREAD_BASE, SPREAD_PER_TURN, SPREAD_CAP = 6.0, 0.6, 30.0
#: A playout horizon no game reaches (a two-seat game takes about 130 decisions, a five-seat one about 250).
END_OF_GAME = 10_000


class MilehollowKnowledge(Knowledge):
    horizon = 24
    #: Playouts stop at the start of one of the seat's turns once this many rounds are over (0: never;
    #: every candidate is then judged at the same point of the round); :attr:`horizon` still caps them.
    rounds = 0
    paired_width = 6
    switch_margin = 0.02
    #: Trial: mail kept is judged by playouts to the game's end (no evaluation), where it shows whether a
    #: card gets delivered in time (off: with :attr:`mail_as_normal` it won fewer games than without).
    keep_to_end = False
    #: Trial: new mail is drawn only when Normal would draw it (judged at a cut-off, new cards look like
    #: points, and the search drew mail turn after turn; off, as above).
    mail_as_normal = False
    #: The playouts of a decision of the turn (:attr:`horizon` is set per search).
    turn_horizon = 24

    def __init__(self, game: Any, seat: int) -> None:
        super().__init__(game, seat)
        self.normals: dict[int, PlainNormal] = {}

    def normal(self, player: int) -> PlainNormal:
        bot = self.normals.get(player)
        if bot is None:
            bot = self.normals[player] = PlainNormal(player)
        return bot

    def root(self, observation: dict[str, Any], stream: Stream) -> GameState:
        state = super().root(observation, stream)
        self.root_turns = state.turns
        to_end = self.keep_to_end and observation["decision"] in KEEPS
        self.horizon = END_OF_GAME if to_end else self.turn_horizon
        return state

    def stop(self, state: Any) -> bool:
        return (self.rounds > 0 and state.phase == "turn" and state.current == self.seat
                and state.turns >= self.root_turns + self.rounds * state.num_players)

    def priors(self, state: GameState, player: int, legal: list[str]) -> list[float]:
        """Normal's move first; then the pavings of the roads Normal plans, the other pavings by length,
        the deck and the face-up cards its plan wants; every other move of the move list last (new mail only
        as Normal's move, see :attr:`mail_as_normal`)."""
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
            elif a == "mail":
                w = 0.0 if self.mail_as_normal else 0.3
            elif a == "deck":
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
    #: A review judges every decision of a game (130 in a two-seat game): a smaller budget each.
    review_budget = 20

    def __init__(self, game: Any, seat: int, iterations: int | None = None) -> None:
        super().__init__(game, seat, MilehollowKnowledge, ITERATIONS if iterations is None else iterations,
                         tree_depth=4)
        from .lookahead import LookaheadBot
        self.player = LookaheadBot(seat)

    def choose(self, observation: dict[str, Any], legal: list[str], stream: Stream) -> str:
        """The level's move: the carrier's play with its keeps played out to the end (lookahead.py)."""
        return self.player.choose(observation, legal, stream)

    def quick_choice(self, observation: dict[str, Any], legal: list[str], stream: Stream, iterations: int) -> str:
        """A quick hint: the level's own play, its keeps played out on fewer deals (the same share of them
        as ``iterations`` is of the level's budget); every other decision is the carrier's, as cheap as Normal's."""
        from .lookahead import LookaheadBot
        draws = max(1, LookaheadBot.keep_draws * iterations // self.iterations)
        return LookaheadBot(self.seat, keep_draws=draws).choose(observation, legal, stream)

    def searched(self, observation: dict[str, Any], legal: list[str], stream: Stream) -> str:
        """The paired search's move (the level's move until the carrier played better; reviews judge by it)."""
        if len(offered_moves(legal)) == 1:
            return offered_moves(legal)[0]
        if observation["decision"] not in SEARCHED:
            return self.knowledge.normal(self.seat).choose(observation, legal, stream)
        if self.knowledge.keep_to_end and observation["decision"] in KEEPS:
            keep_budget = self.iterations * KEEP_SHARE[0] // KEEP_SHARE[1]
            return self.search(observation, legal, stream, keep_budget).action
        return super().choose(observation, legal, stream)


__all__ = ["ExpertBot", "MilehollowKnowledge", "ITERATIONS"]
