"""Hollowmere's Expert level: the shared search (``py_engine/core/search.py``) with this game's knowledge.

* The paired search: the :data:`WIDTH` moves Normal rates best are each played on from the same draws
  of the supply (the supply below the shown tiles shuffled afresh, :data:`ITERATIONS` playouts in all),
  :data:`HORIZON` tiles deep — the next players answering as Normal would — and the move with the best
  mean chance of winning is played.
* Positions: the valley the observation shows, replayed once per decision (kept between decisions, so a
  turn replays only the tiles laid since).
* Prior (the order of the candidates) and rollout policy: Normal's judgement (``bots.Estimator``, one
  move ahead).
* Evaluation: Normal's estimate of every seat's final score, turned into chances of winning by
  :func:`~py_engine.core.search.win_chances` with a spread that shrinks as the supply runs out.

A tree search (PUCT over Normal's prior, 48 iterations, two tiles deep) was tried first: 66 % of 38 games
against Normal; this paired search won 85 % of the first 40 (docs/performance.md).
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Stream
from py_engine.core.game import GameState
from py_engine.core.search import Knowledge, SearchBot, win_chances

from .bots import Estimator, Mirror, _lay_after, _margin, claimed, credit
from .notation import parse
from .sample import sample_state
from .state import HollowmereState
from .data import BY_ID
from .valley import P_MOUNTAIN, P_RIVER_DIRS, RING, cell

ITERATIONS = 64
WIDTH = 8
HORIZON = 3
PRIOR_WIDTH = 6.0
#: Points of uncertainty in a final-score estimate: a base plus a share of the tiles still to come, at
#: most a cap (fitted to 150 games of Normal against Normal: the spread that best predicted the winner
#: from Normal's estimate, by tiles left).
SPREAD_BASE, SPREAD_PER_TILE, SPREAD_CAP = 3.0, 0.27, 13.0


class NextValleys:
    """Normal's estimate (``bots.Estimator.estimate``) of the valleys one tile away from valley ``v``,
    with the same numbers in the same order, but each feature's worth taken from ``v`` when the new
    tile cannot have changed it: the same feature record (a lay copies every record it changes) and
    the new cell not within one step of its tiles (nothing else a burgh's, trail's or shrine's worth
    reads); an aquifer's when the new tile has neither river nor mountain. Meadows are always worked
    out again (they read other features)."""

    def __init__(self, v: Any, left: int, n: int) -> None:
        self.est = Estimator(left, n)
        self.left, self.n = left, n
        self.feats: dict[Any, float] = {}
        self.near: dict[Any, set[int]] = {}
        for f in claimed(v).values():
            if f.kind != "meadow" and not f.done and f.wardens:
                self.feats[f] = self.est.feature_value(v, f) + len(v.boost(f.cells))
        self.aquifers = {a: self._aquifer(v, a) for a in v.aquifer_warden}

    def _aquifer(self, v: Any, a: int) -> float:
        left = self.left
        path = v.river_path(a)
        return len(path) + len(v.boost(path)) + 1.5 * min(1.0, left / 20) if path else 1.0 * min(1.0, left / 25)

    def estimate(self, w: Any, c: int, p: int) -> list[float]:
        """The estimate of valley ``w``: ``v`` with placement ``p`` laid at cell ``c``."""
        est = [float(s) for s in w.scores]
        for f in claimed(w).values():
            if f.done or not f.wardens:
                continue
            value = self.feats.get(f)
            if value is not None:
                near = self.near.get(f)
                if near is None:
                    near = self.near[f] = {x for t in f.cells for x in RING[t]} | set(f.cells)
                if c in near:
                    value = None
            if value is None:
                value = self.est.feature_worth(w, f)
            credit(est, f, value)
        plain = not P_RIVER_DIRS[p] and not P_MOUNTAIN[p]
        for a, s in w.aquifer_warden.items():
            value = self.aquifers.get(a) if plain else None
            est[s] += value if value is not None else self._aquifer(w, a)
        worth = min(self.est.home_cap, self.left / (self.est.home_rate * self.n))
        for s in range(self.n):
            est[s] += worth * w.wardens_left[s]
        return est


class HollowmereKnowledge(Knowledge):
    horizon = HORIZON
    paired_width = WIDTH

    def __init__(self, game: Any, seat: int) -> None:
        super().__init__(game, seat)
        self.mirror = Mirror()
        self.known: dict[tuple, str] = {}
        self.laid = 0

    def root(self, observation: dict[str, Any], stream: Stream) -> GameState:
        valley = self.mirror.sync(observation)
        self.known, self.laid = {}, len(valley.lays)
        return sample_state(observation, self.seat, stream, valley)

    def values(self, state: HollowmereState, player: int, legal: list[str]) -> list[float]:
        """Normal's one-move-ahead margin for each legal action (the Mist Veil: as good as the best lay)."""
        left = state.supply_count()
        v = state.valley
        est = Estimator(left, state.num_players) if left == 0 else NextValleys(v, left, state.num_players)
        out = []
        for action in legal:
            if action == "veil" or action.startswith("aside:"):
                out.append(None)
                continue
            if left == 0:
                out.append(_margin(est.estimate(_lay_after(v, action, player, True), final=True), player))
                continue
            a = parse(action)
            t = BY_ID[a.tile]
            c, p = cell(a.x, a.y), t.index * 4 + a.r
            w = v.clone()
            w.lay(c, p, [reg.id for reg in t.regions].index(a.region) if a.region else -1, player, 0)
            out.append(_margin(est.estimate(w, c, p), player))
        best = max((x for x in out if x is not None), default=0.0)
        return [best if x is None else x for x in out]

    def priors(self, state: GameState, player: int, legal: list[str]) -> list[float]:
        vals = self.values(state, player, legal)
        top = max(vals)
        out = []
        for x in vals:
            r = 1.0 + (x - top) / PRIOR_WIDTH
            out.append(r * r if r > 0 else 0.0)
        return out

    def rollout(self, state: Any, player: int, legal: list[str], stream: Stream) -> str:
        # Normal's choice depends on the valley, the tile in hand and the counts, never on the supply's
        # order: a reply to a candidate with the next tile open is the same in every draw, so it is
        # worked out once per search (the tiles laid since the search began name the valley).
        key = (tuple(state.valley.lays[self.laid:]), state.hand, player, state.supply_count(),
               tuple(state.veil_used))
        action = self.known.get(key)
        if action is None:
            vals = self.values(state, player, legal)
            action = self.known[key] = legal[max(range(len(legal)), key=lambda i: (vals[i], -i))]
        return action

    def evaluate(self, state: GameState) -> list[float]:
        left = state.supply_count()
        est = Estimator(left, state.num_players).estimate(state.valley)
        return win_chances(est, min(SPREAD_CAP, SPREAD_BASE + SPREAD_PER_TILE * left))


class ExpertBot(SearchBot):
    """The paired search with this knowledge plays the move, the hint (on a smaller budget when a device
    asks) and a review's judgement (``SearchBot``): Normal's judgement one tile ahead is cheap enough to
    play on in many valleys, and the same search judging both keeps a review's best the level's move."""

    def __init__(self, game: Any, seat: int, iterations: int | None = None) -> None:
        super().__init__(game, seat, HollowmereKnowledge, ITERATIONS if iterations is None else iterations)


__all__ = ["ExpertBot", "HollowmereKnowledge", "ITERATIONS"]
