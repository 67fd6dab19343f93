"""The one protocol every Valley Tables game implements.

Shaped after OpenSpiel: a :class:`Game` describes a game and makes initial
states; a :class:`GameState` is the whole position and is advanced in place by
:meth:`GameState.apply_action`. Actions cross every boundary (UI, records,
CLI, bots) as strings in the game's own notation, so a record is readable
and a renderer never needs to understand a move to send it.

Chance is explicit: a state is built from a :class:`~py_engine.core.fairness.Chance`
(the seeded source); everything random the game ever needs is drawn from it under
a label, which is what lets a record replay byte for byte.

Hidden information is the core's job, not the UI's. Every decision says who may see the
choice made in it (:data:`PUBLIC`, :data:`PRIVATE`, :data:`SECRET`); every view of the game
is built for one viewer (:meth:`GameState.observation`, :meth:`GameState.describe`,
:meth:`GameState.events_since`), so a seat is never handed what it may not know. Bots and
UIs only ever receive those views, never the state itself.
"""
from __future__ import annotations

import importlib
import sys
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, ClassVar, Sequence

from .fairness import Chance, Stream

#: Who may see the choice made in a decision.
#: ``public``: everyone, as it is made. ``private``: only the seat that makes it; the
#: others learn what the game's words for them say (e.g. "kept 2 mail cards").
#: ``secret``: a simultaneous choice that nobody else sees until the game reveals it
#: (:meth:`GameState.secrets_revealed`); until then the others only learn that it was made.
PUBLIC, PRIVATE, SECRET = "public", "private", "secret"
VISIBILITIES = (PUBLIC, PRIVATE, SECRET)

#: The viewer of a finished game's replay: every seat's private information at once.
#: Never allowed for a running table (the table refuses it).
ALL_SEATS = "all"


class IllegalAction(ValueError):
    """An action the rules do not allow now. The message is for a player to read.

    Raising it must leave the state exactly as it was before the call. ``words`` may give the
    message in every page language (``{"en": …, "pt": …}``); without it, English only.
    """

    def __init__(self, message: str, words: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.words = words or {"en": message, "pt": message}


@dataclass(frozen=True)
class Decision:
    """What the table waits for now.

    ``players`` holds more than one seat only for simultaneous choices (e.g.
    Wickerfair's courage dials). ``visibility`` says who sees the choice (see
    :data:`VISIBILITIES`); a simultaneous choice is normally :data:`SECRET`.
    ``timer`` is the seconds the seed gives this kind of decision (the table may
    turn timers off).
    """

    kind: str
    players: tuple[int, ...]
    timer: int
    visibility: str = PUBLIC
    #: For a choice built over several decisions (Wickerfair's Travel: unit, path, carry,
    #: confirm): the action count at which it began. One clock runs for the whole choice, so
    #: stepping back or clearing never restarts it. None: the decision is a choice of its own.
    since: int | None = None
    #: For the log: the action count at which the *action* this decision is a step of began, when
    #: that action runs over several decisions (Wickerfair's Trade: the top option, then the mix).
    #: The table writes every step of one seat with the same key as ONE log entry with its parts
    #: (``docs/records.md``, "The log"), and shows the others a secret one only once it is complete.
    #: None: the same as ``since``.
    choice: int | None = None

    def __post_init__(self) -> None:
        if self.visibility not in VISIBILITIES:
            raise ValueError(f"unknown visibility {self.visibility!r}")

    @property
    def secret(self) -> bool:
        return self.visibility == SECRET

    @property
    def action_key(self) -> int | None:
        """The key that gathers steps into one log entry (None: each step is an entry of its own)."""
        return self.choice if self.choice is not None else self.since


@dataclass(frozen=True)
class OptionSpec:
    """A table option: its default, allowed values and words for the New table page
    (``label``, and ``help``: one line saying what it does)."""

    name: str
    default: Any
    choices: tuple[Any, ...] = (False, True)
    label: dict[str, str] = field(default_factory=dict)
    help: dict[str, str] = field(default_factory=dict)
    #: Words for each choice ({str(choice): {en, pt}}), for a page's list; without them the choice itself.
    choice_words: dict[str, dict[str, str]] = field(default_factory=dict)
    #: Options added after records existed leave their default out of a table's options (and so of its
    #: record): an older record, which never names them, still reads as exactly the table it was.
    omit_default: bool = False
    #: Only a table shared across devices offers it (the pace of a table over days): the New table form
    #: of a table on one device leaves it at its default.
    across_devices_only: bool = False
    #: Another option this one may leave its default only with, itself off its default (a time bank
    #: only where moves have days: ``needs="move_days"``).
    needs: str | None = None


#: Every bot level's name in a sentence, per language (a game's ``bot_levels`` are among these).
LEVEL_NAMES: dict[str, dict[str, str]] = {
    "easy": {"en": "easy", "pt": "fácil"}, "normal": {"en": "normal", "pt": "normal"},
    "hard": {"en": "hard", "pt": "difícil"}, "strong": {"en": "strong", "pt": "forte"},
    "expert": {"en": "expert", "pt": "especialista"},
}


#: Every game's clock choice: the rules page's time for each decision, or a relaxed clock with longer
#: times (the table multiplies them: ``py_engine/core/table.py``, ``RELAXED``). No clock at all is the
#: table's ``timers`` setting.
CLOCK = OptionSpec(
    "clock", "standard", ("standard", "relaxed"),
    label={"en": "Clock", "pt": "Relógio"},
    help={"en": "Standard: the rules' time for each decision. Relaxed: three times as long.",
          "pt": "Normal: o tempo das regras para cada decisão. Tranquilo: o triplo."},
    choice_words={"standard": {"en": "Standard", "pt": "Normal"}, "relaxed": {"en": "Relaxed", "pt": "Tranquilo"}},
    omit_default=True)

#: Who starts, in a game whose first player the seed draws: as the seed says, or seat 1 (people who
#: want to choose the order sit in the order they like). Elderwood has its own ``colour`` instead.
FIRST = OptionSpec(
    "first", "random", ("random", "seat-1"),
    label={"en": "First player", "pt": "Quem começa"},
    help={"en": "Drawn by the seed, or the first seat.", "pt": "Sorteado pela semente, ou o primeiro lugar."},
    choice_words={"random": {"en": "Drawn at random", "pt": "Sorteado"}, "seat-1": {"en": "Seat 1", "pt": "Lugar 1"}},
    omit_default=True)


#: Hints (``py_engine/core/analysis.py``): a seat may ask the strongest bot level for its move, and each
#: time it does is an action in the record (``@hint``, ``docs/records.md``). Always allowed at a table
#: where one seat is a person and every other a bot; elsewhere only when the table was made with
#: hints on — at a table across devices a term every participant saw before revealing.
HINTS = OptionSpec(
    "hints", False, (False, True),
    label={"en": "Hints", "pt": "Dicas"},
    help={"en": "Any person may ask for the strongest bot's move; each hint asked is in the record.",
          "pt": "Qualquer pessoa pode pedir a jogada do bot mais forte; cada dica pedida fica no registro."},
    choice_words={"False": {"en": "Off", "pt": "Desligadas"}, "True": {"en": "On", "pt": "Ligadas"}},
    omit_default=True)


def _pace(name: str, choices: tuple[int, ...], label: dict[str, str], help: dict[str, str],
          needs: str | None = None, none: dict[str, str] | None = None) -> OptionSpec:
    """One option of the pace of a table over days: a number of days, 0 by default and then left out."""
    def days(d: int) -> dict[str, str]:
        if d == 0:
            return none or {"en": "None", "pt": "Nenhum"}
        return {"en": f"{d} day{'s' if d > 1 else ''}", "pt": f"{d} dia{'s' if d > 1 else ''}"}
    return OptionSpec(name, 0, choices, label=label, help=help, choice_words={str(d): days(d) for d in choices},
                      omit_default=True, across_devices_only=True, needs=needs)


#: A table over days (``docs/records.md``, *Tables over days*): a move may take this many days (0: the
#: table is not over days; its decisions run on the seconds of the rules' timers). Every action of such
#: a table carries the host's clock's time, and the table's clock over days is ``py_engine/core/days.py``.
MOVE_DAYS = _pace("move_days", (0, 1, 2, 3, 5, 7, 14), {"en": "Time per move", "pt": "Tempo por jogada"},
                  {"en": "Over days: each move may take this many days.",
                   "pt": "Por dias: cada jogada pode levar esse número de dias."},
                  none={"en": "Live (not over days)", "pt": "Ao vivo (não por dias)"})

#: Days a seat may run over the time per move, in the whole game (its time bank).
BANK_DAYS = _pace("bank_days", (0, 1, 2, 3, 5, 7, 10, 14), {"en": "Time bank", "pt": "Banco de tempo"},
                  {"en": "Days each player may run over the time per move, in the whole game.",
                   "pt": "Dias que cada jogador pode passar do tempo por jogada, no jogo inteiro."}, "move_days")

#: Days of holiday each person may take in a year of the table: its clock stops meanwhile.
HOLIDAY_DAYS = _pace("holiday_days", (0, 3, 5, 7, 10, 14, 21, 30), {"en": "Holidays", "pt": "Férias"},
                     {"en": "Days each player may pause their clock in a year, for a holiday.",
                      "pt": "Dias por ano em que cada jogador pode parar o seu relógio, de férias."}, "move_days")

#: The pace of a table over days: every game's options end with these.
PACE = (MOVE_DAYS, BANK_DAYS, HOLIDAY_DAYS)


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

    def timeout_continues(self, player: int) -> bool:
        """Whether ``player``'s pending decision finishes a choice the table has just begun on
        their expired timer (Milehollow: the second card of a draw the table makes for you).
        The table then plays :meth:`timeout_action` again at once, also as a timer play."""
        return False

    def secrets_revealed(self) -> bool:
        """Whether the secret choices made so far are public in this position.

        Asked by the table after every action. A game with :data:`SECRET` decisions
        returns True once its reveal step has happened (e.g. both courage dials are in);
        until then the other seats see only that a secret choice was made. The default
        never reveals, which is the safe answer for a game that forgot to say.
        """
        return False

    def is_forced(self, player: int) -> bool:
        """True when the table plays for ``player`` without asking (e.g. an automatic pass)."""
        return False

    def reveals_to(self, action: str, seat: int) -> bool:
        """Whether playing ``action`` for ``seat`` (one of its legal actions now) may show ``seat`` anything
        it cannot work out from its observation and the action: a card drawn, a tile turned, another
        seat's secret, the end of the game. False is a promise that ``seat``'s observation, legal list and
        the decision after it are the same in every position its observation allows (what a guest's page
        shows at once, ``py_engine/core/preview.py``; the contract test checks it over many
        ``Game.sample_state`` positions). It must depend only on what ``seat`` sees. The default, True,
        is always safe: the page waits for the host's engine."""
        return True

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
    def observation(self, player: int | str | None) -> dict[str, Any]:
        """Everything ``player`` may know, as plain JSON data.

        ``None`` is a spectator (only public information); :data:`ALL_SEATS` sees every
        seat's private information (replays of finished games). Two states that differ
        only in what ``player`` may not see must give equal observations: the contract
        test checks it with :meth:`resample_hidden`.
        """

    def view(self, player: int | str | None) -> dict[str, Any]:
        """The JSON a renderer draws. Defaults to the observation; games may add layout."""
        return self.observation(player)

    def describe(self, action: str, lang: str = "en", viewer: int | str | None = ALL_SEATS) -> str:
        """``action`` in words as ``viewer`` may read it, in the position before it is played.

        For the log and the "All my moves" list. For a :data:`PRIVATE` decision the words
        for any other viewer must not give away what only the actor may know (which cards
        were kept); for a :data:`SECRET` one the table shows the others only "a secret
        choice" until :meth:`secrets_revealed`, then the actor's words.
        """
        return action

    def describe_played(self, action: str, lang: str = "en") -> str | None:
        """Words for the seat that just played ``action``, in the position *after* it, or None.

        For what the actor learns only by playing (the card a blind draw brought): the log
        then shows the actor these words instead of :meth:`describe`'s; nobody else sees them.
        """
        return None

    def events_since(self, mark: int, viewer: int | str | None = None) -> list[dict[str, Any]]:
        """Game events (scores, automatic plays) after index ``mark``, as ``viewer`` may see them."""
        return []

    def resample_hidden(self, viewer: int | None, stream: Stream) -> "GameState":
        """A copy in which everything ``viewer`` may not see is drawn afresh from ``stream``.

        Other seats' hands, deck orders, uncommitted secret choices: anything consistent
        with what ``viewer`` knows. The contract test compares what ``viewer`` is shown in
        both states; a game with no hidden information returns a plain clone.
        """
        return self.clone()


class Game(ABC):
    """A game: its name, player range, options, bots and a way to start."""

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[Sequence[OptionSpec]] = ()
    bot_levels: ClassVar[Sequence[str]] = ("easy", "normal")
    #: One line per bot level for the New table page, in every page language ({level: {"en", "pt"}}):
    #: what the level does and how strong it measured (docs/performance.md).
    bot_level_words: ClassVar[dict[str, dict[str, str]]] = {}
    #: Whether two people may agree a draw (the table's draw offer, py_engine/core/controls.py).
    draw_offers: ClassVar[bool] = False
    #: Whether anything is ever hidden from a seat (Elderwood: nothing). Without hidden things another seat's
    #: forced move is the same in every position a seat's view allows, so a preview may play it too.
    hidden_information: ClassVar[bool] = True

    @abstractmethod
    def new_initial_state(self, num_players: int, options: dict[str, Any], chance: Chance) -> GameState:
        """The position before the first action. All randomness comes from ``chance``."""

    def static_data(self) -> dict[str, Any] | None:
        """What never changes and every renderer needs (a map's towns and roads): fetched once by
        the page (the bridge's ``game_data``) rather than repeated in every view."""
        return None

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
            if spec.needs is not None and value != spec.default and \
                    options.get(spec.needs, known[spec.needs].default) == known[spec.needs].default:
                raise IllegalAction(f"option {spec.name!r} is only for a table with {spec.needs!r}")
            if spec.omit_default and value == spec.default:
                continue
            out[spec.name] = value
        return out

    def check_players(self, num_players: int) -> None:
        if not self.min_players <= num_players <= self.max_players:
            raise IllegalAction(
                f"{self.name} is for {self.min_players}–{self.max_players} players, not {num_players}"
            )

    #: Levels that older records may name but new tables may not offer (a level that was
    #: withdrawn). Such a record still replays; its bot moves cannot be re-derived.
    retired_bot_levels: ClassVar[Sequence[str]] = ()

    # --- the package's modules ---------------------------------------------------------------------
    # A game package has one shape (docs/architecture.md, *A game package*): the core finds the modules of
    # these roles by name in the package that defines the game's class, and loads each when first needed
    # (a page that never asks for a bot or a lesson never loads them).

    def module(self, role: str) -> ModuleType:
        """The game package's module of ``role`` (``levels``, ``sample``, ``lessons``, …): the package that
        defines the game's class, or the nearest base class's (a variant defined elsewhere, such as a
        test's, keeps its game's modules)."""
        for cls in type(self).__mro__:
            package = sys.modules.get(cls.__module__)
            if package is not None and hasattr(package, "__path__"):
                return importlib.import_module(f"{cls.__module__}.{role}")
        raise ModuleNotFoundError(f"{self.name} is not a game package")

    def sample_state(self, observation: dict[str, Any], seat: int, stream: Stream) -> GameState:
        """A position built from ``seat``'s ``observation`` alone, with everything that seat cannot see
        drawn afresh from ``stream`` (other hands from the cards nobody has seen, deck orders, others'
        uncommitted secret choices): the package's ``sample.sample_state``.

        In the result, ``observation(seat)`` and ``legal_actions(seat)`` are exactly those of the real
        position, and each hidden thing follows the pool of what the seat has not seen; that is all a
        search may assume (the contract test checks both). This is what bots, hints and reviews think
        with: the true state, and so ``resample_hidden``, is never theirs to read. Its later chance
        (a reshuffle) comes from ``stream`` too, never from the table's seed.
        """
        return self.module("sample").sample_state(observation, seat, stream)

    def check_level(self, level: str | None, retired: bool = False) -> None:
        """Refuse a bot level the game does not offer (``retired``: also admit a withdrawn one, which an
        older record may name). The one check of a level: the table, the command line and
        :meth:`make_bot` ask it."""
        if level in self.bot_levels:
            return
        if level in self.retired_bot_levels:
            if retired:
                return
            raise IllegalAction(f"the {level!r} bot has been withdrawn; this table can be replayed, not continued")
        raise IllegalAction(f"bot level must be one of {list(self.bot_levels)}")

    def make_bot(self, level: str, seat: int) -> "Bot":
        """A bot of ``level`` for ``seat``, made by the package's level table (``levels.LEVELS``: level →
        maker(game, seat)). It gets no randomness here: each choice brings its own."""
        self.check_level(level)
        return self.module("levels").LEVELS[level](self, seat)

    def lesson_state(self, num_players: int, options: dict[str, Any], position: Any, chance: Chance) -> GameState:
        """A lesson's position from its JSON (the package's ``lessons.lesson_state``; the format is there)."""
        self.check_players(num_players)
        return self.module("lessons").lesson_state(num_players, self.normalize_options(options), position, chance)

    def lesson_check(self, state: GameState, name: str, action: str, before: GameState) -> bool:
        """Whether ``action`` from ``before`` to ``state`` meets the lesson goal ``name`` (the package's
        ``lessons.lesson_check``)."""
        return self.module("lessons").lesson_check(state, name, action, before)


@dataclass
class Judgement:
    """A decision judged: the best move, the seat's win chance after it and after the move played, and
    what a search proved the move played changed (``forced``): ``"missed-win"`` (the best move wins by
    force, the move played does not) or ``"allowed-loss"`` (the move played loses by force, the best
    move does not); None when nothing was proved (``docs/performance.md``, *Reviews*)."""

    best: str
    best_chance: float
    played_chance: float
    forced: str | None = None

    @property
    def loss(self) -> float:
        return max(0.0, self.best_chance - self.played_chance)


class Bot(ABC):
    """A player that sees only its own observation and its own randomness: the bot contract.

    Three questions, each a pure function of (its level, its seat, the observation, the legal list, the
    stream, the budget): the table hands it a fresh stream per decision that only it can read
    (``docs/fairness.md``), so a reload mid-game or a verifier asking again gets the same answer. A bot
    may keep caches between calls (a mirror of the board) as long as they never change an answer.
    Budgets are counted in iterations (playouts, positions searched), never in time.

    * :meth:`choose` — the level's move, at the level's own budget (what a table plays);
    * :meth:`hint` — a move for a person who asked, at a budget the device can afford;
    * :meth:`judge` — a review's judgement of one decision: the best move and the loss of the one played.
    """

    #: The level's own budget in iterations, of which a slow device's hint asks a share (the bridge's
    #: ``hint``); None: the level's move has no budget to share, and its hint is its move.
    iterations: int | None = None

    @abstractmethod
    def choose(self, observation: dict[str, Any], legal: list[str], stream: Stream) -> str:
        """Pick one of ``legal`` from what ``observation`` shows, drawing chance from ``stream``, at the
        level's own budget."""

    def hint(self, observation: dict[str, Any], legal: list[str], stream: Stream,
             iterations: int | None = None) -> str:
        """A move for a person at this seat. ``iterations``: a smaller budget than the level's own (a
        slow device; None: the level's own, and then the hint is exactly :meth:`choose`'s move). Default:
        :meth:`choose`, for a level whose move is cheap whatever the budget."""
        return self.choose(observation, legal, stream)

    def judge(self, observation: dict[str, Any], legal: list[str], stream: Stream, played: str,
              iterations: int | None = None, full: bool = False) -> Judgement:
        """The best move of this decision and the seat's win chance after it and after ``played`` (one
        of ``legal``). ``iterations``: the budget (None: the level's review budget); ``full``: the whole
        budget even where a game saves some on decisions that cannot matter. Default, for a level that
        has no measure of a position: its own move as the best, and no loss measured (even chances)."""
        best = self.choose(observation, legal, stream)
        return Judgement(best, 0.5, 0.5)
