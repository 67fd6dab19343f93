"""Who sees what: hands, mail and deck orders are private; the row, counts, discards and roads are public."""
import json

import pytest

from py_engine.core.fairness import Chance
from py_engine.core.game import ALL_SEATS, PRIVATE, PUBLIC
from py_engine.games.milehollow.data import CARD_INDEX

from .helpers import keep_all_lowest, new_game, position, random_moves, set_deck

PRIVATE_KEYS = ("hands", "mails", "pendings", "returnings", "deck_order", "mail_deck_order")


def test_draw_decisions_are_public_keep_decisions_private():
    """The draw decisions are PUBLIC; the keep decisions are PRIVATE."""
    s = new_game(2)
    assert s.decision().visibility == PRIVATE
    keep_all_lowest(s)
    assert s.decision().visibility == PUBLIC
    s.apply_action("deck")
    assert s.decision().kind == "draw" and s.decision().visibility == PUBLIC
    s.apply_action("deck")
    s.apply_action("mail")
    assert s.decision().kind == "keep" and s.decision().visibility == PRIVATE


def test_a_seat_sees_its_own_hand_and_mail_only():
    """Private: each hand, each player's mail, the order of both decks. Public: the row, counts of cards in
    hands and decks, the discards, roads, markers, mail counts."""
    s = new_game(3)
    keep_all_lowest(s)
    s.apply_action("deck")
    s.apply_action("row:1")
    o = s.observation(1)
    assert o["hand"] == {k: v for k, v in zip(
        ("crimson", "amber", "lemon", "moss", "teal", "indigo", "plum", "coal", "ox"), s.hands[1]) if v}
    assert set(o["mail"]) == {f"m{m + 1:02d}" for m in s.mail[1]}
    for key in PRIVATE_KEYS:
        assert key not in o
    text = json.dumps(s.observation(None))
    assert '"hand"' not in text and '"mail":' not in text
    for viewer in (None, 0, 1, 2):
        o = s.observation(viewer)
        assert o["hand_counts"] == [sum(h) for h in s.hands] and o["deck"] == len(s.deck)
        assert o["mail_counts"] == [len(m) for m in s.mail] and o["mail_deck"] == len(s.mail_deck)
        assert o["row"] == s.observation(0)["row"] and o["markers"] == s.markers


def test_cards_taken_from_the_row_stay_known():
    """Everyone saw a face-up card taken: it is public that it is in that hand until it is spent."""
    s = position(hands=[{"amber": 1}, {}])
    set_deck(s, ["plum"] * 6)
    s.apply_action("row:2")
    s.apply_action("deck")
    assert s.observation(None)["known_cards"][0] == {"amber": 1}
    s.apply_action("deck", 1)
    s.apply_action("deck", 1)
    s.apply_action("pave:castelo-ponte:amber*1")
    assert s.observation(None)["known_cards"][0] == {}
    assert s.hands[0][CARD_INDEX["amber"]] == 1     # one amber is still there, but nobody else knows it


def test_all_seats_sees_everything():
    """observation(ALL_SEATS) shows everything: hands, mail, both deck orders."""
    s = new_game(3)
    o = s.observation(ALL_SEATS)
    for key in PRIVATE_KEYS:
        assert key in o
    assert len(o["deck_order"]) == len(s.deck) and o["pendings"][0]


def test_a_blind_card_is_named_only_to_its_drawer():
    """The card drawn blind is private: the drawer's events and last turn name it, the others' do not."""
    s = position()
    set_deck(s, ["plum", "coal"])
    s.apply_action("deck")
    s.apply_action("row:1")
    mine = s.events_since(0, 0)
    theirs = s.events_since(0, 1)
    assert mine[0]["card"] == "plum" and theirs[0]["card"] is None
    assert s.observation(0)["last_turn"]["draws"] == [{"from": "deck", "card": "plum"},
                                                      {"from": "row", "slot": 1, "card": "crimson"}]
    assert s.observation(1)["last_turn"]["draws"] == [{"from": "deck", "card": None},
                                                      {"from": "row", "slot": 1, "card": "crimson"}]
    assert s.observation(ALL_SEATS)["last_turn"]["draws"][0]["card"] == "plum"


def test_a_seat_knows_where_the_mail_it_returned_lies():
    """Returned mail goes under the deck: its returner knows where; the others do not."""
    s = position(mail_top=["m02", "m21", "m30"])
    s.apply_action("mail")
    s.apply_action("keep:m21")
    k = len(s.mail_deck)
    assert s.observation(0)["mail_deck_known"] == [[k - 2, "m02"], [k - 1, "m30"]]
    assert s.observation(1)["mail_deck_known"] == []


def states():
    """Positions from random games at 2–5 seats, at every kind of decision."""
    out = []
    for n in (2, 3, 4, 5):
        s = new_game(n, f"{n}c" * 32)
        out.append(s.clone())
        for i, _ in enumerate(random_moves(s, f"{n}c" * 32), 1):
            if i % 37 == 0 or s.phase == "keep" and i % 3 == 0:
                out.append(s.clone())
        out.append(s)
    return out


@pytest.mark.parametrize("i", range(4))
def test_resample_keeps_what_the_viewer_sees_and_changes_what_it_does_not(i):
    """resample_hidden redraws other hands, other mail and both deck orders, consistent with what the viewer
    knows: observation, view, legal list and words are equal; the hidden data differs."""
    differs = 0
    for s in states()[i::4]:
        for viewer in [None] + list(range(s.num_players)):
            r = s.resample_hidden(viewer, Chance("99" * 32).stream(f"rs/{viewer}"))
            assert r.observation(viewer) == s.observation(viewer)
            assert r.view(viewer) == s.view(viewer)
            assert r.events_since(0, viewer) == s.events_since(0, viewer)
            d = s.decision()
            if d is not None:
                for p in d.players:
                    if viewer == p:
                        assert r.legal_actions(p) == s.legal_actions(p)
                        for a in s.legal_actions(p):
                            for lang in ("en", "pt"):
                                assert r.describe(a, lang, viewer) == s.describe(a, lang, viewer)
                    for a in s.legal_actions(p)[:8]:
                        assert r.describe(a, "en", None) == s.describe(a, "en", None)
            hidden = (s.deck, s.hands, s.mail_deck, s.mail) != (r.deck, r.hands, r.mail_deck, r.mail)
            differs += hidden
            # the rules still hold in the copy: card and mail totals are unchanged
            assert sorted(s.deck + [c for h in s.hands for c in range(9) for _ in range(h[c])]) == \
                sorted(r.deck + [c for h in r.hands for c in range(9) for _ in range(h[c])])
            assert sorted(s.mail_deck + sum(s.mail, []) + sum(s.pending, []) + sum(s.returning, [])) == \
                sorted(r.mail_deck + sum(r.mail, []) + sum(r.pending, []) + sum(r.returning, []))
            for p in range(s.num_players):
                assert all(r.hands[p][c] >= r.seen[p][c] for c in range(9))
    assert differs > 0


def test_resample_keeps_the_viewers_own_hand_and_mail_and_everyones_known_cards():
    """resample_hidden keeps the viewer's own cards and the cards everyone saw taken from the row."""
    s = new_game(3)
    keep_all_lowest(s)
    s.apply_action("row:2")
    s.apply_action("deck")
    r = s.resample_hidden(1, Chance("98" * 32).stream("x"))
    assert r.hands[1] == s.hands[1] and r.mail[1] == s.mail[1]
    assert all(r.hands[p][c] >= s.seen[p][c] for p in range(3) for c in range(9))
    assert r.resample_hidden(ALL_SEATS, Chance("98" * 32).stream("x")).observation(ALL_SEATS) == r.observation(ALL_SEATS)


def test_at_the_end_the_mail_is_public():
    """At the end every player's mail is scored in the open."""
    s = states()[-1]
    assert s.is_terminal()
    r = s.resample_hidden(None, Chance("97" * 32).stream("x"))
    assert r.mail == s.mail and r.observation(None)["mails"] == [[f"m{m + 1:02d}" for m in ms] for ms in s.mail]
