"""Evidence nothing can stall or fake (issue: a verifier nothing can stall).

The strict reader in linear time and within its limit, the bridge that never raises and keeps
a bounded number of tables, a running table's record withheld, who played as a bot, and a
command line whose output a record's strings cannot rewrite.
"""
from __future__ import annotations

import base64
import json

import pytest

from py_engine import bridge, cli
from py_engine.core import record as rec
from py_engine.core.table import Seat, Table
from py_engine.core.verify import verify
from py_engine.registry import get_game

from .toygame import GAME

SEED = "5a" * 32


def call(cmd, **args):
    return json.loads(bridge.handle(json.dumps({"cmd": cmd, **args})))


def lookup(name):
    if name == "tally":
        return GAME
    raise KeyError(name)


def finished(seats=None, seed=SEED):
    t = Table(GAME, seats or [Seat("Ana", True, "easy"), Seat("Bo", True, "easy")], {}, seed, "test")
    t.play_bots()
    return t.to_record()


def resealed(record):
    record = dict(record)
    record["seal"] = rec.seal(record, record["seed"])
    return record


# --- 4: the reader scans in linear time, within 5 MB of UTF-8 -------------------------------------
def test_an_unterminated_string_of_escaped_quotes_is_refused_in_one_pass():
    """A backtracking string pattern took 12-23 s on 32 KB of this and minutes on 160 KB; the
    reader now scans it once (bench/record_reader_bench.py times 4 MB)."""
    for text in ('"' + '\\"' * 100_000, '{"seats": "' + '\\"' * 100_000, '"' * 200_001, '"abc\\'):
        with pytest.raises(rec.BadRecord) as e:
            rec.parse(text)
        assert "not JSON" in e.value.words["en"]


def test_nesting_is_bounded_and_strings_do_not_count():
    with pytest.raises(rec.BadRecord, match="nests deeper"):
        rec.parse("[" * 200_000)
    with pytest.raises(rec.BadRecord, match="nests deeper"):
        rec.parse('{"a":' * 33 + "0" + "}" * 33)
    assert rec.parse('["' + "[" * 40 + '\\"[[[["]') == ["[" * 40 + '"[[[[']
    assert rec._depth('{"a":[[1],{"b":[]}]}') == 4
    # Brackets that do not pair up, but never nest deep: the parser says what is wrong itself.
    for text in ("]" * 100_000, "[" * 20 + "]" * 19, "]" * 50 + "[" * 50, '{"a": [}'):
        with pytest.raises(rec.BadRecord) as e:
            rec.parse(text)
        assert "not JSON" in e.value.words["en"], text[:30]
    assert rec.parse("[" * 32 + "]" * 32) == eval("[" * 32 + "]" * 32)


def test_the_limit_counts_utf8_bytes_for_text_as_for_files():
    """Five million 'é' are 10 MB of UTF-8: refused as text, as the same bytes are as a file."""
    text = '"' + "é" * (rec.MAX_BYTES // 2) + '"'
    assert len(text) <= rec.MAX_BYTES < len(text.encode())
    with pytest.raises(rec.BadRecord, match="longer than 5 MB"):
        rec.parse(text)
    with pytest.raises(rec.BadRecord, match="larger than 5 MB"):
        rec.parse(text.encode())


def test_a_record_of_almost_5_mb_goes_through_the_bridge_as_text_and_as_bytes(tally_registered):
    """The limit is the record's, not the request's: a record the CLI takes, the bridge takes,
    however its text is escaped inside the request."""
    record = finished()
    text = json.dumps(record)
    # Pad with spaces and newlines (each newline is two characters once inside a JSON string).
    pad = rec.MAX_BYTES - len(text.encode()) - 10
    big = text[:-1] + "\n" * (pad // 2) + " " * (pad - pad // 2) + "}"
    assert rec.MAX_BYTES - 100 < len(big.encode()) <= rec.MAX_BYTES
    as_text = call("verify", text=big)
    assert as_text["ok"] and as_text["result"]["ok"], as_text
    as_bytes = call("verify", bytes=base64.b64encode(big.encode()).decode())
    assert as_bytes["result"]["ok"], as_bytes
    over = call("verify", bytes=base64.b64encode(big.encode() + b" " * 200).decode())["result"]
    assert not over["ok"] and "larger than 5 MB" in over["summary"]


def test_file_bytes_are_judged_as_the_cli_judges_them(tally_registered, tmp_path, capsys):
    """A byte order mark, UTF-16 and a bad byte: the bridge given the file's bytes answers what the
    CLI answers (the page used to decode them first, and say Valid)."""
    text = json.dumps(finished())
    for raw in (b"\xef\xbb\xbf" + text.encode(), text.encode("utf-16"), text.encode()[:-2] + b"\xff}",
                text.encode()):
        path = tmp_path / "r.json"
        path.write_bytes(raw)
        code = cli.main(["verify", str(path)])
        said = capsys.readouterr().out
        answer = call("verify", bytes=base64.b64encode(raw).decode())["result"]
        assert (code == 0) == answer["ok"], (raw[:8], said, answer)
        assert said.splitlines()[0] == ("OK: " if code == 0 else "INVALID: ") + answer["summary"], said
    assert call("verify", bytes="not base64!")["ok"] is False


# --- 11: the bridge never raises, and keeps a bounded number of things open ----------------------------------
@pytest.mark.parametrize("request_", [
    {"cmd": ["games"]}, {"cmd": {"a": 1}}, {"cmd": None}, {"cmd": 5}, {"cmd": "play", "table": ["t1"]},
    {"cmd": "replay_at", "replay": {"x": 1}, "move": 0}, {"cmd": "lesson_play", "lesson": [1]},
    {"cmd": "verify", "text": 5}, {"cmd": "verify", "bytes": ["x"]}, {"cmd": "close", "table": [1]},
    {"cmd": "new_table", "game": ["tally"]}, {"cmd": "game_data", "game": {"x": 1}}, {"cmd": "lessons", "game": []},
    {"cmd": "timeout", "table": "t0", "seat": [0]},
])
def test_the_bridge_answers_every_odd_request_and_never_raises(tally_registered, request_):
    answer = json.loads(bridge.handle(json.dumps(request_)))
    if request_["cmd"] == "close":
        assert answer == {"ok": True, "result": True}  # closing nothing is no error
        return
    assert answer["ok"] is False and answer["kind"] in ("bad-request", "bad-record", "illegal"), answer
    assert bridge.call(request_)["ok"] is False


def test_open_tables_and_replays_are_capped_the_least_recently_used_going_first(tally_registered):
    first = call("new_table", game="tally", seats=[{"name": "A"}, {"name": "B"}], seed=SEED)["result"]["table"]
    kept = call("new_table", game="tally", seats=[{"name": "A"}, {"name": "B"}], seed=SEED)["result"]["table"]
    for _ in range(bridge.MAX_TABLES + 10):
        call("new_table", game="tally", seats=[{"name": "A"}, {"name": "B"}], seed=SEED)
        assert call("snapshot", table=kept)["ok"]  # in use: kept
    assert len(bridge._tables) == bridge.MAX_TABLES
    assert call("snapshot", table=first)["ok"] is False
    text = json.dumps(finished())
    replays = [call("open_replay", text=text)["result"]["replay"] for _ in range(bridge.MAX_REPLAYS + 5)]
    assert len(bridge._replays) == bridge.MAX_REPLAYS
    assert call("replay_at", replay=replays[-1], move=0)["ok"] and not call("replay_at", replay=replays[0], move=0)["ok"]


# --- 12: a running table's record is nobody's until the game is over ----------------------------------------
def test_a_running_milehollow_table_gives_no_record_with_its_keeps():
    game = get_game("milehollow")
    seats = [{"name": "Ana"}, {"name": "Bot", "bot": True, "level": game.bot_levels[0]}]
    snap = call("new_table", game="milehollow", seats=seats, seed=SEED)["result"]
    tid = snap["table"]
    kept = False
    for _ in range(400):  # play both seats until a secret keep has been made
        d = snap["decision"]
        if d is None:
            break
        if 0 in d["players"]:
            legal = call("snapshot", table=tid, viewer=0)["result"]["legal"]
            snap = call("play", table=tid, seat=0, viewer=1, action=legal[0]["action"])["result"]
        else:
            snap = call("bot_play", table=tid, seat=d["players"][0], viewer=1)["result"]
        t = bridge._tables[tid]
        kept = any(a.startswith("keep:") for a in t.actions)
        if kept:
            break
    assert kept, "no keep was played"
    answer = call("record", table=tid, viewer=1)
    assert answer["ok"] is False and answer["kind"] == "running"
    assert "keep:" not in json.dumps(answer)


def test_a_finished_table_gives_its_record(tally_registered):
    snap = call("new_table", game="tally", seats=[{"name": "A", "bot": True, "level": "easy"},
                                                  {"name": "B", "bot": True, "level": "easy"}], seed=SEED)["result"]
    while not snap["terminal"]:
        snap = call("bot_play", table=snap["table"])["result"]
    answer = call("record", table=snap["table"])
    assert answer["ok"] and answer["result"]["seed"] == SEED


# --- 7: who played as a bot -------------------------------------------------------------------------------------
def test_a_timer_play_on_a_bot_seat_is_refused(tally_registered):
    """A bot moves at once and has no timer: a bot's move relabelled 'timer' (and re-sealed) is refused."""
    record = finished()
    t = Table(GAME, [Seat("Ana", True, "easy"), Seat("Bo", True, "easy")], {}, SEED, "test")
    at = None  # the first bot move that is also what the timer would have played
    for i, (action, (seat, by)) in enumerate(zip(record["actions"], record["actors"])):
        if at is None and by == "seat" and action == t.state.timeout_action(seat):
            at = i
        t.play(action, seat, by)
    assert at is not None
    forged = json.loads(json.dumps(record))
    forged["actors"][at][1] = "timer"
    report = verify(resealed(forged), lookup, "test")
    assert not report.ok and report.field == "actors" and report.move == at + 1, report.summary
    assert "timer" in report.words["en"] and "relógio" in report.words["pt"]
    assert call("timeout", table="t-none", seat=0)["ok"] is False


def test_bridge_refuses_a_timeout_for_a_bot_seat(tally_registered):
    snap = call("new_table", game="tally", seats=[{"name": "A", "bot": True, "level": "easy"}, {"name": "B"}],
                seed=SEED)["result"]
    d = snap["decision"]
    bot = [p for p in d["players"] if p == 0]
    if bot:
        answer = call("timeout", table=snap["table"], seat=0)
        assert answer["ok"] is False and "timer" in answer["error"]


def test_bots_names_a_person_seat_whose_every_move_a_bot_level_plays(tally_registered):
    """A bot relabelled as a person after re-sealing passes (the seed is public, so anyone can
    re-seal); with --bots the verifier says which person seats played exactly as a bot level."""
    record = finished()
    relabelled = json.loads(json.dumps(record))
    relabelled["seats"][1] = {"name": "Bo", "bot": False, "level": None}
    report = verify(resealed(relabelled), lookup, "test", bots=True)
    assert report.ok and report.details["bot_like"] == {"1": ["easy"]}, report.summary
    assert "Seat 2 (Bo) is marked as a person but played every move exactly as the easy bot plays" in report.summary
    assert "marcado como pessoa" in report.words["pt"]
    plain = verify(resealed(relabelled), lookup, "test")
    assert plain.ok and plain.details["bot_like"] == {}
    # A seat that played otherwise than every level is named by none.
    t = Table(GAME, [Seat("Ana", True, "easy"), Seat("Bo", False, None)], {}, SEED, "test")
    while t.decision() is not None:
        t.play_bots()
        d = t.decision()
        if d is not None:
            legal = t.state.legal_actions(1)
            bot = t.bot_choice(1)
            t.play(next((a for a in legal if a != bot), bot), 1)
    report = verify(t.to_record(), lookup, "test", bots=True)
    assert report.ok and report.details["bot_like"] == {}, report.summary


# --- 8: the command line prints no control character a record holds ---------------------------------------
def test_the_cli_escapes_control_characters_in_every_line(tally_registered, tmp_path, capsys):
    """An action with ESC[1K, CR and ESC[8m once made a terminal show 'OK: valid' for an invalid
    record; a right-to-left override in a name could hide the '(bot)' mark."""
    record = finished()
    forged = json.loads(json.dumps(record))
    forged["actions"][0] = "\x1b[1K\rOK: valid tally game\x1b[8m"
    path = tmp_path / "r.json"
    path.write_text(json.dumps(forged), encoding="utf-8")
    assert cli.main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("INVALID: ") and "\x1b" not in out and "\r" not in out
    assert "\\x1b[1K\\x0dOK" in out
    named = json.loads(json.dumps(record))
    named["seats"][0]["name"] = "Ana\u202e\u2066\u200b\x08\x7f\x85\u2028"
    path.write_text(json.dumps(resealed(named)), encoding="utf-8")
    assert cli.main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and out.isascii(), repr(out)
    assert "Ana\\u202e\\u2066\\u200b\\x08\\x7f\\x85\\u2028 (bot)" in out
    assert cli.printable("plain Ünïcode — ok") == "plain Ünïcode — ok"


# --- 9: a save of another game, or from a newer engine, is refused with words saying so -------------------
def test_load_table_refuses_a_save_of_another_game_or_from_a_newer_engine(tally_registered):
    record = finished()
    text = json.dumps(record)
    other = call("load_table", text=text, game="milehollow")
    assert other["ok"] is False and other["kind"] == "bad-record" and "'tally', not of 'milehollow'" in other["error"]
    assert call("load_table", text=text, game="tally")["ok"]
    newer = call("load_table", text=json.dumps(dict(record, engine="99.0.0")))
    assert newer["ok"] is False and newer["kind"] == "bad-record" and "newer version" in newer["error"]
    assert "mais nova" in newer["words"]["pt"]
    assert call("load_table", text=json.dumps(dict(record, engine="0.0.1")))["ok"]
    big = text[:-1] + " " * (6 * 1024 * 1024) + "}"
    too_big = call("load_table", text=big)
    assert too_big["ok"] is False and too_big["kind"] == "bad-record" and "5 MB" in too_big["error"]
