"""Whole games through the table: random players and bots, every record verified (bot moves re-derived)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from py_engine.core.bots import RandomBot
from py_engine.core.fairness import Chance
from py_engine.core.table import Seat, Table
from py_engine.core.verify import verify
from py_engine.games.wickerfair import GAME
from py_engine.registry import get_game

from ..random_play import decisions

ROOT = Path(__file__).resolve().parents[2]


def bot_table(levels, seed):
    return Table(GAME, [Seat(f"B{i}", True, lv) for i, lv in enumerate(levels)], {}, seed)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_games_end_and_verify(n):
    for g in range(3):
        t = Table(GAME, [Seat(f"P{i}") for i in range(n)], {}, f"{n}{g}".rjust(64, "0"))
        stream = Chance("9" * 64).stream(f"random/{n}/{g}")
        bot = RandomBot()
        for d in decisions(t, 50_000):
            seat = d.players[stream.below(len(d.players))]
            t.play(bot.choose(t.state.observation(seat), t.state.legal_actions(seat), stream), seat)
        assert t.state.is_terminal()
        report = verify(json.loads(json.dumps(t.to_record())), get_game)
        assert report.ok, report.summary


@pytest.mark.parametrize("levels", [["normal", "easy"], ["easy", "normal", "easy"], ["normal"] * 4,
                                    ["normal", "normal", "easy", "normal", "easy"]])
def test_bot_games_end_and_every_bot_move_is_re_derived(levels):
    t = bot_table(levels, "%064x" % len("".join(levels)))
    t.play_bots(limit=50_000)
    s = t.state
    assert s.is_terminal() and s.end_reason in ("ribbons", "day")
    assert s.end_reason == "day" and s.day == 40 or max(len(c.ribbons) for c in s.clans) >= 6
    report = verify(t.to_record(), get_game, bots=True)
    assert report.ok and report.details["bots_checked"], report.summary
    assert [b["total"] for b in s.final] == s.scores()


def test_the_normal_bot_sees_only_its_observation():
    """Bots never see hidden information: two positions that differ only in what the bot may not see get the
    same choice."""
    t = bot_table(["normal", "normal", "normal"], "ab" * 32)
    stream = Chance("cd" * 32).stream("resample")
    checked = 0
    for d in decisions(t, 400):
        p = d.players[0]
        other = t.state.resample_hidden(p, stream)
        bot = GAME.make_bot("normal", p)
        a = bot.choose(t.state.observation(p), t.state.legal_actions(p), Chance("ee" * 32).stream("x"))
        b = bot.choose(other.observation(p), other.legal_actions(p), Chance("ee" * 32).stream("x"))
        assert a == b
        checked += 1
        t.play(t.bot_choice(p), p)
    assert checked > 100


def test_normal_beats_easy_in_a_few_games():
    """A smoke check of strength (the real measure is bench/wickerfair_bench.py over 100 games)."""
    wins = 0
    for g in range(3):
        levels = ["easy", "easy", "easy"]
        levels[g] = "normal"
        t = bot_table(levels, "%064x" % (1000 + g))
        t.play_bots(limit=50_000)
        wins += g in t.state.winners()
    assert wins >= 2


def test_cli_play_and_verify(tmp_path):
    out = tmp_path / "w.json"
    run = subprocess.run([sys.executable, "-m", "py_engine", "play", "wickerfair", "--seats", "bot,bot,bot",
                          "--seed", "12" * 32, "--out", str(out)], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    check = subprocess.run([sys.executable, "-m", "py_engine", "verify", str(out), "--bots"], cwd=ROOT,
                           capture_output=True, text=True)
    assert check.returncode == 0 and check.stdout.startswith("OK"), check.stdout


def test_the_timeout_step_is_always_legal_and_spends_nothing_new():
    """§9: when a timer runs out the table plays for you and spends nothing: the default is always one of the
    legal steps, a pure function of the position, and never a confirmation that pays."""
    paying = {"ok", "commit", "do", "pay"}
    for seed in range(4):
        t = bot_table(["normal", "easy", "easy"], "%064x" % (77 + seed))
        for d in decisions(t, 3000):
            for p in d.players:
                default = t.state.timeout_action(p)
                assert default in t.state.legal_actions(p) and default == t.state.clone().timeout_action(p)
                assert default not in paying and not default.startswith(("offer:", "to:", "at:", "slot:", "bonus:"))
            p = d.players[0]
            t.play(t.bot_choice(p), p)
