"""Tuning Wickerfair's evaluation weights (``evaluate.Weights``) against Normal, in fast planner games.

    python bench/tuning/wickerfair.py match 'leader=0.5' 'extra_goodwill=0.3' --seeds 60
    python bench/tuning/wickerfair.py screen --seeds 60 < variants.txt     # one variant a line
    python bench/tuning/wickerfair.py expert --seeds 10 [overrides…]       # the Expert level itself

Each seed is SHA-256("tune/wickerfair/<seats>/<i>"), never the bench's ``strength/...`` ones, so the final
bench measures on games tuning never saw. With two seats every seed is played twice, the planner under
test at seat 0 and at seat 1 (the draw of the first player and every hidden thing stay the same), which
takes most of the luck of the deal out of the difference. Besides wins (a shared win counts as a fraction)
the mean margin in final coins over the best other clan is reported: it moves long before the win rate
does, so it tells close variants apart in fewer games. Every match is appended as one JSON line to
``bench/results/trials/wickerfair-tune.jsonl``.
"""
from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from py_engine.core.table import Seat, Table  # noqa: E402
from py_engine.games.wickerfair import evaluate  # noqa: E402
from py_engine.games.wickerfair.planner import NormalBot  # noqa: E402
from py_engine.registry import get_game  # noqa: E402

OUT = ROOT / "bench" / "results" / "trials" / "wickerfair-tune.jsonl"
GAME = get_game("wickerfair")


def seed_of(seats: int, i: int) -> str:
    return hashlib.sha256(f"tune/wickerfair/{seats}/{i}".encode()).hexdigest()


def parse(overrides: list[str], base: evaluate.Weights | None = None) -> evaluate.Weights:
    w = base or evaluate.Weights()
    changes = {}
    for item in overrides:
        name, _, text = item.partition("=")
        value = json.loads(text)
        changes[name] = tuple(value) if isinstance(value, list) else value
    return dataclasses.replace(w, **changes)


def play(make_tested, seed: str, seats: int, tested: int) -> tuple[float, float, list[int]]:
    table = Table(GAME, [Seat(f"s{k}", True, "normal") for k in range(seats)], {}, seed, "tune")
    table._bots[tested] = make_tested(tested)
    table.play_bots()
    winners = table.state.winners()
    scores = table.state.scores()
    share = 1.0 / len(winners) if tested in winners else 0.0
    margin = scores[tested] - max(x for k, x in enumerate(scores) if k != tested)
    return share, margin, scores


def match(make_tested, n: int, seats: int = 2, first: int = 0) -> dict:
    wins, margins, games = 0.0, [], 0
    t0 = time.process_time()
    for i in range(first, first + n):
        for tested in (range(seats) if seats == 2 else [i % seats]):
            share, margin, _ = play(make_tested, seed_of(seats, i), seats, tested)
            wins += share
            margins.append(margin)
            games += 1
    mean = sum(margins) / games
    sd = math.sqrt(sum((m - mean) ** 2 for m in margins) / max(1, games - 1))
    return {"games": games, "wins": wins, "rate": round(wins / games, 4), "margin": round(mean, 2),
            "margin_se": round(sd / math.sqrt(games), 2), "cpu": round(time.process_time() - t0, 1)}


def record(label: str, result: dict) -> None:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("a") as f:
        f.write(json.dumps({"variant": label, **result}) + "\n")
    print(f"{label:60s} {result['wins']:6.1f}/{result['games']:<4d} {100 * result['rate']:5.1f} %  "
          f"margin {result['margin']:+6.2f} ± {result['margin_se']:.2f}  {result['cpu']} s", flush=True)


def planner_of(w: evaluate.Weights):
    return lambda seat: NormalBot(seat, w)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("cmd", choices=("match", "screen", "expert"))
    p.add_argument("overrides", nargs="*")
    p.add_argument("--seeds", type=int, default=60)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--seats", type=int, default=2)
    p.add_argument("--base", default="", help="overrides every variant starts from, ';'-separated")
    p.add_argument("--expert-base", action="store_true", help="start from evaluate.EXPERT")
    a = p.parse_args(argv)
    base = evaluate.EXPERT if a.expert_base else evaluate.Weights()
    base = parse([x for x in a.base.split(";") if x], base)
    tag = f"[{a.seats}p {a.first}+{a.seeds}] " + (f"{a.base} | " if a.base else "") + ("E| " if a.expert_base else "")
    if a.cmd == "match":
        record(tag + " ".join(a.overrides), match(planner_of(parse(a.overrides, base)), a.seeds, a.seats, a.first))
    elif a.cmd == "screen":
        for line in sys.stdin:
            line = line.strip()
            if line and not line.startswith("#"):
                record(tag + line, match(planner_of(parse(line.split(), base)), a.seeds, a.seats, a.first))
    else:
        from py_engine.games.wickerfair.expert import ExpertBot
        record(tag + "expert " + " ".join(a.overrides),
               match(lambda seat: ExpertBot(GAME, seat), a.seeds, a.seats, a.first))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
