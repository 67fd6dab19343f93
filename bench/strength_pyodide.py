"""Seconds per decision of each game's strongest level in Pyodide (under Node) and in CPython, same games.

    python bench/strength_pyodide.py [--pyodide DIR] [--games G] [--only GAME ...] [--out FILE]

This tree's ``py_engine`` is zipped and unpacked into a real Pyodide runtime (``DIR``: a Pyodide
distribution, by default ``node_modules/pyodide`` of this checkout, else ``dist/pyodide`` of a built
site), and the same seeded games (the strongest level against Normal, seats swapped) are played there
and here; every decision of the strongest level with two or more legal actions is timed
(``time.perf_counter``, wall clock: Pyodide has no process clock). The browser runs the same runtime
in a worker, so these are the figures a page waits for, give or take the browser's own JIT.
Results are appended as JSON lines to ``--out`` (default ``bench/results/pyodide.jsonl``).
Run it at a low priority on a shared machine (``nice -n 15``).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import pyodide_node

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: Runs in both interpreters: ARGS is a JSON text {"games": [...], "count": G}.
WORKLOAD = r"""
import hashlib, json, sys, time
from botgames import timed_choices
from py_engine.core.table import Seat, Table
from py_engine.registry import get_game

def timings(name, count):
    game = get_game(name)
    top = game.bot_levels[-1]
    times = []
    for g in range(count):
        seed = hashlib.sha256(f"strength-pyodide/{name}/{g}".encode()).hexdigest()
        tested = g % 2
        t = Table(game, [Seat(str(k), True, top if k == tested else "normal") for k in range(2)], {}, seed, "bench")
        for p, spent in timed_choices(t, time.perf_counter):
            if p == tested and len(t.state.legal_actions(p)) > 1:
                times.append(spent)
    times.sort()
    return {"game": name, "level": top, "decisions": len(times), "mean": round(sum(times) / len(times), 4),
            "p95": round(times[int(0.95 * (len(times) - 1))], 4), "max": round(times[-1], 4)}

def run():
    a = json.loads(ARGS)
    return json.dumps({"python": sys.version.split()[0], "results": [timings(g, a["count"]) for g in a["games"]]})
run()
"""


def in_pyodide(py_dir: Path, args: dict) -> dict:
    return json.loads(pyodide_node.run(py_dir, WORKLOAD, json.dumps(args)))


def in_cpython(args: dict) -> dict:
    scope = {"ARGS": json.dumps(args)}
    exec(WORKLOAD.replace("\nrun()\n", "\n"), scope)
    return json.loads(scope["run"]())


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--pyodide")
    p.add_argument("--games", type=int, default=1, help="seeded games per game (seats swapped)")
    p.add_argument("--only", nargs="*", default=["hollowmere", "milehollow", "elderwood", "wickerfair"])
    p.add_argument("--out", default=str(ROOT / "bench" / "results" / "pyodide.jsonl"))
    a = p.parse_args(argv)
    args = {"games": a.only, "count": a.games}
    started = time.time()
    pyo = in_pyodide(pyodide_node.find_pyodide(a.pyodide), args)
    cpy = in_cpython(args)
    out = Path(a.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("a") as f:
        for r_py, r_c in zip(pyo["results"], cpy["results"]):
            line = {"game": r_py["game"], "level": r_py["level"], "games": a.games, "pyodide": r_py, "cpython": r_c,
                    "pyodide_python": pyo["python"], "ratio_mean": round(r_py["mean"] / r_c["mean"], 2)}
            f.write(json.dumps(line) + "\n")
            print(f"{line['game']} {line['level']}: Pyodide mean/p95/max {r_py['mean']}/{r_py['p95']}/{r_py['max']} s "
                  f"· CPython {r_c['mean']}/{r_c['p95']}/{r_c['max']} s · ratio {line['ratio_mean']}", flush=True)
    print(f"{time.time() - started:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
