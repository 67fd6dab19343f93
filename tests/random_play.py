"""Driving a table through its decisions, the way the engine tests over every game do: by random players
drawing from a seeded stream, or step by step with the caller choosing each move."""
from __future__ import annotations

from collections.abc import Callable, Iterator

from py_engine.core.bots import RandomBot
from py_engine.core.fairness import Stream
from py_engine.core.game import Decision
from py_engine.core.table import Table


def decisions(t: Table, limit: int, advance: Callable[[], object] | None = None) -> Iterator[Decision]:
    """Each decision of the table in turn, for at most ``limit`` of them or until the game ends; before
    each, ``advance`` (the table's forced steps unless told: its bots' moves too, say). The caller plays
    a move of each decision before taking the next."""
    for _ in range(limit):
        (advance or t.play_forced)()
        d = t.decision()
        if d is None:
            return
        yield d


def random_step(t: Table, stream: Stream, bots: bool = False) -> bool:
    """One action (after the table's forced steps) by one of the deciding seats drawn from ``stream``: a
    random legal one, or with ``bots`` the seat's bot on every other draw. False once the game is over."""
    t.play_forced()
    d = t.decision()
    if d is None:
        return False
    seat = d.players[stream.below(len(d.players))]
    legal = t.state.legal_actions(seat)
    assert legal, f"seat {seat} must act but has no legal action ({d.kind})"
    if bots and stream.below(2):
        t.play(t.bot_choice(seat), seat)
    else:
        t.play(RandomBot().choose(t.state.observation(seat), legal, stream), seat)
    return True
