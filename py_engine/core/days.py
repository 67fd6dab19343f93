"""The clock of a table over days: deadlines, time banks, holidays and days given, from the record alone.

At a table with the option ``move_days`` (``game.MOVE_DAYS``) every action carries the time the host's
clock gave it when the host's engine applied it (whole unix seconds, ``record["times"]``), and the table
was created at ``record["started"]``. Everything here is a pure function of those times and of the
record's actions, so a guest's page, the host's page and ``verify`` reach the same deadlines to the second
(``docs/records.md``, *Tables over days*, says it precisely enough to write again):

* a decision of a person seat starts at the time of the action that made it that seat's decision (or at
  ``started``); the steps of one compound choice (``Decision.since``) share one clock;
* its deadline is the moment the seat's *counted* time since that start — every second not inside one
  of its holidays — reaches ``move_days`` days, plus what is left of its bank, plus one day for each
  ``@extend`` given to it for this decision;
* when the seat's decision ends by its own action (by the seat, its timer or the table), the counted
  time beyond ``move_days`` days and the days given is taken from its bank, which never goes below 0;
* a holiday of N days stops the seat's clock from the time it was declared for N × 86,400 seconds; a
  seat takes at most ``holiday_days`` days of holiday in each year of the table (365 days from
  ``started``; a holiday counts in the year it begins).

Bots never wait, so they have no clock: nobody may claim against a bot.
"""
from __future__ import annotations

import time as _time
from typing import Any, Collection, Sequence

from .game import IllegalAction

DAY = 86_400
YEAR = 365 * DAY
#: The largest time a record may hold: 15 digits (``record.MAX_DIGITS``), far beyond any real clock.
MAX_TIME = 10 ** 15 - 1


def when(t: int) -> str:
    """A time as people read it in a message: ``2026-01-04 12:00 UTC``."""
    return _time.strftime("%Y-%m-%d %H:%M UTC", _time.gmtime(t))


class TooEarly(IllegalAction):
    """A claim, a day given or a timer move before the seat's deadline. ``deadline`` is the first time it
    is allowed (the verifier names the action's time with it)."""

    def __init__(self, seat: int, deadline: int | None, what: dict[str, str]) -> None:
        if deadline is None:
            en = f"{what['en']}: seat {seat + 1} has no clock running"
            pt = f"{what['pt']}: o lugar {seat + 1} não tem relógio correndo"
        else:
            en = f"{what['en']}: seat {seat + 1}'s time runs out only at {when(deadline)}"
            pt = f"{what['pt']}: o tempo do lugar {seat + 1} só acaba em {when(deadline)}"
        super().__init__(en, {"en": en, "pt": pt})
        self.deadline = deadline


class DaysClock:
    """The running clock of every seat at one table over days (rebuilt by replaying the record)."""

    def __init__(self, move_days: int, bank_days: int, holiday_days: int, started: int, bots: Sequence[bool]) -> None:
        self.move_days, self.bank_days, self.holiday_days = move_days, bank_days, holiday_days
        self.started = started
        self.bots = list(bots)
        n = len(bots)
        #: When each seat's running decision began (None: the table does not wait for it).
        self.start: list[int | None] = [None] * n
        #: Days given (``@extend``) to each seat's running decision.
        self.extended = [0] * n
        #: What is left of each seat's bank, in seconds.
        self.bank = [0 if b else bank_days * DAY for b in bots]
        #: Each seat's holidays: (from, until, days), in the order taken, never overlapping.
        self.holidays: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]

    # --- what the clock says -----------------------------------------------------------------
    def counted(self, seat: int, t0: int, t1: int) -> int:
        """Seconds from ``t0`` to ``t1`` outside the seat's holidays."""
        total = max(0, t1 - t0)
        for a, b, _ in self.holidays[seat]:
            lo, hi = max(a, t0), min(b, t1)
            if hi > lo:
                total -= hi - lo
        return total

    def deadline(self, seat: int) -> int | None:
        """When the seat's running decision runs out of time and bank (None: no decision of its runs)."""
        t = self.start[seat]
        if t is None:
            return None
        budget = self.move_days * DAY + self.bank[seat] + self.extended[seat] * DAY
        for a, b, _ in self.holidays[seat]:
            if b <= t:
                continue
            if a > t:
                if budget <= a - t:
                    return t + budget
                budget -= a - t
            t = b
        return t + budget

    def late(self, seat: int, at: int) -> bool:
        deadline = self.deadline(seat)
        return deadline is not None and at >= deadline

    def on_holiday(self, seat: int, at: int) -> int | None:
        """The end of the seat's holiday running at ``at``, or None."""
        for a, b, _ in self.holidays[seat]:
            if a <= at < b:
                return b
        return None

    def year(self, at: int) -> int:
        return max(0, at - self.started) // YEAR

    def holiday_left(self, seat: int, at: int) -> int:
        """Days of holiday the seat may still take in the table's year that ``at`` falls in."""
        if self.bots[seat]:
            return 0
        y = self.year(at)
        return max(0, self.holiday_days - sum(d for a, _, d in self.holidays[seat] if self.year(a) == y))

    # --- what changes it -------------------------------------------------------------------------
    def after(self, actor: int | None, at: int, own: bool, players: Collection[int], since: int | None,
              moves: int, out: Collection[int]) -> None:
        """Every seat's clock after an action at ``at`` by ``actor``: ``own`` when it was a move of that
        seat's decision (by itself, its timer or the table), ``players`` the seats the game waits for now,
        ``since`` the decision's compound key (``Decision.since``), ``moves`` the game's moves before the
        one just played, ``out`` the seats that resigned or were claimed against."""
        for s in range(len(self.bots)):
            waiting = s in players and not self.bots[s] and s not in out
            mine = own and s == actor
            if not waiting:
                if mine and self.start[s] is not None:
                    self._charge(s, at)
                self.start[s], self.extended[s] = None, 0
            elif self.start[s] is None:
                self.start[s], self.extended[s] = at, 0
            elif mine and not (since is not None and since <= moves):
                # The seat's own move and a new decision of its: the old one is paid for, a new clock starts.
                # (A step of a compound choice that goes on keeps its clock: ``since`` is where it began.)
                self._charge(s, at)
                self.start[s], self.extended[s] = at, 0

    def _charge(self, seat: int, at: int) -> None:
        start = self.start[seat]
        assert start is not None
        over = self.counted(seat, start, at) - self.move_days * DAY - self.extended[seat] * DAY
        if over > 0:
            self.bank[seat] = max(0, self.bank[seat] - over)

    def extend(self, seat: int) -> None:
        self.extended[seat] += 1

    def holiday(self, seat: int, at: int, days: int) -> None:
        self.holidays[seat].append((at, at + days * DAY, days))

    def to_json(self, at: int, waiting: Collection[int], out: Collection[int]) -> dict[str, Any]:
        """The clock as a snapshot carries it (``docs/architecture.md``, the bridge's ``days``)."""
        n = len(self.bots)
        deadlines = [self.deadline(s) for s in range(n)]
        return {
            "move_days": self.move_days, "bank_days": self.bank_days, "holiday_days": self.holiday_days,
            "started": self.started, "at": at,
            "deadlines": deadlines,
            "bank_left": [None if self.bots[s] else self.bank[s] for s in range(n)],
            "holiday_left": [None if self.bots[s] else self.holiday_left(s, at) for s in range(n)],
            "holiday_until": [None if self.bots[s] else self.on_holiday(s, at) for s in range(n)],
            "extended": list(self.extended),
            "late": [s for s in range(n) if s in waiting and s not in out and deadlines[s] is not None
                     and at >= deadlines[s]],  # type: ignore[operator]
        }
