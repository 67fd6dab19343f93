"""Positions from JSON, for lessons (``lessons.json``) and tests.

A position names the clans and mats per seat, may order the decks, sets any seat's pieces and tracks,
lays resources and visitor tokens, and then plays ``actions`` from the start of the first clan's turn
to reach the decision the lesson is about::

    {"clans": ["Herons", "Badgers"], "mats": [2, 4],
     "seats": [{"herald": "B2", "walkers": {"W1": "B2"}, "farmers": {"B2": 2}, "courage": 5, "hand": [3, 4]}],
     "res": {"B2": [0, 2, 0, 0]}, "tokens": ["B4"], "visitors": ["V7"], "mill": ["MC3", "MC5"],
     "prize": "T1", "courage_deck": [5, 2], "missions": ["M05"], "day": 3, "actions": ["col:1", "move"]}

Unnamed decks keep the card-list order of cards.json; seats not listed keep their setup pieces.
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Chance

from .clan import HOME, UNBUILT, UNERECTED
from .data import (CLAN_INDEX, COURAGE_DECK, HEX_INDEX, MILL_IDS, MILL_INDEX, MISSION_IDS, MISSION_INDEX, N_HEX,
                   PRIZE_IDS, RES_INDEX, STRUCTURE_INDEX, VISITOR_IDS, VISITOR_INDEX, BOTTOM_INDEX, UPGRADE_IDS)
from .state import WickerfairState


def _where(v: Any) -> int:
    if v is None:
        return UNERECTED
    return HOME if v == "home" else HEX_INDEX[v]


def _deck(names: list[str] | None, ids: tuple[str, ...], index: dict[str, int]) -> list[int]:
    """The named cards first (in that order), then the rest in card-list order."""
    first = [index[x] for x in (names or [])]
    return first + [i for i in range(len(ids)) if i not in first]


def build_position(n: int, options: dict[str, Any], position: dict[str, Any], chance: Chance) -> Any:
    clans = [CLAN_INDEX[c] for c in position.get("clans", ["Herons", "Hares", "Badgers", "Wrens", "Magpies"][:n])]
    mats = [m - 1 for m in position.get("mats", list(range(1, n + 1)))]
    courage = list(position.get("courage_deck", []))
    rest = list(COURAGE_DECK)
    for v in courage:
        rest.remove(v)
    s = WickerfairState.from_parts(
        n, dict(options, **position.get("options", {})), chance, clans, mats,
        _deck(position.get("visitors"), VISITOR_IDS, VISITOR_INDEX),
        _deck(position.get("mill"), MILL_IDS, MILL_INDEX),
        _deck([position["prize"]] if "prize" in position else None, PRIZE_IDS, {p: i for i, p in enumerate(PRIZE_IDS)}),
        courage + sorted(rest, reverse=True),
        _deck(position.get("missions"), MISSION_IDS, MISSION_INDEX))
    for p, spec in enumerate(position.get("seats", [])):
        _seat(s, s.clans[p], spec or {})
    if "res" in position:
        s.res = [0] * (4 * N_HEX)
        for h, r in position["res"].items():
            s.res[4 * HEX_INDEX[h]:4 * HEX_INDEX[h] + 4] = list(r)
    if "tokens" in position:
        s.tokens = [False] * N_HEX
        for h in position["tokens"]:
            s.tokens[HEX_INDEX[h]] = True
    s.day = position.get("day", s.day)
    s._touch()
    for action in position.get("actions", []):
        # an action, or [seat, action] for one side of a simultaneous decision
        seat, action = (action[0], action[1]) if isinstance(action, list) else (s.dplayers[0], action)
        s.apply_action(action, seat)
    return s


def _seat(s: Any, c: Any, spec: dict[str, Any]) -> None:
    if "herald" in spec:
        c.herald = _where(spec["herald"])
    if "walkers" in spec:
        c.walkers = [UNERECTED] * 4
        for key, where in spec["walkers"].items():
            c.walkers[int(key[1]) - 1] = _where(where)
    if "farmers" in spec:
        c.farmers = [0] * N_HEX
        for h, k in spec["farmers"].items():
            c.farmers[HEX_INDEX[h]] = k
        c.home_farmers = spec.get("home_farmers", 0)
        c.supply = 8 - sum(c.farmers) - c.home_farmers
    if "structures" in spec:
        c.structures = [UNBUILT] * 4
        for name, where in spec["structures"].items():
            c.structures[STRUCTURE_INDEX[name]] = HEX_INDEX[where]
    for key in ("goodwill", "courage", "coins", "last_col", "mill_visited"):
        if key in spec:
            setattr(c, key, spec[key])
    if "home" in spec:
        c.home = [spec["home"].get(r, 0) for r in RES_INDEX] if isinstance(spec["home"], dict) else list(spec["home"])
    if "hand" in spec:
        for v in c.hand:
            s.courage_deck.append(v)
        c.hand, c.hand_seen = [], []
        for v in spec["hand"]:
            if v in s.courage_deck:
                s.courage_deck.remove(v)
            c.add_card(v, 1 << c.seat)
    if "missions" in spec:
        s.mission_deck += c.missions
        s.mission_seen += [0] * len(c.missions)
        c.missions = []
        for m in spec["missions"]:
            i = MISSION_INDEX[m]
            if i in s.mission_deck:
                k = s.mission_deck.index(i)
                del s.mission_deck[k]
                del s.mission_seen[k]
            c.missions.append(i)
    if "helpers" in spec:
        c.helpers = [b in spec["helpers"] for b in BOTTOM_INDEX]
    if "pins" in spec:                      # upgrade spaces whose pin has moved, and where to
        for u, b in spec["pins"].items():
            c.covered[UPGRADE_IDS.index(u)] = False
            c.slots[BOTTOM_INDEX[b]] += 1
    if "ribbons" in spec:
        c.ribbons = list(spec["ribbons"])
    if "mill" in spec:
        c.mill = MILL_INDEX[spec["mill"]]
        c.mill_ready = True
        c.mill_visited = True
        if c.mill in s.mill_pile:
            s.mill_pile.remove(c.mill)
    if "visitors" in spec:
        c.visitors = [VISITOR_INDEX[v] for v in spec["visitors"]]


def lesson_state(n: int, options: dict[str, Any], position: dict[str, Any], chance: Chance) -> Any:
    return build_position(n, options, position, chance)


def lesson_check(s: Any, name: str, action: str, before: Any) -> bool:
    """Goals that are not "play one of these actions".

    ``ribbon:<id>``: a clan placed that ribbon with this action. ``won``: the learner's last
    confrontation was won by the clan that just acted (checked after the reveal).
    """
    if name.startswith("ribbon:"):
        rid = name[7:]
        return any(c.ribbons.count(rid) > b.ribbons.count(rid) for c, b in zip(s.clans, before.clans))
    if name == "won":
        r = s.last_confront
        return r is not None and r is not before.last_confront and r["winner"] == before.active
    raise ValueError(f"unknown lesson check {name!r}")
