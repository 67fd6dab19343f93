"""Paving a road: cards of its colour (grey: any one colour), Oxen wild, markers, points at once, doubles."""
import pytest

from py_engine.core.game import IllegalAction
from py_engine.games.milehollow.data import ROAD_INDEX, ROADS

from py_engine.games.milehollow.notation import offered_moves
from .helpers import counts, position


def unchanged(s, action, match):
    before = s.observation("all")
    with pytest.raises(IllegalAction, match=match or None):
        s.apply_action(action)
    assert s.observation("all") == before


def test_pave_spends_cards_places_markers_and_scores_at_once():
    """Descarte tantas cartas quantas lajes a estrada tem, todas da cor dela. Ponha um marco em cada laje e
    pontue na hora."""
    s = position(hands=[{"amber": 5, "ox": 2}, {}])
    s.apply_action("pave:poco-torresal:amber*4+ox*2")
    assert s.owner[ROAD_INDEX["poco-torresal"]] == 0
    assert s.markers[0] == 45 - 6 and s.points == [15, 0]
    assert s.hands[0] == counts(amber=1)
    assert s.discards == counts(amber=4, ox=2)
    assert s.current == 1
    assert s.events[-1] == {"kind": "pave", "seat": 0, "road": "poco-torresal", "len": 6, "cards": "amber*4+ox*2",
                            "points": 15, "markers": 39, "after_action": 1}


@pytest.mark.parametrize("road, cards, points", [
    ("castelo-ponte", "amber*1", 1), ("azenha-ponte", "coal*2", 2), ("abelhas-milhada", "amber*3", 4),
    ("abelhas-barca", "indigo*4", 7), ("lagoaseca-montecorvo", "teal*5", 10), ("lameiro-pedraalta", "plum*6", 15)])
def test_points_by_length(road, cards, points):
    """Pontos por estrada: 1 laje 1, 2 → 2, 3 → 4, 4 → 7, 5 → 10, 6 → 15."""
    colour, n = cards.split("*")
    s = position(hands=[{colour: int(n)}, {}])
    s.apply_action(f"pave:{road}:{cards}")
    assert s.points[0] == points


def test_grey_road_takes_any_one_colour():
    """Uma estrada cinza aceita qualquer cor, desde que seja uma só."""
    for cards in ("teal*5", "coal*3+ox*2", "ox*5"):
        colour = cards.split("*")[0]
        s = position(hands=[{"teal": 5, "coal": 3, "ox": 5}, {}])
        s.apply_action(f"pave:nascente-serralobo:{cards}")
        assert s.points[0] == 10, colour
    s = position(hands=[{"teal": 3, "coal": 2}, {}])
    unchanged(s, "pave:nascente-serralobo:teal*3+coal*2", "not a paving")


def test_ox_counts_as_any_colour():
    """Um Boi vale como qualquer cor."""
    s = position(hands=[{"ox": 6}, {}])
    s.apply_action("pave:lameiro-pedraalta:ox*6")
    assert s.points[0] == 15 and s.hands[0] == counts()
    s = position(hands=[{"plum": 1, "ox": 1}, {}])
    s.apply_action("pave:barca-milhada-b:plum*1+ox*1")
    assert s.owner[ROAD_INDEX["barca-milhada-b"]] == 0


def test_wrong_colour_is_refused():
    """On a coloured road the colour MUST match."""
    s = position(hands=[{"coal": 1, "amber": 1}, {}])
    unchanged(s, "pave:castelo-ponte:coal*1", "castelo-ponte is amber")


def test_cards_must_add_up_to_the_length():
    """The counts add up to len."""
    s = position(hands=[{"amber": 6}, {}])
    unchanged(s, "pave:poco-torresal:amber*5", "takes 6 cards, not 5")
    unchanged(s, "pave:castelo-ponte:amber*2", "takes 1 cards, not 2")


def test_you_need_the_cards():
    """It is also illegal without the cards."""
    s = position(hands=[{"amber": 3, "ox": 1}, {}])
    unchanged(s, "pave:poco-torresal:amber*4+ox*2", "you have 3 amber cards")
    unchanged(s, "pave:abelhas-milhada:amber*1+ox*2", "you have 1 Oxen")


def test_you_need_the_markers():
    """You MUST have at least len markers left."""
    s = position(hands=[{"amber": 6}, {}], markers=[5, 45])
    unchanged(s, "pave:poco-torresal:amber*6", "needs 6 markers and you have 5")
    assert not any(a.startswith("pave:poco-torresal") for a in s.legal_actions())
    s.apply_action("pave:abelhas-milhada:amber*3")
    assert s.markers[0] == 2


def test_a_paved_road_is_taken():
    """It is illegal on a road that is owned."""
    s = position(hands=[{"amber": 2}, {}], roads={"castelo-ponte": 1})
    unchanged(s, "pave:castelo-ponte:amber*1", "already paved")


@pytest.mark.parametrize("text", ["pave:poco-torresal:ox*2+amber*4", "pave:castelo-ponte:grey*1",
                                  "pave:castelo-ponte:amber*0", "pave:castelo-ponte:amber*01",
                                  "pave:milhada-barca-a:moss*2", "pave:castelo-ponte:amber*1+ox*0",
                                  "pave:castelo-ponte:ox*1+ox*1", "pave:barca-milhada:moss*2"])
def test_other_spellings_are_rejected(text):
    """Any other spelling is rejected: terms out of order, zero counts, repeated terms, two colours, or grey."""
    s = position(hands=[{"amber": 6, "moss": 2, "ox": 3}, {}])
    unchanged(s, text, "")


def test_one_player_never_paves_both_roads_of_a_double():
    """Você só pode pavimentar uma das duas estradas (at any number of players)."""
    for n in (2, 4, 5):
        s = position(n, hands=[{"moss": 2, "plum": 2}] + [{}] * (n - 1), roads={"barca-milhada-a": 0})
        unchanged(s, "pave:barca-milhada-b:plum*2", "only one road of a double")


def test_with_2_or_3_players_the_other_road_closes():
    """com 2 ou 3 jogadores a outra fecha."""
    for n in (2, 3):
        s = position(n, hands=[{"plum": 2}] + [{}] * (n - 1), roads={"barca-milhada-a": 1})
        unchanged(s, "pave:barca-milhada-b:plum*2", "closed when barca-milhada-a was paved")
        assert s.closed(ROAD_INDEX["barca-milhada-b"])


def test_with_4_or_5_players_the_other_road_stays_open_for_the_others():
    """Only with 2 or 3 players does the other road of a double close; with 4 or 5 the other players may pave it."""
    for n in (4, 5):
        s = position(n, hands=[{"plum": 2}] + [{}] * (n - 1), roads={"barca-milhada-a": 1})
        s.apply_action("pave:barca-milhada-b:plum*2")
        assert s.owner[ROAD_INDEX["barca-milhada-b"]] == 0


def test_move_list_offers_each_colour_with_oxen_spent_last_and_accepts_other_mixes():
    """The move list offers, per road, each colour that can pay with the fewest Oxen (Oxen alone only when no
    colour can pay); any other valid mix is legal too, so the legal list holds it (one judgement for both)."""
    s = position(hands=[{"teal": 3, "coal": 1, "ox": 2}, {}])
    offered = offered_moves(s.legal_actions())
    grey = [a for a in offered if a.startswith("pave:nascente-serralobo:")]
    assert grey == ["pave:nascente-serralobo:teal*3+ox*2"]
    three = [a for a in offered if a.startswith("pave:canas-nevoa:")]   # grey, 3 slabs
    assert three == ["pave:canas-nevoa:teal*3", "pave:canas-nevoa:coal*1+ox*2"]
    ox_only = [a for a in offered if a.startswith("pave:castelo-ponte:")]   # amber, 1 slab
    assert ox_only == ["pave:castelo-ponte:ox*1"]
    assert offered == [a for a in s.legal_actions() if not a.startswith("pave:")] + s.pave_actions(0, offered=True)
    assert s.pave_mixes(0, ROAD_INDEX["canas-nevoa"]) == [(4, 3, 0), (4, 2, 1), (4, 1, 2), (7, 1, 2)]
    assert [a for a in s.legal_actions() if a.startswith("pave:canas-nevoa:")] == [
        "pave:canas-nevoa:teal*3", "pave:canas-nevoa:teal*2+ox*1", "pave:canas-nevoa:teal*1+ox*2",
        "pave:canas-nevoa:coal*1+ox*2"]
    s.apply_action("pave:canas-nevoa:teal*1+ox*2")       # not offered first, but legal
    assert s.hands[0] == counts(teal=2, coal=1)


def test_every_listed_paving_is_legal_and_roads_are_listed_only_when_payable():
    """Every paving in the move list is legal; closed roads and roads the hand cannot pay for are not listed."""
    s = position(hands=[{"teal": 2, "lemon": 3, "ox": 1}, {}], roads={"milhada-ponte-a": 1})
    for a in s.legal_actions():
        if a.startswith("pave:"):
            s.clone().apply_action(a)
    rid = {a.split(":")[1] for a in s.legal_actions() if a.startswith("pave:")}
    assert "milhada-ponte-b" not in rid               # closed (2 players)
    assert all(ROADS[ROAD_INDEX[r]].len <= 4 for r in rid)        # 3 lemon + 1 Ox at most
