"""A playable position rebuilt from one seat's observation, for the bots to think with.

Everything the seat may see is copied; what it may not see is filled with stand-ins (other hands are
cards of the deck's average, decks hold cards nobody has been seen holding). The result is never used
to decide what is legal at the real table, only to try the seat's own steps and judge their outcome.
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Chance

from . import kinds as K
from .clan import HOME, UNBUILT, UNERECTED, Clan
from .data import (CLAN_INDEX, HEX_INDEX, MILL_INDEX, MISSION_INDEX, MISSION_IDS, N_HEX, PRIZE_IDS,
                   VISITOR_IDS, VISITOR_INDEX, MILL_IDS)
from .observe import ctx_from_json
from .state import WickerfairState

_CHANCE = Chance("5" * 64)       # the bots' stand-in for future draws (never the table's)


def _pos(v: Any) -> int:
    if v is None:
        return UNERECTED
    return HOME if v == "home" else HEX_INDEX[v]


def rebuild(obs: dict[str, Any]) -> Any:
    me = obs["viewer"]
    s = WickerfairState.__new__(WickerfairState)
    n = obs["players"]
    s.num_players, s.options, s.chance = n, ({"last_day": obs["last_day"]}), _CHANCE.clone()
    known_missions: set[int] = set()
    s.clans = []
    for co in obs["clans"]:
        c = Clan.__new__(Clan)
        c.seat, c.clan, c.mat = co["seat"], CLAN_INDEX[co["clan"]], co["mat"] - 1
        c.herald = _pos(co["herald"])
        c.walkers = [_pos(w) for w in co["walkers"]]
        c.farmers = [0] * N_HEX
        for h, k in co["farmers"].items():
            c.farmers[HEX_INDEX[h]] = k
        c.home_farmers, c.supply = co["home_farmers"], co["supply"]
        c.structures = [HEX_INDEX[h] if h else UNBUILT for h in co["structures"]]
        c.helpers, c.bonuses, c.covered, c.slots = co["helpers"][:], co["bonuses"][:], co["pins"][:], co["slots"][:]
        c.goodwill, c.courage, c.coins, c.home = co["goodwill"], co["courage"], co["coins"], co["home"][:]
        if "hand" in co:
            c.hand = co["hand"][:]
            c.missions = [MISSION_INDEX[m] for m in co["mission_list"]]
            c.missions_gone = [MISSION_INDEX[m] for m in co["missions_gone_list"]]
            known_missions.update(c.missions + c.missions_gone)
        else:
            known = co.get("hand_known", [])
            c.hand, c.hand_seen = [], []
            for v in known:
                c.add_card(v, (1 << c.seat) | (1 << me))
            for _ in range(co["hand_size"] - len(known)):
                c.add_card(3, 1 << c.seat)
            c.missions, c.missions_gone = [-1] * co["missions"], [-1] * co["missions_gone"]
        if "hand" in co:
            c.hand_seen = [1 << c.seat] * len(c.hand)
        c.shown = MISSION_INDEX[co["shown"]] if co["shown"] else -1
        if c.shown >= 0:
            known_missions.add(c.shown)
        c.visitors = [VISITOR_INDEX[v] for v in co["visitors"]]
        c.mill = MILL_INDEX[co["mill"]] if co["mill"] else -1
        c.mill_ready, c.mill_visited = co["mill_ready"], co["mill_visited"]
        c.ribbons, c.last_col = co["ribbons"][:], co["last_col"]
        s.clans.append(c)
    unknown_m = [m for m in range(len(MISSION_IDS)) if m not in known_missions]
    for c in s.clans:
        c.missions = [m if m >= 0 else unknown_m[0] for m in c.missions]
        c.missions_gone = [m if m >= 0 else unknown_m[0] for m in c.missions_gone]
    s.order = tuple(obs["order"])
    s.res = [0] * (4 * N_HEX)
    for h, r in obs["res"].items():
        s.res[4 * HEX_INDEX[h]:4 * HEX_INDEX[h] + 4] = r
    s.tokens = [False] * N_HEX
    for h in obs["tokens"]:
        s.tokens[HEX_INDEX[h]] = True
    decks = obs["decks"]
    kept = {v for c in s.clans for v in c.visitors}
    s.visitor_deck = [v for v in range(len(VISITOR_IDS)) if v not in kept][:decks["visitors"]]
    s.visitor_seen = [0] * len(s.visitor_deck)
    s.mill_seen = 0
    if "mill_pile" in obs:
        s.mill_pile = [MILL_INDEX[m] for m in obs["mill_pile"]]
        s.mill_seen = 1 << me
    else:
        taken = {c.mill for c in s.clans}
        s.mill_pile = [m for m in range(len(MILL_IDS)) if m not in taken][:decks["mill_pile"]]
    s.mill_aside = []
    s.prize, s.prize_aside = PRIZE_IDS.index(obs["prize"]), []
    s.courage_deck, s.courage_discard = [3] * decks["courage"], decks["discard"][:]
    s.mission_deck = [unknown_m[0]] * decks["missions"]
    s.mission_seen = [0] * decks["missions"]
    s.day, s.turn_no, s.active, s.col = obs["day"], obs["turn"], obs["active"], obs["column"]
    s.pos = s.order.index(s.active)
    s.tasks = [tuple(t) for t in obs["tasks"]]
    d = obs["decision"]
    s.n_actions = 0
    if d is None:
        s.dk, s.ctx, s.dplayers, s.since = None, {}, (), 0
    else:
        s.dk, s.dplayers, s.since = d["kind"], tuple(d["players"]), d["since"]
        # The count goes on from the real one where the observation says it (the viewer's own decision),
        # so a decision the viewer's next step asks has the ``since`` the real position gives it.
        s.n_actions = s.since + (d.get("steps") or 0)
        s.ctx = _ctx(d["kind"], obs["ctx"], me)
    s.choice, s._stepping = s.since, None
    s.herald_moved, s.trinket_used = obs["herald_moved"], obs["trinket_used"]
    s.over, s.end_reason, s.final = obs["over"], obs["end_reason"], None
    s.events, s.last_confront = [], obs["last_confront"]
    s.last_base = obs.get("last")
    s._occ = s._own = None
    return s


def _ctx(kind: str, co: dict[str, Any], me: Any) -> dict[str, Any]:
    if kind == K.COURAGE_COMMIT:
        draft = co.get("draft", {})
        mine = {int(q): (d["dial"], tuple(d["cards"])) for q, d in draft.items()}
        sides = (co["starter"], co["defender"])
        return {"hex": HEX_INDEX[co["hex"]], "starter": co["starter"], "defender": co["defender"], "steps": 0,
                "draft": tuple((q, mine.get(q, (0, ()))) for q in sides),
                "done": tuple((q, mine.get(q, (0, ()))) for q in co["done"])}
    if kind == K.SONGLINE_PICK:
        return {"cards": tuple(VISITOR_INDEX[v] for v in co.get("cards", []))}
    if kind == K.MISSION_KEEP:
        return {"cards": tuple(MISSION_INDEX[m] for m in co.get("cards", []))}
    if kind == K.SHOW_MISSION:
        return {"met": tuple(MISSION_INDEX[m] for m in co.get("met", []))}
    return {k: ctx_from_json(k, v) for k, v in co.items()}


__all__ = ["rebuild"]
