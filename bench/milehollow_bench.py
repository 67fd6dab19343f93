"""Milehollow bot strength, decision times and self-play statistics, seeded so every run gives the same numbers.

    python bench/milehollow_bench.py match normal easy [games] [seats]   # win rates, scores, CPU per decision
    python bench/milehollow_bench.py selfplay [games] [level]            # the balance statistics (2-5 seats)
    python bench/milehollow_bench.py pyodide [games]                     # decision times in Pyodide under Node
    python bench/milehollow_bench.py all                                 # what docs/performance.md records

Match: game g seats the two levels alternately (seat k plays A when k + g is even), so neither level
always sits first; the first player is still drawn from each game's seed. A shared win counts as a
fraction. ``random`` is py_engine.core.bots.RandomBot (a uniform legal move). Times are CPU seconds
(time.process_time) spent in Table.bot_choice, the path the browser's worker uses.
"""
from __future__ import annotations

import hashlib
import json
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pyodide_node

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from py_engine.core.bots import RandomBot  # noqa: E402
from py_engine.core.table import Seat, Table  # noqa: E402
from py_engine.games.milehollow import GAME  # noqa: E402
from py_engine.games.milehollow.data import MAILS  # noqa: E402


def seed_of(label: str, i: int) -> str:
    return hashlib.sha256(f"milehollow-bench/{label}/{i}".encode()).hexdigest()


def play(levels: list[str], seed: str, timed: bool = True) -> tuple[Table, dict[int, list[float]], dict]:
    """One game between ``levels`` (seat order); per-seat CPU seconds per decision; a few facts along the way."""
    seats = [Seat(f"{lv}{i}", True, lv if lv != "random" else "easy") for i, lv in enumerate(levels)]
    t = Table(GAME, seats, {}, seed, "bench")
    for i, lv in enumerate(levels):
        t._bots[i] = RandomBot() if lv == "random" else GAME.make_bot(lv, i)
    times: dict[int, list[float]] = {i: [] for i in range(len(levels))}
    facts = {"mail_deck_emptied": False, "wagons_exhausted": False}
    while True:
        t.play_forced()
        d = t.decision()
        if d is None:
            return t, times, facts
        for seat in d.players:
            if timed:
                t0 = time.process_time()
                action = t.bot_choice(seat)
                times[seat].append(time.process_time() - t0)
            else:
                action = t.bot_choice(seat)
            t.play(action, seat)
            s = t.state
            if not s.mail_deck and s.phase != "keep-deal":
                facts["mail_deck_emptied"] = True
            if not s.deck and not any(s.discards):
                facts["wagons_exhausted"] = True


def match(a: str, b: str, games: int = 100, seats: int = 2) -> dict:
    wins = {a: 0.0, b: 0.0}
    points: dict[str, list[float]] = {a: [], b: []}
    cpu: dict[str, list[float]] = {a: [], b: []}
    actions = []
    for g in range(games):
        levels = [a if (k + g) % 2 == 0 else b for k in range(seats)]
        t, times, _ = play(levels, seed_of(f"{a}-{b}-{seats}", g))
        w = t.state.winners()
        actions.append(len(t.actions))
        for seat, lv in enumerate(levels):
            points[lv].append(t.state.scores()[seat])
            cpu[lv] += times[seat]
        # a game counts once per level: the share of the win its seats took
        for lv in (a, b):
            wins[lv] += sum(1 for s in w if levels[s] == lv) / len(w)
    out = {"levels": [a, b], "games": games, "seats": seats,
           "win_rate": {k: round(v / games, 3) for k, v in wins.items()},
           "mean_score": {k: round(statistics.mean(v), 1) for k, v in points.items()},
           "mean_actions": round(statistics.mean(actions), 1)}
    for lv in (a, b):
        if lv != "random" and cpu[lv]:
            ts = sorted(cpu[lv])
            out[f"{lv}_cpu_s"] = {"decisions": len(ts), "mean": round(statistics.mean(ts), 5),
                                  "p95": round(ts[int(0.95 * (len(ts) - 1))], 5), "max": round(ts[-1], 5)}
    return out


def selfplay(games: int = 500, level: str = "normal") -> dict:
    """``games`` games of one level against itself, spread evenly over 2-5 seats."""
    by_seats: dict[int, dict] = {}
    kept = Counter()
    done = Counter()
    for g in range(games):
        n = 2 + g % 4
        t, _times, facts = play([level] * n, seed_of(f"self-{level}", g), timed=False)
        s = t.state
        f = s.final
        totals = sorted(f["totals"], reverse=True)
        row = by_seats.setdefault(n, {"games": 0, "spread": [], "margin": [], "winner": [], "mean": [], "turns": [],
                                      "actions": [], "reshuffled": 0, "exhausted": 0, "mail_emptied": 0,
                                      "resets": [], "ties": 0, "tie_break": Counter(), "first_wins": 0.0,
                                      "all_passed": 0, "passes": 0, "mail_kept": [], "mail_done": [],
                                      "trigger_markers": [], "lr_len": [], "road_pts": [], "mail_pts": []})
        row["games"] += 1
        row["spread"].append(totals[0] - totals[-1])
        row["margin"].append(totals[0] - totals[1])
        row["winner"].append(totals[0])
        row["mean"].append(statistics.mean(totals))
        row["turns"].append(s.turns / n)
        row["actions"].append(len(t.actions))
        row["reshuffled"] += s.reshuffles > 0
        row["exhausted"] += facts["wagons_exhausted"]
        row["mail_emptied"] += facts["mail_deck_emptied"]
        row["resets"].append(sum(1 for e in s.events if e["kind"] == "oxen-reset"))
        row["passes"] += sum(1 for e in s.events if e["kind"] == "pass")
        row["all_passed"] += bool(s.events[-1].get("all_passed"))
        if f["tie_break"]:
            row["ties"] += 1
            row["tie_break"][f["tie_break"]] += 1
        row["first_wins"] += (1.0 / len(f["winners"])) if s.first in f["winners"] else 0.0
        for seat in f["seats"]:
            row["mail_kept"].append(len(seat["mail"]))
            row["mail_done"].append(seat["delivered"])
            row["lr_len"].append(seat["longest_road"]["length"])
            row["road_pts"].append(sum(r["points"] for r in seat["roads"]))
            row["mail_pts"].append(sum(m["points"] for m in seat["mail"]))
            for m in seat["mail"]:
                kept[m["id"]] += 1
                done[m["id"]] += m["delivered"]
        trig = [e for e in s.events if e["kind"] == "last-round"]
        if trig:
            row["trigger_markers"].append(trig[0]["markers"])
    out = {"level": level, "games": games, "seats": {}}
    for n, row in sorted(by_seats.items()):
        k = row["games"]
        out["seats"][n] = {
            "games": k,
            "winner_score": round(statistics.mean(row["winner"]), 1),
            "mean_score": round(statistics.mean(row["mean"]), 1),
            "spread_first_last": round(statistics.mean(row["spread"]), 1),
            "margin_first_second": round(statistics.mean(row["margin"]), 1),
            "turns_per_player": round(statistics.mean(row["turns"]), 1),
            "actions": round(statistics.mean(row["actions"]), 1),
            "wagon_reshuffled_pct": round(100 * row["reshuffled"] / k, 1),
            "wagons_exhausted_pct": round(100 * row["exhausted"] / k, 1),
            "mail_deck_emptied_pct": round(100 * row["mail_emptied"] / k, 1),
            "oxen_resets_per_game": round(statistics.mean(row["resets"]), 2),
            "passes": row["passes"], "ended_by_passes": row["all_passed"],
            "ties_pct": round(100 * row["ties"] / k, 1), "tie_breaks": dict(row["tie_break"]),
            "first_player_win_pct": round(100 * row["first_wins"] / k, 1),
            "mail_kept_per_player": round(statistics.mean(row["mail_kept"]), 2),
            "mail_delivered_pct": round(100 * sum(row["mail_done"]) / max(1, sum(row["mail_kept"])), 1),
            "longest_road": round(statistics.mean(row["lr_len"]), 1),
            "road_points": round(statistics.mean(row["road_pts"]), 1),
            "mail_points": round(statistics.mean(row["mail_pts"]), 1),
        }
    out["mail"] = {m.id: {"value": m.value, "kept": kept[m.id], "delivered": done[m.id],
                          "pct": round(100 * done[m.id] / kept[m.id], 1) if kept[m.id] else None} for m in MAILS}
    return out


# --- Pyodide ---------------------------------------------------------------------------------------------
PYODIDE_WORKLOAD = r"""
import hashlib, json, sys, time
from botgames import timed_choices
from py_engine.core.table import Seat, Table
from py_engine.games.milehollow import GAME

GAMES = int(ARGS)

def run():
    out = {"python": sys.version.split()[0]}
    for levels in (["normal", "easy"], ["normal", "normal", "normal", "normal", "normal"]):
        times = []
        for g in range(GAMES):
            seed = hashlib.sha256(f"milehollow-bench/pyodide/{len(levels)}/{g}".encode()).hexdigest()
            t = Table(GAME, [Seat(lv, True, lv) for lv in levels], {}, seed, "bench")
            for p, spent in timed_choices(t, time.perf_counter):
                if t.seats[p].level == "normal":
                    times.append(spent)
        times.sort()
        out[f"normal_{len(levels)}p"] = {"decisions": len(times), "mean": round(sum(times) / len(times), 5),
                                         "p95": round(times[int(0.95 * (len(times) - 1))], 5),
                                         "max": round(times[-1], 5)}
    return json.dumps(out)
run()
"""


def pyodide(games: int = 3) -> dict:
    """Normal's wall-clock time per decision in Pyodide under Node, with this tree's py_engine
    (zipped here, so no site build is needed; the Pyodide runtime comes from dist/pyodide)."""
    py_dir = ROOT / "dist" / "pyodide"
    if not (py_dir / "pyodide.mjs").exists():
        return {"error": "dist/pyodide is missing (run build_site.py first)"}
    try:
        return json.loads(pyodide_node.run(py_dir, PYODIDE_WORKLOAD, str(games)))
    except subprocess.CalledProcessError as e:
        return {"error": e.stderr.strip().splitlines()[-1] if e.stderr.strip() else "node failed"}


def main(argv: list[str]) -> None:
    cmd = argv[0] if argv else "all"
    if cmd == "match":
        games = int(argv[3]) if len(argv) > 3 else 100
        seats = int(argv[4]) if len(argv) > 4 else 2
        print(json.dumps(match(argv[1], argv[2], games, seats), indent=1))
    elif cmd == "selfplay":
        print(json.dumps(selfplay(int(argv[1]) if len(argv) > 1 else 500, argv[2] if len(argv) > 2 else "normal"),
                         indent=1))
    elif cmd == "pyodide":
        print(json.dumps(pyodide(int(argv[1]) if len(argv) > 1 else 3), indent=1))
    else:
        for a, b in (("normal", "easy"), ("normal", "random"), ("easy", "random")):
            print(json.dumps(match(a, b, 100), indent=1), flush=True)
        for n in (3, 4, 5):
            print(json.dumps(match("normal", "easy", 100, n), indent=1), flush=True)
        print(json.dumps(selfplay(500), indent=1), flush=True)
        print(json.dumps(pyodide(3), indent=1), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
