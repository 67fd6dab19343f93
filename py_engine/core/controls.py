"""The controls people expect at a table, beside the game's own moves.

A seat may resign, offer a draw (in a game that has draws by agreement), answer one, take its
last move back when every other seat is a bot, pause the table there and resume it (a paused
table waits: no move and no timer until its seat resumes it), or ask for a hint where the table
allows it. Each is an action of that seat in the record, a
string starting with ``@`` (no game's notation starts so), played on that seat's turn, so a record
replays and verifies them like any move (``docs/records.md``, "Table actions"). The game state never
sees them: the table keeps who resigned and any pending offer, and once the game ends by them it
wraps the game's position in :class:`Overlay`, which answers the end.
"""
from __future__ import annotations

from typing import Any

from .fairness import Stream
from .game import GameState, IllegalAction

RESIGN = "@resign"
DRAW_OFFER = "@draw?"
DRAW_ACCEPT = "@draw:yes"
DRAW_DECLINE = "@draw:no"
TAKEBACK = "@takeback"
PAUSE = "@pause"
RESUME = "@resume"
#: A seat asked for the strongest bot's move (``analysis.hint``): counted, changes nothing else.
HINT = "@hint"
ACTIONS = (RESIGN, DRAW_OFFER, DRAW_ACCEPT, DRAW_DECLINE, TAKEBACK, PAUSE, RESUME, HINT)

#: A table over days (``py_engine/core/days.py``). Each names a number: ``@claim:K`` — seat K (1-based, as
#: people count seats) is past its deadline and the seat playing this claims the game against it;
#: ``@extend:K`` — one more day for seat K, past its deadline; ``@holiday:N`` — the seat playing it stops
#: its own clock for N days. Any person seat may play them, on its turn or not.
CLAIM, EXTEND, HOLIDAY = "@claim:", "@extend:", "@holiday:"
DAYS_ACTIONS = (CLAIM, EXTEND, HOLIDAY)

#: The log's words for each table action (the same for every viewer).
WORDS = {
    RESIGN: {"en": "Resigned", "pt": "Desistiu"},
    DRAW_OFFER: {"en": "Offered a draw", "pt": "Ofereceu empate"},
    DRAW_ACCEPT: {"en": "Accepted the draw", "pt": "Aceitou o empate"},
    DRAW_DECLINE: {"en": "Declined the draw", "pt": "Recusou o empate"},
    TAKEBACK: {"en": "Took back their last move", "pt": "Voltou a sua última jogada"},
    PAUSE: {"en": "Paused the table", "pt": "Pausou a mesa"},
    RESUME: {"en": "Resumed the table", "pt": "Retomou a mesa"},
    HINT: {"en": "Asked for a hint", "pt": "Pediu uma dica"},
}

#: What each table action's button says.
BUTTONS = {
    RESIGN: {"en": "Resign", "pt": "Desistir"},
    DRAW_OFFER: {"en": "Offer a draw", "pt": "Oferecer empate"},
    DRAW_ACCEPT: {"en": "Accept the draw", "pt": "Aceitar o empate"},
    DRAW_DECLINE: {"en": "Decline the draw", "pt": "Recusar o empate"},
    TAKEBACK: {"en": "Take back my last move", "pt": "Voltar a minha última jogada"},
    PAUSE: {"en": "Pause", "pt": "Pausar"},
    RESUME: {"en": "Resume", "pt": "Continuar"},
    HINT: {"en": "Hint", "pt": "Dica"},
}

#: How the table ended a game early, in words (``Overlay.view``'s ``table_end``).
ENDINGS = {
    "resigned": {"en": "The game ended by resignation.", "pt": "O jogo terminou por desistência."},
    "draw": {"en": "A draw by agreement.", "pt": "Empate por acordo."},
    "claimed": {"en": "The game ended on time: a seat ran out of time and bank, and the win was claimed.",
                "pt": "O jogo terminou pelo tempo: um lugar ficou sem tempo nem banco, e a vitória foi reivindicada."},
}


def is_control(action: Any) -> bool:
    return isinstance(action, str) and action.startswith("@")


def days_action(action: Any) -> tuple[str, int] | None:
    """``(CLAIM | EXTEND | HOLIDAY, number)`` for a table-over-days action, else None. The number is
    written in decimal without leading zeros (``@claim:2``, ``@holiday:10``): one spelling per action."""
    if not isinstance(action, str):
        return None
    for kind in DAYS_ACTIONS:
        if action.startswith(kind):
            digits = action[len(kind):]
            if digits.isdigit() and digits.isascii() and len(digits) <= 3 and str(int(digits)) == digits:
                return kind, int(digits)
            return kind, -1
    return None


#: The words of a table-over-days action: (what the log says, what its button says), ``{n}`` its number and
#: ``{s}`` a plural's ending.
_DAYS_WORDS = {
    CLAIM: ({"en": "Claimed the game: seat {n} ran out of time", "pt": "Reivindicou o jogo: o lugar {n} ficou sem tempo"},
            {"en": "Claim the win (seat {n} is out of time)", "pt": "Reivindicar a vitória (o lugar {n} está sem tempo)"}),
    EXTEND: ({"en": "Gave seat {n} one more day", "pt": "Deu mais um dia ao lugar {n}"},
             {"en": "Give seat {n} one more day", "pt": "Dar mais um dia ao lugar {n}"}),
    HOLIDAY: ({"en": "On holiday for {n} day{s}", "pt": "De férias por {n} dia{s}"},
              {"en": "Take {n} day{s} of holiday", "pt": "Tirar {n} dia{s} de férias"}),
}


def days_words(action: str, button: bool = False) -> dict[str, str]:
    """The log's words for a table-over-days action (``button``: what its button says)."""
    kind, n = days_action(action)  # type: ignore[misc]
    return {lang: text.format(n=n, s="s" if n > 1 else "") for lang, text in _DAYS_WORDS[kind][button].items()}


class Overlay(GameState):
    """The game's position with what the table added: seats that resigned, and an end the table
    decided (the last seat left after resignations, or a draw by agreement).

    Everything else is the game's own answer. With ``ended`` the game is over here whatever the
    position; else the game goes on, the resigned seats' decisions played by the table as on an
    expired timer, and at its end a resigned seat is never among the winners.
    """

    def __init__(self, inner: GameState, resigned: list[int], ended: tuple[list[int], str] | None = None) -> None:
        self.inner = inner
        self.resigned = list(resigned)
        self.ended = ended
        self.num_players = inner.num_players

    def __getattr__(self, name: str) -> Any:
        # Anything a game offers beyond the protocol (lesson checks, score breakdowns) is its own.
        if name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)

    def decision(self):
        return None if self.ended else self.inner.decision()

    def legal_actions(self, player: int | None = None) -> list[str]:
        return [] if self.ended else self.inner.legal_actions(player)

    def apply_action(self, action: str, player: int | None = None) -> None:
        if self.ended:
            raise IllegalAction("the game is over", {"en": "the game is over", "pt": "o jogo acabou"})
        self.inner.apply_action(action, player)

    def timeout_action(self, player: int) -> str:
        if self.ended:
            raise IllegalAction("the game is over")
        return self.inner.timeout_action(player)

    def timeout_continues(self, player: int) -> bool:
        return not self.ended and self.inner.timeout_continues(player)

    def is_forced(self, player: int) -> bool:
        return not self.ended and self.inner.is_forced(player)

    def secrets_revealed(self) -> bool:
        return bool(self.ended) or self.inner.secrets_revealed()

    def is_terminal(self) -> bool:
        return bool(self.ended) or self.inner.is_terminal()

    def scores(self) -> list[int]:
        return self.inner.scores()

    def winners(self) -> list[int]:
        if self.ended:
            return list(self.ended[0])
        if not self.inner.is_terminal():
            return []
        left = [p for p in range(self.num_players) if p not in self.resigned]
        won = [p for p in self.inner.winners() if p in left]
        if won:
            return won
        scores = self.inner.scores()
        best = max(scores[p] for p in left)
        return [p for p in left if scores[p] == best]

    def clone(self) -> "Overlay":
        return Overlay(self.inner.clone(), self.resigned, self.ended)

    def observation(self, player: int | str | None) -> dict[str, Any]:
        return self.inner.observation(player)

    def view(self, player: int | str | None) -> dict[str, Any]:
        out = dict(self.inner.view(player))
        out["resigned"] = list(self.resigned)
        if self.ended:
            out["table_end"] = {"reason": self.ended[1], "words": dict(ENDINGS[self.ended[1]])}
            out["ending"] = dict(ENDINGS[self.ended[1]])     # the end screen's line: not the game's own end
        return out

    def describe(self, action: str, lang: str = "en", viewer: Any = None) -> str:
        return self.inner.describe(action, lang, viewer)

    def describe_played(self, action: str, lang: str = "en") -> str | None:
        return self.inner.describe_played(action, lang)

    def events_since(self, mark: int, viewer: Any = None) -> list[dict[str, Any]]:
        return self.inner.events_since(mark, viewer)

    def resample_hidden(self, viewer: int | None, stream: Stream) -> "Overlay":
        return Overlay(self.inner.resample_hidden(viewer, stream), self.resigned, self.ended)
