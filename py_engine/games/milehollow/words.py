"""An action in words, in English and Portuguese, as one viewer may read it (the log, "All my moves").

Words are made in the position before the action. So a card drawn blind is never named by
:func:`describe`, not even for its drawer (the top of the deck is not known before it is drawn);
:func:`describe_played`, asked after the move, gives the drawer the card (or the mail cards) it brought,
and the table shows those words to the drawer only. Kept mail is named only for the seat that keeps it.
"""
from __future__ import annotations

from py_engine.core.game import ALL_SEATS

from . import notation as nt
from .data import COLOUR_PT, COLOURS, MAILS, OX, ROAD_POINTS, ROADS, SETUP, TOWNS
from .rules import MilehollowRules


def colour_word(c: int | str, lang: str) -> str:
    name = c if isinstance(c, str) else COLOURS[c]
    return COLOUR_PT[name] if lang == "pt" else name


def road_words(road: int, lang: str) -> str:
    r = ROADS[road]
    towns = f"{TOWNS[r.a].name}–{TOWNS[r.b].name}"
    if lang == "pt":
        slabs = f"{r.len} {'laje' if r.len == 1 else 'lajes'} {colour_word(r.colour_name, lang)}"
        double = ", estrada dupla" if r.twin >= 0 else ""
    else:
        slabs = f"{r.len} {r.colour_name} {'slab' if r.len == 1 else 'slabs'}"
        double = ", a double road" if r.twin >= 0 else ""
    return f"{towns} ({slabs}{double})"


def cards_words(colour: int, n: int, oxen: int, lang: str) -> str:
    parts = []
    if colour >= 0 and n:
        if lang == "pt":
            parts.append(f"{n} {'carta' if n == 1 else 'cartas'} {colour_word(colour, lang)}")
        else:
            parts.append(f"{n} {colour_word(colour, lang)} {'card' if n == 1 else 'cards'}")
    if oxen:
        if lang == "pt":
            parts.append(f"{oxen} {'Boi' if oxen == 1 else 'Bois'}")
        else:
            parts.append(f"{oxen} {'Ox' if oxen == 1 else 'Oxen'}")
    return (" e " if lang == "pt" else " and ").join(parts)


def mail_words(m: int, lang: str) -> str:
    """A mail card as players know it: the two towns it joins and its worth (the card's id is notation)."""
    mail = MAILS[m]
    return f"{TOWNS[mail.a].name}–{TOWNS[mail.b].name} ({mail.value})"


def _keeper(s: "MilehollowRules", kept: tuple[int, ...]) -> int | None:
    """The seat whose dealt or drawn mail holds ``kept`` (pending cards of different seats never overlap)."""
    for seat, pending in enumerate(s.pending):
        if kept and all(m in pending for m in kept):
            return seat
    return None


def describe(s: "MilehollowRules", action: str, lang: str, viewer: int | str | None) -> str:
    lang = "pt" if lang == "pt" else "en"
    pt = lang == "pt"
    a = nt.parse(action)
    if isinstance(a, nt.Row):
        card = s.row[a.slot]
        k = a.slot + 1
        if card == OX:
            return (f"Pegar o Boi virado da posição {k}: é a compra inteira" if pt else
                    f"Take the face-up Ox from slot {k}: that is the whole draw")
        if card < 0:
            return f"Pegar a carta da posição {k}" if pt else f"Take the card in slot {k}"
        return (f"Pegar a carta {colour_word(card, lang)} da posição {k}" if pt else
                f"Take the {colour_word(card, lang)} card from slot {k}")
    if isinstance(a, nt.Deck):
        if not s.deck and any(s.discards):
            return ("Embaralhar o descarte num novo baralho e sacar uma carta dele" if pt else
                    "Shuffle the discards into a new deck and draw a card from it")
        return "Sacar uma carta do baralho" if pt else "Draw a card from the deck"
    if isinstance(a, nt.Pave):
        points = ROAD_POINTS[ROADS[a.road].len]
        cards = cards_words(a.colour, a.n, a.oxen, lang)
        return (f"Pavimentar {road_words(a.road, lang)} com {cards}: +{points}" if pt else
                f"Pave {road_words(a.road, lang)} with {cards}: +{points}")
    if isinstance(a, nt.MailDraw):
        k = min(SETUP["mailDraw"], len(s.mail_deck))
        return (f"Sacar {k} {'carta' if k == 1 else 'cartas'} de correspondência" if pt else
                f"Draw {k} mail {'card' if k == 1 else 'cards'}")
    if isinstance(a, nt.Pass):
        return ("Passar: não há nada para sacar nem estrada para pavimentar" if pt else
                "Pass: there is nothing to draw and no road to pave")
    assert isinstance(a, nt.Keep)
    seat = _keeper(s, a.mail) if viewer == ALL_SEATS else viewer
    k = len(a.mail)
    if isinstance(seat, int) and all(m in s.pending[seat] for m in a.mail):
        back = len(s.pending[seat]) - k
        names = (" e " if pt else " and ").join(mail_words(m, lang) for m in a.mail)
        if pt:
            return f"Ficar com {names}" + (f"; devolver {back} ao fundo do baralho" if back else "")
        return f"Keep {names}" + (f"; return {back} to the bottom of the deck" if back else "")
    # Anyone else learns only how many were kept; how many were dealt or drawn is public.
    dealt = SETUP["startMailDealt"] if s.phase == "keep-deal" else len(s.pending[s.current])
    back = max(0, dealt - k)
    if pt:
        return (f"Ficar com {k} {'carta' if k == 1 else 'cartas'} de correspondência"
                + (f" e devolver {back}" if back else ""))
    return f"Keep {k} mail {'card' if k == 1 else 'cards'}" + (f" and return {back}" if back else "")


def describe_played(s: "MilehollowRules", action: str, lang: str) -> str | None:
    """The drawer's own words once a blind draw is made (the table shows them to the actor only).

    ``deck``: the card it brought. ``mail``: the cards drawn, before the keep. Anything else says
    nothing more than :func:`describe` did before the move.
    """
    pt = lang == "pt"
    a = nt.parse(action)
    if isinstance(a, nt.Deck):
        turn = s.this_turn if s.this_turn is not None else s.last_turn
        draws = (turn or {}).get("draws") or []
        if not draws or draws[-1]["from"] != "deck" or draws[-1]["card"] is None:
            return None
        card = draws[-1]["card"]
        if card == "ox":
            return "Sacou um Boi do baralho" if pt else "Drew an Ox from the deck"
        return (f"Sacou uma carta {colour_word(card, lang)} do baralho" if pt else
                f"Drew a {colour_word(card, lang)} card from the deck")
    if isinstance(a, nt.MailDraw):
        seat = s.current
        drawn = s.pending[seat]
        if s.phase != "keep" or not drawn:
            return None
        names = "; ".join(mail_words(m, lang) for m in drawn)
        return (f"Sacou {len(drawn)} {'carta' if len(drawn) == 1 else 'cartas'} de correspondência: {names}" if pt
                else f"Drew {len(drawn)} mail {'card' if len(drawn) == 1 else 'cards'}: {names}")
    return None
