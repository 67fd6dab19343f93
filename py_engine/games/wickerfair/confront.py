"""Confrontations (§6.4–6.6): the order, pre-dial effects, the secret courage commit, the reveal.

The commit is built step by step by both sides at once (a SECRET decision): ``dial:N`` sets the dial,
``card:V`` adds a card of value V from the hand, ``clear`` takes the cards back, ``commit`` hands the
draft in, ``blank`` hands in dial 0 and no cards (the timeout). Nothing is paid before both are in.
"""
from __future__ import annotations

from typing import Any

from . import kinds as K
from .board import contested_hexes, opponent_at
from .clan import HOME
from .data import (BADGERS, CLAN_ABILITY, CONFRONT, CONFRONT_RULES, DIAL_MAX, HEX_IDS, HEX_INDEX, IS_CLAY, IS_LAKE,
                   IS_PLATE, NEAR_LAKE, W_CONFRONT)
from .position import WickerfairPosition

EMPTY = (0, ())     # dial, cards


class ConfrontMixin:
    # --- which confrontation next --------------------------------------------------------------------
    def _t_confront_all(self: "WickerfairPosition", starter: int) -> None:
        hexes = contested_hexes(self, starter)
        if len(hexes) >= 2:
            self._ask(K.CONFRONT_ORDER, {"hexes": tuple(hexes)})
        elif hexes:
            self._push(("confront", hexes[0]))

    def _l_CONFRONT_ORDER(self: "WickerfairPosition", p: int) -> list[str]:
        return [f"first:{HEX_IDS[h]}" for h in self.ctx["hexes"]]

    def _timeout_CONFRONT_ORDER(self: "WickerfairPosition", p: int) -> str:
        return f"first:{HEX_IDS[self.ctx['hexes'][0]]}"

    def _a_CONFRONT_ORDER(self: "WickerfairPosition", action: str, p: int) -> None:
        self._done()
        self._push(("confront", HEX_INDEX[action[6:]]), ("confront_all", p))

    # --- one confrontation ---------------------------------------------------------------------------------
    def fighters(self: "WickerfairPosition", seat: int, h: int) -> int:
        """k: the seat's herald plus walkers on the hex (one card each, §6.5 step 2)."""
        return sum(1 for _, pos in self.clans[seat].strong_units() if pos == h)

    def _t_confront(self: "WickerfairPosition", h: int) -> None:
        starter = self.active
        defender = opponent_at(self, starter, h)
        if defender < 0:
            return
        pre: list[dict[str, Any]] = []
        for seat, other in ((starter, defender), (defender, starter)):
            c = self.clans[seat]
            if not c.has_walker(W_CONFRONT):
                continue
            ability = CONFRONT[c.clan]
            if ability["kind"] == "rumble" and (IS_CLAY[h] or IS_PLATE[h]):
                lost = self._lose(other, "courage", ability["loss"])
                pre.append({"ability": "rumble", "seat": seat, "lost": lost})
            elif ability["kind"] == "snatch" and self.clans[other].hand:
                victim = self.clans[other]
                i = self.chance.stream("confront/snatch").below(len(victim.hand))
                value = victim.hand.pop(i)
                seen = victim.hand_seen.pop(i)
                c.add_card(value, seen | (1 << seat) | (1 << other))
                pre.append({"ability": "snatch", "seat": seat, "from": other})
                self.events.append({"kind": "snatch", "seat": seat, "from": other, "card": value, "seen_by": [seat, other],
                                    "public": {"kind": "snatch", "seat": seat, "from": other}})
        self.events.append({"kind": "confront", "hex": HEX_IDS[h], "starter": starter, "defender": defender,
                            "pre": pre})
        self._ask(K.COURAGE_COMMIT, {"hex": h, "starter": starter, "defender": defender, "steps": 0,
                                      "draft": ((starter, EMPTY), (defender, EMPTY)), "done": ()},
                  players=(starter, defender))

    # --- COURAGE_COMMIT ---------------------------------------------------------------------------------------
    def draft_of(self: "WickerfairPosition", p: int) -> tuple[int, tuple[int, ...]]:
        return dict(self.ctx["draft"])[p]

    def dial_max(self: "WickerfairPosition", p: int) -> int:
        return min(DIAL_MAX, self.clans[p].courage)

    def _l_COURAGE_COMMIT(self: "WickerfairPosition", p: int) -> list[str]:
        dial, cards = self.draft_of(p)
        out = [f"dial:{n}" for n in range(self.dial_max(p) + 1) if n != dial]
        if len(cards) < self.fighters(p, self.ctx["hex"]):
            rest = list(self.clans[p].hand)
            for v in cards:
                rest.remove(v)
            out += [f"card:{v}" for v in sorted(set(rest))]
        if cards:
            out.append("clear")
        if dial or cards:
            out.append("commit")
        out.append("blank")
        if out == ["dial:0", "blank"]:
            return ["blank"]
        return out

    def _timeout_COURAGE_COMMIT(self, p: int) -> str:
        return "blank"

    def _a_COURAGE_COMMIT(self: "WickerfairPosition", action: str, p: int) -> None:
        ctx = self.ctx
        dial, cards = self.draft_of(p)
        head, _, arg = action.partition(":")
        if head == "dial":
            dial = int(arg)
        elif head == "card":
            cards = tuple(sorted(cards + (int(arg),)))
        elif head == "clear":
            cards = ()
        elif head == "blank":
            dial, cards = EMPTY
        ctx["steps"] = ctx["steps"] + 1
        ctx["draft"] = tuple((q, (dial, cards) if q == p else d) for q, d in ctx["draft"])
        if head in ("commit", "blank"):
            ctx["done"] = ctx["done"] + ((p, (dial, cards)),)
            self.dplayers = tuple(q for q in self.dplayers if q != p)
            if not self.dplayers:
                self._reveal()

    def modifiers(self: "WickerfairPosition", seat: int, h: int, defender: bool, cards: int) -> list[tuple[str, int]]:
        """§6.5 step 3 modifiers: Stillwater, Warren, Holdfast, Friendly Tune."""
        c = self.clans[seat]
        out = []
        if defender and CLAN_ABILITY[c.clan]["id"] == "holdfast":
            out.append(("holdfast", CLAN_ABILITY[BADGERS]["bonus"]))
        if c.has_walker(W_CONFRONT):
            a = CONFRONT[c.clan]
            if a["kind"] == "stillwater":
                if IS_LAKE[h]:
                    out.append(("stillwater", a["lake"]))
                elif NEAR_LAKE[h]:
                    out.append(("stillwater", a["lakeside"]))
            elif a["kind"] == "warren" and c.farmers[h]:
                out.append(("warren", min(a["most"], a["per_farmer"] * c.farmers[h])))
            elif a["kind"] == "friendly_tune" and cards:
                out.append(("friendly_tune", a["bonus"]))
        return out

    def _reveal(self: "WickerfairPosition") -> None:
        """Both are in: totals, winner (ties to the starter), costs, the loser goes home, the winner's gains."""
        ctx = self.ctx
        h, starter, defender = ctx["hex"], ctx["starter"], ctx["defender"]
        done = dict(ctx["done"])
        self._done()
        side: dict[int, dict[str, Any]] = {}
        for seat in (starter, defender):
            dial, cards = done[seat]
            mods = self.modifiers(seat, h, seat == defender, len(cards))
            side[seat] = {"seat": seat, "dial": dial, "cards": list(cards), "mods": mods,
                          "total": dial + sum(cards) + sum(v for _, v in mods)}
        winner = starter if side[starter]["total"] >= side[defender]["total"] else defender
        loser = defender if winner == starter else starter
        for seat in (starter, defender):
            dial, cards = done[seat]
            self.clans[seat].courage -= dial
            for v in cards:
                self.discard_card(seat, v)
        lc = self.clans[loser]
        sent = lc.farmers[h]
        if lc.herald == h:
            lc.herald = HOME
        lc.walkers = [HOME if w == h else w for w in lc.walkers]
        lc.farmers[h] = 0
        lc.home_farmers += sent
        self._touch()
        result = {"kind": "confront_result", "hex": HEX_IDS[h], "starter": starter, "defender": defender,
                  "winner": winner, "sides": [side[starter], side[defender]], "farmers_home": sent}
        self.events.append(result)
        self.last_confront = result
        dial, cards = done[loser]
        if dial or cards:
            self._gain(loser, "cards", CONFRONT_RULES["loser_draws"])
        self._confront_ribbon(winner)
        if winner == starter and sent:
            self._lose(starter, "goodwill", CONFRONT_RULES["starter_goodwill_per_farmer"] * sent)
        self._check()
