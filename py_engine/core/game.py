"""The one protocol every Valley Tables game implements.

Shaped after OpenSpiel: a :class:`Game` describes a game and makes initial
states; a :class:`GameState` is the whole position and is advanced in place by
:meth:`GameState.apply_action`. Actions cross every boundary (UI, records,
CLI, bots) as strings in the game's own notation, so a record is readable
and a renderer never needs to understand a move to send it.

Chance is explicit: a state is built from a :class:`~py_engine.core.fairness.Chance`
(the seeded source); everything random the game ever needs is drawn from it under
a label, which is what lets a record replay byte for byte.

Hidden information is filtered by :meth:`GameState.observation`; bots and UIs only
ever receive an observation, never the state itself.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Sequence

from .fairness import Chance


class IllegalAction(ValueError):
    """An action the rules do not allow now. The message is for a player to read.

    Raising it must leave the state exactly as it was before the call.
    """


@dataclass(frozen=True)
class Decision:
    """What the table waits for now.

    ``players`` holds more than one seat only for simultaneous choices (e.g.
    Wickerfair's courage dials); ``secret`` then says that no seat may see the
    others' choices before all are in. ``timer`` is the seconds the seed gives
    this kind of decision (the table may turn timers off).
    """

    kind: str
    players: tuple[int, ...]
    timer: int
    secret: bool = False


@dataclass(frozen=True)
class OptionSpec:
    """A table option: its default, allowed values and words for the New table page."""

    name: str
    default: Any
    choices: tuple[Any, ...] = (False, True)
    label: dict[str, str] = field(default_factory=dict)


class GameState(ABC):
    """A position plus everything needed to go on from it.

    Subclasses keep their data small and copy it by hand in :meth:`clone`
    (deep-copying a whole state per move is what makes Python engines slow).
    """

    game: ClassVar["Game"]
    num_players: int

    # --- whose turn -------------------------------------------------------
    @abstractmethod
    def decision(self) -> Decision | None:
        """The decision the table waits for, or ``None`` when the game is over."""

    def current_player(self) -> int | None:
        """The one seat to act, ``None`` when terminal or when several act at once."""
        d = self.decision()
        if d is None or len(d.players) != 1:
            return None
        return d.players[0]

    # --- moves -------------------------------------------------------------
    @abstractmethod
    def legal_actions(self, player: int | None = None) -> list[str]:
        """Every legal action of ``player`` (default: the current player), in a stable order."""

    @abstractmethod
    def apply_action(self, action: str, player: int | None = None) -> None:
        """Play ``action`` for ``player`` (default: the current player).

        Raises :class:`IllegalAction` and changes nothing when it is not legal.
        """

    @abstractmethod
    def timeout_action(self, player: int) -> str:
        """What the table plays for ``player`` when their timer runs out (as the seed says).

        Must be a pure function of the position (randomness only from
        ``chance.fresh(label)``) so the verifier can re-derive and check it.
        """

    def is_forced(self, player: int) -> bool:
        """True when the table plays for ``player`` without asking (e.g. an automatic pass)."""
        return False

    # --- end ---------------------------------------------------------------
    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[int]:
        """Points per seat as the game counts them (games without points: 0s)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that won or share the win; all seats for a draw; [] while not over."""

    def returns(self) -> list[float]:
        """Winners split 1.0 between them; a draw therefore gives each seat an equal share."""
        if not self.is_terminal():
            return [0.0] * self.num_players
        w = self.winners()
        return [1.0 / len(w) if p in w else 0.0 for p in range(self.num_players)]

    def outcome(self) -> str:
        """A short machine word for the result: ``win``, ``draw`` or ``shared``."""
        w = self.winners()
        if len(w) == self.num_players and self.num_players > 1:
            return "draw"
        return "shared" if len(w) > 1 else "win"

    # --- copies ------------------------------------------------------------
    @abstractmethod
    def clone(self) -> "GameState": ...

    # --- what seats see ------------------------------------------------------
    @abstractmethod
    def observation(self, player: int | None) -> dict[str, Any]:
        """Everything ``player`` may know, as plain JSON data. ``None`` is a spectator."""

    def view(self, player: int | None) -> dict[str, Any]:
        """The JSON a renderer draws. Defaults to the observation; games may add layout."""
        return self.observation(player)

    def describe(self, action: str, lang: str = "en") -> str:
        """The action in words, for the log and the "All my moves" list."""
        return action

    def events_since(self, mark: int) -> list[dict[str, Any]]:
        """Game events (scores, automatic plays) logged after index ``mark``."""
        return []


class Game(ABC):
    """A game: its name, player range, options, bots and a way to start."""

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[Sequence[OptionSpec]] = ()
    bot_levels: ClassVar[Sequence[str]] = ("easy", "normal")

    @abstractmethod
    def new_initial_state(self, num_players: int, options: dict[str, Any], chance: Chance) -> GameState:
        """The position before the first action. All randomness comes from ``chance``."""

    def normalize_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and refuse unknown or out-of-range options with a readable error."""
        options = dict(options or {})
        known = {o.name: o for o in self.options}
        for key in options:
            if key not in known:
                raise IllegalAction(f"unknown option {key!r} for {self.name}")
        out: dict[str, Any] = {}
        for spec in self.options:
            value = options.get(spec.name, spec.default)
            if value not in spec.choices or type(value) is not type(spec.default):
                raise IllegalAction(f"option {spec.name!r} must be one of {list(spec.choices)}")
            out[spec.name] = value
        return out

    def check_players(self, num_players: int) -> None:
        if not self.min_players <= num_players <= self.max_players:
            raise IllegalAction(
                f"{self.name} is for {self.min_players}–{self.max_players} players, not {num_players}"
            )

    @abstractmethod
    def make_bot(self, level: str, seat: int, chance: Chance) -> "Bot":
        """A bot for ``seat``; its randomness must come from ``chance`` (its own labelled stream)."""


class Bot(ABC):
    """A player that sees only its own observation."""

    @abstractmethod
    def choose(self, observation: dict[str, Any], legal: list[str]) -> str:
        """Pick one of ``legal`` from what ``observation`` shows."""
