"""The engine inside real Pyodide (the npm runtime the site ships), driven from Node.

It installs the wheel exactly as the web worker does (unpackArchive into site-packages),
then asks the bridge for the games and verifies records made by CPython: the same
record must verify identically in both interpreters, and a tampered one must fail there too.
"""
from __future__ import annotations

import json
import os
import re
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


def _answer(**request):
    return json.loads(bridge.handle(json.dumps(request)))


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


def days_records() -> list[dict]:
    """A finished joint table over days with a guest's witness, and a record whose claim came a minute early."""
    from py_engine.core.record import seal
    from py_engine.core.table import Seat, Table
    from py_engine.jointplay import play
    from py_engine.registry import get_game
    _, joint = play(get_game("elderwood"), [Seat("Ana"), Seat("João")], {0: "easy", 1: "easy"},
                    {"move_days": 1, "bank_days": 1, "holiday_days": 3}, "0.1.0", contributions=["01" * 32, "02" * 32])
    t = Table(get_game("elderwood"), [Seat("A"), Seat("B")], {"move_days": 1}, "0c" * 32, "0.1.0", started=1_767_225_600)
    late = t.decision().players[0]
    t.play(f"@claim:{late + 1}", 1 - late, at=1_767_225_600 + 86_400)
    early = t.to_record()
    early["times"][0] -= 60
    early["seal"] = seal(early, early["seed"])
    return [joint, early]


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
    requests += [{"cmd": "lessons", "game": g} for g in games]
    requests += [{"cmd": "verify", "record": tampered}, {"cmd": "no-such-command"},
                 {"cmd": "verify", "record": "{not json"}]
    # A table over days (times in the chain, a guest's witness with times) and a claim made too early.
    requests += [{"cmd": "verify", "record": r, "bots": True} for r in days_records()]
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


def test_lessons_read_their_package_data_in_pyodide(pyodide_run):
    n = len(pyodide_run["games"])
    for game, answer in zip(pyodide_run["games"], pyodide_run["out"]["answers"][1 + n:1 + 2 * n]):
        assert answer == _answer(cmd="lessons", game=game)
    assert any(a["result"] for a in pyodide_run["out"]["answers"][1 + n:1 + 2 * n]), "some game ships lessons"


def test_bad_input_fails_cleanly_in_pyodide(pyodide_run):
    n = len(pyodide_run["games"])
    tampered, unknown, not_json = pyodide_run["out"]["answers"][1 + 2 * n:4 + 2 * n]
    assert tampered["ok"] and not tampered["result"]["ok"]
    assert tampered["result"]["field"] == "seal"
    assert unknown == _answer(cmd="no-such-command")
    assert (unknown["ok"], unknown["error"], unknown["kind"]) == (False, "unknown command 'no-such-command'",
                                                                  "bad-request")
    assert not_json == _answer(cmd="verify", record="{not json")
    assert not_json["ok"] is False or not_json["result"]["ok"] is False


# --- the start image (site_build/start_image.py, web/lib/pystart.js) -----------------------------

IMAGE_SCRIPT = r"""
// Starts Pyodide from the built site's start image exactly as web/worker.js does (the same
// helpers, web/lib/pystart.js), with Node's file system in place of fetch.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, dist, requestsPath, mode] = process.argv.slice(2);
const worker = readFileSync(path.join(dist, "web", "worker.js"), "utf8");
const start = JSON.parse(worker.match(/^const START = (\{.*?\});/m)[1]);
const helpers = await import(pathToFileURL(path.join(dist, "web", "lib", "pystart.js")).href);
const packed = readFileSync(path.join(dist, start.image));
const image = await helpers.gunzip(new Blob([packed]).stream());
if (mode === "wrong-build") image[16] ^= 0xff;
const problem = helpers.imageProblem(image, start);
if (problem) {
  process.stdout.write(JSON.stringify({ problem }) + "\n");
  process.exit(0);
}
helpers.restoreDataSegments(image, readFileSync(path.join(pyodideDir, "pyodide.asm.wasm")));
const loads = [];
globalThis.vtLoadStdlib = (where) => {
  loads.push(where);
  py.FS.writeFile(where, readFileSync(path.join(dist, start.stdlib)));
};
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const empty = path.join(path.dirname(requestsPath), "empty.zip");
(await import("node:fs")).writeFileSync(empty, helpers.EMPTY_ZIP);
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep, _loadSnapshot: image,
                               stdLibURL: empty, stdout: (s) => console.error(s) });
const site = py.runPython("import sys; f'/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages'");
const data = readFileSync(path.join(dist, start.data)); // the engine's package data, as the worker installs it
py.unpackArchive(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), "zip", { extractDir: site });
py.runPython(`import sys; sys.path_importer_cache.pop(${JSON.stringify(site)}, None)`);
const before = py.runPython("import sys; sorted(sys.modules)").toJs();
const handle = py.pyimport("py_engine.bridge").handle;
const requests = JSON.parse(readFileSync(requestsPath, "utf8"));
const answers = requests.map((r) => JSON.parse(handle(JSON.stringify(r))));
const loadsAfterEngine = loads.length;
// A module the image does not hold: the standard library arrives on this first need only.
const lazy = py.runPython(`
import difflib, statistics, email.utils
[difflib.__file__, statistics.mean([1, 2, 3, 4]), email.utils.quote('a"b')]
`).toJs();
const where = py.runPython("import py_engine, sys; [py_engine.__file__, sys.version.split()[0], sys.platform]").toJs();
process.stdout.write(JSON.stringify({ before, answers, loadsAfterEngine, loads, lazy, start,
                                      engine_file: where[0], python: where[1], platform: where[2] }) + "\n");
"""


@pytest.fixture(scope="module")
def built_site(tmp_path_factory):
    _need_runtime()
    out = tmp_path_factory.mktemp("site") / "dist"
    return out, build_site.build(out, quiet=True)


def _image_run(built_site, tmp_path, requests, mode="plain"):
    node = _need_runtime()
    dist, _ = built_site
    script = tmp_path / "image.mjs"
    script.write_text(IMAGE_SCRIPT)
    req_file = tmp_path / "requests.json"
    req_file.write_text(json.dumps(requests))
    proc = subprocess.run([node, str(script), str(PYODIDE_DIR), str(dist), str(req_file), mode],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def image_run(built_site, tmp_path_factory, pyodide_run):
    return _image_run(built_site, tmp_path_factory.mktemp("image"), pyodide_run["requests"])


def test_the_image_starts_with_every_engine_module_already_imported(image_run):
    """Every module the browser can reach (all of py_engine but the command line) is in the
    image: nothing is imported, nothing of the standard library fetched, to answer."""
    assert image_run["platform"] == "emscripten" and image_run["python"].startswith("3.14")
    assert "/site-packages/py_engine/" in image_run["engine_file"]
    missing = set(build_site.engine_modules()) - set(image_run["before"])
    assert not missing, f"not in the start image: {sorted(missing)}"
    assert "py_engine.cli" not in image_run["before"]
    assert image_run["loadsAfterEngine"] == 0


def test_the_image_answers_exactly_as_cpython_and_a_normal_start(image_run, pyodide_run):
    """Same requests, same answers: the games, every game's record verified, every game's
    lessons (read from the package data the worker installs), a tampered record refused,
    bad input refused cleanly."""
    assert image_run["answers"] == pyodide_run["out"]["answers"]
    assert image_run["answers"][0]["result"] == _call(cmd="games")


def test_a_module_outside_the_image_brings_the_standard_library_once(image_run):
    """difflib, statistics and email.utils are not in the image: the first import fetches
    the stock standard library (a submodule of a package the image holds too), once."""
    assert len(image_run["loads"]) == 1 and image_run["loads"][0].endswith(".zip")
    difflib_file, mean, quoted = image_run["lazy"]
    assert difflib_file.endswith("/difflib.py") and difflib_file.startswith(image_run["loads"][0])
    assert mean == 2.5 and quoted == 'a\\"b'


def test_an_image_for_another_pyodide_build_is_refused_before_use(built_site, tmp_path):
    out = _image_run(built_site, tmp_path, [], mode="wrong-build")
    assert "Pyodide build" in out["problem"]


def test_the_image_names_this_runtime(built_site):
    dist, manifest = built_site
    worker = (dist / "web" / "worker.js").read_text()
    start = json.loads(re.search(r"^const START = (\{.*?\});", worker, re.M).group(1))
    assert start["buildId"] == build_site.pyodide_build_id()
    assert start["pyodide"] == build_site.PYODIDE_VERSION
    assert start["image"] in manifest["files"] and start["wheel"] == manifest["engine"]["wheel"]
    assert start["data"] in manifest["files"]
    assert (dist / start["data"]).read_bytes() == build_site.engine_data_zip()
    assert (dist / start["wheel"]).read_bytes() == build_site.wheel_bytes()


def test_a_table_over_days_verifies_in_pyodide_as_in_cpython(pyodide_run):
    """The times, the chain that binds them, the witness's times and a claim made too early (its time in
    words) answer alike in both interpreters."""
    records = days_records()
    answers = pyodide_run["out"]["answers"][-len(records):]
    for record, answer in zip(records, answers):
        assert answer["ok"], answer
        assert answer["result"] == _call(cmd="verify", record=record, bots=True)
    assert answers[0]["result"]["ok"] and not answers[1]["result"]["ok"]
    assert answers[1]["result"]["field"] == "times[0]" and "2026-01-02 00:00 UTC" in answers[1]["result"]["summary"]
