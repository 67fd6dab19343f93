"""The fairness seal: a secret seed, its fingerprint, and every random draw derived from it.

The scheme is specified in ``docs/fairness.md`` precisely enough to re-implement
in any language; the test vectors there are pinned by ``tests/test_fairness.py``.

In short:

* seed — 32 random bytes written as 64 lowercase hex characters;
* fingerprint — SHA-256 of those 64 ASCII characters, as lowercase hex;
* stream(label) — the byte string HMAC-SHA256(key, label ‖ 0x00 ‖ counter) for
  counter = 0, 1, 2, … (8-byte big-endian), concatenated; key = the 32 seed bytes;
* below(n) — unbiased integer in [0, n) by rejection: take ceil(bits/8) bytes
  big-endian, keep the low ``bits = (n-1).bit_length()`` bits, retry while ≥ n;
* shuffle — Fisher–Yates from the last index down to 1, ``j = below(i + 1)``;
* a joint seed (a table of people on several devices) — each participant draws a
  contribution (64 lowercase hex characters, like a seed) and first shows its commitment,
  the SHA-256 of those 64 ASCII characters; the seed is the SHA-256, as lowercase hex, of
  "valley-tables/joint-seed/1" followed, for each contribution in the table's order, by a
  0x00 byte and the contribution's 64 ASCII characters; since record version 4 the label is
  "valley-tables/joint-seed/2" followed by 0x00 and the digest of the table's terms
  (``commitments.py``) before the contributions;
* a bot's randomness — the bot at seat s gets its own key, the first 32 bytes of
  stream("bot/<s>"), and for the action at index n of the record the stream labelled
  "move/<n>" under that key: the bot can neither read the seed nor any other stream.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from typing import MutableSequence, TypeVar

T = TypeVar("T")

SEED_RE = re.compile(r"[0-9a-f]{64}")


class BadSeed(ValueError):
    """A seed that is not 64 lowercase hex characters."""


def check_seed(seed: str) -> str:
    if not isinstance(seed, str) or not SEED_RE.fullmatch(seed):
        raise BadSeed("a seed is 64 lowercase hexadecimal characters")
    return seed


def new_seed() -> str:
    """A fresh secret seed (the browser draws its own from crypto.getRandomValues)."""
    return secrets.token_hex(32)


def fingerprint(seed: str) -> str:
    """SHA-256 of the seed's 64 ASCII characters, lowercase hex."""
    return hashlib.sha256(check_seed(seed).encode("ascii")).hexdigest()


JOINT_LABEL = b"valley-tables/joint-seed/1"
#: The scheme that also binds the table's terms (record version 4).
JOINT_LABEL_2 = b"valley-tables/joint-seed/2"
#: The most contributions a joint seed takes (seats plus spectators of one table).
MAX_CONTRIBUTIONS = 16


def commitment(contribution: str) -> str:
    """What a participant shows before revealing its contribution: the SHA-256 of its 64 ASCII
    characters (the same function as a seed's fingerprint)."""
    return fingerprint(contribution)


def joint_seed(contributions: list[str], terms: str | None = None) -> str:
    """The seed of a table whose participants each contributed, in the table's order.

    No participant can choose it: each commits before any contribution is revealed, and a
    change to any one contribution changes the whole seed. ``terms``: the digest of the table's
    terms (``commitments.terms_digest``), for the scheme of record version 4, which makes the
    seed of a table with other terms another seed; None for the first scheme (version 3)."""
    if not isinstance(contributions, list) or not 1 <= len(contributions) <= MAX_CONTRIBUTIONS:
        raise BadSeed(f"a joint seed takes 1 to {MAX_CONTRIBUTIONS} contributions")
    head = JOINT_LABEL if terms is None else JOINT_LABEL_2 + b"\x00" + check_seed(terms).encode("ascii")
    msg = head + b"".join(b"\x00" + check_seed(c).encode("ascii") for c in contributions)
    return hashlib.sha256(msg).hexdigest()


class Stream:
    """One labelled, deterministic byte stream. Cheap to clone (it is a position, not a buffer)."""

    __slots__ = ("_key", "_label", "_counter", "_block", "_pos")

    def __init__(self, key: bytes, label: str) -> None:
        self._key = key
        self._label = label.encode("utf-8")
        self._counter = 0
        self._block = b""
        self._pos = 0

    def clone(self) -> "Stream":
        other = Stream.__new__(Stream)
        other._key, other._label = self._key, self._label
        other._counter, other._block, other._pos = self._counter, self._block, self._pos
        return other

    def read(self, n: int) -> bytes:
        out = bytearray()
        while len(out) < n:
            if self._pos == len(self._block):
                msg = self._label + b"\x00" + self._counter.to_bytes(8, "big")
                self._block = hmac.new(self._key, msg, hashlib.sha256).digest()
                self._counter += 1
                self._pos = 0
            take = min(n - len(out), len(self._block) - self._pos)
            out += self._block[self._pos:self._pos + take]
            self._pos += take
        return bytes(out)

    def below(self, n: int) -> int:
        """An unbiased integer in ``[0, n)``. ``below(1)`` is 0 and reads nothing."""
        if n < 1:
            raise ValueError("below(n) needs n >= 1")
        if n == 1:
            return 0
        bits = (n - 1).bit_length()
        nbytes = (bits + 7) // 8
        mask = (1 << bits) - 1
        while True:
            value = int.from_bytes(self.read(nbytes), "big") & mask
            if value < n:
                return value

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place, from the last index down to 1."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def bot_key(key: bytes, seat: int) -> bytes:
    """The key of the bot at ``seat``: the first 32 bytes of the stream ``bot/<seat>``."""
    return Stream(key, f"bot/{seat}").read(32)


class Chance:
    """The seeded source of every random thing in one game.

    Each use takes its own label (``"setup/first-player"``, ``"deck/reshuffle/3"``,
    ``"bot/1"``…), so adding a new use never shifts the draws of another.
    Streams are remembered by label so a game can draw from the same label
    across turns; :meth:`clone` copies their positions.
    """

    __slots__ = ("_key", "_streams")

    def __init__(self, seed: str) -> None:
        self._key = bytes.fromhex(check_seed(seed))
        self._streams: dict[str, Stream] = {}

    def stream(self, label: str) -> Stream:
        s = self._streams.get(label)
        if s is None:
            s = self._streams[label] = Stream(self._key, label)
        return s

    def bot_stream(self, seat: int, move: int) -> Stream:
        """The stream the bot at ``seat`` draws from when choosing the action at index ``move``.

        Keyed by a key of the bot's own (HMAC is one-way), so whoever holds it learns
        nothing of the seed or of the deck orders; and it depends only on (seed, seat,
        move), so the same decision gets the same stream after a reload or in a verifier.
        """
        return Stream(bot_key(self._key, seat), f"move/{move}")

    def fresh(self, label: str) -> Stream:
        """A new stream at its start, not remembered: for draws that must be pure
        functions of the position (the table's move on a timer, which the verifier re-derives)."""
        return Stream(self._key, label)

    def clone(self) -> "Chance":
        other = Chance.__new__(Chance)
        other._key = self._key
        other._streams = {k: s.clone() for k, s in self._streams.items()}
        return other
