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
import io
import json
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

RUNNER = r"""
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
const [pyDir, zipPath, script, args] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyDir + path.sep });
const site = py.runPython("import sys; f'/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages'");
const zip = await readFile(zipPath);
py.unpackArchive(new Uint8Array(zip.buffer, zip.byteOffset, zip.byteLength), "zip", { extractDir: site });
py.runPython("import importlib; importlib.invalidate_caches()");
py.globals.set("ARGS", args);
process.stdout.write(py.runPython(await readFile(script, "utf8")) + "\n");
"""

#: Runs in both interpreters: ARGS is a JSON text {"games": [...], "count": G}.
WORKLOAD = r"""
import hashlib, json, sys, time
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
        while True:
            t.play_forced()
            d = t.decision()
            if d is None:
                break
            for p in d.players:
                if t.state.decision() is None or p not in t.state.decision().players:
                    continue
                many = len(t.state.legal_actions(p)) > 1
                t0 = time.perf_counter()
                a = t.bot_choice(p)
                if p == tested and many:
                    times.append(time.perf_counter() - t0)
                t.play(a, p)
    times.sort()
    return {"game": name, "level": top, "decisions": len(times), "mean": round(sum(times) / len(times), 4),
            "p95": round(times[int(0.95 * (len(times) - 1))], 4), "max": round(times[-1], 4)}

def run():
    a = json.loads(ARGS)
    return json.dumps({"python": sys.version.split()[0], "results": [timings(g, a["count"]) for g in a["games"]]})
run()
"""


def engine_zip() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for f in sorted((ROOT / "py_engine").rglob("*")):
            if f.is_file() and "__pycache__" not in f.parts and f.suffix in (".py", ".json"):
                z.write(f, f.relative_to(ROOT).as_posix())
    return buf.getvalue()


def find_pyodide(given: str | None) -> Path:
    for p in ([Path(given)] if given else []) + [ROOT / "node_modules" / "pyodide", ROOT / "dist" / "pyodide"]:
        if (p / "pyodide.mjs").exists():
            return p
    raise SystemExit("no Pyodide runtime: pass --pyodide DIR (node_modules/pyodide after npm ci, or dist/pyodide)")


def in_pyodide(py_dir: Path, args: dict) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        zpath, runner, script = Path(tmp, "engine.zip"), Path(tmp, "run.mjs"), Path(tmp, "work.py")
        zpath.write_bytes(engine_zip())
        runner.write_text(RUNNER)
        script.write_text(WORKLOAD)
        out = subprocess.run(["node", str(runner), str(py_dir), str(zpath), str(script), json.dumps(args)],
                             capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


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
    pyo = in_pyodide(find_pyodide(a.pyodide), args)
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
