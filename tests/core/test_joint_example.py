"""A real version 4 record — a table of two people on two devices, with the guest's witness — as
``docs/records.md`` ("Example: a version 4 record") publishes it and ``python -m py_engine play
--joint`` makes it: it verifies, its values follow from the rules by hand, and every tamper of it is
refused naming the field, with the guest's witness and without it."""
from __future__ import annotations

import copy
import io
import json
import re
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from py_engine import cli
from py_engine.core.commitments import canonical_json, chain, chain_key, terms_digest, terms_of_record
from py_engine.core.fairness import commitment, fingerprint, joint_seed
from py_engine.core.record import seal
from py_engine.core.verify import verify
from py_engine.registry import get_game

HERE = Path(__file__).parent
RECORD = json.loads((HERE / "joint_record.json").read_text(encoding="utf-8"))
DOC = (HERE.parents[1] / "docs" / "records.md").read_text(encoding="utf-8")
#: How the example was made (docs/records.md gives the same command).
COMMAND = ["play", "elderwood", "--seats", "person,person", "--names", "Ana,João", "--joint", "--contributions",
           "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f,"
           "ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100", "--options", '{"colour":"ash"}']


def run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        code = cli.main(list(args))
    return code, out.getvalue()


def test_the_docs_publish_the_example_record_and_it_verifies(tmp_path):
    block = DOC.split("## Example: a version 4 record", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    assert json.loads(block) == RECORD
    path = tmp_path / "joint.json"
    path.write_text(json.dumps(RECORD, ensure_ascii=False), encoding="utf-8")
    for extra in ([], ["--bots"]):
        code, text = run("verify", *extra, str(path))
        assert code == 0 and text.startswith("OK: valid elderwood game"), text
        assert text.count("\n  ok  ") == 5, text                 # own, host, terms, moves, record
    report = verify(RECORD, get_game, "test", bots=True)
    assert report.ok and [c["key"] for c in report.details["checks"]] == ["own", "host", "terms", "moves", "record"]


def test_the_command_line_makes_the_example_record(tmp_path):
    """The documented command gives the published record, byte for byte once written as JSON (the same
    engine version, bots and contributions): if a change of Elderwood's Normal bot moves this, the docs'
    example is made again with the command and copied into docs/records.md and joint_record.json."""
    path = tmp_path / "made.json"
    code, _ = run(*COMMAND, "--out", str(path))
    assert code == 0
    assert json.loads(path.read_text(encoding="utf-8")) == RECORD


def test_the_example_s_values_follow_by_hand():
    r = RECORD
    terms = terms_of_record(r)
    text = canonical_json(terms).decode("utf-8")
    assert text in DOC and terms == r["witness"]["terms"]
    digest = terms_digest(terms)
    assert digest in DOC
    contributions = [p["contribution"] for p in r["joint"]]
    assert [commitment(c) for c in contributions] == [p["commitment"] for p in r["joint"]]
    assert joint_seed(contributions, digest) == r["seed"] and fingerprint(r["seed"]) == r["fingerprint"]
    assert chain_key(r["seed"]).hex() in DOC
    values = chain(r["seed"], r["actions"], r["actors"])
    assert all(v in DOC for v in values[:4])
    # Elderwood's log has one entry per action and hides nothing: the guest's page held E entries
    # when it received c(E), and it was shown every action as played.
    assert all(values[e] == h for e, h in r["witness"]["commitments"])
    assert r["witness"]["shown"] == [[seat, a] for a, (seat, _) in zip(r["actions"], r["actors"])]
    assert seal(r, r["seed"]) == r["seal"] and r["seal"] in DOC


def _edit(path: str, value):
    def go(r):
        here, steps = r, re.findall(r"[^.\[\]]+|\[\d+\]", path)
        for s in steps[:-1]:
            here = here[int(s[1:-1])] if s.startswith("[") else here[s]
        last = steps[-1]
        if last.startswith("["):
            here[int(last[1:-1])] = value
        else:
            here[last] = value
    return go


OTHER = "ab" * 32
#: (what is tampered with, the edit, the field named with the guest's witness, the field named without it)
TAMPERS = [
    ("the seed", _edit("seed", OTHER), "seed", "seed"),
    ("a contribution", _edit("joint[1].contribution", OTHER), "joint[1].contribution", "joint[1].contribution"),
    ("a commitment", _edit("joint[1].commitment", commitment(OTHER)), "joint[1].commitment", "joint[1].contribution"),
    ("the host's commitment", _edit("joint[0].commitment", commitment(OTHER)), "joint[0].commitment",
     "joint[0].contribution"),
    ("a term: the engine", _edit("engine", "0.1.1"), "terms.engine", "seed"),
    ("a term: the clocks", _edit("timers", False), "terms.timers", "seed"),
    ("an option", _edit("options.colour", "walnut"), "terms.options.colour", "seed"),
    ("a seat", _edit("seats[1]", {"name": "João", "bot": True, "level": "normal"}), "terms.seats[1].bot", "seed"),
    ("a seat's name", _edit("seats[1].name", "Jo"), "joint[1].who", "seed"),
    ("a move", _edit("actions[10]", "wA3 -wA2"), "actions[10]", "actions"),
    ("two moves swapped", lambda r: r["actions"].__setitem__(slice(8, 11, 2), r["actions"][10:7:-2]), "actions[8]",
     "actions"),
    ("the result", _edit("result.winners", [1]), "result.winners", "result.winners"),
    ("the seal", _edit("seal", OTHER), "seal", "seal"),
    ("the chain", _edit("witness.commitments[5]", [5, OTHER]), "witness.commitments[5]", None),
    ("the witness: a move shown", _edit("witness.shown[3]", [1, "bA3 -bA1"]), "witness.shown[3]", None),
    ("the witness: the host's commitment", _edit("witness.host", commitment(OTHER)), "joint[0].commitment", None),
    ("the witness: its own commitment", _edit("witness.own", commitment(OTHER)), "joint[1].commitment", None),
    ("the witness: the promised terms", _edit("witness.terms.options", {}), "terms.options.colour", None),
    ("the witness: an earlier table", _edit("witness.earlier", [OTHER]), "witness.earlier", None),
]


@pytest.mark.parametrize("name,edit,with_witness,without", TAMPERS, ids=[t[0] for t in TAMPERS])
def test_every_tamper_of_the_example_is_refused_naming_the_field(name, edit, with_witness, without):
    r = copy.deepcopy(RECORD)
    edit(r)
    assert r != RECORD
    report = verify(r, get_game, "test")
    assert not report.ok and report.field == with_witness, (name, report.field, report.summary)
    assert report.words["en"] != report.words["pt"]
    if without is not None:
        bare = {k: v for k, v in r.items() if k != "witness"}
        report = verify(bare, get_game, "test")
        assert not report.ok and report.field == without, (name, report.field, report.summary)


@pytest.mark.parametrize("game,seats,witness,checks", [
    ("milehollow", "person,bot:easy,person", [], 5),                    # a bot seat takes no part; a guest's page
    ("wickerfair", "person:easy,person:easy", ["--witness", "spectator"], 4),
])
def test_play_joint_makes_a_record_that_verifies_with_and_without_the_bots(tmp_path, game, seats, witness, checks):
    path = tmp_path / "joint.json"
    code, _ = run("play", game, "--joint", "--seats", seats, *witness, "--out", str(path))
    assert code == 0
    r = json.loads(path.read_text(encoding="utf-8"))
    people = [i for i, s in enumerate(r["seats"]) if not s["bot"]]
    assert r["version"] == 4 and [p["who"] for p in r["joint"]] == [r["seats"][i]["name"] for i in people]
    assert r["witness"]["seat"] == (2 if not witness else None) and r["witness"]["terms"] == terms_of_record(r)
    for extra in ([], ["--bots"]):
        code, text = run("verify", *extra, str(path))
        assert code == 0 and text.count("\n  ok  ") == checks, text
    assert "played every move exactly as the" in run("verify", "--bots", str(path))[1]


def test_play_joint_refuses_what_no_live_table_could_be(tmp_path):
    out = str(tmp_path / "x.json")
    for args in (["--seats", "bot,person"], ["--seats", "person,person", "--seed", "00" * 32],
                 ["--seats", "person,person", "--contributions", "00" * 32],
                 ["--seats", "person,bot", "--witness", "2"], ["--seats", "person,person", "--witness", "1"]):
        assert cli.main(["play", "elderwood", "--joint", *args, "--out", out]) == 2, args
    assert cli.main(["play", "elderwood", "--seats", "person,bot", "--out", out]) == 2      # a person needs --joint
