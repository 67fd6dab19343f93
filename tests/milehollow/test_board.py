"""The map and the cards: board.json is the design's §7 block verbatim, and it passes the design's §8 checks."""
import json
import math
import re
from collections import Counter
from importlib import resources

import pytest

from py_engine.games.milehollow import data as board
from py_engine.games.milehollow.data import (BOARD, COLOURS, GREY, MAILS, NTOWNS, ROADS, TOWN_INDEX, TOWNS,
                                              road_offset, shortest)

from .helpers import design_file


def design_text() -> str:
    path = design_file()
    if path is None:
        pytest.skip("../shared/design/milehollow.md is not beside this repository (the shared folder is absent)")
    return path.read_text(encoding="utf-8")


def test_package_copy_equals_the_design_block():
    """The engine loads the JSON block of §7 directly (it is normative)."""
    text = design_text()
    blocks = re.findall(r"```json\n(.*?)```", text, re.S)
    assert len(blocks) == 1, "the design has exactly one json block"
    ours = resources.files("py_engine.games.milehollow").joinpath("board.json").read_text(encoding="utf-8")
    assert json.loads(ours) == json.loads(blocks[0])
    assert ours.strip() == blocks[0].strip()


def test_mail_list_in_the_text_agrees_with_the_block():
    """The lists above §7 MUST agree with it: §4's mail cards (towns by name, values)."""
    text = design_text()
    found = re.findall(r"(m\d\d) ([^·\n]+?)–([^·\n]+?) \*\*(\d+)\*\*", text)
    names = {t.name: t.index for t in TOWNS}
    assert len(found) == 30
    for mid, a, b, value in found:
        m = MAILS[board.MAIL_INDEX[mid]]
        assert {names[a.strip()], names[b.strip()]} == {m.a, m.b} and int(value) == m.value, mid


def test_doubles_list_in_the_text_agrees_with_the_block():
    """§2: the 15 doubles, their lengths and colours (the -a road has the colour first in card order)."""
    text = design_text()
    line = next(ln for ln in text.splitlines() if ln.startswith("- **Doubles (15):**"))
    found = re.findall(r"(\w+)–(\w+) (\d) \((\w+)/(\w+)\)", line)
    assert len(found) == 15
    for a, b, n, ca, cb in found:
        ra, rb = ROADS[board.ROAD_INDEX[f"{a}-{b}-a"]], ROADS[board.ROAD_INDEX[f"{a}-{b}-b"]]
        assert (ra.len, rb.len, ra.colour_name, rb.colour_name) == (int(n), int(n), ca, cb)


# --- counts, ids, twins, degree, connectivity ---------------------------------------------------------

def test_towns():
    """35 towns: ids unique ASCII slugs, names unique, inside the 1000 × 700 frame, at least 50 px apart."""
    assert NTOWNS == 35
    assert len({t.id for t in TOWNS}) == 35 and all(re.fullmatch(r"[a-z]+", t.id) for t in TOWNS)
    assert len({t.name for t in TOWNS}) == 35
    assert all(0 <= t.x <= 1000 and 0 <= t.y <= 700 for t in TOWNS)
    closest = min(math.dist((a.x, a.y), (b.x, b.y)) for a in TOWNS for b in TOWNS if a.index < b.index)
    assert closest >= 50


def test_road_ids_lengths_and_colours():
    """95 roads; a single road is <a>-<b> in alphabetical order, a double <a>-<b>-a and -b; lengths 1–6;
    colours are the 8 card colours plus grey."""
    assert len(ROADS) == 95
    for r in ROADS:
        a, b = TOWNS[r.a].id, TOWNS[r.b].id
        assert a < b
        assert r.id == (f"{a}-{b}" if r.twin < 0 else f"{a}-{b}-{'a' if r.id.endswith('-a') else 'b'}")
        assert 1 <= r.len <= 6
        assert r.colour == GREY or 0 <= r.colour < 8
    assert Counter(r.len for r in ROADS) == {1: 4, 2: 29, 3: 38, 4: 19, 5: 3, 6: 2}
    assert sum(r.len for r in ROADS) == 279


def test_roads_and_mail_are_listed_in_id_order():
    """The engine's road order (move lists, the timer's "first in road-id order") is the block's, alphabetical."""
    assert [r.id for r in ROADS] == sorted(r.id for r in ROADS)
    assert [m.id for m in MAILS] == sorted(m.id for m in MAILS)


def test_twins_are_mutual_same_towns_same_length_other_colour():
    """15 doubles; -a has the colour that comes first in card order."""
    doubles = [r for r in ROADS if r.twin >= 0]
    assert len(doubles) == 30
    for r in doubles:
        t = ROADS[r.twin]
        assert t.twin == r.index and (t.a, t.b, t.len) == (r.a, r.b, r.len) and t.colour != r.colour
        if r.id.endswith("-a"):
            assert r.colour < t.colour and t.id == r.id[:-1] + "b"


def test_every_town_has_two_roads_and_two_neighbours_and_the_map_is_connected():
    """Every town: at least 2 roads and 2 neighbours; the map is connected (35/35)."""
    for t in TOWNS:
        roads = [r for r in ROADS if t.index in (r.a, r.b)]
        assert len(roads) >= 2 and len({r.a + r.b - t.index for r in roads}) >= 2, t.id
    seen, todo = {0}, [0]
    while todo:
        u = todo.pop()
        for _r, v in board.ADJ[u]:
            if v not in seen:
                seen.add(v)
                todo.append(v)
    assert len(seen) == 35


# --- the drawing ---------------------------------------------------------------------------------------

def segments():
    """The 80 drawn segments: a double counts as one."""
    return sorted({(r.a, r.b) for r in ROADS})


def pos(t):
    return (TOWNS[t].x, TOWNS[t].y)


def orient(p, q, r):
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def properly_cross(p1, p2, q1, q2):
    d1, d2 = orient(q1, q2, p1), orient(q1, q2, p2)
    d3, d4 = orient(p1, p2, q1), orient(p1, p2, q2)
    return d1 * d2 < 0 and d3 * d4 < 0


def point_segment_distance(p, a, b):
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    k = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy)))
    return math.dist(p, (ax + k * dx, ay + k * dy))


def test_no_two_segments_cross():
    """No two segments cross (shared endpoints are ignored, and a double counts as one segment)."""
    segs = segments()
    assert len(segs) == 80
    for i, (a, b) in enumerate(segs):
        for c, d in segs[i + 1:]:
            if {a, b} & {c, d}:
                continue
            assert not properly_cross(pos(a), pos(b), pos(c), pos(d)), (TOWNS[a].id, TOWNS[b].id, TOWNS[c].id, TOWNS[d].id)


def test_roads_pass_25_px_from_other_towns():
    """Every road passes at least 25 px from the towns it does not touch."""
    for a, b in segments():
        for t in TOWNS:
            if t.index not in (a, b):
                assert point_segment_distance((t.x, t.y), pos(a), pos(b)) >= 25, (TOWNS[a].id, TOWNS[b].id, t.id)


def test_roads_leave_a_town_at_least_12_degrees_apart():
    """Roads leave a town at least 12° apart."""
    for t in TOWNS:
        angles = [math.atan2(TOWNS[b if a == t.index else a].y - t.y, TOWNS[b if a == t.index else a].x - t.x)
                  for a, b in segments() if t.index in (a, b)]
        for i, x in enumerate(angles):
            for y in angles[i + 1:]:
                gap = abs(x - y) % (2 * math.pi)
                assert math.degrees(min(gap, 2 * math.pi - gap)) >= 12, t.id


def test_no_road_crosses_the_river_the_lake_or_the_ridge():
    """Every road between the two banks runs through a river town; no road crosses the ridge or the lake."""
    features = {f["id"]: f for f in BOARD["features"]}
    river = features["milha"]["points"]
    for a, b in segments():
        for p, q in zip(river, river[1:]):
            assert not properly_cross(pos(a), pos(b), p, q), (TOWNS[a].id, TOWNS[b].id)
        for fid in ("lagoagrande", "penhas"):
            poly = features[fid]["points"]
            for p, q in zip(poly, poly[1:] + poly[:1]):
                assert not properly_cross(pos(a), pos(b), p, q), (TOWNS[a].id, TOWNS[b].id, fid)
            mid = ((pos(a)[0] + pos(b)[0]) / 2, (pos(a)[1] + pos(b)[1]) / 2)
            assert not inside(mid, poly)


def inside(p, poly):
    x, y = p
    odd = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            odd = not odd
    return odd


def test_a_slab_is_44_to_71_px_long():
    """A road is the straight segment between its towns, drawn as len equal slabs of 44–71 px."""
    per = [math.dist(pos(r.a), pos(r.b)) / r.len for r in ROADS]
    assert 43.5 <= min(per) and max(per) <= 71.5


def test_double_offsets():
    """Road -a lies at +6n and road -b at −6n, with n = (−dy, dx)/|(dx, dy)| and (dx, dy) = pos(b) − pos(a)."""
    r = ROADS[board.ROAD_INDEX["barca-milhada-a"]]
    dx, dy = TOWNS[r.b].x - TOWNS[r.a].x, TOWNS[r.b].y - TOWNS[r.a].y
    d = math.hypot(dx, dy)
    assert road_offset(r) == pytest.approx((-6 * dy / d, 6 * dx / d), abs=1e-3)
    assert road_offset(ROADS[r.twin]) == pytest.approx((6 * dy / d, -6 * dx / d), abs=1e-3)
    assert road_offset(ROADS[board.ROAD_INDEX["castelo-ponte"]]) == (0.0, 0.0)


# --- colours, cards, scoring ----------------------------------------------------------------------------

def test_colour_totals():
    """Each card colour has exactly 27 slabs; grey has 63 slabs on 19 roads."""
    slabs = Counter()
    roads = Counter()
    for r in ROADS:
        slabs[r.colour_name] += r.len
        roads[r.colour_name] += 1
    assert all(slabs[c] == 27 for c in COLOURS)
    assert slabs["grey"] == 63 and roads["grey"] == 19
    assert dict(roads) == {"crimson": 10, "amber": 10, "lemon": 9, "moss": 10, "teal": 9, "indigo": 9,
                           "plum": 9, "coal": 10, "grey": 19}


def test_no_colour_repeats_at_a_town_grey_aside():
    """No two roads of the same colour meet at a town, grey aside."""
    for t in TOWNS:
        colours = [r.colour for r in ROADS if t.index in (r.a, r.b) and r.colour != GREY]
        assert len(colours) == len(set(colours)), t.id


def test_wagon_cards_and_scoring():
    """110 wagon cards: 12 of each of the 8 colours + 14 Oxen; paving 1,2,4,7,10,15; Longest Road 10; end at 2."""
    assert board.WAGON_COUNTS == (12,) * 8 + (14,)
    assert len(board.wagon_list()) == 110 == BOARD["wagonCardTotal"]
    assert board.ROAD_POINTS == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}
    assert board.LONGEST_ROAD_POINTS == 10 and board.END_TRIGGER == 2
    assert BOARD["setup"]["markers"] == 45 and BOARD["players"] == {"min": 2, "max": 5}


def test_mail_cards():
    """30 mail cards, ids mNN, towns known and distinct, no duplicate pairs, values 4–20 (mean 10.3),
    at least 3 long hauls of 18+, every town on one or two cards."""
    assert len(MAILS) == 30
    assert [m.id for m in MAILS] == [f"m{i:02d}" for i in range(1, 31)]
    assert all(m.a != m.b for m in MAILS)
    assert len({frozenset((m.a, m.b)) for m in MAILS}) == 30
    values = [m.value for m in MAILS]
    assert min(values) == 4 and max(values) == 20 and round(sum(values) / 30, 1) == 10.3
    assert sum(v >= 18 for v in values) == 4
    per_town = Counter(t for m in MAILS for t in (m.a, m.b))
    assert len(per_town) == 35 and max(per_town.values()) == 2


def test_mail_value_is_the_shortest_path():
    """A card is worth the shortest-path length between its towns, in slabs (Dijkstra over the road lengths)."""
    for m in MAILS:
        assert shortest(m.a, m.b) == m.value, m.id


def test_the_map_diameter_is_20():
    """The longest mail card is 20, the map's diameter (Pedraalta–Torre do Sal)."""
    far = max(shortest(a, b) for a in range(NTOWNS) for b in range(a + 1, NTOWNS))
    assert far == 20
    assert TOWN_INDEX["pedraalta"] in {m.a for m in MAILS if m.value == 20} | {m.b for m in MAILS if m.value == 20}
