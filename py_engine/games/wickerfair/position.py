"""What a Wickerfair position holds: the type its parts are written against.

The state (state.py) is made of parts, one concept each (travel, actions, confront, cards, observe,
flow, and the board and scoring helpers they use), and the state imports them, so they cannot import
the state. They name the position by this class, which the state descends from; its methods come
from the parts. Field by field, as state.py sets them up at §1.3 and copies them in ``clone``.
"""
from __future__ import annotations

from typing import Any

from py_engine.core.fairness import Chance

from .clan import Clan


class WickerfairPosition:
    num_players: int
    options: dict[str, Any]
    chance: Chance
    clans: list[Clan]                       # by seat
    order: tuple[int, ...]                  # seats in turn order
    res: list[int]                          # goods on the valley: 4 per hex
    tokens: list[bool]                      # a visitor token on each hex
    visitor_deck: list[int]
    visitor_seen: list[int]                 # bit set of the seats that saw each visitor card
    mill_pile: list[int]
    mill_aside: list[int]
    mill_seen: int
    prize: int
    prize_aside: list[int]
    courage_deck: list[int]
    courage_discard: list[int]
    mission_deck: list[int]
    mission_seen: list[int]
    day: int
    turn_no: int
    pos: int                                # the acting clan's place in ``order``
    active: int                             # the acting seat
    col: int                                # the mat column chosen this turn
    tasks: list[tuple]                      # the turn's stack of tasks
    dk: str | None                          # the decision asked (§10), None when over
    ctx: dict[str, Any]                     # its half-built choice
    dplayers: tuple[int, ...]               # the seats that answer it
    since: int                              # the action count where the choice began
    choice: int
    n_actions: int
    herald_moved: bool
    trinket_used: bool
    over: bool
    end_reason: str | None
    final: dict[str, Any] | None
    events: list[dict[str, Any]]
    last_confront: dict[str, Any] | None
    #: Only in a position rebuilt from an observation: the last turn's marks it showed (observe.last_turn).
    last_base: dict[str, Any] | None
    _stepping: Any                          # the compound choice a seat is stepping through (state.py)
    _ran: list[str] | None                  # only on reveals_to's copy: the turn machine's steps it ran
    _occ: list[int] | None                  # caches (board.py), replaced whenever a piece moves
    _own: list[int] | None
