"""The 60-second timer: what the table plays when it runs out (a pure function of the position)."""
from py_engine.games.milehollow.board import ROAD_INDEX

from .helpers import keep_all_lowest, new_game, position, set_deck


def test_every_decision_has_60_seconds():
    """Cada decisão tem um cronômetro de 60 segundos."""
    s = new_game(2)
    assert s.decision().timer == 60
    keep_all_lowest(s)
    assert s.decision().timer == 60
    s.apply_action("deck")
    assert s.decision().timer == 60


def test_expiry_draws_from_the_deck_for_the_whole_draw():
    """Se ele acabar, a mesa saca do baralho por você (both cards of the draw come from the deck)."""
    s = position(row=["crimson", "ox", "lemon", "moss", "teal"], hands=[{"amber": 3}, {}])
    set_deck(s, ["plum", "coal"])
    assert s.timeout_action(0) == "deck"
    s.apply_action("deck")
    assert s.timeout_action(0) == "deck"
    s.apply_action("deck")
    assert s.current == 1


def test_with_an_empty_deck_the_table_takes_the_leftmost_face_up_card_not_an_ox():
    """With the deck and the discards empty, the timer takes the leftmost face-up card that is not an Ox (an Ox only when nothing else shows)."""
    s = position(row=["ox", None, "lemon", "moss", "teal"])
    set_deck(s, [])
    assert s.timeout_action(0) == "row:3"
    s = position(row=["ox", None, None, None, None])
    set_deck(s, [])
    assert s.timeout_action(0) == "row:1"       # only an Ox shows: it is still a draw


def test_it_paves_only_when_nothing_can_be_drawn_the_road_worth_most():
    """Ela só pavimenta uma estrada quando não há nada para sacar: the road worth the most points (first in road
    order on a tie), paid with the proposed cards (Oxen spent last; on a grey road the colour held most)."""
    s = position(row=[None] * 5, hands=[{"amber": 3, "teal": 4, "coal": 4}, {}])
    set_deck(s, [])
    assert s.timeout_action(0) == "pave:abelhas-penedo:teal*4"   # the first 4-slab road; grey: teal before coal
    s = position(row=[None] * 5, hands=[{"amber": 3, "teal": 3, "coal": 4}, {}])
    set_deck(s, [])
    assert s.timeout_action(0) == "pave:abelhas-penedo:coal*4"
    s = position(row=[None] * 5, hands=[{"teal": 5, "ox": 1}, {}])
    set_deck(s, [])
    assert s.timeout_action(0) == "pave:lagoaseca-montecorvo:teal*5"
    s = position(row=[None] * 5, hands=[{"teal": 2, "coal": 3, "ox": 1}, {}],
                 roads={"lagoaseca-montecorvo": 1, "nascente-serralobo": 1, "poco-vilacinza": 1})
    set_deck(s, [])
    t = s.timeout_action(0)
    assert t.startswith("pave:") and ROAD_INDEX[t.split(":")[1]] >= 0
    s.clone().apply_action(t)


def test_with_nothing_to_draw_or_pave_it_draws_mail_and_keeps_the_fewest_lowest_ids():
    """On a keep time-out the table keeps the minimum number of cards (1, or 2 at the deal), the lowest ids."""
    s = position(row=[None] * 5, mail_top=["m21", "m02", "m30"])
    set_deck(s, [])
    assert s.timeout_action(0) == "mail"
    s.apply_action("mail")
    assert s.timeout_action(0) == "keep:m02"
    s = new_game(3)
    for p in s.decision().players:
        ids = sorted(f"m{m + 1:02d}" for m in s.pending[p])
        assert s.timeout_action(p) == f"keep:{ids[0]},{ids[1]}"


def test_timeout_is_a_pure_function_of_the_position():
    """The table's move on a timer is a pure function of the position."""
    s = new_game(4)
    keep_all_lowest(s)
    before = s.observation("all")
    a = s.timeout_action(s.current)
    assert a == s.clone().timeout_action(s.current) and s.observation("all") == before
