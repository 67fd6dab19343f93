"""Cards: the courage deck (§7.4), fair visitors (§7.1, Songline §4.1), mill cards (§7.2), Fortune Teller missions.

Decks are lists with the top card first. Beside the visitor and mission decks runs a list of seat
masks: which seats know the card at that position (a Songline card or Fortune Teller missions put at
the bottom), which :meth:`resample_hidden` keeps in place for that seat.
"""
from __future__ import annotations

from . import kinds as K
from .data import (BOTTOM_INDEX, CLAN_ABILITY, HEX_IDS, MILL_IDS, MILL_INDEX, MISSION_IDS, MISSION_INDEX, OLD_MILL,
                   RES, VISITOR_IDS, VISITOR_INDEX, VISITORS, WRENS)
from .position import WickerfairPosition

LETTERS = ("A", "B", "C")


class CardsMixin:
    # --- courage cards (§7.4) --------------------------------------------------------------------------
    def courage_draw(self: "WickerfairPosition", p: int) -> None:
        """Draw the top courage card; an empty deck is rebuilt from the shuffled discards; else the draw is lost."""
        if not self.courage_deck and self.courage_discard:
            self.courage_deck, self.courage_discard = self.courage_discard, []
            self.chance.stream("courage/reshuffle").shuffle(self.courage_deck)
            self.events.append({"kind": "reshuffle", "cards": len(self.courage_deck)})
        if not self.courage_deck:
            self.events.append({"kind": "draw_lost", "seat": p})
            return
        v = self.courage_deck.pop(0)
        self.clans[p].add_card(v, 1 << p)
        self.events.append({"kind": "draw", "seat": p, "card": v, "seen_by": [p], "public": {"kind": "draw", "seat": p}})

    def discard_card(self: "WickerfairPosition", p: int, value: int) -> None:
        """A played or discarded card goes face up to the discard pile."""
        self.clans[p].take_card(value)
        self.courage_discard.append(value)

    # --- meeting a visitor (§7.1) --------------------------------------------------------------------------
    def _t_visitor(self: "WickerfairPosition") -> None:
        p = self.active
        c = self.clans[p]
        h = c.herald
        if not self.herald_moved or h < 0 or not self.tokens[h]:
            return
        self.tokens[h] = False
        if CLAN_ABILITY[c.clan]["id"] == "songline" and len(self.visitor_deck) >= CLAN_ABILITY[WRENS]["draw"]:
            k = CLAN_ABILITY[WRENS]["draw"]
            drawn = tuple(self.visitor_deck[:k])
            del self.visitor_deck[:k]
            del self.visitor_seen[:k]
            self._ask(K.SONGLINE_PICK, {"cards": drawn})
        elif self.visitor_deck:
            self.visitor_seen.pop(0)
            self._meet(p, self.visitor_deck.pop(0))

    def _meet(self: "WickerfairPosition", p: int, card: int) -> None:
        self.clans[p].visitors.append(card)            # kept face up whatever is chosen
        self.events.append({"kind": "visitor", "seat": p, "card": VISITOR_IDS[card], "hex": HEX_IDS[self.clans[p].herald]})
        self._ask(K.VISITOR_OFFER, {"card": card, "offer": None, "n": 0, "mix": ()})

    def _keeps(self: "WickerfairPosition", ids: tuple[str, ...]) -> list[str]:
        """A pick of one of the cards looked at (``ctx["cards"]``, named by ``ids``): a keep for each, first card first."""
        return [f"keep:{ids[c]}" for c in self.ctx["cards"]]

    def _unkept_to_bottom(self: "WickerfairPosition", deck: list[int], seen: list[int], keep: int, p: int) -> None:
        """The cards looked at but not kept go under ``deck``, in the order seen, known to ``p`` alone."""
        for c in self.ctx["cards"]:
            if c != keep:
                deck.append(c)
                seen.append(1 << p)

    def _l_SONGLINE_PICK(self: "WickerfairPosition", p: int) -> list[str]:
        return self._keeps(VISITOR_IDS)

    def _timeout_SONGLINE_PICK(self: "WickerfairPosition", p: int) -> str:
        return self._keeps(VISITOR_IDS)[0]

    def _a_SONGLINE_PICK(self: "WickerfairPosition", action: str, p: int) -> None:
        keep = VISITOR_INDEX[action[5:]]
        self._unkept_to_bottom(self.visitor_deck, self.visitor_seen, keep, p)   # only the Wrens saw it
        self._meet(p, keep)

    def offer_ok(self: "WickerfairPosition", p: int, card: int, letter: str) -> bool:
        """An offer can be chosen when its cost can be paid in full and its free action is legal."""
        o = VISITORS[card]["offers"][letter]
        if not self.payable(p, o["cost"]):
            return False
        free = o["gain"].get("free")
        if free and not self.placement_possible(p, BOTTOM_INDEX[free], free=True):
            return False
        if "fortune" in o["gain"] and not self.mission_deck:
            return False
        return True

    def _l_VISITOR_OFFER(self: "WickerfairPosition", p: int) -> list[str]:
        ctx = self.ctx
        if ctx["offer"] is None:
            return [f"offer:{x}" for x in LETTERS if self.offer_ok(p, ctx["card"], x)] + ["none"]
        return self._mix_legal("none")

    def _timeout_VISITOR_OFFER(self, p: int) -> str:
        return "none"

    def _a_VISITOR_OFFER(self: "WickerfairPosition", action: str, p: int) -> None:
        ctx = self.ctx
        if action == "none":
            self.events.append({"kind": "offer", "seat": p, "offer": None})
            self._done()
        elif action.startswith("offer:"):
            letter = action[6:]
            gain = VISITORS[ctx["card"]]["offers"][letter]["gain"]
            if "any" in gain:
                ctx["offer"], ctx["n"] = letter, gain["any"]
            else:
                card = ctx["card"]
                self._done()
                self._take_offer(p, card, letter, ())
        elif action == "clear":
            ctx["mix"] = ()
        elif action.startswith("+"):
            ctx["mix"] = ctx["mix"] + (action[1:],)
        else:                                                   # ok
            card, letter, mix = ctx["card"], ctx["offer"], ctx["mix"]
            self._done()
            self._take_offer(p, card, letter, mix)

    def _take_offer(self: "WickerfairPosition", p: int, card: int, letter: str, mix: tuple[str, ...]) -> None:
        """Pay the offer, then gain it in the order written; free actions and the Fortune Teller come after."""
        o = VISITORS[card]["offers"][letter]
        self.events.append({"kind": "offer", "seat": p, "card": VISITOR_IDS[card], "offer": letter, "mix": list(mix)})
        self._pay(p, o["cost"])
        later: list[tuple] = []
        for what, n in o["gain"].items():
            if what == "any":
                for r in RES:
                    self._gain(p, r, mix.count(r))
            elif what == "farmers":
                self._place_farmers(p, n)
            elif what == "free":
                later.append(("free", BOTTOM_INDEX[n]))
            elif what == "fortune":
                later.append(("fortune", n["look"]))
            else:
                self._gain(p, what, n)
        self._push(*later)

    def _place_farmers(self: "WickerfairPosition", p: int, n: int) -> None:
        """Farmers from the supply onto the herald's hex; those beyond the supply are lost."""
        c = self.clans[p]
        k = min(n, c.supply)
        if k and c.herald >= 0:
            c.supply -= k
            c.farmers[c.herald] += k
            self._touch()
            self.events.append({"kind": "farmers", "seat": p, "hex": HEX_IDS[c.herald], "n": k})
            self._check()

    # --- Fortune Teller (V7 B) -------------------------------------------------------------------------
    def _t_fortune(self: "WickerfairPosition", look: int) -> None:
        k = min(look, len(self.mission_deck))
        if not k:
            return
        cards = tuple(self.mission_deck[:k])
        del self.mission_deck[:k]
        del self.mission_seen[:k]
        self._ask(K.MISSION_KEEP, {"cards": cards})

    def _l_MISSION_KEEP(self: "WickerfairPosition", p: int) -> list[str]:
        return self._keeps(MISSION_IDS)

    def _timeout_MISSION_KEEP(self: "WickerfairPosition", p: int) -> str:
        return self._keeps(MISSION_IDS)[0]

    def _a_MISSION_KEEP(self: "WickerfairPosition", action: str, p: int) -> None:
        keep = MISSION_INDEX[action[5:]]
        self._unkept_to_bottom(self.mission_deck, self.mission_seen, keep, p)
        self._done()
        self.clans[p].missions.append(keep)

    # --- the Old Mill (§7.2) -------------------------------------------------------------------------------
    def _t_mill(self: "WickerfairPosition") -> None:
        p = self.active
        c = self.clans[p]
        if not self.herald_moved or c.herald != OLD_MILL or c.mill_visited:
            return
        c.mill_visited = True
        if c.mill < 0 and self.mill_pile:
            self.mill_seen |= 1 << p
            self._ask(K.MILL_PICK)

    def _l_MILL_PICK(self: "WickerfairPosition", p: int) -> list[str]:
        return [f"mill:{MILL_IDS[m]}" for m in self.mill_pile]

    def _timeout_MILL_PICK(self: "WickerfairPosition", p: int) -> str:
        return f"mill:{MILL_IDS[self.mill_pile[0]]}"

    def _a_MILL_PICK(self: "WickerfairPosition", action: str, p: int) -> None:
        m = MILL_INDEX[action[5:]]
        self._done()
        self.mill_pile.remove(m)
        self.clans[p].mill = m                           # usable from the clan's next turn
        self.events.append({"kind": "mill", "seat": p, "card": MILL_IDS[m]})
