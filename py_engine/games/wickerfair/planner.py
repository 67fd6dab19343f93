"""The Normal bot: try each candidate step, play the rest of the own turn quickly, judge the outcome.

It rebuilds a position from its observation (``sim.rebuild``), so it never sees hidden information.
For the choices that shape a turn (column, top option, each Travel step, placements, offers, mill
card) every legal step — the best few by the quick player's score for a Travel — is applied to a copy,
the rest of the turn is played by :class:`~.policy.QuickPlayer`, and :func:`~.evaluate.value` judges
the end. A confrontation met on the way is judged both ways, weighted by the chance of winning it.
The courage commit follows :func:`~.policy.commit_plan`: the cheapest dial and cards that beat the
opponent's likely total, or nothing when that is out of reach.
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Stream
from py_engine.core.game import Bot, IllegalAction

from . import kinds as K
from .evaluate import NORMAL, Weights, value, win_chance
from .policy import QuickPlayer, best_moves, commit_step, move_score
from .sim import rebuild
from .data import HEX_INDEX

LOOKAHEAD = {K.CHOOSE_COLUMN, K.TOP_OPTION, K.TRAVEL_UNIT, K.IMPROVE_PIN, K.ERECT_PLACE, K.BUILD_PLACE,
             K.RECRUIT_PICK, K.VISITOR_OFFER, K.SONGLINE_PICK, K.MILL_PICK, K.BOTTOM_DO, K.HARVEST_HEXES,
             K.SHOW_MISSION}
SKIP = ("back", "clear")
MAX_TRAVEL_CANDIDATES = 6
ROLLOUT_LIMIT = 80


class NormalBot(Bot):
    def __init__(self, seat: int, weights: Weights = NORMAL) -> None:
        self.seat = seat
        self.weights = weights
        self.quick = QuickPlayer(seat)

    def choose(self, observation: dict[str, Any], legal: list[str], stream: Stream) -> str:
        if len(legal) == 1:
            return legal[0]
        s = rebuild(observation)
        me = self.seat
        kind = s.dk
        if kind == K.COURAGE_COMMIT:
            return commit_step(s, me, legal)
        if kind not in LOOKAHEAD:
            return self.quick.act(s)
        cands = self.candidates(s, legal)
        best, best_v = None, None
        for a in cands:
            v = self.outcome(s, a)
            if best_v is None or v > best_v + 1e-9:
                best, best_v = a, v
        return best if best is not None else self.quick.act(s)

    def candidates(self, s: Any, legal: list[str]) -> list[str]:
        me = self.seat
        out = [a for a in legal if a not in SKIP]
        if s.dk == K.TRAVEL_UNIT and s.ctx["unit"] is None:
            moves = best_moves(s, me)
            keys = []
            for _, key, _, _ in moves:
                if f"unit:{key}" not in keys:
                    keys.append(f"unit:{key}")
                if len(keys) >= MAX_TRAVEL_CANDIDATES:
                    break
            return keys + ["end"]
        if s.dk == K.TRAVEL_UNIT:
            ctx = s.ctx
            key, pos = ctx["unit"], ctx["pos"]
            tos = [a for a in out if a.startswith("to:")]
            tos.sort(key=lambda a: -move_score(s, me, key, pos, HEX_INDEX[a[3:]], ctx["load"][0]))
            return tos[:MAX_TRAVEL_CANDIDATES] + [a for a in out if not a.startswith("to:")]
        return out

    def outcome(self, s: Any, action: str) -> float:
        me = self.seat
        t = s.clone()
        try:
            t.apply_action(action, me)
        except IllegalAction:
            return float("-inf")
        return self.finish(t, s.turn_no, 0)

    def finish(self, t: Any, turn: int, depth: int) -> float:
        """Play the quick player to the end of the own turn, then value the position."""
        me = self.seat
        for _ in range(ROLLOUT_LIMIT):
            if t.over or t.turn_no != turn or t.dk is None or me not in t.dplayers:
                break
            if t.dk == K.COURAGE_COMMIT:
                return self.fight(t, turn, depth)
            t.apply_action(self.quick.act(t), me)
        return value(t, me, self.weights)

    def fight(self, t: Any, turn: int, depth: int) -> float:
        """A confrontation on the way: the two outcomes, weighted by the chance of winning."""
        me = self.seat
        ctx = t.ctx
        h, starter = ctx["hex"], ctx["starter"]
        opp = ctx["defender"] if me == starter else starter
        if depth >= 1:
            return value(t, me, self.weights)
        p = win_chance(t, me, opp, h, me == starter)
        out = 0.0
        for won, weight in ((True, p), (False, 1 - p)):
            u = t.clone()
            for seat in (me, opp):
                if seat not in u.dplayers:
                    continue
                strong = (seat == me) == won
                if strong and seat == me:
                    for _ in range(12):
                        a = commit_step(u, seat, u.legal_actions(seat))
                        u.apply_action(a, seat)
                        if a in ("commit", "blank"):
                            break
                elif strong:
                    dial = u.dial_max(seat)
                    if dial:
                        u.apply_action(f"dial:{dial}", seat)
                        u.apply_action("commit", seat)
                    else:
                        u.apply_action("blank", seat)
                else:
                    u.apply_action("blank", seat)
            out += weight * self.finish(u, turn, depth + 1)
        return out


__all__ = ["NormalBot"]
