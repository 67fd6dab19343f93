"""Pinned games: seeded games of every bot level of every game, move for move, with the strongest level's
hints and review judgements at a sample of decisions. A change to the engine's insides must leave every
pin as it is (what a player sees: the moves, the hints, the review's marks and the record's seal).

Two sets, each kept in a JSON file beside this one:

* ``tests`` — at the tests' small search budgets (``tests/conftest.py``, ``quick_budgets``): every case
  below, checked by ``tests/test_pins.py`` in the suite;
* ``full`` — at the levels' own budgets, the budgets a player meets: the same cases, checked by
  ``python -m tests.pins check full`` (a few minutes, so not in the suite).

``python -m tests.pins write tests|full`` writes a set again (only when a change of behaviour is meant).
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from py_engine.core import analysis
from py_engine.core.commitments import canonical_json
from py_engine.core.table import Seat, Table
from py_engine.registry import GAME_MODULES, get_game

HERE = Path(__file__).parent
FILES = {"tests": HERE / "pins_tests.json", "full": HERE / "pins_full.json"}
#: The quick hints the bridge asks for (``py_engine/bridge.py``, ``HINT_SHARE``).
HINT_SHARE = {"desk": 3, "phone": 4}
#: Decisions per game whose hint and review judgement are pinned, besides the first (a game's opening choice:
#: Milehollow's mail kept from the deal).
SAMPLED = 3
#: Options of the largest tables' second case: every game option that changes what a bot decides.
OPTIONS = {"hollowmere": {"hide_next": True, "meadows": True, "mist_veil": True}}


def seed_of(*parts: Any) -> str:
    return hashlib.sha256("/".join(map(str, ("pins",) + parts)).encode()).hexdigest()


def cases() -> list[tuple[str, str, tuple[str, ...], dict[str, Any]]]:
    """(name, game, seat levels, options): each level at two seats beside each other level, twice; the
    largest table with every level, twice (the second with the game's options on)."""
    out = []
    for name in GAME_MODULES:
        game = get_game(name)
        levels = tuple(game.bot_levels)
        for i, lv in enumerate(levels):
            other = levels[(i + 1) % len(levels)]
            for k in range(2):
                out.append((f"{name}/2/{lv}-{other}/{k}", name, (lv, other), {}))
        if game.max_players > 2:
            n = game.max_players
            for k in range(2):
                seats = tuple(levels[(j + len(levels) - 1 - k) % len(levels)] for j in range(n))
                out.append((f"{name}/{n}/{k}", name, seats, OPTIONS.get(name, {}) if k else {}))
    return out


def play(name: str, game_name: str, levels: tuple[str, ...], options: dict[str, Any]) -> dict[str, Any]:
    game = get_game(game_name)
    t = Table(game, [Seat(f"{lv} {i + 1}", True, lv) for i, lv in enumerate(levels)], options, seed_of(name), "pins")
    t.play_bots()
    assert t.state.is_terminal(), name
    record = t.to_record()
    steps = analysis.decisions(record, get_game)
    picked = sorted({steps[0]} | {steps[len(steps) * (i + 1) // (SAMPLED + 1)] for i in range(SAMPLED)}) if steps else []
    reviewer = analysis.Reviewer(record, get_game)
    judged = []
    for step in picked:
        before = Table.from_record(record, get_game, "pins", upto=step)
        seat = record["actors"][step][0]
        bot = analysis.strongest(game, seat)
        hints = {"full": analysis.hint(before, seat)["action"]}
        budget = getattr(bot, "iterations", None)
        for quick, share in HINT_SHARE.items():
            iterations = max(4, budget // share) if isinstance(budget, int) else None
            hints[quick] = analysis.hint(before, seat, iterations)["action"]
        review = reviewer.next(step)
        review = {k: review[k] for k in ("step", "seat", "played", "best", "loss", "mark", "forced", "chance",
                                         "played_chance")}
        judged.append({"step": step, "hint": hints, "review": review})
    return {"actions": record["actions"], "seal": record["seal"],
            "record": hashlib.sha256(canonical_json(record)).hexdigest(),
            "scores": record["result"]["scores"], "sampled": judged}


def compute(only: str | None = None) -> dict[str, Any]:
    return {name: play(name, g, levels, options) for name, g, levels, options in cases()
            if only is None or name.startswith(only)}


def differences(expected: dict[str, Any], got: dict[str, Any]) -> list[str]:
    """Where ``got`` leaves the pins, in words (first differing move of each game)."""
    out = []
    for name, pin in expected.items():
        if name not in got:
            continue
        now = got[name]
        if now == pin:
            continue
        a, b = pin["actions"], now["actions"]
        first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        if a != b:
            out.append(f"{name}: move {first + 1} was {a[first:first + 1]}, now {b[first:first + 1]}")
        else:
            for p, n in zip(pin["sampled"], now["sampled"]):
                if p != n:
                    out.append(f"{name}: step {p['step']}: was {p}, now {n}")
            if pin["record"] != now["record"]:
                out.append(f"{name}: the record differs")
    return out


def _quick() -> Any:
    import pytest

    from tests.conftest import quick_budgets
    mp = pytest.MonkeyPatch()
    quick_budgets(mp)
    return mp


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] not in ("write", "check") or argv[1] not in FILES:
        print("usage: python -m tests.pins write|check tests|full [CASE-PREFIX]")
        return 2
    what, which = argv[0], argv[1]
    only = argv[2] if len(argv) > 2 else None
    if which == "tests":
        _quick()
    got = compute(only)
    path = FILES[which]
    if what == "write":
        old = json.loads(path.read_text()) if path.exists() and only else {}
        path.write_text(json.dumps({**old, **got}, indent=1, sort_keys=True) + "\n")
        print(f"wrote {len(got)} pinned games to {path.name}")
        return 0
    diff = differences(json.loads(path.read_text()), got)
    print("\n".join(diff) or f"{len(got)} pinned games as pinned")
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
