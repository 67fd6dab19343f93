"""The worker's JSON bridge and the command line, on the toy game."""
import json

import pytest

from py_engine import bridge, cli
from py_engine.core.table import Seat, Table

from .toygame import GAME

SEED = "ab" * 32


def call(cmd, **args):
    return json.loads(bridge.handle(json.dumps({"cmd": cmd, **args})))


def persisted(cmd, **args):
    """The answer's record for the worker to save (never part of the page's result)."""
    return call(cmd, **args)["persist"]["record"]


def test_games_lists_the_toy(tally_registered):
    games = call("games")["result"]
    tally = next(g for g in games if g["name"] == "tally")
    assert tally["min_players"] == 2 and tally["options"][0]["name"] == "short"


def test_games_gives_every_level_its_words():
    """The New-table form's line under a bot's level: every game's every level, in both languages."""
    from py_engine.registry import available, get_game
    games = {g["name"]: g for g in call("games")["result"]}
    for name in available():
        game = get_game(name)
        words = games[name]["bot_level_words"]
        assert list(words) == list(game.bot_levels) == games[name]["bot_levels"]
        for level in game.bot_levels:
            assert words[level] == game.bot_level_words[level] and set(words[level]) == {"en", "pt"}


def test_new_table_play_and_snapshot(tally_registered):
    r = call("new_table", game="tally", seats=[{"name": "Ana"}, {"name": "Bot", "bot": True, "level": "easy"}],
             seed=SEED, viewer=0, save="s1")
    assert r["ok"], r
    snap = r["result"]
    assert snap["decision"]["players"] == [0, 1] and snap["decision"]["secret"]
    assert [m["action"] for m in snap["legal"]] == ["bid:0", "bid:1", "bid:2", "bid:3"]
    # the autosave keeps the seed, beside the result; the snapshot never shows it nor the record
    assert snap["seed"] is None and "record" not in snap and SEED not in json.dumps(snap)
    assert r["persist"]["id"] == "s1" and r["persist"]["record"]["seed"] == SEED and r["persist"]["seq"] == 0
    tid = snap["table"]
    snap = call("bot_play", table=tid, seat=1, viewer=0)["result"]
    assert snap["view"]["bids"] is None  # the bot's bid stays secret
    snap = call("play", table=tid, action="bid:3", seat=0, viewer=0)["result"]
    assert snap["log"][0]["seat"] == 1 and snap["log"][1]["action"] == "bid:3"
    assert snap["decision"]["players"] == [0]


def test_bad_requests_get_clear_errors_and_change_nothing(tally_registered):
    snap = call("new_table", game="tally", seats=[{"name": "A"}, {"name": "B"}], seed=SEED)["result"]
    tid = snap["table"]
    for req in [{"cmd": "play", "table": tid, "action": "take", "seat": 0},
                {"cmd": "play", "table": tid, "action": 7, "seat": 0},
                {"cmd": "play", "table": tid, "action": "bid:1", "seat": "zero"},
                {"cmd": "play", "table": "nope", "action": "bid:1"},
                {"cmd": "bot_play", "table": tid, "seat": 0},
                {"cmd": "new_table", "game": "chess", "seats": []},
                {"cmd": "new_table", "game": "tally", "seats": [{"name": "A"}], "seed": SEED},
                {"cmd": "new_table", "game": "tally", "seats": [{"name": "A"}, {"name": "B"}], "seed": "xyz"},
                {"cmd": "load_table", "record": {"format": "nope"}},
                {"cmd": "frobnicate"}]:
        out = json.loads(bridge.handle(json.dumps(req)))
        assert out["ok"] is False and out["error"], req
    assert json.loads(bridge.handle("{not json"))["ok"] is False
    assert call("snapshot", table=tid)["result"]["log"] == []


def test_load_table_resumes_a_save(tally_registered):
    t = Table(GAME, [Seat("A"), Seat("B", True, "easy")], {}, SEED)
    t.play("bid:1", 0)
    t.play_bots()
    saved = t.to_record(reveal_seed=True)
    snap = call("load_table", text=json.dumps(saved), viewer=0)["result"]
    # seat 0 reads its own turns (and the card it took); seat 1's turns are private: its words
    # say only that it took a card or passed, never which card
    for i, (e, action, (seat, _)) in enumerate(zip(snap["log"], t.actions, t.actors)):
        if i < 2 or seat == 0:
            assert e["action"] == action
        else:
            assert e["action"] is None and e["private"] and e["words"]["en"] == action
        assert e["words"]["en"].startswith(action)
    assert any(e["words"]["en"].startswith("take ") for e in snap["log"] if e["seat"] == 0)
    assert call("load_table", record=saved, viewer=0)["ok"]


def test_timeout_plays_for_the_seat(tally_registered):
    snap = call("new_table", game="tally", seats=[{"name": "A"}, {"name": "B"}], seed=SEED)["result"]
    snap = call("timeout", table=snap["table"], seat=1, viewer=1)["result"]
    assert snap["log"][-1] == {"n": 1, "seat": 1, "by": "timer", "action": "bid:0",
                               "words": {"en": "bid:0", "pt": "bid:0"}}


def test_secret_choices_stay_out_of_other_seats_logs_until_all_are_in(tally_registered):
    snap = call("new_table", game="tally", seats=[{"name": "A"}, {"name": "B"}, {"name": "C"}], seed=SEED)["result"]
    tid = snap["table"]
    call("play", table=tid, action="bid:3", seat=2)
    for viewer, shown in ((2, "bid:3"), (0, None), (None, None)):
        entry = call("snapshot", table=tid, viewer=viewer)["result"]["log"][0]
        assert entry["action"] == shown and (shown or entry["hidden"])
        if shown is None:
            assert "3" not in json.dumps(entry)
    call("play", table=tid, action="bid:1", seat=0)
    assert call("snapshot", table=tid, viewer=1)["result"]["log"][1]["action"] is None
    call("play", table=tid, action="bid:0", seat=1)  # the last choice: all are revealed
    log = call("snapshot", table=tid, viewer=None)["result"]["log"]
    assert [e["action"] for e in log[:3]] == ["bid:3", "bid:1", "bid:0"]
    # the record "as anyone may have it" waits for the end: its actions name every secret choice
    refused = call("record", table=tid)
    assert refused["ok"] is False and refused["kind"] == "running"
    assert "bid:3" not in json.dumps(refused)
    assert call("save_record", table=tid)["ok"] is False  # not saved: nothing else gives it out


def test_timers_off_is_kept_in_the_record_and_refuses_timer_moves(tally_registered):
    out = call("new_table", game="tally", seats=[{"name": "A"}, {"name": "B"}], seed=SEED, timers=False, save="s2")
    snap = out["result"]
    assert snap["timers"] is False and out["persist"]["record"]["timers"] is False
    out = call("timeout", table=snap["table"], seat=0)
    assert out["ok"] is False and "without timers" in out["error"]
    assert call("new_table", game="tally", seats=[{"name": "A"}, {"name": "B"}], timers="no")["ok"] is False


def test_verify_through_bridge(tally_registered):
    t = Table(GAME, [Seat("A", True, "easy"), Seat("B", True, "easy")], {}, SEED)
    t.play_bots()
    assert call("verify", record=t.to_record())["result"]["ok"]
    assert call("verify", text=json.dumps(t.to_record()))["result"]["ok"]
    assert call("verify", text=json.dumps(t.to_record()), bots=True)["result"]["ok"]
    out = call("verify", text="{oops")["result"]
    assert out["ok"] is False and out["field"] == "format" and out["words"]["pt"].startswith("registro ilegível")


def test_cli_play_and_verify(tally_registered, tmp_path, capsys):
    out = tmp_path / "game.json"
    assert cli.main(["play", "tally", "--seats", "bot,bot:easy,bot", "--seed", SEED, "--out", str(out)]) == 0
    assert cli.main(["verify", str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("OK: valid tally game")
    r = json.loads(out.read_text())
    r["result"]["scores"][0] += 1
    out.write_text(json.dumps(r))
    assert cli.main(["verify", str(out)]) == 1
    text = capsys.readouterr().out
    assert "INVALID" in text and "final scores" in text and "Computed:" in text and "In the record:" in text


def test_cli_errors(tally_registered, tmp_path, capsys):
    assert cli.main(["play", "tally", "--seats", "bot,person", "--out", str(tmp_path / "x")]) == 2
    assert cli.main(["play", "nogame", "--seats", "bot,bot", "--out", str(tmp_path / "x")]) == 2
    assert cli.main(["play", "tally", "--seats", "bot,bot", "--seed", "12", "--out", str(tmp_path / "x")]) == 2
    assert cli.main(["play", "tally", "--seats", "bot,bot", "--options", "[1]", "--out", str(tmp_path / "x")]) == 2
    assert cli.main(["verify", str(tmp_path / "missing.json")]) == 1
    (tmp_path / "bad.json").write_text("{")
    assert cli.main(["verify", str(tmp_path / "bad.json")]) == 1
    assert cli.main(["fingerprint", "0" * 64]) == 0
    assert cli.main(["fingerprint", "zz"]) == 2
    with pytest.raises(SystemExit):
        cli.main(["--help"])


def test_a_snapshot_can_carry_only_the_new_log_entries_and_the_revealed_ones(tally_registered):
    """A page that holds k entries asks with since=k: it gets the rest, and earlier entries a
    reveal has changed since (a secret bid becomes readable)."""
    tid = call("new_table", game="tally", seats=[{"name": "A"}, {"name": "B"}], seed=SEED)["result"]["table"]
    call("play", table=tid, action="bid:2", seat=0)
    held = call("snapshot", table=tid, viewer=1)["result"]["log"]
    assert len(held) == 1 and held[0]["hidden"]
    snap = call("play", table=tid, action="bid:1", seat=1, viewer=1, since=1)["result"]
    assert snap["log_from"] == 1 and snap["log"][0]["n"] == 2
    assert snap["log_changed"] == [{"n": 1, "seat": 0, "by": "seat", "action": "bid:2",
                                    "words": {"en": "bid:2", "pt": "bid:2"}}]
    full = call("snapshot", table=tid, viewer=1)["result"]["log"]
    merged = [snap["log_changed"][0]] + snap["log"]
    assert merged == full
