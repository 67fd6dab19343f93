"""Scripted Hollowmere positions: a supply in a chosen order instead of a shuffled one."""
from __future__ import annotations

from pathlib import Path

from py_engine.games.hollowmere import HollowmereState
from py_engine.games.hollowmere.data import BY_ID

REPO = Path(__file__).resolve().parents[2]
# The product's shared folder sits beside the repository.
DESIGN_CANDIDATES = (REPO.parent / "shared" / "design" / "hollowmere.md",)


def design_file() -> Path | None:
    for p in DESIGN_CANDIDATES:
        if p.exists():
            return p
    return None


def scripted(n: int, tiles: list[str], options: dict | None = None, first: int = 0) -> HollowmereState:
    """A state whose supply is ``tiles`` in this order (the first is drawn at once)."""
    return HollowmereState(n, dict(options or {}), [BY_ID[t].index for t in tiles], first)


def tiles_of(moves: list[str]) -> list[str]:
    """The tiles a move list draws, in order (lays and set-asides; a veiled tile must be added by hand)."""
    out = []
    for m in moves:
        if m.startswith("aside:"):
            out.append(m[6:])
        elif "@" in m:
            out.append(m.split("@")[0])
    return out


def play(n: int, moves: list[str], options: dict | None = None, tail: list[str] = (), first: int = 0,
         supply: list[str] | None = None) -> HollowmereState:
    """Replay ``moves`` (each must be legal) on a supply of exactly their tiles plus ``tail``.

    With an empty ``tail`` the supply runs out with the last move, so the state is the
    end of the game; with a tail the game goes on.
    """
    s = scripted(n, supply if supply is not None else tiles_of(moves) + list(tail), options, first)
    for m in moves:
        s.apply_action(m)
    return s


def parse_example(text: str) -> tuple[list[str], list[int], list[str]]:
    """``moves  A X  B Y ...`` and ``score  A 12 · B 12`` lines of the design's examples."""
    moves, score = None, None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("moves"):
            toks = line.split()[1:]
            moves = toks[1::2]
            seats = toks[0::2]
        elif line.startswith("score"):
            parts = line[5:].replace("·", " ").split()
            score = [int(v) for v in parts[1::2]]
    assert moves is not None and score is not None
    return moves, score, seats
