"""The renderer's view: the map, what the viewer may pave and draw now, its mail, the last turn."""
import json

from .helpers import new_game, keep_all_lowest, position, set_deck


def test_view_carries_the_map():
    """The view has what a map renderer needs: town positions and names, roads with colour, length and twin offsets."""
    v = position().view(None)
    m = v["map"]
    assert len(m["towns"]) == 35 and {"id", "name", "x", "y"} <= set(m["towns"][0])
    assert len(m["roads"]) == 95
    road = next(r for r in m["roads"] if r["id"] == "barca-milhada-a")
    assert road["len"] == 2 and road["colour"] == "moss" and road["twin"] == "barca-milhada-b"
    assert len(road["offset"]) == 2
    assert {c["id"]: c["hex"] for c in m["colours"]}["moss"] == "#5f8a2e"
    assert "offset" not in next(r for r in m["roads"] if r["id"] == "castelo-ponte")
    assert [f["id"] for f in m["features"]] == ["milha", "lagoagrande", "penhas"]


def test_view_offers_pavings_with_the_proposed_mix_and_alternatives():
    """Which roads the viewer may pave now, with the proposed card mix (Oxen spent last) and the alternatives."""
    s = position(hands=[{"teal": 3, "coal": 1, "ox": 2}, {}], roads={"milhada-ponte-a": 1})
    v = s.view(0)
    by = {p["road"]: p for p in v["pave"]}
    assert by["canas-nevoa"] == {"road": "canas-nevoa", "len": 3, "points": 4, "cards": "teal*3",
                                 "alternatives": ["teal*2+ox*1", "teal*1+ox*2", "coal*1+ox*2"]}
    assert by["castelo-ponte"]["cards"] == "ox*1"
    assert "milhada-ponte-b" not in by
    assert s.view(1)["pave"] == [] and s.view(None)["pave"] == []
    for p in v["pave"]:
        for cards in [p["cards"]] + p["alternatives"]:
            s.clone().apply_action(f"pave:{p['road']}:{cards}")


def test_view_says_which_draws_are_legal():
    """Which row slots and whether the deck are legal draws now (no face-up Ox as a second card)."""
    s = position(row=["crimson", "ox", "lemon", None, "teal"])
    set_deck(s, ["plum", "coal", "amber"])
    assert s.view(0)["draw"] == {"slots": [1, 2, 3, 5], "deck": True, "second": False}
    assert s.view(0)["can_draw_mail"] is True
    s.apply_action("row:1")            # slot 1 gets the plum and the empty slot 4 the coal
    assert s.view(0)["draw"] == {"slots": [1, 3, 4, 5], "deck": True, "second": True}
    assert s.view(1)["draw"] == {"slots": [], "deck": False}


def test_view_shows_my_mail_with_towns_and_delivered_flags():
    """The viewer's mail with towns and delivered flags."""
    s = position(mail=[["m02", "m21"], []], roads={"azenha-ponte": 0, "azenha-vau-b": 0})
    mine = s.view(0)["my_mail"]
    assert mine[0] == {"id": "m02", "a": "ponte", "b": "vau", "a_name": "Ponte Velha", "b_name": "Vau do Moinho",
                       "value": 4, "delivered": True}
    assert mine[1]["delivered"] is False
    assert "my_mail" not in s.view(None)


def test_view_shows_the_last_turn():
    """The last turn: what was drawn from the row, which road was paved."""
    s = position(hands=[{}, {"amber": 1}])
    set_deck(s, ["plum", "coal"])
    s.apply_action("row:3")
    assert s.view(None)["this_turn"] == {"seat": 0, "kind": "draw", "draws": [{"from": "row", "slot": 3, "card": "lemon"}]}
    s.apply_action("deck")
    s.apply_action("pave:castelo-ponte:amber*1", 1)
    assert s.view(0)["last_turn"] == {"seat": 1, "kind": "pave", "road": "castelo-ponte", "cards": "amber*1", "points": 1}


def test_snapshots_stay_small():
    """Keep snapshots small."""
    s = new_game(5)
    keep_all_lowest(s)
    obs = json.dumps(s.observation(0))
    view = json.dumps(s.view(0))
    assert len(obs) < 2500 and len(view) < 16000
