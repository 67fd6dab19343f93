"""A joint seed (people on several devices): made from every participant's contribution,
checked against the commitments shown at the start, carried in the record (version 3)."""
from __future__ import annotations

import json

from py_engine import bridge
from py_engine.core.fairness import commitment, fingerprint, joint_seed

CONTRIBUTIONS = ["11" * 32, "22" * 32, "33" * 32]
SEATS = [{"name": "Ana", "bot": True, "level": "easy"}, {"name": "Bruno", "bot": True, "level": "easy"}]


def call(**request):
    return json.loads(bridge.handle(json.dumps(request)))


def participants(contributions=CONTRIBUTIONS):
    return [{"who": who, "commitment": commitment(c), "contribution": c}
            for who, c in zip(["host", "Bruno", "watcher"], contributions)]


def finished_record():
    snap = call(cmd="new_table", game="elderwood", seats=SEATS, joint=participants())["result"]
    while not snap["terminal"]:
        snap = call(cmd="bot_play", table=snap["table"])["result"]
    return snap


def test_the_table_seed_is_the_one_the_contributions_make():
    """'The seed = SHA-256 … of valley-tables/joint-seed/1 followed, for each participant in the
    table's order, by one byte 0x00 and that participant's contribution.'"""
    a = call(cmd="new_table", game="elderwood", seats=SEATS, joint=participants(), save="t1")
    assert a["ok"], a
    snap = a["result"]
    assert snap["fingerprint"] == fingerprint(joint_seed(CONTRIBUTIONS))
    # While the game runs, everyone sees the commitments and nobody the contributions or seed.
    assert snap["joint"] == [{"who": p["who"], "commitment": p["commitment"]} for p in participants()]
    assert snap["seed"] is None and "record" not in snap
    assert all(c not in json.dumps(snap) for c in CONTRIBUTIONS)
    saved = a["persist"]["record"]  # what the worker's autosave keeps: everything, seed included
    assert saved["version"] == 3 and [p["contribution"] for p in saved["joint"]] == CONTRIBUTIONS


def test_a_contribution_that_does_not_match_its_commitment_is_refused():
    bad = participants()
    bad[1]["contribution"] = "44" * 32
    a = call(cmd="new_table", game="elderwood", seats=SEATS, joint=bad)
    assert not a["ok"] and "Bruno" in a["error"] and "commitment" in a["error"]
    for joint in ([], "x", [{"who": "a"}], participants() + [{"who": "x", "commitment": "1", "contribution": 2}]):
        a = call(cmd="new_table", game="elderwood", seats=SEATS, joint=joint)
        assert not a["ok"], joint
    a = call(cmd="new_table", game="elderwood", seats=SEATS, joint=participants(), seed="00" * 32)
    assert not a["ok"] and "joint" in a["error"]


def test_the_finished_record_reveals_every_contribution_and_verifies():
    snap = finished_record()
    record = snap["record"]
    assert record["version"] == 3 and record["seed"] == joint_seed(CONTRIBUTIONS)
    assert [p["contribution"] for p in record["joint"]] == CONTRIBUTIONS
    report = call(cmd="verify", text=json.dumps(record), bots=True)["result"]
    assert report["ok"], report
    # It also resumes and replays like any record.
    again = call(cmd="load_table", text=json.dumps(record))
    assert again["ok"] and again["result"]["terminal"]


def test_a_tampered_joint_record_names_what_is_wrong():
    record = finished_record()["record"]
    swapped = json.loads(json.dumps(record))
    swapped["joint"][0]["contribution"] = "55" * 32
    report = call(cmd="verify", text=json.dumps(swapped))["result"]
    assert not report["ok"] and report["field"] == "joint[0].contribution", report
    # Commitments rewritten to match other contributions: the seed no longer follows from them.
    forged = json.loads(json.dumps(record))
    forged["joint"][2] = {"who": "watcher", "commitment": commitment("66" * 32), "contribution": "66" * 32}
    report = call(cmd="verify", text=json.dumps(forged))["result"]
    assert not report["ok"] and report["field"] == "seed", report
    # A version 3 record without participants, or participants in a version 2 record: refused.
    no_joint = json.loads(json.dumps(record))
    del no_joint["joint"]
    assert call(cmd="verify", text=json.dumps(no_joint))["result"]["field"] == "version"
    old = json.loads(json.dumps(record))
    old["version"] = 2
    assert call(cmd="verify", text=json.dumps(old))["result"]["field"] == "joint"
