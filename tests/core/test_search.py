"""The shared search (py_engine/core/search.py), on the toy game and on every game's searching level.

* the same observation, legal list, stream and budget give the same move and the same statistics,
  whether the bot is fresh or has played earlier moves (its caches never change an answer);
* the budget is a number of iterations, exactly that many are run;
* with the toy game's obvious knowledge it takes a card that can only help (a search that works);
* hints and reviews are its judgements from the seat's own observation.
"""
from __future__ import annotations

import hashlib

import pytest

from py_engine.core.fairness import Chance, Stream
from py_engine.core.search import Knowledge, Search, SearchBot, smooth_step, win_chances
from py_engine.core.table import Seat, Table
from py_engine.registry import available, get_game

from ..random_play import decisions
from .toygame import GAME as TALLY


def seed_of(*parts) -> str:
    return hashlib.sha256("/".join(map(str, ("search",) + parts)).encode()).hexdigest()


class TallyKnowledge(Knowledge):
    horizon = 3
    paired_width = 4

    def evaluate(self, state):
        return win_chances(state.scores(), 6.0)


def tally_table(n: int = 2, seed: str = seed_of("tally")) -> Table:
    return Table(TALLY, [Seat(f"B{k}", True, "easy") for k in range(n)], {"short": False}, seed, "test")


def test_smooth_step_and_win_chances():
    assert smooth_step(0.0) == 0.5 and smooth_step(5) == 1.0 and smooth_step(-5) == 0.0
    assert smooth_step(1.0) > smooth_step(0.5) > 0.5
    w = win_chances([10, 5, 5], 4.0)
    assert abs(sum(w) - 1) < 1e-9 and w[0] > w[1] == w[2]
    assert win_chances([3, 3], 2.0) == [0.5, 0.5]


def test_search_on_the_toy_game_is_a_pure_function_of_its_inputs():
    t = tally_table(3)
    for seat in range(3):
        t.play(f"bid:{seat % 2}", seat)
    t.play_forced()
    seat = t.state.current_player()
    obs, legal = t.state.observation(seat), t.state.legal_actions(seat)
    results = []
    for _ in range(2):
        stream = Chance(seed_of("stream")).stream("s")
        r = Search(TallyKnowledge(TALLY, seat), 40).run(obs, legal, stream)
        results.append((r.action, r.stats, r.iterations))
    assert results[0] == results[1]
    assert results[0][2] == 40
    assert sum(v for v, _ in results[0][1].values()) == 40


def test_search_takes_a_card_when_taking_can_only_help():
    t = tally_table(2, seed_of("take"))
    t.play("bid:0", 0)
    t.play("bid:0", 1)
    taken = 0
    while not t.state.is_terminal() and taken < 4:
        t.play_forced()
        seat = t.state.current_player()
        legal = t.state.legal_actions(seat)
        if legal == ["take", "pass"]:
            r = Search(TallyKnowledge(TALLY, seat), 30).run(t.state.observation(seat), legal,
                                                             Chance(seed_of("take", taken)).stream("s"))
            assert r.action == "take", r.stats
            taken += 1
        t.play("take", seat)
    assert taken


def test_a_secret_bid_is_never_read_from_the_table():
    """Seat 1's bid is in; seat 0's search sees only that it is in. Two tables that differ only in that
    bid give seat 0 the same observation and therefore the same search."""
    moves = []
    for bid in ("bid:0", "bid:3"):
        t = tally_table(2, seed_of("secret"))
        t.play(bid, 1)
        obs, legal = t.state.observation(0), t.state.legal_actions(0)
        r = Search(TallyKnowledge(TALLY, 0), 24).run(obs, legal, Chance(seed_of("secret", "s")).stream("s"))
        moves.append((r.action, r.stats))
    assert moves[0] == moves[1]


SEARCH_GAMES = [g for g in available() if isinstance(get_game(g).make_bot(get_game(g).bot_levels[-1], 0), SearchBot)]


@pytest.mark.parametrize("name", SEARCH_GAMES)
def test_every_search_level_repeats_its_move_fresh_or_after_other_moves(name):
    game = get_game(name)
    level = game.bot_levels[-1]
    t = Table(game, [Seat(f"B{k}", True, "normal") for k in range(2)], {}, seed_of(name), "test")
    warm = {s: game.make_bot(level, s) for s in range(2)}
    asked = 0
    for d in decisions(t, 400):
        if asked >= 6:
            break
        seat = d.players[0]
        legal = t.state.legal_actions(seat)
        if len(legal) > 1 and len(t.actions) % 3 == 0:
            obs = t.state.observation(seat)
            a = warm[seat].choose(obs, legal, t.chance.bot_stream(seat, len(t.actions)))
            b = game.make_bot(level, seat).choose(obs, legal, t.chance.bot_stream(seat, len(t.actions)))
            assert a == b and a in legal
            asked += 1
        t.play(t.bot_choice(seat), seat)
    assert asked


@pytest.mark.parametrize("name", [g for g in SEARCH_GAMES if g != "elderwood"])
def test_a_hint_reads_nothing_the_seat_may_not_see(name):
    """Privacy, extended to hints: the table's hidden things drawn again (what the seat cannot tell
    apart) never change the hint a seat gets."""
    from py_engine.core import analysis
    from py_engine.core.bots import RandomBot
    game = get_game(name)
    t = Table(game, [Seat("Ana", False), Seat("Bia", False), Seat("Bot", True, "normal")], {}, seed_of(name, "p"),
              "test")
    stream = Chance(seed_of(name, "walk")).stream("w")
    hidden = Chance(seed_of(name, "hidden")).stream("h")
    asked = 0
    for d in decisions(t, 300, t.play_bots):
        if asked >= 4:
            break
        seat = d.players[0]
        if len(t.state.legal_actions(seat)) > 1 and stream.below(3) == 0:
            real = analysis.hint(t, seat)
            kept = t.state
            t.state = kept.resample_hidden(seat, hidden)
            try:
                assert analysis.hint(t, seat) == real
            finally:
                t.state = kept
            asked += 1
        t.play(RandomBot().choose({}, t.state.legal_actions(seat), stream), seat)
    assert asked


def test_a_running_game_is_reviewed_only_for_one_seat():
    from py_engine.core import analysis
    from py_engine.core.game import IllegalAction
    game = get_game("hollowmere")
    t = Table(game, [Seat("Ana", False), Seat("Bot", True, "normal")], {}, seed_of("review-running"), "test")
    for _ in range(6):
        t.play_bots()
        seat = t.decision().players[0]
        t.play(t.state.legal_actions(seat)[0], seat)
    record = t.to_record(reveal_seed=True)
    with pytest.raises(IllegalAction):
        list(analysis.review(record, get_game, iterations=4))
    mine = list(analysis.review(record, get_game, viewer=0, iterations=4))
    assert mine and all(m["seat"] == 0 for m in mine)


@pytest.mark.parametrize("name", available())
def test_every_bot_level_is_said_in_one_line_in_every_language(name):
    game = get_game(name)
    assert set(game.bot_level_words) == set(game.bot_levels)
    for level, words in game.bot_level_words.items():
        assert set(words) == {"en", "pt"} and all(w and "\n" not in w for w in words.values())
