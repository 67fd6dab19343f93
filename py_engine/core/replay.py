"""Stepping through a record: the position after any number of moves, as a viewer sees it.

Replay and embeds show a game move by move. The record is replayed once (its log words
kept); positions are then rebuilt from the nearest kept state, so stepping back and
forth stays cheap however long the game. A finished record may be shown with every
seat's hand (:data:`~py_engine.core.game.ALL_SEATS`) at any of its moves; anything else
is shown as the viewer saw it then.
"""
from __future__ import annotations

from typing import Any

from .controls import is_control
from .game import ALL_SEATS, GameState, IllegalAction
from .table import GameLookup, Table

EVERY = 16  # a kept state every so many moves


class Replay:
    def __init__(self, data: Any, lookup: GameLookup, engine_version: str = "0") -> None:
        self.data, self.lookup, self.engine_version = data, lookup, engine_version
        self.table = Table.from_record(data, lookup, engine_version, words=True)
        self.total = len(self.table.actions)
        self.finished = self.table.state.is_terminal()
        #: A record with table actions (a resignation, a take-back…) is stepped through by the table
        #: itself, which alone knows what they do; every other record from kept positions.
        self.by_table = any(is_control(a) for a in self.table.actions)
        if self.by_table:
            return
        # Kept states: replaying once more, without words, from the same seed.
        first = Table(self.table.game, self.table.seats, self.table.options, self.table.seed, engine_version,
                      self.table.timers, retired_levels=True, started=self.table.started)
        self.kept: dict[int, GameState] = {0: first.state.clone()}
        times = self.table.times if self.table.clock is not None else None
        for i, (action, (seat, by)) in enumerate(zip(self.table.actions, self.table.actors), start=1):
            first.play(action, seat, by, times[i - 1] if times is not None else None)
            if i % EVERY == 0:
                self.kept[i] = first.state.clone()
        self.kept[self.total] = self.table.state

    def table_at(self, move: int) -> Table:
        if move == self.total:
            return self.table
        return Table.from_record(self.data, self.lookup, self.engine_version, words=True, upto=move)

    def state_at(self, move: int) -> GameState:
        if self.by_table:
            return self.table_at(move).state
        base = max(k for k in self.kept if k <= move)
        state = self.kept[base].clone() if base != move else self.kept[base]
        for i in range(base, move):
            state.apply_action(self.table.actions[i], self.table.actors[i][0])
        return state

    def snapshot(self, rid: str, move: int, viewer: Any) -> dict[str, Any]:
        t = self.table
        if viewer == ALL_SEATS and not self.finished:
            raise IllegalAction("every seat's hand is shown only for a finished game")
        if viewer is not None and viewer != ALL_SEATS:
            t.check_viewer(viewer)
        if self.by_table:
            at = self.table_at(move)
            state, log = at.state, at.log(viewer)
        else:
            state, log = self.state_at(move), t.log(viewer, move)
        over = state.is_terminal()
        d = state.decision()
        return {
            "replay": rid,
            "move": move,
            "moves": self.total,
            "game": t.game.name,
            "viewer": viewer,
            "seats": [s.to_json() for s in t.seats],
            "options": t.options,
            "fingerprint": t.fingerprint,
            "seed": t.seed if self.finished else None,
            "decision": None if d is None else {"kind": d.kind, "players": list(d.players), "timer": d.timer,
                                                "visibility": d.visibility, "secret": d.secret, "forced": False},
            "view": state.view(viewer),
            "legal": [],
            "log": log,
            "events": state.events_since(0, viewer),
            "terminal": over,
            "scores": state.scores(),
            "winners": state.winners() if over else [],
            "outcome": state.outcome() if over else None,
        }
