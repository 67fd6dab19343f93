"""The 60-second timer: what the table plays when it runs out (a pure function of the position); the drawer's own words."""
import json

from py_engine.core import record as rec
from py_engine.core.table import Seat, Table
from py_engine.core.verify import verify
from py_engine.games.milehollow import GAME
from py_engine.games.milehollow.data import ROAD_INDEX
from py_engine.registry import get_game

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


def _person_table(seed="8e" * 32):
    t = Table(GAME, [Seat("Ann"), Seat("Bo", True, "easy"), Seat("Cy", True, "easy")], {}, seed, "test", words=True)
    while not t.state.is_terminal():
        t.play_bots()
        d = t.decision()
        if d.kind == "keep-deal":
            t.play(t.state.legal_actions(0)[0], 0)
        elif d.kind == "turn":
            return t
    raise AssertionError("no turn for seat 1")


def test_a_timed_out_drawing_turn_is_one_whole_draw_by_the_table():
    """Se ele acabar, a mesa saca do baralho por você: one expiry, and the table draws both cards from the deck,
    both marked as timer plays; the record verifies (the verifier re-derives both)."""
    t = _person_table()
    seat = t.decision().players[0]
    hand = sum(t.state.hands[seat])
    before = len(t.actions)
    assert t.play_timeout(seat) == "deck"
    assert t.actions[before:] == ["deck", "deck"]
    assert t.actors[before:] == [[seat, rec.BY_TIMER], [seat, rec.BY_TIMER]]
    assert sum(t.state.hands[seat]) == hand + 2 and t.state.current != seat
    t.play_bots()
    while not t.state.is_terminal():
        d = t.decision()
        for p in d.players:
            t.play_timeout(p)
        t.play_bots()
    r = t.to_record()
    report = verify(r, get_game, "test", bots=True)
    assert report.ok, report.summary
    again = Table.from_record(r, get_game, "test")
    assert again.state.observation("all") == t.state.observation("all")


def test_the_table_finishes_only_a_draw_it_began():
    """timeout_continues: the second card is the table's only when the first was the timer's draw; a person who
    took a row card and then ran out of time gets one card from the table, not a new draw."""
    s = position(row=["crimson", "ox", "lemon", "moss", "teal"])
    set_deck(s, ["plum", "coal", "amber"])
    assert not s.timeout_continues(0)
    c = s.clone()
    c.apply_action("deck")                      # what the timer takes
    assert c.timeout_continues(0) and not c.timeout_continues(1)
    c.apply_action("deck")
    assert not c.timeout_continues(0) and not c.timeout_continues(1)
    s.apply_action("row:1")                     # a person's own first card
    assert s.phase == "draw" and not s.timeout_continues(0)


def test_with_an_empty_deck_the_timer_draw_is_the_leftmost_card_and_the_table_finishes_it():
    """With the deck and discards empty the timer's first card is the leftmost face-up card that is not an Ox;
    the table then takes the second card too."""
    s = position(row=["ox", "crimson", "lemon", None, None])
    set_deck(s, [])
    s.apply_action("row:2")
    assert s.phase == "draw" and s.timeout_continues(0)
    assert s.timeout_action(0) == "row:3"


def test_the_drawer_alone_reads_the_card_a_blind_draw_brought():
    """describe_played: after `deck` the drawer's own words name the card ("drew a crimson card from the deck");
    the log gives those words to the drawer only, the others read the words from before the draw."""
    s = position()
    set_deck(s, ["plum", "ox"])
    s.apply_action("deck")
    assert s.describe_played("deck", "en") == "Drew a plum card from the deck"
    assert s.describe_played("deck", "pt") == "Sacou uma carta ameixa do baralho"
    s.apply_action("deck")
    assert s.describe_played("deck", "en") == "Drew an Ox from the deck"
    assert s.describe_played("row:1", "en") is None
    t = _person_table("9d" * 32)
    seat = t.decision().players[0]
    t.play("deck", seat)
    card = t.state.this_turn["draws"][0]["card"]
    own, other = t.log(seat)[-1], t.log((seat + 1) % 3)[-1]
    assert card in own["words"]["en"] and own["words"]["en"].startswith("Drew a")
    assert other["words"]["en"] == "Draw a card from the deck" and card not in json.dumps(other)


def test_the_drawer_alone_reads_the_mail_cards_drawn():
    """describe_played after `mail`: the drawer's words name the three cards drawn; nobody else's do."""
    s = position(mail_top=["m21", "m02", "m30"])
    s.apply_action("mail")
    words = s.describe_played("mail", "en")
    assert words.startswith("Drew 3 mail cards: Alto das Gralhas–Poço Fundo (12)") and "Ponte Velha–Vau do Moinho" in words and "Pedraalta–Torre do Sal" in words
    assert s.describe_played("mail", "pt").startswith("Sacou 3 cartas de correspondência: Alto das Gralhas")
