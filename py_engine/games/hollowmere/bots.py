"""Hollowmere bots. They see only their observation: laid tiles, Wardens, the tile in hand,
the next tile when it is open, and the remaining tile counts — never the supply order.

* **easy**  — looks at a random handful of the legal moves, scores each one ply deep with a
  rough estimate and sometimes (15 %) plays a random move anyway.
* **normal** — scores every legal move one ply deep with the full estimate below; with the
  Mist Veil it compares the best move now with the best move for the open next tile.

The level above Normal is **expert** (expert.py): the shared search with Normal as its policy and its
estimate as its evaluation. (A one-reply expectimax over sampled tiles and two retunings of the estimate
had been tried before and won about half of their games against Normal: docs/performance.md.)

Budgets are counted in nodes (candidate moves and samples), never in wall-clock time, so a
bot plays the same move on every machine. All randomness comes from the stream the table hands each decision.
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Stream
from py_engine.core.game import Bot

from .notation import Lay, parse
from .data import BY_ID, TYPES
from .valley import RING, Valley, cell

WARDENS = 7


class Mirror:
    """The bot's own copy of the public valley, rebuilt from observations by replaying lays.

    Kept between turns so each turn replays only the tiles laid since the last one.
    """

    def __init__(self) -> None:
        self.valley: Valley | None = None
        self.seen: list[tuple] = []

    def sync(self, obs: dict[str, Any], fresh: bool = False) -> Valley:
        lays = [(t["x"], t["y"], t["tile"], t["r"], t["seat"], t["warden"]) for t in obs["tiles"]]
        if self.valley is None or lays[:len(self.seen)] != self.seen:
            self.valley = Valley(obs["players"], bool(obs["options"].get("meadows")), WARDENS)
            self.valley.quiet = True
            self.seen = lays[:1]
        for x, y, tile, r, seat, warden in lays[len(self.seen):]:
            t = BY_ID[tile]
            ri = [reg.id for reg in t.regions].index(warden) if warden else -1
            self.valley.lay(cell(x, y), t.index * 4 + r, ri, seat, 0)
        self.seen = lays
        if self.valley.scores != obs["scores"] and len(self.seen) > 1 and not fresh:
            # the mirror must agree with the table; rebuild once from scratch if it does not
            self.valley, self.seen = None, []
            return self.sync(obs, fresh=True)
        return self.valley


class Estimator:
    """A rough guess of each seat's final score from a position."""

    home_cap = 2.5       # most a Warden at home is worth
    home_rate = 3.0      # tiles per seat it takes a Warden at home to earn a point

    def __init__(self, tiles_left: int, n: int) -> None:
        self.tiles_left = tiles_left
        self.n = n

    def feature_value(self, v: Valley, f: Any) -> float:
        left = self.tiles_left
        if f.kind == "burgh":
            sides = f.open / 3
            end = len(f.cells) + f.seals
            full = 2 * len(f.cells) + 2 * f.seals
            pc = max(0.0, 1.0 - 0.18 * sides) * min(1.0, left / (6 * sides + 1))
            return end + pc * (full - end) + 0.4 * sides * min(1.0, left / 20)
        if f.kind == "trail":
            ends = f.open
            return len(f.cells) + 0.6 * ends * min(1.0, left / 15)
        if f.kind == "shrine":
            s = next(iter(f.cells))
            laid = v.shrine_end_value(s) - 1
            missing = len(RING[s]) - laid
            if len(RING[s]) < 8:
                return 1 + laid + 0.5 * missing * min(1.0, left / 20)
            pc = min(1.0, left / (4 * missing + 1)) * max(0.2, 1 - 0.08 * missing)
            return (1 + laid) + pc * (8 - laid)
        if f.kind == "meadow":
            done = len(v.completed_burghs(f))
            rest = len({v.find(b) for b in f.touches or ()}) - done
            return 3 * done + 1.2 * rest * min(1.0, left / 20)
        return 0.0

    def feature_worth(self, v: Valley, f: Any) -> float:
        """What feature ``f`` may still bring its Wardens: its value, and the mountains' boost but for a meadow."""
        value = self.feature_value(v, f)
        if f.kind != "meadow":
            value += len(v.boost(f.cells))
        return value

    def estimate(self, v: Valley, final: bool = False) -> list[float]:
        est = [float(s) for s in v.scores]
        if final:
            return est
        left = self.tiles_left
        for f in claimed(v).values():
            if f.done or not f.wardens:
                continue
            credit(est, f, self.feature_worth(v, f))
        for a, s in v.aquifer_warden.items():
            path = v.river_path(a)
            est[s] += len(path) + len(v.boost(path)) + 1.5 * min(1.0, left / 20) if path else 1.0 * min(1.0, left / 25)
        worth = min(self.home_cap, left / (self.home_rate * self.n))   # a Warden at home can still claim something
        for s in range(self.n):
            est[s] += worth * v.wardens_left[s]
        return est


def claimed(v: Valley) -> dict[int, Any]:
    """Every feature but a river with a Warden standing on it, by its root."""
    roots: dict[int, Any] = {}
    for c, ri, _seat in v.standing:
        if TYPES[v.grid[c] >> 2].regions[ri].kind == "river":
            continue
        root = v.find(c * 8 + ri)
        roots[root] = v.feats[root]
    return roots


def credit(est: list[float], f: Any, value: float) -> None:
    """``value`` to every seat with the most Wardens on feature ``f``."""
    top = max(f.wardens.values())
    for s, k in f.wardens.items():
        if k == top:
            est[s] += value


def _margin(est: list[float], seat: int) -> float:
    others = [e for s, e in enumerate(est) if s != seat]
    return est[seat] - 0.5 * (max(others) + sum(others) / len(others))


def _lay_after(v: Valley, action: str, seat: int, last: bool) -> Valley:
    a = parse(action)
    assert isinstance(a, Lay)
    t = BY_ID[a.tile]
    ri = [reg.id for reg in t.regions].index(a.region) if a.region else -1
    w = v.clone()
    w.lay(cell(a.x, a.y), t.index * 4 + a.r, ri, seat, 0)
    if last:
        w.end_scoring(0)
    return w


class OnePly(Bot):
    """Scores candidate moves one ply deep with :class:`Estimator`."""

    estimator = Estimator

    sample: int | None = None      # easy: how many legal moves it looks at
    noise = 0.0                    # easy: random slack added to each estimate
    blunder = 0.0                  # easy: chance of a random move

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.rng: Stream | None = None   # the stream of the decision being made
        self.mirror = Mirror()

    def _u(self) -> float:
        return self.rng.below(1 << 20) / float(1 << 20)

    def choose(self, observation: dict[str, Any], legal: list[str], stream: Stream) -> str:
        self.rng = stream
        if len(legal) == 1:
            return legal[0]
        if self.blunder and self._u() < self.blunder:
            return legal[self.rng.below(len(legal))]
        v = self.mirror.sync(observation)
        lays = [a for a in legal if a != "veil"]
        if self.sample is not None and len(lays) > self.sample:
            picked = sorted({self.rng.below(len(lays)) for _ in range(self.sample)})
            lays = [lays[i] for i in picked]
        best, best_value = self.rank(v, observation, lays)
        if "veil" in legal:
            veil_value = self.veil_value(v, observation)
            if veil_value is not None and veil_value > best_value + 2.0:
                return "veil"
        return best

    def rank(self, v: Valley, obs: dict[str, Any], lays: list[str]) -> tuple[str, float]:
        left = obs["supply"]
        est = self.estimator(left, obs["players"])
        best, best_value = lays[0], float("-inf")
        for action in lays:
            w = _lay_after(v, action, self.seat, left == 0)
            value = _margin(est.estimate(w, final=left == 0), self.seat)
            if self.noise:
                value += self.noise * self._u()
            if value > best_value:
                best, best_value = action, value
        return best, best_value

    def veil_value(self, v: Valley, obs: dict[str, Any]) -> float | None:
        """The best estimate after veiling, when the next tile is open; None when unknown."""
        nxt = obs.get("next")
        if nxt is None:
            return None
        lays = self.lays_for(v, nxt, obs)
        if not lays:
            return None
        nobs = dict(obs, supply=obs["supply"] - 1)
        return self.rank(v, nobs, lays)[1]

    def lays_for(self, v: Valley, tile: str, obs: dict[str, Any]) -> list[str]:
        """Every distinct lay of ``tile`` for this seat (the engine's own move-list order)."""
        t = BY_ID[tile]
        out = []
        for c, r in v.placements(t.index):
            x, y = c % 41, c // 41
            head = f"{tile}@{x},{y}r{r}"
            out.append(head + "-")
            out += [f"{head}+{t.regions[ri].id}" for ri in v.warden_options(c, t.index * 4 + r, self.seat)]
        return out


class EasyBot(OnePly):
    sample = 8
    noise = 3.0
    blunder = 0.15


class NormalBot(OnePly):
    pass

