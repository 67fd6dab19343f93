"""The bot contract (``py_engine/core/game.py``, ``Bot``; ``docs/architecture.md``, *Bots*): every level of
every game answers ``choose``, ``hint`` and ``judge`` from a seat's observation, legal list and stream alone.

At sampled decisions of a seeded game each level is asked all three, and:

* every move named is one of the legal ones, and a judgement's chances lie in [0, 1];
* the same inputs give the same answers, from a fresh bot and from one that answered before (a cache
  never changes an answer);
* a position whose hidden things are drawn again (other hands, deck orders: what the seat cannot tell
  apart) gives the seat the same observation and legal list, and so the same answers.

Budgets are the tests' (``tests/conftest.py``); a judgement is asked with a small budget of its own.
"""
from __future__ import annotations

import hashlib

import pytest

from py_engine.core.fairness import Chance
from py_engine.core.table import Seat, Table
from py_engine.registry import available, get_game

from .toygame import GAME as TALLY

#: Decisions asked per level, and the distance between them (in the game's decisions with a choice).
ASKED, EVERY = 3, 5
JUDGE_BUDGET = 8
GAMES = {name: get_game(name) for name in available()} | {"tally": TALLY}
CASES = [(name, level) for name, game in GAMES.items() for level in game.bot_levels]


def seed_of(*parts) -> str:
    return hashlib.sha256("/".join(map(str, ("bot-contract",) + parts)).encode()).hexdigest()


def answers(bot, obs, legal, stream_of, played):
    hint_quick = bot.hint(obs, legal, stream_of(), 4)
    j = bot.judge(obs, legal, stream_of(), played, JUDGE_BUDGET)
    return (bot.choose(obs, legal, stream_of()), bot.hint(obs, legal, stream_of()), hint_quick,
            (j.best, round(j.best_chance, 9), round(j.played_chance, 9), j.forced))


@pytest.mark.parametrize("name,level", CASES, ids=[f"{n}-{lv}" for n, lv in CASES])
def test_every_level_answers_from_what_its_seat_sees(name, level):
    game = GAMES[name]
    walk = game.bot_levels[0]
    options = {"short": True} if name == "tally" else {}
    t = Table(game, [Seat(f"B{k}", True, walk) for k in range(2)], options, seed_of(name, level), "test")
    hidden = Chance(seed_of(name, level, "hidden")).stream("h")
    choices = asked = 0
    while asked < ASKED:
        t.play_forced()
        d = t.decision()
        if d is None:
            break
        seat = d.players[0]
        legal = t.state.legal_actions(seat)
        if len(legal) > 1:
            choices += 1
        if len(legal) > 1 and choices % EVERY == 3:
            obs = t.state.observation(seat)
            stream_of = lambda: t.chance.bot_stream(seat, len(t.actions))  # noqa: E731
            played = legal[-1]
            warm = game.make_bot(level, seat)
            first = answers(warm, obs, legal, stream_of, played)
            choose, hint, quick, (best, best_chance, played_chance, forced) = first
            assert {choose, hint, quick, best} <= set(legal)
            assert hint == choose                   # no budget given: the hint is the level's move
            assert 0.0 <= played_chance <= 1.0 and 0.0 <= best_chance <= 1.0
            assert forced in (None, "missed-win", "allowed-loss")
            assert answers(warm, obs, legal, stream_of, played) == first
            assert answers(game.make_bot(level, seat), obs, legal, stream_of, played) == first
            other = t.state.resample_hidden(seat, hidden)
            assert other.observation(seat) == obs and other.legal_actions(seat) == legal
            assert answers(game.make_bot(level, seat), other.observation(seat), other.legal_actions(seat),
                           stream_of, played) == first
            asked += 1
        t.play(t.bot_choice(seat), seat)
    assert asked, (name, level)


#: Games whose strongest level's whole games are checked here (Hollowmere's and Elderwood's have tests of
#: their own with more in them: tests/hollowmere/test_expert.py, tests/elderwood/test_review_proofs.py).
WHOLE_GAMES = ("milehollow", "wickerfair")


@pytest.mark.parametrize("name", WHOLE_GAMES)
def test_verify_rederives_every_move_of_the_strongest_level(name):
    from py_engine.core.verify import verify
    game = GAMES[name]
    top = game.bot_levels[-1]
    t = Table(game, [Seat("Top", True, top), Seat("Normal", True, "normal")], {}, seed_of(name, "verify"), "test")
    t.play_bots()
    assert t.state.is_terminal()
    report = verify(t.to_record(), get_game, "test", bots=True)
    assert report.ok and report.details["bots_checked"], report.summary


@pytest.mark.parametrize("name", WHOLE_GAMES)
def test_a_hint_is_the_strongest_level_s_move_in_words(name):
    from py_engine.core import analysis
    game = GAMES[name]
    t = Table(game, [Seat("Ana", False), Seat("Bot", True, "normal")], {}, seed_of(name, "hint"), "test")
    for _ in range(30):
        t.play_bots()
        seat = t.decision().players[0]
        if len(t.state.legal_actions(seat)) > 2:
            break
        t.play(t.state.legal_actions(seat)[0], seat)
    h = analysis.hint(t, seat)
    assert h["action"] in t.state.legal_actions(seat) and h["words"]["en"] and h["words"]["pt"]
    top = game.make_bot(game.bot_levels[-1], seat)
    assert h["action"] == top.choose(t.state.observation(seat), t.state.legal_actions(seat),
                                     t.chance.bot_stream(seat, len(t.actions)))
