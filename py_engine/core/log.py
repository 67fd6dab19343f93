"""The table's log: each played action as the log keeps it (:class:`Entry`) and the log as one viewer
reads it, the steps of one action gathered into one entry and a secret one shown to the others as
"a secret choice" until the game reveals it (``docs/records.md``, *The log*)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .game import ALL_SEATS, PUBLIC, SECRET

LANGS = ("en", "pt")
#: What the other seats read for a secret choice that is not revealed yet.
HIDDEN_WORDS = {"en": "made a secret choice", "pt": "fez uma escolha secreta"}


@dataclass
class Entry:
    """One played action as the log keeps it.

    ``words`` is what the acting seat reads (and everybody once the game reveals it);
    ``public_words`` what every other viewer reads. ``hidden`` is True for a secret
    choice the game has not revealed yet. Words are computed in the position the
    action was played in, so they stay right however the game goes on.
    """

    action: str
    seat: int
    by: str
    visibility: str
    words: dict[str, str] | None = None
    public_words: dict[str, str] | None = None
    hidden: bool = False
    #: How many actions had been played when the game revealed this secret choice.
    revealed_at: int | None = None
    #: The decision's action key (:attr:`Decision.action_key`): steps of one seat with the same key
    #: are one action of the log. None: this step is an action of its own.
    key: int | None = None
    #: Whether the action this step belongs to was complete once it was played.
    ends: bool = True
    #: Its place in the record's action list (a take-back removes entries, never actions).
    index: int = -1
    #: At a table over days: the time the host's engine applied it (public, like the log itself).
    time: int | None = None

    def hidden_at(self, moves: int) -> bool:
        """Whether this choice was still a secret once ``moves`` actions had been played."""
        return self.visibility == SECRET and (self.revealed_at is None or self.revealed_at > moves)

    def to_json(self, n: int, viewer: int | str | None, moves: int | None = None) -> dict[str, Any]:
        """The entry as ``viewer`` reads it (at the moment ``moves`` actions were played, in a replay)."""
        hidden = self.hidden if moves is None else self.hidden_at(moves)
        if viewer == ALL_SEATS or viewer == self.seat or (self.visibility == SECRET and not hidden):
            return {"n": n, "seat": self.seat, "by": self.by, "action": self.action, "words": self.words}
        if hidden:
            return {"n": n, "seat": self.seat, "by": self.by, "action": None, "words": dict(HIDDEN_WORDS),
                    "hidden": True}
        if self.visibility == PUBLIC:
            return {"n": n, "seat": self.seat, "by": self.by, "action": self.action, "words": self.public_words}
        return {"n": n, "seat": self.seat, "by": self.by, "action": None, "words": self.public_words,
                "private": True}


PART_JOIN = " · "


def log_entries(entries: list[Entry], viewer: int | str | None,
                moves: int | None = None) -> list[tuple[dict[str, Any], int, int | None]]:
    """The log as ``viewer`` reads it after ``moves`` steps: (entry, steps played when it was complete,
    steps played when its secret was revealed or None).

    One entry per *action*: the steps one seat took under one action key (a Wickerfair Trade's option,
    mix and confirmation) are one entry with ``parts``, placed where the action was completed. An
    action still under way is a ``draft`` entry at the end, shown to its seat, and to everyone when it
    is not secret. The other seats (and spectators) see a secret action as exactly ONE entry, "made a
    secret choice", once it is complete: how many steps it took, and so what it was, never shows.
    Entries are numbered for each viewer.
    """
    return [(item, at, revealed) for item, at, revealed, _ in log_groups(entries, viewer, moves)]


def log_groups(entries: list[Entry], viewer: int | str | None,
               moves: int | None = None) -> list[tuple[dict[str, Any], int, int | None, list[int]]]:
    """:func:`log_entries` with, for each entry, the positions in ``entries`` of the steps it gathers
    (a verifier asks which of the record's steps an entry the page was shown stands for)."""
    steps = entries if moves is None else entries[:moves]
    now = len(steps)
    done: list[tuple[list[int], int]] = []
    open_: dict[tuple[int, int], list[int]] = {}
    for i, e in enumerate(steps):
        if e.key is None:
            done.append(([i], i + 1))
            continue
        group = open_.setdefault((e.seat, e.key), [])
        group.append(i)
        if e.ends:
            done.append((open_.pop((e.seat, e.key)), i + 1))
    out: list[tuple[dict[str, Any], int, int | None, list[int]]] = []
    for group, at in done:
        item = _action_json([steps[i] for i in group], viewer, moves, draft=False)
        if item is not None:
            _timed(item, steps[group[-1]])
            out.append((item, at, _revealed([steps[i] for i in group]), group))
    for group in sorted(open_.values()):
        item = _action_json([steps[i] for i in group], viewer, moves, draft=True)
        if item is not None:
            _timed(item, steps[group[-1]])
            out.append((item, now, _revealed([steps[i] for i in group]), group))
    for n, (item, _, _, _) in enumerate(out, start=1):
        item["n"] = n
    return out


def _timed(item: dict[str, Any], last: Entry) -> None:
    """At a table over days an entry says when it was played: the time of its last step so far."""
    if last.time is not None:
        item["time"] = last.time


def _revealed(group: list[Entry]) -> int | None:
    times = [e.revealed_at for e in group if e.visibility == SECRET]
    return max(times) if times and None not in times else None


def _action_json(group: list[Entry], viewer: int | str | None, moves: int | None,
                 draft: bool) -> dict[str, Any] | None:
    first, last = group[0], group[-1]
    mine = viewer == ALL_SEATS or viewer == first.seat
    hidden = any((e.hidden if moves is None else e.hidden_at(moves)) for e in group)
    if hidden and not mine:
        if draft:
            return None                       # a secret under way leaves no trace for the others
        return {"n": 0, "seat": first.seat, "by": last.by, "action": None, "words": dict(HIDDEN_WORDS),
                "hidden": True}
    if len(group) == 1 and not draft:
        return first.to_json(0, viewer, moves)
    parts = [e.to_json(0, viewer, moves) for e in group]
    out: dict[str, Any] = {"n": 0, "seat": first.seat, "by": last.by}
    if any(p["action"] is None for p in parts):
        out["action"] = None
        out["private"] = True
    else:
        out["action"] = " ".join(p["action"] for p in parts)
    words = [p["words"] for p in parts if p.get("words")]
    out["words"] = {lang: PART_JOIN.join(w[lang] for w in words if w.get(lang)) for lang in LANGS} if words else None
    out["parts"] = [{"action": p["action"], "by": p["by"], "words": p["words"]} for p in parts]
    if draft:
        out["draft"] = True
    return out


__all__ = ["Entry", "log_entries", "log_groups", "LANGS", "HIDDEN_WORDS"]
