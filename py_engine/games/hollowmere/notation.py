"""Record notation (design §6) and the words that describe an action in English and Portuguese.

    lay   = TILE "@" X "," Y "r" R ("+" REGION | "-")      CAP@20,19r2+b1   ROAD@21,20r1-
    veil                                                   the Mist Veil
    aside = "aside:" TILE                                  written by the table only
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from py_engine.core.game import IllegalAction

from .data import BY_ID, START, TYPES, tile_name
from .valley import NEIGH
from .valley import ROLES
from .valley import cell

LAY_RE = re.compile(r"^([A-Z][A-Z0-9]*)@(0|[1-9][0-9]?),(0|[1-9][0-9]?)r([0-3])(\+[a-z][a-z0-9]*|-)$")
ASIDE_RE = re.compile(r"^aside:([A-Z][A-Z0-9]*)$")


@dataclass(frozen=True)
class Lay:
    tile: str
    x: int
    y: int
    r: int
    region: str | None     # None: no Warden ("-")

    def text(self) -> str:
        return f"{self.tile}@{self.x},{self.y}r{self.r}" + (f"+{self.region}" if self.region else "-")


@dataclass(frozen=True)
class Aside:
    tile: str


class Veil:
    pass


VEIL = Veil()


def parse(action: object) -> Lay | Aside | Veil:
    """The action's parts, or :class:`IllegalAction` saying what is wrong with its spelling."""
    if not isinstance(action, str):
        raise IllegalAction("an action is a string such as CAP@20,19r2+b1")
    if action == "veil":
        return VEIL
    m = ASIDE_RE.match(action)
    if m:
        if m.group(1) not in BY_ID:
            raise IllegalAction(f"there is no tile {m.group(1)}")
        return Aside(m.group(1))
    m = LAY_RE.match(action)
    if not m:
        raise IllegalAction(f"{action!r} is not a move: write TILE@X,YrR then +REGION or -, "
                            "for example CAP@20,19r2+b1 or ROAD@21,20r1-")
    tile, x, y, r, warden = m.groups()
    if tile not in BY_ID:
        raise IllegalAction(f"there is no tile {tile}")
    x, y = int(x), int(y)
    if x > 40 or y > 40:
        raise IllegalAction(f"{x},{y} is outside the valley (0–40 each way)")
    region = None if warden == "-" else warden[1:]
    if region is not None and region not in {reg.id for reg in BY_ID[tile].regions}:
        raise IllegalAction(f"{tile} has no region {region}")
    return Lay(tile, x, y, int(r), region)


# --- words -------------------------------------------------------------------

TURNS = {
    "en": ("not turned", "turned once", "turned twice", "turned three times"),
    "pt": ("sem giro", "com um giro", "com dois giros", "com três giros"),
}
ROLE_WORDS = {
    "en": {"burgh": "Steward", "trail": "Pathfinder", "shrine": "Keeper", "river": "Well-keeper",
           "meadow": "Grazier"},
    "pt": {"burgh": "Intendente", "trail": "Batedor", "shrine": "Zelador", "river": "Guarda-poço",
           "meadow": "Pastor"},
}
#: (noun, preposition "on"+article) per region kind.
REGION_WORDS = {
    "en": {"burgh": ("burgh", "on"), "trail": ("trail", "on"), "meadow": ("meadow", "on"),
           "shrine": ("shrine", "on the"), "river": ("aquifer", "on the")},
    "pt": {"burgh": ("burgo", "no"), "trail": ("trilha", "na"), "meadow": ("prado", "no"),
           "shrine": ("santuário", "no"), "river": ("aquífero", "no")},
}


def region_words(tile: str, region: str, lang: str) -> str:
    """``b2`` -> "burgh 2"; a lone shrine or pool has no number."""
    lang = "pt" if lang == "pt" else "en"
    reg = next(r for r in BY_ID[tile].regions if r.id == region)
    noun, _prep = REGION_WORDS[lang][reg.kind]
    if reg.kind in ("shrine", "river"):
        return noun
    return f"{noun} {region.lstrip('abcdefghijklmnopqrstuvwxyz')}"


def role_of(tile: str, region: str) -> str:
    """The Warden's role name (English code word) from the region it stands on."""
    reg = next(r for r in BY_ID[tile].regions if r.id == region)
    return ROLES[reg.kind]


#: Where a new tile goes, said from a tile beside it (the valley shows no coordinates): a neighbour
#: to the north has the new tile below it, and so on (north, east, south, west).
SIDE_WORDS = {
    "en": ("below {}", "left of {}", "above {}", "right of {}"),
    "pt": ("abaixo da peça {}", "à esquerda da peça {}", "acima da peça {}", "à direita da peça {}"),
}


def _beside_words(valley: Any, c: int, lang: str) -> str:
    parts = []
    for side, n in enumerate(NEIGH[c]):
        if n >= 0 and valley.grid[n] >= 0:
            parts.append(SIDE_WORDS[lang][side].format(tile_name(TYPES[valley.grid[n] >> 2].id, lang)))
    if not parts:
        return "in an open field" if lang == "en" else "em campo aberto"
    return (" e " if lang == "pt" else " and ").join(parts[:2])


#: The last valley's open cells said by their neighbours, and which of those words name more than
#: one cell. One position's legal list asks for the same valley hundreds of times in a row.
_last_places: list[Any] = [None, None]


def _places(valley: Any, lang: str) -> tuple[dict[int, str], set[str]]:
    key = (lang, tuple((c, p) for c, p, _seat, _ri in valley.lays))
    if _last_places[0] != key:
        said: dict[int, str] = {}
        for c, _p, _seat, _ri in valley.lays:
            for n in NEIGH[c]:
                if n >= 0 and valley.grid[n] < 0 and n not in said:
                    said[n] = _beside_words(valley, n, lang)
        seen: set[str] = set()
        twice: set[str] = set()
        for w in said.values():
            (twice if w in seen else seen).add(w)
        _last_places[0], _last_places[1] = key, (said, twice)
    return _last_places[1]


def _from_first_tile(x: int, y: int, lang: str) -> str:
    """Steps from the tile the valley starts with, for a cell its neighbours alone do not tell
    apart (two cells left of a Spring): "2 squares left and 1 up from Gatehouse Road"."""
    dx, dy = x - START["x"], y - START["y"]
    en = lang == "en"
    parts = []
    if dx:
        n = abs(dx)
        unit = ("square" if n == 1 else "squares") if en else ("casa" if n == 1 else "casas")
        side = ("right" if dx > 0 else "left") if en else ("à direita" if dx > 0 else "à esquerda")
        parts.append(f"{n} {unit} {side}")
    if dy:
        n = abs(dy)
        unit = "" if parts else (("square " if n == 1 else "squares ") if en else ("casa " if n == 1 else "casas "))
        side = ("down" if dy > 0 else "up") if en else ("abaixo" if dy > 0 else "acima")
        parts.append(f"{n} {unit}{side}")
    joined = (" and " if en else " e ").join(parts)
    first = tile_name(START["tile"], lang)
    return f"{joined} from {first}" if en else f"{joined} da peça {first}"


def place_words(valley: Any, x: int, y: int, lang: str) -> str:
    """A cell in the game's words: the tiles already laid beside it (at most two, north first),
    and, where those words fit another open cell too, its steps from the first tile."""
    lang = "pt" if lang == "pt" else "en"
    c = cell(x, y)
    said, twice = _places(valley, lang)
    words = said.get(c) or _beside_words(valley, c, lang)
    if words in twice:
        return f"{words} ({_from_first_tile(x, y, lang)})"
    return words


def describe(action: str, lang: str = "en", valley: Any = None) -> str:
    """Words for an action; with the valley it was played in, the place is said by the tiles beside
    it, else by its coordinates (the record's notation)."""
    lang = "pt" if lang == "pt" else "en"
    a = parse(action)
    if isinstance(a, Veil):
        return ("Cast the Mist Veil: set the tile in hand aside and draw the next" if lang == "en" else
                "Lançar o Véu da Névoa: pôr de lado a peça na mão e comprar a próxima")
    if isinstance(a, Aside):
        name = tile_name(a.tile, lang)
        return (f"{name} fits nowhere: set aside, draw again" if lang == "en" else
                f"{name} não cabe em lugar nenhum: fica de lado, nova compra")
    name = tile_name(a.tile, lang)
    if valley is not None:
        head = (f"Lay {name} {place_words(valley, a.x, a.y, lang)}, {TURNS[lang][a.r]}" if lang == "en" else
                f"Colocar {name} {place_words(valley, a.x, a.y, lang)}, {TURNS[lang][a.r]}")
    else:
        head = (f"Lay {name} at {a.x},{a.y} {TURNS[lang][a.r]}" if lang == "en" else
                f"Colocar {name} em {a.x},{a.y} {TURNS[lang][a.r]}")
    if a.region is None:
        return head + (", no Warden" if lang == "en" else ", sem Guardião")
    reg = next(r for r in BY_ID[a.tile].regions if r.id == a.region)
    role = ROLE_WORDS[lang][reg.kind]
    prep = REGION_WORDS[lang][reg.kind][1]
    return f"{head}, {role} {prep} {region_words(a.tile, a.region, lang)}"
