"""Every data table the engine reads, tied to the specification's tables (../shared/design/wickerfair.md).

Each test parses one table of the spec and compares it with the JSON the engine loads, so a change in
either shows up here. The tests skip, saying why, when the spec file is not next to the repository.
"""
from __future__ import annotations

import re

from py_engine.games.wickerfair import data as D

from .spec import bare, section, seed_text, spec_text, table, tables

TERRAIN_WORD = {"fields": "FI", "woods": "WO", "clay pit": "CL", "pasture": "PA", "village": "VI", "lake": "LK"}


def test_hex_table_matches_map_json():
    """§2.5 Hex table: id, q, r, ring, terrain, features and stream neighbours of all 37 hexes, in table order."""
    rows = table("2.5 Hex table")[1:]
    assert len(rows) == 37 == D.N_HEX
    for (hid, q, r, ring, ter, feat, streams), h in zip(rows, D.HEXES):
        assert (hid, int(q), int(r), int(ring), ter) == (h["id"], h["q"], h["r"], h["ring"], h["terrain"])
        feats = [] if feat == "–" else [f.strip() for f in feat.split(",")]
        assert ("Plate" in feats) == h["plate"] and ("Visitor" in feats) == h["visitor_spot"]
        assert ("Old Mill" in feats) == h["old_mill"]
        start = next((f.split(": ")[1] for f in feats if f.startswith("Start")), None)
        assert start == h["start"]
        assert ([] if streams == "–" else [s.strip() for s in streams.split(",")]) == h["streams"]


def test_geometry_is_the_radius_3_hexagon():
    """§2.1: every hex with max(|q|, |r|, |s|) ≤ 3 (37 hexes); rows A–G are r = −3…3; ring = that maximum."""
    for (q, r), ring, hid in zip(D.QR, D.RING, D.HEX_IDS):
        assert max(abs(q), abs(r), abs(q + r)) == ring <= 3
        assert "ABCDEFG"[r + 3] == hid[0]
    assert len(set(D.QR)) == 37


def test_terrain_counts():
    """§2.2 Terrain: FI 7, WO 7, CL 6, PA 6, VI 5, LK 5, OM 1, and what each produces."""
    rows = table("2.2 Terrain")[1:]
    for code, name, result, count in rows:
        assert D.TERRAIN.count(code) == int(count)
        t = next(t for t in D.MAP["terrains"] if t["code"] == code)
        assert t["name"]["en"] == name and t["count"] == int(count)
        if code in ("FI", "WO", "CL", "PA"):
            assert t["produces"] == result
        elif code == "VI":
            assert t["produces"] == "farmer" and "farmer" in result
        else:
            assert t["produces"] is None


def test_streams_are_the_canonical_15_edges():
    """§2.6: 15 blocked edges in four named streams; the hex table's 'Stream to' column agrees."""
    rows = table("2.6 Streams")[1:]
    spec = {name: [tuple(e.strip().split("–")) for e in edges.split(",")] for name, edges in rows}
    assert {s["name"]: [tuple(e) for e in s["edges"]] for s in D.MAP["streams"]} == spec
    assert len(D.STREAM_EDGES) == 15
    for h in D.HEXES:
        i = D.HEX_INDEX[h["id"]]
        assert sorted(D.HEX_IDS[n] for n in D.EDGE_STREAM[i]) == sorted(h["streams"])


def test_homes_and_entry_hexes():
    """§2.3/§2.4: each home is next to its two entry hexes; §1.4 says the clan's farmers start there."""
    rows = table("2.3 Sketch")[1:]
    pos = {"North": "N", "North-east": "NE", "South-east": "SE", "South": "S", "South-west": "SW"}
    for home, position, nxt in rows:
        clan = D.CLAN_INDEX[home]
        assert D.CLAN_LIST[clan]["home"] == pos[position]
        assert [D.HEX_IDS[h] for h in D.ENTRIES[clan]] == [x.strip() for x in nxt.split(",")]
        for h in D.ENTRIES[clan]:
            assert D.HEXES[h]["start"] == home
    assert D.CYCLE == ("N", "NE", "SE", "S", "SW")


def test_special_hex_lists():
    """§2.7: plates B2 B4 D2 D6 F2 F4; visitor spots A4 B1 B4 D1 D2 D5 E4 G4; lakes; villages; Old Mill D4."""
    text = section("2.7 Special hexes")
    def ids(label: str) -> list[str]:
        line = next(l for l in text.splitlines() if label in l)
        return re.findall(r"\b[A-G][1-7]\b", line.split(":", 1)[1])
    assert [D.HEX_IDS[h] for h in D.PLATES] == ids("Plates (6)")
    assert [D.HEX_IDS[h] for h in D.VISITOR_SPOTS] == ids("Visitor spots (8)")
    assert [D.HEX_IDS[h] for h in D.LAKES] == ids("Lakes (5)")
    assert [D.HEX_IDS[h] for h in D.VILLAGES] == ids("Villages (5)")
    assert D.HEX_IDS[D.OLD_MILL] == "D4" and D.OLD_MILL_VALUE == 3


def test_starting_values():
    """§1.4: mats' goodwill and coins; clans' courage, courage cards, home and start hexes."""
    mats, clans = tables(section("1.4 Starting values"))
    for (name, gw, coins), m in zip(mats[1:], D.MAT_LIST):
        assert name == f"{m['number']} {m['name']['en']}" and int(gw) == m["goodwill"] and int(coins) == m["coins"]
    for row in clans[1:]:
        clan, courage, cards, home, start = row
        i = D.CLAN_INDEX[bare(clan)]
        c = D.CLAN_LIST[i]
        assert (c["courage"], c["cards"], c["home"]) == (int(courage), int(cards), home)
        starts = re.findall(r"([A-G][1-7]) \(([a-z ]+)\)", start)
        assert [D.HEX_IDS[h] for h in D.ENTRIES[i]] == [s for s, _ in starts]
        for s, terrain in starts:
            assert D.TERRAIN[D.HEX_INDEX[s]] == TERRAIN_WORD[terrain]


def test_upgrade_spaces():
    """§3.1: the six top upgrade spaces U1–U6 with base and upgraded values."""
    rows = table("3.1 Common layout")[1:]
    assert [(u["id"], u["space"], u["base"], u["upgraded"]) for u in D.UPGRADES] == \
        [(i, s, int(b), int(u)) for i, s, b, u in rows]
    assert D.BOTTOMS == ("improve", "erect", "build", "recruit")


def test_mat_tables():
    """§3.2: each mat's four columns (top, bottom, cost base → minimum (slots), coins, helper) and its sums."""
    helper = {"+1 courage": "courage", "+1 coin": "coins", "+1 goodwill": "goodwill", "+1 courage card": "cards"}
    for m, rows in zip(D.MAT_LIST, tables(section("3.2 Mat tables"))):
        assert len(rows) == 5
        for (col, top, bottom, cost, coins, help_), c in zip(rows[1:], m["columns"]):
            base, res, mn, slots = re.fullmatch(r"(\d) (\w+) → (\d) \((\d)\)", cost).groups()
            assert (top.lower(), bottom.lower()) == (c["top"], c["bottom"])
            assert D.MATS["bottom_resource"][c["bottom"]] == res
            assert (int(base), int(mn), int(slots), int(coins), helper[help_]) == \
                (c["cost"], c["min"], c["slots"], c["coins"], c["helper"])
        cols = m["columns"]
        assert sum(c["cost"] for c in cols) == 13 and sum(c["min"] for c in cols) == 7
        assert sum(c["coins"] for c in cols) == 6 and sum(c["slots"] for c in cols) == 6
        assert all(c["cost"] - c["slots"] == c["min"] for c in cols)
        improve = next(c for c in cols if c["bottom"] == "improve")
        assert 6 * improve["coins"] + 4 * sum(c["coins"] for c in cols if c["bottom"] != "improve") == 26
    heads = re.findall(r"\*\*Mat (\d) — (\w+)\*\* \(goodwill (\d), coins (\d)\)", section("3.2 Mat tables"))
    assert [(int(n), name, int(g), int(c)) for n, name, g, c in heads] == \
        [(m["number"], m["name"]["en"], m["goodwill"], m["coins"]) for m in D.MAT_LIST]


def test_clan_abilities_and_colours():
    """§4.1: Herons Wading, Hares Litter, Badgers Holdfast, Wrens Songline, Magpies Trinkets, with colours."""
    for clan, colour, ability in table("4.1 Clan abilities")[1:]:
        c = D.CLAN_LIST[D.CLAN_INDEX[bare(clan)]]
        assert colour.endswith(c["colour"])
        assert bare(ability).startswith(c["ability"]["name"]["en"] + ".")


def test_walker_abilities():
    """§4.2: stream-crossing terrains, speed names, movement and confrontation abilities per clan."""
    text = section("4.2 Walker abilities")
    stream, movement, confront = tables(text)
    for clan, ability, terrains in stream[1:]:
        w = D.WALKERS[D.CLAN_INDEX[clan]]
        assert w[D.W_STREAM]["name"]["en"] == ability
        assert sorted(TERRAIN_WORD[t.strip()] for t in terrains.split(" or ")) == sorted(w[D.W_STREAM]["terrains"])
    speeds = re.search(r"Speed abilities.\*\* (.*?) all have", text).group(1)
    names = re.findall(r"(Herons|Hares|Badgers|Wrens|Magpies) ([A-Z][a-z]+(?: [A-Z][a-z]+)?)", speeds)
    for clan, name in names:
        assert D.WALKERS[D.CLAN_INDEX[clan]][D.W_SPEED]["name"]["en"] == name
        assert D.SPEED_STEPS[D.CLAN_INDEX[clan]] == 3
    assert len(names) == 5
    for rows, slot in ((movement, D.W_MOVE), (confront, D.W_CONFRONT)):
        for clan, ability, _effect in rows[1:]:
            assert D.WALKERS[D.CLAN_INDEX[clan]][slot]["name"]["en"] == ability
    eff = {bare(r[1]): r[2] for r in confront[1:]}
    assert "+2 to your total if the confrontation hex is a lake; +1" in eff["Stillwater"]
    assert "maximum +2" in eff["Warren"] and "loses 2 courage" in eff["Rumble"] and "+1 to your total" in eff["Friendly Tune"]
    assert "add +2" in table("4.1 Clan abilities")[3][2]


def test_board_bonuses():
    """§4.3: +2 courage, +2 coins, +2 goodwill, draw 2 courage cards."""
    items = re.findall(r"^- (.+)$", section("4.3 Clan board one-time bonuses"), re.M)
    assert [b["text"] for b in D.BOARD_BONUSES] == items


def parse_effect(text: str) -> tuple[dict, dict]:
    """A visitor or mill text like 'pay 3 coins: free Recruit' → (cost, gain) as cards.json writes them."""
    cost: dict = {}
    m = re.match(r"(?:pay (.+?)|[−-](\d) goodwill): (.*)$", text)
    if m:
        if m.group(2):
            cost["goodwill"] = int(m.group(2))
        else:
            for part in m.group(1).split(" + "):
                n, what = part.split(" ", 1)
                cost["coins" if what.startswith("coin") else what] = int(n)
        text = m.group(3)
    gain: dict = {}
    for part in re.split(r", (?![^(]*\))", text):
        if (g := re.fullmatch(r"\+(\d) (coins?|goodwill|courage|grain|wood|clay|wool)", part)):
            what = g.group(2)
            gain["coins" if what.startswith("coin") else what] = int(g.group(1))
        elif (g := re.fullmatch(r"draw (\d) cards?", part)):
            gain["cards"] = int(g.group(1))
        elif (g := re.fullmatch(r"\+(\d) resources? ?(?:\(any mix.*)?", part)):
            gain["any"] = int(g.group(1))
        elif (g := re.fullmatch(r"(\d) farmers?", part)):
            gain["farmers"] = int(g.group(1))
        elif (g := re.fullmatch(r"free (\w+)", part)):
            gain["free"] = g.group(1).lower()
        elif part.startswith("look at the top 3 missions"):
            gain["fortune"] = {"look": 3, "keep": 1}
            break
        else:
            raise AssertionError(f"unknown effect {part!r}")
    return cost, gain


def test_visitor_cards():
    """§7.1: 12 visitors, their three offers verbatim, and the costs and gains the engine reads."""
    rows = table("7.1 Fair visitors")[1:]
    assert len(rows) == len(D.VISITORS) == 12
    for (vid, name, a, b, c), v in zip(rows, D.VISITORS):
        assert (vid, name) == (v["id"], v["name"]["en"])
        for letter, text in zip("ABC", (a, b, c)):
            o = v["offers"][letter]
            assert o["text"] == text
            assert parse_effect(text) == (o["cost"], o["gain"]), (vid, letter)
    assert D.VISITOR_TOKENS == 8


def test_mill_cards():
    """§7.2: 8 mill cards, tops and bottoms verbatim; Long Haul 2 steps (3 with a speed ability)."""
    rows = table("7.2 Old Mill")[1:]
    assert len(rows) == len(D.MILL) == 8
    for (mid, name, top, bottom), m in zip(rows, D.MILL):
        assert (mid, name, top, bottom) == (m["id"], m["name"]["en"], m["top"]["text"], m["bottom"]["text"])
        for step in (m["top"], m["bottom"]):
            if step.get("kind") in (None,):
                assert parse_effect(step["text"]) == (step["cost"], step["gain"]), mid
            elif step["kind"] == "long_haul":
                assert step["gain"] == {"steps": 2, "speed_steps": 3}
    assert "up to 2 steps" in section("7.2 Old Mill") and "up to 3" in section("7.2 Old Mill")
    hopper = D.MILL[D.MILL_INDEX["MC6"]]["bottom"]
    assert hopper["kind"] == "improve" and hopper["cost"] == {"grain": 3}
    chaff = D.MILL[D.MILL_INDEX["MC7"]]["top"]
    assert chaff["kind"] == "chaff" and chaff["gain"] == {"courage": 3} and chaff["cost"] == {"discard": 1}


def test_missions():
    """§7.3: 16 missions with their conditions verbatim, and the thresholds the engine reads."""
    rows = table("7.3 Missions")[1:]
    assert len(rows) == len(D.MISSIONS) == 16
    for (mid, name, cond), m in zip(rows, D.MISSIONS):
        assert (mid, name, cond) == (m["id"], m["name"]["en"], m["text"])
        numbers = sorted({int(x) for x in re.findall(r"≥(\d+)", cond)})
        params = sorted(set(m["params"].values()))
        if m["kind"] not in ("far_afield", "beloved"):
            assert numbers == params, mid
    assert D.MISSIONS[D.MISSION_INDEX["M09"]]["params"] == {"goodwill": 13, "cards": 0}
    assert D.MISSIONS[D.MISSION_INDEX["M11"]]["params"] == {"places": 2}


def test_courage_deck():
    """§7.4: 40 cards, 14 × 2, 12 × 3, 8 × 4 and 6 × 5 (total value 126); §1.1 says the same."""
    text = section("7.4 Courage cards")
    counts = re.findall(r"(\d+) × (?:value )?(\d)", text)
    assert sorted((int(v), int(n)) for n, v in counts) == [(c["value"], c["count"]) for c in D.CARDS["courage"]]
    assert len(D.COURAGE_DECK) == 40 and sum(D.COURAGE_DECK) == 126
    assert "40 courage cards: 14×2, 12×3, 8×4, 6×5" in section("1.1 Components")


def test_prize_tiles():
    """§7.5: six tiles, what each counts and the payout for 1, 2, 3 and 4+."""
    rows = table("7.5 Fair prize tiles")[1:]
    for (tid, name, count, *pay), t in zip(rows, D.PRIZES):
        assert (tid, name, count) == (t["id"], t["name"]["en"], t["count"])
        assert [int(x) for x in pay] == t["payout"]
    assert len(rows) == len(D.PRIZES) == 6


def test_ribbons():
    """§8.1: ten ribbons (the Confrontation ribbon twice); the sixth ends the fair."""
    rows = table("8.1 Ribbons")[1:]
    names = [bare(r[1]) for r in rows]
    assert names == [D.RIBBON_NAMES["en"][i] for i in range(len(D.RIBBONS))]
    assert [r[2] for r in rows] == [r["text"] for r in D.RULES["ribbons"]]
    assert rows[6][0] == "7–8" and D.CONFRONT_RIBBONS == 2 and D.RIBBONS_TO_END == 6
    assert D.PIECES["ribbon_slots"] == 10


def test_scoring_tiers():
    """§8.3 and the seed's table: per ribbon 3/4/5, per hex 2/3/4, per 2 resources 1/2/3 by goodwill band."""
    rows = table("8.3 Final scoring")
    bands = [tuple(int(x) for x in b.split("–")) for b in rows[0][1:]]
    assert bands == [tuple(b) for b in D.SCORING["goodwill_bands"]]
    assert [int(x) for x in rows[1][1:]] == D.SCORING["per_ribbon"]
    assert [int(x) for x in rows[2][1:]] == D.SCORING["per_hex"]
    assert [int(x) for x in rows[3][1:]] == D.SCORING["per_pair"]
    seed = seed_text()
    assert "| Uma fita | 3 moedas | 4 moedas | 5 moedas |" in seed
    assert "| Um hexágono ocupado | 2 moedas | 3 moedas | 4 moedas |" in seed
    assert "| Dois recursos | 1 moedas | 2 moedas | 3 moedas |" in seed
    assert [D.tier(g) for g in (0, 6, 7, 12, 13, 18)] == [0, 0, 1, 1, 2, 2]


def test_harvest_costs_caps_and_day_cap():
    """§5.3 cost table; §0 caps goodwill 18 and courage 16; §8.2 day 40; §1.3 mill pile clans + 1, 2 missions."""
    rows = table("5.3 Harvest")[1:]
    words = {"free": {}, "1 courage": {"courage": 1}, "1 courage + 1 coin": {"courage": 1, "coins": 1},
             "1 courage + 1 coin + 1 goodwill": {"courage": 1, "coins": 1, "goodwill": 1}}
    for (farmers, cost), (lo, hi, c) in zip(rows, D.HARVEST_COSTS):
        nums = [int(x) for x in re.findall(r"\d", farmers)]
        assert (nums[0], nums[-1]) == (lo, hi) and words[cost] == c
    text = spec_text()
    assert "Goodwill is capped at 18 and courage at 16" in text
    assert (D.GOODWILL_CAP, D.COURAGE_CAP, D.LAST_DAY) == (18, 16, 40)
    assert "deal (clans + 1) face down" in text and D.START["mill_pile_extra"] == 1
    assert "2 secret missions" in text and D.START["missions"] == 2
    assert "Day 40" in section("8.2 Game end")


def test_timers():
    """§9: 90 s for every decision, 45 s for the courage dial, a fair visitor and a mill card."""
    text = section("9. Timers")
    assert "**90 s**" in text and "**45 s**" in text
    assert (D.TIMER, D.SHORT_TIMER) == (90, 45)
    rows = next(t for t in tables(text) if t[0][0] == "Decision")[1:]
    short = {r[0] for r in rows if r[1] == "45"}
    assert short == {"Courage commit (dial + cards)", "Visitor offer (A/B/C/none, mixes)", "Songline (choose 1 of 2)",
                     "Fortune Teller keep", "Mill card pick"}
    assert D.SHORT_KINDS == {"COURAGE_COMMIT", "VISITOR_OFFER", "SONGLINE_PICK", "MISSION_KEEP", "MILL_PICK"}


def test_decision_kinds_match_section_10():
    """§10: the decision kinds, their actors' visibility (public / private / secret)."""
    from py_engine.core.game import PRIVATE, PUBLIC, SECRET
    from py_engine.games.wickerfair import kinds as K
    rows = table("10. Decision kinds")[1:]
    assert [r[0] for r in rows] == list(K.KINDS)
    vis = {"public": PUBLIC, "**secret, simultaneous**": SECRET, "public result": PUBLIC, "private": PRIVATE,
           "**private** (pile contents)": PRIVATE, "private until shown": PRIVATE}
    for kind, _actor, visibility, _notes in rows:
        assert K.VISIBILITY[kind] == vis[visibility], kind


def test_balance_changes_start_from_the_spec_and_are_recorded():
    """Balance numbers are unplayed: change them when self-play shows a mat or clan winning far more than its
    share, and record the change in docs/rules/wickerfair.md. balance.json names the spec's value it changes."""
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "wickerfair.md").read_text(encoding="utf-8")
    mats, clans = tables(section("1.4 Starting values"))
    spec_mats = {int(r[0].split()[0]): {"goodwill": int(r[1]), "coins": int(r[2])} for r in mats[1:]}
    spec_clans = {bare(r[0]): {"courage": int(r[1]), "cards": int(r[2])} for r in clans[1:]}
    for ch in D.BALANCE["changes"]:
        if ch["table"] == "mats" and "column" in ch:
            i = next(k for k, m in enumerate(D.MAT_LIST) if m["number"] == ch["mat"])
            assert D.MAT_LIST[i]["columns"][ch["column"] - 1][ch["field"]] == ch["spec"]     # mats.json is the spec's
            applied = getattr(D.MAT_COLUMNS[i][ch["column"] - 1], ch["field"])
            label = f"{D.MAT_LIST[i]['name']['en']} column {ch['column']} {ch['field']}"
        elif ch["table"] == "mats":
            assert spec_mats[ch["mat"]][ch["field"]] == ch["spec"]
            i = next(k for k, m in enumerate(D.MAT_LIST) if m["number"] == ch["mat"])
            applied = {"goodwill": D.START_GOODWILL, "coins": D.START_COINS}[ch["field"]][i]
            label = f"{D.MAT_LIST[i]['name']['en']} starting {ch['field']}"
        else:
            assert spec_clans[ch["clan"]][ch["field"]] == ch["spec"]
            applied = {"courage": D.START_COURAGE, "cards": D.START_CARDS}[ch["field"]][D.CLAN_INDEX[ch["clan"]]]
            label = f"{ch['clan']} starting {ch['field']}"
        assert applied == ch["value"] != ch["spec"]
        assert f"{label} {ch['spec']} → {ch['value']}" in doc, label
    for m in D.MAT_COLUMNS:
        assert sum(c.cost for c in m) == 13 and sum(c.min for c in m) == 7
        assert all(c.cost - c.slots == c.min for c in m)
