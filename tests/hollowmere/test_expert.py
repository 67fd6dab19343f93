"""Hollowmere's Expert: its moves are re-derived by ``verify --bots``; hints and reviews use it.

The budget here is the tests' small one (tests/conftest.py): what is checked is that the move is a pure
function of what the seat sees, its stream and the budget, not how strong it is (bench/strength.py).
"""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from py_engine.core import analysis
from py_engine.core.table import Seat, Table
from py_engine.core.verify import verify
from py_engine.registry import get_game

ROOT = Path(__file__).resolve().parents[2]
GAME = get_game("hollowmere")


def seed_of(*parts) -> str:
    return hashlib.sha256("/".join(map(str, ("hm-expert",) + parts)).encode()).hexdigest()


def finished(levels: list[str], seed: str) -> Table:
    t = Table(GAME, [Seat(f"{lv} {k}", True, lv) for k, lv in enumerate(levels)], {}, seed, "test")
    t.play_bots()
    assert t.state.is_terminal()
    return t


def test_expert_is_the_last_level_and_strong_stays_retired():
    assert GAME.bot_levels[-1] == "expert" and "strong" not in GAME.bot_levels
    assert "strong" in GAME.retired_bot_levels


def test_verify_rederives_every_expert_move():
    t = finished(["expert", "normal"], seed_of("verify"))
    report = verify(t.to_record(), get_game, "test", bots=True)
    assert report.ok and report.details["bots_checked"], report.summary
    # an expert move replaced by another legal one is caught at that move
    record = t.to_record()
    i = next(k for k, (seat, by) in enumerate(record["actors"]) if seat == 0 and k > 10)
    legal = Table.from_record(record, get_game, "test", upto=i).state.legal_actions(0)
    other = next(a for a in legal if a != record["actions"][i])
    edited = dict(record, actions=record["actions"][:i] + [other] + record["actions"][i + 1:])
    bad = verify(edited, get_game, "test", bots=True)
    assert not bad.ok and bad.move == i + 1 and bad.expected == record["actions"][i]


def test_hint_is_the_expert_move_from_the_seat_view():
    t = Table(GAME, [Seat("Ana", False), Seat("Bot", True, "normal")], {}, seed_of("hint"), "test")
    t.play_bots()
    d = t.decision()
    seat = d.players[0]
    h = analysis.hint(t, seat)
    assert h["action"] in t.state.legal_actions(seat) and h["words"]["en"] and h["words"]["pt"]
    expert = GAME.make_bot("expert", seat)
    assert h["action"] == expert.choose(t.state.observation(seat), t.state.legal_actions(seat),
                                        t.chance.bot_stream(seat, len(t.actions)))
    assert analysis.hint(t, seat) == h


@pytest.mark.slow
def test_analyse_json_and_easy_loses_more_than_expert():
    t = finished(["easy", "expert"], seed_of("review"))
    path = ROOT / "tests" / "hollowmere" / "_review_record.json"
    try:
        path.write_text(json.dumps(t.to_record()))
        out = subprocess.run([sys.executable, "-m", "py_engine", "analyse", str(path), "--json", "--iterations", "24"],
                             cwd=ROOT, capture_output=True, text=True, check=True).stdout
    finally:
        path.unlink(missing_ok=True)
    data = json.loads(out)
    assert set(data) == {"game", "moves"} and data["game"] == "hollowmere"
    record = t.to_record()
    chosen = [k for k, (seat, by) in enumerate(record["actors"]) if by == "seat"]
    assert [m["step"] for m in data["moves"]] == chosen
    for m in data["moves"]:
        assert set(m) == {"step", "seat", "played", "best", "loss", "mark", "forced"}
        assert m["played"] == record["actions"][m["step"]] and m["seat"] == record["actors"][m["step"]][0]
        assert m["loss"] >= 0 and (m["loss"] == 0 if m["best"] == m["played"] else True)
        # No forced result is proved in a game of hidden tiles: the marks follow the chances alone.
        assert m["forced"] is None and m["mark"] == analysis.mark(m["loss"])
    loss = {s: [m["loss"] for m in data["moves"] if m["seat"] == s] for s in (0, 1)}
    easy, expert = (sum(v) / len(v) for v in (loss[0], loss[1]))
    assert easy > 3 * expert and easy > 0.002, (easy, expert)
