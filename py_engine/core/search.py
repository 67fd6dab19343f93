"""The search every game's searching levels, hints and reviews can share: what is common to them lives
here and nowhere else. Who uses what (each level's docstring says why): Hollowmere's Expert plays by it,
and its hints and reviews; Milehollow's Expert plays its carrier with mail keeps played out by
:meth:`Search.run_paired`, and reviews by the same search with its Normal's knowledge; Wickerfair's Expert
plays its planner, and reviews compare moves with :meth:`Search.compare`; Elderwood, a game with nothing
hidden and no chance, searches with its own alpha-beta (``games/elderwood/expert.py``).

Every position it thinks about is drawn from what the searching seat knows: ``Game.sample_state``
builds one from the seat's observation, and ``GameState.resample_hidden`` on that sample draws the
hidden things again for every further draw. The game brings its knowledge (a :class:`Knowledge`): the
prior over moves and the rollout policy (its Normal bot's judgement), the evaluation (each seat's
chance of winning from a position) and where a playout stops. The search is **paired**
(:meth:`Search.run_paired`): the prior's ``paired_width`` best actions are each played out from the same
draws of the hidden things with the same playout stream; the best mean wins. :meth:`Search.compare` plays
two given actions so (a review's best move against the one played).

A tree search (information-set MCTS, PUCT over the same prior) was tried and served no level better:
Hollowmere's Expert won 67.5 % of 40 games against Normal with it, 85 % of 40 with the paired search
(``docs/performance.md``, *The strongest levels*, the trials); it was removed.

* 2–5 seats: every seat maximises its own win chance (a playout's values are one per seat).
* Other seats' choices, secret or not, are played by the rollout policy inside each draw, so the search
  never learns from what the seat could not see.
* A choice depends only on (observation, legal list, stream, iterations): no clock is read, and no
  floating-point function whose last digit may differ between C libraries (exp, log) is used, so the
  same inputs give the same move in CPython and in Pyodide, and ``verify --bots`` re-derives it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from .fairness import Stream
from .game import Bot, Game, GameState, Judgement


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

    #: Decisions a playout plays by the rollout policy before the evaluation.
    horizon: int = 8
    #: The paired search's candidates: the prior's this many best actions.
    paired_width: int = 4
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
        """How promising each legal action looks: the paired search's candidates are the best
        :attr:`paired_width` (ties: the legal list's order). Default: all alike."""
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

    def final(self, state: GameState) -> list[float]:
        """What a finished game is worth to each seat (default: its returns, the win shared)."""
        return state.returns()


@dataclass
class Result:
    """A search's answer: the action, and per root action its visits and the seat's mean win chance."""

    action: str
    stats: dict[str, tuple[int, float]]
    iterations: int

    def value_of(self, action: str) -> float | None:
        got = self.stats.get(action)
        return None if got is None or got[0] == 0 else got[1]


class Search:
    """One decision's search (see the module's words)."""

    def __init__(self, knowledge: Knowledge, iterations: int) -> None:
        self.k = knowledge
        self.iterations = iterations

    def run(self, observation: dict[str, Any], legal: list[str], stream: Stream,
            must_try: Iterable[str] = ()) -> Result:
        """Search the seat's decision. ``must_try``: root actions played out whatever the prior says (a
        review's played move). A lone legal action is played without reading ``stream``."""
        if len(legal) == 1:
            return Result(legal[0], {legal[0]: (0, 0.5)}, 0)
        return self.run_paired(observation, legal, stream, must_try)

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

    def _playout(self, state: GameState, stream: Stream) -> list[float]:
        k = self.k
        for _ in range(k.horizon):
            d = state.decision()
            if d is None:
                return k.final(state)
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
            return k.final(state)
        return k.evaluate(state)


class SearchBot(Bot):
    """A bot whose move, hint and review judgement are the paired search's (Hollowmere's Expert; the
    others' strongest levels take their judgement from it and say what else they do).

    ``knowledge_class`` makes the game's knowledge for a seat; ``iterations`` is the level's budget in
    playouts.
    """

    #: The budget of a review's decision (a review searches every decision of a game); None: half the
    #: level's own budget, at least 8 playouts.
    review_budget: int | None = None

    def __init__(self, game: Game, seat: int, knowledge_class: type[Knowledge], iterations: int) -> None:
        self.game = game
        self.seat = seat
        self.knowledge = knowledge_class(game, seat)
        self.iterations = iterations

    def search(self, observation: dict[str, Any], legal: list[str], stream: Stream,
               iterations: int | None = None, must_try: Iterable[str] = ()) -> Result:
        return Search(self.knowledge, self.iterations if iterations is None else iterations).run(
            observation, legal, stream, must_try)

    def choose(self, observation: dict[str, Any], legal: list[str], stream: Stream) -> str:
        """The search's move at the level's budget (:attr:`iterations` playouts)."""
        return self.search(observation, legal, stream).action

    def hint(self, observation: dict[str, Any], legal: list[str], stream: Stream,
             iterations: int | None = None) -> str:
        """The search's move at ``iterations`` playouts (None: the level's own move)."""
        if iterations is None or len(legal) < 2:
            return self.choose(observation, legal, stream)
        return self.search(observation, legal, stream, iterations).action

    def judge(self, observation: dict[str, Any], legal: list[str], stream: Stream, played: str,
              iterations: int | None = None, full: bool = False) -> Judgement:
        """The search's best move at the review budget (``iterations`` playouts, None: :meth:`review_iterations`),
        then that move and ``played`` compared on the same draws (half the budget, at least 4 pairs).
        ``full`` changes nothing here: this search saves nothing on any decision."""
        budget = iterations or self.review_iterations()
        res = self.search(observation, legal, stream, budget)
        best_value = res.value_of(res.action)
        if best_value is None:
            best_value = 0.5
        if played == res.action:
            return Judgement(played, best_value, best_value)
        best_paired, played_paired = Search(self.knowledge, budget).compare(
            observation, legal, stream, res.action, played, max(4, budget // 2))
        if played_paired >= best_paired:
            return Judgement(played, played_paired, played_paired)
        return Judgement(res.action, best_paired, played_paired)

    def review_iterations(self) -> int:
        return self.review_budget if self.review_budget is not None else max(8, self.iterations // 2)


__all__ = ["Knowledge", "Search", "SearchBot", "Result", "Judgement", "win_chances", "smooth_step"]
