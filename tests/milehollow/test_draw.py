"""Drawing wagon cards: two at a time from the row or the deck, the face-up Ox, the Oxen reset, reshuffles."""
import pytest

from py_engine.core.fairness import Chance
from py_engine.core.game import PUBLIC, IllegalAction
from py_engine.games.milehollow.data import CARD_INDEX, CARD_NAMES, OX

from .helpers import SEED, counts, position, set_deck


def names(row):
    return [CARD_NAMES[c] if c >= 0 else None for c in row]


def test_two_cards_one_at_a_time_slot_refilled_at_once():
    """Pegue duas cartas, uma de cada vez, da fileira virada para cima ou do topo do baralho.
    A slot you take from is refilled at once from the deck."""
    s = position()
    set_deck(s, ["plum", "indigo", "coal"])
    d = s.decision()
    assert d.kind == "turn" and d.visibility == PUBLIC
    s.apply_action("row:2")
    assert names(s.row) == ["crimson", "plum", "lemon", "moss", "teal"]
    assert s.hands[0] == counts(amber=1)
    assert s.decision().kind == "draw" and s.current == 0
    s.apply_action("deck")
    assert s.hands[0] == counts(amber=1, indigo=1)
    assert s.current == 1 and s.decision().kind == "turn"
    assert s.last_turn["draws"] == [{"from": "row", "slot": 2, "card": "amber"}, {"from": "deck", "card": "indigo"}]


def test_second_card_may_be_the_card_just_refilled():
    """A second draw may take the card that was just refilled."""
    s = position()
    set_deck(s, ["plum", "indigo"])
    s.apply_action("row:1")
    assert "row:1" in s.legal_actions()
    s.apply_action("row:1")
    assert s.hands[0] == counts(crimson=1, plum=1)


def test_face_up_ox_is_the_whole_draw():
    """Um Boi virado para cima só pode ser a sua primeira carta, e então ele é a sua compra inteira."""
    s = position(row=["ox", "amber", "lemon", "moss", "teal"])
    set_deck(s, ["plum", "indigo"])
    s.apply_action("row:1")
    assert s.hands[0] == counts(ox=1)
    assert s.current == 1 and s.decision().kind == "turn"


def test_face_up_ox_is_never_a_second_card():
    """It is illegal as a second draw if slot k holds an Ox."""
    s = position(row=["crimson", "ox", "lemon", "moss", "teal"])
    set_deck(s, ["plum", "indigo"])
    s.apply_action("row:1")
    assert "row:2" not in s.legal_actions()
    before = s.clone()
    with pytest.raises(IllegalAction, match="first card"):
        s.apply_action("row:2")
    assert s.observation("all") == before.observation("all")


def test_an_ox_drawn_blind_is_fine_and_the_draw_goes_on():
    """An Ox drawn blind from the deck counts as one card: the draw goes on (as first card) or ends (as second)."""
    s = position()
    set_deck(s, ["ox", "ox"])
    s.apply_action("deck")
    assert s.decision().kind == "draw" and s.hands[0] == counts(ox=1)
    s.apply_action("deck")
    assert s.hands[0] == counts(ox=2) and s.current == 1


def test_second_draw_is_offered_only_where_legal():
    """A drawing turn is a single action if no second draw is legal (only Oxen face up, deck and discards empty)."""
    s = position(row=["crimson", "ox", "ox", None, None])
    set_deck(s, [])
    assert s.legal_actions()[:3] == ["row:1", "row:2", "row:3"] and "deck" not in s.legal_actions()
    s.apply_action("row:1")
    assert s.current == 1 and s.decision().kind == "turn"
    assert s.row[0] == -1                       # nothing to refill it with


def test_empty_slot_is_illegal():
    """row:k is illegal if slot k is empty; row:6 is no slot at all."""
    s = position(row=[None, "amber", "lemon", "moss", "teal"])
    set_deck(s, ["plum"])
    with pytest.raises(IllegalAction, match="empty"):
        s.apply_action("row:1")
    with pytest.raises(IllegalAction, match="slots 1 to 5"):
        s.apply_action("row:6")


def test_deck_is_illegal_when_deck_and_discards_are_empty():
    """deck is illegal if the deck and the discards are both empty."""
    s = position()
    set_deck(s, [])
    assert "deck" not in s.legal_actions()
    with pytest.raises(IllegalAction, match="both empty"):
        s.apply_action("deck")


def test_three_oxen_face_up_reset_the_row():
    """Quando a fileira virada para cima mostra 3 Bois, as cinco cartas são descartadas e cinco novas são viradas."""
    s = position(row=["ox", "ox", "amber", "lemon", "moss"])
    set_deck(s, ["ox", "crimson", "teal", "plum", "coal", "indigo", "lemon"])
    s.apply_action("row:3")                      # refilled with an Ox: three Oxen show
    assert names(s.row) == ["crimson", "teal", "plum", "coal", "indigo"]
    assert s.discards == counts(ox=3, lemon=1, moss=1)
    ev = [e for e in s.events if e["kind"] == "oxen-reset"]
    assert ev == [{"kind": "oxen-reset", "discarded": ["ox", "ox", "ox", "lemon", "moss"],
                   "row": ["crimson", "teal", "plum", "coal", "indigo"], "after_action": 1}]


def test_oxen_reset_repeats_at_most_three_times_in_a_row():
    """The reset repeats while 3 or more Oxen show, but at most 3 times in a row, so it always ends."""
    s = position(row=["ox", "ox", "amber", "lemon", "moss"])
    set_deck(s, ["ox"] + ["ox", "ox", "ox", "crimson", "teal"] * 3 + ["plum"] * 5)
    s.apply_action("row:3")
    assert len([e for e in s.events if e["kind"] == "oxen-reset"]) == 3
    assert names(s.row) == ["ox", "ox", "ox", "crimson", "teal"]     # the cap leaves three Oxen showing
    # the next refill counts again from zero
    s.apply_action("row:4")
    assert len([e for e in s.events if e["kind"] == "oxen-reset"]) == 4


def test_oxen_reset_after_the_deal():
    """Whenever the row shows 3 or more Oxen, after the deal or after a refill, discard all five."""
    from py_engine.games.milehollow.data import wagon_list
    from py_engine.games.milehollow.state import MilehollowState
    w = wagon_list()
    oxen = [c for c in w if c == OX]
    rest = [c for c in w if c != OX]
    deck = rest[:8] + [OX, OX, OX, rest[8], rest[9]] + rest[10:] + oxen[3:]
    s = MilehollowState(2, Chance(SEED), 0, deck, list(range(30)))
    assert s.row == rest[10:15] and s.discards[OX] == 3


def test_empty_deck_is_rebuilt_from_the_discards_under_its_own_label():
    """Baralho vazio: the discards are shuffled (from the seed) into a new deck, label deck/reshuffle/<k>,
    listed in card order first."""
    s = position(discards={"amber": 2, "plum": 3, "ox": 1})
    set_deck(s, [])
    assert "deck" in s.legal_actions()
    s.apply_action("deck")
    cards = [CARD_INDEX["amber"]] * 2 + [CARD_INDEX["plum"]] * 3 + [OX]
    Chance(SEED).stream("deck/reshuffle/1").shuffle(cards)
    drawn = cards[0]
    assert s.hands[0][drawn] == 1 and sum(s.hands[0]) == 1
    assert list(reversed(s.deck)) == cards[1:]
    assert s.discards == [0] * 9 and s.reshuffles == 1
    assert [e for e in s.events if e["kind"] == "reshuffle"] == [
        {"kind": "reshuffle", "number": 1, "cards": 6, "after_action": 1}]   # the draw that caused it


def test_second_reshuffle_uses_the_next_label():
    """Each rebuilding of the deck has its own label: deck/reshuffle/1, then deck/reshuffle/2."""
    s = position(discards={"amber": 1})
    set_deck(s, [])
    s.apply_action("deck")
    s.discards[CARD_INDEX["teal"]] = 2
    s.apply_action("deck")
    assert s.reshuffles == 2 and s.hands[0] == counts(amber=1, teal=1)


def test_slot_stays_empty_when_deck_and_discards_are_empty_and_refills_after_a_paving():
    """If the deck and the discards are both empty, a slot stays empty (ours: it is refilled as soon as
    a paving puts cards in the discards, left to right)."""
    s = position(hands=[{}, {"amber": 1}])
    set_deck(s, [])
    s.apply_action("row:5")
    s.apply_action("row:4")
    assert names(s.row) == ["crimson", "amber", "lemon", None, None]
    s.apply_action("pave:castelo-ponte:amber*1", 1)
    assert names(s.row) == ["crimson", "amber", "lemon", "amber", None] and s.reshuffles == 1


def test_nothing_to_draw_means_no_draw_is_offered():
    """When nothing can be drawn, drawing is not offered."""
    s = position(row=[None] * 5, hands=[{"amber": 1}, {}])
    set_deck(s, [])
    s.mail_deck = []
    legal = s.legal_actions()
    assert "pave:castelo-ponte:amber*1" in legal and "pave:garcas-tojal:amber*1" in legal
    assert all(a.startswith("pave:") for a in legal)


def test_no_second_card_from_an_empty_deck_and_nothing_changes():
    """Issue 18 repro: the deck and the discards both empty, a face-up card taken first: `deck` is not
    offered as the second card, and apply_action refuses it too (no Ox from nowhere)."""
    s = position(discards={})
    set_deck(s, [])
    s.apply_action("row:1")
    assert s.phase == "draw" and "deck" not in s.legal_actions()
    before = s.observation("all")
    with pytest.raises(IllegalAction, match="both empty"):
        s.apply_action("deck")
    assert s.observation("all") == before


def test_a_reshuffle_names_the_action_that_caused_it():
    """The reshuffle event's after_action is the number of the draw that emptied the deck, as every event's."""
    s = position(discards={"amber": 2, "plum": 3})
    set_deck(s, ["moss"])
    s.apply_action("deck")          # action 1: the last card of the deck
    s.apply_action("deck")          # action 2: the deck is rebuilt from the discards
    [e] = [e for e in s.events if e["kind"] == "reshuffle"]
    assert e["after_action"] == 2
    assert [e["after_action"] for e in s.events if e["kind"] == "deck"] == [1, 2]
