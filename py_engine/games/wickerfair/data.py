"""Every Wickerfair number, read once from the package's JSON files (design/wickerfair.md).

``map.json`` (§2), ``mats.json`` (§3), ``clans.json`` (§1.4, §4), ``cards.json`` (§7) and
``rules.json`` (§0, §1, §5, §6, §8, §9) are the only place a rule number is written; this module
turns them into the small integer tables the engine works with:

* hexes are indices 0..36 in table order (A1 … G4), which is also the engine's tie order;
* clans are indices 0..4 in the cycle order of their homes (Herons N … Magpies SW);
* resources are indices 0..3: grain, wood, clay, wool;
* walkers are indices 0..3 by ability slot: stream, speed, movement, confrontation.
"""
from __future__ import annotations

import json
from importlib import resources
from typing import Any


def _load(name: str) -> dict[str, Any]:
    # importlib.resources reads package data from a directory, a zip or Pyodide's unpacked wheel alike.
    return json.loads(resources.files(__package__).joinpath(name).read_text(encoding="utf-8"))


MAP = _load("map.json")
BALANCE = _load("balance.json")
MATS = _load("mats.json")
CLANS = _load("clans.json")
CARDS = _load("cards.json")
RULES = _load("rules.json")
#: The words shown when a person points at a part of the board (the table's view sends them once).
TEXTS = _load("texts.json")

# --- resources and pieces -------------------------------------------------------------------
RES = ("grain", "wood", "clay", "wool")
RES_INDEX = {r: i for i, r in enumerate(RES)}
RES_WORDS = {"en": ("grain", "wood", "clay", "wool"), "pt": ("grão", "madeira", "argila", "lã")}

PIECES = RULES["pieces"]
FARMERS = PIECES["farmers"]
N_WALKERS = PIECES["walkers"]
N_STRUCTURES = PIECES["structures"]
N_HELPERS = PIECES["helpers"]
N_PINS = PIECES["pins"]
STRUCTURES = tuple(s["id"] for s in RULES["structures"])           # barn, well, watchtower, monument
STRUCTURE_INDEX = {s: i for i, s in enumerate(STRUCTURES)}
STRUCTURE_NAMES = {lang: tuple(s["name"][lang] for s in RULES["structures"]) for lang in ("en", "pt")}
BARN, WELL, WATCHTOWER, MONUMENT = (STRUCTURE_INDEX[s] for s in ("barn", "well", "watchtower", "monument"))
WATCHTOWER_COURAGE = RULES["structures"][WATCHTOWER]["courage"]
MONUMENT_GOODWILL = RULES["structures"][MONUMENT]["goodwill"]

GOODWILL_CAP = RULES["caps"]["goodwill"]
COURAGE_CAP = RULES["caps"]["courage"]
LAST_DAY = RULES["last_day"]
RIBBONS_TO_END = RULES["ribbons_to_end"]

# --- the map --------------------------------------------------------------------------------
HEXES = MAP["hexes"]
N_HEX = len(HEXES)
HEX_IDS = tuple(h["id"] for h in HEXES)
HEX_INDEX = {h: i for i, h in enumerate(HEX_IDS)}
QR = tuple((h["q"], h["r"]) for h in HEXES)
RING = tuple(h["ring"] for h in HEXES)
TERRAIN = tuple(h["terrain"] for h in HEXES)
TERRAIN_NAMES = {t["code"]: t["name"] for t in MAP["terrains"]}
#: The resource a hex's farmers produce: 0..3, VILLAGE_MAKES for a new farmer, -1 for nothing.
VILLAGE_MAKES = -2
_PRODUCES = {t["code"]: t["produces"] for t in MAP["terrains"]}
PRODUCE = tuple(RES_INDEX[_PRODUCES[t]] if _PRODUCES[t] in RES_INDEX
                else (VILLAGE_MAKES if _PRODUCES[t] == "farmer" else -1) for t in TERRAIN)
IS_LAKE = tuple(t == "LK" for t in TERRAIN)
IS_PLATE = tuple(h["plate"] for h in HEXES)
IS_VILLAGE = tuple(t == "VI" for t in TERRAIN)
IS_CLAY = tuple(t == "CL" for t in TERRAIN)
IS_PASTURE = tuple(t == "PA" for t in TERRAIN)
IS_VISITOR_SPOT = tuple(h["visitor_spot"] for h in HEXES)
OLD_MILL = next(i for i, h in enumerate(HEXES) if h["old_mill"])
OLD_MILL_VALUE = MAP["old_mill_hex_value"]
PLATES = tuple(i for i in range(N_HEX) if IS_PLATE[i])
LAKES = tuple(i for i in range(N_HEX) if IS_LAKE[i])
VILLAGES = tuple(i for i in range(N_HEX) if IS_VILLAGE[i])
CLAYS = tuple(i for i in range(N_HEX) if IS_CLAY[i])
VISITOR_SPOTS = tuple(i for i in range(N_HEX) if IS_VISITOR_SPOT[i])

_BY_QR = {qr: i for i, qr in enumerate(QR)}
OFFSETS = tuple(tuple(v) for v in MAP["offsets"].values())
STREAM_EDGES: tuple[tuple[int, int], ...] = tuple(
    tuple(sorted((HEX_INDEX[a], HEX_INDEX[b]))) for s in MAP["streams"] for a, b in s["edges"])
_STREAM_SET = set(STREAM_EDGES)
#: ADJ[h]: the hexes sharing an edge with h, in table order; streams do not break adjacency.
ADJ: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(_BY_QR[(q + dq, r + dr)] for dq, dr in OFFSETS if (q + dq, r + dr) in _BY_QR)) for q, r in QR)
#: EDGE_OK[h]: the neighbours of h reachable by an edge step (no stream on the edge).
EDGE_OK = tuple(tuple(n for n in ADJ[h] if tuple(sorted((h, n))) not in _STREAM_SET) for h in range(N_HEX))
#: EDGE_STREAM[h]: the neighbours of h across a stream.
EDGE_STREAM = tuple(tuple(n for n in ADJ[h] if tuple(sorted((h, n))) in _STREAM_SET) for h in range(N_HEX))
NEAR_LAKE = tuple(any(IS_LAKE[n] for n in ADJ[h]) for h in range(N_HEX))

# --- homes and clans --------------------------------------------------------------------------
CYCLE = tuple(MAP["cycle"])
CLAN_LIST = CLANS["clans"]
N_CLANS = len(CLAN_LIST)
CLAN_NAMES = {"en": tuple(c["name"] for c in CLAN_LIST), "pt": tuple(c["pt"] for c in CLAN_LIST)}
CLAN_INDEX = {c["name"]: i for i, c in enumerate(CLAN_LIST)}
assert tuple(c["home"] for c in CLAN_LIST) == CYCLE, "clans.json lists the clans in home cycle order"
_HOMES = {h["clan"]: h for h in MAP["homes"]}
#: ENTRIES[clan]: the two entry hexes of that clan's home site.
ENTRIES = tuple(tuple(HEX_INDEX[e] for e in _HOMES[c["name"]]["entries"]) for c in CLAN_LIST)
HERONS, HARES, BADGERS, WRENS, MAGPIES = range(N_CLANS)
CLAN_ABILITY = tuple(c["ability"] for c in CLAN_LIST)


def _balanced(table: str, key: str, field: str, spec: tuple[int, ...], index: dict[Any, int]) -> tuple[int, ...]:
    """The spec's starting values with balance.json's recorded changes applied."""
    out = list(spec)
    for ch in BALANCE["changes"]:
        if ch["table"] == table and ch["field"] == field and "column" not in ch:
            i = index[ch[key]]
            assert out[i] == ch["spec"], f"balance.json: {table} {ch[key]} {field} is not {ch['spec']} in the spec data"
            out[i] = ch["value"]
    return tuple(out)


START_COURAGE = _balanced("clans", "clan", "courage", tuple(c["courage"] for c in CLAN_LIST), CLAN_INDEX)
START_CARDS = _balanced("clans", "clan", "cards", tuple(c["cards"] for c in CLAN_LIST), CLAN_INDEX)
WALKER_SLOTS = tuple(CLANS["walker_slots"])              # stream, speed, movement, confront
W_STREAM, W_SPEED, W_MOVE, W_CONFRONT = range(N_WALKERS)
WALKERS = tuple(tuple(c["walkers"]) for c in CLAN_LIST)   # WALKERS[clan][slot]
#: STREAM_TERRAINS[clan]: destination terrains the clan's stream-crossing walker opens.
STREAM_TERRAINS = tuple(frozenset(w[W_STREAM]["terrains"]) for w in WALKERS)
SPEED_STEPS = tuple(w[W_SPEED]["steps"] for w in WALKERS)
MOVE_KIND = tuple(w[W_MOVE]["kind"] for w in WALKERS)
CONFRONT = tuple(w[W_CONFRONT] for w in WALKERS)
BOARD_BONUSES = tuple(CLANS["board_bonuses"])

# --- mats -----------------------------------------------------------------------------------
BOTTOMS = tuple(MATS["bottom_row"])                        # improve, erect, build, recruit
BOTTOM_INDEX = {b: i for i, b in enumerate(BOTTOMS)}
IMPROVE, ERECT, BUILD, RECRUIT = range(len(BOTTOMS))
BOTTOM_RES = tuple(RES_INDEX[MATS["bottom_resource"][b]] for b in BOTTOMS)
UPGRADES = tuple(MATS["upgrades"])
UPGRADE_IDS = tuple(u["id"] for u in UPGRADES)
U_TRAVEL, U_HARVEST, U_TRADE_RES, U_TRADE_GW, U_BOLSTER_COURAGE, U_BOLSTER_CARDS = range(len(UPGRADES))
MAT_LIST = MATS["mats"]
N_MATS = len(MAT_LIST)


class Column:
    """One column of a mat: top action, bottom action (cost base → minimum, pin slots, coins, helper)."""

    __slots__ = ("top", "bottom", "b", "cost", "min", "slots", "coins", "helper")

    def __init__(self, d: dict[str, Any]) -> None:
        self.top: str = d["top"]
        self.bottom: str = d["bottom"]
        self.b = BOTTOM_INDEX[d["bottom"]]
        self.cost: int = d["cost"]
        self.min: int = d["min"]
        self.slots: int = d["slots"]
        self.coins: int = d["coins"]
        self.helper: str = d["helper"]


def _column(mat: dict[str, Any], i: int) -> Column:
    """Column ``i`` (0-based) of ``mat`` with balance.json's recorded changes applied."""
    col = Column(mat["columns"][i])
    for ch in BALANCE["changes"]:
        if ch["table"] == "mats" and ch.get("column") == i + 1 and ch["mat"] == mat["number"]:
            assert getattr(col, ch["field"]) == ch["spec"], f"balance.json: mat {ch['mat']} column {i + 1} {ch['field']}"
            setattr(col, ch["field"], ch["value"])
    return col


#: MAT_COLUMNS[mat][col]: the four columns of each mat (mats 0..4 are numbers 1..5).
MAT_COLUMNS = tuple(tuple(_column(m, i) for i in range(len(m["columns"]))) for m in MAT_LIST)
#: MAT_BOTTOM_COL[mat][bottom action]: the column holding that bottom action on that mat.
MAT_BOTTOM_COL = tuple(tuple(next(i for i, c in enumerate(cols) if c.b == b) for b in range(len(BOTTOMS)))
                       for cols in MAT_COLUMNS)
MAT_NAMES = {lang: tuple(m["name"][lang] for m in MAT_LIST) for lang in ("en", "pt")}
_MAT_NUMBER = {m["number"]: i for i, m in enumerate(MAT_LIST)}
START_GOODWILL = _balanced("mats", "mat", "goodwill", tuple(m["goodwill"] for m in MAT_LIST), _MAT_NUMBER)
START_COINS = _balanced("mats", "mat", "coins", tuple(m["coins"] for m in MAT_LIST), _MAT_NUMBER)

# --- cards ----------------------------------------------------------------------------------
COURAGE_DECK = tuple(sorted(v["value"] for v in CARDS["courage"] for _ in range(v["count"])))
VISITORS = tuple(CARDS["visitors"])
VISITOR_IDS = tuple(v["id"] for v in VISITORS)
VISITOR_INDEX = {v: i for i, v in enumerate(VISITOR_IDS)}
MILL = tuple(CARDS["mill"])
MILL_IDS = tuple(m["id"] for m in MILL)
MILL_INDEX = {m: i for i, m in enumerate(MILL_IDS)}
MISSIONS = tuple(CARDS["missions"])
MISSION_IDS = tuple(m["id"] for m in MISSIONS)
MISSION_INDEX = {m: i for i, m in enumerate(MISSION_IDS)}
PRIZES = tuple(CARDS["prizes"])
PRIZE_IDS = tuple(p["id"] for p in PRIZES)
VISITOR_TOKENS = CARDS["visitor_tokens"]
assert VISITOR_TOKENS == len(VISITOR_SPOTS)

# --- rules tables ---------------------------------------------------------------------------
START = RULES["start"]
TRAVEL = RULES["travel"]
TRADE_COST = RULES["trade"]["coin_cost"]
BOLSTER_COST = RULES["bolster"]["coin_cost"]
HARVEST_COSTS = tuple((h["farmers"][0], h["farmers"][1], h["cost"]) for h in RULES["harvest_costs"])
CONFRONT_RULES = RULES["confrontation"]
DIAL_MAX = CONFRONT_RULES["dial_max"]
LONE_FARMER_GOODWILL = RULES["lone_farmer_goodwill"]
MISSION_HAND_FORTUNE = RULES["mission_hand_max_fortune"]
RIBBONS = tuple(r["id"] for r in RULES["ribbons"])
RIBBON_INDEX = {r: i for i, r in enumerate(RIBBONS)}
RIBBON_NAMES = {lang: tuple(r["name"][lang] for r in RULES["ribbons"]) for lang in ("en", "pt")}
CONFRONT_RIBBONS = next(r["most"] for r in RULES["ribbons"] if r["id"] == "confrontation")
SCORING = RULES["scoring"]
TIMER = RULES["timers"]["default"]
SHORT_TIMER = RULES["timers"]["short"]
SHORT_KINDS = frozenset(RULES["timers"]["short_kinds"])


def tier(goodwill: int) -> int:
    """The scoring tier 0, 1 or 2 that a goodwill value falls in (§8.3)."""
    for i, (lo, hi) in enumerate(SCORING["goodwill_bands"]):
        if lo <= goodwill <= hi:
            return i
    return len(SCORING["goodwill_bands"]) - 1


def harvest_cost(farmers_on_map: int) -> dict[str, int]:
    """What a Harvest costs with that many of your farmers on map hexes (§5.3)."""
    for lo, hi, cost in HARVEST_COSTS:
        if lo <= farmers_on_map <= hi:
            return cost
    return HARVEST_COSTS[-1][2]
