"""The one search every game's strongest bot, hints and reviews share.

Every position it thinks about is drawn from what the searching seat knows: ``Game.sample_state``
builds one from the seat's observation, and ``GameState.resample_hidden`` on that sample draws the
hidden things again for every further draw. The game brings its knowledge (a :class:`Knowledge`): the
prior over moves and the rollout policy (its Normal bot's judgement), the evaluation (each seat's
chance of winning from a position) and where a playout stops. Two forms:

* **paired** (:meth:`Search.run_paired`, when the knowledge sets ``paired_width``): the prior's best few
  actions are each played out from the same draws of the hidden things with the same playout stream;
  the best mean wins. What the Expert levels use.
* **tree** (information-set Monte Carlo tree search, single observer, PUCT over the prior): each
  iteration walks a tree of the seat's own choices and of every choice the seat would see made, then
  plays out and evaluates.

* 2–5 seats: every seat maximises its own win chance (the values backed up are one per seat).
* Simultaneous secret choices (several seats in one decision, or any choice the searching seat may
  not see made): those of other seats never branch anything; they are played by the rollout policy
  inside each draw, so the search never learns from what the seat could not see.
* A choice depends only on (observation, legal list, stream, iterations): no clock is read, and no
  floating-point function whose last digit may differ between C libraries (exp, log) is used, so the
  same inputs give the same move in CPython and in Pyodide, and ``verify --bots`` re-derives it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from .fairness import Stream
from .game import PUBLIC, Bot, Game, GameState

#: Exploration weight of the prior (PUCT).
C_PUCT = 1.4


def smooth_step(x: float) -> float:
    """A logistic-like step from 0 to 1 (0.5 at 0, slope 1/4 there, flat from ±3), in plain arithmetic."""
    if x >= 3.0:
        return 1.0
    if x <= -3.0:
        return 0.0
    return 0.5 + x / 4.0 - x * x * x / 108.0


def win_chances(estimates: Sequence[float], spread: float) -> list[float]:
    """Each seat's chance of winning from estimated final scores, whose uncertainty is ``spread`` points.

    Pairwise: seat i's chance is the product of its chances of finishing ahead of each other seat,
    normalised so that the chances add up to 1."""
    n = len(estimates)
    spread = max(spread, 1e-6)
    raw = []
    for i in range(n):
        p = 1.0
        for j in range(n):
            if j != i:
                p *= smooth_step((estimates[i] - estimates[j]) / spread)
        raw.append(p)
    total = sum(raw)
    if total <= 0.0:
        best = max(estimates)
        tops = [i for i in range(n) if estimates[i] == best]
        return [1.0 / len(tops) if i in tops else 0.0 for i in range(n)]
    return [p / total for p in raw]


class Knowledge:
    """What one game tells the search. Subclasses live in each game's package.

    Every method draws chance only from the stream it is given and reads only the position it is
    given (a sample, never the table's state).
    """

    #: Decisions played by the rollout policy after the tree before the evaluation.
    horizon: int = 8
    #: None: the tree search. A number k: the paired search over the prior's k best actions (below).
    paired_width: int | None = None
    #: Paired search: how much better (in win chance) another action must do than the prior's first
    #: choice to be played instead (so that the luck of a few draws does not move the choice).
    switch_margin: float = 0.0

    def __init__(self, game: Game, seat: int) -> None:
        self.game = game
        self.seat = seat

    # --- positions ----------------------------------------------------------------------------------
    def root(self, observation: dict[str, Any], stream: Stream) -> GameState:
        """The seat's position as it knows it (the one expensive rebuild per decision)."""
        return self.game.sample_state(observation, self.seat, stream)

    def determinize(self, root: GameState, stream: Stream) -> GameState:
        """Another draw of what the seat cannot see, consistent with what it sees."""
        return root.resample_hidden(self.seat, stream)

    # --- the game's judgement -------------------------------------------------------------------------
    def priors(self, state: GameState, player: int, legal: list[str]) -> list[float]:
        """How promising each legal action looks (any non-negative weights; 0 leaves an action out of
        the tree's first tries, never out of the legal list). Default: all alike."""
        return [1.0] * len(legal)

    def rollout(self, state: GameState, player: int, legal: list[str], stream: Stream) -> str:
        """The rollout policy's action (default: uniform)."""
        return legal[stream.below(len(legal))]

    def rollout_legal(self, state: GameState, player: int) -> list[str]:
        """The actions a playout's rollout policy chooses among (default: the legal list). A game whose
        rollout policy only ever picks from part of the list (Milehollow's move list, which leaves out
        the dearer mixes of cards) may hand over that part, built at less cost; the moves are the same."""
        return state.legal_actions(player)

    def stop(self, state: GameState) -> bool:
        """Whether a playout stops here, before its :attr:`horizon` (a game whose turns take several
        decisions stops at a turn's start, so that every candidate is judged at the same point of the
        round). Default: never."""
        return False

    def evaluate(self, state: GameState) -> list[float]:
        """Each seat's chance of winning from a position that is not over (adds up to 1)."""
        n = state.num_players
        return [1.0 / n] * n


class Node:
    """A tree node: the statistics of the action that led here (one result per seat, summed)."""

    __slots__ = ("prior", "visits", "available", "total", "children", "priors")

    def __init__(self, prior: float, seats: int) -> None:
        self.prior = prior
        self.visits = 0
        self.available = 0
        self.total = [0.0] * seats
        self.children: dict[str, Node] = {}
        self.priors: dict[str, float] | None = None

    def mean(self, player: int, default: float) -> float:
        return self.total[player] / self.visits if self.visits else default


@dataclass
class Result:
    """A search's answer: the action, and per root action its visits and the seat's mean win chance."""

    action: str
    stats: dict[str, tuple[int, float]]
    iterations: int

    def value_of(self, action: str) -> float | None:
        got = self.stats.get(action)
        return None if got is None or got[0] == 0 else got[1]


def _returns(state: GameState) -> list[float]:
    return state.returns()


class Search:
    """One decision's search (see the module's words)."""

    def __init__(self, knowledge: Knowledge, iterations: int, tree_depth: int = 6) -> None:
        self.k = knowledge
        self.iterations = iterations
        self.tree_depth = tree_depth

    def run(self, observation: dict[str, Any], legal: list[str], stream: Stream,
            must_try: Iterable[str] = ()) -> Result:
        """Search the seat's decision. ``must_try``: root actions that get a share of the iterations
        whatever the prior says (a review's played move)."""
        seat = self.k.seat
        if len(legal) == 1:
            return Result(legal[0], {legal[0]: (0, 0.5)}, 0)
        if self.k.paired_width:
            return self.run_paired(observation, legal, stream, must_try)
        root_state = self.k.root(observation, stream)
        self.seats = root_state.num_players
        root = Node(1.0, self.seats)
        root.priors = self._normalised(legal, self.k.priors(root_state, seat, legal))
        forced = [a for a in dict.fromkeys(must_try) if a in root.priors]
        extra: dict[str, int] = {}
        for it in range(self.iterations):
            state = self.k.determinize(root_state, stream)
            first = forced[(it // 4) % len(forced)] if forced and it % 4 == 0 else None
            if first is not None:
                extra[first] = extra.get(first, 0) + 1
            self._iterate(root, state, legal, stream, first)
        stats = {a: (c.visits, c.mean(seat, 0.0)) for a, c in root.children.items() if c.visits}
        # the move chosen is the one the search itself went to most (visits it was made to pay are not votes)
        best = max(legal, key=lambda a: self._final_key(root, a, seat, extra.get(a, 0)))
        return Result(best, stats, self.iterations)

    def run_paired(self, observation: dict[str, Any], legal: list[str], stream: Stream,
                   must_try: Iterable[str] = ()) -> Result:
        """The paired search: the prior's ``paired_width`` best actions (and ``must_try``) are each played
        out from the same draws of the hidden things, with the same playout stream, draw after draw; the
        action with the best mean wins (the prior breaks ties). Comparing actions on the same draws
        leaves out the luck that differs between draws, so few draws tell close actions apart. The
        budget is in playouts: ``iterations`` playouts in all, shared by the candidates."""
        seat = self.k.seat
        root_state = self.k.root(observation, stream)
        pri = self.k.priors(root_state, seat, legal)
        order = sorted(range(len(legal)), key=lambda i: (-pri[i], i))
        cands = [legal[i] for i in order[:self.k.paired_width]]
        cands += [a for a in dict.fromkeys(must_try) if a in legal and a not in cands]
        draws = max(1, self.iterations // len(cands))
        totals = dict.fromkeys(cands, 0.0)
        for _ in range(draws):
            state = self.k.determinize(root_state, stream)
            playouts = Stream(stream.read(32), "playout")
            for a in cands:
                s = state.clone()
                s.apply_action(a, seat)
                totals[a] += self._playout(s, playouts.clone())[seat]
        rank = {a: i for i, a in enumerate(cands)}
        best = max(cands, key=lambda a: (totals[a], -rank[a]))
        if totals[best] - totals[cands[0]] <= self.k.switch_margin * draws:
            best = cands[0]
        return Result(best, {a: (draws, totals[a] / draws) for a in cands}, draws * len(cands))

    def compare(self, observation: dict[str, Any], legal: list[str], stream: Stream, first: str, second: str,
                samples: int) -> tuple[float, float]:
        """The seat's mean win chance after ``first`` and after ``second``, each pair of playouts run on
        the same draw of the hidden things and the same playout stream (so what differs is the move)."""
        seat = self.k.seat
        root_state = self.k.root(observation, stream)
        a_sum = b_sum = 0.0
        for _ in range(samples):
            state = self.k.determinize(root_state, stream)
            playouts = Stream(stream.read(32), "playout")
            other = state.clone()
            state.apply_action(first, seat)
            a_sum += self._playout(state, playouts.clone())[seat]
            other.apply_action(second, seat)
            b_sum += self._playout(other, playouts)[seat]
        return a_sum / samples, b_sum / samples

    @staticmethod
    def _final_key(root: Node, action: str, seat: int, extra: int) -> tuple:
        c = root.children.get(action)
        prior = root.priors.get(action, 0.0) if root.priors else 0.0
        if c is None or not c.visits:
            return (0, -1.0, prior)
        return (c.visits - extra, c.mean(seat, 0.0), prior)

    @staticmethod
    def _normalised(legal: list[str], weights: list[float]) -> dict[str, float]:
        total = sum(max(0.0, w) for w in weights)
        if total <= 0.0:
            return {a: 1.0 / len(legal) for a in legal}
        return {a: max(0.0, w) / total for a, w in zip(legal, weights)}

    def _child(self, node: Node, action: str) -> Node:
        child = node.children.get(action)
        if child is None:
            child = node.children[action] = Node(node.priors.get(action, 0.0), self.seats)
        return child

    def _select(self, node: Node, legal: list[str], player: int) -> str:
        fpu = node.mean(player, 1.0 / self.seats) - 0.1       # an untried move: a little worse than here
        best, best_score = legal[0], -1e300
        for a in legal:
            c = self._child(node, a)
            c.available += 1
            u = C_PUCT * c.prior * math.sqrt(c.available) / (1 + c.visits)
            score = (c.total[player] / c.visits if c.visits else fpu) + u
            if score > best_score:
                best, best_score = a, score
        return best

    def _iterate(self, root: Node, state: GameState, root_legal: list[str], stream: Stream,
                 first: str | None) -> None:
        k = self.k
        seat = k.seat
        path: list[Node] = [root]
        node: Node | None = root
        depth = 0
        while node is not None and depth < self.tree_depth:
            d = state.decision()
            if d is None:
                break
            players = d.players
            player = seat if seat in players else players[0]
            if state.is_forced(player):
                state.apply_action(state.timeout_action(player), player)
                continue
            legal = root_legal if node is root else state.legal_actions(player)
            if player != seat and (d.visibility != PUBLIC or len(players) > 1):
                # a choice the seat would not see made: played inside the draw, never a branch
                action = legal[0] if len(legal) == 1 else k.rollout(state, player, legal, stream)
                state.apply_action(action, player)
                continue
            if len(legal) == 1:
                state.apply_action(legal[0], player)
                continue
            if node.priors is None:
                node.priors = self._normalised(legal, k.priors(state, player, legal))
            if first is not None and node is root:
                for a in legal:
                    self._child(node, a).available += 1
                action = first
            else:
                action = self._select(node, legal, player)
            child = node.children[action]
            path.append(child)
            state.apply_action(action, player)
            depth += 1
            node = child if child.visits else None      # one new node per iteration
        values = self._playout(state, stream)
        for n in path:
            n.visits += 1
            t = n.total
            for i, v in enumerate(values):
                t[i] += v

    def _playout(self, state: GameState, stream: Stream) -> list[float]:
        k = self.k
        for _ in range(k.horizon):
            d = state.decision()
            if d is None:
                return _returns(state)
            if k.stop(state):
                break
            player = d.players[0]
            if state.is_forced(player):
                state.apply_action(state.timeout_action(player), player)
                continue
            legal = k.rollout_legal(state, player)
            action = legal[0] if len(legal) == 1 else k.rollout(state, player, legal, stream)
            state.apply_action(action, player)
        if state.is_terminal():
            return _returns(state)
        return k.evaluate(state)


class SearchBot(Bot):
    """A bot whose choice is the search's: a level above Normal, the hints and the reviews.

    ``knowledge_class`` makes the game's knowledge for a seat; ``iterations`` is the fixed budget.
    """

    def __init__(self, game: Game, seat: int, knowledge_class: type[Knowledge], iterations: int,
                 tree_depth: int = 6) -> None:
        self.game = game
        self.seat = seat
        self.knowledge = knowledge_class(game, seat)
        self.iterations = iterations
        self.tree_depth = tree_depth

    def search(self, observation: dict[str, Any], legal: list[str], stream: Stream,
               iterations: int | None = None, must_try: Iterable[str] = ()) -> Result:
        return Search(self.knowledge, self.iterations if iterations is None else iterations,
                      self.tree_depth).run(observation, legal, stream, must_try)

    def choose(self, observation: dict[str, Any], legal: list[str], stream: Stream) -> str:
        return self.search(observation, legal, stream).action

    def quick_choice(self, observation: dict[str, Any], legal: list[str], stream: Stream, iterations: int) -> str:
        """The level's choice with a smaller budget (a hint on a slow device): the search's, here. A level
        whose own move is cheap or thinks otherwise than this search gives its own (Wickerfair, Milehollow)."""
        return self.search(observation, legal, stream, iterations).action

    def judge(self, observation: dict[str, Any], legal: list[str], stream: Stream, played: str,
              iterations: int | None = None, full: bool = False) -> "Judgement":
        """The best move here and the seat's win chance after it and after ``played`` (a review).
        ``full``: the whole budget wherever a game saves some on decisions that cannot matter (a bench
        compares the marks)."""
        budget = iterations or self.review_iterations()
        res = self.search(observation, legal, stream, budget)
        best_value = res.value_of(res.action)
        if best_value is None:
            best_value = 0.5
        if played == res.action:
            return Judgement(played, best_value, best_value)
        search = Search(self.knowledge, budget, self.tree_depth)
        best_paired, played_paired = search.compare(observation, legal, stream, res.action, played,
                                                    max(4, budget // 2))
        if played_paired >= best_paired:
            return Judgement(played, played_paired, played_paired)
        return Judgement(res.action, best_paired, played_paired)

    #: The budget of a review's decision (a review searches every decision of a game); None: half the
    #: level's own budget.
    review_budget: int | None = None

    def review_iterations(self) -> int:
        return self.review_budget if self.review_budget is not None else max(8, self.iterations // 2)


@dataclass
class Judgement:
    """A decision judged: the best move, the seat's win chance after it and after the move played, and
    what a search proved the move played changed (``forced``): ``"missed-win"`` (the best move wins by
    force, the move played does not) or ``"allowed-loss"`` (the move played loses by force, the best
    move does not); None when nothing was proved (``docs/performance.md``, *Reviews*)."""

    best: str
    best_chance: float
    played_chance: float
    forced: str | None = None

    @property
    def loss(self) -> float:
        return max(0.0, self.best_chance - self.played_chance)


__all__ = ["Knowledge", "Search", "SearchBot", "Result", "Judgement", "win_chances", "smooth_step"]
