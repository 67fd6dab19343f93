"""What each seat may see (§10 Hidden information) and honest redraws of what it may not.

Hidden: mission hands, courage hands (sizes are public), deck orders, the mill pile (to those who have
not viewed it), the set-aside mill cards and prize tiles, dials and cards of a courage commit until the
reveal, and the cards of a private pick (Songline, Fortune Teller, a mission window's met missions).
"""
from __future__ import annotations

from typing import Any, Callable

from py_engine.core.fairness import Stream
from py_engine.core.game import ALL_SEATS

from . import kinds as K
from .clan import HOME, UNBUILT, UNERECTED
from .data import (CLAN_NAMES, HEX_IDS, HEX_INDEX, MAT_LIST, MILL_IDS, MISSION_IDS, N_HEX, PRIZE_IDS, VISITOR_IDS,
                   VISITOR_INDEX)
from .position import WickerfairPosition
from .scoring import met_missions
from .view import table_view


def _pos(h: int) -> str | None:
    return HEX_IDS[h] if h >= 0 else ("home" if h == HOME else None)


#: A step's context fields that name things, each with its two directions (to the observation's JSON, and
#: back into a position rebuilt from it, sim.py); any other field is a number, or a tuple as a list.
CTX_CODEC: dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {
    "hexes": (lambda v: [HEX_IDS[h] for h in v], lambda v: tuple(HEX_INDEX[h] for h in v)),
    "pos": (lambda v: _pos(v) if isinstance(v, int) else v,
            lambda v: None if v is None else (HOME if v == "home" else HEX_INDEX[v])),
    "fmoved": (lambda v: {HEX_IDS[h]: n for h, n in v}, lambda v: tuple(sorted((HEX_INDEX[h], n) for h, n in v.items()))),
    "card": (lambda v: VISITOR_IDS[v], lambda v: VISITOR_INDEX[v]),
}
CTX_CODEC["hex"] = CTX_CODEC["pos"]


def ctx_to_json(key: str, value: Any) -> Any:
    codec = CTX_CODEC.get(key)
    if codec is not None:
        return codec[0](value)
    return list(value) if isinstance(value, tuple) else value


def ctx_from_json(key: str, value: Any) -> Any:
    codec = CTX_CODEC.get(key)
    if codec is not None:
        return codec[1](value)
    return tuple(value) if isinstance(value, list) else value


#: Events that happen on a hex of the valley (what a turn did there, for everyone to see).
_ON_A_HEX = ("harvest", "erect", "build", "visitor", "farmers", "confront", "lone_farmers")


def last_turn(s: "WickerfairPosition") -> dict[str, Any] | None:
    """The most recent turn that did something on the valley, as the board marks it: its seat, its
    number, its units' steps [[from, to]] in order ("home" for a farmer leaving home) and the hexes it
    acted on. All of it is public (the log says the same in words).

    A position rebuilt from an observation (``sim.rebuild``) holds no events: it starts from the
    observation's ``last`` (``last_base``), and the steps of the turn under way, played on it, add to it."""
    steps: list[list[str]] = []
    hexes: list[str] = []
    for e in reversed(s.events):
        kind = e["kind"]
        if kind == "turn":
            if steps or hexes:
                steps.reverse()
                return {"seat": e["seat"], "turn": e.get("turn"), "steps": steps, "hexes": sorted(set(hexes))}
            continue
        if kind == "step":
            steps.append([e["from"], e["to"]])
            hexes.append(e["to"])
        elif kind in _ON_A_HEX and isinstance(e.get("hex"), str):
            hexes.append(e["hex"])
    base = getattr(s, "last_base", None)
    if not steps and not hexes:
        return base
    steps.reverse()
    if base is not None and base.get("turn") == s.turn_no:
        return {"seat": base["seat"], "turn": s.turn_no, "steps": base["steps"] + steps,
                "hexes": sorted(set(base["hexes"] + hexes))}
    return {"seat": s.active, "turn": s.turn_no, "steps": steps, "hexes": sorted(set(hexes))}


class ObserveMixin:
    def _sees(self: "WickerfairPosition", viewer: Any, seat: int) -> bool:
        return viewer == ALL_SEATS or viewer == seat

    def _clan_obs(self: "WickerfairPosition", seat: int, viewer: Any) -> dict[str, Any]:
        c = self.clans[seat]
        out: dict[str, Any] = {
            "seat": seat, "clan": CLAN_NAMES["en"][c.clan], "mat": MAT_LIST[c.mat]["number"],
            "herald": _pos(c.herald), "walkers": [_pos(w) if w != UNERECTED else None for w in c.walkers],
            "farmers": {HEX_IDS[h]: n for h, n in enumerate(c.farmers) if n}, "home_farmers": c.home_farmers,
            "supply": c.supply, "structures": [HEX_IDS[h] if h != UNBUILT else None for h in c.structures],
            "helpers": c.helpers[:], "bonuses": c.bonuses[:], "pins": c.covered[:], "slots": c.slots[:],
            "goodwill": c.goodwill, "courage": c.courage, "coins": c.coins, "home": c.home[:],
            "hand_size": len(c.hand), "missions": len(c.missions), "missions_gone": len(c.missions_gone),
            "shown": MISSION_IDS[c.shown] if c.shown >= 0 else None,
            "visitors": [VISITOR_IDS[v] for v in c.visitors], "mill": MILL_IDS[c.mill] if c.mill >= 0 else None,
            "mill_ready": c.mill_ready, "mill_visited": c.mill_visited, "ribbons": c.ribbons[:], "last_col": c.last_col,
        }
        if self._sees(viewer, seat):
            out["hand"] = c.hand[:]
            out["mission_list"] = [MISSION_IDS[m] for m in c.missions]
            out["missions_gone_list"] = [MISSION_IDS[m] for m in c.missions_gone]
        else:
            # cards another seat knows are in this hand (both sides of a Snatch)
            if isinstance(viewer, int):
                known = [v for v, m in zip(c.hand, c.hand_seen) if m >> viewer & 1]
                if known:
                    out["hand_known"] = known
        return out

    def _ctx_obs(self: "WickerfairPosition", viewer: Any) -> dict[str, Any]:
        ctx, kind = self.ctx, self.dk
        if kind is None:
            return {}
        if kind == K.COURAGE_COMMIT:
            out = {"hex": HEX_IDS[ctx["hex"]], "starter": ctx["starter"], "defender": ctx["defender"],
                   "done": [q for q, _ in ctx["done"]]}
            for q, (dial, cards) in ctx["draft"]:
                if self._sees(viewer, q):
                    out.setdefault("draft", {})[str(q)] = {"dial": dial, "cards": list(cards)}
            return out
        if kind in (K.SONGLINE_PICK, K.MISSION_KEEP, K.SHOW_MISSION):
            if not self._sees(viewer, self.active):
                return {}
            key = "met" if kind == K.SHOW_MISSION else "cards"
            ids = VISITOR_IDS if kind == K.SONGLINE_PICK else MISSION_IDS
            return {key: [ids[x] for x in ctx[key]]}
        return {k: ctx_to_json(k, v) for k, v in ctx.items()}

    def observation(self: "WickerfairPosition", player: int | str | None) -> dict[str, Any]:
        viewer = player
        d = self.decision()
        obs: dict[str, Any] = {
            "game": "wickerfair", "viewer": viewer, "players": self.num_players, "day": self.day,
            "last_day": self._last_day(), "turn": self.turn_no, "order": list(self.order), "active": self.active,
            "column": self.col, "over": self.over, "end_reason": self.end_reason,
            "decision": None if d is None else {"kind": d.kind, "players": list(d.players), "timer": d.timer,
                                                "visibility": d.visibility, "since": self.since,
                                                # the viewer's own steps in a decision asked of it alone (only
                                                # its own: another seat's count would tell how it chose; a
                                                # courage commit left to one side still counts the other's)
                                                "steps": self.n_actions - self.since
                                                if (viewer == ALL_SEATS or d.players == (viewer,))
                                                and self.dk != K.COURAGE_COMMIT else None},
            "ctx": self._ctx_obs(viewer),
            "tasks": [list(t) for t in self.tasks],
            "clans": [self._clan_obs(p, viewer) for p in range(self.num_players)],
            "res": {HEX_IDS[h]: self.res[4 * h:4 * h + 4] for h in range(N_HEX) if any(self.res[4 * h:4 * h + 4])},
            "tokens": [HEX_IDS[h] for h in range(N_HEX) if self.tokens[h]],
            "decks": {"courage": len(self.courage_deck), "discard": self.courage_discard[:],
                      "visitors": len(self.visitor_deck), "missions": len(self.mission_deck),
                      "mill_pile": len(self.mill_pile)},
            "prize": PRIZE_IDS[self.prize],
            "herald_moved": self.herald_moved, "trinket_used": self.trinket_used,
            "last_confront": self.last_confront,
            # the last turn's marks on the valley (public): a position rebuilt from this goes on from them
            "last": last_turn(self),
            "scores": [b["total"] for b in self.breakdown()],
        }
        if viewer == ALL_SEATS or (isinstance(viewer, int) and self.mill_seen >> viewer & 1):
            obs["mill_pile"] = [MILL_IDS[m] for m in self.mill_pile]
        if viewer == ALL_SEATS:
            obs["decks"]["courage_order"] = self.courage_deck[:]
            obs["decks"]["visitor_order"] = [VISITOR_IDS[v] for v in self.visitor_deck]
            obs["decks"]["mission_order"] = [MISSION_IDS[m] for m in self.mission_deck]
            obs["mill_aside"] = [MILL_IDS[m] for m in self.mill_aside]
            obs["prize_aside"] = [PRIZE_IDS[t] for t in self.prize_aside]
        if self.over:
            obs["final"] = self.final
        return obs

    def view(self: "WickerfairPosition", player: int | str | None) -> dict[str, Any]:
        """The observation plus what a renderer draws without knowing a rule (``table_view``): each
        hex's controller, the acting seat's payment preview, the score sheet's columns, the ending."""
        return table_view(self, player)

    # --- honest redraws ---------------------------------------------------------------------------------
    def resample_hidden(self: "WickerfairPosition", viewer: int | None, stream: Stream) -> "WickerfairPosition":
        s = self.clone()
        me = viewer if isinstance(viewer, int) else -1
        others = [c for c in s.clans if c.seat != me]
        # courage cards: the deck plus every card in other hands the viewer does not know is there
        pool = list(s.courage_deck)
        slots: list[tuple[Any, int]] = []
        for c in others:
            keep = [(v, m) for v, m in zip(c.hand, c.hand_seen) if me >= 0 and m >> me & 1]
            lost = [(v, m) for v, m in zip(c.hand, c.hand_seen) if not (me >= 0 and m >> me & 1)]
            pool += [v for v, _ in lost]
            c.hand, c.hand_seen = [], []
            for v, m in keep:
                c.add_card(v, m)
            slots += [(c, m) for _, m in lost]
        stream.shuffle(pool)
        for c, m in slots:
            c.add_card(pool.pop(), m)
        s.courage_deck = pool
        # missions: other hands, their discards, unknown deck positions, a private pick's cards
        self._resample_missions(s, me, stream)
        # visitor deck positions the viewer has not seen, and a Songline pick's cards
        vunknown = [i for i, m in enumerate(s.visitor_seen) if not (me >= 0 and m >> me & 1)]
        vpool = [s.visitor_deck[i] for i in vunknown]
        song = s.dk == K.SONGLINE_PICK and s.active != me
        if song:
            vpool += list(s.ctx["cards"])
        stream.shuffle(vpool)
        for i in vunknown:
            s.visitor_deck[i] = vpool.pop()
        if song:
            s.ctx["cards"] = tuple(vpool.pop() for _ in s.ctx["cards"])
        # the mill pile (unless the viewer has looked at it) and everything set aside
        if not (me >= 0 and s.mill_seen >> me & 1):
            mill = s.mill_pile + s.mill_aside
            stream.shuffle(mill)
            s.mill_pile, s.mill_aside = mill[:len(s.mill_pile)], mill[len(s.mill_pile):]
        else:
            stream.shuffle(s.mill_aside)
        stream.shuffle(s.prize_aside)
        # a courage commit the viewer cannot see yet
        if s.dk == K.COURAGE_COMMIT:
            draft = []
            for q, d in s.ctx["draft"]:
                draft.append((q, d if q == me else self._random_draft(s, q, stream)))
            s.ctx["draft"] = tuple(draft)
            s.ctx["done"] = tuple((q, d if q == me else dict(draft)[q]) for q, d in s.ctx["done"])
        return s

    def _resample_missions(self: "WickerfairPosition", s: "WickerfairPosition", me: int, stream: Stream) -> None:
        others = [c for c in s.clans if c.seat != me]
        unknown = [i for i, m in enumerate(s.mission_seen) if not (me >= 0 and m >> me & 1)]
        private_pick = s.dk == K.MISSION_KEEP and s.active != me
        window = s.dk == K.SHOW_MISSION and s.active != me
        base: list[int] = []
        for c in others:
            base += c.missions + c.missions_gone
        base += [s.mission_deck[i] for i in unknown]
        if private_pick:
            base += list(s.ctx["cards"])
        # The viewer knows a clan in a mission window holds a met mission: redraw until that holds
        # (a few tries; else leave the missions as they are, which is always consistent).
        for _ in range(12):
            pool = base[:]
            stream.shuffle(pool)
            for c in others:
                c.missions = [pool.pop() for _ in self.clans[c.seat].missions]
                c.missions_gone = [pool.pop() for _ in self.clans[c.seat].missions_gone]
            if window:
                met = met_missions(s, s.active)
                if not met:
                    continue
                s.ctx["met"] = tuple(met)
            for i in unknown:
                s.mission_deck[i] = pool.pop()
            if private_pick:
                s.ctx["cards"] = tuple(pool.pop() for _ in s.ctx["cards"])
            return
        for c in others:
            c.missions = self.clans[c.seat].missions[:]
            c.missions_gone = self.clans[c.seat].missions_gone[:]

    @staticmethod
    def _random_draft(s: "WickerfairPosition", q: int, stream: Stream) -> tuple[int, tuple[int, ...]]:
        dial = stream.below(s.dial_max(q) + 1)
        hand = s.clans[q].hand
        k = min(s.fighters(q, s.ctx["hex"]), len(hand))
        n = stream.below(k + 1)
        idx = list(range(len(hand)))
        stream.shuffle(idx)
        return dial, tuple(sorted(hand[i] for i in idx[:n]))


__all__ = ["ObserveMixin"]
