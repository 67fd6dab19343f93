"""Whole games through the table: bots, timers, records the verifier accepts (bot moves re-derived), the CLI."""
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from py_engine.core import record as rec
from py_engine.core.bots import RandomBot
from py_engine.core.table import Seat, Table
from py_engine.core.verify import verify
from py_engine.games.milehollow import GAME
from py_engine.registry import get_game

from .helpers import new_game, random_moves

ROOT = Path(__file__).resolve().parents[2]


def bot_table(levels, seed="4d" * 32, words=False):
    t = Table(GAME, [Seat(f"Bot {i}", True, lv) for i, lv in enumerate(levels)], {}, seed, "test", words=words)
    t.play_bots()
    return t


@pytest.mark.parametrize("levels", [("easy", "normal"), ("normal", "easy", "normal"),
                                    ("normal", "normal", "easy", "easy"), ("easy",) * 5, ("normal",) * 5])
def test_bot_games_end_and_verify_with_every_bot_move_re_derived(levels):
    """Whole bot games at 2–5 seats end, and their records verify with every bot move re-derived."""
    t = bot_table(levels, seed=f"{len(levels)}e" * 32)
    assert t.state.is_terminal()
    record = json.loads(json.dumps(t.to_record()))
    report = verify(record, get_game, "test", bots=True)
    assert report.ok, report.summary
    assert report.details["bots_checked"]
    final = t.state.final
    assert final["totals"] == t.state.scores() and sorted(final["winners"]) == t.state.winners()
    assert sum(1 for e in t.state.events if e["kind"] == "result") == 1


def test_same_seed_same_game_other_seed_other_game():
    """Same seed + same actions ⇒ same game, byte for byte."""
    a = bot_table(("normal", "easy"))
    b = bot_table(("normal", "easy"))
    assert json.dumps(a.to_record()) == json.dumps(b.to_record())
    c = bot_table(("normal", "easy"), seed="5f" * 32)
    assert c.to_record()["actions"] != a.to_record()["actions"]


def test_record_replays_to_the_same_state_and_events():
    """A record rebuilds the same position and the same events."""
    t = bot_table(("normal", "easy", "easy"))
    again = Table.from_record(t.to_record(), get_game, "test")
    assert again.state.observation("all") == t.state.observation("all")
    assert again.state.events_since(0, "all") == t.state.events_since(0, "all")


def test_timer_plays_verify():
    """Moves the table made on a timer must be exactly what it would make; the verifier re-derives them."""
    t = Table(GAME, [Seat("Ann"), Seat("Bo"), Seat("Cy", True, "easy")], {}, "6a" * 32, "test")
    while not t.state.is_terminal():
        t.play_forced()
        d = t.decision()
        if d is None:
            break
        for p in d.players:
            if t.seats[p].bot:
                t.play(t.bot_choice(p), p)
            else:
                t.play_timeout(p)
    r = t.to_record()
    timed = [a for a, (_s, by) in zip(r["actions"], r["actors"]) if by == rec.BY_TIMER]
    assert timed and all(a == "deck" or a.startswith(("keep:", "row:", "pave:", "mail")) for a in timed)
    assert verify(r, get_game, "test", bots=True).ok
    r["actions"][[i for i, (_s, by) in enumerate(r["actors"]) if by == rec.BY_TIMER][-1]] = "mail"
    assert not verify(r, get_game, "test").ok


def test_verify_catches_an_edited_move():
    """Verify names the first move that does not replay."""
    t = bot_table(("normal", "easy"))
    r = t.to_record()
    i = next(i for i, a in enumerate(r["actions"]) if a.startswith("pave:"))
    r["actions"][i] = "pave:castelo-ponte:coal*1"
    report = verify(r, get_game, "test")
    assert not report.ok and report.move == i + 1


def test_log_words_hide_the_kept_mail_from_the_others():
    """The keep decisions are PRIVATE: the log names the kept cards only for their owner."""
    t = bot_table(("normal", "easy"), words=True)
    log0, log1 = t.log(0), t.log(1)
    keeps = [i for i, e in enumerate(t.entries) if e.action.startswith("keep:")]
    for i in keeps:
        seat = t.entries[i].seat
        own, other = (log0, log1) if seat == 0 else (log1, log0)
        assert own[i]["action"].startswith("keep:") and "–" in own[i]["words"]["en"]
        assert other[i]["action"] is None and other[i]["words"]["en"].startswith("Keep ") \
            and not re.search(r"m\d\d", other[i]["words"]["en"])
    assert all(e["words"]["pt"] for e in log0)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bots_choose_legal_actions_from_their_observation_only(level):
    """Bots see only their observation (no deck order, no other hand or mail)."""
    seen = []
    bot = GAME.make_bot(level, 0)
    original = bot.choose

    def spy(obs, legal, stream):
        seen.append(obs)
        a = original(obs, legal, stream)
        assert a in legal
        return a
    bot.choose = spy
    t = Table(GAME, [Seat("a", True, level), Seat("b", True, "easy"), Seat("c", True, "normal")], {}, "7b" * 32, "t")
    t._bots[0] = bot
    t.play_bots()
    assert seen and all("deck_order" not in o and "hands" not in o for o in seen)
    assert all(o["viewer"] == 0 for o in seen)


def test_normal_beats_random_in_a_short_match():
    """Normal beats a random player (the bench measures it over 100 games)."""
    wins = 0
    for g in range(4):
        levels = ["normal", "easy"] if g % 2 == 0 else ["easy", "normal"]
        t = Table(GAME, [Seat(lv, True, lv) for lv in levels], {}, f"{g}a" * 32, "t")
        t._bots[levels.index("easy")] = RandomBot()
        t.play_bots()
        wins += levels.index("normal") in t.state.winners()
    assert wins == 4


def test_random_games_at_every_seat_count_end():
    """Jogue de 2 a 5 em uma mesa: random games end at every table size."""
    for n in (2, 3, 4, 5):
        s = new_game(n, f"{n}1" * 32)
        moves = sum(1 for _ in random_moves(s, f"{n}1" * 32))
        assert moves < 2000 and len(s.scores()) == n


def test_cli_play_then_verify(tmp_path):
    """python -m py_engine play milehollow --seats bot,bot,bot --out X, then verify X --bots."""
    out = tmp_path / "x.json"
    env = {"PYTHONPATH": str(ROOT)}
    p = subprocess.run([sys.executable, "-m", "py_engine", "play", "milehollow", "--seats", "bot,bot,bot",
                        "--seed", "8c" * 32, "--out", str(out)], capture_output=True, text=True, cwd=ROOT, env=env)
    assert p.returncode == 0, p.stderr
    assert json.loads(out.read_text())["game"] == "milehollow"
    v = subprocess.run([sys.executable, "-m", "py_engine", "verify", str(out), "--bots"], capture_output=True,
                       text=True, cwd=ROOT, env=env)
    assert v.returncode == 0 and v.stdout.startswith("OK: valid milehollow game"), v.stdout + v.stderr
