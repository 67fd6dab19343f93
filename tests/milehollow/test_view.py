"""The renderer's view: what the viewer may pave and draw now, its mail, the last turn; the map as static data."""
import json

from py_engine import bridge
from py_engine.core.table import Seat, Table
from py_engine.games.milehollow import GAME

from .helpers import new_game, keep_all_lowest, position, set_deck


def test_the_map_is_static_data_fetched_once_not_in_any_view():
    """The static map (towns with positions and names, roads with colour, length and twin offsets,
    features, colours) comes once from Game.static_data (the bridge's game_data), never in a view."""
    m = GAME.static_data()
    assert len(m["towns"]) == 35 and {"id", "name", "x", "y"} <= set(m["towns"][0])
    assert len(m["roads"]) == 95
    road = next(r for r in m["roads"] if r["id"] == "barca-milhada-a")
    assert road["len"] == 2 and road["colour"] == "moss" and road["twin"] == "barca-milhada-b"
    assert len(road["offset"]) == 2
    assert {c["id"]: c["hex"] for c in m["colours"]}["moss"] == "#5f8a2e"
    assert "offset" not in next(r for r in m["roads"] if r["id"] == "castelo-ponte")
    assert [f["id"] for f in m["features"]] == ["milha", "lagoagrande", "penhas"]
    assert json.loads(bridge.handle(json.dumps({"cmd": "game_data", "game": "milehollow"})))["result"] == m
    s = position()
    for viewer in (None, 0, 1, "all"):
        assert "map" not in s.view(viewer) and "towns" not in json.dumps(s.view(viewer))


def test_a_late_view_stays_small():
    """Without the map a view is a few KB even late in a 5-player game (a big hand adds its paving offers, the
    end the itemised scoring)."""
    t = Table(GAME, [Seat(f"b{i}", True, "easy") for i in range(5)], {}, "3c" * 32, "test")
    biggest = 0
    while not t.state.is_terminal():
        for viewer in (None, t.state.current):
            biggest = max(biggest, len(json.dumps(t.state.view(viewer))))
        t.play_bots(limit=1)
    assert biggest < 12000, biggest       # the largest part is the acting seat's paving offers
    assert len(json.dumps(t.state.view("all"))) < 16000


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
