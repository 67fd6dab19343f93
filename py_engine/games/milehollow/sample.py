"""A Milehollow position from one seat's observation (``Game.sample_state``).

Copied from the observation: the row, the discards, roads, markers, points, the turn, every count,
the cards everyone saw each seat take from the row, and the seat's own hand and mail. Drawn afresh
from the stream, the way :func:`view.resample_hidden` redraws a true position:

* wagon cards nobody has seen (the 110 less the row, the discards, the seat's own hand and every
  card seen taken into another hand) are shuffled and dealt into the deck and into the unseen part
  of every other hand, in the observed sizes;
* mail cards the seat has not seen (the 30 less its own, and less the ones it returned and so knows
  the place of) go into the unknown places of the mail deck and every other seat's held, drawn and
  returning mail; at the end of the game the held mail is public and copied.

The position's later reshuffles draw from a seed taken from the stream, never from the table's.
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Chance, Stream

from .data import CARD_INDEX, MAIL_INDEX, NCARD, NROADS, ROAD_INDEX, WAGON_COUNTS, mail_list
from .rules import OVER, SETUP_KEEP, copy_turn
from .state import MilehollowState


def _counts(cards: dict[str, int]) -> list[int]:
    out = [0] * NCARD
    for name, k in cards.items():
        out[CARD_INDEX[name]] = k
    return out


def sample_state(obs: dict[str, Any], seat: int, stream: Stream) -> MilehollowState:
    n = obs["players"]
    s = MilehollowState.__new__(MilehollowState)
    s.num_players = n
    s.chance = Chance(stream.read(32).hex())
    s.first = obs["first"]
    s.row = [CARD_INDEX[c] if c is not None else -1 for c in obs["row"]]
    s.discards = _counts(obs["discards"])
    s.seen = [_counts(k) for k in obs["known_cards"]]
    s.reshuffles = obs["reshuffles"]
    others = [p for p in range(n) if p != seat]
    # wagon cards
    own = _counts(obs["hand"])
    pool: list[int] = []
    for c in range(NCARD):
        k = WAGON_COUNTS[c] - s.discards[c] - s.row.count(c) - own[c] - sum(s.seen[p][c] for p in others)
        if k < 0:
            raise ValueError("the observation shows more wagon cards than the game has")
        pool += [c] * k
    stream.shuffle(pool)
    s.deck = pool[:obs["deck"]]
    at = obs["deck"]
    s.hands = [[0] * NCARD for _ in range(n)]
    s.hands[seat] = own
    for p in others:
        hand = s.seen[p][:]
        free = obs["hand_counts"][p] - sum(hand)
        for c in pool[at:at + free]:
            hand[c] += 1
        at += free
        s.hands[p] = hand
    if at != len(pool):
        raise ValueError("the observation's wagon counts do not add up")
    # mail
    size = obs["mail_deck"]
    known = {i: MAIL_INDEX[m] for i, m in obs["mail_deck_known"]}
    s.mail = [[] for _ in range(n)]
    s.pending = [[] for _ in range(n)]
    s.returning = [[] for _ in range(n)]
    s.mail[seat] = [MAIL_INDEX[m] for m in obs["mail"]]
    s.pending[seat] = [MAIL_INDEX[m] for m in obs["pending"]]
    s.returning[seat] = [MAIL_INDEX[m] for m in obs["returning"]]
    public = obs["phase"] == OVER and "mails" in obs
    if public:
        for p in others:
            s.mail[p] = [MAIL_INDEX[m] for m in obs["mails"][p]]
    seen_mail = set(known.values()) | {m for p in range(n) for m in s.mail[p]} | set(s.pending[seat]) \
        | set(s.returning[seat])
    mpool = [m for m in mail_list() if m not in seen_mail]
    stream.shuffle(mpool)
    s.mail_deck = [known.get(i, -1) for i in range(size)]
    s.mail_from = [seat if i in known else -1 for i in range(size)]
    for i in range(size):
        if s.mail_deck[i] < 0:
            s.mail_deck[i] = mpool.pop()
    for p in others:
        if not public:
            s.mail[p] = [mpool.pop() for _ in range(obs["mail_counts"][p])]
        s.pending[p] = [mpool.pop() for _ in range(obs["pending_counts"][p])]
        s.returning[p] = [mpool.pop() for _ in range(obs["returning_counts"][p])]
    if mpool:
        raise ValueError("the observation's mail counts do not add up")
    # the board and the turn
    s.markers = list(obs["markers"])
    s.owner = [-1] * NROADS
    s.paved = [[] for _ in range(n)]
    for road_id, p in obs["roads"].items():
        s.owner[ROAD_INDEX[road_id]] = p
    for r in range(NROADS):
        if s.owner[r] >= 0:
            s.paved[s.owner[r]].append(r)
    s.points = list(obs["points"])
    s.phase = obs["phase"]
    s.current = obs["current"] if obs["current"] is not None else s.first
    last = obs["last_round"]
    s.end_by, s.end_left = (-1, -1) if last is None else (last["by"], last["turns_left"])
    s.passes, s.turns, s.n_actions = obs["passes"], obs["turns"], obs["actions"]
    s.events = []
    s.this_turn = copy_turn(obs["this_turn"])
    s.last_turn = copy_turn(obs["last_turn"])
    s.timer_draw = False
    s.final = obs.get("final")
    if s.phase == SETUP_KEEP:
        s.current = s.first
    return s


__all__ = ["sample_state"]
