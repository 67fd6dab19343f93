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

from .tileset import BY_ID, TYPES, tile_name

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
    from .valley import ROLES
    reg = next(r for r in BY_ID[tile].regions if r.id == region)
    return ROLES[reg.kind]


#: Where a new tile goes, said from a tile beside it (the valley shows no coordinates): a neighbour
#: to the north has the new tile below it, and so on (north, east, south, west).
SIDE_WORDS = {
    "en": ("below {}", "left of {}", "above {}", "right of {}"),
    "pt": ("abaixo da peça {}", "à esquerda da peça {}", "acima da peça {}", "à direita da peça {}"),
}


def place_words(valley: Any, x: int, y: int, lang: str) -> str:
    """A cell in the game's words: the tiles already laid beside it (at most two, north first)."""
    from .valley import NEIGH, cell
    lang = "pt" if lang == "pt" else "en"
    parts = []
    for side, c in enumerate(NEIGH[cell(x, y)]):
        if c >= 0 and valley.grid[c] >= 0:
            parts.append(SIDE_WORDS[lang][side].format(tile_name(TYPES[valley.grid[c] >> 2].id, lang)))
    if not parts:
        return "in an open field" if lang == "en" else "em campo aberto"
    return (" e " if lang == "pt" else " and ").join(parts[:2])


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
