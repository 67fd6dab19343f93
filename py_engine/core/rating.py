"""One ladder: ratings of the bots' levels and of players on one scale, from finished games of 2–5 seats.

The model (``docs/rating.md`` gives it with numbers, precisely enough to compute again):

* **Plackett–Luce.** Each participant i has a strength γᵢ = 10^(rᵢ / 400), rᵢ its rating. A finished game
  is a ranking of its seats, best first; the chance of that ranking is the chance that the first is
  chosen from all seats with probability proportional to strength, then the second from those left,
  and so on. For two seats it is Elo's: P(i ahead of j) = γᵢ / (γᵢ + γⱼ) = 1 / (1 + 10^((rⱼ − rᵢ)/400)).
* **Ties** (a draw; seats with the same score and none of them a winner) are one group of the ranking:
  each member of a group of m seats is chosen against the same remaining set, the set's total counted m
  times (Breslow's approximation), so a draw pulls two ratings together as Elo's half point does.
* **A prior**: every rating not fixed is drawn towards 1500 by a normal prior of standard deviation 400
  (as if each participant had played a few games against a 1500 player). It keeps the ratings finite
  when a level never lost, and says what little is known about a participant with few games.
* **The anchor**: a game's Normal level is 1500, exactly (``ANCHOR``); every other rating is relative to
  it. A player's own rating is fitted with every level fixed at its ladder rating.
* **The fit**: the maximum of the log posterior (it is concave), by Newton's method on r; the
  **interval** is r ± 1.96·σ, σ² the diagonal of the inverse of the negative Hessian at the maximum
  (the Laplace approximation: 95 %).

Pure Python, no dependency: the few lines are clearer than a library's options, and the same code runs
under Pyodide for the player's rating in the page.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

#: The rating every game's anchor level has, and the centre of the prior.
BASE = 1500.0
#: The level fixed at BASE in every game.
ANCHOR = "normal"
#: The prior's standard deviation, in rating points.
PRIOR_SD = 400.0
#: Rating points per natural-log unit of strength: γ = 10^(r/400) = e^(r/SCALE).
SCALE = 400.0 / math.log(10.0)
#: The interval's half-width in standard deviations (95 %).
Z95 = 1.959964
#: Newton steps at most, and the step (in rating points) below which the fit stops.
MAX_STEPS = 100
TOLERANCE = 1e-7


@dataclass(frozen=True)
class Rating:
    """A participant's rating, its 95 % interval and the number of games it was fitted from."""

    rating: float
    low: float
    high: float
    games: int

    def as_dict(self) -> dict[str, float | int]:
        return {"rating": round(self.rating, 1), "low": round(self.low, 1), "high": round(self.high, 1),
                "games": self.games}


Ranking = Sequence[Sequence[str]]
"""A finished game as groups of participants, best first; a group of several is a tie."""


def ranking_of(scores: Sequence[float], winners: Sequence[int]) -> list[list[int]]:
    """The seats of a finished game as groups, best first: the winners first (one group), then the others
    by score, highest first, equal scores tied. A game whose winners are every seat (a draw) is one group."""
    first = sorted(set(winners))
    rest = [s for s in range(len(scores)) if s not in first]
    groups: list[list[int]] = [first] if first else []
    for s in sorted(rest, key=lambda k: -scores[k]):
        if groups and groups[-1] is not first and scores[groups[-1][0]] == scores[s]:
            groups[-1].append(s)
        else:
            groups.append([s])
    return groups


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a·x = b (a symmetric positive definite, small): Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def _inverse_diagonal(a: list[list[float]]) -> list[float]:
    n = len(a)
    return [_solve(a, [1.0 if i == j else 0.0 for i in range(n)])[j] for j in range(n)]


def fit(results: Iterable[Ranking], fixed: Mapping[str, float] | None = None,
        prior_sd: float = PRIOR_SD) -> dict[str, Rating]:
    """The rating of every participant of ``results`` not in ``fixed`` (name → rating, held as given).

    Each result is a ranking of participant names, best first (``ranking_of`` makes one from a game's
    scores). A participant may appear in several seats of one game (two Normal bots): each seat is a
    separate draw of the same strength. → name → Rating, in the order first met."""
    fixed = dict(fixed or {})
    games = [[list(g) for g in r if g] for r in results]
    names: list[str] = []
    count: dict[str, int] = {}
    for r in games:
        for name in {n for g in r for n in g}:
            count[name] = count.get(name, 0) + 1
        for g in r:
            for n in g:
                if n not in fixed and n not in names:
                    names.append(n)
    index = {n: i for i, n in enumerate(names)}
    k = len(names)
    theta = [BASE / SCALE] * k
    fixed_theta = {n: v / SCALE for n, v in fixed.items()}
    s2 = (prior_sd / SCALE) ** 2

    def value(n: str) -> float:
        return theta[index[n]] if n in index else fixed_theta[n]

    def derivatives() -> tuple[list[float], list[list[float]]]:
        grad = [-(theta[i] - BASE / SCALE) / s2 for i in range(k)]
        hess = [[(-1.0 / s2 if i == j else 0.0) for j in range(k)] for i in range(k)]
        for r in games:
            remaining = [n for g in r for n in g]
            for g in r:
                if len(remaining) <= 1:
                    break
                top = max(value(n) for n in remaining)
                w = [math.exp(value(n) - top) for n in remaining]
                total = sum(w)
                p = [x / total for x in w]
                m = len(g)
                for n in g:
                    if n in index:
                        grad[index[n]] += 1.0
                for a, na in enumerate(remaining):
                    ia = index.get(na)
                    if ia is None:
                        continue
                    grad[ia] -= m * p[a]
                    hess[ia][ia] -= m * p[a]
                    for b, nb in enumerate(remaining):
                        ib = index.get(nb)
                        if ib is not None:
                            hess[ia][ib] += m * p[a] * p[b]
                remaining = remaining[m:]
        return grad, hess

    for _ in range(MAX_STEPS):
        if not k:
            break
        grad, hess = derivatives()
        step = _solve([[-x for x in row] for row in hess], grad)
        # The log posterior is concave: a Newton step, its largest part capped (about 350 points) so that a
        # start far from the maximum cannot overshoot it wildly.
        size = max(abs(x) for x in step)
        if size > 2.0:
            step = [x * 2.0 / size for x in step]
        theta = [t + d for t, d in zip(theta, step)]
        if max(abs(x) for x in step) * SCALE < TOLERANCE:
            break
    out: dict[str, Rating] = {}
    if k:
        _, hess = derivatives()
        var = _inverse_diagonal([[-x for x in row] for row in hess])
        for n, i in index.items():
            r = theta[i] * SCALE
            half = Z95 * math.sqrt(max(var[i], 0.0)) * SCALE
            out[n] = Rating(r, r - half, r + half, count.get(n, 0))
    return out


def ladder(results: Iterable[Ranking], anchor: str = ANCHOR) -> dict[str, Rating]:
    """The levels of one game on the scale, ``anchor`` at BASE exactly (its interval is the point)."""
    results = list(results)
    got = fit(results, {anchor: BASE})
    games = sum(1 for r in results if any(anchor in g for g in r))
    return {anchor: Rating(BASE, BASE, BASE, games), **got}


def player(results: Iterable[Ranking], levels: Mapping[str, float], you: str = "you") -> Rating | None:
    """A player's rating from games against bots whose levels are fixed at their ladder ratings (``levels``:
    level name → rating); every other participant of those games must be a level. None without a game."""
    return fit(results, levels).get(you)


def expected_score(a: float, b: float) -> float:
    """The chance that a participant rated ``a`` finishes ahead of one rated ``b`` at a table of two."""
    return 1.0 / (1.0 + 10.0 ** ((b - a) / 400.0))
