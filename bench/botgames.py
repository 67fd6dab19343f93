"""A bot game timed decision by decision: what the speed benchmarks measure, in CPython and in Pyodide alike
(:mod:`pyodide_node` puts this file beside the engine, so a workload run there imports it too)."""
from __future__ import annotations

from typing import Callable, Iterator


def timed_choices(table, clock: Callable[[], float]) -> Iterator[tuple[int, float]]:
    """Play ``table`` to its end, every seat's bot choosing; yield (seat, ``clock`` seconds its bot spent)
    for each choice, before it is played: the caller may still read the position it was made in."""
    while True:
        table.play_forced()
        d = table.decision()
        if d is None:
            return
        for p in d.players:
            # a simultaneous decision may close for a seat once another seat has chosen
            if table.state.decision() is None or p not in table.state.decision().players:
                continue
            t0 = clock()
            action = table.bot_choice(p)
            yield p, clock() - t0
            table.play(action, p)
