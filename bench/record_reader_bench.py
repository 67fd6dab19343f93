"""The strict record reader against hostile text: every case must take well under a second.

    python bench/record_reader_bench.py          # CPython: each case's time (best of 3)
    node bench/record_reader_pyodide.mjs dist    # the same inside Pyodide (the browser's runtime)

Each case is about 4 MB (the reader's limit is 5 MB) and built to make a careless reader slow:
an unterminated string of escaped quotes (a backtracking string pattern is quadratic on it),
millions of quotes, brackets nested past the bound, millions of empty arrays, and a long
record-shaped document. The reader refuses or accepts each; what is measured is how long it
takes to say so. Every case takes well under a second, in CPython and in Pyodide (on 2 CPUs
shared with other work: worst 0.5 s in Pyodide, millions of empty arrays); a backtracking string
pattern took 12-23 s on 32 KB of the first case, and millions of arrays took 7 s in Pyodide while
the cycle collector ran during parsing.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from py_engine.core import record as rec  # noqa: E402

SIZE = 4 * 1024 * 1024

CASES = {
    "unterminated string of escaped quotes": '"' + '\\"' * (SIZE // 2),
    "escaped quotes inside an object": '{"a":"' + '\\"' * (SIZE // 2 - 8),
    "a lone backslash at the end": '"' + "x" * (SIZE - 2) + "\\",
    "quotes only": '"' * SIZE,
    "brackets 4 MB deep": "[" * SIZE,
    "2 million empty arrays": "[" + "[]," * (SIZE // 3 - 1) + "[]]",
    "alternating quotes and brackets": '["[",' * (SIZE // 5) + "0",
    "a long record-shaped document": '{"actions":[' + ",".join(['"\\"x\\\\\\u0041"'] * (SIZE // 16)) + "]}",
}


def run() -> dict[str, float]:
    out = {}
    for name, text in CASES.items():
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            try:
                rec.parse(text)
                verdict = "read"
            except rec.BadRecord as e:
                verdict = e.words["en"][:60]
            best = min(best, time.perf_counter() - t0)
        out[name] = best
        print(f"{best * 1000:8.1f} ms  {len(text.encode('utf-8')) / 1e6:4.1f} MB  {name}: {verdict}")
    return out


if __name__ == "__main__":
    times = run()
    worst = max(times.values())
    print(f"worst: {worst * 1000:.1f} ms")
    sys.exit(0 if worst < 1.0 else 1)
