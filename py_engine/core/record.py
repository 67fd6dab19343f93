"""Game records: the JSON document a table saves, downloads and verifies.

The format, its canonical JSON and every check made on reading are specified in
``docs/records.md`` precisely enough to write another verifier. A record is plain data;
it is turned into a live table by :func:`py_engine.core.table.Table.from_record`.

Reading is strict on purpose: a record is evidence. Anything ambiguous (a key given twice,
a NaN, a number too long to be a seat, a string that is not valid Unicode) is refused
with a message naming the field, in English and Portuguese, never with a traceback.
"""
from __future__ import annotations

import gc
import hashlib
import hmac
import json
import re
from typing import Any

from .commitments import TERMS_FIELDS, canonical_json, terms_digest, terms_of_record
from .fairness import MAX_CONTRIBUTIONS, check_seed, commitment, joint_seed

FORMAT = "valley-tables-record"
#: Written by this engine. Version 2: bot moves follow the per-move bot streams of
#: ``docs/fairness.md`` (so ``verify --bots`` can re-derive them) and reading is strict.
VERSION = 2
#: Written instead of VERSION for a table with a joint seed (people on several devices): the
#: record gains ``joint``, the participants' commitments and, with the seed, contributions.
JOINT_VERSION = 4
#: The first joint-seed records: their seed is made from the contributions alone, and the
#: table's terms are not bound to it (``docs/fairness.md``).
JOINT_VERSION_1 = 3
#: Versions this engine reads. Version 1 records replay and verify; their bot moves
#: came from a stream this engine no longer derives, so they cannot be re-checked.
READABLE = (1, 2, 3, 4)

#: How an action came to be played: by the seat itself (person or bot), by the
#: table when the seat's timer ran out, or by the table because nothing else was legal.
BY_SEAT, BY_TIMER, BY_TABLE = "seat", "timer", "table"
ACTORS = (BY_SEAT, BY_TIMER, BY_TABLE)

MAX_BYTES = 5 * 1024 * 1024   # a long Wickerfair game is well under 1 MB
MAX_DEPTH = 32                # a record nests 4 deep
MAX_DIGITS = 15               # integers in records are seat numbers, scores and option values
MAX_NAME = 64                 # characters in a seat name
MAX_ACTION = 256              # characters in one action

KEYS = ("format", "version", "game", "engine", "options", "seats", "timers", "fingerprint",
        "actions", "actors", "started", "times", "result", "seed", "seal", "joint", "witness")
#: What one participant's page adds to the record it keeps, outside the seal: what it was
#: shown and promised during the game (``docs/records.md``, "A participant's witness").
WITNESS_KEYS = ("seat", "host", "own", "terms", "commitments", "shown", "earlier")
#: A table over days' witness also keeps the start it was shown (each entry of ``shown`` its time too).
WITNESS_DAYS_KEYS = WITNESS_KEYS + ("started",)
#: The largest time a record may hold (unix seconds; ``days.MAX_TIME``).
MAX_TIME = 10 ** 15 - 1
#: Earlier tables of the same host a witness may name.
MAX_EARLIER = 16
#: Commitments and log entries a witness may hold (a long Wickerfair game has a few hundred).
MAX_WITNESS = 20_000
REQUIRED = ("format", "version", "game", "engine", "options", "seats", "fingerprint", "actions", "actors")
HEX64 = re.compile(r"[0-9a-f]{64}")


class BadRecord(ValueError):
    """A record that cannot be read. ``words`` holds the message in every page language;
    ``field`` names the part of the record at fault."""

    def __init__(self, en: str, pt: str | None = None, field: str | None = None, expected: Any = None) -> None:
        super().__init__(en)
        self.words = {"en": en, "pt": pt or en}
        self.field = field
        #: What the check computed for ``field``, where it computes one (the seed the contributions make).
        self.expected = expected


# --- reading text -----------------------------------------------------------------------------
# Strings are skipped without a pattern that could backtrack, with str methods only (C loops):
# escaped backslashes go first (left to right, pairing as JSON does), then escaped quotes; what
# is left inside strings holds no quote, so the text split at its quotes alternates outside,
# inside, outside… An unterminated string (say, megabytes of escaped quotes) costs one pass.
# Outside strings a backslash is no JSON: the reader refuses it there, before any bracket after it.
# Then only brackets are kept, all as [ and ] (the parser recurses on either kind), and innermost
# pairs are removed, one level a pass: a text MAX_DEPTH deep is empty after MAX_DEPTH passes.
_BRACKETS = bytes.maketrans(b"{}", b"[]")
_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))
# A \uD800-\uDFFF escape: the only way a lone surrogate reaches parsed strings from UTF-8.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _outside_strings(text: str) -> str:
    return "".join(text.replace("\\\\", "").replace('\\"', "").split('"')[::2])


def _nesting(text: str) -> str | None:
    """"deep" if the parser would nest deeper than MAX_DEPTH arrays and objects (it recurses, and
    a text 100,000 brackets deep must not crash it), else None. Linear time: at most MAX_DEPTH
    passes of bytes.replace over the brackets."""
    brackets = _outside_strings(text).encode("utf-8", "surrogatepass").translate(_BRACKETS, _NOT_BRACKETS)
    for _ in range(MAX_DEPTH):
        if not brackets:
            return None
        fewer = brackets.replace(b"[]", b"")
        if len(fewer) == len(brackets):
            break
        brackets = fewer
    if not brackets or (b"[]" not in brackets and (brackets.startswith(b"]") or len(brackets) <= MAX_DEPTH)):
        # Nothing left; or closers no opener precedes (the parser stops at the first, at most
        # MAX_DEPTH deep), or at most MAX_DEPTH openers never closed: it reports them itself.
        return None
    return "deep"  # a pair left after MAX_DEPTH passes, or more openers than that never closed


def _depth(text: str) -> int:
    """The deepest nesting of arrays and objects outside strings (exact; for tests and tools)."""
    depth = deepest = 0
    for ch in _outside_strings(text):
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _loads(text: str) -> Any:
    """json.loads, strictly, with the cycle collector paused: the parser makes no cycles, and a
    text of millions of small arrays would otherwise run it again and again (seconds, not tenths)."""
    paused = gc.isenabled()
    gc.disable()
    try:
        return json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant, parse_int=_integer,
                          parse_float=_float)
    finally:
        if paused:
            gc.enable()


def utf8_size(text: str, limit: int = MAX_BYTES) -> int:
    """The length of ``text`` as UTF-8 bytes (what the 5 MB limit counts, for text and files alike)."""
    if len(text) > limit:  # every character is at least one byte: no need to encode it all
        return len(text)
    return len(text.encode("utf-8", "surrogatepass"))


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise BadRecord(f"the key {k!r} appears twice in one object", f"a chave {k!r} aparece duas vezes no mesmo objeto",
                            field=k)
        out[k] = v
    return out


def _constant(name: str) -> Any:
    raise BadRecord(f"{name} is not a number a record may hold", f"{name} não é um número que um registro possa ter")


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise BadRecord(f"a number of {len(text.lstrip('-'))} digits is too long for a record",
                        f"um número de {len(text.lstrip('-'))} dígitos é longo demais para um registro")
    return int(text)


def _float(text: str) -> Any:
    raise BadRecord(f"{text} is not an integer; records hold whole numbers only",
                    f"{text} não é um inteiro; registros só têm números inteiros")


def too_large(what: str = "text", limit: int = MAX_BYTES) -> BadRecord:
    """The refusal of anything over the limit (``what``: "file" for bytes, "text" for text)."""
    mb = f"{limit / (1024 * 1024):g}"
    if what == "file":
        return BadRecord(f"the file is larger than {mb} MB; no record is that long",
                         f"o arquivo tem mais de {mb} MB; nenhum registro é tão longo")
    return BadRecord(f"the text is longer than {mb} MB; no record is that long",
                     f"o texto tem mais de {mb} MB; nenhum registro é tão longo")


def parse(data: str | bytes, limit: int = MAX_BYTES) -> Any:
    """Read a record's text (or bytes, as a file gives them) strictly; BadRecord on anything odd.

    ``limit`` counts UTF-8 bytes, for text as for bytes (the bridge reads its requests, which
    carry a record inside, with a larger one)."""
    if isinstance(data, (bytes, bytearray)):
        if len(data) > limit:
            raise too_large("file", limit)
        try:
            text = bytes(data).decode("utf-8")
        except UnicodeDecodeError as e:
            raise BadRecord(f"the file is not UTF-8 text (byte {e.start})",
                            f"o arquivo não é texto UTF-8 (byte {e.start})") from None
    elif isinstance(data, str):
        text = data
        if utf8_size(text, limit) > limit:
            raise too_large("text", limit)
    else:
        raise BadRecord("a record is JSON text", "um registro é um texto JSON")
    if text.startswith("\ufeff"):
        raise BadRecord("the text starts with a byte order mark; a record is plain UTF-8 JSON",
                        "o texto começa com uma marca de ordem de bytes; um registro é JSON UTF-8 simples")
    if _nesting(text) == "deep":
        raise BadRecord(f"the JSON nests deeper than {MAX_DEPTH} levels; a record nests 4",
                        f"o JSON tem mais de {MAX_DEPTH} níveis; um registro tem 4")
    try:
        data = _loads(text)
        # A lone surrogate (raw, or written as a \\uD800 escape) is not a character: it
        # could not be written back as UTF-8, so the seal could not be computed over it.
        text.encode("utf-8")
        if _SURROGATE_ESCAPE.search(text):  # rare: only then is the whole record written out again
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        return data
    except UnicodeEncodeError:
        raise BadRecord("the text holds a lone surrogate, which is not a character",
                        "o texto tem um substituto isolado, que não é um caractere") from None
    except BadRecord:
        raise
    except json.JSONDecodeError as e:
        msg = e.msg.removesuffix(" at")  # "Unterminated string starting at": the place follows
        raise BadRecord(f"not JSON: {msg} at line {e.lineno}, column {e.colno}",
                        f"não é JSON: {msg} na linha {e.lineno}, coluna {e.colno}") from None
    except (RecursionError, ValueError) as e:
        raise BadRecord(f"not a readable record ({e.__class__.__name__})",
                        f"não é um registro legível ({e.__class__.__name__})") from None


#: One step of a field's name: ``[3]`` (a list's index) or ``.name`` (an object's member; the first without the dot).
_PATH_STEP = re.compile(r"\[(\d{1,6})\]|\.?([^.\[\]]+)")


def value_at(record: Any, field: str | None) -> Any:
    """The record's value of ``field`` as a verdict names it (``joint[1].contribution``, ``seats[0].level``,
    ``options.first``), or None where the record has none there (or the name is no path into it)."""
    here, pos = record, 0
    for m in _PATH_STEP.finditer(field or ""):
        if m.start() != pos:
            return None
        pos = m.end()
        index, name = m.groups()
        if name is not None:
            if not isinstance(here, dict) or name not in here:
                return None
            here = here[name]
        elif isinstance(here, list) and int(index) < len(here):
            here = here[int(index)]
        else:
            return None
    return here if field and pos == len(field) else None


# --- canonical form and seal --------------------------------------------------------------------
def seal(record: dict[str, Any], seed: str) -> str:
    """HMAC-SHA256 keyed by the seed bytes over the canonical record without its ``seal`` (and
    without a participant's ``witness``, which that participant's page adds afterwards).

    Anyone holding the revealed seed can recompute it, so it does not stop a
    determined forger; it makes any single edit of a finished record (a name, a
    bot flag, a score) detectable, and binds every field to the seed that the
    fingerprint committed to before play.
    """
    body = {k: v for k, v in record.items() if k not in ("seal", "witness")}
    return hmac.new(bytes.fromhex(check_seed(seed)), canonical_json(body), hashlib.sha256).hexdigest()


# --- shape ----------------------------------------------------------------------------------------
def _need(cond: bool, field: str, en: str, pt: str, expected: Any = None) -> None:
    if not cond:
        raise BadRecord(en, pt, field, expected)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _text(v: Any, most: int) -> bool:
    return isinstance(v, str) and 0 < len(v) <= most


def _check_joint(record: dict[str, Any]) -> None:
    _need(record["version"] >= JOINT_VERSION_1, "joint", f"a joint seed needs record version {JOINT_VERSION_1} or {JOINT_VERSION}",
          f"uma semente conjunta exige a versão {JOINT_VERSION_1} ou {JOINT_VERSION} do registro")
    joint = record["joint"]
    _need(isinstance(joint, list) and 1 <= len(joint) <= MAX_CONTRIBUTIONS, "joint",
          f"joint must list 1 to {MAX_CONTRIBUTIONS} participants", f"joint deve ter de 1 a {MAX_CONTRIBUTIONS} participantes")
    revealed = "seed" in record
    for i, p in enumerate(joint):
        f = f"joint[{i}]"
        keys = {"who", "commitment", "contribution"} if revealed else {"who", "commitment"}
        _need(isinstance(p, dict) and set(p) == keys, f,
              f"participant {i + 1} must have exactly {sorted(keys)}", f"o participante {i + 1} deve ter exatamente {sorted(keys)}")
        _need(_text(p["who"], MAX_NAME), f + ".who", f"participant {i + 1}: who must be text of 1–{MAX_NAME} characters",
              f"participante {i + 1}: who deve ser um texto de 1 a {MAX_NAME} caracteres")
        for key in sorted(keys - {"who"}):
            _need(isinstance(p[key], str) and HEX64.fullmatch(p[key]) is not None, f"{f}.{key}",
                  f"participant {i + 1}: {key} must be 64 lowercase hexadecimal characters",
                  f"participante {i + 1}: {key} deve ter 64 caracteres hexadecimais minúsculos")


def check_joint(record: dict[str, Any]) -> None:
    """A revealed joint seed: every contribution matches the commitment shown at the start, and
    the seed is the one the contributions make (``docs/fairness.md``)."""
    if "joint" not in record or "seed" not in record:
        return
    for i, p in enumerate(record["joint"]):
        _need(commitment(p["contribution"]) == p["commitment"], f"joint[{i}].contribution",
              f"participant {i + 1} ({p['who']}) revealed a contribution that does not match its commitment",
              f"o participante {i + 1} ({p['who']}) revelou uma contribuição que não confere com o seu compromisso")
    if record["version"] >= JOINT_VERSION:
        made = joint_seed([p["contribution"] for p in record["joint"]], terms_digest(terms_of_record(record)))
        _need(made == record["seed"], "seed",
              "the seed is not the one the participants' contributions and the table's terms (game, engine, "
              "options, seats, clocks, participants) make",
              "a semente não é a que as contribuições dos participantes e os termos da mesa (jogo, motor, opções, "
              "lugares, relógios, participantes) formam", made)
        return
    made = joint_seed([p["contribution"] for p in record["joint"]])
    _need(made == record["seed"], "seed",
          "the seed is not the one the participants' contributions make",
          "a semente não é a que as contribuições dos participantes formam", made)


def is_days(record: dict[str, Any]) -> bool:
    """Whether a record (its shape already checked) is a table over days: ``options.move_days`` above 0."""
    m = record.get("options", {}).get("move_days", 0) if isinstance(record.get("options"), dict) else 0
    return _is_int(m) and m > 0


def time_at(record: dict[str, Any], i: int) -> int | None:
    """The time of action ``i`` of a table over days (None for any other table)."""
    times = record.get("times")
    return times[i] if times is not None else None


def _time(v: Any) -> bool:
    return _is_int(v) and 0 <= v <= MAX_TIME


def _check_times(record: dict[str, Any]) -> None:
    """A table over days: ``started`` and one time per action, whole unix seconds that never go back."""
    days = is_days(record)
    for key in ("started", "times"):
        _need((key in record) == days, key,
              f"{key} is in the record of a table over days (options.move_days above 0), and only there",
              f"{key} está no registro de uma mesa por dias (options.move_days acima de 0), e só ali")
    if not days:
        return
    started, times = record["started"], record["times"]
    _need(_time(started), "started", "started must be whole unix seconds (the time the table started)",
          "started deve ser em segundos unix inteiros (a hora em que a mesa começou)")
    _need(isinstance(times, list) and len(times) == len(record["actions"]), "times",
          "times must list one time per action", "times deve ter uma hora por jogada")
    last = started
    for i, t in enumerate(times):
        _need(_time(t), f"times[{i}]", f"the time of move {i + 1} must be whole unix seconds",
              f"a hora da jogada {i + 1} deve ser em segundos unix inteiros")
        _need(t >= last, f"times[{i}]",
              f"the time of move {i + 1} ({t}) is before the one before it ({last}): a table's times never go back",
              f"a hora da jogada {i + 1} ({t}) é anterior à anterior ({last}): as horas de uma mesa nunca voltam",
              last)
        last = t


def _hex(v: Any) -> bool:
    return isinstance(v, str) and HEX64.fullmatch(v) is not None


def _check_terms(t: Any, f: str) -> None:
    """Terms as a page received them (``commitments.terms``): every field, of its type."""
    bad = ("the terms a page kept must hold game, engine, options, seats, timers and participants, each of its kind",
           "os termos que uma página guardou devem ter game, engine, options, seats, timers e participants, cada um do seu tipo")
    _need(isinstance(t, dict) and set(t) == set(TERMS_FIELDS), f, *bad)
    ok = (_text(t["game"], 40) and _text(t["engine"], 40) and isinstance(t["timers"], bool)
          and isinstance(t["options"], dict) and len(t["options"]) <= 32
          and all(_text(k, 40) and isinstance(v, (bool, int, str)) and (not isinstance(v, str) or len(v) <= 40)
                  for k, v in t["options"].items())
          and isinstance(t["seats"], list) and 0 < len(t["seats"]) <= 8
          and all(isinstance(x, dict) and set(x) == {"name", "bot", "level"} and _text(x["name"], MAX_NAME)
                  and isinstance(x["bot"], bool) and (x["level"] is None or _text(x["level"], 40)) for x in t["seats"])
          and isinstance(t["participants"], list) and 1 <= len(t["participants"]) <= MAX_CONTRIBUTIONS
          and all(isinstance(p, dict) and set(p) == {"who", "commitment"} and _text(p["who"], MAX_NAME)
                  and _hex(p["commitment"]) for p in t["participants"]))
    _need(ok, f, *bad)


def _check_witness(record: dict[str, Any]) -> None:
    """A participant's witness: only on a finished joint record of version 4, every field bounded
    by the record's own length (what a page can have been shown of this game, no more)."""
    w = record["witness"]
    _need(record["version"] >= JOINT_VERSION and "seed" in record, "witness",
          f"only a finished joint-seed record of version {JOINT_VERSION} carries a participant's witness",
          f"só um registro terminado de semente conjunta da versão {JOINT_VERSION} traz a testemunha de um participante")
    days = is_days(record)
    keys = WITNESS_DAYS_KEYS if days else WITNESS_KEYS
    _need(isinstance(w, dict) and set(w) == set(keys), "witness",
          f"the witness must have exactly {list(keys)}", f"a testemunha deve ter exatamente {list(keys)}")
    if days:
        _need(_time(w["started"]), "witness.started", "witness.started is the table's start it was shown: unix seconds",
              "witness.started é o início da mesa que lhe mostraram: segundos unix")
    seats = len(record["seats"])
    _need(w["seat"] is None or (_is_int(w["seat"]) and 0 <= w["seat"] < seats), "witness.seat",
          "witness.seat must be a seat of this table, or null for a spectator",
          "witness.seat deve ser um lugar desta mesa, ou null para um espectador")
    _need(_hex(w["host"]), "witness.host", "witness.host must be 64 lowercase hexadecimal characters",
          "witness.host deve ter 64 caracteres hexadecimais minúsculos")
    _need((w["seat"] is None and w["own"] is None) or (w["seat"] is not None and _hex(w["own"])), "witness.own",
          "witness.own is the seat's commitment (64 lowercase hexadecimal characters), null for a spectator",
          "witness.own é o compromisso do lugar (64 caracteres hexadecimais minúsculos), null para um espectador")
    if w["terms"] is not None:
        _check_terms(w["terms"], "witness.terms")
    # Bounded by what any game can hold, not by this record's length: a host handing over a shorter
    # record must meet the witness's check of the moves, not make the witness unreadable.
    most = MAX_WITNESS
    c = w["commitments"]
    _need(isinstance(c, list) and len(c) <= most
          and all(isinstance(x, list) and len(x) == 2 and _is_int(x[0]) and 0 <= x[0] <= most and _hex(x[1]) for x in c)
          and all(c[i][0] <= c[i + 1][0] for i in range(len(c) - 1)), "witness.commitments",
          f"witness.commitments lists at most {MAX_WITNESS} [log entries held, 64 hex] in the order received",
          f"witness.commitments lista no máximo {MAX_WITNESS} [entradas do registro de jogadas, 64 hex] na ordem recebida")
    sh = w["shown"]
    width = 3 if days else 2
    _need(isinstance(sh, list) and len(sh) <= most
          and all(isinstance(x, list) and len(x) == width and _is_int(x[0]) and 0 <= x[0] < seats
                  and (x[1] is None or (isinstance(x[1], str) and len(x[1]) <= 4096))
                  and (not days or _time(x[2])) for x in sh),
          "witness.shown", f"witness.shown lists [seat, move or null{', time' if days else ''}] for each entry of the "
                           f"log shown, at most {MAX_WITNESS}",
          f"witness.shown lista [lugar, jogada ou null{', hora' if days else ''}] para cada entrada do registro mostrado, "
          f"no máximo {MAX_WITNESS}")
    e = w["earlier"]
    _need(isinstance(e, list) and len(e) <= MAX_EARLIER and all(_hex(x) for x in e), "witness.earlier",
          f"witness.earlier lists at most {MAX_EARLIER} digests (64 hex) of earlier tables",
          f"witness.earlier lista no máximo {MAX_EARLIER} resumos (64 hex) de mesas anteriores")


def check_shape(record: Any) -> dict[str, Any]:
    """Refuse anything that is not a well-formed record, naming the first problem."""
    _need(isinstance(record, dict), "record", "a record is a JSON object", "um registro é um objeto JSON")
    _need(record.get("format") == FORMAT, "format", f"not a Valley Tables record (format must be {FORMAT!r})",
          f"não é um registro do Mesas do Vale (format deve ser {FORMAT!r})")
    v = record.get("version")
    _need(_is_int(v) and v in READABLE, "version", f"unsupported record version {v!r} (this engine reads {list(READABLE)})",
          f"versão de registro não suportada {v!r} (este motor lê {list(READABLE)})")
    for key in REQUIRED:
        _need(key in record, key, f"the record has no {key!r}", f"o registro não tem {key!r}")
    for key in record:
        _need(key in KEYS, key, f"unknown field {key!r} in the record", f"campo desconhecido {key!r} no registro")
    _need(_text(record["game"], 40), "game", "game must be a game's code name", "game deve ser o nome de código de um jogo")
    _need(_text(record["engine"], 40), "engine", "engine must be a version string", "engine deve ser um texto de versão")
    options = record["options"]
    _need(isinstance(options, dict), "options", "options must be an object", "options deve ser um objeto")
    for k, val in options.items():
        _need(isinstance(val, (bool, int, str)), f"options.{k}", f"option {k!r} must be true/false, a number or a word",
              f"a opção {k!r} deve ser verdadeiro/falso, um número ou uma palavra")
    seats = record["seats"]
    _need(isinstance(seats, list) and 0 < len(seats) <= 8, "seats", "seats must be a non-empty list",
          "seats deve ser uma lista não vazia")
    for i, s in enumerate(seats):
        f = f"seats[{i}]"
        _need(isinstance(s, dict), f, f"seat {i + 1} must be an object", f"o lugar {i + 1} deve ser um objeto")
        _need(set(s) == {"name", "bot", "level"}, f, f"seat {i + 1} must have exactly name, bot and level",
              f"o lugar {i + 1} deve ter exatamente name, bot e level")
        _need(_text(s["name"], MAX_NAME), f + ".name", f"seat {i + 1}: the name must be text of 1–{MAX_NAME} characters",
              f"lugar {i + 1}: o nome deve ser um texto de 1 a {MAX_NAME} caracteres")
        _need(isinstance(s["bot"], bool), f + ".bot", f"seat {i + 1}: bot must be true or false",
              f"lugar {i + 1}: bot deve ser verdadeiro ou falso")
        if s["bot"]:
            _need(_text(s["level"], 40), f + ".level", f"seat {i + 1}: a bot needs a level",
                  f"lugar {i + 1}: um bot precisa de um nível")
        else:
            _need(s["level"] is None, f + ".level", f"seat {i + 1}: a person has no bot level",
                  f"lugar {i + 1}: uma pessoa não tem nível de bot")
    _need(isinstance(record.get("timers", True), bool), "timers", "timers must be true or false",
          "timers deve ser verdadeiro ou falso")
    fp = record["fingerprint"]
    _need(isinstance(fp, str) and HEX64.fullmatch(fp) is not None, "fingerprint",
          "the fingerprint must be 64 lowercase hexadecimal characters",
          "a impressão digital deve ter 64 caracteres hexadecimais minúsculos")
    if "seed" in record:
        sd = record["seed"]
        _need(isinstance(sd, str) and HEX64.fullmatch(sd) is not None, "seed",
              "the seed must be exactly 64 lowercase hexadecimal characters",
              "a semente deve ter exatamente 64 caracteres hexadecimais minúsculos")
    if "seal" in record:
        sl = record["seal"]
        _need(isinstance(sl, str) and HEX64.fullmatch(sl) is not None, "seal",
              "the seal must be 64 lowercase hexadecimal characters",
              "o selo deve ter 64 caracteres hexadecimais minúsculos")
    _need(record["version"] < JOINT_VERSION_1 or "joint" in record, "version",
          f"a version {record['version']} record is a joint-seed table's and lists its participants (joint)",
          f"um registro da versão {record['version']} é de uma mesa de semente conjunta e lista os participantes (joint)")
    if "joint" in record:
        _check_joint(record)
    actions, actors = record["actions"], record["actors"]
    _need(isinstance(actions, list), "actions", "actions must be a list", "actions deve ser uma lista")
    for i, a in enumerate(actions):
        _need(_text(a, MAX_ACTION), f"actions[{i}]", f"move {i + 1} must be a non-empty string in the game's notation",
              f"a jogada {i + 1} deve ser um texto não vazio na notação do jogo")
    _need(isinstance(actors, list) and len(actors) == len(actions), "actors",
          "actors must list one [seat, by] per action", "actors deve ter um [seat, by] por jogada")
    for i, a in enumerate(actors):
        _need(isinstance(a, list) and len(a) == 2 and _is_int(a[0]) and 0 <= a[0] < len(seats) and a[1] in ACTORS,
              f"actors[{i}]", f"the actor of move {i + 1} must be [seat, one of {list(ACTORS)}]",
              f"o autor da jogada {i + 1} deve ser [lugar, um de {list(ACTORS)}]")
    _check_times(record)
    if "witness" in record:
        _check_witness(record)
    if "result" in record:
        r = record["result"]
        ok = (isinstance(r, dict) and set(r) == {"scores", "winners", "outcome"}
              and isinstance(r["scores"], list) and len(r["scores"]) == len(seats) and all(_is_int(x) for x in r["scores"])
              and isinstance(r["winners"], list) and all(_is_int(x) and 0 <= x < len(seats) for x in r["winners"])
              and r["outcome"] in ("win", "shared", "draw"))
        _need(ok, "result", "result must hold scores (one integer per seat), winners (seats) and outcome",
              "result deve ter scores (um inteiro por lugar), winners (lugares) e outcome")
    return record
