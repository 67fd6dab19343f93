"""The turn: draw, Mist Veil, set aside, lay, post a Warden; what each seat sees; words; timers."""
import json

import pytest

from py_engine.core.fairness import Chance
from py_engine.core.game import IllegalAction
from py_engine.games.hollowmere import GAME, notation

from .helpers import play, scripted

SEED = "3c" * 32


def test_all_three_options_start_off():
    """All three start off."""
    assert GAME.normalize_options({}) == {"hide_next": False, "meadows": False, "mist_veil": False}
    for o in GAME.options:
        if o.omit_default:                    # the table's own (first player, clock): not Hollowmere's
            continue
        assert o.default is False and o.label["en"] and o.label["pt"]
    assert (GAME.min_players, GAME.max_players) == (2, 5)
    assert {"easy", "normal"} <= set(GAME.bot_levels)


def test_next_tile_is_face_up_for_everyone_including_watchers():
    """Unless the table has chosen to hide the next tile, the top of the supply is turned face up so
    everyone, including anyone watching, can see what comes next."""
    s = GAME.new_initial_state(3, {}, Chance(SEED))
    top = s.supply[1]
    from py_engine.games.hollowmere.data import TYPES
    for viewer in (None, 0, 1, 2):
        assert s.observation(viewer)["next"] == TYPES[top].id
        assert s.view(viewer)["next"] == TYPES[top].id


def test_hidden_next_tile_is_nowhere_in_any_observation():
    """...unless the table has chosen to hide the next tile: then nobody sees it."""
    s = GAME.new_initial_state(3, {"hide_next": True}, Chance(SEED))
    for viewer in (None, 0, 1, 2):
        for data in (s.observation(viewer), s.view(viewer)):
            assert "next" not in data


def test_supply_order_never_shown_only_counts():
    """The supply order is never in an observation; the remaining counts per type are."""
    s = GAME.new_initial_state(2, {}, Chance(SEED))
    obs = s.observation(0)
    assert obs["supply"] == 83 and sum(obs["remaining"].values()) == 83
    text = json.dumps(obs)
    assert "supply_order" not in text and len(obs["remaining"]) == 43
    from py_engine.games.hollowmere.data import TYPES
    assert obs["remaining"] == {t.id: s.supply[1:].count(t.index) for t in TYPES}


def test_lay_decision_and_timer():
    """Decision(kind="lay", players=(seat,), timer=60); on expiry the table lays the tile, no Warden."""
    s = GAME.new_initial_state(2, {}, Chance(SEED))
    d = s.decision()
    assert (d.kind, d.players, d.timer) == ("lay", (s.current,), 60)
    assert not s.is_forced(s.current)
    t = s.timeout_action(s.current)
    assert t.endswith("-") and t == next(a for a in s.legal_actions() if a.endswith("-"))
    assert t == s.clone().timeout_action(s.current)   # a pure function of the position


def test_tile_that_fits_nowhere_is_set_aside_without_spending_the_veil():
    """If no quarter-turn of the tile fits anywhere on the table, the tile is shown, set aside, and the
    next tile is drawn. This does not spend your Mist Veil. The replacement is laid, or set aside in turn,
    by the same rule."""
    s = scripted(2, ["CAP", "FULL", "MBC", "ROAD", "ROAD"], {"mist_veil": True})
    s.apply_action("CAP@20,19r2-")          # closes the only burgh edge
    assert s.current == 1 and s.hand_id() == "FULL"
    d = s.decision()
    assert d.players == (1,) and s.is_forced(1)
    assert s.legal_actions() == ["aside:FULL"] == [s.timeout_action(1)]
    s.apply_action("aside:FULL")
    assert s.current == 1 and s.hand_id() == "MBC" and s.is_forced(1)   # set aside in turn
    s.apply_action(s.timeout_action(1))
    assert s.current == 1 and s.hand_id() == "ROAD" and not s.is_forced(1)
    assert s.veil_used == [False, False] and "veil" in s.legal_actions()
    assert s.observation(None)["set_aside"] == ["FULL", "MBC"]
    kinds = [(e["kind"], e.get("tile")) for e in s.events_since(0) if e["kind"] != "score"]
    assert kinds == [("aside", "FULL"), ("aside", "MBC")]


def test_aside_of_a_tile_that_fits_is_refused():
    s = scripted(2, ["CAP", "FULL"])
    with pytest.raises(IllegalAction):
        s.apply_action("aside:CAP")


def test_mist_veil_once_per_player():
    """Mist Veil. Once in the game, before you lay, you may set the tile in your hand aside and draw the
    next one instead."""
    s = scripted(2, ["CAP", "ROAD", "BEND", "BEND", "ROAD", "ROAD"], {"mist_veil": True})
    assert "veil" in s.legal_actions()
    s.apply_action("veil")
    assert s.current == 0 and s.hand_id() == "ROAD" and s.veil_used == [True, False]
    assert "veil" not in s.legal_actions()               # the replacement must be laid
    with pytest.raises(IllegalAction, match="already"):
        s.apply_action("veil")
    s.apply_action("ROAD@21,20r1-")
    assert s.current == 1 and "veil" in s.legal_actions()  # the other player still has theirs
    s.apply_action("BEND@22,20r1-")
    assert "veil" not in s.legal_actions()               # seat 0's is spent for the game
    assert [e["kind"] for e in s.events_since(0)] == ["veil"]
    assert s.observation(None)["set_aside"] == ["CAP"]


def test_veil_replacement_that_fits_nowhere_is_redrawn():
    """You must lay the replacement (or, if that one fits nowhere, accept the automatic redraw)."""
    s = scripted(2, ["CAP", "ROAD", "FULL", "BEND", "ROAD"], {"mist_veil": True})
    s.apply_action("CAP@20,19r2-")
    s.apply_action("veil")                    # seat 1 veils ROAD, draws FULL
    assert s.hand_id() == "FULL" and s.is_forced(1)
    s.apply_action("aside:FULL")
    assert s.current == 1 and s.hand_id() == "BEND" and s.legal_actions()[-1] != "veil"


def test_no_veil_with_an_empty_supply():
    """You cannot cast the Veil when the supply is empty."""
    s = scripted(2, ["CAP", "ROAD"], {"mist_veil": True})
    s.apply_action("CAP@20,19r2-")
    assert s.supply_count() == 0 and "veil" not in s.legal_actions()
    with pytest.raises(IllegalAction, match="supply is empty"):
        s.apply_action("veil")


def test_no_veil_when_option_off():
    s = scripted(2, ["CAP", "ROAD"])
    assert "veil" not in s.legal_actions()


def test_the_game_ends_when_the_supply_is_empty_and_the_hand_laid_or_set_aside():
    """When the supply is empty and the tile in hand has been laid or set aside, [the end scoring runs]."""
    s = scripted(2, ["CAP", "FULL"])
    s.apply_action("CAP@20,19r2-")
    assert not s.is_terminal() and s.is_forced(1)
    s.apply_action("aside:FULL")
    assert s.is_terminal() and s.decision() is None and s.legal_actions() == []
    with pytest.raises(IllegalAction):
        s.apply_action("aside:FULL")


def test_view_lists_placements_and_warden_regions_for_the_seat_to_act_only():
    s = scripted(2, ["CAP", "ROAD"], {"meadows": True})
    v = s.view(0)
    spot = next(p for p in v["placements"] if (p["x"], p["y"], p["r"]) == (20, 19, 2))
    assert spot["wardens"] == ["b1", "m1"]
    assert len(v["placements"]) == len({(a.split("-")[0].split("+")[0]) for a in s.legal_actions()})
    assert s.view(1)["placements"] == [] and s.view(None)["placements"] == []
    for key in ("tiles", "wardens", "hand", "supply", "remaining", "wardens_left", "veil_used", "scores",
                "tileset_version", "current"):
        assert key in v
    json.dumps(v)


def test_observation_shows_wardens_with_roles():
    s = scripted(2, ["SHR", "ROAD", "ROAD"])
    s.apply_action("SHR@20,21r0+shrine")
    w = s.observation(None)["wardens"]
    assert w == [{"x": 20, "y": 21, "region": "shrine", "seat": 0, "role": "keeper"}]
    assert s.observation(None)["wardens_left"] == [6, 7]


@pytest.mark.parametrize("action, en, pt", [
    ("CROSS@21,20r1+t2", "Lay Crossroads right of Gatehouse Road, turned once, Pathfinder on trail 2",
     "Colocar Encruzilhada à direita da peça Estrada da Guarita, com um giro, Batedor na trilha 2"),
    ("CAP@20,19r2+b1", "Lay Burgh cap above Gatehouse Road, turned twice, Steward on burgh 1",
     "Colocar Muralha de burgo acima da peça Estrada da Guarita, com dois giros, Intendente no burgo 1"),
    ("ROAD@21,20r1-", "Lay Straight trail right of Gatehouse Road, turned once, no Warden",
     "Colocar Trilha reta à direita da peça Estrada da Guarita, com um giro, sem Guardião"),
    ("SHR@20,21r0+shrine", "Lay Lantern shrine below Gatehouse Road, not turned, Keeper on the shrine",
     "Colocar Santuário da lanterna abaixo da peça Estrada da Guarita, sem giro, Zelador no santuário"),
    ("ROAD@21,20r3+m2", "Lay Straight trail right of Gatehouse Road, turned three times, Grazier on meadow 2",
     "Colocar Trilha reta à direita da peça Estrada da Guarita, com três giros, Pastor no prado 2"),
    ("veil", "Cast the Mist Veil", "Lançar o Véu da Névoa"),
    ("aside:FULL", "Walled burgh fits nowhere", "Burgo murado não cabe"),
])
def test_describe_in_english_and_portuguese(action, en, pt):
    """The valley shows no coordinates: a place is said by the tiles already beside it."""
    s = scripted(2, ["CAP", "ROAD"])
    assert s.describe(action, "en").startswith(en)
    assert s.describe(action, "pt").startswith(pt)


def test_describe_without_a_valley_keeps_the_notation_form():
    assert notation.describe("CROSS@21,20r1+t2", "en") == "Lay Crossroads at 21,20 turned once, Pathfinder on trail 2"
