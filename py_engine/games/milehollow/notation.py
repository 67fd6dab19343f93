"""Record notation (design §6): one lowercase ASCII string per decision, and back.

    action   = "row:" slot | "deck" | "pave:" road-id ":" cards | "mail" | "keep:" mail-ids | "pass"
    slot     = "1" .. "5"
    cards    = colour "*" n [ "+ox*" n ] | "ox*" n
    mail-ids = mail-id *( "," mail-id )          ascending, no repeats

``pass`` is ours, not the design's: the table plays it for a player who can do nothing at all
(docs/rules/milehollow.md, *When nothing can be done*).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from py_engine.core.game import IllegalAction

from .data import CARD_INDEX, COLOURS, MAIL_INDEX, OX, ROAD_INDEX, ROADS
from .data import MAILS

_N = r"([1-9][0-9]*)"
ROW_RE = re.compile(r"row:([1-5])")
PAVE_RE = re.compile(r"pave:([a-z0-9-]+):(?:ox\*" + _N + r"|([a-z]+)\*" + _N + r"(?:\+ox\*" + _N + r")?)")
KEEP_RE = re.compile(r"keep:(m[0-9]{2}(?:,m[0-9]{2})*)")


@dataclass(frozen=True)
class Row:
    slot: int              # 0-based


@dataclass(frozen=True)
class Deck:
    pass


@dataclass(frozen=True)
class Pave:
    road: int              # road index
    colour: int            # card colour index, or -1 when only Oxen are spent
    n: int                 # cards of that colour
    oxen: int

    def text(self) -> str:
        return pave_text(self.road, self.colour, self.n, self.oxen)


@dataclass(frozen=True)
class MailDraw:
    pass


@dataclass(frozen=True)
class Keep:
    mail: tuple[int, ...]  # mail indices, ascending


@dataclass(frozen=True)
class Pass:
    pass


Action = Row | Deck | Pave | MailDraw | Keep | Pass


def cards_text(colour: int, n: int, oxen: int) -> str:
    if colour < 0 or n == 0:
        return f"ox*{oxen}"
    return f"{COLOURS[colour]}*{n}" + (f"+ox*{oxen}" if oxen else "")


def pave_text(road: int, colour: int, n: int, oxen: int) -> str:
    return f"pave:{ROADS[road].id}:{cards_text(colour, n, oxen)}"


def keep_text(mail: list[int] | tuple[int, ...]) -> str:
    return "keep:" + ",".join(MAILS[m].id for m in sorted(mail))


def parse(action: object) -> Action:
    """The action's parts, or :class:`IllegalAction` saying what is wrong with its spelling."""
    if not isinstance(action, str):
        raise IllegalAction("an action is a string such as row:3, deck, mail or pave:castelo-ponte:amber*1")
    if action == "deck":
        return Deck()
    if action == "mail":
        return MailDraw()
    if action == "pass":
        return Pass()
    m = ROW_RE.fullmatch(action)
    if m:
        return Row(int(m.group(1)) - 1)
    if action.startswith("row:"):
        raise IllegalAction(f"{action!r}: the row has slots 1 to 5")
    if action.startswith("keep:"):
        m = KEEP_RE.fullmatch(action)
        if not m:
            raise IllegalAction(f"{action!r}: write keep: and mail ids separated by commas, e.g. keep:m04,m23")
        ids = m.group(1).split(",")
        for i in ids:
            if i not in MAIL_INDEX:
                raise IllegalAction(f"there is no mail card {i}")
        if ids != sorted(set(ids)):
            raise IllegalAction(f"{action!r}: the mail ids must be in ascending order, without repeats")
        return Keep(tuple(MAIL_INDEX[i] for i in ids))
    if action.startswith("pave:"):
        m = PAVE_RE.fullmatch(action)
        if not m:
            raise IllegalAction(f"{action!r} is not a paving: write pave:ROAD:COLOUR*N, pave:ROAD:COLOUR*N+ox*M "
                                "or pave:ROAD:ox*N (colour first, no zero counts, one colour)")
        road, only_oxen, colour, n, oxen = m.groups()
        if road not in ROAD_INDEX:
            raise IllegalAction(f"there is no road {road} (town ids go in alphabetical order; "
                                "the roads of a double end in -a or -b)")
        if only_oxen is not None:
            return Pave(ROAD_INDEX[road], -1, 0, int(only_oxen))
        if colour not in CARD_INDEX or CARD_INDEX[colour] == OX:
            raise IllegalAction(f"{colour!r} is not a card colour (grey is a road colour only; "
                                "Oxen are written last, as +ox*N)")
        return Pave(ROAD_INDEX[road], CARD_INDEX[colour], int(n), int(oxen) if oxen else 0)
    raise IllegalAction(f"{action!r} is not a Milehollow move: row:1..5, deck, mail, keep:IDS or pave:ROAD:CARDS")


def offered_moves(legal: list[str]) -> list[str]:
    """The move list within a legal list: of each road's pavings, per colour only the one with the fewest
    Oxen, and Oxen alone only when no colour pays (docs/rules/milehollow.md, "the move list"). The bots
    choose from it, as they always have; the other mixes stay legal for people who pick them."""
    best: dict[tuple[str, str], tuple[int, str]] = {}
    coloured: set[str] = set()
    for a in legal:
        if a.startswith("pave:"):
            _, road, cards = a.split(":")
            colour = cards.split("*")[0]
            oxen = int(cards.split("+ox*")[1]) if "+ox*" in cards else (int(cards[3:]) if colour == "ox" else 0)
            if colour != "ox":
                coloured.add(road)
            key = (road, colour)
            if key not in best or oxen < best[key][0]:
                best[key] = (oxen, a)
    keep = {a for (road, colour), (_, a) in best.items() if colour != "ox" or road not in coloured}
    return [a for a in legal if not a.startswith("pave:") or a in keep]
