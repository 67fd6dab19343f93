"""Ratings from any finished records (``python -m py_engine rating FILES|DIR``): each record read and
verified as ``verify --bots`` does (a record that does not verify is left out, and said why), each game's
participants ranked by the record's result and rated by ``core/rating.py`` — every bot by its level
(Normal at 1500, the anchor), every person by the name on their seat. ``docs/rating.md`` says the model.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterable

from . import __version__
from .core.rating import ANCHOR, fit, ladder, player, ranking_of
from .core.record import MAX_BYTES, BadRecord, parse
from .core.verify import verify
from .registry import get_game
from .registry import ladder as ladder_of

#: At most this many files are read from the arguments (a folder is read one level deep, ``*.json``).
MAX_FILES = 10_000


def participant(seat: dict[str, Any]) -> str:
    """A seat's participant: a bot by its level (``normal``), a person by name (``@Ana``)."""
    return str(seat.get("level") or "") if seat.get("bot") else "@" + str(seat.get("name", ""))


def files_of(paths: Iterable[str]) -> list[Path]:
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(q for q in p.iterdir() if q.suffix == ".json" and q.is_file()))
        else:
            out.append(p)
        if len(out) >= MAX_FILES:
            break
    return out[:MAX_FILES]


def read(path: Path, bots: bool = True) -> tuple[dict[str, Any] | None, str | None]:
    """The record at ``path`` if it verifies, else (None, why in English)."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
        data = parse(raw)
    except OSError as e:
        return None, f"cannot read it: {e.strerror}"
    except BadRecord as e:
        return None, f"unreadable record: {e.words['en']}"
    report = verify(data, get_game, __version__, bots=bots)
    if not report.ok:
        return None, report.words.get("en", report.summary) + (f" (field {report.field})" if report.field else "")
    if not data.get("result") or data["result"].get("outcome") == "abandoned":
        return None, "the game is not finished"
    return data, None


def rate(paths: Iterable[str], bots: bool = True) -> dict[str, Any]:
    """{"games": {game: {"participants": {name: {rating, low, high, games}}, "records": n}},
    "left_out": [{"file", "why"}]}: every game's participants, best first."""
    by_game: dict[str, list[list[list[str]]]] = {}
    left_out = []
    for path in files_of(paths):
        record, why = read(path, bots)
        if record is None:
            left_out.append({"file": os.fspath(path), "why": why})
            continue
        names = [participant(s) for s in record["seats"]]
        result = record["result"]
        ranking = [[names[s] for s in g] for g in ranking_of(result["scores"], result.get("winners") or [])]
        by_game.setdefault(record["game"], []).append(ranking)
    games = {}
    for game, results in sorted(by_game.items()):
        present = {n for r in results for g in r for n in g}
        # Normal is the anchor where it played; among persons alone, the prior's centre is the only one.
        rated = ladder(results) if ANCHOR in present else fit(results)
        rows = {n: r.as_dict() for n, r in sorted(rated.items(), key=lambda kv: -kv[1].rating)}
        games[game] = {"participants": rows, "records": len(results)}
    return {"games": games, "left_out": left_out}


def shown(name: str) -> str:
    """A participant as the table prints it: ``Ana``, ``Normal (bot)``."""
    return name[1:] if name.startswith("@") else f"{name.title()} (bot)"


def player_ratings(entries: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """A player's rating against the bots, per game, from their finished solo games, oldest first: each
    entry {record, you} (a record that verified; ``you`` the player's seat, every other seat a bot of a
    level on the ladder). Every level is fixed at its ladder rating. → {game: {rating, low, high, games,
    history: [{rating, low, high}] after each game in order, left_out: games whose levels are not rated}}."""
    by_game: dict[str, list[list[list[str]]]] = {}
    left: dict[str, int] = {}
    for e in entries:
        record, you = e.get("record"), e.get("you")
        if not isinstance(record, dict) or not isinstance(you, int) or not record.get("result"):
            continue
        game, seats = record.get("game"), record.get("seats") or []
        levels = {lv: r["rating"] for lv, r in ladder_of(str(game)).items()}
        names = ["you" if s == you else str(seat.get("level")) for s, seat in enumerate(seats)]
        if not (0 <= you < len(seats)) or any(s != you and not (seat.get("bot") and seat.get("level") in levels)
                                               for s, seat in enumerate(seats)):
            left[str(game)] = left.get(str(game), 0) + 1
            continue
        result = record["result"]
        by_game.setdefault(str(game), []).append(
            [[names[s] for s in g] for g in ranking_of(result["scores"], result.get("winners") or [])])
    out: dict[str, Any] = {}
    for game, results in by_game.items():
        levels = {lv: r["rating"] for lv, r in ladder_of(game).items()}
        history = [player(results[:k + 1], levels) for k in range(len(results))]
        last = history[-1]
        out[game] = {**last.as_dict(), "history": [{k: v for k, v in h.as_dict().items() if k != "games"}
                                                   for h in history], "left_out": left.get(game, 0)}
    return out
