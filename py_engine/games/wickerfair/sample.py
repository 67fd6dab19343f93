"""A Wickerfair position from one seat's observation (``Game.sample_state``).

:func:`sim.rebuild` copies everything the seat may see; what it may not see is then drawn afresh from
the stream, each from the pool of what the seat has not seen:

* courage cards: the 40 less the discards, the seat's own hand and the cards it knows are in other
  hands (both sides of a Snatch) — dealt into the unknown part of every other hand and the deck;
* missions: the 16 less the seat's own (held and discarded), every shown one and the cards of its own
  pick — dealt into other clans' held and discarded missions, the deck and another clan's private pick;
  a clan in a mission window holds a mission that is met now (drawn again until one is, a few times,
  then one met mission of the pool is given to it);
* visitors: every card no clan keeps, into the deck and another Wren's Songline pick;
* mill cards: the pile as seen when the seat has looked at it, else the cards no clan took, into the
  pile and the set-aside cards; the set-aside prize tiles;
* a courage commit the seat cannot see: a dial and cards drawn uniformly, as ``resample_hidden`` does.

What the observation does not say (which deck positions the seat saw put back under a deck) is drawn
like the rest. Later chance (a reshuffle, a Snatch) comes from a seed taken from the stream.
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Chance, Stream

from . import kinds as K
from .data import CLAN_ABILITY, COURAGE_DECK, MILL_IDS, MISSION_IDS, PRIZE_IDS, VISITOR_IDS, VISITORS, WRENS
from .scoring import mission_met
from .sim import rebuild

FORTUNE_LOOK = max([o["gain"]["fortune"]["look"] for v in VISITORS for o in v["offers"].values()
                    if "fortune" in o["gain"]] or [1])


def sample_state(obs: dict[str, Any], seat: int, stream: Stream) -> Any:
    s = rebuild(obs)
    s.chance = Chance(stream.read(32).hex())
    me = seat
    others = [c for c in s.clans if c.seat != me]
    clan_obs = obs["clans"]
    # courage cards
    pool = list(COURAGE_DECK)
    for v in obs["decks"]["discard"] + clan_obs[me]["hand"]:
        pool.remove(v)
    for c in others:
        for v in clan_obs[c.seat].get("hand_known", []):
            pool.remove(v)
    stream.shuffle(pool)
    for c in others:
        co = clan_obs[c.seat]
        known = co.get("hand_known", [])
        c.hand, c.hand_seen = [], []
        for v in known:
            c.add_card(v, (1 << c.seat) | (1 << me))
        for _ in range(co["hand_size"] - len(known)):
            c.add_card(pool.pop(), 1 << c.seat)
    if len(pool) != obs["decks"]["courage"]:
        raise ValueError("the observation's courage cards do not add up")
    s.courage_deck = pool
    # missions
    mine = s.clans[me]
    known = set(mine.missions) | set(mine.missions_gone) | {c.shown for c in s.clans if c.shown >= 0}
    own_pick = s.dk == K.MISSION_KEEP and s.active == me
    if own_pick:
        known |= set(s.ctx["cards"])
    base = [m for m in range(len(MISSION_IDS)) if m not in known]
    other_pick = s.dk == K.MISSION_KEEP and s.active != me
    window = s.dk == K.SHOW_MISSION and s.active != me
    for attempt in range(13):
        mpool = base[:]
        stream.shuffle(mpool)
        if window and attempt == 12:
            # no draw gave the clan a met mission: give it one of the pool's met missions
            c = s.clans[s.active]
            c.missions = [mpool.pop() for _ in range(clan_obs[c.seat]["missions"])]
            met = [m for m in base if m not in c.missions and mission_met(s, c.seat, m)]
            if met and c.missions:
                mpool.append(c.missions[0])
                c.missions[0] = met[stream.below(len(met))]
                mpool.remove(c.missions[0])
                stream.shuffle(mpool)
            for o in others:
                if o is not c:
                    o.missions = [mpool.pop() for _ in range(clan_obs[o.seat]["missions"])]
            for o in others:
                o.missions_gone = [mpool.pop() for _ in range(clan_obs[o.seat]["missions_gone"])]
        else:
            for c in others:
                c.missions = [mpool.pop() for _ in range(clan_obs[c.seat]["missions"])]
                c.missions_gone = [mpool.pop() for _ in range(clan_obs[c.seat]["missions_gone"])]
        if window:
            met = [m for m in s.clans[s.active].missions if mission_met(s, s.active, m)]
            if not met and attempt < 12:
                continue
            s.ctx["met"] = tuple(met)
        break
    s.mission_deck = [mpool.pop() for _ in range(obs["decks"]["missions"])]
    s.mission_seen = [0] * len(s.mission_deck)
    if other_pick:
        s.ctx["cards"] = tuple(mpool.pop() for _ in range(min(FORTUNE_LOOK, len(mpool))))
    # visitors
    kept = {v for c in s.clans for v in c.visitors}
    own_song = s.dk == K.SONGLINE_PICK and s.active == me
    if own_song:
        kept |= set(s.ctx["cards"])
    vpool = [v for v in range(len(VISITOR_IDS)) if v not in kept]
    stream.shuffle(vpool)
    s.visitor_deck = [vpool.pop() for _ in range(obs["decks"]["visitors"])]
    s.visitor_seen = [0] * len(s.visitor_deck)
    if s.dk == K.SONGLINE_PICK and not own_song:
        s.ctx["cards"] = tuple(vpool.pop() for _ in range(min(CLAN_ABILITY[WRENS]["draw"], len(vpool))))
    # the mill and the prize tiles
    taken = {c.mill for c in s.clans if c.mill >= 0}
    if "mill_pile" in obs:
        rest = [m for m in range(len(MILL_IDS)) if m not in taken and m not in s.mill_pile]
        stream.shuffle(rest)
        s.mill_aside = rest
    else:
        mill = [m for m in range(len(MILL_IDS)) if m not in taken]
        stream.shuffle(mill)
        k = obs["decks"]["mill_pile"]
        s.mill_pile, s.mill_aside = mill[:k], mill[k:]
    s.prize_aside = [t for t in range(len(PRIZE_IDS)) if t != s.prize]
    stream.shuffle(s.prize_aside)
    # a courage commit the seat cannot see
    if s.dk == K.COURAGE_COMMIT:
        draft = tuple((q, d if q == me else s._random_draft(s, q, stream)) for q, d in s.ctx["draft"])
        s.ctx["draft"] = draft
        s.ctx["done"] = tuple((q, d if q == me else dict(draft)[q]) for q, d in s.ctx["done"])
        s.ctx["steps"] = len(s.ctx["done"]) + (1 if any(d != (0, ()) for _, d in draft) else 0)
    return s


__all__ = ["sample_state"]
