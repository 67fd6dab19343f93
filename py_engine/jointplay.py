"""A table with a joint seed played out on one machine: the host's engine, its guests and a watcher.

``python -m py_engine play GAME --joint`` writes the record (version 4) of a table of people on
several devices as a live table makes it (``docs/fairness.md``, "A joint seed"; ``docs/live.md``):
every participant — the host at seat 1, then each other person seat in seat order, standing for the
guests in the order they joined — draws a contribution and shows its commitment; the terms are fixed
with every commitment; the seed is made from the terms' digest and the contributions; the host's
engine plays the game, keeping the move chain; and one guest's page (or a spectator's) keeps what it
is promised and shown, which it adds to the record at the end as its witness (``docs/records.md``).

The people are played by bots here (each person seat by a bot of the level it is given, with the
stream its seat's bot would have), so the record verifies with ``verify`` and ``verify --bots``; the
latter says that each person seat played exactly as that bot, which it did.
"""
from __future__ import annotations

import json
from typing import Any

from .bridge import snapshot
from .core.commitments import terms as table_terms
from .core.fairness import commitment, new_seed
from .core.game import Game, IllegalAction
from .core.table import Seat, Table


class Page:
    """What a guest's page (``seat``) or a spectator's (``seat`` None) keeps during the game: the host's
    commitment, its own, the terms it revealed against, each value of the move chain with the number of
    complete log entries it then held, and every complete entry of the log it was shown (a move it
    could not see: null until the game reveals it). The host sends a page a snapshot only when that
    page's view changed (``web/app/live/host.js``, ``sendTo``): ``look`` after every step of the table
    keeps exactly what such a page receives."""

    def __init__(self, table: Table, seat: int | None, terms: dict[str, Any] | None = None) -> None:
        if table.joint is None:
            raise IllegalAction("only a table with a joint seed has guests who keep a witness")
        self.table, self.seat = table, seat
        own = None if seat is None else next(p["commitment"] for p in table.joint
                                              if p["who"] == table.seats[seat].name)
        self.witness: dict[str, Any] = {
            "seat": seat, "host": table.joint[0]["commitment"], "own": own,
            "terms": terms if terms is not None else table.terms, "commitments": [], "shown": [], "earlier": []}
        self._last: str | None = None
        self.look()

    def look(self) -> None:
        """The page's view after a step: a snapshot arrives only when it differs from the last one sent."""
        snap = snapshot("t", self.table, self.seat)
        view = json.dumps({k: v for k, v in snap.items() if k != "chain"}, sort_keys=True, ensure_ascii=False)
        if view == self._last:
            return
        self._last = view
        complete = [e for e in snap["log"] if not e.get("draft")]
        shown = self.witness["shown"]
        for i, e in enumerate(complete):
            if i == len(shown):
                shown.append([e["seat"], e["action"]])
            elif shown[i][1] is None:
                shown[i][1] = e["action"]                # a secret the game has now revealed
        kept = self.witness["commitments"]
        if not kept or kept[-1][1] != snap["chain"]:
            kept.append([len(shown), snap["chain"]])

    def record(self, record: dict[str, Any]) -> dict[str, Any]:
        """The record as this page offers it at the end: the host's, with this page's witness."""
        return {**record, "witness": json.loads(json.dumps(self.witness))}


def participants(seats: list[Seat], contributions: list[str] | None = None) -> list[dict[str, str]]:
    """One participant per person seat, seat 1's (the host's) first, the others in seat order; each with
    its contribution (fresh unless given) and that contribution's commitment."""
    people = [i for i, s in enumerate(seats) if not s.bot]
    if not people or people[0] != 0:
        raise IllegalAction("seat 1 is the host's: a person")
    if contributions is None:
        contributions = [new_seed() for _ in people]
    if len(contributions) != len(people):
        raise IllegalAction(f"{len(people)} person seats take {len(people)} contributions, not {len(contributions)}")
    return [{"who": seats[i].name, "commitment": commitment(c), "contribution": c} for i, c in zip(people, contributions)]


def play(game: Game, seats: list[Seat], person_levels: dict[int, str], options: dict[str, Any] | None,
         engine: str, timers: bool = True, contributions: list[str] | None = None,
         watcher: int | None | str = "first", limit: int = 20_000) -> tuple[Table, dict[str, Any]]:
    """Play a joint table to its end as a live table plays it; the host's record with the witness of the
    page at seat ``watcher`` (a guest's person seat; None: a spectator; "first": the first guest, or a
    spectator when there is none). ``person_levels``: the bot level that plays each person seat."""
    joint = participants(seats, contributions)
    if watcher == "first":
        watcher = next((i for i, s in enumerate(seats) if not s.bot and i > 0), None)
    if watcher is not None and (not isinstance(watcher, int) or not 0 < watcher < len(seats) or seats[watcher].bot):
        raise IllegalAction("the witness is a guest's page (a person seat other than seat 1's) or a spectator's")
    # What every participant is shown before revealing, with the options as the table will hold them.
    promised = table_terms(game.name, engine, game.normalize_options(options), [s.to_json() for s in seats],
                           timers, joint)
    table = Table(game, seats, options, None, engine, timers, words=True, joint=joint)
    if table.terms != promised:
        raise IllegalAction("the table's terms are not those shown to the participants")
    people = {i: game.make_bot(person_levels.get(i, game.bot_levels[0]), i) for i, s in enumerate(seats) if not s.bot}
    table.play_forced()
    page = Page(table, watcher, promised)
    for _ in range(limit):
        d = table.decision()
        if d is None:
            break
        # The host's page plays a bot only when no person is among those to choose (host.js, schedule).
        mover = next((p for p in d.players if p in people), d.players[0])
        if mover in people:
            stream = table.chance.bot_stream(mover, len(table.actions))
            action = people[mover].choose(table.state.observation(mover), table.state.legal_actions(mover), stream)
        else:
            action = table.bot_choice(mover)
        table.play(action, mover)
        table.play_forced()
        page.look()
    else:
        raise IllegalAction(f"the game did not end within {limit} moves")
    return table, page.record(table.to_record())
