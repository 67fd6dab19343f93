"""A table: one game, its seats, its secret seed, and the log of what was played.

The table is the only thing that writes records and the only place that
decides *who* may act; the game state decides *what* is legal. The web worker,
the CLI and the verifier all go through it, so a game played anywhere saves
and replays the same way.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from dataclasses import replace
from . import controls as ctl
from . import record as rec
from .commitments import MoveChain, terms as table_terms, terms_digest
from .days import DAY, MAX_TIME, DaysClock, TooEarly, when
from .fairness import Chance, check_seed, commitment, fingerprint, joint_seed, new_seed
from .game import ALL_SEATS, PUBLIC, SECRET, Bot, Decision, Game, GameState, IllegalAction
from .log import HIDDEN_WORDS, LANGS, Entry, log_entries

#: How much longer every decision's time is on a table with the relaxed clock (option ``clock``).
RELAXED = 3


#: Finds a game by its code name. Injected so that the core imports no game.
GameLookup = Callable[[str], Game]


@dataclass(frozen=True)
class Seat:
    name: str
    bot: bool = False
    level: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot, "level": self.level}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Seat":
        return cls(data["name"], bool(data["bot"]), data.get("level"))


def _is_time(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_TIME


class Table:
    """Seats + options + seed + state + the action log."""

    def __init__(self, game: Game, seats: list[Seat], options: dict[str, Any] | None = None,
                 seed: str | None = None, engine_version: str = "0", timers: bool = True,
                 retired_levels: bool = False, words: bool = False,
                 joint: list[dict[str, str]] | None = None, joint_version: int = rec.JOINT_VERSION,
                 started: int | None = None) -> None:
        """``retired_levels`` admits bot levels a game has withdrawn (reading older records);
        ``words`` keeps each action's words for the log (pages want them; verifying does not);
        ``joint_version``: the record version whose joint-seed scheme makes the seed (3: the
        contributions alone; 4, the default: the table's terms too, ``commitments.py``);
        ``started``: at a table over days (the option ``move_days``), the host's clock's time when
        it was created, whole unix seconds (required there, refused elsewhere)."""
        game.check_players(len(seats))
        for i, s in enumerate(seats):
            if s.bot:
                try:
                    game.check_level(s.level, retired_levels)
                except IllegalAction as e:
                    raise IllegalAction(f"seat {i + 1}: {e}") from None
        self.game = game
        self.seats = list(seats)
        self.options = game.normalize_options(options)
        move_days = self.options.get("move_days", 0)
        if move_days:
            if not _is_time(started):
                raise IllegalAction("a table over days needs the time it started: whole unix seconds")
            if not timers:
                raise IllegalAction("a table over days runs its clock over days: it cannot be a table without timers")
        elif started is not None:
            raise IllegalAction("only a table over days (the option move_days) has a start time")
        #: At a table over days, when it started and each action's time (the host's clock, unix seconds).
        self.started: int | None = started
        self.times: list[int] = []
        #: The participants of a joint seed ({who, commitment, contribution}, in the table's
        #: order), or None for a seed drawn by one device.
        self.joint = [dict(p) for p in joint] if joint is not None else None
        self.joint_version = joint_version if joint is not None else None
        #: A joint table's terms (``commitments.terms``) and their digest, which the seed is made with.
        self.terms: dict[str, Any] | None = None
        self.terms_digest: str | None = None
        if self.joint is not None:
            if joint_version not in (rec.JOINT_VERSION_1, rec.JOINT_VERSION):
                raise IllegalAction(f"no joint-seed scheme of record version {joint_version!r}")
            if joint_version == rec.JOINT_VERSION:
                self.terms = table_terms(game.name, engine_version, self.options, [s.to_json() for s in self.seats],
                                         bool(timers), self.joint)
                self.terms_digest = terms_digest(self.terms)
            made = joint_seed([p["contribution"] for p in self.joint], self.terms_digest)
            for p in self.joint:
                if commitment(p["contribution"]) != p["commitment"]:
                    raise IllegalAction(f"{p['who']}'s contribution does not match its commitment")
            if seed is not None and seed != made:
                raise IllegalAction("the seed is not the one the contributions make")
            seed = made
        self.seed = check_seed(seed) if seed is not None else new_seed()
        self.fingerprint = fingerprint(self.seed)
        self.engine_version = engine_version
        #: Whether decisions run against a clock; a table setting, not a rule, kept in the record.
        self.timers = bool(timers)
        self.chance = Chance(self.seed)
        #: A joint table's running commitment to every action so far (``commitments.MoveChain``).
        self.chain = MoveChain(self.seed) if self.terms is not None else None
        #: Set when the whole game is known to be public (a replay of a finished record),
        #: so every position of it may be shown with every seat's hand.
        self.revealed = False
        self.state: GameState = game.new_initial_state(len(seats), self.options, self.chance)
        #: The clock of a table over days (``py_engine/core/days.py``), None elsewhere.
        self.clock: DaysClock | None = None
        #: Game moves applied so far (table actions are not the game's: a decision's ``since`` counts moves).
        self._moves = 0
        self.actions: list[str] = []
        self.actors: list[list[Any]] = []
        self.entries: list[Entry] = []
        self._unrevealed: list[Entry] = []
        #: Table actions (py_engine/core/controls.py): who resigned, a pending draw offer, and the
        #: record indices of the game's moves in effect (all of them but what a take-back undid).
        self.resigned: list[int] = []
        self.draw_offer: int | None = None
        #: The seat that paused the table, until it resumes it (only a seat whose every other seat
        #: is a bot, at a table with timers, on its own turn): meanwhile nothing is played.
        self.paused: int | None = None
        self.live: list[int] = []
        self.words = words
        self._bots: dict[int, Bot] = {}
        if move_days:
            self.clock = DaysClock(move_days, self.options.get("bank_days", 0), self.options.get("holiday_days", 0),
                                   started, [s.bot for s in self.seats])  # type: ignore[arg-type]
            self._tick(None, started, False)  # type: ignore[arg-type]

    # --- playing -------------------------------------------------------------
    def decision(self) -> Decision | None:
        """The decision, its time as this table's clock gives it (the relaxed clock: longer)."""
        d = self.state.decision()
        if d is not None and self.options.get("clock") == "relaxed":
            d = replace(d, timer=d.timer * RELAXED)
        return d

    def play(self, action: str, seat: int | None = None, by: str = rec.BY_SEAT, at: int | None = None) -> None:
        """Play ``action`` for ``seat`` (default: the one seat to act). Illegal → nothing changes.

        ``at``: at a table over days, the host's clock's time now (whole unix seconds, never before the
        table's last time); required there, refused elsewhere."""
        d = self.state.decision()
        if d is None:
            raise IllegalAction("the game is over")
        at = self._time(at)
        if ctl.days_action(action) is not None:
            self._days_control(action, seat, by, at)  # type: ignore[arg-type]
            return
        if seat is None:
            if len(d.players) != 1:
                raise IllegalAction("several seats choose now; say which one")
            seat = d.players[0]
        if seat not in d.players:
            raise IllegalAction(f"it is not seat {seat + 1}'s turn")
        if by not in rec.ACTORS:
            raise IllegalAction(f"unknown actor {by!r}")
        if not isinstance(action, str):
            raise IllegalAction("an action is a string in the game's notation")
        if ctl.is_control(action):
            if by != rec.BY_SEAT:
                raise IllegalAction("only a seat itself resigns, offers or answers a draw, takes a move back, "
                                    "or pauses the table")
            self._control(action, seat, at)
            return
        if self.paused is not None:
            raise IllegalAction("the table is paused: it waits until it is resumed",
                                {"en": "the table is paused: resume it first", "pt": "a mesa está pausada: retome-a antes"})
        if by == rec.BY_TIMER and not self.timers and seat not in self.resigned:
            raise IllegalAction("this table runs without timers")
        if (by == rec.BY_TIMER and self.clock is not None and seat not in self.resigned
                and not self._timer_goes_on(seat) and not self.clock.late(seat, at)):  # type: ignore[arg-type]
            raise TooEarly(seat, self.clock.deadline(seat), {"en": "the table plays for a seat over days only once "
                                                                   "its time and bank have run out",
                                                             "pt": "a mesa joga por um lugar, por dias, só quando o "
                                                                   "seu tempo e o seu banco acabaram"})
        if by != rec.BY_SEAT:
            if by == rec.BY_TABLE and not self.state.is_forced(seat):
                raise IllegalAction("the table only plays for a seat when nothing else is legal")
            expected = self.state.timeout_action(seat)
            if action != expected:
                raise IllegalAction(f"the table would have played {expected}, not {action}")
        entry = Entry(action, seat, by, d.visibility, hidden=d.visibility == SECRET, key=d.action_key,
                      index=len(self.actions))
        if self.words:
            entry.words, entry.public_words = self._words(action, seat, d.visibility)
        self.state.apply_action(action, seat)
        if self.words:
            self._words_after(entry)
        if entry.key is not None:
            nd = self.state.decision()
            entry.ends = nd is None or seat not in nd.players or nd.action_key != entry.key
        self._append(action, seat, by, at)
        entry.time = at
        self.entries.append(entry)
        self.live.append(entry.index)
        if self.draw_offer is not None and self.draw_offer != seat:
            self.draw_offer = None              # a move instead of an answer lets the offer lapse
        if entry.hidden:
            self._unrevealed.append(entry)
        self._reveal()
        self._moves += 1
        self._tick(seat, at, True)  # type: ignore[arg-type]

    def _append(self, action: str, seat: int, by: str, at: int | None = None) -> None:
        self.actions.append(action)
        self.actors.append([seat, by])
        if at is not None:
            self.times.append(at)
        if self.chain is not None:
            self.chain.add(seat, by, action, at)

    # --- a table over days (py_engine/core/days.py) ------------------------------------------------
    def now(self) -> int | None:
        """At a table over days, its last time (its start before any action); None elsewhere."""
        if self.clock is None:
            return None
        return self.times[-1] if self.times else self.started

    def _time(self, at: Any) -> int | None:
        if self.clock is None:
            if at is not None:
                raise IllegalAction("this table is not over days: its actions carry no time")
            return None
        if not _is_time(at):
            raise IllegalAction("at a table over days every action carries its time: whole unix seconds")
        last = self.now()
        if at < last:  # type: ignore[operator]
            raise IllegalAction(f"the time {at} is before the table's last time {last}: a table's times never go back")
        return at

    def _tick(self, actor: int | None, at: int, own: bool) -> None:
        """Every seat's clock after an action (``own``: a move of ``actor``'s decision)."""
        if self.clock is None:
            return
        d = self.state.decision()
        self.clock.after(actor, at, own, d.players if d is not None else (), d.since if d is not None else None,
                         self._moves - 1, self.resigned)

    def _timer_goes_on(self, seat: int) -> bool:
        """The table is finishing a choice it began on the seat's timer (``timeout_continues``)."""
        return bool(self.actors) and self.actors[-1] == [seat, rec.BY_TIMER] and \
            not ctl.is_control(self.actions[-1]) and self.state.timeout_continues(seat)

    def late(self, at: int | None = None) -> list[int]:
        """At a table over days, the seats the game waits for that are past their deadline at ``at``
        (default: the table's last time): any other person may claim against each, give it a day, or let
        the table play for it (``docs/records.md``, *Tables over days*)."""
        d = self.state.decision()
        if self.clock is None or d is None:
            return []
        at = self.now() if at is None else at
        return [s for s in d.players if s not in self.resigned and self.clock.late(s, at)]  # type: ignore[arg-type]

    def days_clock(self, at: int | None = None) -> dict[str, Any] | None:
        """The clock over days at ``at`` (default: the table's last time), as a snapshot carries it."""
        if self.clock is None:
            return None
        d = self.state.decision()
        at = self.now() if at is None else at
        return self.clock.to_json(at, d.players if d is not None else (), self.resigned)  # type: ignore[arg-type]

    def _days_control(self, action: str, seat: Any, by: str, at: int | None) -> None:
        """``@claim:K``, ``@extend:K``, ``@holiday:N`` by ``seat``, on its turn or not."""
        kind, n = ctl.days_action(action)  # type: ignore[misc]
        if self.clock is None or at is None:
            raise IllegalAction("claims, days given and holidays are for a table over days")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.seats):
            raise IllegalAction("say which seat plays it")
        if by != rec.BY_SEAT:
            raise IllegalAction("only a seat itself claims, gives a day or takes a holiday")
        if self.seats[seat].bot:
            raise IllegalAction("a bot never waits: it claims nothing, gives no day and takes no holiday")
        if seat in self.resigned:
            raise IllegalAction(f"seat {seat + 1} is out of the game")
        if n < 1:
            raise IllegalAction(f"{action!r} is not a table action: {kind}N with N a number from 1")
        late = n - 1
        if kind in (ctl.CLAIM, ctl.EXTEND):
            d = self.state.decision()
            if not late < len(self.seats):
                raise IllegalAction(f"there is no seat {n}")
            if late == seat:
                raise IllegalAction("a seat claims against another seat, or gives another seat a day, not itself")
            if self.seats[late].bot:
                raise IllegalAction(f"seat {n} is a bot, and a bot never waits: nobody claims against it")
            if late not in d.players or late in self.resigned:  # type: ignore[union-attr]
                raise IllegalAction(f"the table is not waiting for seat {n}")
            if not self.clock.late(late, at):
                claim = kind == ctl.CLAIM
                raise TooEarly(late, self.clock.deadline(late),
                               {"en": ("the game can be claimed" if claim else "a day can be given")
                                + " only once the seat's time and bank have run out",
                                "pt": ("o jogo pode ser reivindicado" if claim else "um dia pode ser dado")
                                + " só quando o tempo e o banco do lugar acabaram"})
        else:
            until = self.clock.on_holiday(seat, at)
            if until is not None:
                raise IllegalAction(f"seat {seat + 1} is on holiday until {when(until)}")
            left = self.clock.holiday_left(seat, at)
            if n > left:
                raise IllegalAction(f"seat {seat + 1} has {left} day{'s' if left != 1 else ''} of holiday left in "
                                    f"this year of the table, not {n}",
                                    {"en": f"seat {seat + 1} has {left} day{'s' if left != 1 else ''} of holiday left "
                                           f"in this year of the table, not {n}",
                                     "pt": f"o lugar {seat + 1} tem {left} dia{'s' if left != 1 else ''} de férias "
                                           f"neste ano da mesa, não {n}"})
        words = ctl.days_words(action)
        entry = Entry(action, seat, rec.BY_SEAT, PUBLIC, dict(words), dict(words), index=len(self.actions), time=at)
        self._append(action, seat, rec.BY_SEAT, at)
        if kind == ctl.CLAIM:
            self._put_out(late, "claimed")
        elif kind == ctl.EXTEND:
            self.clock.extend(late)
        else:
            self.clock.holiday(seat, at, n)
        self.entries.append(entry)
        self._reveal()
        self._tick(seat, at, False)

    def _words(self, action: str, seat: int, visibility: str) -> tuple[dict[str, str], dict[str, str]]:
        """The action's words for its seat and for everyone else, in the position before it."""
        def say(viewer: int | None) -> dict[str, str]:
            try:
                return {lang: self.state.describe(action, lang, viewer) for lang in LANGS}
            except (ValueError, KeyError, IndexError):
                return {lang: action for lang in LANGS}
        own = say(seat)
        return own, (dict(HIDDEN_WORDS) if visibility == SECRET else say(None))

    def _words_after(self, entry: Entry) -> None:
        """What the actor learnt by playing (a blind draw's card) replaces the actor's words."""
        try:
            after = {lang: self.state.describe_played(entry.action, lang) for lang in LANGS}
        except (ValueError, KeyError, IndexError):
            return
        if all(after.values()):
            entry.words = after  # type: ignore[assignment]

    def _reveal(self) -> None:
        """Once the game has revealed its secret choices, every viewer may read them."""
        if self._unrevealed and self.state.secrets_revealed():
            for e in self._unrevealed:
                e.hidden = False
                e.revealed_at = len(self.actions)
            self._unrevealed.clear()

    def play_forced(self, at: int | None = None) -> list[str]:
        """Play every action the table makes without asking (automatic passes, set-aside tiles),
        and every decision of a seat that resigned (as on its expired timer). ``at``: a table over days'
        time now (default: its last time)."""
        if at is None:
            at = self.now()
        played = []
        while True:
            d = self.state.decision()
            if d is None:
                return played
            gone = [p for p in d.players if p in self.resigned]
            if gone:
                played.append(self.play_timeout(gone[0], at))
                continue
            if len(d.players) != 1 or not self.state.is_forced(d.players[0]):
                return played
            action = self.state.timeout_action(d.players[0])
            self.play(action, d.players[0], rec.BY_TABLE, at)
            played.append(action)

    # --- table actions (py_engine/core/controls.py) ------------------------------------------
    def controls(self, seat: Any, at: int | None = None) -> list[str]:
        """The table actions ``seat`` may play now (for the page's buttons), in a stable order: on its turn
        resign, the draw offer or its answer, a take-back, pause or resume, a hint; at a table over days,
        on its turn or not, for a person seat, a claim and a day for each other seat past its deadline at
        ``at`` (default: the table's last time) and a holiday of each length it may still take."""
        d = self.state.decision()
        if d is None or not isinstance(seat, int) or seat in self.resigned:
            return []
        out: list[str] = []
        if seat in d.players:
            if self.paused is not None:
                return [ctl.RESUME] if seat == self.paused else []
            out.append(ctl.RESIGN)
            if self.draw_offer is not None and self.draw_offer != seat:
                out += [ctl.DRAW_ACCEPT, ctl.DRAW_DECLINE]
            elif self.game.draw_offers and self.draw_offer is None and self._people_besides(seat):
                out.append(ctl.DRAW_OFFER)
            if self.clock is None and self._takeback_from(seat) is not None:
                out.append(ctl.TAKEBACK)
            if self.clock is None and self.timers and not self._people_besides(seat):
                out.append(ctl.PAUSE)
            if self.hints_allowed() and len(self.state.legal_actions(seat)) >= 2:
                out.append(ctl.HINT)
        if self.clock is not None and 0 <= seat < len(self.seats) and not self.seats[seat].bot:
            at = self.now() if at is None else at
            for k in self.late(at):
                if k != seat and not self.seats[k].bot:
                    out += [f"{ctl.CLAIM}{k + 1}", f"{ctl.EXTEND}{k + 1}"]
            if self.clock.on_holiday(seat, at) is None:  # type: ignore[arg-type]
                out += [f"{ctl.HOLIDAY}{n}" for n in range(1, self.clock.holiday_left(seat, at) + 1)]  # type: ignore[arg-type]
        return out

    def hints_allowed(self) -> bool:
        """Hints at this table: always where one seat is a person and every other a bot; else only when
        the table was made with hints on (``game.HINTS``)."""
        return bool(self.options.get("hints")) or sum(not s.bot for s in self.seats) == 1

    def hints_used(self) -> list[int]:
        """How many hints each seat asked for (``@hint`` in the record)."""
        out = [0] * len(self.seats)
        for action, (seat, _) in zip(self.actions, self.actors):
            if action == ctl.HINT:
                out[seat] += 1
        return out

    @staticmethod
    def control_words(action: str) -> dict[str, str]:
        """What a table action's button says (the log says what was done: ``controls.WORDS``)."""
        if ctl.days_action(action) is not None:
            return ctl.days_words(action, button=True)
        return dict(ctl.BUTTONS[action])

    def _people_besides(self, seat: int) -> list[int]:
        return [q for q, s in enumerate(self.seats) if q != seat and not s.bot and q not in self.resigned]

    def _takeback_from(self, seat: int) -> int | None:
        """Where a take-back by ``seat`` starts in ``live`` (the first step of its last action), or None
        when it may not take back: another seat is a person, or it has no move of its own in effect."""
        if self._people_besides(seat) or any(q in self.resigned for q in range(len(self.seats))):
            return None
        by_index = {e.index: e for e in self.entries}
        j = next((k for k in range(len(self.live) - 1, -1, -1)
                  if self.actors[self.live[k]] == [seat, rec.BY_SEAT]), None)
        if j is None:
            return None
        e = by_index[self.live[j]]
        while j > 0 and e.key is not None:
            prev = by_index[self.live[j - 1]]
            if prev.seat != seat or prev.key != e.key:
                break
            j -= 1
        return j

    def _control(self, action: str, seat: int, at: int | None = None) -> None:
        if action not in ctl.ACTIONS:
            raise IllegalAction(f"unknown table action {action!r}")
        if action not in self.controls(seat, at):
            why = {ctl.RESIGN: "this seat has already resigned",
                   ctl.DRAW_OFFER: "a draw can be offered only in a game that has draws, to a person, once at a time",
                   ctl.DRAW_ACCEPT: "there is no draw offer to answer", ctl.DRAW_DECLINE: "there is no draw offer to answer",
                   ctl.TAKEBACK: "a move can be taken back only when every other seat is a bot, and you have one, "
                                 "and never at a table over days",
                   ctl.PAUSE: "a table can be paused only on your turn, with timers, when every other seat is a bot "
                              "(over days, a holiday stops your clock instead)",
                   ctl.RESUME: "the table is not paused by this seat",
                   ctl.HINT: "hints are for a table with one person and bots, or one made with hints on, and "
                             "a decision with a choice"}
            raise IllegalAction(why[action])
        undo = self._takeback_from(seat) if action == ctl.TAKEBACK else None
        entry = Entry(action, seat, rec.BY_SEAT, PUBLIC, dict(ctl.WORDS[action]), dict(ctl.WORDS[action]),
                      index=len(self.actions), time=at)
        self._append(action, seat, rec.BY_SEAT, at)
        if action == ctl.RESIGN:
            self._put_out(seat, "resigned")
        elif action == ctl.DRAW_OFFER:
            self.draw_offer = seat
        elif action == ctl.DRAW_DECLINE:
            self.draw_offer = None
        elif action == ctl.HINT:
            pass                                # counted in the record; nothing else changes
        elif action == ctl.DRAW_ACCEPT:
            self.draw_offer = None
            self.state = ctl.Overlay(self._game_state(), self.resigned, (list(range(len(self.seats))), "draw"))
        elif action == ctl.PAUSE:
            self.paused = seat
        elif action == ctl.RESUME:
            self.paused = None
        else:
            self._take_back(undo)
        self.entries.append(entry)
        self._reveal()
        if at is not None:
            self._tick(seat, at, False)

    def _put_out(self, seat: int, reason: str) -> None:
        """The seat is out (it resigned, or the game was claimed against it): never among the winners, its
        decisions the table's; with one seat left the game ends and that seat wins."""
        self.resigned.append(seat)
        self.draw_offer = None
        left = [q for q in range(len(self.seats)) if q not in self.resigned]
        ended = (left, reason) if len(left) == 1 else None
        self.state = ctl.Overlay(self._game_state(), self.resigned, ended)

    def _game_state(self) -> GameState:
        return self.state.inner if isinstance(self.state, ctl.Overlay) else self.state

    def _take_back(self, j: int) -> None:
        """Undo the moves in effect from ``live[j]`` on: the position is rebuilt from the seed and the
        moves before it (the record keeps every move, the take-back and what follows)."""
        first = self.live[j]
        self.live = self.live[:j]
        self.entries = [e for e in self.entries if e.index < first]
        self.draw_offer = None
        self.chance = Chance(self.seed)
        state = self.game.new_initial_state(len(self.seats), self.options, self.chance)
        for i in self.live:
            state.apply_action(self.actions[i], self.actors[i][0])
        self.state = state
        self._unrevealed = []
        for e in self.entries:
            if e.visibility == SECRET and (e.revealed_at is None or e.revealed_at > first):
                e.hidden, e.revealed_at = True, None
                self._unrevealed.append(e)

    def play_timeout(self, seat: int, at: int | None = None) -> str:
        """The seat's timer ran out: the table acts for it as the seed says — the whole choice,
        when the game says the next decision finishes what the table began. (Over days: only once the
        seat's time and bank have run out, ``at`` being the time now.)"""
        action = self.state.timeout_action(seat)
        self.play(action, seat, rec.BY_TIMER, at)
        while True:
            d = self.state.decision()
            if d is None or seat not in d.players or not self.state.timeout_continues(seat):
                return action
            self.play(self.state.timeout_action(seat), seat, rec.BY_TIMER, at)

    def bot(self, seat: int) -> Bot:
        """The bot sitting at ``seat`` (made once per table: it may keep caches)."""
        bot = self._bots.get(seat)
        if bot is None:
            level = self.seats[seat].level or self.game.bot_levels[0]
            bot = self._bots[seat] = self.game.make_bot(level, seat)
        return bot

    def bot_choice(self, seat: int) -> str:
        """What the seat's bot plays now: a pure function of (seed, seat, move number,
        its observation, its level). It sees its own observation and its own stream only."""
        stream = self.chance.bot_stream(seat, len(self.actions))
        return self.bot(seat).choose(self.state.observation(seat), self.state.legal_actions(seat), stream)

    # --- what a viewer is shown ------------------------------------------------------------
    def check_viewer(self, viewer: Any) -> int | str | None:
        """A seat number, None (a spectator) or ALL_SEATS once the game is over; else IllegalAction."""
        if viewer is None:
            return None
        if viewer == ALL_SEATS:
            if not self.state.is_terminal() and not self.revealed:
                raise IllegalAction("every seat's hand is shown only once the game is over")
            return ALL_SEATS
        if not isinstance(viewer, int) or isinstance(viewer, bool) or not 0 <= viewer < len(self.seats):
            raise IllegalAction("no such seat")
        return viewer

    def log(self, viewer: int | str | None, moves: int | None = None) -> list[dict[str, Any]]:
        """The log as ``viewer`` may read it (after ``moves`` actions, in a replay): the one place secret
        and private choices are masked, and steps are gathered into actions (see :func:`log_entries`)."""
        return [e for e, _, _ in log_entries(self.entries, viewer, moves)]

    def log_since(self, viewer: int | str | None, held: Any) -> dict[str, Any]:
        """The log for a page that already holds ``held`` entries of it for ``viewer``: ``log`` from
        ``log_from`` on, and ``log_changed``, earlier entries a reveal may have changed since.

        Entries never move once complete; only the last ones may still be drafts (an action under way,
        at most one per seat), so in a game with such actions the page's last entries, one per seat, are
        always sent again. Anything
        else (``held`` not a count this log could have had, a take-back just now) gets the whole log.
        """
        full = log_entries(self.entries, viewer)
        took_back = bool(self.actions) and self.actions[-1] == ctl.TAKEBACK     # entries went away
        if took_back or not isinstance(held, int) or isinstance(held, bool) or not 0 <= held <= len(full):
            return {"log": [e for e, _, _ in full]}
        drafts = len(self.seats) if any(e.key is not None for e in self.entries) else 0
        start = max(0, held - drafts)
        settled = full[start - 1][1] if start else 0
        changed = [e for e, _, revealed in full[:start] if revealed is not None and revealed > settled]
        return {"log": [e for e, _, _ in full[start:]], "log_from": start, "log_changed": changed}

    def play_bots(self, limit: int = 10_000, at: int | None = None) -> list[str]:
        """Let forced moves and bot seats play until a person must act or the game ends (``at``: a table
        over days' time now, default its last time: a bot never waits)."""
        if at is None:
            at = self.now()
        played: list[str] = []
        for _ in range(limit):
            played += self.play_forced(at)
            d = self.state.decision()
            if d is None:
                break
            bots = [p for p in d.players if self.seats[p].bot]
            if not bots:
                break
            for p in bots:
                action = self.bot_choice(p)
                self.play(action, p, rec.BY_SEAT, at)
                played.append(action)
        return played

    # --- records -------------------------------------------------------------
    def to_record(self, reveal_seed: bool | None = None) -> dict[str, Any]:
        """The record; the seed (and seal) are included once the game is over, or when asked."""
        over = self.state.is_terminal()
        if reveal_seed is None:
            reveal_seed = over
        r: dict[str, Any] = {
            "format": rec.FORMAT,
            "version": self.joint_version if self.joint is not None else rec.VERSION,
            "game": self.game.name,
            "engine": self.engine_version,
            "options": dict(self.options),
            "seats": [s.to_json() for s in self.seats],
            "timers": self.timers,
            "fingerprint": self.fingerprint,
            "actions": list(self.actions),
            "actors": [list(a) for a in self.actors],
        }
        if self.clock is not None:
            r["started"] = self.started
            r["times"] = list(self.times)
        if over:
            r["result"] = {"scores": self.state.scores(), "winners": self.state.winners(),
                           "outcome": self.state.outcome()}
        if self.joint is not None:
            keep = ("who", "commitment", "contribution") if reveal_seed else ("who", "commitment")
            r["joint"] = [{k: p[k] for k in keep} for p in self.joint]
        if reveal_seed:
            r["seed"] = self.seed
            if over:
                r["seal"] = rec.seal(r, self.seed)
        return r

    @classmethod
    def from_record(cls, data: Any, lookup: GameLookup, engine_version: str = "0",
                    words: bool = False, upto: int | None = None) -> "Table":
        """Rebuild a table by replaying a record that carries its seed (an autosave, a finished game).

        ``upto`` stops after that many actions (a replay stepping through a finished game).
        Raises :class:`~py_engine.core.record.BadRecord` or :class:`IllegalAction` naming the
        first move that does not replay.
        """
        r = rec.check_shape(data)
        if "seed" not in r:
            raise rec.BadRecord("this record does not carry its seed, so it cannot be replayed yet",
                                "este registro não traz a sua semente, então ainda não pode ser refeito",
                                field="seed")
        if fingerprint(r["seed"]) != r["fingerprint"]:
            raise rec.BadRecord("the seed does not match the fingerprint shown at the start",
                                "a semente não confere com a impressão digital mostrada no início",
                                field="seed")
        rec.check_joint(r)
        try:
            game = lookup(r["game"])
        except KeyError:
            raise rec.BadRecord(f"unknown game {r['game']!r}", f"jogo desconhecido {r['game']!r}",
                                field="game") from None
        if "joint" in r:
            # A joint table's terms name the engine that made it; the record keeps that one.
            engine_version = r["engine"]
        table = cls(game, [Seat.from_json(s) for s in r["seats"]], r["options"], r["seed"], engine_version,
                    r.get("timers", True), retired_levels=True, words=words, joint=r.get("joint"),
                    joint_version=r["version"] if "joint" in r else rec.JOINT_VERSION, started=r.get("started"))
        if table.options != r["options"]:
            raise rec.BadRecord("the record's options are incomplete or altered",
                                "as opções do registro estão incompletas ou alteradas", field="options")
        actions = r["actions"] if upto is None else r["actions"][:upto]
        for i, (action, (seat, by)) in enumerate(zip(actions, r["actors"])):
            try:
                table.play(action, seat, by, rec.time_at(r, i))
            except IllegalAction as e:
                raise IllegalAction(f"move {i + 1} ({action}) by seat {seat + 1}: {e}",
                                    {"en": f"move {i + 1} ({action}) by seat {seat + 1}: {e.words['en']}",
                                     "pt": f"jogada {i + 1} ({action}) do lugar {seat + 1}: {e.words['pt']}"}) from None
        return table
