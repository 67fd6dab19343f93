"""Milehollow's Expert: the carrier's play (carrier.py), with its mail keeps played out to the game's end.

Whether a mail card gets delivered shows only at the end, so a keep is judged by whole games: the shared
paired search (``py_engine/core/search.py``, :meth:`~py_engine.core.search.Search.run_paired`) plays every
candidate keep on from the same draws of what the seat cannot see (sample.py), with the same playout
stream, to the final scores; the carrier plays the seat, Normal every other seat. The keep with the best
mean wins; the carrier's own choice keeps its place unless another does better by ``switch_margin``. A
finished game's worth is the seat's margin over the best other score, made a chance by ``smooth_step``.
The budget is counted in playouts, never in time, and the stream is the move's own, so ``verify --bots``
re-derives the move.
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Stream
from py_engine.core.search import Knowledge, Search, smooth_step

from .carrier import CarrierBot
from .notation import offered_moves
from .rollout import PlainNormal, lean_observation
from .sample import sample_state

KEEPS = ("keep-deal", "keep")
#: A playout horizon no game reaches: keeps are judged by whole games.
TO_THE_END = 1_000_000


class KeepsPlayedOut(Knowledge):
    """What the paired search needs to play keeps to the end: the candidates in the carrier's order (its
    own choice first), the carrier at the seat and Normal at every other, and a finished game's worth."""

    horizon = TO_THE_END

    def __init__(self, bot: "LookaheadBot", width: int) -> None:
        super().__init__(None, bot.seat)     # type: ignore[arg-type]  # root() builds without the game
        self.bot = bot
        self.paired_width = width
        self.switch_margin = bot.switch_margin

    def root(self, observation: dict[str, Any], stream: Stream) -> Any:
        return sample_state(observation, self.seat, stream)

    def rollout(self, state: Any, player: int, legal: list[str], stream: Stream) -> str:
        return self.bot.player(player).choose(lean_observation(state, player), legal, stream)

    def final(self, state: Any) -> list[float]:
        seat = self.seat
        scores = state.scores()
        margin = scores[seat] - max(sc for p, sc in enumerate(scores) if p != seat)
        out = [0.0] * state.num_players
        if margin == 0:
            out[seat] = 1.0 / len(state.winners()) if seat in state.winners() else 0.0
        else:
            out[seat] = smooth_step(margin / self.bot.spread)
        return out


class LookaheadBot(CarrierBot):
    level = "expert"
    #: Draws of the hidden things per keep at two seats (each candidate keep is played out once per draw); a
    #: larger table's games are longer, so it gets fewer: ``keep_draws * 2 // seats``, at least 2.
    keep_draws = 6
    #: A playout's worth is ``smooth_step(margin / spread)``: sure win or loss from a margin of 3 spreads.
    spread = 5.0
    #: How much better (in mean worth) another keep must do than the carrier's own.
    switch_margin = 0.02

    def __init__(self, seat: int, **settings: Any) -> None:
        super().__init__(seat, **settings)
        own = {k: v for k, v in settings.items() if hasattr(CarrierBot, k)}
        self.players: dict[int, Any] = {}
        self.own = CarrierBot(seat, **own)

    def player(self, seat: int) -> Any:
        if seat == self.seat:
            return self.own
        bot = self.players.get(seat)
        if bot is None:
            bot = self.players[seat] = PlainNormal(seat)
        return bot

    def choose(self, observation: dict[str, Any], legal: list[str], stream: Stream) -> str:
        first = super().choose(observation, legal, stream)
        if stream is None:
            return first
        if observation["decision"] in KEEPS and self.keep_draws:
            cands = offered_moves(legal)
            if len(cands) > 1:
                draws = max(2, self.keep_draws * 2 // observation["players"])
                return self.played_out(observation, first, cands, stream, draws)
        return first

    def played_out(self, observation: dict[str, Any], first: str, cands: list[str], stream: Stream,
                   draws: int) -> str:
        """The best of ``cands`` played out ``draws`` times each to the end (``first`` keeps ties)."""
        cands = [first] + [a for a in cands if a != first]
        search = Search(KeepsPlayedOut(self, len(cands)), draws * len(cands))
        return search.run_paired(observation, cands, stream).action


__all__ = ["LookaheadBot", "KeepsPlayedOut"]
