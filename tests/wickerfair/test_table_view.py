"""What the browser table is given: the static valley and cards (fetched once), and per view the hex
controllers, the payment a choice will make before it is confirmed (§9: "payment only happens on
confirmation", §5.7 automatic payment), the dial limits of a confrontation, the score sheet's columns
and how the fair ended (§8.2)."""
from __future__ import annotations

import json

from py_engine.core.fairness import Chance
from py_engine.core.table import Seat, Table
from py_engine.games.wickerfair import GAME
from py_engine.games.wickerfair.data import HEX_IDS, MAT_COLUMNS, N_HEX

from .helpers import H, pos, play


def test_static_data_holds_the_valley_clans_mats_and_cards_in_both_languages():
    """The map is every hex with max(|q|, |r|, |s|) ≤ 3 (37 hexes); 15 stream edges; five homes; the mats with
    the balance changes applied; 12 visitors, 8 mill cards, 16 missions, 6 prize tiles, 10 ribbons."""
    d = GAME.static_data()
    json.dumps(d)                                               # plain JSON for the bridge
    assert len(d["hexes"]) == N_HEX == 37 and [h["id"] for h in d["hexes"]] == list(HEX_IDS)
    assert sum(len(s["edges"]) for s in d["streams"]) == 15 and len(d["homes"]) == 5
    assert [c["name"]["en"] for c in d["clans"]] == ["Herons", "Hares", "Badgers", "Wrens", "Magpies"]
    for m, mat in enumerate(d["mats"]):
        for i, col in enumerate(mat["columns"]):
            assert (col["top"], col["bottom"], col["cost"], col["slots"], col["coins"]) == \
                (MAT_COLUMNS[m][i].top, MAT_COLUMNS[m][i].bottom, MAT_COLUMNS[m][i].cost, MAT_COLUMNS[m][i].slots,
                 MAT_COLUMNS[m][i].coins)
    assert (len(d["visitors"]), len(d["mill"]), len(d["missions"]), len(d["prizes"]), len(d["ribbons"])) == (12, 8, 16, 6, 9)
    assert {r["id"]: r["most"] for r in d["ribbons"]}["confrontation"] == 2         # §8.1: at most 2 of it
    assert all(r["most"] == 1 for r in d["ribbons"] if r["id"] != "confrontation")
    words = [d["clans"][k]["walkers"][w]["text"] for k in range(5) for w in range(4)]
    words += [d["clans"][k]["ability"]["text"] for k in range(5)]
    words += [v["offers"][x] for v in d["visitors"] for x in "ABC"] + [m["top"] for m in d["mill"]]
    words += [m["text"] for m in d["missions"]] + [p["count"] for p in d["prizes"]] + [r["text"] for r in d["ribbons"]]
    for w in words:
        assert w["en"] and w["pt"] and w["en"] != w["pt"], w


def test_a_view_stays_small_and_carries_no_map():
    t = Table(GAME, [Seat("a"), Seat("b", True, "easy"), Seat("c", True, "easy")], seed="3c" * 32)
    for _ in range(120):
        d = t.state.decision()
        if d is None:
            break
        t.play(t.bot_choice(d.players[0]) if t.seats[d.players[0]].bot else t.state.legal_actions(d.players[0])[0],
               d.players[0])
        size = len(json.dumps(t.state.view(0), separators=(",", ":")))
        assert size < 4200, size
    assert "hexes" not in t.state.view(0) and "tasks" not in t.state.view(0)


def test_each_clan_s_bottom_costs_come_in_the_view_and_fall_as_pins_fill_their_slots():
    """A bottom action costs its column's printed cost less one per pin moved into its slots (§5.6); every
    viewer reads each clan's costs in the view, in the static data's order of bottom actions."""
    s = pos(2, clans=["Herons", "Badgers"], mats=[1, 2], seats=[{"pins": {"U1": "build", "U2": "build"}}, {}])
    printed = [{col.bottom: col.cost for col in MAT_COLUMNS[s.clans[p].mat]} for p in range(2)]
    for viewer in (0, 1, None):
        costs = [c["bottom_costs"] for c in s.view(viewer)["clans"]]
        order = GAME.static_data()["bottoms"]
        assert costs[0] == [printed[0][b] - (2 if b == "build" else 0) for b in order]
        assert costs[1] == [printed[1][b] for b in order]


def test_each_clan_s_upgrade_values_scoring_rates_and_costs_after_a_pin_come_in_the_view():
    """An upgrade space is worth its base while its pin covers it and its upgraded value once moved (§5.6); the
    coins per ribbon, hex and pair of resources follow the clan's goodwill band (§8.3): 0–6, 7–12, 13–18; a slot
    Improve may fill shows what its bottom action costs after that pin, a full one nothing."""
    s = pos(2, clans=["Herons", "Badgers"], mats=[1, 2],
            seats=[{"pins": {"U1": "erect", "U2": "erect", "U4": "recruit"}, "goodwill": 7}, {"goodwill": 13}])
    ups = GAME.static_data()["upgrades"]
    order = GAME.static_data()["bottoms"]
    cols = {col.bottom: col for col in MAT_COLUMNS[s.clans[0].mat]}
    for viewer in (0, 1, None):
        clans = s.view(viewer)["clans"]
        assert clans[0]["upgrade_values"] == [u["upgraded"] if u["id"] in ("U1", "U2", "U4") else u["base"] for u in ups]
        assert clans[1]["upgrade_values"] == [u["base"] for u in ups]
        assert clans[0]["scoring"] == {"per_ribbon": 4, "per_hex": 3, "per_pair": 2}
        assert clans[1]["scoring"] == {"per_ribbon": 5, "per_hex": 4, "per_pair": 3}
        after = clans[0]["bottom_costs_after_pin"]
        for b, name in enumerate(order):
            full = s.clans[0].slots[b] == cols[name].slots
            assert after[b] == (None if full else clans[0]["bottom_costs"][b] - 1)
        assert [after[order.index(b)] for b in ("improve", "erect", "build", "recruit")] == [2, None, 2, 2]
    s.clans[0].goodwill = 6
    assert s.view(0)["clans"][0]["scoring"] == {"per_ribbon": 3, "per_hex": 2, "per_pair": 1}


def test_the_payment_is_shown_before_it_is_confirmed_and_taken_from_the_richest_source():
    """Resources are paid one at a time, each from the owned source that holds the most of that type; ties go
    by table order, with the home last (§5.7). The view says so before the Build is confirmed; the Build pays it."""
    s = pos(2, clans=["Herons", "Badgers"], mats=[1, 2],
            seats=[{"farmers": {"A4": 1, "C3": 1}, "home": [0, 0, 2, 0]}], res={"A4": [0, 0, 1, 0], "C3": [0, 0, 2, 0]})
    play(s, "col:3", "skip")
    v = s.view(0)
    assert v["pay"]["cost"] == [{"what": "clay", "n": 1, "at": "C3"}, {"what": "clay", "n": 1, "at": "home"},
                                {"what": "clay", "n": 1, "at": "A4"}]
    assert "pay" not in s.view(1) and "pay" not in s.view(None)   # only the acting seat is shown its choice
    play(s, "do", "structure:barn")
    assert s.view(0)["pay"]["cost"][0] == {"what": "clay", "n": 1, "at": "C3"}
    assert s.clans[0].home[2] == 2                               # nothing paid yet
    play(s, "at:C3")
    assert s.res[4 * H("C3") + 2] == 1 and s.clans[0].home[2] == 1 and s.res[4 * H("A4") + 2] == 0


def test_top_options_show_their_coin_and_a_harvest_its_cost():
    """Trade and Bolster: pay 1 coin (§5.4, §5.5). Harvest costs by farmers on map hexes: 4–5 → 1 courage (§5.3)."""
    s = pos(2, clans=["Herons", "Badgers"], mats=[1, 2], seats=[{"farmers": {"A2": 2, "A3": 2}}])
    play(s, "col:1")                                             # Plaid: Trade on top
    assert s.view(0)["pay"]["options"]["goods"] == [{"what": "coins", "n": 1, "at": None}]
    s = pos(2, clans=["Herons", "Badgers"], mats=[1, 2], seats=[{"farmers": {"A2": 2, "A3": 2}}])
    play(s, "col:3")                                             # Plaid: Harvest on top
    assert s.view(0)["pay"]["options"]["harvest"] == [{"what": "courage", "n": 1, "at": None}]
    play(s, "harvest", "hex:A2")
    assert s.view(0)["pay"]["cost"] == [{"what": "courage", "n": 1, "at": None}]


def test_the_dial_limits_are_shown_to_each_side_of_a_confrontation():
    """A dial from 0 to min(7, current courage) and 0 to k courage cards, k = its own herald plus walkers on
    the hex (§6.5 step 2)."""
    s = pos(2, clans=["Herons", "Badgers"], mats=[1, 2],
            seats=[{"herald": "C3", "walkers": {"W1": "C3"}, "courage": 9, "hand": [3, 4]},
                   {"herald": "D3", "courage": 4, "hand": [2]}])
    play(s, "col:4", "move", "unit:H", "to:D3", "end")           # the herald stops there; the Travel ends
    assert s.dk == "COURAGE_COMMIT"
    assert s.view(0)["ctx"]["limits"] == {"dial_max": 7, "k": 1}
    assert s.view(1)["ctx"]["limits"] == {"dial_max": 4, "k": 1}
    assert "limits" not in s.view(None)["ctx"]


def test_the_sheet_shows_coins_ribbons_courage_and_at_the_end_the_parts_of_the_final_coins():
    """Final coins = coins + tier × ribbons + tier × hexes + tier × pairs + prize tile (§8.3)."""
    t = Table(GAME, [Seat("a", True, "easy"), Seat("b", True, "easy")], seed="5d" * 32)
    v = t.state.view(0)
    assert [c["key"] for c in v["sheet"]["columns"]] == ["coins", "ribbons", "courage"]
    assert v["sheet"]["rows"][0]["values"]["coins"] == t.state.clans[0].coins
    assert "ending" not in v
    t.play_bots()
    v = t.state.view(None)
    assert [c["key"] for c in v["sheet"]["columns"]] == ["coins", "for_ribbons", "for_hexes", "for_pairs", "prize"]
    for row, b in zip(v["sheet"]["rows"], v["final"]):
        vals = row["values"]
        assert vals["coins"] + vals["for_ribbons"] + vals["for_hexes"] + vals["for_pairs"] + vals["prize"] == b["total"]
    reason = t.state.end_reason
    assert v["ending"]["en"] and v["ending"]["pt"]
    assert ("sixth ribbon" in v["ending"]["en"]) == (reason == "ribbons")
    assert ("Day" in v["ending"]["en"]) == (reason == "day")


def test_a_sixth_ribbon_ending_names_the_clan():
    """The moment any clan places its 6th ribbon, the fair ends at once (§8.2)."""
    s = GAME.new_initial_state(2, {}, Chance("9a" * 32))
    c = s.clans[s.active]
    c.ribbons = ["improvement", "walkers", "structures", "helpers", "farmers"]
    c.courage = 15
    c.ribbons.append("courage")
    s._finish("ribbons")
    end = s.view(None)["ending"]
    from py_engine.games.wickerfair.data import CLAN_NAMES
    assert CLAN_NAMES["en"][c.clan] in end["en"] and CLAN_NAMES["pt"][c.clan] in end["pt"]
