"""Sampling from what a seat knows (``Game.sample_state``), the contract every game keeps.

Over random games, at every step and for every seat: the position built from the seat's observation
shows that seat exactly the observation and the legal list of the real position (and so does every
redraw of it, which is how the search draws again). On a few hidden things, many samples follow the
pool of what the seat has not seen: Hollowmere's hidden next tile, a Milehollow opponent's wagon
colours, a Wickerfair opponent's courage cards.
"""
from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from py_engine.core.fairness import Chance
from py_engine.core.table import Seat, Table
from py_engine.registry import available, get_game

from ..random_play import random_step

GAMES = available()
#: Steps checked per game (from the first): enough for every kind of decision to come up.
STEPS = 160


def seed_of(*parts) -> str:
    return hashlib.sha256("/".join(map(str, ("sampling",) + parts)).encode()).hexdigest()


def table_for(name: str, n: int, i: int, options: dict | None = None) -> Table:
    game = get_game(name)
    return Table(game, [Seat(f"R{k + 1}", True, game.bot_levels[0]) for k in range(n)], options or {},
                 seed_of(name, n, i), "test")


def options_of(name: str, i: int) -> dict:
    if name == "hollowmere":
        return {"hide_next": bool(i % 2), "mist_veil": True, "meadows": bool(i % 2)}
    return {}


@pytest.mark.parametrize("name", GAMES)
def test_a_sample_shows_the_seat_exactly_what_it_sees(name):
    game = get_game(name)
    sizes = sorted({game.min_players, game.max_players})
    for i, n in enumerate(sizes):
        t = table_for(name, n, i, options_of(name, i))
        stream = Chance(seed_of(name, "play", i)).stream("random")
        draws = Chance(seed_of(name, "draws", i)).stream("sample")
        checked = 0
        while True:
            t.play_forced()
            if t.state.is_terminal() or len(t.actions) >= STEPS:
                break
            for seat in range(n):
                obs = t.state.observation(seat)
                legal = t.state.legal_actions(seat)
                sample = game.sample_state(obs, seat, draws)
                assert sample.observation(seat) == obs, f"{name}: step {len(t.actions)}, seat {seat}"
                assert sample.legal_actions(seat) == legal, f"{name}: step {len(t.actions)}, seat {seat}"
                again = sample.resample_hidden(seat, draws)
                assert again.observation(seat) == obs and again.legal_actions(seat) == legal
                checked += 1
            if not random_step(t, stream, bots=name == "wickerfair"):
                break
        assert checked > 20


def _seen_after(name: str, n: int, i: int, steps: int, tag: str, options: dict | None = None, seat: int | None = None):
    """The game, a seat (the one to play unless told), its observation after ``steps`` actions (random ones and
    the bots' in turn) of ``table_for(name, n, i)``, and the stream its samples are drawn from."""
    t = table_for(name, n, i, options)
    play = Chance(seed_of(tag)).stream("p")
    for _ in range(steps):
        if not random_step(t, play, bots=True):
            break
    seat = t.state.current if seat is None else seat
    return get_game(name), seat, t.state.observation(seat), Chance(seed_of(tag, "d")).stream("d")


def test_hollowmere_hidden_next_tile_follows_the_remaining_counts():
    game, seat, obs, draws = _seen_after("hollowmere", 2, 7, 30, "hm-marginal", {"hide_next": True})
    assert "next" not in obs
    n = 3000
    seen = Counter(game.sample_state(obs, seat, draws).next_id() for _ in range(n))
    total = obs["supply"]
    for tile, k in obs["remaining"].items():
        expected = n * k / total
        assert abs(seen[tile] - expected) <= 4 * (expected ** 0.5) + 2, (tile, seen[tile], expected)
    assert set(seen) <= {tile for tile, k in obs["remaining"].items() if k}


def test_milehollow_opponent_hand_follows_the_unseen_cards():
    from py_engine.games.milehollow.data import CARD_NAMES, WAGON_COUNTS
    game, seat, obs, draws = _seen_after("milehollow", 3, 3, 40, "mh-marginal", seat=0)
    other = 1
    unknown = obs["hand_counts"][other] - sum(obs["known_cards"][other].values())
    assert unknown > 0
    pool = {}
    for c, name in enumerate(CARD_NAMES):
        pool[name] = (WAGON_COUNTS[c] - obs["discards"].get(name, 0) - obs["row"].count(name)
                      - obs["hand"].get(name, 0) - sum(k.get(name, 0) for k in obs["known_cards"][1:]))
    size = sum(pool.values())
    n = 1500
    got = Counter()
    for _ in range(n):
        s = game.sample_state(obs, seat, draws)
        for c, name in enumerate(CARD_NAMES):
            got[name] += s.hands[other][c] - obs["known_cards"][other].get(name, 0)
    for name, k in pool.items():
        expected = n * unknown * k / size
        assert abs(got[name] - expected) <= 5 * (expected ** 0.5) + 3, (name, got[name], expected)


def test_wickerfair_opponent_courage_cards_follow_the_unseen_cards():
    from py_engine.games.wickerfair.data import COURAGE_DECK
    game, seat, obs, draws = _seen_after("wickerfair", 3, 5, 60, "wf-marginal", seat=0)
    other = 1
    pool = list(COURAGE_DECK)
    for v in obs["decks"]["discard"] + obs["clans"][seat]["hand"]:
        pool.remove(v)
    for co in obs["clans"]:
        for v in co.get("hand_known", []):
            pool.remove(v)
    size = obs["clans"][other]["hand_size"] - len(obs["clans"][other].get("hand_known", []))
    assert size > 0
    n = 1500
    got = Counter()
    for _ in range(n):
        s = game.sample_state(obs, seat, draws)
        got.update(s.clans[other].hand)
    known = obs["clans"][other].get("hand_known", [])
    for v in sorted(set(pool) | set(known)):
        expected = n * known.count(v) + n * size * pool.count(v) / len(pool)
        assert abs(got[v] - expected) <= 5 * (expected ** 0.5) + 3, (v, got[v], expected)
