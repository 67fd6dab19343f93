"""Game records: the JSON document a table saves, downloads and verifies.

The format is specified in ``docs/records.md``. A record is plain data; it is
turned into a live table by :func:`py_engine.core.table.Table.from_record`.
"""
from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

from .fairness import check_seed

FORMAT = "valley-tables-record"
VERSION = 1

#: How an action came to be played: by the seat itself (person or bot), by the
#: table when the seat's timer ran out, or by the table because nothing else was legal.
BY_SEAT, BY_TIMER, BY_TABLE = "seat", "timer", "table"
ACTORS = (BY_SEAT, BY_TIMER, BY_TABLE)


class BadRecord(ValueError):
    """A record that cannot be read: wrong shape, wrong types, unknown version."""


def canonical_json(data: Any) -> bytes:
    """Sorted keys, no spaces, UTF-8: the bytes the seal is computed over."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def seal(record: dict[str, Any], seed: str) -> str:
    """HMAC-SHA256 keyed by the seed bytes over the canonical record without its ``seal``.

    Anyone holding the revealed seed can recompute it, so it does not stop a
    determined forger; it makes any single edit of a finished record (a name, a
    bot flag, a score) detectable, and binds every field to the seed that the
    fingerprint committed to before play.
    """
    body = {k: v for k, v in record.items() if k != "seal"}
    return hmac.new(bytes.fromhex(check_seed(seed)), canonical_json(body), hashlib.sha256).hexdigest()


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise BadRecord(message)


def check_shape(record: Any) -> dict[str, Any]:
    """Refuse anything that is not a well-formed record, naming the first problem."""
    _need(isinstance(record, dict), "a record is a JSON object")
    _need(record.get("format") == FORMAT, f"not a Valley Tables record (format must be {FORMAT!r})")
    _need(record.get("version") == VERSION, f"unsupported record version {record.get('version')!r}")
    _need(isinstance(record.get("game"), str), "the record names no game")
    _need(isinstance(record.get("options"), dict), "options must be an object")
    seats = record.get("seats")
    _need(isinstance(seats, list) and seats, "seats must be a non-empty list")
    for i, s in enumerate(seats):
        _need(isinstance(s, dict) and isinstance(s.get("name"), str), f"seat {i + 1} needs a name")
        _need(isinstance(s.get("bot"), bool), f"seat {i + 1}: bot must be true or false")
        _need(s.get("level") is None or isinstance(s.get("level"), str), f"seat {i + 1}: bad bot level")
    _need(isinstance(record.get("timers", True), bool), "timers must be true or false")
    fp = record.get("fingerprint")
    _need(isinstance(fp, str) and len(fp) == 64, "the record has no seed fingerprint")
    if "seed" in record:
        try:
            check_seed(record["seed"])
        except ValueError as e:
            raise BadRecord(str(e)) from None
    actions, actors = record.get("actions"), record.get("actors")
    _need(isinstance(actions, list) and all(isinstance(a, str) for a in actions), "actions must be a list of strings")
    _need(isinstance(actors, list) and len(actors) == len(actions), "actors must list one [seat, by] per action")
    for i, a in enumerate(actors):
        _need(
            isinstance(a, list) and len(a) == 2 and isinstance(a[0], int) and not isinstance(a[0], bool)
            and 0 <= a[0] < len(seats) and a[1] in ACTORS,
            f"actor of move {i + 1} must be [seat, one of {list(ACTORS)}]",
        )
    if "result" in record:
        r = record["result"]
        _need(isinstance(r, dict) and isinstance(r.get("scores"), list) and isinstance(r.get("winners"), list),
              "result needs scores and winners")
    return record
