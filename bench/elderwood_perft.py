"""Elderwood move-generation speed: perft from the start (a bench, not a unit test).

    python bench/elderwood_perft.py [DEPTH]      # default 5

Prints the leaf count (checked against the published Base-game count), seconds and
leaves per second. The last ply is counted, not played (bulk counting), so leaves/s
is higher than positions visited per second; both are printed.
"""
from __future__ import annotations

import sys
import time

from py_engine.games.elderwood.perft import PUBLISHED, count
from py_engine.games.elderwood.rules import Position


def main(argv: list[str]) -> int:
    depth = int(argv[0]) if argv else 5
    t0 = time.perf_counter()
    leaves = count(Position(), depth)
    dt = time.perf_counter() - t0
    t1 = time.perf_counter()
    interior = count(Position(), depth - 1) if depth > 1 else 1
    ok = PUBLISHED.get(depth) in (None, leaves)
    print(f"perft({depth}) = {leaves} ({'matches' if ok else 'DIFFERS FROM'} the published count) "
          f"in {dt:.2f} s: {leaves / dt:,.0f} leaves/s, {interior / dt:,.0f} move generations/s "
          f"({time.perf_counter() - t1:.2f} s for depth {depth - 1})")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
