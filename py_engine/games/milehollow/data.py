"""The map and the cards, loaded from board.json (the design's §7 block, verbatim).

Everything the rules need is turned into small integer tables once, at import:
towns, roads and mail cards are numbered in the order the block lists them, and
card colours are numbered in card order (crimson 0 … coal 7) with the Ox as 8.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from importlib import resources
from typing import Any
import heapq

BOARD: dict[str, Any] = json.loads(
    resources.files(__package__).joinpath("board.json").read_text(encoding="utf-8"))
SPEC_VERSION: int = BOARD["specVersion"]
SETUP: dict[str, int] = BOARD["setup"]

COLOURS: tuple[str, ...] = tuple(c["id"] for c in BOARD["colours"])       # card order
COLOUR_PT: dict[str, str] = {c["id"]: c["pt"] for c in BOARD["colours"]}
COLOUR_PT[BOARD["grey"]["id"]] = BOARD["grey"]["pt"]
HEX: dict[str, str] = {c["id"]: c["hex"] for c in BOARD["colours"]}
HEX[BOARD["grey"]["id"]] = BOARD["grey"]["hex"]
OX = len(COLOURS)                 # the card code of an Ox; colours are 0 .. OX - 1
NCARD = OX + 1
GREY = -1                         # the road colour code of grey roads
CARD_NAMES: tuple[str, ...] = COLOURS + ("ox",)
CARD_INDEX: dict[str, int] = {name: i for i, name in enumerate(CARD_NAMES)}
WAGON_COUNTS: tuple[int, ...] = tuple(BOARD["wagonCards"][name] for name in CARD_NAMES)

ROAD_POINTS: dict[int, int] = {int(k): v for k, v in BOARD["scoring"]["road"].items()}
LONGEST_ROAD_POINTS: int = BOARD["scoring"]["longestRoad"]
END_TRIGGER: int = BOARD["scoring"]["endTriggerMarkers"]


@dataclass(frozen=True)
class Town:
    index: int
    id: str
    name: str
    gloss: str
    x: int
    y: int


@dataclass(frozen=True)
class Road:
    index: int
    id: str
    a: int             # town indices, a's id before b's
    b: int
    len: int
    colour: int        # 0..7, or GREY
    twin: int          # road index of the other road of a double, -1 for a single road

    @property
    def colour_name(self) -> str:
        return "grey" if self.colour == GREY else COLOURS[self.colour]


@dataclass(frozen=True)
class Mail:
    index: int
    id: str
    a: int
    b: int
    value: int


TOWNS: tuple[Town, ...] = tuple(Town(i, t["id"], t["name"], t["gloss"], t["x"], t["y"])
                                for i, t in enumerate(BOARD["towns"]))
TOWN_INDEX: dict[str, int] = {t.id: t.index for t in TOWNS}

_road_index = {r["id"]: i for i, r in enumerate(BOARD["roads"])}
ROADS: tuple[Road, ...] = tuple(
    Road(i, r["id"], TOWN_INDEX[r["a"]], TOWN_INDEX[r["b"]], r["len"],
         GREY if r["colour"] == "grey" else COLOURS.index(r["colour"]),
         _road_index[r["twin"]] if "twin" in r else -1)
    for i, r in enumerate(BOARD["roads"]))
ROAD_INDEX: dict[str, int] = _road_index

MAILS: tuple[Mail, ...] = tuple(Mail(i, m["id"], TOWN_INDEX[m["a"]], TOWN_INDEX[m["b"]], m["value"])
                                for i, m in enumerate(BOARD["mail"]))
MAIL_INDEX: dict[str, int] = {m.id: m.index for m in MAILS}

#: For each town, the (road index, other town) pairs leaving it, in road order.
ADJ: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((r.index, r.b if r.a == t.index else r.a) for r in ROADS if t.index in (r.a, r.b))
    for t in TOWNS)
NTOWNS, NROADS, NMAIL = len(TOWNS), len(ROADS), len(MAILS)


def wagon_list() -> list[int]:
    """The 110 wagon cards in card order (crimson ×12 … coal ×12, then Ox ×14): the list the seed shuffles."""
    return [c for c, k in enumerate(WAGON_COUNTS) for _ in range(k)]


def mail_list() -> list[int]:
    """The 30 mail cards in id order (m01 … m30): the list the seed shuffles."""
    return list(range(NMAIL))


def road_offset(road: Road) -> tuple[float, float]:
    """Where a road is drawn relative to the centre line of its towns (design §1).

    With (dx, dy) = pos(b) − pos(a) and n = (−dy, dx)/|(dx, dy)|, road ``-a`` of a double lies at
    +6n and road ``-b`` at −6n; a single road lies on the centre line.
    """
    if road.twin < 0:
        return (0.0, 0.0)
    a, b = TOWNS[road.a], TOWNS[road.b]
    dx, dy = b.x - a.x, b.y - a.y
    d = math.hypot(dx, dy)
    sign = 1.0 if road.id.endswith("-a") else -1.0
    return (round(sign * 6 * -dy / d, 3), round(sign * 6 * dx / d, 3))


def shortest(a: int, b: int, cost: list[float] | None = None) -> float:
    """The shortest path between towns ``a`` and ``b`` (Dijkstra), by road length or by ``cost`` per road."""
    dist = [math.inf] * NTOWNS
    dist[a] = 0.0
    heap = [(0.0, a)]
    while heap:
        d, u = heapq.heappop(heap)
        if u == b:
            return d
        if d > dist[u]:
            continue
        for ri, v in ADJ[u]:
            w = ROADS[ri].len if cost is None else cost[ri]
            if d + w < dist[v]:
                dist[v] = d + w
                heapq.heappush(heap, (d + w, v))
    return dist[b]


def map_json() -> dict[str, Any]:
    """The static map for a renderer: towns, features, roads with colours and twin offsets, and the colours'
    Portuguese names and hex values (one table, so roads do not repeat them)."""
    roads = []
    for r in ROADS:
        entry: dict[str, Any] = {"id": r.id, "a": TOWNS[r.a].id, "b": TOWNS[r.b].id, "len": r.len,
                                 "colour": r.colour_name}
        if r.twin >= 0:
            entry["twin"] = ROADS[r.twin].id
            entry["offset"] = list(road_offset(r))
        roads.append(entry)
    return {
        "frame": BOARD["frame"],
        "features": BOARD["features"],
        "towns": [{"id": t.id, "name": t.name, "gloss": t.gloss, "x": t.x, "y": t.y} for t in TOWNS],
        "roads": roads,
        "colours": [{"id": c["id"], "pt": c["pt"], "hex": c["hex"]} for c in BOARD["colours"]]
        + [{"id": "grey", "pt": BOARD["grey"]["pt"], "hex": BOARD["grey"]["hex"]}],
    }


MAP: dict[str, Any] = map_json()
