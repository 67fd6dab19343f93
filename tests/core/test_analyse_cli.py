"""``python -m py_engine analyse RECORD --json`` for every game: the shape the issue fixes.

One entry for every action a seat chose among two or more legal actions (not the table's forced or
timed-out moves), ``step`` its index in the record's actions, ``loss`` ≥ 0 (0 when best == played),
``mark`` one of null / inaccuracy / mistake / blunder as the thresholds say. The budget is tiny: this
checks the shape and the bookkeeping; what a review finds is checked on Hollowmere
(tests/hollowmere/test_expert.py) and measured by the bench.
"""
from __future__ import annotations

import hashlib
import json

import pytest

from py_engine import cli
from py_engine.core import analysis
from py_engine.core import record as rec
from py_engine.core.table import Seat, Table
from py_engine.registry import available, get_game


def seed_of(*parts) -> str:
    return hashlib.sha256("/".join(map(str, ("analyse",) + parts)).encode()).hexdigest()


@pytest.mark.parametrize("name", available())
def test_analyse_json_shape(name, tmp_path, capsys):
    game = get_game(name)
    t = Table(game, [Seat("A", True, "easy"), Seat("B", True, "normal")], {}, seed_of(name), "test",
              timers=True)
    # a timer move and forced moves must not be judged: time out the first decision
    d = t.decision()
    t.play_timeout(d.players[0])
    t.play_bots()
    assert t.state.is_terminal()
    record = t.to_record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert cli.main(["analyse", str(path), "--json", "--iterations", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"game", "moves"} and data["game"] == name
    replay = Table(game, [Seat.from_json(s) for s in record["seats"]], record["options"], record["seed"], "test")
    chosen = []
    for i, (action, (seat, by)) in enumerate(zip(record["actions"], record["actors"])):
        if by == rec.BY_SEAT and len(replay.state.legal_actions(seat)) >= 2:
            chosen.append(i)
        replay.play(action, seat, by)
    assert [m["step"] for m in data["moves"]] == chosen
    assert record["actors"][0][1] == rec.BY_TIMER and 0 not in chosen
    for m in data["moves"]:
        assert set(m) == {"step", "seat", "played", "best", "loss", "mark", "forced"}
        assert m["played"] == record["actions"][m["step"]] and m["seat"] == record["actors"][m["step"]][0]
        assert isinstance(m["loss"], float) and m["loss"] >= 0
        assert m["best"] != m["played"] or m["loss"] == 0
        assert m["mark"] == analysis.mark(m["loss"], m["forced"]) and m["mark"] in (None, "inaccuracy", "mistake", "blunder")
        assert m["forced"] in (None, *analysis.FORCED)


def test_analyse_refuses_what_it_cannot_review(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert cli.main(["analyse", str(bad), "--json"]) == 1
    assert cli.main(["analyse", str(tmp_path / "missing.json")]) == 1
    assert analysis.mark(0.0) is None and analysis.mark(0.05) == "inaccuracy"
    assert analysis.mark(0.1) == "mistake" and analysis.mark(0.25) == "blunder"
