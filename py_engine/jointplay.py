"""A table with a joint seed played out on one machine: the host's engine, its guests and a watcher.

``python -m py_engine play GAME --joint`` writes the record (version 4) of a table of people on
several devices as a live table makes it (``docs/fairness.md``, "A joint seed"; ``docs/live.md``):
every participant — the host at seat 1, then each other person seat in seat order, standing for the
guests in the order they joined — draws a contribution and shows its commitment; the terms are fixed
with every commitment; the seed is made from the terms' digest and the contributions; the host's
engine plays the game, keeping the move chain; and one guest's page (or a spectator's) keeps what it
is promised and shown, which it adds to the record at the end as its witness (``docs/records.md``).

The people are played by bots here (each person seat by a bot of the level it is given, with the
stream its seat's bot would have), so the record verifies with ``verify`` and ``verify --bots``; the
latter says that each person seat played exactly as that bot, which it did.

A table over days (the option ``move_days``) is played on a pretend clock (:class:`PretendDays`): the
same table always gets the same times, drawn from a stream keyed by its fingerprint, never from its seed.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

from .bridge import snapshot
from .core import record as rec
from .core.commitments import terms as table_terms
from .core.days import DAY
from .core.fairness import Stream, commitment, new_seed
from .core.game import Game, IllegalAction
from .core.table import Seat, Table

#: A table over days played here starts at 2026-01-01 00:00 UTC unless told otherwise.
START = 1_767_225_600


class Page:
    """What a guest's page (``seat``) or a spectator's (``seat`` None) keeps during the game: the host's
    commitment, its own, the terms it revealed against, each value of the move chain with the number of
    complete log entries it then held, and every complete entry of the log it was shown (a move it
    could not see: null until the game reveals it). The host sends a page a snapshot only when that
    page's view changed (``web/app/live/host.js``, ``sendTo``): ``look`` after every step of the table
    keeps exactly what such a page receives."""

    def __init__(self, table: Table, seat: int | None, terms: dict[str, Any] | None = None) -> None:
        if table.joint is None:
            raise IllegalAction("only a table with a joint seed has guests who keep a witness")
        self.table, self.seat = table, seat
        own = None if seat is None else next(p["commitment"] for p in table.joint
                                              if p["who"] == table.seats[seat].name)
        self.witness: dict[str, Any] = {
            "seat": seat, "host": table.joint[0]["commitment"], "own": own,
            "terms": terms if terms is not None else table.terms, "commitments": [], "shown": [], "earlier": []}
        if table.clock is not None:
            self.witness["started"] = table.started       # as the first snapshot's ``days`` showed it
        self._last: str | None = None
        self.look()

    def look(self, at: int | None = None) -> None:
        """The page's view after a step (``at``: a table over days' time now): a snapshot arrives only
        when it differs from the last one sent (its clock, which moves with the time, aside)."""
        snap = snapshot("t", self.table, self.seat, at=at)
        view = json.dumps({k: v for k, v in snap.items() if k not in ("chain", "days", "controls")},
                          sort_keys=True, ensure_ascii=False)
        if view == self._last:
            return
        self._last = view
        complete = [e for e in snap["log"] if not e.get("draft")]
        shown = self.witness["shown"]
        days = self.table.clock is not None
        for i, e in enumerate(complete):
            if i == len(shown):
                shown.append([e["seat"], e["action"]] + ([e["time"]] if days else []))
            elif shown[i][1] is None:
                shown[i][1] = e["action"]                # a secret the game has now revealed
        kept = self.witness["commitments"]
        if not kept or kept[-1][1] != snap["chain"]:
            kept.append([len(shown), snap["chain"]])

    def record(self, record: dict[str, Any]) -> dict[str, Any]:
        """The record as this page offers it at the end: the host's, with this page's witness."""
        return {**record, "witness": json.loads(json.dumps(self.witness))}


def participants(seats: list[Seat], contributions: list[str] | None = None) -> list[dict[str, str]]:
    """One participant per person seat, seat 1's (the host's) first, the others in seat order; each with
    its contribution (fresh unless given) and that contribution's commitment."""
    people = [i for i, s in enumerate(seats) if not s.bot]
    if not people or people[0] != 0:
        raise IllegalAction("seat 1 is the host's: a person")
    if contributions is None:
        contributions = [new_seed() for _ in people]
    if len(contributions) != len(people):
        raise IllegalAction(f"{len(people)} person seats take {len(people)} contributions, not {len(contributions)}")
    return [{"who": seats[i].name, "commitment": commitment(c), "contribution": c} for i, c in zip(people, contributions)]


class PretendDays:
    """The clock of a table over days played on one machine, and what its people do with their time.

    Deterministic: every draw comes from the stream ``pretend/days`` keyed by SHA-256 of
    ``valley-tables/pretend-days/`` and the table's fingerprint (public; never the seed). A bot moves at
    once. A person seat given a decision answers, by the draw ``below(12)``: 0–7, within two thirds of the
    time per move; 8–9, after it, taking up to half of what is left of its bank; 10, half a day after its
    bank runs out; 11, three days after. Each step that goes on with the same choice comes within two
    minutes. At its fourth decision (counting from 1) a person seat with holidays takes
    ``min(3, what it has left)`` days of holiday an hour after the decision came, and moves after it.
    When a seat's time and bank have run out, the first other person seat (by seat order) acts an hour
    after its deadline: it gives one more day the first time for that decision, and otherwise lets the
    table play for the late seat (its timer move). Nobody claims: the game plays to its end."""

    HOLIDAY_AT = 4

    def __init__(self, table: Table, people: set[int]) -> None:
        self.table, self.people = table, people
        self.stream = Stream(hashlib.sha256(b"valley-tables/pretend-days/" + table.fingerprint.encode()).digest(),
                             "pretend/days")
        self.now: int = table.started  # type: ignore[assignment]
        self.planned: dict[int, int] = {}
        self.given: dict[int, int] = {}               # days given to each seat's running decision
        self.decisions = {p: 0 for p in people}

    def plan(self, seat: int) -> None:
        """When ``seat`` will answer the decision it was just given."""
        t, clock = self.table, self.table.clock
        assert clock is not None
        self.given[seat] = 0
        if t.actors and t.actors[-1] == [seat, rec.BY_SEAT] and not t.actions[-1].startswith("@"):
            self.planned[seat] = self.now + self.stream.below(120)       # the same sitting
            return
        self.decisions[seat] += 1
        move = clock.move_days * DAY
        if self.decisions[seat] == self.HOLIDAY_AT and clock.holiday_days:
            at = self.now + 3600
            n = min(3, clock.holiday_left(seat, at))
            if n and clock.on_holiday(seat, at) is None:
                t.play(f"@holiday:{n}", seat, rec.BY_SEAT, at)
                self.now = at
                self.planned[seat] = at + n * DAY + 600 + self.stream.below(move // 2)
                return
        draw = self.stream.below(12)
        bank = clock.bank[seat]
        if draw < 8:
            delay = 600 + self.stream.below(move * 2 // 3)
        elif draw < 10:
            delay = move + self.stream.below(bank // 2 + 1)
        else:
            delay = move + bank + (DAY // 2 if draw == 10 else 3 * DAY)
        self.planned[seat] = self.now + delay

    def step(self) -> tuple[str, int]:
        """Bring the clock to the next thing a person does about the decision now: ``("move", seat)`` when
        it is that seat's own move (the caller plays it at ``self.now``); else what another person did
        about a late seat, already played: ``("extend", seat)`` or ``("timer", seat)``."""
        t, clock = self.table, self.table.clock
        assert clock is not None
        d = t.decision()
        waiting = [p for p in d.players if p in self.people and p not in t.resigned]  # type: ignore[union-attr]
        for p in waiting:
            if p not in self.planned:
                self.plan(p)

        def event(p: int) -> int:
            deadline = clock.deadline(p)
            return self.planned[p] if deadline is None or self.planned[p] < deadline else deadline + 3600
        p = min(waiting, key=lambda q: (event(q), q))
        self.now = max(self.now, event(p))
        deadline = clock.deadline(p)
        if deadline is None or self.planned[p] < deadline:
            del self.planned[p]
            return "move", p
        other = next((q for q in sorted(self.people) if q != p and q not in t.resigned), None)
        if other is not None and self.given[p] == 0:
            self.given[p] += 1
            t.play(f"@extend:{p + 1}", other, rec.BY_SEAT, self.now)
            return "extend", p
        del self.planned[p]
        t.play_timeout(p, self.now)
        return "timer", p


def play(game: Game, seats: list[Seat], person_levels: dict[int, str], options: dict[str, Any] | None,
         engine: str, timers: bool = True, contributions: list[str] | None = None,
         watcher: int | None | str = "first", limit: int = 20_000,
         started: int | None = None) -> tuple[Table, dict[str, Any]]:
    """Play a joint table to its end as a live table plays it; the host's record with the witness of the
    page at seat ``watcher`` (a guest's person seat; None: a spectator; "first": the first guest, or a
    spectator when there is none). ``person_levels``: the bot level that plays each person seat. A table
    over days starts at ``started`` (default :data:`START`) and runs on :class:`PretendDays`."""
    joint = participants(seats, contributions)
    if watcher == "first":
        watcher = next((i for i, s in enumerate(seats) if not s.bot and i > 0), None)
    if watcher is not None and (not isinstance(watcher, int) or not 0 < watcher < len(seats) or seats[watcher].bot):
        raise IllegalAction("the witness is a guest's page (a person seat other than seat 1's) or a spectator's")
    # What every participant is shown before revealing, with the options as the table will hold them.
    promised = table_terms(game.name, engine, game.normalize_options(options), [s.to_json() for s in seats],
                           timers, joint)
    days = bool(game.normalize_options(options).get("move_days"))
    if days and started is None:
        started = START
    table = Table(game, seats, options, None, engine, timers, words=True, joint=joint,
                  started=started if days else None)
    if table.terms != promised:
        raise IllegalAction("the table's terms are not those shown to the participants")
    people = {i: game.make_bot(person_levels.get(i, game.bot_levels[0]), i) for i, s in enumerate(seats) if not s.bot}
    pretend = PretendDays(table, set(people)) if days else None
    table.play_forced()
    page = Page(table, watcher, promised)
    for _ in range(limit):
        d = table.decision()
        if d is None:
            break
        # The host's page plays a bot only when no person is among those to choose (host.js, schedule).
        mover = next((p for p in d.players if p in people and p not in table.resigned), d.players[0])
        at = None
        if pretend is not None:
            if mover in people:
                what, mover = pretend.step()
                if what != "move":              # another person gave the late seat a day, or let the table play
                    table.play_forced(pretend.now)
                    page.look(pretend.now)
                    continue
            at = pretend.now
        if mover in people:
            stream = table.chance.bot_stream(mover, len(table.actions))
            action = people[mover].choose(table.state.observation(mover), table.state.legal_actions(mover), stream)
        else:
            action = table.bot_choice(mover)
        table.play(action, mover, at=at)
        table.play_forced(at)
        page.look(at)
    else:
        raise IllegalAction(f"the game did not end within {limit} moves")
    return table, page.record(table.to_record())
