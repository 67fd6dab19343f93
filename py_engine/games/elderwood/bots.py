"""Elderwood bots. They see only the observation and rebuild the position from its move list.

* Easy — looks one move ahead at the Elders only, with a good dose of chance: it takes
  a win when it sees one and otherwise leans towards crowding the other Elder. The
  table's move on a timer is exactly Easy's choice (from ``chance.fresh("timer/<ply>")``).
* Normal — alpha–beta two plies deep with the full evaluation (Elder pressure, tiles
  free to move, pinned tiles, Owls on top), on a node budget.
* Strong — the same search with a budget about eight times Normal's, which completes three plies in
  the middlegame where Normal completes two (up to five plies when the position is narrow).

Budgets are counted in nodes, never in seconds, so a seeded game replays identically.
"""
from __future__ import annotations

from typing import Any, Optional

from ...core.fairness import Stream
from ...core.game import Bot
from .notation import format_move
from .rules import DIRS, OFF, Position
from .layout import rebuild
from .search import WIN, Search, terminal_score

Move = Optional[tuple[int, int, int]]

#: (max nodes, max depth) per level. Strong had (4000, 4), which rarely finished three plies in the
#: middlegame and won 67 % of 12 games against Normal; (10000, 5) finishes them (docs/performance.md).
BUDGETS = {"normal": (1200, 3), "strong": (10000, 5)}
#: (max nodes, max depth) of a review's judgement of one decision (Strong's budget before it grew).
REVIEW_BUDGET = (4000, 4)


def _elder_crowd(pos: Position, colour: int) -> int:
    e = pos.where[colour * 11]
    if e == OFF:
        return 0
    st = pos.stacks
    return sum(1 for d in DIRS if e + d in st)


def easy_move(pos: Position, stream: Stream | None) -> Move:
    """Easy's move: a win if there is one, else a noisy preference for crowding the other Elder."""
    moves = pos.legal_moves()
    if len(moves) == 1:
        return moves[0]
    me = pos.ply & 1
    best, best_score = moves[0], None
    for m in moves:
        pos.push(m)
        if pos.result is not None:
            score = 10_000 if pos.result == me else (-10_000 if pos.result == 1 - me else -50)
        else:
            score = 10 * (_elder_crowd(pos, 1 - me) - _elder_crowd(pos, me))
        pos.pop()
        score += stream.below(40) if stream is not None else 0
        if best_score is None or score > best_score:
            best, best_score = m, score
    return best


def search_move(pos: Position, level: str, stream: Stream | None) -> Move:
    max_nodes, max_depth = BUDGETS[level]
    moves = pos.legal_moves()
    if stream is not None:
        stream.shuffle(moves)  # ties go a different way in each seeded game
    move, _ = Search(pos, max_nodes, max_depth).best_move(moves)
    return move


class ElderwoodBot(Bot):
    def __init__(self, level: str, seat: int) -> None:
        self.level = level
        self.seat = seat

    def choose(self, observation: dict[str, Any], legal: list[str], stream: Stream) -> str:
        pos = rebuild(observation)
        if self.level == "easy":
            move = easy_move(pos, stream)
        else:
            move = search_move(pos, self.level, stream)
        return format_move(pos, move)

    def judge(self, observation: dict[str, Any], legal: list[str], stream: Stream, played: str,
              iterations: int | None = None) -> Any:
        """A review's judgement (``py_engine/core/analysis.py``): the best move by this level's search,
        and the mover's win chance after it and after ``played``, from the search's scores."""
        from ...core.search import Judgement
        from .notation import parse_move
        pos = rebuild(observation)
        # A review judges every decision of a game: Strong's own budget would take minutes for a long
        # one in a browser, so it searches with REVIEW_BUDGET (``iterations``: its node budget instead).
        max_nodes, max_depth = REVIEW_BUDGET
        if iterations is not None:
            max_nodes = max(100, int(iterations))
        moves = pos.legal_moves()
        stream.shuffle(moves)
        move, score = Search(pos, max_nodes, max_depth).best_move(moves)
        best = format_move(pos, move)
        if played == best:
            return Judgement(best, chance(score), chance(score))
        pos.push(parse_move(pos, played))
        if pos.result is not None:
            after = -terminal_score(pos, 1)
        else:
            _, reply = Search(pos, max_nodes, max(1, max_depth - 1)).best_move()
            after = -reply
        pos.pop()
        return Judgement(best, chance(score), chance(after))


#: Search points that make a one-in-four (or three-in-four) chance: the evaluation's Elder pressure
#: and free tiles are worth a few tens of points a move.
CHANCE_SCALE = 40.0


def chance(score: int) -> float:
    """The mover's win chance from a search score (a forced win or loss: 1 or 0)."""
    from ...core.search import smooth_step
    if score >= WIN - 1000:
        return 1.0
    if score <= -WIN + 1000:
        return 0.0
    return smooth_step(score / CHANCE_SCALE)
