"""A joint seed (people on several devices): made from every participant's contribution and the
table's terms, checked against the commitments shown at the start, carried in the record (version 4;
version 3 records, whose seed the contributions alone make, still verify)."""
from __future__ import annotations

import json

from py_engine import bridge
from py_engine.core.commitments import terms_digest, terms_of_record
from py_engine.core.fairness import commitment, fingerprint, joint_seed
from py_engine.core.table import Seat, Table

from .toygame import GAME

CONTRIBUTIONS = ["11" * 32, "22" * 32, "33" * 32]
SEATS = [{"name": "Ana", "bot": True, "level": "easy"}, {"name": "Bruno", "bot": True, "level": "easy"}]


def call(**request):
    return json.loads(bridge.handle(json.dumps(request)))


def participants(contributions=CONTRIBUTIONS):
    return [{"who": who, "commitment": commitment(c), "contribution": c}
            for who, c in zip(["host", "Bruno", "watcher"], contributions)]


def finished_record(seats=None, joint=None, joint_version=4):
    """A finished table of people on two devices (Ana hosts, Bruno joins), as its host's engine
    keeps it. Each person plays what the first bot level would, so the game ends on its own."""
    seats = seats or [Seat("Ana", False, None), Seat("Bruno", False, None)]
    joint = joint or [{"who": who, "commitment": commitment(c), "contribution": c}
                      for who, c in zip(["Ana", "Bruno"], CONTRIBUTIONS)]
    t = Table(GAME, seats, {}, None, "test", joint=joint, joint_version=joint_version)
    while t.decision() is not None:
        t.play_forced()
        d = t.decision()
        if d is not None:
            t.play(t.bot_choice(d.players[0]), d.players[0])
    return {"record": t.to_record()}


def test_the_table_seed_is_the_one_the_contributions_and_the_terms_make():
    """'The seed = SHA-256 … of valley-tables/joint-seed/2, 0x00 and the terms' digest, followed, for
    each participant in the table's order, by one byte 0x00 and that participant's contribution.'"""
    people = [{"who": p["who"], "commitment": p["commitment"]} for p in participants()]
    promised = call(cmd="joint_terms", game="elderwood", seats=SEATS, participants=people)["result"]
    assert promised["terms"]["options"] == {}      # as the table will hold them (defaults left out)
    assert call(cmd="joint_terms", game="elderwood", seats=SEATS, participants=people,
                options={"colour": "ash"})["result"]["terms"]["options"] == {"colour": "ash"}
    assert promised["terms"]["participants"] == people and promised["digest"] == terms_digest(promised["terms"])
    a = call(cmd="new_table", game="elderwood", seats=SEATS, joint=participants(), save="t1", terms=promised["terms"])
    assert a["ok"], a
    snap = a["result"]
    assert snap["fingerprint"] == fingerprint(joint_seed(CONTRIBUTIONS, promised["digest"]))
    assert snap["fingerprint"] != fingerprint(joint_seed(CONTRIBUTIONS))
    # The host's engine makes no table on other terms than those the participants were shown.
    other = dict(promised["terms"], options={"colour": "ash"})
    refused = call(cmd="new_table", game="elderwood", seats=SEATS, joint=participants(), terms=other)
    assert not refused["ok"] and "options.colour" in refused["error"], refused
    # While the game runs, everyone sees the commitments and nobody the contributions or seed.
    assert snap["joint"] == [{"who": p["who"], "commitment": p["commitment"]} for p in participants()]
    assert snap["seed"] is None and "record" not in snap
    assert all(c not in json.dumps(snap) for c in CONTRIBUTIONS)
    saved = a["persist"]["record"]  # what the worker's autosave keeps: everything, seed included
    assert saved["version"] == 4 and [p["contribution"] for p in saved["joint"]] == CONTRIBUTIONS


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


def test_the_finished_record_reveals_every_contribution_and_verifies(tally_registered):
    snap = finished_record()
    record = snap["record"]
    assert record["version"] == 4
    assert record["seed"] == joint_seed(CONTRIBUTIONS[:2], terms_digest(terms_of_record(record)))
    assert [p["contribution"] for p in record["joint"]] == CONTRIBUTIONS[:2]
    report = call(cmd="verify", text=json.dumps(record), bots=True)["result"]
    assert report["ok"], report
    # It also resumes and replays like any record.
    again = call(cmd="load_table", text=json.dumps(record))
    assert again["ok"] and again["result"]["terminal"]


def test_a_tampered_joint_record_names_what_is_wrong(tally_registered):
    record = finished_record()["record"]
    swapped = json.loads(json.dumps(record))
    swapped["joint"][0]["contribution"] = "55" * 32
    report = call(cmd="verify", text=json.dumps(swapped))["result"]
    assert not report["ok"] and report["field"] == "joint[0].contribution", report
    # Commitments rewritten to match other contributions: the seed no longer follows from them.
    forged = json.loads(json.dumps(record))
    forged["joint"][1] = {"who": "Bruno", "commitment": commitment("66" * 32), "contribution": "66" * 32}
    report = call(cmd="verify", text=json.dumps(forged))["result"]
    assert not report["ok"] and report["field"] == "seed", report
    # Terms edited after the game (a seat's level, the clocks): the seed no longer follows from them.
    for edit in (lambda r: r["seats"][1].update(name="Bea"), lambda r: r.update(timers=False),
                 lambda r: r.update(engine="9.9")):
        edited = json.loads(json.dumps(record))
        edit(edited)
        report = call(cmd="verify", text=json.dumps(edited))["result"]
        assert not report["ok"] and report["field"] in ("seed", "joint[1].who"), report
    # A version 4 record without participants, or participants in a version 2 record: refused.
    no_joint = json.loads(json.dumps(record))
    del no_joint["joint"]
    assert call(cmd="verify", text=json.dumps(no_joint))["result"]["field"] == "version"
    old = json.loads(json.dumps(record))
    old["version"] = 2
    assert call(cmd="verify", text=json.dumps(old))["result"]["field"] == "joint"


def _reveal(*pairs):
    return [{"who": who, "commitment": commitment(c), "contribution": c} for who, c in pairs]


def test_the_participants_are_the_person_seats_host_first(tally_registered):
    """docs/fairness.md: one participant per person seat, seat 1's person (the host) first. A
    participant the host appends after the guests revealed lets it pick the seed: refused, and so
    is a list whose first participant is not the host, or a participant no person seat accounts for."""
    a, b, c = CONTRIBUTIONS
    people = [Seat("Ana", False, None), Seat("Bruno", False, None)]
    cases = {
        "joint": (people, _reveal(("Ana", a), ("Bruno", b), ("Ana", c))),      # a third, steering participant
        "joint[0].who": (people, _reveal(("Bruno", b), ("Ana", a))),           # the host not first
        "joint[1].who": (people, _reveal(("Ana", a), ("Cai", b))),             # nobody's seat
    }
    for field, (seats, joint) in cases.items():
        record = finished_record(seats, joint)["record"]
        report = call(cmd="verify", text=json.dumps(record), bots=True)["result"]
        assert not report["ok"] and report["field"] == field, (field, report)
        assert report["words"]["pt"] != report["words"]["en"]
    # A bot seat takes no part: a person host, a bot, a person guest.
    seats = [Seat("Ana", False, None), Seat("Bot", True, "easy")]
    report = call(cmd="verify", text=json.dumps(finished_record(seats, _reveal(("Ana", a)))["record"]),
                  bots=True)["result"]
    assert report["ok"], report
    report = call(cmd="verify", text=json.dumps(finished_record(seats, _reveal(("Ana", a), ("Bot", b)))["record"]),
                  bots=True)["result"]
    assert not report["ok"] and report["field"] == "joint" and report["expected"] == 1, report


def test_a_version_3_record_whose_seed_the_contributions_alone_make_still_verifies(tally_registered):
    record = finished_record(joint_version=3)["record"]
    assert record["version"] == 3 and record["seed"] == joint_seed(CONTRIBUTIONS[:2])
    assert call(cmd="verify", text=json.dumps(record))["result"]["ok"]
    again = call(cmd="load_table", text=json.dumps(record))
    assert again["ok"] and again["result"]["terminal"] and "chain" not in again["result"]
    # Read as version 4 (the terms bound too), the same seed is not the one they make.
    as4 = dict(record, version=4)
    assert call(cmd="verify", text=json.dumps(as4))["result"]["field"] == "seed"


def test_the_record_s_value_is_shown_for_a_contribution_or_a_seed_that_does_not_match(tally_registered, tmp_path):
    """`found` is the record's value wherever the record has one: the revealed contribution that does
    not match its commitment, the seed the contributions and terms do not make (with the seed they do
    make as the computed value); the command line shows both in either language."""
    import io
    from contextlib import redirect_stdout

    from py_engine import cli

    record = finished_record()["record"]
    bad = json.loads(json.dumps(record))
    bad["joint"][1]["contribution"] = "55" * 32
    forged = json.loads(json.dumps(record))
    forged["joint"][1] = {"who": "Bruno", "commitment": commitment("66" * 32), "contribution": "66" * 32}
    made = joint_seed([record["joint"][0]["contribution"], "66" * 32], terms_digest(terms_of_record(forged)))
    for r, field, found, expected in ((bad, "joint[1].contribution", "55" * 32, None),
                                      (forged, "seed", record["seed"], made)):
        report = call(cmd="verify", text=json.dumps(r))["result"]
        assert not report["ok"] and report["field"] == field, report
        assert report["found"] == found and report["expected"] == expected, report
        path = tmp_path / "r.json"
        path.write_text(json.dumps(r))
        for lang, (label, computed, none) in {"en": ("In the record:", "Computed:", "(cannot be computed)"),
                                              "pt": ("No registro:", "Calculado:", "(não se pode calcular)")}.items():
            out = io.StringIO()
            with redirect_stdout(out):
                assert cli.main(["verify", str(path), "--lang", lang]) == 1
            lines = {ln.split(":")[0].strip() + ":": ln.split(":", 1)[1].strip() for ln in out.getvalue().splitlines()[1:]}
            assert lines[label] == found, out.getvalue()
            assert lines[computed] == (expected or none), out.getvalue()
