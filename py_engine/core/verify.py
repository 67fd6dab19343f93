"""Verify a finished game: the same check runs in the CLI and, through the worker, in the browser.

Steps, stopping at the first discrepancy:
1. the record is well formed and names a known game;
2. the revealed seed hashes to the fingerprint shown at the start;
3. the options and seats are ones a table could have been created with;
4. every action replays legally, by the seat whose turn it was (moves the table
   made on a timer or automatically must be exactly what the table would make);
5. the game is over and the recorded result equals the recomputed one;
6. the seal over the whole record matches (catches edits to names, bot flags…).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field as dc_field
from typing import Any

from . import record as rec
from .fairness import fingerprint
from .game import IllegalAction
from .table import GameLookup, Seat, Table


@dataclass
class Report:
    ok: bool
    summary: str
    move: int | None = None          # 1-based index of the first bad action, if any
    field: str | None = None         # which part of the record differs
    expected: Any = None
    found: Any = None
    details: dict[str, Any] = dc_field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _fail(summary: str, **kw: Any) -> Report:
    return Report(False, summary, **kw)


def parse(text: str) -> Any:
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise rec.BadRecord(f"not JSON: {e}") from None


def verify(data: Any, lookup: GameLookup, engine_version: str = "0") -> Report:
    try:
        r = rec.check_shape(data)
    except rec.BadRecord as e:
        return _fail(f"unreadable record: {e}", field="format")
    try:
        game = lookup(r["game"])
    except KeyError:
        return _fail(f"unknown game {r['game']!r}", field="game")
    if "seed" not in r:
        return _fail("the record does not reveal its seed (the game is not finished)", field="seed")
    if fingerprint(r["seed"]) != r["fingerprint"]:
        return _fail("the seed does not match the fingerprint shown at the start", field="seed",
                     expected=r["fingerprint"], found=fingerprint(r["seed"]))
    try:
        table = Table(game, [Seat.from_json(s) for s in r["seats"]], r["options"], r["seed"], engine_version,
                      r.get("timers", True))
    except (IllegalAction, KeyError) as e:
        return _fail(f"this table could not exist: {e}", field="seats/options")
    if table.options != r["options"]:
        return _fail("the options differ from any a table could have", field="options",
                     expected=table.options, found=r["options"])
    for i, (action, (seat, by)) in enumerate(zip(r["actions"], r["actors"]), start=1):
        d = table.decision()
        if d is None:
            return _fail(f"move {i} ({action}) comes after the game was over", move=i, field="actions")
        if seat not in d.players:
            return _fail(f"move {i} ({action}): it was seat {d.players[0] + 1}'s turn, not seat {seat + 1}'s",
                         move=i, field="actors", expected=list(d.players), found=seat)
        try:
            table.play(action, seat, by)
        except IllegalAction as e:
            return _fail(f"move {i} ({action}) by seat {seat + 1} is illegal: {e}", move=i, field="actions",
                         found=action)
    state = table.state
    if not state.is_terminal():
        return _fail(f"the game is not over after its {len(r['actions'])} moves", field="actions")
    result = r.get("result")
    if result is None:
        return _fail("the record has no result", field="result")
    if result.get("scores") != state.scores():
        return _fail("the final scores differ from the replay", field="result.scores",
                     expected=state.scores(), found=result.get("scores"))
    if result.get("winners") != state.winners():
        return _fail("the winners differ from the replay", field="result.winners",
                     expected=state.winners(), found=result.get("winners"))
    if result.get("outcome") != state.outcome():
        return _fail("the outcome differs from the replay", field="result.outcome",
                     expected=state.outcome(), found=result.get("outcome"))
    if r.get("seal") != rec.seal(r, r["seed"]):
        return _fail("the seal does not match: the record was edited after the game "
                     "(names, bot flags, engine or other fields)", field="seal")
    names = ", ".join(s["name"] + (" (bot)" if s["bot"] else "") for s in r["seats"])
    won = " and ".join(r["seats"][w]["name"] for w in state.winners())
    verdict = "draw" if state.outcome() == "draw" else f"won by {won}"
    return Report(True, f"valid {r['game']} game: {names}; {len(r['actions'])} moves; "
                        f"scores {state.scores()}; {verdict}",
                  details={"scores": state.scores(), "winners": state.winners(), "moves": len(r["actions"])})
