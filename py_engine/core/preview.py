"""A seat's own move shown at once, before the host's engine has played it.

At a table over days a guest's page holds the engine but only its seat's view (the snapshot's
``observation``). When the seat moves, the page sends the move to the host's device, which may be offline
for days. Where the move reveals nothing the seat could not work out already (``GameState.reveals_to``
is False), the position after it is the same whatever the hidden things are, so the page builds any
position its observation allows (``Game.sample_state``), plays the move there and shows the result as
"sent": exactly the view, decision and legal list the host's engine will show. Where it may reveal
something (a card drawn, a tile turned, a secret answered), :func:`preview` says None and the page says
that the rest comes when the host's device is next online.

The hidden things drawn here never show (that is what ``reveals_to`` promises, and the contract test
checks over many samples), so the stream is a fixed one: no secret is involved.
"""
from __future__ import annotations

import hashlib
from typing import Any

from .fairness import Stream
from .game import Game, IllegalAction

#: The key of the stream a preview draws its stand-in hidden things from (what they are never matters).
PREVIEW_KEY = hashlib.sha256(b"valley-tables/preview").digest()
LANGS = ("en", "pt")


def _words(state: Any, action: str, seat: int) -> dict[str, str]:
    try:
        return {lang: state.describe(action, lang, seat) for lang in LANGS}
    except (ValueError, KeyError, IndexError):
        return {lang: action for lang in LANGS}


def preview(game: Game, observation: dict[str, Any], seat: int, action: str) -> dict[str, Any] | None:
    """The seat's position after its own ``action``, built from its ``observation`` alone:
    ``{view, decision, legal, words, terminal, observation}`` — the view and legal list for that seat, the decision
    (``{kind, players, visibility, secret, forced}``, or None when the game is over), the action's words
    as the seat's log will read them, the seat's observation after it (what a preview of its next step
    of the same turn is built from) — or None when the action may show the seat something it cannot
    know yet. A move the table then plays at once without asking (a forced pass) is played too when it
    reveals nothing and is the seat's own, or another seat's in a game that hides nothing
    (``Game.hidden_information``: that move is then the same whatever the seat cannot see); any other
    forced move gives None.
    An illegal action raises :class:`IllegalAction`, as the host's engine would."""
    state = game.sample_state(observation, seat, Stream(PREVIEW_KEY, f"preview/{seat}"))
    d = state.decision()
    if d is None or seat not in d.players:
        raise IllegalAction("it is not this seat's decision")
    if action not in state.legal_actions(seat):
        state.apply_action(action, seat)          # the game's own refusal, in its words
        raise IllegalAction(f"{action!r} is not legal now")
    if state.reveals_to(action, seat):
        return None
    words = _words(state, action, seat)
    state.apply_action(action, seat)
    try:
        after = {lang: state.describe_played(action, lang) for lang in LANGS}
        if all(after.values()):
            words = after  # type: ignore[assignment]
    except (ValueError, KeyError, IndexError):
        pass
    while True:
        d = state.decision()
        if d is None or len(d.players) != 1 or not state.is_forced(d.players[0]):
            break
        p = d.players[0]
        forced = state.timeout_action(p)
        if (p != seat and game.hidden_information) or state.reveals_to(forced, p):
            return None
        state.apply_action(forced, p)
    d = state.decision()
    legal = [{"action": a, "words": _words(state, a, seat)} for a in state.legal_actions(seat)] \
        if d is not None and seat in d.players else []
    return {
        "view": state.view(seat),
        "decision": None if d is None else {"kind": d.kind, "players": list(d.players), "visibility": d.visibility,
                                            "secret": d.secret,
                                            "forced": len(d.players) == 1 and state.is_forced(d.players[0])},
        "legal": legal,
        "words": words,
        "terminal": state.is_terminal(),
        "observation": state.observation(seat),
    }
