"""What a table with a joint seed commits to before anything is revealed, and as it goes.

People on several devices share one table that the host's engine runs; the guests must be
able to check, at the end, that the host neither chose the table's set-up once it knew the
seed nor rewrote any move afterwards, its own hidden ones included (``docs/fairness.md``,
"A joint seed" and "What a guest holds the host to"). Two commitments make that checkable:

* **The terms**: the game, the engine, the options, every seat, the clocks and the list of
  participants with their commitments. The host sends them with the list of commitments,
  before anyone reveals a contribution, and the seed is made from their digest, so a table
  with other terms has another seed.
* **The move chain**: a running HMAC over every action of the record, keyed by a key drawn
  from the seed. Each snapshot a guest receives carries its current value; it reveals nothing
  of the moves until the seed is revealed at the end, and then ties every one of them, in
  order, to what the host had committed to when that snapshot was sent.

Both are specified byte for byte in ``docs/fairness.md`` with test vectors.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import re
from typing import Any, Iterable, Sequence

from .fairness import Stream, check_seed
from .game import LEVEL_NAMES, OptionSpec

#: The label of the stream whose first 32 bytes key the move chain.
CHAIN_LABEL = "table/moves"
#: The chain's value before any action: 32 zero bytes.
CHAIN_START = bytes(32)
#: The fields of the terms, in the order a difference is looked for.
TERMS_FIELDS = ("game", "engine", "options", "seats", "timers", "participants")


def canonical_json(data: Any) -> bytes:
    """Sorted keys, no spaces, UTF-8: the canonical JSON of ``docs/records.md`` (a record's seal
    and the terms' digest are computed over it)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def terms(game: str, engine: str, options: dict[str, Any], seats: list[dict[str, Any]], timers: bool,
          participants: Iterable[dict[str, str]]) -> dict[str, Any]:
    """The terms of a table, as plain data: what every participant sees before revealing."""
    return {
        "game": game,
        "engine": engine,
        "options": dict(options),
        "seats": [{"name": s["name"], "bot": s["bot"], "level": s["level"]} for s in seats],
        "timers": bool(timers),
        "participants": [{"who": p["who"], "commitment": p["commitment"]} for p in participants],
    }


def terms_of_record(r: dict[str, Any]) -> dict[str, Any]:
    """The terms a joint record shows: its own fields, read as the terms were written."""
    return terms(r["game"], r["engine"], r["options"], r["seats"], r.get("timers", True), r["joint"])


def terms_digest(t: dict[str, Any]) -> str:
    """SHA-256 of the terms' canonical JSON, lowercase hex: what the joint seed is made with."""
    return hashlib.sha256(canonical_json(t)).hexdigest()


def first_difference(want: Any, found: Any, path: str = "") -> tuple[str, Any, Any] | None:
    """The first place two terms differ, as (field path, value in ``want``, value in ``found``), or
    None. Objects are walked in ``TERMS_FIELDS`` order first and then by sorted key, lists by index,
    so the field named is the same whoever compares."""
    if isinstance(want, dict) and isinstance(found, dict):
        keys = [k for k in TERMS_FIELDS if k in want or k in found] if not path else []
        keys += sorted((set(want) | set(found)) - set(keys))
        for k in keys:
            sub = f"{path}.{k}" if path else k
            if k not in want or k not in found:
                return sub, want.get(k), found.get(k)
            d = first_difference(want[k], found[k], sub)
            if d is not None:
                return d
        return None
    if isinstance(want, list) and isinstance(found, list):
        for i in range(max(len(want), len(found))):
            sub = f"{path}[{i}]"
            if i >= len(want) or i >= len(found):
                return sub, want[i] if i < len(want) else None, found[i] if i < len(found) else None
            d = first_difference(want[i], found[i], sub)
            if d is not None:
                return d
        return None
    if type(want) is not type(found) or want != found:
        return path, want, found
    return None


# --- a difference in words -----------------------------------------------------------------------
#: The words a guest is shown for a difference, per language; ``{…}`` are filled by :func:`difference_words`.
DIFFERENCE_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "option": "{what} was promised as “{want}”, the table has “{found}”",
        "seat": "seat {n} was promised as {want}, the table has {found}",
        "timers": "the clocks were promised {want}, the table has them {found}",
        "participants": "the list of participants is not the one you revealed against",
        "other": "{field} was promised as {want}, the table has {found}",
        "person": "{name}, a person",
        "bot": "{name}, a bot ({level})",
        "no_seat": "no seat",
        "on": "on",
        "off": "off",
    },
    "pt": {
        "option": "{what} foi prometido como “{want}”, a mesa tem “{found}”",
        "seat": "o lugar {n} foi prometido como {want}, a mesa tem {found}",
        "timers": "os relógios foram prometidos {want}, a mesa os tem {found}",
        "participants": "a lista de participantes não é aquela contra a qual você revelou",
        "other": "{field} foi prometido como {want}, a mesa tem {found}",
        "person": "{name}, uma pessoa",
        "bot": "{name}, um bot ({level})",
        "no_seat": "nenhum lugar",
        "on": "ligados",
        "off": "desligados",
    },
}
_OPTION_PATH = re.compile(r"options\.([^.\[]+)")
_SEAT_PATH = re.compile(r"seats\[(\d+)\]")


def _text(x: Any) -> str:
    """A value as the page's words name it: JSON's spelling for a flag and for nothing."""
    if isinstance(x, bool):
        return "true" if x else "false"
    return "null" if x is None else str(x)


def _fill(template: str, **values: Any) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(values[m[1]]) if m[1] in values else m[0], template)


def difference_words(difference: tuple[str, Any, Any], want: dict[str, Any], found: dict[str, Any],
                     options: Sequence[OptionSpec] = ()) -> dict[str, str]:
    """The first difference of two terms (``first_difference``) in a player's words, ``{en, pt}``: an
    option by its label and its choices' words (a flag as on or off), a seat by its number with who sits
    there (a bot with its level's name), the clocks, the participants; any other field by its path and
    both values as JSON. ``want``, ``found``: the two whole terms; ``options``: the game's."""
    path, a, b = difference
    out = {}
    for lang, w in DIFFERENCE_WORDS.items():
        def seat(s: Any) -> str:
            if not isinstance(s, dict):
                return w["no_seat"]
            if s.get("bot"):
                level = s.get("level") or ""
                return _fill(w["bot"], name=s.get("name"), level=LEVEL_NAMES.get(level, {}).get(lang, level))
            return _fill(w["person"], name=s.get("name"))
        opt = _OPTION_PATH.fullmatch(path)
        k = _SEAT_PATH.match(path)
        if opt:
            spec = next((o for o in options if o.name == opt[1]), None)

            def value(v: Any) -> str:
                x = spec.default if v is None and spec is not None else v
                said = spec.choice_words.get(_text(x)) if spec is not None else None
                if said:
                    return said.get(lang, said["en"])
                return w["on" if x else "off"] if isinstance(x, bool) else _text(x)
            what = spec.label.get(lang, spec.label.get("en")) if spec is not None and spec.label else opt[1]
            out[lang] = _fill(w["option"], what=what, want=value(a), found=value(b))
        elif k:
            n = int(k[1])
            seats_a, seats_b = want.get("seats"), found.get("seats")
            out[lang] = _fill(w["seat"], n=n + 1,
                              want=seat(seats_a[n] if isinstance(seats_a, list) and n < len(seats_a) else None),
                              found=seat(seats_b[n] if isinstance(seats_b, list) and n < len(seats_b) else None))
        elif path == "timers":
            out[lang] = _fill(w["timers"], want=w["on" if a else "off"], found=w["on" if b else "off"])
        elif path.startswith("participants"):
            out[lang] = _fill(w["participants"], field=path)
        else:
            out[lang] = _fill(w["other"], field=path, want=_json(a), found=_json(b))
    return out


def _json(x: Any) -> str:
    return json.dumps(x, separators=(",", ":"), ensure_ascii=False)


# --- the move chain -----------------------------------------------------------------------------
def chain_key(seed: str) -> bytes:
    """The chain's key: the first 32 bytes of the stream ``table/moves`` under the seed."""
    return Stream(bytes.fromhex(check_seed(seed)), CHAIN_LABEL).read(32)


def chain_link(key: bytes, before: bytes, seat: int, by: str, action: str, time: int | None = None) -> bytes:
    """The chain's value after one more action: HMAC-SHA256(key, before ‖ seat ‖ 0x00 ‖ by ‖ 0x00 ‖
    action), the seat in decimal ASCII, ``by`` and the action in UTF-8; at a table over days the action's
    time follows, ‖ 0x00 ‖ time in decimal ASCII (unix seconds), so a time is as bound as the move."""
    msg = before + str(seat).encode("ascii") + b"\x00" + by.encode("utf-8") + b"\x00" + action.encode("utf-8")
    if time is not None:
        msg += b"\x00" + str(time).encode("ascii")
    return hmac.new(key, msg, hashlib.sha256).digest()


def chain(seed: str, actions: list[str], actors: list[list[Any]], times: list[int] | None = None) -> list[str]:
    """The chain's value (hex) after 0, 1, … n actions of a record: n + 1 values (``times``: a table
    over days, each action's time)."""
    key = chain_key(seed)
    value = CHAIN_START
    out = [value.hex()]
    for i, (action, (seat, by)) in enumerate(zip(actions, actors)):
        value = chain_link(key, value, seat, by, action, None if times is None else times[i])
        out.append(value.hex())
    return out


class MoveChain:
    """The chain of one running table: one HMAC per action."""

    __slots__ = ("_key", "value")

    def __init__(self, seed: str) -> None:
        self._key = chain_key(seed)
        self.value = CHAIN_START

    def add(self, seat: int, by: str, action: str, time: int | None = None) -> None:
        self.value = chain_link(self._key, self.value, seat, by, action, time)

    def hex(self) -> str:
        return self.value.hex()

