"""Elderwood as a Valley Tables game state: seats, notation, observation and view."""
from __future__ import annotations

from typing import Any, Optional

from ...core.fairness import Chance
from ...core.game import ALL_SEATS, Decision, GameState, IllegalAction
from . import judge, view
from .notation import game_string, status_string, tile_name
from .rules import (CREATURE_COUNTS, CREATURE_LETTERS, CREATURE_OF, COLOUR_OF, DRAW, ELDER, MAX_PLIES,
                    NUMBER_OF, OFF, Position, axial)
from .words import COLOURS, describe_move
from .bots import easy_move
from .notation import format_move
from .notation import parse_move

TIMER = 60
COLOUR_WORDS = ("ash", "walnut")
COLOUR_LETTERS = ("w", "b")

SHEET_COLUMNS = [
    {"key": "elder", "label": {"en": "Elder", "pt": "Ancião"}},
    {"key": "supply", "label": {"en": "In supply", "pt": "Na reserva"}},
]
ENDINGS = {
    "surrounded": {"en": "All six spaces around the {loser} Elder are taken: {winner} wins.",
                   "pt": "As seis casas em volta do Ancião de {loser} estão ocupadas: {winner} vence."},
    "own": {"en": "The {loser} Elder was closed in by its own player's move: {winner} wins.",
            "pt": "O Ancião de {loser} foi cercado por uma jogada do próprio jogador: {winner} vence."},
    "both": {"en": "Both Elders were closed in by the same move: a draw.",
             "pt": "Os dois Anciões foram cercados pela mesma jogada: empate."},
    "repetition": {"en": "The same position came up a third time: a draw.",
                   "pt": "A mesma posição apareceu pela terceira vez: empate."},
    "moves": {"en": "{n} moves were played and no Elder was surrounded: a draw.",
              "pt": "Foram feitas {n} jogadas sem que nenhum Ancião fosse cercado: empate."},
}


class ElderwoodState(GameState):
    """The position plus who sits where. Ash (colour w) is ``ash_seat``; it moves first."""

    num_players = 2

    def __init__(self, ash_seat: int, chance: Chance | None) -> None:
        self.ash_seat = ash_seat
        self.chance = chance
        self.pos = Position()
        self.moves: list[str] = []          # canonical MoveStrings, passes included
        # A lesson's slab laid out directly (lessons.py), which ``moves`` then start from;
        # None for every real game, which starts from the empty slab.
        self.setup: dict[str, Any] | None = None

    # --- seats and colours ------------------------------------------------
    def seat_of(self, colour: int) -> int:
        return self.ash_seat if colour == 0 else 1 - self.ash_seat

    def colour_of(self, seat: int) -> int:
        return 0 if seat == self.ash_seat else 1

    def decision(self) -> Decision | None:
        if self.pos.result is not None:
            return None
        return Decision(kind="turn", players=(self.seat_of(self.pos.ply & 1),), timer=TIMER)

    # --- moves ------------------------------------------------------------
    def legal_moves(self) -> list[Optional[tuple[int, int, int]]]:
        return self.pos.legal_moves()

    def legal_actions(self, player: int | None = None) -> list[str]:
        if self.pos.result is not None:
            return []
        if player is not None and player != self.seat_of(self.pos.ply & 1):
            return []
        return [format_move(self.pos, m) for m in self.pos.legal_moves()]

    def _check_player(self, player: int | None) -> None:
        if self.pos.result is not None:
            raise IllegalAction("The game is over")
        if player is not None and player != self.seat_of(self.pos.ply & 1):
            raise IllegalAction(f"It is {COLOUR_WORDS[self.pos.ply & 1]}'s turn, not seat {player + 1}'s")

    def apply_action(self, action: str, player: int | None = None) -> None:
        self._check_player(player)
        self.moves.append(judge.play_string(self.pos, action))

    def timeout_action(self, player: int) -> str:
        if self.pos.result is not None or player != self.seat_of(self.pos.ply & 1):
            raise IllegalAction("no move is due from that seat")
        stream = self.chance.fresh(f"timer/{self.pos.ply}") if self.chance is not None else None
        return format_move(self.pos, easy_move(self.pos, stream))

    def reveals_to(self, action: str, seat: int) -> bool:
        # Nothing in Elderwood is hidden: every position follows from the moves everyone sees.
        return False

    def is_forced(self, player: int) -> bool:
        return (self.pos.result is None and player == self.seat_of(self.pos.ply & 1)
                and self.pos.legal_moves() == [None])

    # --- end ----------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.pos.result is not None

    def winners(self) -> list[int]:
        r = self.pos.result
        if r is None:
            return []
        if r == DRAW:
            return [0, 1]
        return [self.seat_of(r)]

    def scores(self) -> list[int]:
        w = self.winners()
        return [1 if p in w else 0 for p in range(2)]

    # --- copies -------------------------------------------------------------
    def clone(self) -> "ElderwoodState":
        other = ElderwoodState.__new__(ElderwoodState)
        other.ash_seat = self.ash_seat
        other.chance = self.chance
        other.pos = self.pos.copy()
        other.moves = list(self.moves)
        other.setup = self.setup
        return other

    # --- the score sheet and the end in words ----------------------------------------
    def sheet(self) -> dict[str, Any]:
        """Extra score-sheet columns: how closed in each seat's own Elder is (the number that
        ends the game at 6) and how many tiles that seat still has to place. Elderwood keeps no
        points (a surrounded Elder decides), so the sheet has no score column (``score: False``)."""
        pos = self.pos
        rows = []
        for seat in range(2):
            colour = self.colour_of(seat)
            out = pos.where[colour * 11] != OFF
            rows.append({"seat": seat, "values": {
                "elder": f"{pos.elder_neighbours(colour)}/6" if out else "–",
                "supply": sum(pos.in_hand(colour, c) for c in range(5)),
            }})
        return {"columns": SHEET_COLUMNS, "rows": rows, "score": False}

    def ending(self) -> dict[str, str] | None:
        """How the game ended, in words (None while it goes on)."""
        pos = self.pos
        if pos.result is None:
            return None
        if pos.result == DRAW:
            if pos.reason == "both Elders surrounded":
                return dict(ENDINGS["both"])
            if pos.reason == "third repetition":
                return dict(ENDINGS["repetition"])
            return {lang: text.format(n=MAX_PLIES) for lang, text in ENDINGS["moves"].items()}
        loser = 1 - pos.result
        mover = (pos.ply - 1) & 1
        key = "own" if mover == loser else "surrounded"
        return {lang: text.format(loser=COLOURS[lang][loser], winner=COLOURS[lang][pos.result])
                for lang, text in ENDINGS[key].items()}

    # --- words and pictures -----------------------------------------------------
    def describe(self, action: str, lang: str = "en", viewer: int | str | None = ALL_SEATS) -> str:
        return describe_move(self.pos, parse_move(self.pos, action), lang)

    def game_string(self) -> str:
        return game_string(self.pos, self.moves)

    def observation(self, player: int | None) -> dict[str, Any]:
        pos = self.pos
        turn = pos.ply & 1
        stacks = []
        for cell in sorted(pos.stacks):
            q, r = axial(cell)
            stacks.append({"q": q, "r": r, "tiles": [_tile_json(t) for t in pos.stacks[cell]]})
        supply = {}
        for colour in (0, 1):
            supply[COLOUR_LETTERS[colour]] = {
                CREATURE_LETTERS[c]: CREATURE_COUNTS[c] - pos.placed[colour][c] for c in range(5)}
        result = None
        if pos.result is not None:
            result = {"status": status_string(pos), "reason": pos.reason,
                      "winner": None if pos.result == DRAW else COLOUR_LETTERS[pos.result]}
        return {
            "game": "elderwood",
            "ash_seat": self.ash_seat,
            "seats": [{"seat": s, "colour": COLOUR_WORDS[self.colour_of(s)],
                       "letter": COLOUR_LETTERS[self.colour_of(s)]} for s in range(2)],
            "history": list(self.moves),
            "gamestring": self.game_string(),
            "ply": pos.ply,
            "turn": COLOUR_LETTERS[turn],
            "to_move": None if pos.result is not None else self.seat_of(turn),
            "turn_number": pos.turn_number(turn),
            "stacks": stacks,
            "supply": supply,
            "result": result,
            **({"setup": self.setup} if self.setup is not None else {}),
        }

    def view(self, player: int | None) -> dict[str, Any]:
        return view.view(self, player)



def _tile_json(tile: int) -> dict[str, Any]:
    return {"name": tile_name(tile), "colour": COLOUR_LETTERS[COLOUR_OF[tile]],
            "creature": CREATURE_LETTERS[CREATURE_OF[tile]],
            "creature_name": ("Elder", "Owl", "Hare", "Fox", "Otter")[CREATURE_OF[tile]],
            "number": 0 if CREATURE_OF[tile] == ELDER else NUMBER_OF[tile]}
