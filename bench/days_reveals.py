#!/usr/bin/env python3
"""How often a guest's page over days needs the host's device to go on with its own turn.

    python3 bench/days_reveals.py [--games 20] [--level easy] [--no-write]

For each game, ``--games`` two-seat games between bots of ``--level`` (seeds fixed: the same figures
every run). For every action a seat plays itself, the action is counted as *revealing* when
``reveals_to(action, seat)`` is True (its page cannot show the position after it before the host's
engine has played it), and as *the same turn* when, after it, the game waits for that seat again at
once (its own next decision: Milehollow's second wagon card, a Wickerfair action of several steps).
The figure that matters is the last column: of the seat's own next decisions in the same turn, how
many need the host's device first.

Writes the table into the "Tables over days" section of docs/performance.md (``--no-write``: print it).
"""
from __future__ import annotations

import argparse
import hashlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from py_engine.core.table import Seat, Table  # noqa: E402
from py_engine.registry import available, get_game  # noqa: E402

SECTION = "## Tables over days: when a guest's page needs the host"


def measure(name: str, games: int, level: str) -> dict[str, int]:
    game = get_game(name)
    out = {"actions": 0, "revealing": 0, "same_turn": 0, "same_turn_revealing": 0}
    for i in range(games):
        seed = hashlib.sha256(f"days-reveals/{name}/{i}".encode()).hexdigest()
        t = Table(game, [Seat("A", True, level), Seat("B", True, level)], {}, seed, "bench")
        for _ in range(20_000):
            t.play_forced()
            d = t.decision()
            if d is None:
                break
            seat = d.players[0]
            action = t.bot_choice(seat)
            reveals = t.state.reveals_to(action, seat)
            t.play(action, seat)
            nd = t.decision()
            again = nd is not None and seat in nd.players
            out["actions"] += 1
            out["revealing"] += reveals
            out["same_turn"] += again
            out["same_turn_revealing"] += again and reveals
    return out


def pct(a: int, b: int) -> str:
    return f"{100 * a / b:.0f} %" if b else "—"


def table(rows: dict[str, dict[str, int]], games: int, level: str) -> str:
    lines = [SECTION, "",
             f"`python3 bench/days_reveals.py` ({games} two-seat games of {level.capitalize()} bots per game, fixed "
             "seeds). *Revealing*: the seat's own actions after which its page cannot show the position before "
             "the host's engine has played them (`GameState.reveals_to`; the page says the rest comes when the "
             "host's device is next online); the others are shown at once as \"sent\" (`preview`). *Same turn*: "
             "actions after which the game waits for the same seat again at once; the last column is how many "
             "of those next decisions need the host's device first: the waits for the host's device beyond the "
             "natural alternation of turns, also given per game.", "",
             "| game | actions | revealing | same turn | same turn, host needed | waits beyond the alternation, per game |",
             "|---|---|---|---|---|---|"]
    for name, r in rows.items():
        lines.append(f"| {name} | {r['actions']} | {r['revealing']} ({pct(r['revealing'], r['actions'])}) | "
                     f"{r['same_turn']} | {r['same_turn_revealing']} ({pct(r['same_turn_revealing'], r['same_turn'])}) | "
                     f"{r['same_turn_revealing'] / games:.1f} |")
    lines += ["", "What reveals, game by game, is in each `docs/rules/<game>.md` (*Over days*).", ""]
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--level", default="easy")
    ap.add_argument("--no-write", action="store_true")
    a = ap.parse_args()
    rows = {name: measure(name, a.games, a.level) for name in available()}
    text = table(rows, a.games, a.level)
    print(text)
    if not a.no_write:
        doc = ROOT / "docs" / "performance.md"
        old = doc.read_text(encoding="utf-8")
        pattern = re.compile(re.escape(SECTION) + r".*?(?=\n## |\Z)", re.S)
        new = pattern.sub(lambda _: text.rstrip("\n") + "\n", old) if SECTION in old else old.rstrip("\n") + "\n\n" + text
        doc.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
