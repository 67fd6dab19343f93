"""A Universal Hive Protocol engine for Elderwood's base game (``python -m py_engine uhp``).

Commands: ``info``, ``newgame [Base|GameString]``, ``validmoves``, ``play MoveString``,
``pass``, ``undo [n]``, ``bestmove time hh:mm:ss``, ``bestmove depth N``,
``options [get Name | set Name Value]``, ``exit``. Every reply ends with ``ok``;
errors are ``err …`` and refused moves ``invalidmove …`` (both still followed by ``ok``).
Only the ``Base`` game type exists here (no expansion tiles).
"""
from __future__ import annotations

import sys
import time
from typing import Callable, TextIO

from ... import __version__
from ...core.game import IllegalAction
from .judge import parse_game_string, play_string
from .notation import GAME_TYPE, format_move, game_string
from .rules import Position
from .expert import Search


class UhpError(Exception):
    pass


OPTIONS = {
    # name: (type, default, min, max)
    "MaxNodes": ("int", 20000, 100, 10_000_000),
    "MaxDepth": ("int", 6, 1, 20),
}


class Engine:
    def __init__(self, out: Callable[[str], None]) -> None:
        self.out = out
        self.pos: Position | None = None
        self.moves: list[str] = []
        self.options = {k: v[1] for k, v in OPTIONS.items()}
        self.tt: dict = {}

    # --- plumbing --------------------------------------------------------------
    def handle(self, line: str) -> bool:
        """Run one command; False once ``exit`` was asked."""
        words = line.split()
        if not words:
            return True
        cmd, args = words[0].lower(), words[1:]
        if cmd == "exit":
            return False
        try:
            fn = getattr(self, "cmd_" + cmd, None)
            if fn is None:
                raise UhpError(f"Invalid command '{words[0]}'. Commands: info, newgame, play, pass, "
                               f"validmoves, bestmove, undo, options, exit.")
            fn(args, line)
        except IllegalAction as e:
            self.out(f"invalidmove {e}")
        except UhpError as e:
            self.out(f"err {e}")
        except (ValueError, IndexError) as e:
            self.out(f"err {e}")
        self.out("ok")
        return True

    def _need_game(self, playing: bool = True) -> Position:
        if self.pos is None:
            raise UhpError("No game in progress. Try 'newgame' to start a new game.")
        if playing and self.pos.result is not None:
            raise UhpError("The game is over. Try 'newgame' to start a new game.")
        return self.pos

    def _game_string(self) -> str:
        assert self.pos is not None
        return game_string(self.pos, self.moves)

    # --- commands ----------------------------------------------------------------
    def cmd_info(self, args: list[str], line: str) -> None:
        self.out(f"id Valley Tables Elderwood v{__version__}")
        self.out("")  # no expansion capabilities: the base game only

    def cmd_newgame(self, args: list[str], line: str) -> None:
        text = line.strip()[len("newgame"):].strip()
        if not text or text == GAME_TYPE:
            self.pos, self.moves = Position(), []
        elif ";" in text:
            try:
                self.pos, self.moves = parse_game_string(text)
            except IllegalAction as e:
                raise UhpError(f"Unable to load the GameString: {e}") from None
        else:
            raise UhpError(f"Only the {GAME_TYPE} game type is supported, not '{text}'.")
        self.tt = {}
        self.out(self._game_string())

    def cmd_validmoves(self, args: list[str], line: str) -> None:
        pos = self._need_game()
        self.out(";".join(format_move(pos, m) for m in pos.legal_moves()))

    def cmd_play(self, args: list[str], line: str) -> None:
        pos = self._need_game()
        text = line.strip()[len("play"):].strip()
        if not text:
            raise UhpError("play needs a MoveString, e.g. 'play wS1'.")
        self.moves.append(play_string(pos, text))
        self.out(self._game_string())

    def cmd_pass(self, args: list[str], line: str) -> None:
        pos = self._need_game()
        self.moves.append(play_string(pos, "pass"))
        self.out(self._game_string())

    def cmd_undo(self, args: list[str], line: str) -> None:
        pos = self._need_game(playing=False)
        n = int(args[0]) if args else 1
        if n < 1 or n > len(pos.history):
            raise UhpError(f"Unable to undo {n} moves.")
        for _ in range(n):
            pos.pop()
            self.moves.pop()
        self.out(self._game_string())

    def cmd_bestmove(self, args: list[str], line: str) -> None:
        pos = self._need_game()
        nodes, depth, deadline = self.options["MaxNodes"], self.options["MaxDepth"], None
        if len(args) >= 2 and args[0].lower() == "depth":
            depth, nodes = int(args[1]), 10**12
            if depth < 1:
                raise UhpError("bestmove depth needs a depth of at least 1.")
        elif len(args) >= 2 and args[0].lower() == "time":
            parts = args[1].split(":")
            if len(parts) != 3:
                raise UhpError("bestmove time needs hh:mm:ss.")
            h, m, s = (float(p) for p in parts)
            deadline = time.perf_counter() + max(0.05, h * 3600 + m * 60 + s) * 0.9
            nodes, depth = 10**12, 64
        elif args:
            raise UhpError("Use 'bestmove depth N' or 'bestmove time hh:mm:ss'.")
        work = pos.copy()
        move, _ = Search(work, nodes, depth, deadline, self.tt).best_move()
        self.out(format_move(pos, move))

    def cmd_options(self, args: list[str], line: str) -> None:
        if not args:
            for name in OPTIONS:
                self._option_line(name)
            return
        sub = args[0].lower()
        if sub == "get" and len(args) >= 2:
            self._option_line(args[1])
        elif sub == "set" and len(args) >= 3:
            name = args[1]
            if name not in OPTIONS:
                raise UhpError(f"The option '{name}' is not valid.")
            _, _, lo, hi = OPTIONS[name]
            value = int(args[2])
            if not lo <= value <= hi:
                raise UhpError(f"{name} must be between {lo} and {hi}.")
            self.options[name] = value
            self._option_line(name)
        else:
            raise UhpError("Use 'options', 'options get Name' or 'options set Name Value'.")

    def _option_line(self, name: str) -> None:
        if name not in OPTIONS:
            raise UhpError(f"The option '{name}' is not valid.")
        kind, default, lo, hi = OPTIONS[name]
        self.out(f"{name};{kind};{self.options[name]};{default};{lo};{hi}")


def main(stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    def out(text: str) -> None:
        stdout.write(text + "\n")
        stdout.flush()

    engine = Engine(out)
    engine.handle("info")
    for line in stdin:
        if not engine.handle(line.strip()):
            break
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
