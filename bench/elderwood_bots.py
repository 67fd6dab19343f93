"""Elderwood bot strength and speed (a bench, not a unit test).

    python bench/elderwood_bots.py [GAMES] [PAIRING ...]

PAIRING is one of normal-easy, normal-random, strong-normal, easy-random (default: the
first two). Each game has its own seed; the bot under test plays ash in even games and
walnut in odd ones. Draws count as not-wins. Prints win rates and per-move times.
"""
from __future__ import annotations

import hashlib
import sys
import time

from py_engine.core.fairness import Chance
from py_engine.games.elderwood import GAME
from py_engine.core.bots import RandomBot


def seed_for(label: str, i: int) -> str:
    return hashlib.sha256(f"elderwood-bench/{label}/{i}".encode()).hexdigest()


def make(level: str, seat: int):
    return RandomBot() if level == "random" else GAME.make_bot(level, seat)


def play(hero: str, villain: str, i: int, label: str) -> tuple[str, int, list[float]]:
    seed = seed_for(label, i)
    chance = Chance(seed)
    state = GAME.new_initial_state(2, {}, chance)
    hero_seat = state.ash_seat if i % 2 == 0 else 1 - state.ash_seat
    bots = {hero_seat: make(hero, hero_seat), 1 - hero_seat: make(villain, 1 - hero_seat)}
    times: list[float] = []
    while not state.is_terminal():
        seat = state.current_player()
        if state.is_forced(seat):
            state.apply_action(state.timeout_action(seat), seat)
            continue
        t0 = time.perf_counter()
        action = bots[seat].choose(state.observation(seat), state.legal_actions(seat),
                                   chance.bot_stream(seat, state.pos.ply))
        if seat == hero_seat:
            times.append(time.perf_counter() - t0)
        state.apply_action(action, seat)
    w = state.winners()
    outcome = "draw" if len(w) == 2 else ("win" if w == [hero_seat] else "loss")
    return outcome, state.pos.ply, times


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv else 100
    pairings = argv[1:] or ["normal-easy", "normal-random"]
    for pairing in pairings:
        hero, villain = pairing.split("-")
        tally = {"win": 0, "draw": 0, "loss": 0}
        all_times: list[float] = []
        plies = []
        t0 = time.perf_counter()
        for i in range(games):
            outcome, ply, times = play(hero, villain, i, pairing)
            tally[outcome] += 1
            all_times += times
            plies.append(ply)
            print(f"  {pairing} game {i}: {outcome} in {ply} plies", flush=True)
        all_times.sort()
        n = len(all_times)
        print(f"{pairing}: {games} games, wins {tally['win']} ({100 * tally['win'] / games:.0f} %), "
              f"draws {tally['draw']}, losses {tally['loss']}; mean length {sum(plies) / games:.0f} plies; "
              f"{hero} move time mean {sum(all_times) / n:.3f} s, p95 {all_times[int(n * 0.95)]:.3f} s, "
              f"max {all_times[-1]:.3f} s; wall {time.perf_counter() - t0:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
