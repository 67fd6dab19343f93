"""The Hollowmere tile set, loaded from ``tiles.json`` (design §4, committed verbatim).

Everything the rules need about a tile is precomputed here once per
*placement* — a (tile type, rotation) pair, coded ``type_index * 4 + r`` — so
laying a tile is a few table look-ups:

* ``SIDES[p]``: the side type shown towards N, E, S, W;
* ``SLOT_REGION[p]``: for each shown slot ``3 * d + k``, the index of the region it belongs to;
* ``REGION_SLOTS[p][ri]``: the shown slots of region ``ri``.

Region indices follow the order of the JSON ``regions`` list and never change
with rotation (design §1.3), so a region id such as ``t2`` names the same
region at every rotation.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

DIRS = "NESW"
SIDE_KINDS = ("burgh", "trail", "meadow", "river", "mountain")


def _load_json() -> dict[str, Any]:
    # importlib.resources reads package data from a directory, a zip or a wheel
    # unpacked by Pyodide alike; a plain path would break inside a zip import.
    text = resources.files(__package__).joinpath("tiles.json").read_text(encoding="utf-8")
    return json.loads(text)


TILESET: dict[str, Any] = _load_json()
TILESET_VERSION: int = TILESET["version"]


@dataclass(frozen=True)
class Region:
    id: str
    kind: str
    slots: tuple[int, ...]          # listed slots (rotation 0), as 3 * side + k
    seal: bool = False
    spring: bool = False
    aquifer: bool = False
    ends: str | None = None
    touches: tuple[int, ...] = ()   # region indices of burghs this meadow borders


@dataclass(frozen=True)
class TileType:
    index: int
    id: str
    name: str
    count: int
    orientations: int
    sides: tuple[str, str, str, str]
    regions: tuple[Region, ...]
    shrine: int                     # region index of the shrine, -1 if none
    river: int                      # region index of the river, -1 if none
    mountain: bool


def _slot(text: str) -> int:
    return DIRS.index(text[0]) * 3 + int(text[1])


def _build_types(data: dict[str, Any]) -> tuple[TileType, ...]:
    out = []
    for i, t in enumerate(data["tiles"]):
        ids = [r["id"] for r in t["regions"]]
        regions = tuple(
            Region(
                id=r["id"], kind=r["kind"], slots=tuple(_slot(s) for s in r["slots"]),
                seal=bool(r.get("seal")), spring=bool(r.get("spring")), aquifer=bool(r.get("aquifer")),
                ends=r.get("ends"), touches=tuple(ids.index(b) for b in r.get("touches_burghs", ())),
            )
            for r in t["regions"]
        )
        kinds = [r.kind for r in regions]
        out.append(TileType(
            index=i, id=t["id"], name=t["name"], count=t["count"], orientations=t["orientations"],
            sides=tuple(t["sides"][d] for d in DIRS),  # type: ignore[arg-type]
            regions=regions,
            shrine=kinds.index("shrine") if "shrine" in kinds else -1,
            river=kinds.index("river") if "river" in kinds else -1,
            mountain="mountain" in kinds,
        ))
    return tuple(out)


TYPES: tuple[TileType, ...] = _build_types(TILESET)
BY_ID: dict[str, TileType] = {t.id: t for t in TYPES}
START = TILESET["start"]
START_TYPE: TileType = BY_ID[START["tile"]]
MAX_REGIONS = 8  # instance id = cell * MAX_REGIONS + region index
assert all(len(t.regions) <= MAX_REGIONS for t in TYPES)


def rotate_slot(slot: int, r: int) -> int:
    """Listed slot ``Xk`` shows as slot ``k`` of side ``(X + r) mod 4`` (design §1.3)."""
    return ((slot // 3 + r) % 4) * 3 + slot % 3


NPLACE = len(TYPES) * 4
SIDES: list[tuple[str, str, str, str]] = []
SLOT_REGION: list[tuple[int, ...]] = []
REGION_SLOTS: list[tuple[tuple[int, ...], ...]] = []
for _t in TYPES:
    for _r in range(4):
        SIDES.append(tuple(_t.sides[(d - _r) % 4] for d in range(4)))  # type: ignore[arg-type]
        _sr = [-1] * 12
        _rs = []
        for _ri, _reg in enumerate(_t.regions):
            shown = tuple(sorted(rotate_slot(s, _r) for s in _reg.slots))
            _rs.append(shown)
            for s in shown:
                _sr[s] = _ri
        assert -1 not in _sr, f"{_t.id}: a slot without a region"
        SLOT_REGION.append(tuple(_sr))
        REGION_SLOTS.append(tuple(_rs))


def _look(p: int) -> tuple:
    """What a placement looks like, ignoring region ids: equal looks = the same picture."""
    t = TYPES[p // 4]
    return tuple(sorted(
        (reg.kind, reg.seal, reg.spring, reg.aquifer, reg.ends or "", REGION_SLOTS[p][ri],
         tuple(sorted(REGION_SLOTS[p][b] for b in reg.touches)))
        for ri, reg in enumerate(t.regions)
    ))


#: For each tile type, the rotations a move list offers: the smallest r of each look-alike set.
DISTINCT_R: list[tuple[int, ...]] = []
for _t in TYPES:
    seen: list[tuple] = []
    rs = []
    for _r in range(4):
        look = _look(_t.index * 4 + _r)
        if look not in seen:
            seen.append(look)
            rs.append(_r)
    assert len(rs) == _t.orientations, f"{_t.id}: {len(rs)} distinct orientations, listed {_t.orientations}"
    DISTINCT_R.append(tuple(rs))


def supply_list() -> list[int]:
    """The supply before shuffling: each type ``count`` times, in the JSON's order."""
    out: list[int] = []
    for t in TYPES:
        out += [t.index] * t.count
    assert len(out) == TILESET["supply_total"]
    return out


# --- words ---------------------------------------------------------------------

#: pt-BR names of the tile types (the English ones are the JSON's ``name``).
NAMES_PT: dict[str, str] = {
    "GATE": "Estrada da Guarita", "CAP": "Muralha de burgo", "CAPB": "Muralha, curva leste-sul",
    "CAPD": "Muralha, curva sul-oeste", "CAP3": "Muralha, três braços", "TWIN": "Muralhas opostas",
    "PAIR": "Muralhas de canto", "WALL": "Burgo atravessado", "WALLS": "Burgo atravessado, selado",
    "CORN": "Canto de burgo", "CORNS": "Canto de burgo, selado", "CORT": "Canto com curva",
    "CORTS": "Canto com curva, selado", "TRI": "Burgo de três lados", "TRIS": "Burgo de três lados, selado",
    "TRIT": "Portão do burgo", "TRITS": "Portão do burgo, selado", "FULL": "Burgo murado",
    "ROAD": "Trilha reta", "BEND": "Curva de trilha", "FORK": "Bifurcação tripla", "CROSS": "Encruzilhada",
    "BENDS": "Curvas gêmeas", "SHR": "Santuário da lanterna", "SHRT": "Santuário com trilha",
    "SPR": "Nascente", "SPRM": "Nascente da montanha", "POOL": "Aquífero", "POOLB": "Aquífero sob um burgo",
    "RIV": "Rio reto", "RBND": "Curva de rio", "RFORK": "Confluência", "BRIDGE": "Ponte",
    "RBUR": "Rio sob um burgo", "RTRL": "Rio e trilha", "GORGE": "Desfiladeiro", "MCAP": "Encosta",
    "MRID": "Cordilheira", "MPASS": "Passo da montanha", "MTRL": "Trilha do sopé",
    "MBUR": "Montanha e burgo", "MBC": "Burgo do penhasco", "MSHR": "Santuário da montanha",
}
assert set(NAMES_PT) == set(BY_ID)


def tile_name(tile_id: str, lang: str = "en") -> str:
    if lang == "pt":
        return NAMES_PT[tile_id]
    return BY_ID[tile_id].name
