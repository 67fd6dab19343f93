"""Travel (§5.2) and the mill cards' Long Haul (§7.2): moving units step by step (§6.1–6.3).

TRAVEL_UNIT is built in steps: ``unit:K`` picks a unit (``H`` the herald, ``W1``–``W4`` a walker by
ability slot, ``F@C3`` / ``F@home`` one farmer there); a walker may then ``load:farmer`` or
``load:<resource>`` from its start hex; ``to:X`` takes a step. In a Travel that one step finishes the
unit (moves already made stand); in a Long Haul the unit may go on (``to:Y``), drop what it carries
(``drop:…``) or stop (``end``). ``back`` lets go of a picked unit that has not stepped yet; ``end``
finishes the whole Travel or Long Haul. Carried farmers and resources travel on the walker's hex:
they are moved with it at every step, and whatever is still carried is left where it stops.
"""
from __future__ import annotations

from . import kinds as K
from .board import lone_farmer_owners, steps, stops_at
from .clan import HOME
from .data import (HEX_IDS, HEX_INDEX, IS_LAKE, LONE_FARMER_GOODWILL, MILL, N_HEX, RES, RES_INDEX, SPEED_STEPS,
                   TRAVEL, U_TRAVEL, W_SPEED)
from .position import WickerfairPosition
from .actions import upgraded

NO_LOAD = (0, 0, 0, 0, 0)     # farmers, grain, wood, clay, wool


class TravelMixin:
    # --- units -----------------------------------------------------------------------------------
    def unit_pos(self: "WickerfairPosition", p: int, key: str) -> int:
        c = self.clans[p]
        if key == "H":
            return c.herald
        if key[0] == "W":
            return c.walkers[int(key[1]) - 1]
        at = key[2:]
        return HOME if at == "home" else HEX_INDEX[at]

    def unit_kind(self, key: str) -> str:
        return key[0]

    def movable_units(self: "WickerfairPosition", p: int, mode: str, moved: tuple = (), fmoved: tuple = ()) -> list[str]:
        """Unit keys of ``p`` that have not moved in this Travel and have at least one step."""
        c = self.clans[p]
        fm = dict(fmoved)
        out = []
        for key, pos in c.strong_units():
            if key not in moved and steps(self, p, key[0], pos):
                out.append(key)
        if c.home_farmers and steps(self, p, "F", HOME):
            out.append("F@home")
        for h in range(N_HEX):
            if c.farmers[h] > fm.get(h, 0) and steps(self, p, "F", h):
                out.append(f"F@{HEX_IDS[h]}")
        return out

    def max_steps(self: "WickerfairPosition", p: int, key: str, mode: str) -> int:
        if mode == "travel":
            return TRAVEL["steps"]
        step = MILL[self.clans[p].mill]["bottom"]["gain"]
        if key[0] != "F" and self.clans[p].has_walker(W_SPEED):
            return SPEED_STEPS[self.clans[p].clan]
        return step["steps"]

    def start_travel(self: "WickerfairPosition", p: int, mode: str) -> None:
        c = self.clans[p]
        self.herald_moved = False
        left = upgraded(c, U_TRAVEL) if mode == "travel" else 1
        self._ask(K.TRAVEL_UNIT, {"mode": mode, "left": left, "moved": (), "fmoved": (), "unit": None,
                                  "pos": None, "load": NO_LOAD, "taken": 0, "limit": 0})

    # --- legal steps ---------------------------------------------------------------------------------
    def _l_TRAVEL_UNIT(self: "WickerfairPosition", p: int) -> list[str]:
        ctx = self.ctx
        key = ctx["unit"]
        if key is None:
            return [f"unit:{k}" for k in self.movable_units(p, ctx["mode"], ctx["moved"], ctx["fmoved"])] + ["end"]
        pos, load = ctx["pos"], ctx["load"]
        carrying = any(load)
        out = [f"to:{HEX_IDS[h]}" for h in steps(self, p, key[0], pos, carrying)]
        c = self.clans[p]
        if ctx["taken"] == 0:
            if key[0] == "W" and pos >= 0:
                fm = dict(ctx["fmoved"])
                if c.farmers[pos] - fm.get(pos, 0) > load[0]:
                    out.append("load:farmer")
                for r in range(4):
                    if self.res[4 * pos + r] > load[r + 1]:
                        out.append(f"load:{RES[r]}")
            out.append("back")
        elif carrying and not IS_LAKE[pos]:
            if load[0]:
                out.append("drop:farmer")
            out += [f"drop:{RES[r]}" for r in range(4) if load[r + 1]]
        out.append("end")
        return out

    def _timeout_TRAVEL_UNIT(self, p: int) -> str:
        return "end"

    # --- applying a step -------------------------------------------------------------------------------
    def _a_TRAVEL_UNIT(self: "WickerfairPosition", action: str, p: int) -> None:
        ctx = self.ctx
        head, _, arg = action.partition(":")
        if head == "unit":
            ctx["unit"], ctx["pos"], ctx["load"], ctx["taken"] = arg, self.unit_pos(p, arg), NO_LOAD, 0
            ctx["limit"] = self.max_steps(p, arg, ctx["mode"])
        elif head == "back":
            ctx["unit"], ctx["pos"], ctx["load"] = None, None, NO_LOAD
        elif head == "load":
            i = 0 if arg == "farmer" else RES_INDEX[arg] + 1
            ctx["load"] = tuple(v + (j == i) for j, v in enumerate(ctx["load"]))
        elif head == "drop":
            i = 0 if arg == "farmer" else RES_INDEX[arg] + 1
            ctx["load"] = tuple(v - (j == i) for j, v in enumerate(ctx["load"]))
            if i == 0:
                ctx["fmoved"] = _bump(ctx["fmoved"], ctx["pos"], 1)
        elif head == "to":
            self._step(p, HEX_INDEX[arg])
            ctx = self.ctx
            key = ctx["unit"]
            if ctx["taken"] >= ctx["limit"] or stops_at(self, p, key[0], ctx["pos"]):
                self._finish_unit(p)
        else:                                                   # end
            if ctx["unit"] is not None and ctx["taken"] > 0:
                self._finish_unit(p, ending=True)
            self._end_travel(p)
            return
        if self.dk == K.TRAVEL_UNIT and self.ctx["unit"] is None:
            ctx = self.ctx
            if ctx["left"] <= 0 or not self.movable_units(p, ctx["mode"], ctx["moved"], ctx["fmoved"]):
                self._end_travel(p)

    def _step(self: "WickerfairPosition", p: int, dest: int) -> None:
        """Move the picked unit (and what it carries) one step to ``dest``."""
        ctx = self.ctx
        c = self.clans[p]
        key, pos, load = ctx["unit"], ctx["pos"], ctx["load"]
        if key == "H":
            c.herald = dest
            self.herald_moved = True
        elif key[0] == "W":
            c.walkers[int(key[1]) - 1] = dest
        else:
            if pos == HOME:
                c.home_farmers -= 1
            else:
                c.farmers[pos] -= 1
            c.farmers[dest] += 1
        if pos >= 0 and any(load):
            c.farmers[pos] -= load[0]
            c.farmers[dest] += load[0]
            for r in range(4):
                self.res[4 * pos + r] -= load[r + 1]
                self.res[4 * dest + r] += load[r + 1]
        self._touch()
        # Public like the move itself: the board shows the last turn's steps, and animates them.
        self.events.append({"kind": "step", "seat": p, "unit": key, "from": HEX_IDS[pos] if pos >= 0 else "home",
                            "to": HEX_IDS[dest]})
        ctx["pos"] = dest
        ctx["taken"] += 1
        # A step can make a ribbon true (a farmer leaving home is the eighth on the map): it is placed
        # now, mid-haul, and a sixth ends the fair before the unit may step again (§8.2).
        self._check()

    def _finish_unit(self: "WickerfairPosition", p: int, ending: bool = False) -> None:
        """The unit stops: what it carries stays there, lone farmers go home (§6.3), it counts as moved."""
        ctx = self.ctx
        key, pos, load = ctx["unit"], ctx["pos"], ctx["load"]
        ctx["moved"] = ctx["moved"] + (key,) if key[0] != "F" else ctx["moved"]
        fm = ctx["fmoved"]
        if key[0] == "F":
            fm = _bump(fm, pos, 1)
        if load[0]:
            fm = _bump(fm, pos, load[0])
        ctx["fmoved"] = fm
        ctx["unit"], ctx["pos"], ctx["load"], ctx["taken"] = None, None, NO_LOAD, 0
        ctx["left"] -= 1
        if key[0] != "F":
            for q in lone_farmer_owners(self, p, pos):
                other = self.clans[q]
                n = other.farmers[pos]
                other.farmers[pos] = 0
                other.home_farmers += n
                self._touch()
                self.events.append({"kind": "lone_farmers", "seat": p, "owner": q, "hex": HEX_IDS[pos], "n": n})
                self._lose(p, "goodwill", LONE_FARMER_GOODWILL * n)
        self._check()
        if ctx["mode"] == "haul" and not ending:
            self._end_travel(p)

    def _end_travel(self: "WickerfairPosition", p: int) -> None:
        """After a Travel or Long Haul: confrontations, then the visitor, then the Old Mill (§5.2, §7.2)."""
        if self.dk != K.TRAVEL_UNIT:
            return
        self._done()
        self._push(("confront_all", p), ("visitor",), ("mill",))


def _bump(pairs: tuple, h: int, n: int) -> tuple:
    """``pairs`` is a sorted tuple of (hex, moved farmers there); add ``n`` at ``h``."""
    d = dict(pairs)
    d[h] = d.get(h, 0) + n
    return tuple(sorted(d.items()))
