"""Wickerfair notation: every step of every decision as a short string, and its words in en and pt.

An action is ``head`` or ``head:arg`` or ``head:arg:arg2`` (``+wood`` adds to a mix). The grammar is
in :data:`GRAMMAR`; :func:`parse` and :func:`fmt` round-trip. Meaning depends on the decision kind
(``skip`` skips whatever is being decided), so :func:`describe` reads the position *before* the action.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from py_engine.core.game import ALL_SEATS

from . import kinds as K
from .data import (BOARD_BONUSES, BOTTOMS, CLAN_NAMES, HEX_INDEX, MAT_COLUMNS, MILL, MILL_INDEX, MISSIONS,
                   MISSION_INDEX, RES, RES_WORDS, STRUCTURE_NAMES, STRUCTURES, TERRAIN, TERRAIN_NAMES, UPGRADES,
                   UPGRADE_IDS, VISITORS, VISITOR_INDEX, WALKERS)
from .position import WickerfairPosition

_HEX = r"[A-G][1-7]"
_RESW = r"grain|wood|clay|wool"
_BOTTOMW = r"improve|erect|build|recruit"
#: head → the pattern of its argument(s).
ARGS = {
    "col": r"[1-5]", "show": r"M\d\d", "chaff": r"[2-5]", "unit": rf"H|W[1-4]|F@(?:home|{_HEX})",
    "load": rf"farmer|{_RESW}", "drop": rf"farmer|{_RESW}", "to": _HEX, "hex": _HEX, "at": _HEX, "first": _HEX,
    "trinket": rf"[2-5]:(?:{_RESW})", "pin": r"U[1-6]", "slot": _BOTTOMW, "helper": _BOTTOMW, "walker": r"W[1-4]",
    "structure": r"barn|well|watchtower|monument", "bonus": r"courage|coins|goodwill|cards", "dial": r"[0-7]",
    "card": r"[2-5]", "offer": r"[ABC]", "keep": r"V\d\d?|M\d\d", "mill": r"MC[1-8]",
}
WORDS = ("move", "coin", "harvest", "goods", "goodwill", "courage", "cards", "mill", "skip", "end", "back", "ok",
         "clear", "do", "pay", "none", "commit", "blank", "barn", "hide")
GRAMMAR = re.compile("|".join([rf"(?P<{h}>{h}:(?:{p}))" for h, p in ARGS.items()]
                              + [rf"(?P<word>{'|'.join(WORDS)})", rf"\+(?P<res>{_RESW})"]))


class Action(NamedTuple):
    head: str
    arg: str | None = None
    arg2: str | None = None


class BadNotation(ValueError):
    pass


def parse(text: str) -> Action:
    """Text → Action; raises BadNotation for anything outside the grammar."""
    if not isinstance(text, str):
        raise BadNotation("an action is a string")
    m = GRAMMAR.fullmatch(text)
    if not m:
        raise BadNotation(f"{text!r} is not a Wickerfair action")
    if m.group("word"):
        return Action(m.group("word"))
    if m.group("res"):
        return Action("+", m.group("res"))
    parts = text.split(":")
    return Action(parts[0], parts[1], parts[2] if len(parts) > 2 else None)


def fmt(a: Action) -> str:
    """Action → text (the inverse of :func:`parse`)."""
    if a.head == "+":
        return "+" + str(a.arg)
    return ":".join(x for x in (a.head, a.arg, a.arg2) if x is not None)


# --- words --------------------------------------------------------------------------------------------
W = {
    "en": {
        "col": "Choose column {n} ({top} / {bottom})", "col5": "Choose column 5, the mill card ({card})",
        "move": "Travel: move units", "coin": "Travel: gain 1 coin", "harvest": "Harvest",
        "goods": "Trade for resources", "goodwill": "Trade for goodwill", "courage": "Bolster: courage",
        "cards": "Bolster: courage cards", "mill": "Use the top of {card}", "chaff": "Chaff Fan: discard a {v} for courage",
        "skip_top": "Skip the top action", "skip_bottom": "Skip the bottom action", "skip": "Skip",
        "unit_H": "Pick the herald", "unit_W": "Pick the {name} walker", "unit_F": "Pick a farmer on {hex}",
        "unit_Fh": "Pick a farmer at home", "load_farmer": "Carry a farmer", "load": "Carry 1 {res}",
        "to": "Step to {hex} ({terrain})", "drop_farmer": "Drop a farmer", "drop": "Drop 1 {res}",
        "back": "Put the unit back", "end": "End the move", "hex": "Harvest {hex} ({terrain})",
        "barn": "Add the Barn's hex", "clear": "Clear the choice", "ok_harvest": "Confirm the Harvest",
        "ok_trade": "Confirm the trade", "ok": "Confirm", "add": "Add 1 {res}", "do": "Do {bottom}",
        "do_mill": "Do the bottom of {card}",
        "trinket": "Trinkets: discard a {v} instead of 1 {res}", "pay": "Pay with resources",
        "pin": "Take the pin from {u} ({space})", "slot": "Put it on {bottom}", "walker": "Erect {name}",
        "structure": "Build the {name}", "at": "on {hex}", "helper": "Place a helper on {bottom}",
        "bonus": "Claim the bonus: {text}", "first": "Resolve {hex} first", "dial": "Set the dial to {n}",
        "card": "Add a courage card of {v}", "clear_cards": "Take the cards back", "commit": "Commit",
        "blank": "Commit dial 0, no cards", "offer": "Take offer {x} of {card}: {text}", "none": "Take no offer",
        "keep_v": "Keep {card}", "keep_v_other": "Kept {card}; the other card goes to the bottom",
        "keep_m": "Keep the mission {name}", "keep_m_other": "Kept one mission", "mill_pick": "Take the mill card {card}",
        "show": "Show the mission {name}", "hide": "Do not show a mission", "hide_other": "Kept their missions hidden",
        "back_place": "Choose again", "bottoms": ("Improve", "Erect", "Build", "Recruit"),
        "tops": {"travel": "Travel", "harvest": "Harvest", "trade": "Trade", "bolster": "Bolster"},
        "home": "home",
    },
    "pt": {
        "col": "Escolher a coluna {n} ({top} / {bottom})", "col5": "Escolher a coluna 5, a carta de moinho ({card})",
        "move": "Viagem: andar", "coin": "Viagem: juntar 1 moeda", "harvest": "Colheita",
        "goods": "Troca: recursos", "goodwill": "Troca: boa vontade", "courage": "Reunir: coragem",
        "cards": "Reunir: cartas de coragem", "mill": "Usar a parte de cima de {card}",
        "chaff": "Abanador: descartar um {v} por coragem",
        "skip_top": "Pular a ação de cima", "skip_bottom": "Pular a ação de baixo", "skip": "Pular",
        "unit_H": "Escolher o arauto", "unit_W": "Escolher o andarilho {name}", "unit_F": "Escolher um lavrador em {hex}",
        "unit_Fh": "Escolher um lavrador em casa", "load_farmer": "Levar um lavrador", "load": "Levar 1 {res}",
        "to": "Passo para {hex} ({terrain})", "drop_farmer": "Deixar um lavrador", "drop": "Deixar 1 {res}",
        "back": "Desistir dessa peça", "end": "Terminar o deslocamento", "hex": "Colher em {hex} ({terrain})",
        "barn": "Incluir o hexágono do Celeiro", "clear": "Limpar a escolha", "ok_harvest": "Confirmar a colheita",
        "ok_trade": "Confirmar a troca", "ok": "Confirmar", "add": "Somar 1 {res}", "do": "Fazer {bottom}",
        "do_mill": "Fazer a parte de baixo de {card}",
        "trinket": "Bugigangas: descartar um {v} no lugar de 1 {res}", "pay": "Pagar com recursos",
        "pin": "Tirar o pino de {u} ({space})", "slot": "Colocá-lo em {bottom}", "walker": "Erguer {name}",
        "structure": "Construir: {name}", "at": "em {hex}", "helper": "Pôr um ajudante em {bottom}",
        "bonus": "Receber o bônus: {text}", "first": "Resolver {hex} primeiro", "dial": "Ajustar o marcador em {n}",
        "card": "Somar uma carta de coragem de {v}", "clear_cards": "Retirar as cartas", "commit": "Confirmar",
        "blank": "Confirmar marcador 0, sem cartas", "offer": "Aceitar a oferta {x} de {card}: {text}",
        "none": "Nenhuma oferta", "keep_v": "Ficar com {card}", "keep_v_other": "Ficou com {card}; a outra carta vai para o fundo",
        "keep_m": "Ficar com a missão {name}", "keep_m_other": "Ficou com uma missão",
        "mill_pick": "Ficar com a carta de moinho {card}", "show": "Mostrar a missão {name}",
        "hide": "Não mostrar missão", "hide_other": "Manteve as missões em segredo", "back_place": "Escolher de novo",
        "bottoms": ("Melhorar", "Erguer", "Construir", "Recrutar"),
        "tops": {"travel": "Viagem", "harvest": "Colheita", "trade": "Troca", "bolster": "Reunir"},
        "home": "casa",
    },
}
UPGRADE_PT = ("Viagem: peças movidas", "Colheita: campos escolhidos", "Troca: recursos ganhos",
              "Troca: boa vontade ganha", "Reunir: coragem ganha", "Reunir: cartas de coragem")
BONUS_PT = {"courage": "+2 de coragem", "coins": "+2 moedas", "goodwill": "+2 de boa vontade",
            "cards": "comprar 2 cartas de coragem"}


_FREE_PT = {"improve": "Melhorar", "erect": "Erguer", "build": "Construir", "recruit": "Recrutar"}


def offer_words(offer: dict, lang: str) -> str:
    """A visitor offer in words: the spec's text in English, built from its cost and gains in Portuguese."""
    if lang != "pt":
        return offer["text"]
    parts = []
    for what, n in offer["gain"].items():
        if what == "coins":
            parts.append(f"+{n} moeda" + ("s" if n > 1 else ""))
        elif what in ("goodwill", "courage"):
            parts.append(f"+{n} de {'boa vontade' if what == 'goodwill' else 'coragem'}")
        elif what == "cards":
            parts.append(f"compre {n} carta" + ("s" if n > 1 else ""))
        elif what in RES:
            parts.append(f"+{n} {RES_WORDS['pt'][RES.index(what)]}")
        elif what == "any":
            parts.append(f"+{n} recurso" + ("s" if n > 1 else "") + " (quaisquer)")
        elif what == "farmers":
            parts.append(f"{n} lavrador" + ("es" if n > 1 else ""))
        elif what == "free":
            parts.append(f"{_FREE_PT[n]} grátis")
        elif what == "fortune":
            parts.append(f"veja as {n['look']} missões do topo, fique com {n['keep']}, as outras vão para o fundo")
    text = ", ".join(parts)
    cost = offer["cost"]
    if "coins" in cost:
        text = f"pague {cost['coins']} moeda{'s' if cost['coins'] > 1 else ''}: " + text
    elif "goodwill" in cost:
        text = f"−{cost['goodwill']} de boa vontade: " + text
    return text


def _hexw(h: str, lang: str) -> dict[str, str]:
    return {"hex": h, "terrain": TERRAIN_NAMES[TERRAIN[HEX_INDEX[h]]][lang]}


def describe(s: "WickerfairPosition", action: str, lang: str = "en", viewer: int | str | None = ALL_SEATS) -> str:
    """``action`` in words, in the position before it is played, as ``viewer`` may read it."""
    lang = lang if lang in W else "en"
    w = W[lang]
    try:
        a = parse(action)
    except BadNotation:
        return action
    kind = s.dk
    actor = s.active if kind != K.COURAGE_COMMIT else None
    mine = viewer == ALL_SEATS or viewer == actor
    h, arg = a.head, a.arg
    c = s.clans[s.active]
    if h == "col":
        n = int(arg)
        if n == 5:
            return w["col5"].format(card=MILL[c.mill]["name"][lang] if c.mill >= 0 else "?")
        col = MAT_COLUMNS[c.mat][n - 1]
        return w["col"].format(n=n, top=w["tops"][col.top], bottom=w["bottoms"][col.b])
    if h in ("move", "coin", "harvest", "goods", "goodwill", "courage", "cards"):
        return w[h]
    if h == "mill":
        if kind == K.MILL_PICK:
            return w["mill_pick"].format(card=MILL[MILL_INDEX[arg]]["name"][lang])
        return w["mill"].format(card=MILL[c.mill]["name"][lang] if c.mill >= 0 else "?")
    if h == "chaff":
        return w["chaff"].format(v=arg)
    if h == "skip":
        if kind == K.TOP_OPTION or kind in (K.HARVEST_HEXES, K.TRADE_MIX):
            return w["skip_top"]
        if kind in (K.BOTTOM_DO, K.TRINKET) or kind in K.PLACEMENT:
            return w["skip_bottom"]
        return w["skip"]
    if h == "unit":
        if arg == "H":
            return w["unit_H"]
        if arg[0] == "W":
            return w["unit_W"].format(name=WALKERS[c.clan][int(arg[1]) - 1]["name"][lang])
        return w["unit_Fh"] if arg == "F@home" else w["unit_F"].format(hex=arg[2:])
    if h in ("load", "drop"):
        if arg == "farmer":
            return w[f"{h}_farmer"]
        return w[h].format(res=RES_WORDS[lang][RES.index(arg)])
    if h in ("to", "hex"):
        return w[h].format(**_hexw(arg, lang))
    if h == "+":
        return w["add"].format(res=RES_WORDS[lang][RES.index(arg)])
    if h == "ok":
        return w["ok_harvest"] if kind == K.HARVEST_HEXES else w["ok_trade"] if kind == K.TRADE_MIX else w["ok"]
    if h == "clear":
        return w["clear_cards"] if kind == K.COURAGE_COMMIT else w["clear"]
    if h == "do":
        b = s.ctx.get("bottom", "")
        names = dict(zip(BOTTOMS, w["bottoms"]))
        if b in names:
            return w["do"].format(bottom=names[b])
        return w["do_mill"].format(card=MILL[c.mill]["name"][lang] if c.mill >= 0 else "?")
    if h == "trinket":
        return w["trinket"].format(v=arg, res=RES_WORDS[lang][RES.index(a.arg2)])
    if h == "pin":
        u = UPGRADE_IDS.index(arg)
        return w["pin"].format(u=arg, space=UPGRADES[u]["space"] if lang == "en" else UPGRADE_PT[u])
    if h in ("slot", "helper"):
        return w[h].format(bottom=w["bottoms"][BOTTOMS.index(arg)])
    if h == "walker":
        return w["walker"].format(name=WALKERS[c.clan][int(arg[1]) - 1]["name"][lang])
    if h == "structure":
        return w["structure"].format(name=STRUCTURE_NAMES[lang][STRUCTURES.index(arg)])
    if h == "at":
        pick = s.ctx.get("pick")
        what = ""
        if kind == K.ERECT_PLACE and pick is not None:
            what = w["walker"].format(name=WALKERS[c.clan][pick]["name"][lang]) + " "
        elif kind == K.BUILD_PLACE and pick is not None:
            what = w["structure"].format(name=STRUCTURE_NAMES[lang][pick]) + " "
        return what + w["at"].format(hex=arg)
    if h == "bonus":
        text = next(b["text"] for b in BOARD_BONUSES if b["id"] == arg)
        return w["bonus"].format(text=text if lang == "en" else BONUS_PT[arg])
    if h == "first":
        return w["first"].format(hex=arg)
    if h in ("dial", "card"):
        return w[h].format(n=arg, v=arg)
    if h in ("commit", "blank", "none", "barn", "pay", "end"):
        return w[h]
    if h == "back":
        return w["back"] if kind == K.TRAVEL_UNIT else w["back_place"]
    if h == "offer":
        card = VISITORS[s.ctx["card"]]
        return w["offer"].format(x=arg, card=card["name"][lang], text=offer_words(card["offers"][arg], lang))
    if h == "keep":
        if arg.startswith("V"):
            name = VISITORS[VISITOR_INDEX[arg]]["name"][lang]
            return w["keep_v"].format(card=name) if mine else w["keep_v_other"].format(card=name)
        return w["keep_m"].format(name=MISSIONS[MISSION_INDEX[arg]]["name"][lang]) if mine else w["keep_m_other"]
    if h == "show":
        return w["show"].format(name=MISSIONS[MISSION_INDEX[arg]]["name"][lang])
    if h == "hide":
        return w["hide"] if mine else w["hide_other"]
    return action


def clan_word(clan: int, lang: str) -> str:
    return CLAN_NAMES["pt" if lang == "pt" else "en"][clan]


# --- why an action is refused ---------------------------------------------------------------------------
KIND_WORDS = {
    K.CHOOSE_COLUMN: "choosing a column", K.TOP_OPTION: "the top step", K.TRAVEL_UNIT: "a Travel",
    K.HARVEST_HEXES: "choosing Harvest hexes", K.TRADE_MIX: "choosing a resource mix", K.BOTTOM_DO: "the bottom step",
    K.IMPROVE_PIN: "an Improve", K.ERECT_PLACE: "an Erect", K.BUILD_PLACE: "a Build", K.RECRUIT_PICK: "a Recruit",
    K.TRINKET: "paying with Trinkets", K.CONFRONT_ORDER: "ordering confrontations", K.COURAGE_COMMIT: "a courage commit",
    K.VISITOR_OFFER: "a visitor's offers", K.SONGLINE_PICK: "a Songline pick", K.MISSION_KEEP: "a Fortune Teller pick",
    K.MILL_PICK: "a mill card pick", K.SHOW_MISSION: "a mission window",
}


def why_not(s: "WickerfairPosition", action: str, p: int) -> str:
    """A readable reason, naming the rule, why ``action`` is not legal for seat ``p`` now."""
    try:
        return _why_not(s, action, p)
    except (ValueError, KeyError, IndexError, TypeError):
        return f"{action!r} is not a choice in {KIND_WORDS.get(s.dk, s.dk)} now"


def _why_not(s: "WickerfairPosition", action: str, p: int) -> str:
    try:
        a = parse(action)
    except BadNotation as e:
        return str(e)
    kind = s.dk
    legal = s.legal_actions(p)
    hint = f" (legal now: {', '.join(legal[:8])}{', …' if len(legal) > 8 else ''})"
    c = s.clans[p]
    if a.head == "col" and kind == K.CHOOSE_COLUMN:
        n = int(a.arg)
        if n == c.last_col:
            return f"column {n} was chosen on your previous turn; never the same column twice in a row (§5.1)"
        if n == 5:
            return "column 5 is a mill card taken before this turn (§7.2)"
    if a.head == "to" and kind == K.TRAVEL_UNIT:
        return (f"the unit cannot step to {a.arg}: a stream, a lake, a home, another clan's hex (farmers), "
                f"a carrying walker on a lake, or out of reach (§6.1–6.3){hint}")
    if kind == K.TOP_OPTION and a.head in ("goods", "goodwill", "courage", "cards") and c.coins < 1:
        return f"{action} costs 1 coin and you have none (§5.4, §5.5){hint}"
    if kind == K.TOP_OPTION and a.head == "harvest":
        return f"Harvest needs a hex you control with your farmers and its full cost (§5.3){hint}"
    if kind == K.COURAGE_COMMIT and a.head == "dial":
        return f"the dial goes from 0 to min(7, your courage) = {s.dial_max(p)} (§6.5){hint}"
    if kind == K.COURAGE_COMMIT and a.head == "card":
        return f"you may add only cards you hold, one per herald or walker of yours on the hex (§6.5){hint}"
    if kind == K.VISITOR_OFFER and a.head == "offer":
        return f"offer {a.arg} cannot be paid in full or its free action is not possible now (§7.1){hint}"
    return f"{action} is not a choice in {KIND_WORDS.get(kind, kind)} now{hint}"
