"""The tile set: tiles.json is the design's §4 block, verbatim, and it is self-consistent."""
import json
import re
from collections import Counter
from importlib import resources

import pytest

from py_engine.games.hollowmere import data as tileset
from py_engine.games.hollowmere.data import BY_ID, DISTINCT_R, SIDES, SLOT_REGION, TYPES

from .helpers import design_file


def test_package_copy_equals_the_design_block():
    """The JSON block (§4) is normative: engines load it verbatim."""
    path = design_file()
    if path is None:
        pytest.skip("design/hollowmere.md is not beside this repository")
    block = re.search(r"## 4\..*?```json\n(.*?)```", path.read_text(encoding="utf-8"), re.S).group(1)
    ours = resources.files("py_engine.games.hollowmere").joinpath("tiles.json").read_text(encoding="utf-8")
    assert json.loads(ours) == json.loads(block)
    assert ours.strip() == block.strip()


def test_loaded_as_package_data():
    assert tileset.TILESET["game"] == "hollowmere"
    assert tileset.TILESET_VERSION == 1
    assert len(TYPES) == 43


def test_plus_one_gatehouse_road_is_laid_and_one_more_is_in_the_supply():
    """The "+1" Gatehouse Road is the one already laid in the centre."""
    assert tileset.START == {"tile": "GATE", "x": 20, "y": 20, "r": 0}
    assert BY_ID["GATE"].count == 1
    supply = tileset.supply_list()
    assert len(supply) == 84 == tileset.TILESET["supply_total"]
    assert len(supply) + 1 == tileset.TILESET["tiles_total"] == 85


def test_edges_and_marks():
    """Each tile edge is a burgh wall, a trail, open meadow, a river, or mountain. Some tiles carry a
    charter seal, a shrine, a spring, or an aquifer pool."""
    counts = Counter()
    for t in TYPES:
        assert set(t.sides) <= {"burgh", "trail", "meadow", "river", "mountain"}
        k = t.count
        counts["seal"] += k * any(r.seal for r in t.regions)
        counts["shrine"] += k * (t.shrine >= 0)
        counts["spring"] += k * any(r.spring for r in t.regions)
        counts["aquifer"] += k * any(r.aquifer for r in t.regions)
        counts["mountain"] += k * t.mountain
        counts["crossing"] += k * any(r.ends == "crossing" for r in t.regions)
    assert counts == {"seal": 8, "shrine": 6, "spring": 4, "aquifer": 4, "mountain": 13, "crossing": 7}


@pytest.mark.parametrize("t", TYPES, ids=lambda t: t.id)
def test_every_slot_in_one_region_matching_its_side(t):
    slots = [s for reg in t.regions for s in reg.slots]
    assert sorted(slots) == list(range(12))
    for reg in t.regions:
        for s in reg.slots:
            side = t.sides[s // 3]
            expected = side if side in ("burgh", "mountain", "meadow") else (side if s % 3 == 1 else "meadow")
            assert reg.kind == expected, (t.id, reg.id, s)


@pytest.mark.parametrize("t", TYPES, ids=lambda t: t.id)
def test_distinct_orientations_match_the_listed_count(t):
    """§1.3: a move list offers the smallest r of each look-alike set."""
    assert len(DISTINCT_R[t.index]) == t.orientations
    assert DISTINCT_R[t.index][0] == 0


def test_quarter_turns_carry_sides_clockwise():
    """Only quarter-turns are allowed; one turn carries N to E, E to S, S to W, W to N."""
    cap = BY_ID["CAP"].index
    assert [SIDES[cap * 4 + r].index("burgh") for r in range(4)] == [0, 1, 2, 3]
    # slot index is kept: listed N0 shows as E0 after one turn
    b1 = 0
    assert SLOT_REGION[cap * 4 + 1][3] == b1 and SLOT_REGION[cap * 4 + 1][0] != b1


def test_a_tile_is_never_mirrored():
    """A tile is never mirrored: the cap with a bend east-south never shows the mirror picture."""
    capb, capd = BY_ID["CAPB"].index, BY_ID["CAPD"].index
    assert {SIDES[capb * 4 + r] for r in range(4)}.isdisjoint({SIDES[capd * 4 + r] for r in range(4)})
