"""Turn steps that are not actions: the column (§5.1), mission windows (§7.3), ribbons and the end (§8)."""
from __future__ import annotations

from typing import Any

from . import kinds as K
from .data import (CONFRONT_RIBBONS, COURAGE_CAP, FARMERS, GOODWILL_CAP, LAST_DAY, MISSION_IDS, MISSION_INDEX,
                   N_HELPERS, N_PINS, N_STRUCTURES, N_WALKERS, RIBBONS_TO_END)
from .position import WickerfairPosition
from .scoring import breakdown, met_missions
from .data import RES_INDEX


class FairEnds(Exception):
    """A sixth ribbon was placed: the fair ends at once (§8.2). Caught by ``apply_action``."""


class FlowMixin:
    # --- §5.1 step 1: choose a column --------------------------------------------------------------
    def _t_column(self: "WickerfairPosition") -> None:
        self._ask(K.CHOOSE_COLUMN)

    def columns(self: "WickerfairPosition", seat: int) -> list[int]:
        """Legal columns: the mat's four, plus 5 (the mill card) from the turn after taking it; never last turn's."""
        c = self.clans[seat]
        cols = [1, 2, 3, 4] + ([5] if c.mill_ready else [])
        return [n for n in cols if n != c.last_col]

    def _l_CHOOSE_COLUMN(self: "WickerfairPosition", p: int) -> list[str]:
        return [f"col:{n}" for n in self.columns(p)]

    def _timeout_CHOOSE_COLUMN(self: "WickerfairPosition", p: int) -> str:
        return f"col:{self.columns(p)[0]}"

    def _a_CHOOSE_COLUMN(self: "WickerfairPosition", action: str, p: int) -> None:
        self.col = int(action[4:])
        self.clans[p].last_col = self.col
        self._done()

    # --- mission windows (§5.1 step 4, §7.3) -----------------------------------------------------------
    def _t_window(self: "WickerfairPosition") -> None:
        met = met_missions(self, self.active)
        if met:
            self._ask(K.SHOW_MISSION, {"met": tuple(met)})

    def _l_SHOW_MISSION(self: "WickerfairPosition", p: int) -> list[str]:
        return [f"show:{MISSION_IDS[m]}" for m in self.ctx["met"]] + ["hide"]

    def _timeout_SHOW_MISSION(self: "WickerfairPosition", p: int) -> str:
        return "hide"

    def _a_SHOW_MISSION(self: "WickerfairPosition", action: str, p: int) -> None:
        self._done()
        if action == "hide":
            return
        m = MISSION_INDEX[action[5:]]
        c = self.clans[p]
        c.shown = m
        c.missions.remove(m)
        c.missions_gone.extend(c.missions)          # discarded face down: only the owner knows them
        c.missions = []
        self.events.append({"kind": "mission", "seat": p, "mission": MISSION_IDS[m]})
        self._check()

    # --- ribbons (§8.1) and the end (§8.2) ------------------------------------------------------------
    def _last_day(self: "WickerfairPosition") -> int:
        return int(self.options.get("last_day", LAST_DAY))

    def _place(self: "WickerfairPosition", seat: int, ribbon: str) -> None:
        self.clans[seat].ribbons.append(ribbon)
        self.events.append({"kind": "ribbon", "seat": seat, "ribbon": ribbon})

    def _check(self: "WickerfairPosition") -> None:
        """Place every ribbon whose condition is true now; a sixth ends the fair at once.

        Checked after every change. Clans are checked in turn order from the active clan.
        """
        n = len(self.order)
        start = self.order.index(self.active)
        ended = False
        for i in range(n):
            c = self.clans[self.order[(start + i) % n]]
            have = c.ribbons
            for rid, ok in (("improvement", c.pins_moved() == N_PINS),
                            ("walkers", c.walkers_erected() == N_WALKERS),
                            ("structures", c.structures_built() == N_STRUCTURES),
                            ("helpers", c.helpers_placed() == N_HELPERS),
                            ("farmers", c.farmers_on_map() == FARMERS),
                            ("mission", c.shown >= 0),
                            ("goodwill", c.goodwill >= GOODWILL_CAP),
                            ("courage", c.courage >= COURAGE_CAP)):
                if ok and rid not in have:
                    self._place(c.seat, rid)
            if len(have) >= RIBBONS_TO_END:
                ended = True
        if ended:
            raise FairEnds()

    def _confront_ribbon(self: "WickerfairPosition", seat: int) -> None:
        if self.clans[seat].ribbons.count("confrontation") < CONFRONT_RIBBONS:
            self._place(seat, "confrontation")

    def _finish(self: "WickerfairPosition", reason: str) -> None:
        self.over = True
        self.end_reason = reason
        self._done()
        self.tasks = []
        self.final = [breakdown(self, p) for p in range(self.num_players)]
        self.events.append({"kind": "end", "reason": reason, "day": self.day, "scores": self.final})

    def breakdown(self: "WickerfairPosition") -> list[dict[str, Any]]:
        """The itemised final coins of every seat (as if the fair ended now, while it runs)."""
        if self.final is not None:
            return self.final
        return [breakdown(self, p) for p in range(self.num_players)]

    # --- tracks (§0 caps and floors) --------------------------------------------------------------------
    def _gain(self: "WickerfairPosition", seat: int, what: str, n: int) -> None:
        """Gain ``n`` of a track, coins, home resources or courage cards; ribbons are checked after."""
        if n <= 0:
            return
        c = self.clans[seat]
        if what == "coins":
            c.coins += n
        elif what == "goodwill":
            c.goodwill = min(GOODWILL_CAP, c.goodwill + n)
        elif what == "courage":
            c.courage = min(COURAGE_CAP, c.courage + n)
        elif what == "cards":
            for _ in range(n):
                self.courage_draw(seat)
        else:
            c.home[RES_INDEX[what]] += n
        self._check()

    def _lose(self: "WickerfairPosition", seat: int, what: str, n: int) -> int:
        """Lose up to ``n`` of goodwill, courage or coins, stopping at 0; returns what was lost."""
        c = self.clans[seat]
        have = getattr(c, what)
        lost = min(have, max(0, n))
        setattr(c, what, have - lost)
        return lost
