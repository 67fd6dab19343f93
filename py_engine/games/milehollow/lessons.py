"""Lesson positions (lessons.json) and the goals a lesson step can check.

A position is the middle of a game, at the start of a turn:

    {"first": 0, "current": 0,
     "hands": [{"lemon": 2, "ox": 1}, {...}],          every seat, card name -> count
     "row": ["lemon", "teal", "ox", "coal", "moss"],   slots 1-5 (null: empty)
     "deck_top": ["crimson", ...],                     optional: the next cards of the deck, top first
     "discards": {"plum": 2},                          optional
     "mail": [["m02"], ["m10", "m21"]],                each seat's kept mail
     "mail_top": ["m05"],                              optional: the next mail cards, top first
     "roads": {"azenha-ponte": 0},                     paved roads and their owners
     "markers": [4, 45]}                               optional: markers left (default 45 − paved slabs)

The rest of the wagon cards are shuffled under ``deck_top`` with ``chance.stream("lesson/deck")`` and
the rest of the mail under ``mail_top`` with ``chance.stream("lesson/mail")``, in card and id order
first; a lesson's seed is fixed (core/lessons.py), so a lesson always plays the same.
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Chance
from py_engine.core.game import IllegalAction

from .data import (CARD_INDEX, GREY, MAIL_INDEX, NCARD, ROAD_INDEX, ROAD_POINTS, ROADS, SETUP,
                    WAGON_COUNTS)
from .scoring import delivered
from .rules import TURN
from .state import MilehollowState


def _counts(data: dict[str, int], where: str) -> list[int]:
    out = [0] * NCARD
    for name, k in (data or {}).items():
        if name not in CARD_INDEX or not isinstance(k, int) or k < 0:
            raise IllegalAction(f"lesson position: {where} has a bad entry {name!r}: {k!r}")
        out[CARD_INDEX[name]] += k
    return out


def lesson_state(num_players: int, options: dict[str, Any], position: dict[str, Any], chance: Chance) -> MilehollowState:
    n = num_players
    s = MilehollowState.__new__(MilehollowState)
    hands = [_counts(h, f"hand {i + 1}") for i, h in enumerate(position["hands"])]
    if len(hands) != n:
        raise IllegalAction("lesson position: one hand per seat")
    row = [CARD_INDEX[c] if c is not None else -1 for c in position["row"]]
    discards = _counts(position.get("discards", {}), "discards")
    top = [CARD_INDEX[c] for c in position.get("deck_top", [])]
    left = list(WAGON_COUNTS)
    for cards in hands + [discards]:
        for c in range(NCARD):
            left[c] -= cards[c]
    for c in row + top:
        if c >= 0:
            left[c] -= 1
    if min(left) < 0:
        raise IllegalAction("lesson position: more wagon cards of a kind than the game has")
    rest = [c for c in range(NCARD) for _ in range(left[c])]
    chance.stream("lesson/deck").shuffle(rest)
    mail = [[MAIL_INDEX[m] for m in ms] for ms in position["mail"]]
    mail_top = [MAIL_INDEX[m] for m in position.get("mail_top", [])]
    used = {m for ms in mail for m in ms} | set(mail_top)
    mail_rest = [m for m in range(len(MAIL_INDEX)) if m not in used]
    chance.stream("lesson/mail").shuffle(mail_rest)
    owner = [-1] * len(ROADS)
    paved: list[list[int]] = [[] for _ in range(n)]
    for rid, seat in position.get("roads", {}).items():
        owner[ROAD_INDEX[rid]] = seat
        paved[seat].append(ROAD_INDEX[rid])
    s.num_players, s.chance = n, chance
    s.first = position.get("first", 0)
    s.deck = (top + rest)[::-1]
    s.discards, s.row = discards, row
    s.hands = hands
    s.seen = [[0] * NCARD for _ in range(n)]
    s.reshuffles = 0
    s.mail_deck = mail_top + mail_rest
    s.mail_from = [-1] * len(s.mail_deck)
    s.mail = mail
    s.pending = [[] for _ in range(n)]
    s.returning = [[] for _ in range(n)]
    s.owner, s.paved = owner, paved
    s.markers = position.get("markers") or [SETUP["markers"] - sum(ROADS[r].len for r in paved[p]) for p in range(n)]
    s.points = [sum(ROAD_POINTS[ROADS[r].len] for r in paved[p]) for p in range(n)]
    s.phase, s.current = TURN, position.get("current", s.first)
    s.end_left, s.end_by, s.passes, s.turns, s.n_actions = -1, -1, 0, 0, 0
    s.events, s.this_turn, s.last_turn, s.final = [], None, None, None
    s.timer_draw = False
    return s


def _paved(state: MilehollowState, before: MilehollowState) -> int:
    """The road the last action paved, or -1."""
    for r in range(len(ROADS)):
        if state.owner[r] >= 0 and before.owner[r] < 0:
            return r
    return -1


def lesson_check(state: MilehollowState, name: str, action: str, before: MilehollowState) -> bool:
    seat = before.current
    if name == "paved-grey":
        r = _paved(state, before)
        return r >= 0 and ROADS[r].colour == GREY
    if name == "paved-double":
        r = _paved(state, before)
        return r >= 0 and ROADS[r].twin >= 0
    if name == "delivered":
        return sum(delivered(state.paved[seat], state.mail[seat])) > sum(delivered(before.paved[seat],
                                                                                  before.mail[seat]))
    if name == "last-round":
        return before.end_by < 0 and state.end_by == seat
    if name == "game-over":
        return state.is_terminal()
    raise IllegalAction(f"no lesson goal called {name!r}")
