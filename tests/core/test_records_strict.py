"""Records are evidence: reading them is strict, and every refusal is a clear message, never a traceback.

Each case here is one a reviewer found accepted, or answered with a Python traceback, by the
first version: the verifier (CLI and bridge) must refuse it, naming the field, in English and
Portuguese.
"""
import json

import pytest

from py_engine import bridge, cli
from py_engine.core import record as rec
from py_engine.core.fairness import BadSeed, check_seed, fingerprint
from py_engine.core.table import Seat, Table
from py_engine.core.verify import verify

from .toygame import GAME

SEED = "cd" * 32


@pytest.fixture
def finished(tally_registered):
    t = Table(GAME, [Seat("Ana", True, "easy"), Seat("Bo", True, "easy")], {}, SEED, "test")
    t.play_bots()
    return t.to_record()


def lookup(name):
    if name == "tally":
        return GAME
    raise KeyError(name)


def verify_text(text, **kw):
    """What `verify` answers for raw text (the path the CLI and the page take)."""
    try:
        data = rec.parse(text)
    except rec.BadRecord as e:
        return False, e.words, e.field
    report = verify(data, lookup, "test", **kw)
    return report.ok, report.words, report.field


# --- the seed ---------------------------------------------------------------------------------------
def test_a_seed_is_exactly_64_lowercase_hex_characters():
    """Seeds must be exactly 64 lowercase hex characters (full match): a trailing newline is refused."""
    check_seed("0" * 64)
    for bad in ("0" * 64 + "\n", "0" * 63, "0" * 65, "A" * 64, " " + "0" * 64, "0" * 32 + "\n" + "0" * 31):
        with pytest.raises(BadSeed):
            check_seed(bad)
        with pytest.raises(BadSeed):
            fingerprint(bad)


def test_cli_play_refuses_a_seed_with_a_newline(tally_registered, tmp_path, capsys):
    out = tmp_path / "g.json"
    assert cli.main(["play", "tally", "--seats", "bot,bot", "--seed", SEED + "\n", "--out", str(out)]) == 2
    assert not out.exists()


# --- text that is not a record ----------------------------------------------------------------------
@pytest.mark.parametrize("text,needle", [
    (b"\xff\xfe{}", "not UTF-8"),
    ("[" * 100_000 + "]" * 100_000, "nests deeper"),
    ('{"a": ' + "9" * 5000 + "}", "5000 digits"),
    ('{"a": "\\ud800"}', "lone surrogate"),
    ('{"a": NaN}', "NaN"),
    ('{"a": Infinity}', "Infinity"),
    ('{"a": 1.5}', "not an integer"),
    ("\ufeff{}", "byte order mark"),
    ("{oops", "not JSON"),
])
def test_unreadable_text_gets_a_clear_message_in_both_languages(text, needle):
    with pytest.raises(rec.BadRecord) as e:
        rec.parse(text)
    assert needle in e.value.words["en"]
    assert e.value.words["pt"] and e.value.words["pt"] != e.value.words["en"]


def test_text_over_5_mb_is_refused_before_it_is_read():
    with pytest.raises(rec.BadRecord, match="larger than 5 MB"):
        rec.parse(b" " * (rec.MAX_BYTES + 1))


def test_a_key_given_twice_is_refused_even_when_the_last_one_is_right(finished):
    """A decoy `seats` first and the real one last: JSON parsers keep the last, so the record
    would verify while a reader sees the decoy. Refused, naming the key."""
    body = json.dumps(finished)
    decoy = '{"seats": [{"name": "Mallory", "bot": false, "level": null}], ' + body[1:]
    ok, words, field = verify_text(decoy)
    assert not ok and field == "seats" and "appears twice" in words["en"] and "duas vezes" in words["pt"]
    assert verify_text(body)[0]


# --- shape -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("edit,field", [
    (lambda r: r["seats"][0].__setitem__("name", 7), "seats[0].name"),
    (lambda r: r["seats"][0].__setitem__("name", ""), "seats[0].name"),
    (lambda r: r["seats"][0].__setitem__("extra", 1), "seats[0]"),
    (lambda r: r["seats"][1].__setitem__("level", None), "seats[1].level"),
    (lambda r: r.__setitem__("engine", 1), "engine"),
    (lambda r: r.__setitem__("game", ["tally"]), "game"),
    (lambda r: r["actions"].__setitem__(0, 3), "actions[0]"),
    (lambda r: r["actors"].__setitem__(0, [True, "seat"]), "actors[0]"),
    (lambda r: r.__setitem__("fingerprint", r["fingerprint"].upper()), "fingerprint"),
    (lambda r: r.__setitem__("seed", r["seed"] + "\n"), "seed"),
    (lambda r: r.__setitem__("surprise", 1), "surprise"),
    (lambda r: r["result"].__setitem__("scores", ["1", "2"]), "result"),
    (lambda r: r.__setitem__("version", True), "version"),
    (lambda r: r.__setitem__("version", 3), "version"),
])
def test_every_field_has_its_type_and_a_bad_one_is_named(finished, edit, field):
    edit(finished)
    ok, words, got = verify_text(json.dumps(finished))
    assert not ok and got == field, (got, words)
    assert words["en"] and words["pt"]


def test_a_missing_seal_is_not_called_an_edit(finished):
    del finished["seal"]
    ok, words, field = verify_text(json.dumps(finished))
    assert not ok and field == "seal"
    assert "no seal" in words["en"] and "edited" not in words["en"] and "não tem selo" in words["pt"]


# --- versions ----------------------------------------------------------------------------------------
def test_version_1_records_still_verify_but_their_bots_cannot_be_rederived(finished):
    """Version 1 records keep reading; their bots drew from an older stream, so --bots says so."""
    finished["version"] = 1
    finished["seal"] = rec.seal(finished, SEED)
    assert verify(finished, lookup, "test").ok
    report = verify(finished, lookup, "test", bots=True)
    assert not report.ok and report.field == "version" and "version 1" in report.summary


def test_a_withdrawn_bot_level_still_replays(tally_registered, monkeypatch):
    """A record naming a level the game has since withdrawn stays readable and verifiable."""
    t = Table(GAME, [Seat("A", True, "easy"), Seat("B", True, "easy")], {}, SEED, "test")
    t.play_bots()
    r = t.to_record()
    monkeypatch.setattr(type(GAME), "bot_levels", ("clever",))
    monkeypatch.setattr(type(GAME), "retired_bot_levels", ("easy",))
    r["seal"] = rec.seal(r, SEED)
    assert verify(r, lookup, "test").ok
    assert not verify(r, lookup, "test", bots=True).ok
    with pytest.raises(Exception):
        Table(GAME, [Seat("A", True, "easy"), Seat("B", True, "easy")], {}, SEED, "test")  # not for new tables


# --- bot moves -----------------------------------------------------------------------------------------
def test_bots_moves_are_rederived_and_a_person_posing_as_a_bot_is_caught(finished):
    assert verify(finished, lookup, "test", bots=True).ok
    # Change one bot move to another legal one, and reseal (as anyone holding the seed could).
    t = Table(GAME, [Seat("Ana", True, "easy"), Seat("Bo", True, "easy")], {}, SEED, "test")
    for i, (action, (seat, by)) in enumerate(zip(finished["actions"], finished["actors"])):
        other = [a for a in t.state.legal_actions(seat) if a != action]
        if other and by == "seat":
            forged = dict(finished, actions=finished["actions"][:i] + [other[0]])
            break
        t.play(action, seat, by)
    # Play the forged game on to the end with the real bots, so only move i differs from a bot's choice.
    t.play(forged["actions"][-1], seat)
    t.play_bots()
    forged = t.to_record()
    assert verify(forged, lookup, "test").ok          # every move legal, sealed: fine without --bots
    report = verify(forged, lookup, "test", bots=True)
    assert not report.ok and report.move == i + 1 and "bot" in report.summary


# --- the bridge and the CLI never answer with a traceback ------------------------------------------------
@pytest.mark.parametrize("text", [
    "[" * 100_000, '{"a": ' + "9" * 5000 + "}", '{"a": "\\ud800"}', "NaN", '{"x":1,"x":2}',
])
def test_bridge_answers_bad_text_with_a_message(tally_registered, text):
    out = json.loads(bridge.handle(json.dumps({"cmd": "verify", "text": text})))
    assert out["ok"] and out["result"]["ok"] is False and out["result"]["words"]["pt"]
    out = json.loads(bridge.handle(json.dumps({"cmd": "load_table", "text": text})))
    assert out["ok"] is False and out["kind"] == "bad-record" and "Traceback" not in out["error"]
    assert json.loads(bridge.handle(text))["ok"] is False


def test_cli_verify_refuses_bad_files_with_a_message(tally_registered, tmp_path, capsys):
    for name, data in {"latin1.json": b'{"name": "Jo\xe3o"}', "deep.json": b"[" * 100_000,
                       "huge.json": b'{"a": ' + b"9" * 5000 + b"}", "dup.json": b'{"a": 1, "a": 1}'}.items():
        (tmp_path / name).write_bytes(data)
        assert cli.main(["verify", str(tmp_path / name)]) == 1
        out = capsys.readouterr().out
        assert out.startswith("INVALID:") and "Traceback" not in out
