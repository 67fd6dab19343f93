"""What the score sheet, the New table page and the renderer get from the engine: the view's
sheet and ending, the options' one-line help, the tile set as static data."""
from __future__ import annotations

import json
from pathlib import Path

from py_engine import bridge
from py_engine.core.fairness import Chance
from py_engine.games.hollowmere import GAME
from py_engine.games.hollowmere.data import NAMES_PT

from .helpers import play

TILES_JSON = Path(__file__).resolve().parents[2] / "py_engine" / "games" / "hollowmere" / "tiles.json"


def whole_game(options: dict, seed: str = "a1" * 32, players: int = 3):
    s = GAME.new_initial_state(players, options, Chance(seed))
    i = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        wardens = [a for a in legal if "+" in a]
        s.apply_action(wardens[i % len(wardens)] if wardens and i % 3 else legal[i % len(legal)])
        i += 1
    return s


def test_during_play_the_sheet_shows_wardens_left():
    """You may post one Warden from your supply; every Warden but Graziers returns when its
    feature scores."""
    s = play(2, ["CAP@20,19r2+b1", "ROAD@21,20r1+t1"], tail=["MCAP"])
    sheet = s.view(0)["sheet"]
    assert [c["key"] for c in sheet["columns"]] == ["wardens"]
    assert sheet["columns"][0]["label"] == {"en": "Wardens left", "pt": "Guardiões livres"}
    # Seat 1's Steward came home when the cap closed the burgh; seat 2's Pathfinder stands.
    assert [r["values"]["wardens"] for r in sheet["rows"]] == [7, 6]
    assert "ending" not in s.view(0)


def test_at_the_end_the_sheet_adds_up_to_each_score_by_category():
    """Score every meadow (if that option is on), every aquifer, and every feature that did not
    already score; add the mountain boost to every trail, burgh, shrine and aquifer."""
    for options in ({}, {"meadows": True}):
        for seed in ("a1" * 32, "07" * 32):
            s = whole_game(options, seed)
            view = s.view(None)
            keys = [c["key"] for c in view["sheet"]["columns"]]
            order = ["burgh", "trail", "shrine", "aquifer", "meadow", "boost"]
            assert keys == [k for k in order if k in keys]
            for row in view["sheet"]["rows"]:
                assert sum(row["values"].values()) == s.scores()[row["seat"]]
            events = [e for e in s.events_since(0) if e["kind"] == "score"]
            for seat in range(s.num_players):
                row = next(r["values"] for r in view["sheet"]["rows"] if r["seat"] == seat)
                for k in order:
                    got = sum(e["boost"] if k == "boost" else e["value"] for e in events
                              if seat in e["scorers"] and (k == "boost" or e["feature"] == k))
                    assert row.get(k, 0) == got, (k, seat)
            # A column is there exactly when what it counts scored for someone.
            for k in order:
                anyone = any(e["scorers"] and (e["boost"] if k == "boost" else e["feature"] == k and e["value"])
                             for e in events)
                assert (k in keys) == bool(anyone), k
            if not options:
                assert "meadow" not in keys
            assert view["ending"]["en"].startswith("The supply is empty") and view["ending"]["pt"]
            assert ("meadow" in view["ending"]["en"]) == bool(options)


def test_the_worked_example_aquifer_shows_in_the_aquifer_column():
    """Example 5 of the design: B's Well-keeper scores 4 + 1 mountain = 5."""
    moves = ["RFORK@20,21r0-", "POOL@20,22r2+r1", "SPR@19,21r3-", "RIV@21,21r1-", "SPR@22,21r1-",
             "MCAP@18,21r0-", "MCAP@22,22r2-"]
    s = play(2, moves)
    rows = {r["seat"]: r["values"] for r in s.view(0)["sheet"]["rows"]}
    assert rows[1]["aquifer"] == 4 and rows[1]["boost"] == 1 and s.scores() == [0, 5]


def test_each_option_has_a_one_line_help_in_both_languages():
    """The New table page explains each option in one line (from the rules' own wording)."""
    helps = {o.name: o.help for o in GAME.options}
    assert set(helps) == {"hide_next", "meadows", "mist_veil", "first", "clock", "hints", "move_days", "bank_days",
                          "holiday_days"}
    for name, words in helps.items():
        for lang in ("en", "pt"):
            assert words[lang] and "\n" not in words[lang] and len(words[lang]) < 140, (name, lang)
    assert "face down" in helps["hide_next"]["en"]
    assert "Grazier" in helps["meadows"]["en"] and "3" in helps["meadows"]["en"]
    assert "Once in the game" in helps["mist_veil"]["en"]


def test_the_tile_set_and_its_portuguese_names_come_from_the_engine_once():
    """The renderer draws from game_data: the tiles.json the rules load, and the pt names."""
    out = json.loads(bridge.handle(json.dumps({"cmd": "game_data", "game": "hollowmere"})))
    assert out["ok"]
    data = out["result"]
    on_disk = json.loads(TILES_JSON.read_text(encoding="utf-8"))
    assert {k: v for k, v in data.items() if k != "names"} == on_disk
    assert data["names"]["pt"] == NAMES_PT
    assert {t["id"] for t in data["tiles"]} == set(data["names"]["pt"])
    # No view repeats it.
    s = GAME.new_initial_state(2, {}, Chance("11" * 32))
    assert "regions" not in json.dumps(s.view(0))
