"""A host's kept table-to-be (web/app/live/lobby.js) is read strictly: a good row reads back as it
was written, and every damaged one gives its reason in words and nothing else (node, no browser)."""
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
LIVE = ROOT / "web" / "app" / "live"

SCRIPT = r"""
import { readLobby, isLobbyId } from "./lobby.js";
const cases = JSON.parse(process.argv[2]);
const rules = { levels: ["easy", "normal"], min: 2, max: 4, isRelay: (u) => typeof u === "string" && /^wss?:\/\//.test(u) };
const out = cases.map(([text, id, game]) => readLobby(text, id, game, rules));
out.push(isLobbyId("abc123"), isLobbyId("a.b"), isLobbyId("x"), isLobbyId(5));
console.log(JSON.stringify(out));
"""

S1, S2, S3 = "A" * 22, "B" * 22, "C" * 22
C1, C2 = "a" * 64, "b" * 64
K1, K2 = "1" * 64, "2" * 64


def good():
    return {
        "v": 2, "id": "lob1x", "game": "elderwood", "created": 1_700_000_000_000, "timers": True,
        "commitment": C1, "relays": ["ws://127.0.0.1:7777"],
        "seats": [{"name": "Hosta", "kind": "me", "level": "easy"},
                  {"name": "", "kind": "device", "level": "easy"},
                  {"name": "", "kind": "device", "level": "easy"},
                  {"name": "", "kind": "bot", "level": "normal"}],
        "guests": [{"seat": 1, "secret": S1, "hostKey": K1, "device": C1, "name": "Ana", "joined": True, "commitment": C2},
                   {"seat": 2, "secret": S2, "hostKey": K2, "device": None, "name": "Person 3", "joined": False,
                    "commitment": None}],
        "order": [1],
        "watchers": [{"n": 1, "secret": S3, "hostKey": K1, "device": None, "joined": False}],
    }


def damaged():
    """(what is damaged, the row's text)."""
    out = [("not JSON", "{oops"), ("too long", "x" * 40_000), ("not an object", "[1]")]

    def change(what, fn):
        row = good()
        fn(row)
        out.append((what, json.dumps(row)))

    change("another version", lambda r: r.update(v=1))
    change("an invitation without host key", lambda r: r["guests"][0].pop("hostKey"))
    change("a device that is not a key", lambda r: r["guests"][0].update(device="me"))
    change("a spectator without host key", lambda r: r["watchers"][0].update(hostKey="short"))
    change("another id", lambda r: r.update(id="other1"))
    change("another game", lambda r: r.update(game="hollowmere"))
    change("no date", lambda r: r.pop("created"))
    change("timers not a boolean", lambda r: r.update(timers="yes"))
    change("host commitment short", lambda r: r.update(commitment="ab"))
    change("a relay that is not one", lambda r: r.update(relays=["https://example.org"]))
    change("too many seats", lambda r: r["seats"].extend([r["seats"][3]] * 2))
    change("seat 1 not the host", lambda r: r["seats"][0].update(kind="device"))
    change("an unknown level", lambda r: r["seats"][3].update(level="godlike"))
    change("a long name", lambda r: r["seats"][1].update(name="x" * 30))
    change("one invitation missing", lambda r: r["guests"].pop())
    change("an invitation for a bot's seat", lambda r: r["guests"][1].update(seat=3))
    change("a secret that is not one", lambda r: r["guests"][0].update(secret="short"))
    change("joined without commitment", lambda r: r["guests"][0].update(commitment=None))
    change("a commitment of a guest not joined", lambda r: r["guests"][1].update(commitment=C2))
    change("an order with a seat not joined", lambda r: r.update(order=[1, 2]))
    change("an order repeated", lambda r: r.update(order=[1, 1]))
    change("a spectator without number", lambda r: r["watchers"][0].pop("n"))
    change("two invitations alike", lambda r: r["watchers"][0].update(secret=S1))
    change("no remote seat", lambda r: (r["seats"][1].update(kind="bot"), r["seats"][2].update(kind="bot")))
    change("terms that are not terms", lambda r: r.update(terms={"game": "elderwood"}))
    change("terms of another host", lambda r: r.update(terms=dict(started()["terms"], participants=[
        {"who": "Hosta", "commitment": C2}, {"who": "Ana", "commitment": C2}])))
    change("terms with a participant more", lambda r: r.update(terms=dict(started()["terms"], participants=[
        *started()["terms"]["participants"], {"who": "Cid", "commitment": C1}])))
    change("terms of another game", lambda r: r.update(terms=dict(started()["terms"], game="milehollow")))
    return out


def started():
    """The same table-to-be once Start was pressed: the terms its guests reveal against are kept."""
    row = good()
    row["terms"] = {"game": "elderwood", "engine": "0.9.0", "options": {}, "timers": True,
                    "seats": [{"name": "Hosta", "bot": False, "level": None}, {"name": "Ana", "bot": False, "level": None},
                              {"name": "Person 3", "bot": False, "level": None}, {"name": "Bot 4", "bot": True, "level": "normal"}],
                    "participants": [{"who": "Hosta", "commitment": C1}, {"who": "Ana", "commitment": C2}]}
    return row


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_a_kept_table_to_be_reads_back_and_every_damaged_one_says_why(tmp_path):
    # The modules at the same places relative to each other: live/lobby.js imports lib/shown.js,
    # live/seal.js lib/recordcodec.js.
    (tmp_path / "app" / "live").mkdir(parents=True)
    (tmp_path / "lib").mkdir()
    for name in ("lobby.js", "seal.js", "terms.js"):
        shutil.copy(LIVE / name, tmp_path / "app" / "live" / name)
    for name in ("shown.js", "sha256.js", "recordcodec.js"):
        shutil.copy(LIVE.parents[1] / "lib" / name, tmp_path / "lib" / name)
    tmp_path = tmp_path / "app" / "live"
    (tmp_path / "package.json").write_text('{"type": "module"}')
    (tmp_path / "t.js").write_text(SCRIPT)
    bad = damaged()
    cases = [[json.dumps(good()), "lob1x", "elderwood"], [json.dumps(started()), "lob1x", "elderwood"]]
    cases += [[text, "lob1x", "elderwood"] for _, text in bad]
    cases.append([None, "lob1x", "elderwood"])
    out = subprocess.run(["node", "t.js", json.dumps(cases)], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got[0] == {"lobby": good()}
    assert got[1] == {"lobby": started()}
    got = got[1:]
    for (what, _), answer in zip(bad, got[1:1 + len(bad)]):
        assert set(answer) == {"problem"}, (what, answer)
        assert isinstance(answer["problem"], str) and 8 < len(answer["problem"]) < 200, (what, answer)
    assert "problem" in got[1 + len(bad)]
    assert got[-4:] == [True, False, False, False]
