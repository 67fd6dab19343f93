"""Evaluation and alpha–beta search for the Elderwood bots and the UHP engine.

The search works in place on a :class:`Position` (push/pop), deepens iteratively,
remembers positions in a transposition table keyed by the position's repetition key
(translation-free, so a drifted group is found again), and stops on a *node* budget
so that a seeded bot game replays identically on any machine. The UHP engine may
add a wall-clock deadline on top (``bestmove time``). :class:`Proof` searches for forced
results alone (a review's proof that a move passed up a win or walked into a loss).
"""
from __future__ import annotations

import time
from typing import Optional

from .rules import (COLOUR_OF, CREATURE_OF, DIRS, DRAW, ELDER, OFF, OWL, Position)

Move = Optional[tuple[int, int, int]]

WIN = 100_000
# Cost of each occupied space round one's own Elder (6 ends the game).
ELDER_PRESSURE = (0, 4, 10, 20, 38, 70, 0)
# Worth of a tile that is free to move, by creature (Elder, Owl, Hare, Fox, Otter).
FREEDOM = (4, 5, 3, 2, 6)
OWL_ON_ENEMY = 8
OWL_ON_ENEMY_ELDER = 30
ELDER_STUCK = 6


class OutOfBudget(Exception):
    pass


def evaluate(pos: Position) -> int:
    """Static worth of the position for the colour to move (higher is better)."""
    st = pos.stacks
    where = pos.where
    pinned = pos.pinned_cells()
    worth = [0, 0]
    for colour in (0, 1):
        e = where[colour * 11]
        if e != OFF:
            n = 0
            for d in DIRS:
                if e + d in st:
                    n += 1
            worth[colour] -= ELDER_PRESSURE[n]
            s = st[e]
            if s[-1] != colour * 11 or (len(s) == 1 and e in pinned):
                worth[colour] -= ELDER_STUCK
    for cell, s in st.items():
        tile = s[-1]
        colour = COLOUR_OF[tile]
        creature = CREATURE_OF[tile]
        if len(s) > 1:
            worth[colour] += FREEDOM[creature]
            below = s[-2]
            if COLOUR_OF[below] != colour:
                worth[colour] += OWL_ON_ENEMY_ELDER if CREATURE_OF[below] == ELDER else OWL_ON_ENEMY
        elif cell not in pinned:
            worth[colour] += FREEDOM[creature]
    me = pos.ply & 1
    return worth[me] - worth[1 - me]


def terminal_score(pos: Position, depth_from_root: int) -> int:
    """Score for the side to move of a finished game; quicker wins are worth more."""
    if pos.result == DRAW:
        return 0
    if pos.result == (pos.ply & 1):
        return WIN - depth_from_root
    return -WIN + depth_from_root


def order_key(pos: Position, move: Move, enemy_elder: int, own_elder: int) -> int:
    """Cheap guess of a move's worth, to search good moves first (lower sorts first)."""
    if move is None:
        return 0
    tile, frm, to = move
    score = 0
    if enemy_elder != OFF:
        if to - enemy_elder in DIRS or to == enemy_elder:
            score += 20
        if frm != OFF and frm - enemy_elder in DIRS:
            score -= 18
    if own_elder != OFF:
        if to - own_elder in DIRS:
            score -= 6
        if frm != OFF and frm - own_elder in DIRS:
            score += 6
    if CREATURE_OF[tile] == OWL and to in pos.stacks:
        score += 8
    if frm == OFF:
        score += 2
    return -score


class Search:
    """Iterative-deepening negamax alpha–beta with a transposition table."""

    def __init__(self, pos: Position, max_nodes: int, max_depth: int,
                 deadline: float | None = None, tt: dict | None = None,
                 evals: dict | None = None) -> None:
        self.pos = pos
        self.max_nodes = max_nodes
        self.max_depth = max_depth
        self.deadline = deadline
        self.nodes = 0
        self.tt: dict = tt if tt is not None else {}
        # Static worths already computed, by repetition key (the evaluation reads nothing the key
        # leaves out: no tile numbers, no place on the table), so sharing them changes no result.
        self.evals = evals
        self.depth_reached = 0
        self.root_order: list[Move] = []

    def ordered(self, moves: list[Move], hint: Move) -> list[Move]:
        pos = self.pos
        me = pos.ply & 1
        enemy_elder = pos.where[(1 - me) * 11]
        own_elder = pos.where[me * 11]
        keyed = sorted(moves, key=lambda m: order_key(pos, m, enemy_elder, own_elder))
        if hint is not None and hint in keyed:
            keyed.remove(hint)
            keyed.insert(0, hint)
        return keyed

    def negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if self.nodes > self.max_nodes or (self.deadline is not None and self.nodes % 64 == 0
                                           and time.perf_counter() > self.deadline):
            raise OutOfBudget
        pos = self.pos
        if pos.result is not None:
            return terminal_score(pos, ply)
        key = pos._rep_keys[-1]
        if depth == 0:
            evals = self.evals
            if evals is None:
                return evaluate(pos)
            worth = evals.get(key)
            if worth is None:
                worth = evals[key] = evaluate(pos)
            return worth
        entry = self.tt.get(key)
        hint = None
        if entry is not None:
            e_depth, e_score, e_flag, e_move = entry
            hint = e_move
            if e_depth >= depth:
                if e_flag == 0:
                    return e_score
                if e_flag == 1 and e_score >= beta:
                    return e_score
                if e_flag == -1 and e_score <= alpha:
                    return e_score
        moves = pos.legal_moves()
        best = -WIN * 2
        best_move = None
        a0 = alpha
        for m in self.ordered(moves, hint):
            score = self.after(m, depth, alpha, beta, ply)
            if score > best:
                best, best_move = score, m
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        flag = 0 if a0 < best < beta else (1 if best >= beta else -1)
        self.tt[key] = (depth, best, flag, best_move)
        return best

    def after(self, m: Move, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Move ``m`` played at ``ply`` and searched ``depth - 1`` plies on, scored for the side playing it."""
        pos = self.pos
        pos.push(m)
        try:
            return -self.negamax(depth - 1, -beta, -alpha, ply + 1)
        finally:
            pos.pop()

    def best_move(self, root_order: list[Move] | None = None, stop_when_lost: bool = False) -> tuple[Move, int]:
        """The best move found within the budget, and its score. ``stop_when_lost``: stop deepening once
        every move is shown to lose by force (a review: a deeper search cannot save a lost game, and
        the bots' own choice among losing moves stays as it was)."""
        pos = self.pos
        moves = root_order if root_order is not None else pos.legal_moves()
        if len(moves) == 1:
            return moves[0], 0
        # A move that wins at once needs no search.
        for m in moves:
            pos.push(m)
            won = pos.result is not None and pos.result == (1 - (pos.ply & 1))
            pos.pop()
            if won:
                return m, WIN
        best_move, best_score = moves[0], -WIN * 2
        order = self.root_order = list(moves)     # after the search: the moves, the best first
        for depth in range(1, self.max_depth + 1):
            alpha, beta = -WIN * 2, WIN * 2
            iter_best, iter_score = None, -WIN * 2
            try:
                me = pos.ply & 1
                enemy_elder = pos.where[(1 - me) * 11]
                own_elder = pos.where[me * 11]
                if depth == 1:
                    order.sort(key=lambda m: order_key(pos, m, enemy_elder, own_elder))
                for m in order:
                    score = self.after(m, depth, alpha, beta, 0)
                    if score > iter_score:
                        iter_best, iter_score = m, score
                        if score > alpha:
                            alpha = score
            except OutOfBudget:
                if iter_best is not None:  # the previous best was searched first, so this is no worse
                    best_move, best_score = iter_best, iter_score
                break
            best_move, best_score = iter_best, iter_score
            self.depth_reached = depth
            order.remove(best_move)
            order.insert(0, best_move)
            if best_score >= WIN - 100 or (stop_when_lost and best_score <= -WIN + 100):
                break
        return best_move, best_score


class Proof:
    """Forced results within a number of plies, searched for the result alone (no evaluation): what a
    review needs to say that a move walked into a forced loss or passed up a forced win.

    An Elder is surrounded when its sixth neighbouring space fills; one move fills at most one space
    round an Elder that stays put, so a side can win at once only when the other Elder has five
    neighbours, and within two plies only when it has four: most lines are cut there. The budget is
    in positions visited (never time); a question the budget cannot settle answers None."""

    def __init__(self, pos: Position, max_nodes: int) -> None:
        self.pos = pos
        self.max_nodes = max_nodes
        self.nodes = 0

    def wins_within(self, plies: int) -> bool | None:
        """Whether the side to move wins by force within ``plies`` plies (None: out of budget)."""
        try:
            return self._wins(plies)
        except OutOfBudget:
            return None

    def loses_within(self, plies: int) -> bool | None:
        """Whether the side to move loses by force within ``plies`` plies (None: out of budget)."""
        try:
            return self._loses(plies)
        except OutOfBudget:
            return None

    def _moves(self) -> list[Move]:
        self._count()
        pos = self.pos
        me = pos.ply & 1
        enemy_elder = pos.where[(1 - me) * 11]
        own_elder = pos.where[me * 11]
        return sorted(pos.legal_moves(), key=lambda m: order_key(pos, m, enemy_elder, own_elder))

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise OutOfBudget

    def _push(self, move: Move) -> None:
        self._count()
        self.pos.push(move)

    def _wins(self, plies: int) -> bool:
        pos = self.pos
        me = pos.ply & 1
        if plies < 1:
            return False
        if plies <= 2 and pos.elder_neighbours(1 - me) < 6 - plies:
            # Within one ply the other Elder needs five neighbours; within two (its own move closing
            # it), four.
            return False
        if plies == 1:
            # Only a move onto the other Elder's one empty neighbouring space can close it.
            elder = pos.where[(1 - me) * 11]
            gap = next(elder + d for d in DIRS if elder + d not in pos.stacks)
            self._count()
            for m in pos.legal_moves():
                if m is not None and m[2] == gap:
                    self._push(m)
                    won = pos.result == me
                    pos.pop()
                    if won:
                        return True
            return False
        for m in self._moves():
            self._push(m)
            try:
                if pos.result is not None:
                    if pos.result == me:
                        return True
                    continue
                if plies >= 2 and self._loses(plies - 1):
                    return True
            finally:
                pos.pop()
        return False

    def _loses(self, plies: int) -> bool:
        pos = self.pos
        me = pos.ply & 1
        if plies < 1 or (plies == 1 and pos.elder_neighbours(me) < 5):
            # Within one ply a side loses only by closing its own Elder, which needs five neighbours
            # (an Elder's own step leaves its old space empty).
            return False
        for m in self._moves():
            self._push(m)
            try:
                if pos.result is not None:
                    if pos.result == 1 - me:
                        continue
                    return False               # a win or a draw: not lost
                if plies < 2 or not self._wins(plies - 1):
                    return False
            finally:
                pos.pop()
        return True
