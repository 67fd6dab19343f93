"""A table over days through the bridge (``at``, the snapshot's ``days``, times in the log, claims off
turn) and the command line (``play --days --bank --holiday``, a whole game of every game on the pretend
clock, verified with and without ``--bots``)."""
from __future__ import annotations

import json

import pytest

from py_engine import bridge, cli
from py_engine.core.days import DAY

T0 = 1_767_225_600
SEED = "7a" * 32


def call(**req):
    return bridge.call(req)


def ok(**req):
    out = call(**req)
    assert out["ok"], out
    return out["result"]


def test_games_say_which_options_are_for_tables_across_devices_only():
    for g in ok(cmd="games"):
        flags = {o["name"]: (o["across_devices_only"], o["needs"]) for o in g["options"]}
        assert flags["move_days"] == (True, None)
        assert flags["bank_days"] == (True, "move_days") and flags["holiday_days"] == (True, "move_days")
        assert not any(a for name, (a, _) in flags.items() if name not in ("move_days", "bank_days", "holiday_days"))


def test_a_table_over_days_through_the_bridge():
    seats = [{"name": "Ana"}, {"name": "João"}]
    out = call(cmd="new_table", game="elderwood", seats=seats, options={"move_days": 1, "bank_days": 1}, seed=SEED,
               viewer=0)
    assert not out["ok"] and "time it started" in out["error"]
    snap = ok(cmd="new_table", game="elderwood", seats=seats, options={"move_days": 1, "bank_days": 1}, seed=SEED,
              viewer=0, at=T0)
    tid = snap["table"]
    days = snap["days"]
    assert {k: days[k] for k in ("move_days", "bank_days", "holiday_days", "started", "at")} == \
        {"move_days": 1, "bank_days": 1, "holiday_days": 0, "started": T0, "at": T0}
    a = snap["decision"]["players"][0]
    b = 1 - a
    assert days["deadlines"][a] == T0 + 2 * DAY and days["deadlines"][b] is None
    assert days["bank_left"] == [DAY, DAY] and days["late"] == [] and days["holiday_left"] == [0, 0]
    assert isinstance(snap["observation"], dict)
    action = ok(cmd="snapshot", table=tid, viewer=a)["legal"][0]["action"]
    assert not call(cmd="play", table=tid, viewer=a, seat=a, action=action)["ok"]          # no time
    snap = ok(cmd="play", table=tid, viewer=a, seat=a, action=action, at=T0 + 600)
    assert snap["log"][-1]["time"] == T0 + 600
    # b waits; after its deadline a sees the claim and the day to give, off its own turn
    late = T0 + 600 + 2 * DAY
    early = ok(cmd="snapshot", table=tid, viewer=a, at=late - 1)
    assert early["days"]["late"] == [] and not early["controls"]
    now = ok(cmd="snapshot", table=tid, viewer=a, at=late)
    assert now["days"]["late"] == [b]
    assert [c["action"] for c in now["controls"]] == [f"@claim:{b + 1}", f"@extend:{b + 1}"]
    assert now["controls"][0]["words"]["en"].startswith("Claim the win")
    refused = call(cmd="timeout", table=tid, viewer=a, seat=b, at=late - 1)
    assert not refused["ok"] and refused["kind"] == "illegal" and "run out" in refused["error"]
    snap = ok(cmd="play", table=tid, viewer=a, seat=a, action=f"@claim:{b + 1}", at=late)
    assert snap["terminal"] and snap["winners"] == [a] and snap["record"]["times"][-1] == late
    report = ok(cmd="verify", text=json.dumps(snap["record"]), bots=True)
    assert report["ok"], report


def test_at_is_for_a_table_over_days_only():
    snap = ok(cmd="new_table", game="elderwood", seats=[{"name": "A"}, {"name": "B"}], seed=SEED, viewer=0)
    out = call(cmd="snapshot", table=snap["table"], viewer=0, at=T0)
    assert not out["ok"] and "over days" in out["error"]
    assert "days" not in snap and "observation" not in snap
    out = call(cmd="new_table", game="elderwood", seats=[{"name": "A"}, {"name": "B"}], seed=SEED, viewer=0,
               options={"move_days": 1}, at="soon")
    assert not out["ok"]


@pytest.mark.parametrize("name", ["elderwood", "hollowmere", "milehollow", "wickerfair"])
def test_a_whole_game_over_days_on_the_pretend_clock_verifies_with_its_bots(name, tmp_path, capsys):
    out = tmp_path / f"{name}.json"
    assert cli.main(["play", name, "--joint", "--seats", "person:easy,person:easy", "--days", "2", "--bank", "3",
                     "--holiday", "5", "--contributions", f"{'01' * 32},{'02' * 32}", "--out", str(out)]) == 0
    r = json.loads(out.read_text())
    assert {k: r["options"][k] for k in ("move_days", "bank_days", "holiday_days")} == \
        {"move_days": 2, "bank_days": 3, "holiday_days": 5}
    assert r["started"] == 1_767_225_600 and len(r["times"]) == len(r["actions"])
    assert r["times"] == sorted(r["times"]) and r["times"][-1] > r["started"] + 10 * DAY
    assert sum(a.startswith("@holiday:") for a in r["actions"]) == 2
    assert any(a.startswith("@extend:") for a in r["actions"])
    assert all(len(x) == 3 for x in r["witness"]["shown"])
    capsys.readouterr()
    assert cli.main(["verify", str(out)]) == 0
    assert cli.main(["verify", "--bots", str(out)]) == 0
    said = capsys.readouterr().out
    assert said.startswith("OK:") and "BAD" not in said


def test_play_days_flags_and_an_all_bot_table(tmp_path):
    out = tmp_path / "bots.json"
    assert cli.main(["play", "elderwood", "--seats", "bot:easy,bot:easy", "--seed", SEED, "--days", "1",
                     "--start", str(T0 + 5), "--out", str(out)]) == 0
    r = json.loads(out.read_text())
    assert r["started"] == T0 + 5 and set(r["times"]) == {T0 + 5}        # bots never wait
    assert cli.main(["verify", "--bots", str(out)]) == 0
    assert cli.main(["play", "elderwood", "--seats", "bot,bot", "--bank", "2", "--out", str(out)]) == 2
    assert cli.main(["play", "elderwood", "--seats", "bot,bot", "--start", "5", "--out", str(out)]) == 2
    assert cli.main(["play", "elderwood", "--seats", "bot,bot", "--days", "4", "--out", str(out)]) == 2
    assert cli.main(["play", "elderwood", "--seats", "bot,bot", "--days", "1", "--options", '{"move_days": 2}',
                     "--out", str(out)]) == 2
