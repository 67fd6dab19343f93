"""The engine inside real Pyodide (the npm runtime the site ships), driven from Node.

It installs the wheel exactly as the web worker does (unpackArchive into site-packages),
then asks the bridge for the games and verifies records made by CPython: the same
record must verify identically in both interpreters, and a tampered one must fail there too.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build_site  # noqa: E402
from py_engine import bridge  # noqa: E402
from py_engine.registry import available  # noqa: E402

PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
SCRIPT = ROOT / "tests" / "node" / "engine_smoke.mjs"
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def _need_runtime() -> str:
    node = shutil.which("node")
    missing = [what for what, ok in (("node", node), ("node_modules/pyodide (npm ci)",
                                                       (PYODIDE_DIR / "pyodide.mjs").exists())) if not ok]
    if missing:
        if IN_CI:
            pytest.fail(f"CI must run the Pyodide test but lacks: {', '.join(missing)}")
        pytest.skip(f"needs {', '.join(missing)}")
    return node  # type: ignore[return-value]


def _call(**request):
    answer = json.loads(bridge.handle(json.dumps(request)))
    assert answer["ok"], answer
    return answer["result"]


def finished_record(game: str, seed: str) -> dict:
    """A complete bot-vs-bot game played by CPython through the same bridge."""
    snap = _call(cmd="new_table", game=game, seed=seed,
                 seats=[{"name": "Ana", "bot": True, "level": "easy"}, {"name": "Bruno", "bot": True, "level": "easy"}])
    for _ in range(2000):
        if snap["terminal"]:
            break
        snap = _call(cmd="bot_play", table=snap["table"])
    assert snap["terminal"], f"{game}: bots did not finish"
    record = _call(cmd="record", table=snap["table"])
    _call(cmd="close", table=snap["table"])
    return record


@pytest.fixture(scope="module")
def pyodide_run(tmp_path_factory):
    node = _need_runtime()
    games = available()
    assert games, "the engine has no games"
    tmp = tmp_path_factory.mktemp("pyodide")
    wheel = tmp / build_site.wheel_name()
    wheel.write_bytes(build_site.wheel_bytes())
    records = {g: finished_record(g, f"{i + 1:02x}" * 32) for i, g in enumerate(games)}
    tampered = json.loads(json.dumps(records[games[0]]))
    tampered["seats"][0]["name"] = "Mallory"
    requests = [{"cmd": "games"}]
    requests += [{"cmd": "verify", "record": records[g]} for g in games]
    requests += [{"cmd": "verify", "record": tampered}, {"cmd": "no-such-command"},
                 {"cmd": "verify", "record": "{not json"}]
    req_file = tmp / "requests.json"
    req_file.write_text(json.dumps(requests))
    proc = subprocess.run([node, str(SCRIPT), str(PYODIDE_DIR), str(wheel), str(req_file)],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    return {"games": games, "records": records, "requests": requests, "out": out}


def test_runs_in_pyodide_not_cpython(pyodide_run):
    out = pyodide_run["out"]
    assert out["platform"] == "emscripten"
    assert out["python"].startswith("3.14")
    assert "/site-packages/py_engine/" in out["engine_file"]


def test_games_answer_matches_cpython(pyodide_run):
    first = pyodide_run["out"]["answers"][0]
    assert first["ok"]
    assert first["result"] == _call(cmd="games")
    assert [g["name"] for g in first["result"]] == pyodide_run["games"]


def test_records_verify_in_pyodide_as_in_cpython(pyodide_run):
    games = pyodide_run["games"]
    answers = pyodide_run["out"]["answers"][1:1 + len(games)]
    for game, answer in zip(games, answers):
        assert answer["ok"], answer
        assert answer["result"]["ok"], answer["result"]
        assert answer["result"] == _call(cmd="verify", record=pyodide_run["records"][game])


def test_bad_input_fails_cleanly_in_pyodide(pyodide_run):
    n = len(pyodide_run["games"])
    tampered, unknown, not_json = pyodide_run["out"]["answers"][1 + n:]
    assert tampered["ok"] and not tampered["result"]["ok"]
    assert tampered["result"]["field"] == "seal"
    assert unknown == {"ok": False, "error": "unknown command 'no-such-command'", "kind": "bad-request"}
    assert not_json["ok"] is False and not_json["kind"] == "bad-record"
