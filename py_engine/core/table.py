"""A table: one game, its seats, its secret seed, and the log of what was played.

The table is the only thing that writes records and the only place that
decides *who* may act; the game state decides *what* is legal. The web worker,
the CLI and the verifier all go through it, so a game played anywhere saves
and replays the same way.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from . import record as rec
from .fairness import Chance, check_seed, fingerprint, new_seed
from .game import Bot, Decision, Game, GameState, IllegalAction

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


class Table:
    """Seats + options + seed + state + the action log."""

    def __init__(self, game: Game, seats: list[Seat], options: dict[str, Any] | None = None,
                 seed: str | None = None, engine_version: str = "0", timers: bool = True) -> None:
        game.check_players(len(seats))
        for i, s in enumerate(seats):
            if s.bot and s.level not in game.bot_levels:
                raise IllegalAction(f"seat {i + 1}: bot level must be one of {list(game.bot_levels)}")
        self.game = game
        self.seats = list(seats)
        self.options = game.normalize_options(options)
        self.seed = check_seed(seed) if seed is not None else new_seed()
        self.fingerprint = fingerprint(self.seed)
        self.engine_version = engine_version
        #: Whether decisions run against a clock; a table setting, not a rule, kept in the record.
        self.timers = bool(timers)
        self.chance = Chance(self.seed)
        self.state: GameState = game.new_initial_state(len(seats), self.options, self.chance)
        self.actions: list[str] = []
        self.actors: list[list[Any]] = []
        self._bots: dict[int, Bot] = {}

    # --- playing -------------------------------------------------------------
    def decision(self) -> Decision | None:
        return self.state.decision()

    def play(self, action: str, seat: int | None = None, by: str = rec.BY_SEAT) -> None:
        """Play ``action`` for ``seat`` (default: the one seat to act). Illegal → nothing changes."""
        d = self.state.decision()
        if d is None:
            raise IllegalAction("the game is over")
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
        if by == rec.BY_TIMER and not self.timers:
            raise IllegalAction("this table runs without timers")
        if by != rec.BY_SEAT:
            if by == rec.BY_TABLE and not self.state.is_forced(seat):
                raise IllegalAction("the table only plays for a seat when nothing else is legal")
            expected = self.state.timeout_action(seat)
            if action != expected:
                raise IllegalAction(f"the table would have played {expected}, not {action}")
        self.state.apply_action(action, seat)
        self.actions.append(action)
        self.actors.append([seat, by])

    def play_forced(self) -> list[str]:
        """Play every action the table makes without asking (automatic passes, set-aside tiles)."""
        played = []
        while True:
            d = self.state.decision()
            if d is None or len(d.players) != 1 or not self.state.is_forced(d.players[0]):
                return played
            action = self.state.timeout_action(d.players[0])
            self.play(action, d.players[0], rec.BY_TABLE)
            played.append(action)

    def play_timeout(self, seat: int) -> str:
        """The seat's timer ran out: the table acts for it as the seed says."""
        action = self.state.timeout_action(seat)
        self.play(action, seat, rec.BY_TIMER)
        return action

    def bot_choice(self, seat: int) -> str:
        """What the seat's bot would play now; it sees only its own observation."""
        bot = self._bots.get(seat)
        if bot is None:
            level = self.seats[seat].level or self.game.bot_levels[0]
            bot = self._bots[seat] = self.game.make_bot(level, seat, self.chance)
        return bot.choose(self.state.observation(seat), self.state.legal_actions(seat))

    def play_bots(self, limit: int = 10_000) -> list[str]:
        """Let forced moves and bot seats play until a person must act or the game ends."""
        played: list[str] = []
        for _ in range(limit):
            played += self.play_forced()
            d = self.state.decision()
            if d is None:
                break
            bots = [p for p in d.players if self.seats[p].bot]
            if not bots:
                break
            for p in bots:
                action = self.bot_choice(p)
                self.play(action, p)
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
            "version": rec.VERSION,
            "game": self.game.name,
            "engine": self.engine_version,
            "options": dict(self.options),
            "seats": [s.to_json() for s in self.seats],
            "timers": self.timers,
            "fingerprint": self.fingerprint,
            "actions": list(self.actions),
            "actors": [list(a) for a in self.actors],
        }
        if over:
            r["result"] = {"scores": self.state.scores(), "winners": self.state.winners(),
                           "outcome": self.state.outcome()}
        if reveal_seed:
            r["seed"] = self.seed
            if over:
                r["seal"] = rec.seal(r, self.seed)
        return r

    @classmethod
    def from_record(cls, data: Any, lookup: GameLookup, engine_version: str = "0",
                    play: Callable[["Table", str, int, str], None] | None = None) -> "Table":
        """Rebuild a table by replaying a record that carries its seed (an autosave, a finished game).

        ``play`` replaces :meth:`play` for each action, so a caller can watch the replay (the
        bridge describes each move in the position it was made in) without replaying twice.
        Raises :class:`~py_engine.core.record.BadRecord` or :class:`IllegalAction` naming the
        first move that does not replay.
        """
        r = rec.check_shape(data)
        if "seed" not in r:
            raise rec.BadRecord("this record does not carry its seed, so it cannot be replayed yet")
        if fingerprint(r["seed"]) != r["fingerprint"]:
            raise rec.BadRecord("the seed does not match the fingerprint shown at the start")
        try:
            game = lookup(r["game"])
        except KeyError:
            raise rec.BadRecord(f"unknown game {r['game']!r}") from None
        table = cls(game, [Seat.from_json(s) for s in r["seats"]], r["options"], r["seed"], engine_version,
                    r.get("timers", True))
        if table.options != r["options"]:
            raise rec.BadRecord("the record's options are incomplete or altered")
        for i, (action, (seat, by)) in enumerate(zip(r["actions"], r["actors"])):
            try:
                if play is None:
                    table.play(action, seat, by)
                else:
                    play(table, action, seat, by)
            except IllegalAction as e:
                raise IllegalAction(f"move {i + 1} ({action}) by seat {seat + 1}: {e}") from None
        return table
