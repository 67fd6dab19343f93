"""What a Hollowmere renderer draws besides the observation: where the tile in hand may go and the
Wardens it may take there, the last tile laid, the score sheet's columns and the ending's words."""
from __future__ import annotations

from typing import Any

from .data import TYPES
from .valley import xy

SHEET_KEYS = ("burgh", "trail", "shrine", "aquifer", "meadow", "boost")
SHEET_LABELS = {
    "wardens": {"en": "Wardens left", "pt": "Guardiões livres"},
    "burgh": {"en": "Burghs", "pt": "Burgos"},
    "trail": {"en": "Trails", "pt": "Trilhas"},
    "shrine": {"en": "Shrines", "pt": "Santuários"},
    "aquifer": {"en": "Aquifers", "pt": "Aquíferos"},
    "meadow": {"en": "Meadows", "pt": "Prados"},
    "boost": {"en": "Mountain boost", "pt": "Bônus de montanha"},
}
ENDING = {
    "en": "The supply is empty, so the game is over: every aquifer and every feature with a Warden that had "
          "not scored yet scored at the end, unfinished burghs, trails and shrines at the reduced rate.",
    "pt": "A reserva acabou, então o jogo terminou: todo aquífero e toda construção com Guardião que ainda não "
          "tinha pontuado pontuou no fim, e burgos, trilhas e santuários inacabados, com valor reduzido.",
}
ENDING_MEADOWS = {
    "en": " Each meadow with a Grazier scored 3 for every completed burgh it touches.",
    "pt": " Cada prado com Pastor marcou 3 por burgo concluído que ele toca.",
}


def view(state: Any, player: int | None) -> dict[str, Any]:
    """The observation plus, for the seat to act, where the tile in hand may go.

    ``placements`` lists each distinct (x, y, r) and the region ids a Warden may take
    there, so a renderer can highlight cells and offer Wardens without knowing a rule.
    """
    out = state.observation(player)
    out["placements"] = []
    out["can_veil"] = False
    if player is not None and not state.over and player == state.current:
        for c, r in state.placements():
            x, y = xy(c)
            p = state.hand * 4 + r
            regs = TYPES[state.hand].regions
            out["placements"].append({
                "x": x, "y": y, "r": r,
                "wardens": [regs[ri].id for ri in state.valley.warden_options(c, p, player)],
            })
        out["can_veil"] = state.can_veil(player)
    if state.valley.lays:
        c, p, seat, _ri = state.valley.lays[-1]
        x, y = xy(c)
        out["last"] = {"x": x, "y": y}
    out["sheet"] = sheet(state)
    if state.over:
        meadows = state.options.get("meadows")
        out["ending"] = {lang: ENDING[lang] + (ENDING_MEADOWS[lang] if meadows else "") for lang in ENDING}
    return out

def sheet(state: Any) -> dict[str, Any]:
    """The score sheet's extra columns: Wardens left during play; at the end, each seat's
    points by what scored them (from the score events, so the columns add up to the score),
    one column for each kind of feature that scored for someone, and the mountain boost."""
    if not state.over:
        return {"columns": [{"key": "wardens", "label": dict(SHEET_LABELS["wardens"])}],
                "rows": [{"seat": s, "values": {"wardens": state.valley.wardens_left[s]}}
                         for s in range(state.num_players)]}
    points = [dict.fromkeys(SHEET_KEYS, 0) for _ in range(state.num_players)]
    for ev in state.valley.events:
        if ev.get("kind") != "score":
            continue
        for s in ev["scorers"]:
            points[s][ev["feature"]] += ev["value"]
            points[s]["boost"] += ev["boost"]
    # Only what scored for someone: a phone's sheet has no room for columns of zeros.
    keys = [k for k in SHEET_KEYS if any(p[k] for p in points)]
    return {"columns": [{"key": k, "label": dict(SHEET_LABELS[k])} for k in keys],
            "rows": [{"seat": s, "values": {k: points[s][k] for k in keys}} for s in range(state.num_players)]}
