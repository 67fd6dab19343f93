"""Tuning Milehollow's quick players against Normal on paired seeds.

    python bench/tuning/milehollow.py match [--games G] [--seats N] [--start K] [--level carrier|expert]
                                            [NAME=VALUE ...] [/ NAME=VALUE ...]

Game i uses the seed SHA-256("tune/milehollow/<i>") (never the bench's ``strength/...`` seeds, so the bench
measures on games tuning never saw). Each seed is played once with the tried player at every seat and
Normal at the others, so seat luck and deal luck fall out of the comparison. NAME=VALUE sets an attribute
of the tried player (``CarrierBot``) for the match (values are JSON); several settings separated by ``/``
are played one after the other on the same seeds. A line per setting is appended to
``bench/results/trials/milehollow-tuning.jsonl``, with ``base``: the carrier's own route and turn numbers
the settings were tried on (older lines have none: Normal's routes and turns).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from py_engine.core.fairness import Chance  # noqa: E402
from py_engine.registry import get_game  # noqa: E402
from py_engine.games.milehollow.bots import MilehollowBot  # noqa: E402
from py_engine.games.milehollow.carrier import CarrierBot  # noqa: E402

GAME = get_game("milehollow")
OUT = ROOT / "bench" / "results" / "trials" / "milehollow-tuning.jsonl"


def seed_of(i: int) -> str:
    return hashlib.sha256(f"tune/milehollow/{i}".encode()).hexdigest()


def play(seed: str, bots: list) -> tuple[list[int], list[int]]:
    chance = Chance(seed)
    s = GAME.new_initial_state(len(bots), {}, chance)
    while not s.is_terminal():
        d = s.decision()
        for p in d.players:
            if s.decision() is None or p not in s.decision().players:
                continue
            legal = s.legal_actions(p)
            s.apply_action(bots[p].choose(s.observation(p), legal, chance.bot_stream(p, s.n_actions)), p)
    return s.winners(), s.scores()


def make(level: str, seat: int, settings: dict):
    if level == "carrier":
        return CarrierBot(seat, **settings)
    if level == "lookahead":
        from py_engine.games.milehollow.lookahead import LookaheadBot
        return LookaheadBot(seat, **settings)
    if level == "expert":
        from py_engine.games.milehollow.expert import ExpertBot
        bot = ExpertBot(GAME, seat)
        for k, v in settings.items():
            setattr(bot.knowledge, k, v)
        return bot
    return MilehollowBot(seat)


def match(level: str, settings: dict, games: int, seats: int, start: int) -> dict:
    wins = 0.0
    margin = 0.0
    played = 0
    per_seed = []
    t0 = time.time()
    for i in range(start, start + games):
        seed = seed_of(i)
        got = 0.0
        for k in range(seats):
            bots = [make(level, s, settings) if s == k else MilehollowBot(s) for s in range(seats)]
            winners, scores = play(seed, bots)
            w = 1.0 / len(winners) if k in winners else 0.0
            got += w
            wins += w
            margin += scores[k] - max(sc for s, sc in enumerate(scores) if s != k)
            played += 1
        per_seed.append(got)
    rate = wins / played
    # the spread of a seed's result (both seats together) gives the interval of the paired rate
    mean = sum(per_seed) / len(per_seed) / seats
    var = sum((g / seats - mean) ** 2 for g in per_seed) / max(1, len(per_seed) - 1)
    half = 1.96 * math.sqrt(var / len(per_seed))
    base = {k: getattr(CarrierBot, k) for k in ("road_turn", "long_bonus", "need_factor")}
    return {"level": level, "settings": settings, "base": base, "seats": seats, "seeds": f"{start}..{start + games - 1}",
            "games": played, "wins": wins, "rate": round(rate, 4), "half": round(half, 4),
            "margin": round(margin / played, 2), "seconds": round(time.time() - t0, 1)}


def parse_settings(items: list[str]) -> list[dict]:
    out, cur = [], {}
    for item in items:
        if item == "/":
            out.append(cur)
            cur = {}
            continue
        k, _, v = item.partition("=")
        cur[k] = json.loads(v)
    out.append(cur)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("cmd", choices=["match"])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seats", type=int, default=2)
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--level", default="carrier")
    p.add_argument("settings", nargs="*")
    args = p.parse_intermixed_args(argv)
    for settings in parse_settings(args.settings):
        r = match(args.level, settings, args.games, args.seats, args.start)
        print(json.dumps(r), flush=True)
        OUT.parent.mkdir(parents=True, exist_ok=True)
        with OUT.open("a") as f:
            f.write(json.dumps(r) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
