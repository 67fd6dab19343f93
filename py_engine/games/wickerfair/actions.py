"""Top actions other than Travel (§5.3–5.5, mill tops §7.2), bottom actions (§5.6), payment (§5.7), helpers.

Every compound choice is built in ``ctx`` step by step and paid only when confirmed (``ok`` for a
mix or a harvest, the second placement step for a bottom action); ``skip`` discards it (§9).
"""
from __future__ import annotations

from typing import Any

from . import kinds as K
from .board import controller, controls, structure_owner
from .clan import UNBUILT, UNERECTED
from .data import (BARN, BOARD_BONUSES, BOLSTER_COST, BOTTOMS, BOTTOM_INDEX, BOTTOM_RES, IS_LAKE, MAGPIES,
                   MAT_BOTTOM_COL, MAT_COLUMNS, MILL, MONUMENT, MONUMENT_GOODWILL, N_HEX, OLD_MILL, PRODUCE, RES,
                   RES_INDEX, STRUCTURE_INDEX, STRUCTURES, TRADE_COST, UPGRADE_IDS, UPGRADES, U_BOLSTER_CARDS,
                   U_BOLSTER_COURAGE, U_HARVEST, U_TRADE_GW, U_TRADE_RES, VILLAGE_MAKES, HARES, WATCHTOWER,
                   WATCHTOWER_COURAGE, CLAN_ABILITY, harvest_cost, HEX_IDS)
from .position import WickerfairPosition
from .data import HEX_INDEX
from .data import TRAVEL

TRACKS = ("coins", "goodwill", "courage")


def upgraded(c: Any, u: int) -> int:
    """The value of upgrade space ``u`` for clan ``c``: base while its pin covers it, upgraded after."""
    return UPGRADES[u]["base"] if c.covered[u] else UPGRADES[u]["upgraded"]


class ActionsMixin:
    # --- which top / bottom the chosen column has ---------------------------------------------------
    def top_kind(self: "WickerfairPosition") -> str:
        c = self.clans[self.active]
        return "mill" if self.col == 5 else MAT_COLUMNS[c.mat][self.col - 1].top

    def bottom_cost(self: "WickerfairPosition", seat: int, b: int, more_pins: int = 0) -> int:
        """What bottom action ``b`` costs ``seat``: its column's printed cost less one per pin in its slots
        (§5.6); ``more_pins``: after that many more are moved there (what Improve's choice of a slot shows)."""
        c = self.clans[seat]
        return MAT_COLUMNS[c.mat][MAT_BOTTOM_COL[c.mat][b]].cost - c.slots[b] - more_pins

    def free_slots(self: "WickerfairPosition", p: int) -> list[int]:
        """The bottom actions of ``p`` with an empty pin slot (where Improve may move a pin)."""
        c = self.clans[p]
        cols = MAT_COLUMNS[c.mat]
        return [b for b in range(len(BOTTOMS)) if c.slots[b] < cols[MAT_BOTTOM_COL[c.mat][b]].slots]

    # --- payment (§5.7): the one place a cost is judged and paid ---------------------------------------
    def payment(self: "WickerfairPosition", seat: int, cost: dict[str, int],
                trinket: tuple[int, str] | None = None) -> list[tuple[str, int]] | None:
        """How ``seat`` pays ``cost`` in full, or None when it cannot (a cost is paid in full or not at all).

        ``trinket`` (a courage card's value, a resource of the cost): the Magpies' card stands in for one
        of that resource (§4.1), and only when everything else of the cost can then be paid. The answer
        lists the takes in order: ``(track, n)`` for coins and tracks, ``(resource, source)`` one unit at
        a time (source a hex, or -1 for home), each from the owned source holding the most of it (ties:
        table order, home last). :meth:`_pay` carries it out; nothing else decides what a cost takes.
        """
        c = self.clans[seat]
        if trinket is not None:
            value, res = trinket
            if (not self.can_trinket(seat) or value not in c.hand or res not in RES_INDEX
                    or cost.get(res, 0) <= 0):
                return None
        takes: list[tuple[str, int]] = []
        mine = None
        left = None
        for what, n in cost.items():
            if trinket is not None and what == trinket[1]:
                n -= 1
            if what in TRACKS:
                if getattr(c, what) < n:
                    return None
                takes.append((what, n))
                continue
            if what == "discard":
                if len(c.hand) < n:
                    return None
                continue
            if n <= 0:
                continue
            if mine is None:
                mine = controls(self, seat)
                left = {h: self.res[4 * h:4 * h + 4] for h in mine}
                left[-1] = c.home[:]
            r = RES_INDEX[what]
            for _ in range(n):
                top = max(left[h][r] for h in left)
                if top <= 0:
                    return None
                where = next((h for h in mine if left[h][r] == top), -1)
                left[where][r] -= 1
                takes.append((what, where))
        return takes

    def payable(self: "WickerfairPosition", seat: int, cost: dict[str, int], trinket: bool = False) -> bool:
        """Whether ``seat`` can pay ``cost`` in full; with ``trinket``, also counting a Trinkets payment."""
        if self.payment(seat, cost) is not None:
            return True
        return trinket and bool(self.trinket_options(seat, cost))

    def trinket_options(self: "WickerfairPosition", seat: int, cost: dict[str, int]) -> list[tuple[int, str]]:
        """Every (card value, resource) a Magpies' card may stand in for, each leaving a cost paid in full."""
        if not self.can_trinket(seat):
            return []
        out = []
        for v in sorted(set(self.clans[seat].hand)):
            for w, n in cost.items():
                if w in RES_INDEX and n > 0 and self.payment(seat, cost, (v, w)) is not None:
                    out.append((v, w))
        return out

    def can_trinket(self: "WickerfairPosition", seat: int) -> bool:
        c = self.clans[seat]
        return c.clan == MAGPIES and bool(c.hand) and not self.trinket_used

    def _pay(self: "WickerfairPosition", seat: int, cost: dict[str, int], trinket: tuple[int, str] | None = None) -> None:
        """Pay ``cost`` as :meth:`payment` says; a cost that cannot be paid in full is an engine error,
        raised before anything is taken (legal lists only offer what can be paid)."""
        takes = self.payment(seat, cost, trinket)
        if takes is None:
            raise RuntimeError(f"seat {seat + 1} cannot pay {cost} (trinket {trinket}): a legal list offered it")
        c = self.clans[seat]
        if trinket is not None:
            value, res = trinket
            self.discard_card(seat, value)
            self.trinket_used = True
            self.events.append({"kind": "trinket", "seat": seat, "card": value, "resource": res})
        paid: list[str] = []
        for what, where in takes:
            if what in TRACKS:
                setattr(c, what, getattr(c, what) - where)
                paid.append(f"{where} {what}")
            elif where >= 0:
                self.res[4 * where + RES_INDEX[what]] -= 1
                paid.append(f"{what}@{HEX_IDS[where]}")
            else:
                c.home[RES_INDEX[what]] -= 1
                paid.append(f"{what}@home")
        if paid:
            self.events.append({"kind": "pay", "seat": seat, "paid": paid})

    # --- TOP_OPTION (§5.1 step 2) ----------------------------------------------------------------------
    def _t_top(self: "WickerfairPosition") -> None:
        self._ask(K.TOP_OPTION, {"col": self.col})

    def _l_TOP_OPTION(self: "WickerfairPosition", p: int) -> list[str]:
        c = self.clans[p]
        top = self.top_kind()
        out: list[str] = []
        if top == "travel":
            if self.movable_units(p, "travel"):
                out.append("move")
            out.append("coin")
        elif top == "harvest":
            if self.payable(p, harvest_cost(c.farmers_on_map())) and (self.harvest_hexes(p) or self.barn_hex(p) >= 0):
                out.append("harvest")
        elif top == "trade":
            if c.coins >= TRADE_COST:
                out += ["goods", "goodwill"]
        elif top == "bolster":
            if c.coins >= BOLSTER_COST:
                out += ["courage", "cards"]
        else:
            step = MILL[c.mill]["top"]
            kind = step.get("kind")
            if kind == "chaff":
                out += [f"chaff:{v}" for v in sorted(set(c.hand))]
            elif kind == "waterwheel":
                if self.harvest_hexes(p):
                    out.append("mill")
            elif self.payable(p, step["cost"]):
                out.append("mill")
        out.append("skip")
        return out

    def _a_TOP_OPTION(self: "WickerfairPosition", action: str, p: int) -> None:
        c = self.clans[p]
        if action == "skip":
            self._done()
        elif action == "move":
            self.start_travel(p, "travel")
        elif action == "coin":
            self._done()
            self._gain(p, "coins", TRAVEL["coin"])
        elif action == "harvest":
            self._ask(K.HARVEST_HEXES, {"mode": "harvest", "hexes": (), "barn": False,
                                         "limit": upgraded(c, U_HARVEST)})
        elif action == "goods":
            self._ask(K.TRADE_MIX, {"purpose": "trade", "n": upgraded(c, U_TRADE_RES), "mix": ()})
        elif action == "goodwill":
            self._done()
            self._pay(p, {"coins": TRADE_COST})
            self._gain(p, "goodwill", upgraded(c, U_TRADE_GW))
            self._monument(p)
        elif action in ("courage", "cards"):
            self._done()
            self._pay(p, {"coins": BOLSTER_COST})
            if action == "courage":
                self._gain(p, "courage", upgraded(c, U_BOLSTER_COURAGE))
            else:
                self._gain(p, "cards", upgraded(c, U_BOLSTER_CARDS))
            if c.structures[WATCHTOWER] != UNBUILT:
                self._gain(p, "courage", WATCHTOWER_COURAGE)
        elif action.startswith("chaff:"):
            self._done()
            self.discard_card(p, int(action[6:]))
            self._gains(p, MILL[c.mill]["top"]["gain"])
        else:                                                   # "mill"
            step = MILL[c.mill]["top"]
            if step.get("kind") == "waterwheel":
                self._ask(K.HARVEST_HEXES, {"mode": "waterwheel", "hexes": (), "barn": False, "limit": step["gain"]["hexes"]})
            elif "any" in step["gain"]:
                self._ask(K.TRADE_MIX, {"purpose": "mill", "n": step["gain"]["any"], "mix": ()})
            else:
                self._done()
                self._pay(p, step["cost"])
                self._gains(p, step["gain"])

    def _monument(self: "WickerfairPosition", p: int) -> None:
        if self.clans[p].structures[MONUMENT] != UNBUILT:
            self._gain(p, "goodwill", MONUMENT_GOODWILL)

    def _gains(self: "WickerfairPosition", p: int, gain: dict[str, Any]) -> None:
        """Gain a card's plain gains in the order they are written (mixes, free actions and farmers are
        handled by their callers)."""
        for what, n in gain.items():
            if what in ("coins", "goodwill", "courage", "cards") or what in RES_INDEX:
                self._gain(p, what, n)

    # --- HARVEST_HEXES (§5.3, MC3 Waterwheel) --------------------------------------------------------------
    def harvest_hexes(self: "WickerfairPosition", p: int) -> list[int]:
        """Hexes ``p`` controls that hold at least 1 of its farmers and produce something."""
        c = self.clans[p]
        return [h for h in controls(self, p) if c.farmers[h] and PRODUCE[h] != -1]

    def barn_hex(self: "WickerfairPosition", p: int) -> int:
        """The Barn's hex when it may join a Harvest (built, controlled, not the Old Mill), else -1."""
        h = self.clans[p].structures[BARN]
        if h == UNBUILT or h == OLD_MILL or controller(self, h) != p or PRODUCE[h] == -1:
            return -1
        return h

    def _l_HARVEST_HEXES(self: "WickerfairPosition", p: int) -> list[str]:
        ctx = self.ctx
        chosen = ctx["hexes"]
        out = []
        if len(chosen) < ctx["limit"]:
            out += [f"hex:{HEX_IDS[h]}" for h in self.harvest_hexes(p) if h not in chosen]
        if ctx["mode"] == "harvest" and not ctx["barn"] and self.barn_hex(p) >= 0:
            out.append("barn")
        if chosen or ctx["barn"]:
            out += ["clear", "ok"]
        out.append("skip")
        return out

    def _a_HARVEST_HEXES(self: "WickerfairPosition", action: str, p: int) -> None:
        ctx = self.ctx
        if action == "skip":
            self._done()
        elif action == "clear":
            ctx["hexes"], ctx["barn"] = (), False
        elif action == "barn":
            ctx["barn"] = True
        elif action.startswith("hex:"):
            ctx["hexes"] = ctx["hexes"] + (HEX_INDEX[action[4:]],)
        else:                                                   # ok
            hexes, barn, mode = ctx["hexes"], ctx["barn"], ctx["mode"]
            self._done()
            if mode == "harvest":
                self._pay(p, harvest_cost(self.clans[p].farmers_on_map()))
            self.harvest(p, hexes, self.barn_hex(p) if barn else -1)

    def harvest(self: "WickerfairPosition", p: int, hexes: tuple[int, ...], barn: int) -> None:
        """§5.3 Effect: chosen hexes (and the Barn's) in table order; Litter's extra farmers last."""
        c = self.clans[p]
        count = {h: c.farmers[h] for h in hexes}          # newly placed farmers do not produce
        if barn >= 0:
            count[barn] = count.get(barn, 0) + 1
        made: list[str] = []
        for h in sorted(count):
            n = count[h]
            if PRODUCE[h] == VILLAGE_MAKES:
                k = min(n, c.supply)
                c.supply -= k
                c.farmers[h] += k
                if k:
                    self._touch()
                made.append(f"{HEX_IDS[h]}:+{k} farmer")
            else:
                self.res[4 * h + PRODUCE[h]] += n
                made.append(f"{HEX_IDS[h]}:+{n} {RES[PRODUCE[h]]}")
            self.events.append({"kind": "harvest", "seat": p, "hex": HEX_IDS[h], "made": made[-1]})
            self._check()
        if CLAN_ABILITY[c.clan]["id"] == "litter":
            for h in sorted(count):
                if PRODUCE[h] == VILLAGE_MAKES and c.farmers[h] and c.supply:
                    k = min(CLAN_ABILITY[HARES]["extra"], c.supply)
                    c.supply -= k
                    c.farmers[h] += k
                    self._touch()
                    self.events.append({"kind": "harvest", "seat": p, "hex": HEX_IDS[h], "made": f"{HEX_IDS[h]}:+{k} farmer (Litter)"})
                    self._check()

    # --- TRADE_MIX (§5.4; MC2 Sack Hoist) ----------------------------------------------------------------------
    def _l_TRADE_MIX(self: "WickerfairPosition", p: int) -> list[str]:
        return self._mix_legal("skip")

    def _mix_legal(self: "WickerfairPosition", cancel: str) -> list[str]:
        ctx = self.ctx
        out = [f"+{r}" for r in RES] if len(ctx["mix"]) < ctx["n"] else ["ok"]
        if ctx["mix"]:
            out.append("clear")
        out.append(cancel)
        return out

    def _a_TRADE_MIX(self: "WickerfairPosition", action: str, p: int) -> None:
        ctx = self.ctx
        if action == "skip":
            self._done()
        elif action == "clear":
            ctx["mix"] = ()
        elif action.startswith("+"):
            ctx["mix"] = ctx["mix"] + (action[1:],)
        else:                                                   # ok
            mix, purpose = ctx["mix"], ctx["purpose"]
            self._done()
            c = self.clans[p]
            if purpose == "trade":
                self._pay(p, {"coins": TRADE_COST})
            else:
                self._pay(p, MILL[c.mill]["top"]["cost"])
            for r in RES:
                self._gain(p, r, mix.count(r))
            if purpose == "trade":
                self._monument(p)

    # --- BOTTOM_DO (§5.1 step 3, §5.6; mill bottoms §7.2) --------------------------------------------------------
    def bottom_plan(self: "WickerfairPosition", p: int) -> tuple[str, dict[str, int]] | None:
        """The bottom action of the chosen column and its cost, when it is legal and payable; else None."""
        c = self.clans[p]
        if self.col == 5:
            step = MILL[c.mill]["bottom"]
            kind = step.get("kind", "plain")
            if kind == "long_haul":
                return ("long_haul", {}) if self.movable_units(p, "haul") else None
            if kind == "improve" and not self.improve_options(p):
                return None
            return (kind, step["cost"]) if self.payable(p, step["cost"], trinket=True) else None
        b = MAT_COLUMNS[c.mat][self.col - 1].b
        cost = {RES[BOTTOM_RES[b]]: self.bottom_cost(p, b)}
        if not self.placement_possible(p, b, free=False):
            return None
        return (BOTTOMS[b], cost) if self.payable(p, cost, trinket=True) else None

    def _t_bottom(self: "WickerfairPosition") -> None:
        plan = self.bottom_plan(self.active)
        if plan is None:
            return                      # not payable or not possible: the bottom is skipped (§5.1 step 3)
        self._ask(K.BOTTOM_DO, {"bottom": plan[0]})

    def _l_BOTTOM_DO(self: "WickerfairPosition", p: int) -> list[str]:
        return ["do", "skip"]

    def _a_BOTTOM_DO(self: "WickerfairPosition", action: str, p: int) -> None:
        if action == "skip":
            self._done()
            return
        kind, cost = self.bottom_plan(p)
        if self.trinket_options(p, cost):
            self._ask(K.TRINKET, {"bottom": kind})
        else:
            self._after_payment_choice(p, kind, None)

    def _after_payment_choice(self: "WickerfairPosition", p: int, kind: str, trinket: tuple[int, str] | None) -> None:
        source = "mill" if self.col == 5 else "mat"
        if kind in BOTTOM_INDEX:
            b = BOTTOM_INDEX[kind]
            self._ask(K.PLACEMENT[b], {"b": b, "pick": None, "trinket": trinket, "free": False, "source": source})
        elif kind == "long_haul":
            self.start_travel(p, "haul")
        else:                                                   # a plain mill bottom: pay and gain
            self._done()
            step = MILL[self.clans[p].mill]["bottom"]
            self._pay(p, step["cost"], trinket)
            self._gains(p, step["gain"])

    # --- TRINKET (Magpies, §4.1) ---------------------------------------------------------------------------------
    def _l_TRINKET(self: "WickerfairPosition", p: int) -> list[str]:
        c = self.clans[p]
        kind, cost = self.bottom_plan(p)
        out = [f"trinket:{v}:{w}" for v, w in self.trinket_options(p, cost)]
        if self.payable(p, cost):
            out.append("pay")
        out.append("skip")
        return out

    def _a_TRINKET(self: "WickerfairPosition", action: str, p: int) -> None:
        if action == "skip":
            self._done()
            return
        kind = self.ctx["bottom"]
        trinket = None
        if action != "pay":
            _, v, w = action.split(":")
            trinket = (int(v), w)
        self._after_payment_choice(p, kind, trinket)

    # --- placements: IMPROVE_PIN, ERECT_PLACE, BUILD_PLACE, RECRUIT_PICK (§5.6) ---------------------------------
    def improve_options(self: "WickerfairPosition", p: int) -> list[tuple[int, int]]:
        """(upgrade space, bottom action) pairs: a covered top space and an empty pin slot."""
        c = self.clans[p]
        targets = self.free_slots(p)
        return [(u, b) for u in range(len(UPGRADES)) if c.covered[u] for b in targets]

    def place_hexes(self: "WickerfairPosition", p: int, free: bool) -> list[int]:
        """Hexes (not lakes) holding a farmer of ``p``; a visitor's free action adds the herald's hex."""
        c = self.clans[p]
        hexes = {h for h in range(N_HEX) if c.farmers[h] and not IS_LAKE[h]}
        if free and c.herald >= 0 and not IS_LAKE[c.herald]:
            hexes.add(c.herald)
        return sorted(hexes)

    def placement_options(self: "WickerfairPosition", p: int, b: int, free: bool, pick: Any = None) -> list[str]:
        c = self.clans[p]
        if b == 0:
            opts = self.improve_options(p)
            if pick is None:
                return [f"pin:{UPGRADE_IDS[u]}" for u in sorted({u for u, _ in opts})]
            return [f"slot:{BOTTOMS[b2]}" for u, b2 in opts if u == pick]
        if b == 1:
            if pick is None:
                if not self.place_hexes(p, free):
                    return []
                return [f"walker:W{i + 1}" for i, w in enumerate(c.walkers) if w == UNERECTED]
            return [f"at:{HEX_IDS[h]}" for h in self.place_hexes(p, free)]
        if b == 2:
            own = structure_owner(self)
            hexes = [h for h in self.place_hexes(p, free) if own[h] == -1]
            if pick is None:
                if not hexes:
                    return []
                return [f"structure:{STRUCTURES[i]}" for i, h in enumerate(c.structures) if h == UNBUILT]
            return [f"at:{HEX_IDS[h]}" for h in hexes]
        if pick is None:
            return [f"helper:{BOTTOMS[i]}" for i in range(len(BOTTOMS)) if not c.helpers[i]]
        return [f"bonus:{bb['id']}" for i, bb in enumerate(BOARD_BONUSES) if not c.bonuses[i]]

    def placement_possible(self: "WickerfairPosition", p: int, b: int, free: bool) -> bool:
        return bool(self.placement_options(p, b, free))

    def _l_place(self: "WickerfairPosition", p: int) -> list[str]:
        ctx = self.ctx
        out = self.placement_options(p, ctx["b"], ctx["free"], ctx["pick"])
        if ctx["pick"] is not None:
            out.append("back")
        out.append("skip")
        return out

    _l_IMPROVE_PIN = _l_ERECT_PLACE = _l_BUILD_PLACE = _l_RECRUIT_PICK = _l_place

    def _a_place(self: "WickerfairPosition", action: str, p: int) -> None:
        ctx = self.ctx
        if action == "skip":
            self._done()
            return
        if action == "back":
            ctx["pick"] = None
            return
        head, _, arg = action.partition(":")
        if head in ("pin", "walker", "structure", "helper"):
            ctx["pick"] = (UPGRADE_IDS.index(arg) if head == "pin" else int(arg[1:]) - 1 if head == "walker"
                           else STRUCTURE_INDEX[arg] if head == "structure" else BOTTOM_INDEX[arg])
            return
        b, pick, trinket, free, source = ctx["b"], ctx["pick"], ctx["trinket"], ctx["free"], ctx["source"]
        self._done()
        c = self.clans[p]
        if not free:
            if source == "mill":
                self._pay(p, MILL[c.mill]["bottom"]["cost"], trinket)
            else:
                self._pay(p, {RES[BOTTOM_RES[b]]: self.bottom_cost(p, b)}, trinket)
        if b == 0:
            target = BOTTOM_INDEX[arg]
            c.covered[pick] = False
            c.slots[target] += 1
            self.events.append({"kind": "improve", "seat": p, "pin": UPGRADE_IDS[pick], "to": BOTTOMS[target]})
        elif b == 1:
            c.walkers[pick] = HEX_INDEX[arg]
            self._touch()
            self.events.append({"kind": "erect", "seat": p, "walker": pick + 1, "hex": arg})
        elif b == 2:
            c.structures[pick] = HEX_INDEX[arg]
            self._touch()
            self.events.append({"kind": "build", "seat": p, "structure": STRUCTURES[pick], "hex": arg})
        else:
            c.helpers[pick] = True
            k = next(i for i, bb in enumerate(BOARD_BONUSES) if bb["id"] == arg)
            c.bonuses[k] = True
            self.events.append({"kind": "recruit", "seat": p, "helper": BOTTOMS[pick], "bonus": arg})
        self._check()
        if b == 3:
            self._gains(p, BOARD_BONUSES[k]["gain"])
        if source == "mat" and not free:
            self._gain(p, "coins", MAT_COLUMNS[c.mat][self.col - 1].coins)
        if source == "mat" or free:
            self.pay_helpers(p, b, (p, pick) if b == 3 else None)

    _a_IMPROVE_PIN = _a_ERECT_PLACE = _a_BUILD_PLACE = _a_RECRUIT_PICK = _a_place

    def _t_free(self: "WickerfairPosition", b: int) -> None:
        """A visitor's free action (§5.6): no cost, no coins, helpers pay; skipped when impossible."""
        p = self.active
        if self.placement_possible(p, b, free=True):
            self._ask(K.PLACEMENT[b], {"b": b, "pick": None, "trinket": None, "free": True, "source": "visitor"})

    # --- helpers (§5.6) ---------------------------------------------------------------------------------------
    def neighbours(self: "WickerfairPosition", seat: int) -> list[int]:
        """The next and the previous clan in the cycle (once each; in a 2-clan game just the opponent)."""
        n = len(self.order)
        i = self.order.index(seat)
        out = []
        for q in (self.order[(i + 1) % n], self.order[(i - 1) % n]):
            if q != seat and q not in out:
                out.append(q)
        return out

    def pay_helpers(self: "WickerfairPosition", p: int, b: int, exclude: tuple[int, int] | None) -> None:
        """The active clan, then its next neighbour, then its previous one, gain their helper bonus for ``b``."""
        for q in [p] + self.neighbours(p):
            c = self.clans[q]
            if not c.helpers[b] or exclude == (q, b):
                continue
            bonus = MAT_COLUMNS[c.mat][MAT_BOTTOM_COL[c.mat][b]].helper
            self.events.append({"kind": "helper", "seat": q, "for": BOTTOMS[b], "by": p, "bonus": bonus})
            self._gain(q, bonus, 1)
