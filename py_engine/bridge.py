"""The JSON API the browser's worker calls. One function, :func:`handle`, JSON text in and out.

Every request is ``{"cmd": NAME, ...args}``; every answer is
``{"ok": true, "result": ...}`` or ``{"ok": false, "error": MESSAGE, "kind": KIND}``.
A failed request changes nothing (the table's state is replaced only after
an action applied cleanly). The page never decides legality; it asks here.

Commands (see ``docs/architecture.md`` for the shapes):
``games``, ``new_table``, ``load_table``, ``snapshot``, ``play``, ``bot_play``,
``timeout``, ``record``, ``verify``, ``close``.
"""
from __future__ import annotations

import json
from typing import Any, Callable

from . import __version__
from .core import record as rec
from .core.game import IllegalAction
from .core.table import Seat, Table
from .core.verify import verify
from .registry import available, get_game

_tables: dict[str, Table] = {}
_next_id = [0]
LANGS = ("en", "pt")


class BadRequest(ValueError):
    pass


def _table(args: dict[str, Any]) -> Table:
    t = _tables.get(args.get("table"))  # type: ignore[arg-type]
    if t is None:
        raise BadRequest("no such table (it may have been closed)")
    return t


def _seat_arg(args: dict[str, Any], key: str = "seat") -> int | None:
    seat = args.get(key)
    if seat is None:
        return None
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise BadRequest(f"{key} must be a seat number")
    return seat


def _words(t: Table, action: str) -> dict[str, str]:
    try:
        return {lang: t.state.describe(action, lang) for lang in LANGS}
    except (ValueError, KeyError, IndexError):
        return {lang: action for lang in LANGS}


HIDDEN_WORDS = {"en": "made a secret choice", "pt": "fez uma escolha secreta"}


class Logbook:
    """The table's log as players read it: each action's words, computed in the position it was
    made in, and which secret simultaneous choices are still hidden from the other seats."""

    def __init__(self) -> None:
        self.words: list[dict[str, str]] = []
        self.hidden: set[int] = set()

    def play(self, t: Table, action: Any, seat: int | None, by: str) -> None:
        """Play through the table; on an illegal action nothing is logged or changed."""
        before = t.decision()
        if seat is None and before is not None and len(before.players) == 1:
            seat = before.players[0]
        words = _words(t, action) if isinstance(action, str) else {}
        t.play(action, seat, by)
        self.words.append(words)
        if before is not None and before.secret:
            self.hidden.add(len(self.words) - 1)
            after = t.decision()
            # The choices are revealed once the simultaneous decision is complete.
            if after is None or not after.secret or not set(after.players) < set(before.players):
                self.hidden.clear()

    @classmethod
    def of(cls, t: Table) -> "Logbook":
        """Rebuild the log of a table loaded from a record by replaying it once."""
        book = cls()
        replay = Table(t.game, t.seats, t.options, t.seed, t.engine_version, t.timers)
        for action, (seat, by) in zip(t.actions, t.actors):
            book.play(replay, action, seat, by)
        return book


_books: dict[int, Logbook] = {}


def _book(t: Table) -> Logbook:
    book = _books.get(id(t))
    if book is None or len(book.words) != len(t.actions):
        book = _books[id(t)] = Logbook.of(t)
    return book


def snapshot(t: Table, viewer: int | None) -> dict[str, Any]:
    """Everything a page shows for ``viewer`` (None: a spectator or an embed)."""
    if viewer is not None and not 0 <= viewer < len(t.seats):
        raise BadRequest("no such seat")
    d = t.decision()
    legal: list[dict[str, Any]] = []
    if d is not None and viewer is not None and viewer in d.players:
        legal = [{"action": a, "words": _words(t, a)} for a in t.state.legal_actions(viewer)]
    decision = None
    if d is not None:
        decision = {"kind": d.kind, "players": list(d.players), "timer": d.timer, "secret": d.secret,
                    "forced": len(d.players) == 1 and t.state.is_forced(d.players[0])}
    book = _book(t)
    log = []
    for i, (action, (seat, by)) in enumerate(zip(t.actions, t.actors)):
        if i in book.hidden and seat != viewer:
            log.append({"n": i + 1, "seat": seat, "by": by, "action": None, "words": HIDDEN_WORDS, "hidden": True})
        else:
            log.append({"n": i + 1, "seat": seat, "by": by, "action": action, "words": book.words[i]})
    over = t.state.is_terminal()
    return {
        "table": _table_id(t),
        "game": t.game.name,
        "seats": [s.to_json() for s in t.seats],
        "options": t.options,
        "fingerprint": t.fingerprint,
        "seed": t.seed if over else None,
        "decision": decision,
        "view": t.state.view(viewer),
        "legal": legal,
        "log": log,
        "events": t.state.events_since(0),
        "terminal": over,
        "scores": t.state.scores(),
        "winners": t.state.winners() if over else [],
        "outcome": t.state.outcome() if over else None,
        "record": t.to_record(reveal_seed=True),
    }


def _table_id(t: Table) -> str:
    for k, v in _tables.items():
        if v is t:
            return k
    raise BadRequest("table not registered")


def _register(t: Table) -> str:
    _next_id[0] += 1
    tid = f"t{_next_id[0]}"
    _tables[tid] = t
    return tid


def _cmd_games(args: dict[str, Any]) -> Any:
    out = []
    for name in available():
        g = get_game(name)
        out.append({
            "name": g.name, "min_players": g.min_players, "max_players": g.max_players,
            "bot_levels": list(g.bot_levels),
            "options": [{"name": o.name, "default": o.default, "choices": list(o.choices), "label": o.label}
                        for o in g.options],
        })
    return out


def _cmd_new_table(args: dict[str, Any]) -> Any:
    try:
        game = get_game(args.get("game"))  # type: ignore[arg-type]
    except (KeyError, TypeError):
        raise BadRequest(f"unknown game {args.get('game')!r}") from None
    seats_in = args.get("seats")
    if not isinstance(seats_in, list) or not all(isinstance(s, dict) for s in seats_in):
        raise BadRequest("seats must be a list of {name, bot, level}")
    seats = [Seat(str(s.get("name") or f"Seat {i + 1}"), bool(s.get("bot")), s.get("level"))
             for i, s in enumerate(seats_in)]
    timers = args.get("timers", True)
    if not isinstance(timers, bool):
        raise BadRequest("timers must be true or false")
    t = Table(game, seats, args.get("options") or {}, args.get("seed"), __version__, timers)
    _register(t)
    return _after(t, args)


def _cmd_load_table(args: dict[str, Any]) -> Any:
    book = Logbook()
    t = Table.from_record(args.get("record"), get_game, __version__, play=book.play)
    _books[id(t)] = book
    _register(t)
    return snapshot(t, _seat_arg(args, "viewer"))


def _cmd_snapshot(args: dict[str, Any]) -> Any:
    return snapshot(_table(args), _seat_arg(args, "viewer"))


def _play(t: Table, action: Any, seat: int | None, by: str) -> None:
    _book(t).play(t, action, seat, by)


def _after(t: Table, args: dict[str, Any]) -> Any:
    while True:
        d = t.decision()
        if d is None or len(d.players) != 1 or not t.state.is_forced(d.players[0]):
            break
        _play(t, t.state.timeout_action(d.players[0]), d.players[0], rec.BY_TABLE)
    return snapshot(t, _seat_arg(args, "viewer"))


def _cmd_play(args: dict[str, Any]) -> Any:
    t = _table(args)
    _play(t, args.get("action"), _seat_arg(args), rec.BY_SEAT)
    return _after(t, args)


def _cmd_bot_play(args: dict[str, Any]) -> Any:
    """One bot seat moves (the page calls this per bot turn so it can animate and stay responsive)."""
    t = _table(args)
    d = t.decision()
    if d is None:
        raise BadRequest("the game is over")
    seat = _seat_arg(args)
    if seat is None:
        seat = d.players[0]
    if seat not in d.players or not t.seats[seat].bot:
        raise BadRequest("that seat is not a bot whose turn it is")
    _play(t, t.bot_choice(seat), seat, rec.BY_SEAT)
    return _after(t, args)


def _cmd_timeout(args: dict[str, Any]) -> Any:
    t = _table(args)
    seat = _seat_arg(args)
    d = t.decision()
    if d is None or seat not in d.players:
        raise BadRequest("that seat has no running timer")
    _play(t, t.state.timeout_action(seat), seat, rec.BY_TIMER)  # type: ignore[arg-type]
    return _after(t, args)


def _cmd_record(args: dict[str, Any]) -> Any:
    return _table(args).to_record()


def _cmd_verify(args: dict[str, Any]) -> Any:
    data = args.get("record")
    if isinstance(data, str):
        from .core.verify import parse
        data = parse(data)
    return verify(data, get_game, __version__).to_json()


def _cmd_close(args: dict[str, Any]) -> Any:
    t = _tables.pop(args.get("table"), None)  # type: ignore[arg-type]
    if t is not None:
        _books.pop(id(t), None)
    return True


COMMANDS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "games": _cmd_games, "new_table": _cmd_new_table, "load_table": _cmd_load_table,
    "snapshot": _cmd_snapshot, "play": _cmd_play, "bot_play": _cmd_bot_play,
    "timeout": _cmd_timeout, "record": _cmd_record, "verify": _cmd_verify, "close": _cmd_close,
}


def call(request: dict[str, Any]) -> dict[str, Any]:
    """Run one request; never raises for bad input."""
    if not isinstance(request, dict):
        return {"ok": False, "error": "a request is a JSON object", "kind": "bad-request"}
    fn = COMMANDS.get(request.get("cmd"))  # type: ignore[arg-type]
    if fn is None:
        return {"ok": False, "error": f"unknown command {request.get('cmd')!r}", "kind": "bad-request"}
    try:
        return {"ok": True, "result": fn(request)}
    except IllegalAction as e:
        return {"ok": False, "error": str(e), "kind": "illegal"}
    except rec.BadRecord as e:
        return {"ok": False, "error": str(e), "kind": "bad-record"}
    except (BadRequest, ValueError, TypeError, KeyError) as e:
        return {"ok": False, "error": str(e) or e.__class__.__name__, "kind": "bad-request"}


def handle(text: str) -> str:
    """JSON text in, JSON text out: what the worker calls."""
    try:
        request = json.loads(text)
    except (json.JSONDecodeError, TypeError):
        return json.dumps({"ok": False, "error": "the request is not JSON", "kind": "bad-request"})
    return json.dumps(call(request), ensure_ascii=False)
