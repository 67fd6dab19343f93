"""Hollowmere speed and bot strength, seeded so every run gives the same numbers.

    python bench/hollowmere_bench.py speed            # Easy-vs-Easy game time, Normal time per decision
    python bench/hollowmere_bench.py match normal easy [games] [options-json]
    python bench/hollowmere_bench.py all              # what docs/performance.md records

Seats alternate between games so neither level always starts second; the first player is
still drawn from each game's seed. A shared win counts half for each level.
"""
from __future__ import annotations

import hashlib
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from py_engine.core.bots import RandomBot  # noqa: E402
from py_engine.core.table import Seat, Table  # noqa: E402
from py_engine.games.hollowmere import GAME  # noqa: E402


def seed_of(i: int) -> str:
    return hashlib.sha256(f"hollowmere-bench-{i}".encode()).hexdigest()


def play(levels: list[str], seed: str, options: dict) -> tuple[Table, dict[int, list[float]]]:
    seats = [Seat(f"{lv}{i}", True, lv if lv != "random" else "easy") for i, lv in enumerate(levels)]
    t = Table(GAME, seats, options, seed, "bench")
    times: dict[int, list[float]] = {i: [] for i in range(len(levels))}
    for i, lv in enumerate(levels):
        t._bots[i] = RandomBot() if lv == "random" else GAME.make_bot(lv, i)
    while True:
        t.play_forced()
        d = t.decision()
        if d is None:
            return t, times
        seat = d.players[0]
        t0 = time.perf_counter()
        action = t.bot_choice(seat)
        times[seat].append(time.perf_counter() - t0)
        t.play(action, seat)


def match(a: str, b: str, games: int = 100, options: dict | None = None) -> dict:
    options = options or {}
    wins = {a: 0.0, b: 0.0}
    points = {a: 0, b: 0}
    per_move = {a: [], b: []}
    for g in range(games):
        levels = [a, b] if g % 2 == 0 else [b, a]
        t, times = play(levels, seed_of(g), options)
        w = t.state.winners()
        for seat, lv in enumerate(levels):
            points[lv] += t.state.scores()[seat]
            per_move[lv] += times[seat]
            if seat in w:
                wins[lv] += 1.0 / len(w)
    return {
        "levels": [a, b], "games": games, "options": options,
        "win_rate": {k: round(v / games, 3) for k, v in wins.items()},
        "mean_score": {k: round(v / games, 1) for k, v in points.items()},
        "mean_s_per_decision": {k: round(sum(v) / max(1, len(v)), 4) for k, v in per_move.items()},
        "max_s_per_decision": {k: round(max(v, default=0), 4) for k, v in per_move.items()},
    }


def speed(games: int = 10) -> dict:
    t0 = time.perf_counter()
    for g in range(games):
        play(["easy", "easy"], seed_of(1000 + g), {})
    easy = (time.perf_counter() - t0) / games
    norm = []
    for g in range(3):
        _, times = play(["normal", "normal"], seed_of(2000 + g), {"meadows": True, "mist_veil": True})
        norm += times[0] + times[1]
    return {"easy_vs_easy_s_per_game": round(easy, 3),
            "normal_mean_s_per_decision": round(sum(norm) / len(norm), 4),
            "normal_max_s_per_decision": round(max(norm), 4)}


def main(argv: list[str]) -> None:
    cmd = argv[0] if argv else "all"
    if cmd == "speed":
        print(json.dumps(speed(), indent=1))
    elif cmd == "match":
        games = int(argv[3]) if len(argv) > 3 else 100
        options = json.loads(argv[4]) if len(argv) > 4 else {}
        print(json.dumps(match(argv[1], argv[2], games, options), indent=1))
    else:
        print(json.dumps(speed(), indent=1))
        for a, b in (("normal", "easy"), ("normal", "random")):
            print(json.dumps(match(a, b, 100), indent=1), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
