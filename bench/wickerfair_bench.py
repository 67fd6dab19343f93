"""Wickerfair speed, bot strength and self-play balance, seeded so every run gives the same numbers.

    python bench/wickerfair_bench.py speed                   # engine step and bot decision times, snapshot size
    python bench/wickerfair_bench.py match normal easy [games]   # 1 Normal vs 2 others, 3 clans
    python bench/wickerfair_bench.py balance [games]         # Normal self-play at 2–5 clans
    python bench/wickerfair_bench.py pyodide [games]         # speed inside Pyodide under Node (needs dist/)
    python bench/wickerfair_bench.py all                     # what docs/performance.md records

In a match the first level sits at seat g % 3 of game g, the other two seats play the second level.
"Win rate" counts a shared first place as a fraction. Times are CPython on this machine.
"""
from __future__ import annotations

import hashlib
import json
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from py_engine import bridge  # noqa: E402
from py_engine.core.bots import RandomBot  # noqa: E402
from py_engine.core.table import Seat, Table  # noqa: E402
from py_engine.games.wickerfair import GAME  # noqa: E402
from py_engine.games.wickerfair.data import CLAN_NAMES, MAT_NAMES, RIBBONS  # noqa: E402


def seed_of(kind: str, i: int) -> str:
    return hashlib.sha256(f"wickerfair-bench-{kind}-{i}".encode()).hexdigest()


def play(levels: list[str], seed: str) -> tuple[Table, dict[int, list[float]]]:
    seats = [Seat(f"{lv}{i}", True, lv if lv != "random" else "easy") for i, lv in enumerate(levels)]
    t = Table(GAME, seats, {}, seed, "bench")
    for i, lv in enumerate(levels):
        t._bots[i] = RandomBot() if lv == "random" else GAME.make_bot(lv, i)
    times: dict[int, list[float]] = {i: [] for i in range(len(levels))}
    while True:
        t.play_forced()
        d = t.decision()
        if d is None:
            return t, times
        for seat in d.players:
            t0 = time.perf_counter()
            action = t.bot_choice(seat)
            times[seat].append(time.perf_counter() - t0)
            t.play(action, seat)


def pct(values: list[float], q: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(q * len(v)))] if v else 0.0


def match(a: str, b: str, games: int = 100) -> dict:
    wins = 0.0
    top = 0
    scores = {a: [], b: []}
    times: list[float] = []
    for g in range(games):
        levels = [b, b, b]
        levels[g % 3] = a
        t, tm = play(levels, seed_of(f"match-{a}-{b}", g))
        w = t.state.winners()
        sc = t.state.scores()
        if g % 3 in w:
            wins += 1 / len(w)
            top += 1
        for seat, lv in enumerate(levels):
            scores[lv].append(sc[seat])
        times += tm[g % 3]
    return {"levels": [a, b], "games": games, "win_rate": round(wins / games, 3),
            "first_or_shared": round(top / games, 3),
            "mean_coins": {k: round(sum(v) / len(v), 1) for k, v in scores.items()},
            f"{a}_s_per_decision": {"mean": round(sum(times) / len(times), 4), "p95": round(pct(times, 0.95), 4),
                                    "max": round(max(times), 4)}}


def speed(games: int = 3) -> dict:
    """Engine step time (what a page waits for after a human's action) and bot decision times."""
    step, snap_bytes, obs_bytes, legal_len = [], [], [], []
    norm, easy = [], []
    for g in range(games):
        t, tm = play(["normal", "normal", "easy"], seed_of("speed", g))
        norm += tm[0] + tm[1]
        easy += tm[2]
        # replay the game timing one step as the bridge answers it: apply, next legal list, view
        r = Table(GAME, t.seats, {}, t.seed, "bench")
        for i, (action, (seat, by)) in enumerate(zip(t.actions, t.actors)):
            t0 = time.perf_counter()
            r.play(action, seat, by)
            d = r.decision()
            if d is not None:
                who = d.players[0]
                legal = r.state.legal_actions(who)
                view = r.state.view(who)
                legal_len.append(len(legal))
            step.append(time.perf_counter() - t0)
            if d is not None and i % 25 == 0:
                obs_bytes.append(len(json.dumps(view)))
                snap_bytes.append(len(json.dumps(bridge.snapshot("t", r, who))))
    return {"engine_step_s": {"mean": round(sum(step) / len(step), 5), "p95": round(pct(step, 0.95), 5),
                              "max": round(max(step), 5), "steps": len(step)},
            "legal_list": {"mean": round(sum(legal_len) / len(legal_len), 1), "max": max(legal_len)},
            "view_bytes": {"mean": int(sum(obs_bytes) / len(obs_bytes)), "max": max(obs_bytes)},
            "snapshot_bytes": {"mean": int(sum(snap_bytes) / len(snap_bytes)), "max": max(snap_bytes)},
            "normal_s_per_decision": {"mean": round(sum(norm) / len(norm), 4), "p95": round(pct(norm, 0.95), 4),
                                      "max": round(max(norm), 4), "decisions": len(norm)},
            "easy_s_per_decision": {"mean": round(sum(easy) / len(easy), 5), "max": round(max(easy), 4)}}


def balance(games: int = 500) -> dict:
    """Normal self-play: 2, 3, 4 and 5 clans in turn."""
    days = defaultdict(list)
    ends = Counter()
    ribbons = Counter()
    coins = defaultdict(list)
    clan_games, clan_wins = Counter(), Counter()
    mat_games, mat_wins = Counter(), Counter()
    clan_fair, mat_fair = Counter(), Counter()
    crashes = 0
    seats_total = Counter()
    for g in range(games):
        n = 2 + g % 4
        try:
            t, _ = play(["normal"] * n, seed_of("balance", g))
        except Exception as e:  # noqa: BLE001 - the bench counts crashes instead of stopping
            crashes += 1
            print(f"game {g}: {type(e).__name__}: {e}", file=sys.stderr)
            continue
        s = t.state
        assert s.is_terminal()
        days[n].append(s.day)
        ends[s.end_reason] += 1
        w = s.winners()
        for c in s.clans:
            ribbons.update(c.ribbons)
            clan, mat = CLAN_NAMES["en"][c.clan], MAT_NAMES["en"][c.mat]
            clan_games[clan] += 1
            mat_games[mat] += 1
            clan_fair[clan] += 1 / n
            mat_fair[mat] += 1 / n
            seats_total[n] += 1
            coins[n].append(s.scores()[c.seat])
            if c.seat in w:
                clan_wins[clan] += 1 / len(w)
                mat_wins[mat] += 1 / len(w)
        if (g + 1) % 50 == 0:
            print(f"{g + 1} games", file=sys.stderr)

    def share(wins: Counter, played: Counter, fair: Counter) -> dict:
        # the fair share is the wins expected by chance: the sum of 1/n over the games played
        return {k: {"games": played[k], "wins": round(wins[k], 1), "fair": round(fair[k], 1),
                    "ratio": round(wins[k] / fair[k], 2)} for k in sorted(played)}

    return {"games": games, "crashes": crashes, "ends": dict(ends),
            "days": {n: {"mean": round(sum(v) / len(v), 1), "min": min(v), "max": max(v)} for n, v in sorted(days.items())},
            "ribbons_per_clan_per_game": {r: round(ribbons[r] / sum(seats_total.values()), 3) for r in RIBBONS},
            "final_coins": {n: {"mean": round(sum(v) / len(v), 1), "min": min(v), "max": max(v)}
                            for n, v in sorted(coins.items())},
            "clans": share(clan_wins, clan_games, clan_fair), "mats": share(mat_wins, mat_games, mat_fair)}


PYODIDE_RUNNER = r"""
// Loads Pyodide from dist/pyodide, copies this checkout's py_engine into its file system and runs speed().
import { readFile, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
const [pyDir, root, games] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyDir + path.sep });
async function copy(dir, to) {
  py.FS.mkdirTree(to);
  for (const name of await readdir(dir)) {
    const full = path.join(dir, name);
    if ((await stat(full)).isDirectory()) { if (name !== "__pycache__") await copy(full, to + "/" + name); }
    else if (name.endsWith(".py") || name.endsWith(".json")) py.FS.writeFile(to + "/" + name, await readFile(full));
  }
}
await copy(path.join(root, "py_engine"), "/src/py_engine");
py.FS.writeFile("/src/wickerfair_bench.py", await readFile(path.join(root, "bench", "wickerfair_bench.py")));
py.runPython("import sys, importlib; sys.path.insert(0, '/src'); importlib.invalidate_caches()");
process.stdout.write(py.runPython(`import json, sys, wickerfair_bench as b; json.dumps({"python": sys.version.split()[0], **b.speed(${Number(games)})})`) + "\n");
"""


def pyodide(games: int = 1) -> dict:
    """speed() inside real Pyodide (dist/pyodide from build_site.py) under Node, on this checkout's engine."""
    import subprocess
    import tempfile
    root = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as tmp:
        runner = Path(tmp) / "run.mjs"
        runner.write_text(PYODIDE_RUNNER)
        out = subprocess.run(["node", str(runner), str(root / "dist" / "pyodide"), str(root), str(games)],
                             capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> None:
    cmd = argv[1] if len(argv) > 1 else "all"
    if cmd == "speed":
        out = speed()
    elif cmd == "match":
        out = match(argv[2], argv[3], int(argv[4]) if len(argv) > 4 else 100)
    elif cmd == "pyodide":
        out = pyodide(int(argv[2]) if len(argv) > 2 else 1)
    elif cmd == "balance":
        out = balance(int(argv[2]) if len(argv) > 2 else 500)
    else:
        out = {"speed": speed(), "normal_vs_easy": match("normal", "easy"),
               "normal_vs_random": match("normal", "random")}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main(sys.argv)
