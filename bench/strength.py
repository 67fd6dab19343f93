"""Bot strength for every game, level against level, in resumable parts.

    python bench/strength.py play GAME LEVEL OTHER --seats N --games G [--out FILE] [--limit SECONDS]
    python bench/strength.py report [FILE ...]            # a Markdown table of every match in the files
    python bench/strength.py all --games G [--limit SECONDS]  # every level against every lower level, every game

``--set MODULE.NAME=VALUE`` (repeatable) changes a constant of a game's package for a trial, e.g.
``--set hollowmere.expert.ITERATIONS=96``; results of trials belong in their own ``--out`` file.

Every game is seeded: game i of a match uses the seed SHA-256("strength/<game>/<level>-<other>/<seats>/<i>").
With two seats the tested level sits at seat i mod 2 (seats swapped game by game); at a larger table one
seat plays the tested level, at seat i mod N, and the others the other level. The first player is still
drawn from each game's seed. A shared win counts as a fraction (1/k of a win shared by k seats); a
level's fair share at an N-seat table is 1/N.

Each finished game is appended as one JSON line to the results file (default
``bench/results/strength.jsonl``): the game, levels, seats, index, result, scores, the tested level's
CPU seconds per decision (``time.process_time`` around ``Table.bot_choice``, the browser's path). A
rerun skips the games already in the file, so a long match is played in many short runs (``--limit``
stops starting new games after that many seconds). Run it at a low priority on a shared machine:
``nice -n 15 python bench/strength.py …``.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from py_engine.core.table import Seat, Table  # noqa: E402
from py_engine.registry import available, get_game  # noqa: E402

from botgames import timed_choices  # noqa: E402

DEFAULT_OUT = ROOT / "bench" / "results" / "strength.jsonl"


def seed_of(game: str, level: str, other: str, seats: int, i: int) -> str:
    return hashlib.sha256(f"strength/{game}/{level}-{other}/{seats}/{i}".encode()).hexdigest()


def done_games(path: Path) -> set[tuple]:
    out = set()
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                out.add((r["game"], r["level"], r["other"], r["seats"], r["i"]))
    return out


def play_one(game_name: str, level: str, other: str, seats: int, i: int) -> dict:
    game = get_game(game_name)
    tested = i % seats
    levels = [level if k == tested else other for k in range(seats)]
    table = Table(game, [Seat(f"{lv} {k + 1}", True, lv) for k, lv in enumerate(levels)], {},
                  seed_of(game_name, level, other, seats, i), "bench")
    times: list[float] = []
    started = time.time()
    for p, spent in timed_choices(table, time.process_time):
        if p == tested and len(table.state.legal_actions(p)) > 1:
            times.append(spent)
    winners = table.state.winners()
    share = 1.0 / len(winners) if tested in winners else 0.0
    return {"game": game_name, "level": level, "other": other, "seats": seats, "i": i, "tested_seat": tested,
            "win": share, "winners": winners, "scores": table.state.scores(), "actions": len(table.actions),
            "times": [round(x, 4) for x in times],
            "wall": round(time.time() - started, 2)}


def apply_settings(settings: list[str]) -> None:
    """``hollowmere.expert.ITERATIONS=96`` or ``hollowmere.expert.HollowmereKnowledge.horizon=3``."""
    import importlib
    for item in settings or []:
        target, _, text = item.partition("=")
        parts = target.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            try:
                obj = importlib.import_module("py_engine.games." + ".".join(parts[:cut]))
                break
            except ModuleNotFoundError:
                continue
        else:
            raise SystemExit(f"no module in {target}")
        for name in parts[cut:-1]:
            obj = getattr(obj, name)
        old = getattr(obj, parts[-1])
        value = json.loads(text)
        setattr(obj, parts[-1], value if old is None else type(old)(value))


def cmd_play(args: argparse.Namespace) -> int:
    apply_settings(getattr(args, "set", None))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    have = done_games(out)
    start = time.time()
    played = 0
    for i in range(args.games):
        key = (args.game, args.level, args.other, args.seats, i)
        if key in have:
            continue
        if args.limit and time.time() - start > args.limit:
            break
        r = play_one(args.game, args.level, args.other, args.seats, i)
        with out.open("a") as f:
            f.write(json.dumps(r) + "\n")
        played += 1
        print(f"{args.game} {args.level}-{args.other} {args.seats} seats game {i}: win {r['win']:.2f} "
              f"scores {r['scores']} max {max(r['times'] or [0]):.2f}s", flush=True)
    print(f"played {played} games", flush=True)
    return 0


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a win rate (shared wins counted as fractions)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def summary(rows: list[dict]) -> list[dict]:
    groups: dict[tuple, list[dict]] = {}
    for r in rows:
        groups.setdefault((r["game"], r["level"], r["other"], r["seats"]), []).append(r)
    out = []
    for (game, level, other, seats), rs in sorted(groups.items()):
        wins = sum(r["win"] for r in rs)
        times = [t for r in rs for t in r["times"]]
        lo, hi = wilson(wins, len(rs))
        out.append({"game": game, "level": level, "other": other, "seats": seats, "games": len(rs),
                    "wins": wins, "rate": wins / len(rs), "low": lo, "high": hi, "share": 1 / seats,
                    "mean": sum(times) / len(times) if times else 0.0, "p95": percentile(times, 0.95),
                    "max": max(times) if times else 0.0, "decisions": len(times)})
    return out


def cmd_report(args: argparse.Namespace) -> int:
    rows = []
    for name in args.files or [str(DEFAULT_OUT)]:
        p = Path(name)
        if p.exists():
            rows += [json.loads(line) for line in p.read_text().splitlines() if line.strip()]
    print("| game | level vs other | seats | games | wins | win rate (95 % interval) | fair share "
          "| s/decision mean / p95 / max (CPython) |")
    print("|---|---|---|---|---|---|---|---|")
    for s in summary(rows):
        print(f"| {s['game']} | {s['level']} vs {s['other']} | {s['seats']} | {s['games']} | {s['wins']:g} "
              f"| {100 * s['rate']:.1f} % ({100 * s['low']:.1f}–{100 * s['high']:.1f}) | {100 * s['share']:.0f} % "
              f"| {s['mean']:.3f} / {s['p95']:.3f} / {s['max']:.3f} |")
    return 0


def cmd_all(args: argparse.Namespace) -> int:
    start = time.time()
    for name in available():
        game = get_game(name)
        levels = list(game.bot_levels)
        for hi in range(1, len(levels)):
            for lo in range(hi):
                for seats in sorted({2, game.max_players}):
                    left = args.limit - (time.time() - start) if args.limit else 0
                    if args.limit and left <= 0:
                        return 0
                    cmd_play(argparse.Namespace(game=name, level=levels[hi], other=levels[lo], seats=seats,
                                                games=args.games, out=args.out, limit=left))
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    play = sub.add_parser("play")
    play.add_argument("game")
    play.add_argument("level")
    play.add_argument("other")
    play.add_argument("--seats", type=int, default=2)
    play.add_argument("--games", type=int, default=100)
    play.add_argument("--out", default=str(DEFAULT_OUT))
    play.add_argument("--limit", type=float, default=0.0, help="start no new game after this many seconds")
    play.add_argument("--set", action="append", help="MODULE.NAME=VALUE: a game constant changed for a trial")
    play.set_defaults(fn=cmd_play)
    rep = sub.add_parser("report")
    rep.add_argument("files", nargs="*")
    rep.set_defaults(fn=cmd_report)
    a = sub.add_parser("all")
    a.add_argument("--games", type=int, default=100)
    a.add_argument("--out", default=str(DEFAULT_OUT))
    a.add_argument("--limit", type=float, default=0.0)
    a.set_defaults(fn=cmd_all)
    args = p.parse_args(argv)
    return args.fn(args)


if __name__ == "__main__":
    sys.exit(main())
