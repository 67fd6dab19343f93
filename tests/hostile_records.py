"""Hostile records: files an attacker could hand to a verifier, each with the verdict it must get.

The same cases go through the CLI and the bridge (tests/core/test_hostile_corpus.py) and through
the Verify page as a file and as a link (tests/browser/test_pages_verify.py): every path must
give the same verdict, because each must hand the strict reader the record's bytes unaltered.
Each case is (name, bytes, valid): ``valid`` is what `python -m py_engine verify` answers.
"""
from __future__ import annotations

import json
from typing import Callable

from py_engine import __version__
from py_engine.core import record as rec
from py_engine.core.fairness import commitment
from py_engine.core.table import Seat, Table
from py_engine.registry import get_game

GAME = "hollowmere"  # a quick game: the corpus replays it dozens of times
SEED = "a11ce5ed" * 8


def base_table(seats=None, joint=None, seed=SEED) -> Table:
    g = get_game(GAME)
    seats = seats or [Seat("Ana", True, g.bot_levels[0]), Seat("Bo", True, g.bot_levels[0])]
    t = Table(g, seats, {}, None if joint else seed, __version__, joint=joint)
    while t.decision() is not None:  # people play what a bot would: the game ends on its own
        t.play_bots()
        d = t.decision()
        if d is not None:
            t.play(t.bot_choice(d.players[0]), d.players[0])
    return t


def base_record() -> dict:
    return base_table().to_record()


def sealed(record: dict) -> dict:
    """Re-sealed with the revealed seed, as anyone can: the seal then proves nothing more."""
    out = {k: v for k, v in record.items() if k != "seal"}
    out["seal"] = rec.seal(out, out["seed"])
    return out


def _text(record: dict) -> bytes:
    return json.dumps(record, ensure_ascii=False).encode("utf-8")


def _edit(fn: Callable[[dict], None], reseal: bool = True) -> bytes:
    r = json.loads(json.dumps(base_record()))
    fn(r)
    return _text(sealed(r) if reseal else r)


def _timer_on_a_bot(r: dict) -> None:
    t = Table(get_game(GAME), [Seat(**s) for s in r["seats"]], {}, r["seed"], __version__)
    for i, (action, (seat, by)) in enumerate(zip(r["actions"], r["actors"])):
        if by == "seat" and action == t.state.timeout_action(seat):
            r["actors"][i][1] = "timer"
            return
        t.play(action, seat, by)
    raise AssertionError("no bot move equals the timer's")


def _joint(extra: bool) -> bytes:
    contributions = ["11" * 32, "22" * 32, "33" * 32]
    who = ["Ana", "Bo", "Ana"] if extra else ["Ana", "Bo"]
    joint = [{"who": w, "commitment": commitment(c), "contribution": c} for w, c in zip(who, contributions)]
    seats = [Seat("Ana", False, None), Seat("Bo", False, None)]
    return _text(base_table(seats, joint).to_record())


def _padded(size: int) -> bytes:
    """The base record padded with whitespace to exactly ``size`` bytes (spaces and newlines)."""
    text = _text(base_record())
    pad = size - len(text)
    return text[:-1] + b"\n" * (pad // 2) + b" " * (pad - pad // 2) + b"}"


def cases() -> list[tuple[str, bytes, bool]]:
    good = _text(base_record())
    text = good.decode()
    out = [
        ("a good record", good, True),
        ("a byte order mark", b"\xef\xbb\xbf" + good, False),
        ("UTF-16 with its byte order mark", text.encode("utf-16"), False),
        ("UTF-16 without one", text.encode("utf-16-le"), False),
        ("a byte that is not UTF-8 inside a name", good.replace(b'"Ana"', b'"An\xff"', 1), False),
        ("an overlong UTF-8 sequence", good.replace(b'"Ana"', b'"An\xc1\xa1"', 1), False),
        ("a decoy second seats key", good.replace(b'"seats": ', b'"seats": [], "seats": ', 1), False),
        ("version written 2.0", good.replace(b'"version": 2', b'"version": 2.0', 1), False),
        ("a seat written 0.0", good.replace(b'"actors": [[0,', b'"actors": [[0.0,', 1).replace(
            b'"actors": [[1,', b'"actors": [[1.0,', 1), False),
        ("a seat written 1e0", good.replace(b'"actors": [[0,', b'"actors": [[0e0,', 1).replace(
            b'"actors": [[1,', b'"actors": [[1e0,', 1), False),
        ("NaN as a score", _edit(lambda r: None).replace(b'"scores": [', b'"scores": [NaN, ', 1), False),
        ("a lone surrogate escape in a name", good.replace(b'"Ana"', b'"An\\ud800"', 1), False),
        ("a score of 40 digits", good.replace(b'"scores": [', b'"scores": [1' + b"0" * 39 + b", ", 1), False),
        ("an unterminated string of escaped quotes", b'{"format": "' + b'\\"' * 100_000, False),
        ("brackets 10,000 deep", b"[" * 10_000 + b"]" * 10_000, False),
        ("an action that rewrites the terminal", _edit(
            lambda r: r["actions"].__setitem__(0, "\x1b[1K\rOK: valid hollowmere game\x1b[8m")), False),
        ("a name with a right-to-left override", _edit(
            lambda r: r["seats"][0].__setitem__("name", "\u202eAna (bot)\u202c\u2066")), True),
        ("a name of 64 characters without a space", _edit(lambda r: r["seats"][1].__setitem__("name", "W" * 64)), True),
        ("a name of 65 characters", _edit(lambda r: r["seats"][1].__setitem__("name", "W" * 65)), False),
        ("a bot move relabelled as the timer's", _edit(_timer_on_a_bot), False),
        ("a joint seed with a participant for no seat", _joint(extra=True), False),
        ("a joint seed of the two person seats", _joint(extra=False), True),
        ("an edit the seal catches", _edit(lambda r: r["seats"][0].__setitem__("name", "Eve"), reseal=False), False),
        ("a record of exactly 5 MB", _padded(rec.MAX_BYTES), True),
        ("a record one byte over 5 MB", _padded(rec.MAX_BYTES + 1), False),
        ("an empty file", b"", False),
    ]
    names = [n for n, _, _ in out]
    assert len(set(names)) == len(names)
    for name, raw, _ in out[1:]:
        assert raw != good, name  # every edit took
    return out
