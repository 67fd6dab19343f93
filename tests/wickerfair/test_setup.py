"""§1.3 Setup from the seal: every deal and shuffle under its own label, re-derived here independently."""
from __future__ import annotations

import pytest

from py_engine.core.fairness import Chance
from py_engine.games.wickerfair import GAME, LABELS
from py_engine.games.wickerfair.clan import HOME
from py_engine.games.wickerfair.data import (COURAGE_DECK, ENTRIES, MILL_IDS, START_CARDS, START_COINS,
                                             START_COURAGE, START_GOODWILL, VISITOR_SPOTS)

SEED = "c0" * 32


def test_labels_are_the_documented_ones():
    """Every use of chance has its own label, listed in the rules doc (docs/rules/wickerfair.md, Fairness)."""
    assert LABELS == ("setup/clans", "setup/mats", "setup/visitors", "setup/mill", "setup/prize", "setup/courage",
                      "setup/missions", "courage/reshuffle", "confront/snatch")


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_clans_and_mats_are_dealt_separately_from_their_own_streams(n):
    """1. Clans. Shuffle the 5 clans and deal one to each seat. 2. Mats. Shuffle the 5 mats and deal one to
    each seat, separately from the clans, so every clan/mat pairing is possible."""
    s = GAME.new_initial_state(n, {}, Chance(SEED))
    ch = Chance(SEED)
    clans, mats = list(range(5)), list(range(5))
    ch.stream("setup/clans").shuffle(clans)
    ch.stream("setup/mats").shuffle(mats)
    assert [c.clan for c in s.clans] == clans[:n]
    assert [c.mat for c in s.clans] == mats[:n]


def test_every_pairing_happens_over_seeds():
    pairs = set()
    for i in range(200):
        s = GAME.new_initial_state(5, {}, Chance(f"{i:064x}"))
        pairs.update((c.clan, c.mat) for c in s.clans)
    assert len(pairs) == 25


@pytest.mark.parametrize("seed", ["00" * 32, "ab" * 32, "5f" * 32])
def test_turn_order_lowest_mat_then_clockwise_by_home(seed):
    """3. Turn order. The clan with the lowest mat number goes first. Play then goes clockwise by home
    position (N → NE → SE → S → SW → N), skipping clans not in play."""
    for n in (2, 3, 4, 5):
        s = GAME.new_initial_state(n, {}, Chance(seed))
        first = min(range(n), key=lambda p: s.clans[p].mat)
        assert s.order[0] == first and s.active == first
        homes = [s.clans[p].clan for p in s.order]       # clan index = home position in the cycle
        k = homes.index(min(homes))
        assert homes[k:] + homes[:k] == sorted(homes)


def test_map_and_decks():
    """4. Map: one visitor token on each of the 8 spots; the visitor deck, the mill cards (clans + 1 face
    down as the mill pile, the rest aside unseen), 1 prize tile face up, the courage and mission decks
    are shuffled."""
    n = 3
    s = GAME.new_initial_state(n, {}, Chance(SEED))
    ch = Chance(SEED)
    for label in ("setup/clans", "setup/mats"):
        ch.stream(label).shuffle(list(range(5)))
    visitors = list(range(12))
    ch.stream("setup/visitors").shuffle(visitors)
    mill = list(range(8))
    ch.stream("setup/mill").shuffle(mill)
    prizes = list(range(6))
    ch.stream("setup/prize").shuffle(prizes)
    courage = list(COURAGE_DECK)
    ch.stream("setup/courage").shuffle(courage)
    missions = list(range(16))
    ch.stream("setup/missions").shuffle(missions)
    assert [h for h in range(37) if s.tokens[h]] == list(VISITOR_SPOTS)
    assert s.visitor_deck == visitors
    assert s.mill_pile == mill[:n + 1] and s.mill_aside == mill[n + 1:] and len(MILL_IDS) == 8
    assert s.prize == prizes[0] and s.prize_aside == prizes[1:]
    dealt = sum(START_CARDS[s.clans[p].clan] for p in s.order)
    assert s.courage_deck == courage[dealt:]
    hands = []
    for p in s.order:
        k = START_CARDS[s.clans[p].clan]
        assert s.clans[p].hand == sorted(courage[len(hands):len(hands) + k])
        hands += courage[len(hands):len(hands) + k]
    for i, p in enumerate(s.order):
        assert s.clans[p].missions == missions[2 * i:2 * i + 2]
    assert s.mission_deck == missions[2 * n:]


def test_each_clan_starts_as_section_1_3_says():
    """5. Each clan: herald at its home; 1 farmer on each of its 2 entry hexes and 6 farmers in its supply;
    6 pins on the top spaces; goodwill and coins from its mat; courage and courage cards from its clan;
    2 secret missions; 0 resources. 6. Day = 1."""
    s = GAME.new_initial_state(5, {}, Chance(SEED))
    assert s.day == 1 and s.dk == "CHOOSE_COLUMN"
    for c in s.clans:
        assert c.herald == HOME and c.walkers == [-2] * 4 and c.structures == [-1] * 4
        assert [h for h in range(37) if c.farmers[h]] == sorted(ENTRIES[c.clan])
        assert c.supply == 6 and c.home_farmers == 0
        assert c.covered == [True] * 6 and c.slots == [0] * 4
        assert (c.goodwill, c.coins) == (START_GOODWILL[c.mat], START_COINS[c.mat])
        assert (c.courage, len(c.hand)) == (START_COURAGE[c.clan], START_CARDS[c.clan])
        assert len(c.missions) == 2 and c.home == [0, 0, 0, 0]
    assert sum(s.res) == 0


def test_same_seed_same_game_byte_for_byte():
    """Determinism: same seed + same actions ⇒ same game."""
    a = GAME.new_initial_state(4, {}, Chance(SEED))
    b = GAME.new_initial_state(4, {}, Chance(SEED))
    assert a.observation("all") == b.observation("all")
    c = GAME.new_initial_state(4, {}, Chance("c1" * 32))
    assert a.observation("all") != c.observation("all")
