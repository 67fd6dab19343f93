"""What each seat may see: observations, the renderer's view, events, and hidden-card resampling.

Public: the row, how many cards each hand holds and which of them everyone saw taken from the row,
the deck and mail-deck sizes, the discards, roads, markers, points, how many mail cards each seat
holds. Private: a hand, a seat's mail (until the game ends, when the scoring shows it), the order of
both decks. A seat also knows where the mail cards it returned lie in the mail deck.
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Stream
from py_engine.core.game import ALL_SEATS

from .data import CARD_NAMES, MAILS, NCARD, NROADS, OX, ROADS, SPEC_VERSION, TOWNS
from .notation import cards_text
from .scoring import delivered
from .rules import MilehollowRules
from .data import ROAD_POINTS


ROW = 5


def _cards(counts: list[int]) -> dict[str, int]:
    return {CARD_NAMES[c]: k for c, k in enumerate(counts) if k}


def _mail_ids(cards: list[int]) -> list[str]:
    return [MAILS[m].id for m in cards]


def _seat(viewer: int | str | None) -> int | None:
    return viewer if isinstance(viewer, int) and not isinstance(viewer, bool) else None


def mask_turn(turn: dict[str, Any] | None, viewer: int | str | None) -> dict[str, Any] | None:
    """A turn as ``viewer`` may read it: a card drawn blind is named only for its drawer."""
    if turn is None:
        return None
    out = dict(turn)
    if "draws" in out:
        out["draws"] = [d if d["from"] == "row" or viewer == ALL_SEATS or viewer == turn["seat"]
                        else {"from": "deck", "card": None} for d in out["draws"]]
    return out


def mask_event(e: dict[str, Any], viewer: int | str | None) -> dict[str, Any]:
    """Events name a blind card, drawn mail or kept mail only for their seat (and for a finished game's replay)."""
    if e["kind"] in ("deck", "mail", "keep") and viewer != ALL_SEATS and viewer != e["seat"]:
        e = dict(e)
        e["card" if e["kind"] == "deck" else "cards"] = None
    return e


def observation(s: "MilehollowRules", viewer: int | str | None) -> dict[str, Any]:
    n = s.num_players
    d = s.decision()
    over = s.phase == "over"
    obs: dict[str, Any] = {
        "game": "milehollow",
        "spec_version": SPEC_VERSION,
        "players": n,
        "viewer": viewer,
        "first": s.first,
        "phase": s.phase,
        "decision": d.kind if d else None,
        "to_act": list(d.players) if d else [],
        "current": None if over or s.phase == "keep-deal" else s.current,
        "turns": s.turns,
        "actions": s.n_actions,
        "row": [CARD_NAMES[c] if c >= 0 else None for c in s.row],
        "deck": len(s.deck),
        "discards": _cards(s.discards),
        "reshuffles": s.reshuffles,
        "mail_deck": len(s.mail_deck),
        "hand_counts": [sum(h) for h in s.hands],
        "known_cards": [_cards(h) for h in s.seen],
        "markers": s.markers[:],
        "points": s.points[:],
        "scores": s.scores(),
        "roads": {ROADS[r].id: s.owner[r] for r in range(NROADS) if s.owner[r] >= 0},
        "mail_counts": [len(m) for m in s.mail],
        "pending_counts": [len(m) for m in s.pending],
        "returning_counts": [len(m) for m in s.returning],
        "last_round": None if s.end_by < 0 else {"by": s.end_by, "turns_left": max(0, s.end_left)},
        "passes": s.passes,
        "this_turn": mask_turn(s.this_turn, viewer),
        "last_turn": mask_turn(s.last_turn, viewer),
        "terminal": over,
    }
    seat = _seat(viewer)
    if seat is not None:
        obs["hand"] = _cards(s.hands[seat])
        obs["mail"] = _mail_ids(s.mail[seat])
        obs["pending"] = _mail_ids(s.pending[seat])
        obs["returning"] = _mail_ids(s.returning[seat])
        obs["mail_deck_known"] = [[i, MAILS[m].id] for i, (m, who) in enumerate(zip(s.mail_deck, s.mail_from))
                                  if who == seat]
        obs["keep_min"] = s.keep_min() if s.pending[seat] else 0
    if viewer == ALL_SEATS:
        obs["hands"] = [_cards(h) for h in s.hands]
        obs["mails"] = [_mail_ids(m) for m in s.mail]
        obs["pendings"] = [_mail_ids(m) for m in s.pending]
        obs["returnings"] = [_mail_ids(m) for m in s.returning]
        obs["deck_order"] = [CARD_NAMES[c] for c in reversed(s.deck)]
        obs["mail_deck_order"] = _mail_ids(s.mail_deck)
    if over:
        obs["mails"] = [_mail_ids(m) for m in s.mail]     # the scoring shows every seat's mail
        obs["final"] = s.final
    return obs


def view(s: "MilehollowRules", viewer: int | str | None) -> dict[str, Any]:
    """The observation plus, for the seat to act, what it may do now (the map is static data:
    ``Milehollow.static_data``, fetched once by the page).

    ``pave``: each road the viewer may pave now, with the proposed cards (Oxen spent last) and every
    other mix that pays; ``draw``: the legal row slots and whether the deck is a legal draw;
    ``my_mail``: the viewer's mail with towns and a ``delivered`` flag.
    """
    out = observation(s, viewer)
    seat = _seat(viewer)
    d = s.decision()
    acting = seat is not None and d is not None and seat in d.players
    out["draw"] = {"slots": [], "deck": False}
    out["pave"] = []
    out["can_draw_mail"] = False
    if acting and s.phase in ("turn", "draw"):
        if s.phase == "draw":
            slots = [i + 1 for i, c in enumerate(s.row) if c >= 0 and c != OX]
        else:
            slots = [i + 1 for i, c in enumerate(s.row) if c >= 0]
        out["draw"] = {"slots": slots, "deck": s.can_take_from_deck(), "second": s.phase == "draw"}
    if acting and s.phase == "turn":
        out["can_draw_mail"] = bool(s.mail_deck)
        for road in range(NROADS):
            if s.why_not_road(seat, road) is not None:
                continue
            mixes = s.pave_mixes(seat, road)
            if not mixes:
                continue
            best = s.proposed_mix(seat, road)
            out["pave"].append({"road": ROADS[road].id, "len": ROADS[road].len,
                                "points": _points(ROADS[road].len), "cards": cards_text(*best),
                                "alternatives": [cards_text(*m) for m in mixes if m != best]})
    if seat is not None:
        mine = s.mail[seat]
        done = delivered(s.paved[seat], mine)
        out["my_mail"] = [_mail_json(m, ok) for m, ok in zip(mine, done)]
        out["my_pending"] = [_mail_json(m, None) for m in s.pending[seat]]
    return out


def _points(length: int) -> int:
    return ROAD_POINTS[length]


def _mail_json(m: int, ok: bool | None) -> dict[str, Any]:
    mail = MAILS[m]
    out: dict[str, Any] = {"id": mail.id, "a": TOWNS[mail.a].id, "b": TOWNS[mail.b].id,
                           "a_name": TOWNS[mail.a].name, "b_name": TOWNS[mail.b].name, "value": mail.value}
    if ok is not None:
        out["delivered"] = ok
    return out


def resample_hidden(s: "MilehollowRules", viewer: int | str | None, stream: Stream) -> "MilehollowRules":
    """A copy in which what ``viewer`` may not see is dealt afresh from ``stream``.

    Wagon cards: the deck and the part of every other hand nobody saw taken from the row are pooled,
    shuffled and dealt back in the same sizes. Mail: the mail deck (except the cards the viewer returned,
    which stay where they are) and every other seat's held, pending and returning cards are pooled the
    same way; at the end of the game the held mail is public and stays.

    After a reshuffle a careful counter could know the new deck holds only the cards that were in the
    discards; the pooling does not keep that (the observation does not carry it either). The log of
    other seats' blind draws is left as it was: it is masked for this viewer and the rules never read it.
    """
    out = s.clone()
    if viewer == ALL_SEATS:
        return out
    seat = _seat(viewer)
    others = [p for p in range(s.num_players) if p != seat]
    pool = list(out.deck)
    for p in others:
        for c in range(NCARD):
            pool += [c] * (out.hands[p][c] - out.seen[p][c])
    stream.shuffle(pool)
    k = len(out.deck)
    out.deck = pool[:k]
    at = k
    for p in others:
        free = sum(out.hands[p]) - sum(out.seen[p])
        hand = out.seen[p][:]
        for c in pool[at:at + free]:
            hand[c] += 1
        at += free
        out.hands[p] = hand
    over = s.phase == "over"
    spots = [i for i, who in enumerate(out.mail_from) if who != seat]
    mpool = [out.mail_deck[i] for i in spots]
    for p in others:
        if not over:
            mpool += out.mail[p]
        mpool += out.pending[p] + out.returning[p]
    stream.shuffle(mpool)
    at = 0
    for i in spots:
        out.mail_deck[i] = mpool[at]
        at += 1
    for p in others:
        if not over:
            out.mail[p] = mpool[at:at + len(out.mail[p])]
            at += len(out.mail[p])
        out.pending[p] = mpool[at:at + len(out.pending[p])]
        at += len(out.pending[p])
        out.returning[p] = mpool[at:at + len(out.returning[p])]
        at += len(out.returning[p])
    return out
