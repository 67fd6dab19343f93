"""Moves in words, English and Brazilian Portuguese, for the log and "All my moves".

Portuguese names: Ancião (Elder, masculine), Coruja (Owl), Lebre (Hare), Raposa (Fox),
Lontra (Otter) — all four animals feminine; freixo = ash, nogueira = walnut.
"""
from __future__ import annotations

from .notation import Move, reference
from .rules import COLOUR_OF, CREATURE_OF, ELDER, NUMBER_OF, Position

NAMES = {
    "en": ("Elder", "Owl", "Hare", "Fox", "Otter"),
    "pt": ("Ancião", "Coruja", "Lebre", "Raposa", "Lontra"),
}
COLOURS = {"en": ("ash", "walnut"), "pt": ("freixo", "nogueira")}
FEMININE = (False, True, True, True, True)

# Direction index i means "target = reference + DIRS[i]" (E, SE, SW, W, NW, NE).
WHERE_EN = ("right of", "below right of", "below left of", "left of", "above left of", "above right of")
WHERE_PT = ("à direita", "abaixo, à direita", "abaixo, à esquerda", "à esquerda",
            "acima, à esquerda", "acima, à direita")

#: A move's words: its verb placing and moving, the first tile's place, "on top of", beside (WHERE_*).
MOVE_WORDS = {
    "en": {"place": "Place", "move": "Move", "middle": "in the middle", "top": "on top of", "where": WHERE_EN},
    "pt": {"place": "Colocar", "move": "Mover", "middle": "no centro", "top": "em cima", "where": WHERE_PT},
}


def own_name(tile: int, lang: str) -> str:
    """The player's own tile: "Otter 1", "Lontra 1", "Elder"."""
    base = NAMES[lang][CREATURE_OF[tile]]
    return base if CREATURE_OF[tile] == ELDER else f"{base} {NUMBER_OF[tile]}"


def full_name(tile: int, lang: str) -> str:
    """Any tile with its colour: "walnut Hare 2", "Lebre 2 de nogueira"."""
    colour = COLOURS[lang][COLOUR_OF[tile]]
    if lang == "pt":
        return f"{own_name(tile, lang)} de {colour}"
    return f"{colour} {own_name(tile, lang)}"


def _of_pt(tile: int) -> str:
    """The Portuguese "of the": da Lebre…, do Ancião…"""
    return ("da " if FEMININE[CREATURE_OF[tile]] else "do ") + full_name(tile, "pt")


def describe_move(pos: Position, move: Move, lang: str = "en") -> str:
    """``move`` (legal in ``pos``, not yet played) in words."""
    if lang not in NAMES:
        lang = "en"
    if move is None:
        return "Pass (no move is possible)" if lang == "en" else "Passar (nenhuma jogada é possível)"
    tile, frm, to = move
    w = MOVE_WORDS[lang]
    verb = w["place" if frm < 0 else "move"]
    me = own_name(tile, lang)
    if not pos.stacks:
        return f"{verb} {me} {w['middle']}"
    ref, i = reference(pos, move)
    where = w["top"] if i == -1 else w["where"][i]
    return f"{verb} {me} {where} {_of_pt(ref) if lang == 'pt' else full_name(ref, lang)}"
