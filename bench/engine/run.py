"""Engine speed in CPython and in Pyodide (Node), written to docs/performance.md.

    python3 bench/engine/run.py [GAMES]      (needs dist/ from build_site.py and node)

Both runtimes run the same workload (workload.py): perft 4 and 5 from the Elderwood start,
and every bot decision of GAMES seeded games per game (Elderwood Normal vs Strong, Hollowmere
Normal vs Easy) timed through Table.bot_choice, the path the browser's worker uses.
"""
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).parent))

import workload  # noqa: E402

BEGIN, END = "<!-- engine-speed: begin -->", "<!-- engine-speed: end -->"


def row(name, c, p):
    return f"| {name} | {c} | {p} |"


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    cpy = workload.main(games)
    out = subprocess.run(["node", str(Path(__file__).parent / "pyodide_run.mjs"), str(ROOT / "dist"), str(games)],
                         capture_output=True, text=True, check=True)
    pyo = json.loads(out.stdout.strip().splitlines()[-1])
    lines = [BEGIN, "## Engine speed: CPython and Pyodide", "",
             f"`python3 bench/engine/run.py {games}` — CPython {cpy['python']} and Pyodide (Python {pyo['python']}) "
             "under Node 20 on the same machine, same workload (`bench/engine/workload.py`). Bot times are per "
             f"decision over {games} seeded games per pairing, through `Table.bot_choice` as in the browser.", "",
             "| measure | CPython | Pyodide |", "|---|---|---|"]
    for d in ("perft4", "perft5"):
        lines.append(row(f"Elderwood perft {d[-1]} ({cpy[d]['nodes']:,} leaves)",
                         f"{cpy[d]['seconds']} s — {cpy[d]['nodes_per_s']:,} leaves/s",
                         f"{pyo[d]['seconds']} s — {pyo[d]['nodes_per_s']:,} leaves/s"))
    for game in ("elderwood", "hollowmere"):
        for lvl in sorted(cpy[game]):
            c, p = cpy[game][lvl], pyo[game][lvl]
            lines.append(row(f"{game.title()} {lvl}: mean / p95 / max per decision ({c['decisions']} decisions)",
                             f"{c['mean_s']} / {c['p95_s']} / {c['max_s']} s", f"{p['mean_s']} / {p['p95_s']} / {p['max_s']} s"))
    lines += ["", "Targets: Normal ≤ 1 s per decision in Pyodide, Strong ≤ 3 s (Elderwood).", END]
    block = "\n".join(lines)
    perf = ROOT / "docs" / "performance.md"
    text = perf.read_text() if perf.exists() else "# Performance\n"
    if BEGIN in text:
        text = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), block, text, flags=re.S)
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    perf.write_text(text)
    print(block)


if __name__ == "__main__":
    main()
