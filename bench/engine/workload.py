"""The engine workload timed by bench/engine/run.py, identical in CPython and in Pyodide.

Prints one JSON object: perft speed and per-decision bot times over seeded games.
Bot decisions are timed through the same path the browser uses (Table.bot_choice).
"""
import hashlib
import json
import sys
import time

from py_engine.core.table import Seat, Table
from py_engine.games.elderwood.perft import perft
from py_engine.registry import get_game


def seed(text):
    return hashlib.sha256(text.encode()).hexdigest()


def time_bots(game, levels, games, plies_cap, label):
    times = {lvl: [] for lvl in set(levels)}
    for g in range(games):
        t = Table(get_game(game), [Seat(f"{lvl}", True, lvl) for lvl in levels], {}, seed(f"{label}/{g}"))
        for _ in range(plies_cap):
            t.play_forced()
            d = t.decision()
            if d is None:
                break
            p = d.players[0]
            start = time.perf_counter()
            action = t.bot_choice(p)
            times[t.seats[p].level].append(time.perf_counter() - start)
            t.play(action, p)
    out = {}
    for lvl, ts in times.items():
        ts.sort()
        out[lvl] = {"decisions": len(ts), "mean_s": round(sum(ts) / len(ts), 4),
                    "p95_s": round(ts[int(0.95 * (len(ts) - 1))], 4), "max_s": round(ts[-1], 4)}
    return out


def main(games):
    result = {"python": sys.version.split()[0], "platform": sys.platform}
    start = time.perf_counter()
    nodes = perft(4)
    el = time.perf_counter() - start
    result["perft4"] = {"nodes": nodes, "seconds": round(el, 3), "nodes_per_s": int(nodes / el)}
    start = time.perf_counter()
    nodes = perft(5)
    el = time.perf_counter() - start
    result["perft5"] = {"nodes": nodes, "seconds": round(el, 3), "nodes_per_s": int(nodes / el)}
    result["elderwood"] = time_bots("elderwood", ["normal", "strong"], games, 80, "speed/elderwood")
    result["hollowmere"] = time_bots("hollowmere", ["normal", "easy"], games, 200, "speed/hollowmere")
    return result


if __name__ == "__main__":
    print(json.dumps(main(int(sys.argv[1]) if len(sys.argv) > 1 else 2)))
