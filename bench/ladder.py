#!/usr/bin/env python3
"""The ladder: every level of every game rated on one scale from the strength bench's games
(``bench/results/strength.jsonl``: each level against the one below or above it, at two seats and at the
game's largest table), by ``py_engine/core/rating.py`` (Plackett–Luce, Normal at 1500).

    python3 bench/ladder.py [--write]

Prints the table; ``--write`` also writes ``py_engine/ladder.json`` (what the New table form shows beside
each level, through the engine's ``games`` answer) and the table between the ladder markers of
``docs/rating.md``.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from py_engine.core.rating import ladder, ranking_of  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "strength.jsonl"
OUT = ROOT / "py_engine" / "ladder.json"
DOC = ROOT / "docs" / "rating.md"
BEGIN, END = "<!-- ladder: begin -->", "<!-- ladder: end -->"


def games_of(path: Path = RESULTS) -> dict[str, list[list[list[str]]]]:
    """Each bench game as a ranking of levels, best first, per game."""
    out: dict[str, list[list[list[str]]]] = {}
    for line in path.read_text().splitlines():
        d = json.loads(line)
        levels = [d["level"] if s == d["tested_seat"] else d["other"] for s in range(d["seats"])]
        ranking = [[levels[s] for s in g] for g in ranking_of(d["scores"], d["winners"])]
        out.setdefault(d["game"], []).append(ranking)
    return out


def compute() -> dict[str, dict[str, dict[str, float | int]]]:
    out = {}
    for game, results in sorted(games_of().items()):
        rated = ladder(results)
        out[game] = {lv: r.as_dict() for lv, r in sorted(rated.items(), key=lambda kv: kv[1].rating)}
    return out


def table(data: dict) -> str:
    rows = ["| game | level | rating | 95 % interval | games |", "|---|---|---|---|---|"]
    for game, levels in data.items():
        for lv, r in levels.items():
            interval = "fixed (the anchor)" if r["low"] == r["high"] else f"{r['low']:.0f} – {r['high']:.0f}"
            rows.append(f"| {game.title()} | {lv.title()} | {r['rating']:.0f} | {interval} | {r['games']} |")
    return "\n".join(rows)


def main(argv: list[str]) -> int:
    data = compute()
    text = table(data)
    print(text)
    if "--write" in argv:
        OUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        doc = DOC.read_text()
        a, b = doc.index(BEGIN) + len(BEGIN), doc.index(END)
        DOC.write_text(doc[:a] + "\n" + text + "\n" + doc[b:])
        print(f"wrote {OUT.relative_to(ROOT)} and {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
