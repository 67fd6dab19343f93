"""Perft: count the leaf positions of the game tree from the start, for checking move
generation against published counts (Mzinga's Base game table) and for timing it.

The tree is walked in place with push/pop; the last ply is counted, not played.
"""
from __future__ import annotations

import sys
import time

from .rules import Position

#: Published leaf counts for the base game from the start (Mzinga's Base perft table).
PUBLISHED = {0: 1, 1: 4, 2: 96, 3: 1440, 4: 21600, 5: 516240, 6: 12219480,
             7: 181641900, 8: 2657392800}


def count(pos: Position, depth: int) -> int:
    """Leaves ``depth`` plies below ``pos``."""
    if depth == 0:
        return 1
    moves = pos.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    push, pop = pos.push, pos.pop
    for m in moves:
        push(m)
        total += count(pos, depth - 1)
        pop()
    return total


def perft(depth: int) -> int:
    """Leaf count ``depth`` plies from the start position."""
    if depth < 0:
        raise ValueError("perft depth must be >= 0")
    return count(Position(), depth)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    depth = int(args[0]) if args else 4
    t0 = time.perf_counter()
    n = perft(depth)
    dt = time.perf_counter() - t0
    known = PUBLISHED.get(depth)
    check = "" if known is None else (" (matches the published count)" if n == known
                                      else f" (PUBLISHED {known}: MISMATCH)")
    print(f"perft({depth}) = {n}{check} in {dt:.2f} s, {n / dt if dt else 0:,.0f} leaves/s")
    return 0 if known is None or n == known else 1


if __name__ == "__main__":
    raise SystemExit(main())
