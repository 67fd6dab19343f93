"""A Wickerfair position and its turn machine (§1.3 setup, §5.1 turn, §8 ribbons and end, §10 decisions).

The turn is a stack of *tasks* (``column``, ``window``, ``top``, ``bottom``…). Running a task either
does automatic work (helper payouts, a visitor meeting's draw) or asks a decision: ``dk`` is the
decision kind of §10, ``ctx`` its half-built choice (a dict of immutable values, so a clone copies it
shallowly), ``dplayers`` the seats that answer it. Answering a decision changes the state and may push
more tasks; :meth:`_advance` then runs tasks until the next decision. A sixth ribbon raises
:class:`FairEnds` from wherever it is placed, which stops everything at once (§8.2).

The action handlers live in mixins, one concept each: ``travel`` (Travel and Long Haul), ``actions``
(the other top and bottom actions, payment, helpers), ``confront`` (confrontations), ``cards``
(courage deck, visitors, mill, missions), ``observe`` (what each seat sees), ``flow`` (ribbons, end).
"""
from __future__ import annotations

from typing import Any, ClassVar

from py_engine.core.fairness import Chance
from py_engine.core.game import ALL_SEATS, Decision, Game, GameState, IllegalAction

from . import kinds as K
from . import notation
from .actions import ActionsMixin
from .cards import CardsMixin
from .clan import HOME, Clan
from .confront import ConfrontMixin
from .data import (COURAGE_DECK, ENTRIES, MILL_IDS, MISSION_IDS, N_CLANS, N_HEX, N_MATS, PRIZE_IDS, START,
                   START_CARDS, VISITOR_IDS, VISITOR_SPOTS)
from .flow import FairEnds, FlowMixin
from .observe import ObserveMixin
from .position import WickerfairPosition
from .travel import TravelMixin

#: The turn machine's steps that look at nothing the active clan cannot see (reveals_to).
OWN_TASKS = ("column", "window", "top", "bottom")

#: Every label this game draws from (docs/rules/wickerfair.md, "Fairness").
LABELS = ("setup/clans", "setup/mats", "setup/visitors", "setup/mill", "setup/prize", "setup/courage",
          "setup/missions", "courage/reshuffle", "confront/snatch")


class WickerfairState(TravelMixin, ActionsMixin, ConfrontMixin, CardsMixin, ObserveMixin, FlowMixin, WickerfairPosition,
                      GameState):
    game: ClassVar[Game]

    # --- setup (§1.3) ---------------------------------------------------------------------------
    @classmethod
    def setup(cls, num_players: int, options: dict[str, Any], chance: Chance) -> "WickerfairState":
        clans = list(range(N_CLANS))
        chance.stream("setup/clans").shuffle(clans)
        mats = list(range(N_MATS))
        chance.stream("setup/mats").shuffle(mats)
        visitors = list(range(len(VISITOR_IDS)))
        chance.stream("setup/visitors").shuffle(visitors)
        mill = list(range(len(MILL_IDS)))
        chance.stream("setup/mill").shuffle(mill)
        prizes = list(range(len(PRIZE_IDS)))
        chance.stream("setup/prize").shuffle(prizes)
        courage = list(COURAGE_DECK)
        chance.stream("setup/courage").shuffle(courage)
        missions = list(range(len(MISSION_IDS)))
        chance.stream("setup/missions").shuffle(missions)
        return cls.from_parts(num_players, options, chance, clans[:num_players], mats[:num_players], visitors,
                              mill, prizes, courage, missions)

    @classmethod
    def from_parts(cls, n: int, options: dict[str, Any], chance: Chance, clans: list[int], mats: list[int],
                   visitors: list[int], mill: list[int], prizes: list[int], courage: list[int],
                   missions: list[int]) -> "WickerfairState":
        """The position after §1.3 from already-shuffled lists (the top of every deck is its first element).

        Seat ``p`` gets clan ``clans[p]`` and mat ``mats[p]``; the mill pile is the first n + 1 mill
        cards, the face-up prize tile the first prize; courage cards and missions are dealt from the
        top in turn order.
        """
        s = cls.__new__(cls)
        s.num_players = n
        s.options = dict(options)
        s.chance = chance
        s.clans = [Clan(p, clans[p], mats[p]) for p in range(n)]
        first = min(range(n), key=lambda p: mats[p])
        cycle = sorted(range(n), key=lambda p: clans[p])          # clans are indexed in home-cycle order
        i = cycle.index(first)
        s.order = tuple(cycle[i:] + cycle[:i])
        s.res = [0] * (4 * N_HEX)
        s.tokens = [False] * N_HEX
        for h in VISITOR_SPOTS:
            s.tokens[h] = True
        s.visitor_deck, s.visitor_seen = list(visitors), [0] * len(visitors)
        k = n + START["mill_pile_extra"]
        s.mill_pile, s.mill_aside, s.mill_seen = list(mill[:k]), list(mill[k:]), 0
        s.prize, s.prize_aside = prizes[0], list(prizes[1:])
        s.courage_deck, s.courage_discard = list(courage), []
        s.mission_deck, s.mission_seen = list(missions), [0] * len(missions)
        s.day, s.turn_no, s.pos = 1, 1, 0
        s.active = s.order[0]
        s.col = 0
        s.tasks: list[tuple] = []
        s.dk, s.ctx, s.dplayers, s.since = None, {}, (), 0
        s.choice, s._stepping = 0, None
        s.n_actions = 0
        s.herald_moved = False
        s.trinket_used = False
        s.over, s.end_reason, s.final = False, None, None
        s.events: list[dict[str, Any]] = []
        s.last_confront: dict[str, Any] | None = None
        s._occ = s._own = None
        for p in s.order:
            c = s.clans[p]
            c.herald = HOME
            for h in ENTRIES[c.clan]:
                c.farmers[h] += START["farmers_on_entries"]
                c.supply -= START["farmers_on_entries"]
            for _ in range(START_CARDS[c.clan]):
                s.courage_draw(p)
            for _ in range(START["missions"]):
                c.missions.append(s.mission_deck.pop(0))
                s.mission_seen.pop(0)
        s.events.append({"kind": "setup", "order": list(s.order), "clans": [c.clan for c in s.clans],
                         "mats": [c.mat for c in s.clans], "prize": s.prize})
        s._begin_turn()
        s._advance()
        return s

    def clone(self) -> "WickerfairState":
        s = WickerfairState.__new__(WickerfairState)
        s.num_players, s.options, s.chance = self.num_players, self.options, self.chance.clone()
        s.clans = [c.clone() for c in self.clans]
        s.order, s.res, s.tokens = self.order, self.res[:], self.tokens[:]
        s.visitor_deck, s.visitor_seen = self.visitor_deck[:], self.visitor_seen[:]
        s.mill_pile, s.mill_aside, s.mill_seen = self.mill_pile[:], self.mill_aside[:], self.mill_seen
        s.prize, s.prize_aside = self.prize, self.prize_aside[:]
        s.courage_deck, s.courage_discard = self.courage_deck[:], self.courage_discard[:]
        s.mission_deck, s.mission_seen = self.mission_deck[:], self.mission_seen[:]
        s.day, s.turn_no, s.pos, s.active, s.col = self.day, self.turn_no, self.pos, self.active, self.col
        s.tasks = self.tasks[:]
        s.dk, s.ctx, s.dplayers, s.since = self.dk, dict(self.ctx), self.dplayers, self.since
        s.choice, s._stepping = self.choice, None
        s.n_actions = self.n_actions
        s.herald_moved, s.trinket_used = self.herald_moved, self.trinket_used
        s.over, s.end_reason, s.final = self.over, self.end_reason, self.final
        s.events = self.events[:]
        s.last_base = getattr(self, "last_base", None)
        s.last_confront = self.last_confront
        s._occ, s._own = self._occ, self._own          # caches are replaced, never edited in place
        return s

    # --- the task machine -------------------------------------------------------------------------
    def _touch(self) -> None:
        """A piece moved: drop the cached occupancy and structure maps."""
        self._occ = None
        self._own = None

    def _ask(self, kind: str, ctx: dict[str, Any] | None = None, players: tuple[int, ...] | None = None) -> None:
        self.dk = kind
        self.ctx = ctx if ctx is not None else {}
        self.dplayers = players if players is not None else (self.active,)
        self.since = self.n_actions
        # A decision asked by the step just played, of the same seat, goes on with the same action
        # (the Trade's mix after its option; a placement after the bottom's "do"): one log entry.
        # Its clock is its own (``since``); only the log gathers the steps (``choice``).
        go_on = (self._stepping is not None and self.dplayers == (self._stepping[0],)
                 and K.VISIBILITY[kind] == self._stepping[2])
        self.choice = self._stepping[1] if go_on else self.n_actions

    def _done(self) -> None:
        self.dk, self.ctx, self.dplayers = None, {}, ()

    def _push(self, *tasks: tuple) -> None:
        """Queue ``tasks`` to run next, in the order given."""
        self.tasks.extend(reversed(tasks))

    def _advance(self) -> None:
        ran = getattr(self, "_ran", None)        # reveals_to's copy notes every task it runs
        while self.dk is None and not self.over:
            if not self.tasks:
                if ran is not None:
                    ran.append("next_turn")
                self._next_turn()
                continue
            task = self.tasks.pop()
            if ran is not None:
                ran.append(task[0])
            getattr(self, "_t_" + task[0])(*task[1:])

    def _begin_turn(self) -> None:
        c = self.clans[self.active]
        c.mill_ready = c.mill >= 0
        self.col = 0
        self.trinket_used = False
        self.events.append({"kind": "turn", "seat": self.active, "day": self.day, "turn": self.turn_no})
        self._push(("column",), ("window",), ("top",), ("window",), ("bottom",), ("window",))

    def _next_turn(self) -> None:
        self.pos += 1
        if self.pos == len(self.order):
            if self.day >= self._last_day():
                self._finish("day")
                return
            self.day += 1
            self.pos = 0
        self.turn_no += 1
        self.active = self.order[self.pos]
        self._begin_turn()

    # --- protocol ------------------------------------------------------------------------------------
    def decision(self) -> Decision | None:
        if self.over or self.dk is None:
            return None
        return Decision(self.dk, self.dplayers, K.timer(self.dk, bool(self.ctx.get("free"))), K.VISIBILITY[self.dk],
                        since=self.since, choice=self.choice)

    def _player(self, player: int | None) -> int:
        if player is None:
            if len(self.dplayers) != 1:
                raise IllegalAction("several clans choose now; say which one")
            return self.dplayers[0]
        return player

    def legal_actions(self, player: int | None = None) -> list[str]:
        if self.over or self.dk is None:
            return []
        p = self._player(player) if player is not None or len(self.dplayers) == 1 else None
        if p is None or p not in self.dplayers:
            return []
        return getattr(self, "_l_" + self.dk)(p)

    def apply_action(self, action: str, player: int | None = None) -> None:
        if self.over:
            raise IllegalAction("the game is over")
        p = self._player(player)
        if p not in self.dplayers:
            raise IllegalAction(f"it is not seat {p + 1}'s decision")
        if not isinstance(action, str) or action not in self.legal_actions(p):
            raise IllegalAction(notation.why_not(self, action, p))
        self.n_actions += 1
        self._stepping = (p, self.choice, K.VISIBILITY[self.dk])
        try:
            try:
                getattr(self, "_a_" + self.dk)(action, p)
            finally:
                self._stepping = None
            self._advance()
        except FairEnds:
            self._finish("ribbons")

    def timeout_action(self, player: int) -> str:
        if self.over or player not in self.dplayers:
            raise IllegalAction("this seat has no decision to time out")
        return getattr(self, "_timeout_" + self.dk, self._timeout_skip)(player)

    def _timeout_skip(self, player: int) -> str:
        return "skip"

    def is_forced(self, player: int) -> bool:
        if self.over or player not in self.dplayers:
            return False
        legal = self.legal_actions(player)
        return len(legal) == 1 and legal[0] == self.timeout_action(player)

    def reveals_to(self, action: str, seat: int) -> bool:
        """False for a step after which the same seat decides again, having run at most its own turn's
        steps that look at nothing hidden (its column, its mission window — its own missions —, its top
        and bottom actions asked): a step that keeps its decision open (a unit picked, a step taken, a
        load, a hex of a harvest, a resource added to a mix, a step back), one that asks its next part at
        once (the top option's Travel, Harvest or Trade; the bottom action's placement or Trinkets), a
        column chosen, a top action finished before the bottom one. Nothing is drawn or turned and no other
        clan answers. A courage commit is secret (the last one in shows both sides); any other step may draw
        a courage card (a helper's payout), meet a visitor, look at missions or the mill pile, start another
        clan's turn or end the fair. Played on a copy; what it checks (the decision, the steps the turn
        machine ran, the events) is public."""
        if self.over or self.dk == K.COURAGE_COMMIT:
            return True
        c = self.clone()
        c._ran = []
        mark = len(c.events)
        c.apply_action(action, seat)
        if c.over or c.dk is None or c.dplayers != (seat,):
            return True
        if c._ran and (seat != self.active or any(task not in OWN_TASKS for task in c._ran)):
            return True
        return any(e.get("seen_by") is not None or e["kind"] in ("draw", "draw_lost", "reshuffle")
                   for e in c.events[mark:])

    def secrets_revealed(self) -> bool:
        # A courage commit is secret until both sides are in; a fresh commit with no step taken yet
        # holds no secret, so the previous confrontation's dials are shown before the next one starts.
        return self.dk != K.COURAGE_COMMIT or not self.ctx.get("steps")

    def is_terminal(self) -> bool:
        return self.over

    def scores(self) -> list[int]:
        return [b["total"] for b in self.breakdown()]

    def winners(self) -> list[int]:
        if not self.over:
            return []
        sc = self.scores()
        best = max(sc)
        return [p for p, v in enumerate(sc) if v == best]

    def describe(self, action: str, lang: str = "en", viewer: int | str | None = ALL_SEATS) -> str:
        return notation.describe(self, action, lang, viewer)

    def events_since(self, mark: int, viewer: int | str | None = None) -> list[dict[str, Any]]:
        out = []
        for e in self.events[mark:]:
            to = e.get("seen_by")
            if to is None:
                out.append(e)
            elif viewer == ALL_SEATS or viewer in to:
                out.append({k: v for k, v in e.items() if k != "public"})
            elif e.get("public") is not None:
                out.append(e["public"])
        return out


__all__ = ["WickerfairState", "LABELS"]
