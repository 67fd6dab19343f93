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
from ...core.game import Bot, Judgement
from .notation import format_move, parse_move
from .rules import DIRS, OFF, Position
from .layout import rebuild
from .expert import WIN, Proof, Search, terminal_score
from ...core.search import smooth_step

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
              iterations: int | None = None, full: bool = False) -> Judgement:
        """A review's judgement (``py_engine/core/analysis.py``): the best move by this level's search,
        the mover's win chance after it and after ``played`` from the search's scores, and what the
        search proved the move played changed (``docs/performance.md``, *Reviews*):

        * ``"allowed-loss"``: after the move played the other side wins by force within k plies (the
          Elder closed), while a move existed that does not lose within k plies; when the search's
          best move is not one, the first such move in the search's order becomes the best move.
        * ``"missed-win"``: the best move wins by force, and after the move played no forced win is
          left within the review's horizon (REVIEW_BUDGET's depth, or the win's length if longer).

        A game already lost by force is judged no further: the search stops deepening once every move
        loses, and the move played is then not searched again (``full``: no such saving, for a bench
        that checks the marks are the same without it). Every search counts nodes, never time: the
        judgement is a function of the position and the budget alone."""
        pos = rebuild(observation)
        pos.pinned_memo = {}
        # A review judges every decision of a game: Strong's own budget would take minutes for a long
        # one in a browser, so it searches with REVIEW_BUDGET (``iterations``: its node budget instead).
        max_nodes, max_depth = REVIEW_BUDGET
        if iterations is not None:
            max_nodes = max(100, int(iterations))
        moves = pos.legal_moves()
        stream.shuffle(moves)
        evals: dict = {}
        first = Search(pos, max_nodes, max_depth, evals=evals)
        move, score = first.best_move(moves, stop_when_lost=not full)
        best = format_move(pos, move)
        if played == best:
            return Judgement(best, chance(score), chance(score))
        if score <= -WIN + 100 and not full:
            # Every move loses by force: whichever was played, nothing was given away.
            return Judgement(played, 0.0, 0.0)
        # How many plies past this decision the search saw (a win shown: as far as anyone needs).
        seen = 10 ** 6 if score >= WIN - 100 else first.depth_reached
        played_move = parse_move(pos, played)
        pos.push(played_move)
        after, seen_after, lost_in = _reply(pos, max_nodes, max(1, max_depth - 1), evals, full)
        forced = None
        if score >= WIN - 100 and after < WIN - 100:
            horizon = max(max_depth, WIN - score)
            if seen_after >= horizon or Proof(pos, max_nodes).loses_within(horizon - 1) is False:
                forced = "missed-win"
        pos.pop()
        if lost_in and seen < lost_in and first.root_order:
            # The search did not look as far as the loss: is there a move that does not lose as
            # quickly? Tried in the search's order (its best first), on one more budget in all.
            proof = Proof(pos, max_nodes)
            safe = None
            for m in first.root_order:
                if m == played_move:
                    continue
                pos.push(m)
                lost = proof.wins_within(lost_in - 1)
                pos.pop()
                if lost is False:
                    safe = m
                    break
                if lost is None:
                    break
            else:
                # Every move loses as quickly: the game was lost already, nothing was given away.
                return Judgement(played, 0.0, 0.0)
            if safe is not None:
                forced = "allowed-loss"
                if safe != move:
                    # The search's best loses by force: the safe move is the best, judged as the move
                    # played is (its score after the other side's best reply).
                    move, best = safe, format_move(pos, safe)
                    pos.push(safe)
                    score = _reply(pos, max_nodes, max(1, max_depth - 1), evals, full)[0]
                    pos.pop()
        elif lost_in and score > -WIN + 100:
            forced = "allowed-loss"
        return Judgement(best, chance(score), chance(after), forced)


#: Search points that make a one-in-four (or three-in-four) chance: the evaluation's Elder pressure
#: and free tiles are worth a few tens of points a move.
CHANCE_SCALE = 40.0


def chance(score: int) -> float:
    """The mover's win chance from a search score (a forced win or loss: 1 or 0)."""
    if score >= WIN - 1000:
        return 1.0
    if score <= -WIN + 1000:
        return 0.0
    return smooth_step(score / CHANCE_SCALE)


def _reply(pos: Position, max_nodes: int, max_depth: int, evals: dict, full: bool = False) -> tuple[int, int, int]:
    """After the mover's move (``pos``, taken back by the caller): the mover's score, how many plies past
    the decision the search saw, and within how many plies past it the mover loses by force (0: not
    shown). A move that is the only one legal (a pass) is played through: a search has nothing to
    choose there and would not look past it."""
    forced = 0
    while pos.result is None and forced < 8:
        moves = pos.legal_moves()
        if len(moves) != 1:
            break
        pos.push(moves[0])
        forced += 1
    # The side to move now is the mover after an odd number of plies past the decision.
    sign = 1 if forced % 2 else -1
    if pos.result is not None:
        value, seen, plies = terminal_score(pos, 0), 10 ** 6, 1 + forced
    else:
        search = Search(pos, max_nodes, max_depth, evals=evals)
        _, value = search.best_move(stop_when_lost=not full)
        seen = 1 + forced + search.depth_reached
        plies = 1 + forced + max(1, WIN - abs(value))
    for _ in range(forced):
        pos.pop()
    score = sign * value
    if abs(score) >= WIN - 100:
        score = (WIN if score > 0 else -WIN) - (plies if score > 0 else -plies)
    return score, seen, plies if score <= -WIN + 100 else 0
