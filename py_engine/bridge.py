"""The JSON API the browser's worker calls. One function, :func:`handle`, JSON text in and out.

Every request is ``{"cmd": NAME, ...args}``; every answer is
``{"ok": true, "result": ...}`` or ``{"ok": false, "error": MESSAGE, "words": {en, pt}, "kind": KIND}``.
A failed request changes nothing (an action is logged only after it applied cleanly).
The page never decides legality; it asks here.

Privacy: a snapshot is built for one viewer (a seat, ``null`` for a spectator, ``"all"``
once the game is over) from what that viewer may see: no seed, no record and no other
seat's secrets while the table runs. The autosave is not in the result: a table with a
save id answers with a ``persist`` field beside ``result`` (the record *with* its seed),
which the worker writes to storage itself and never passes on to the page.

Records come in as ``text`` (the record's text, exactly as given) or ``bytes`` (a file's bytes,
base64): either way the strict reader sees them unaltered, and the 5 MB limit counts the record's
UTF-8 bytes, not the request around it.

Bounds: at most :data:`MAX_TABLES` open tables, :data:`MAX_REPLAYS` replays and
:data:`MAX_LESSONS` lessons; opening one more closes the one used least recently (a saved
table is loaded again from its save). ``docs/architecture.md`` says so too.

Commands (``docs/architecture.md`` has the shapes):
``games``, ``game_data``, ``joint_terms``, ``terms_check``, ``new_table``, ``load_table``, ``hint``, ``review_open``,
``review_next``, ``snapshot``, ``play``, ``bot_play``, ``timeout``, ``preview``,
``record``, ``save_record``, ``verify``, ``open_replay``, ``replay_at``, ``lessons``, ``lesson_start``,
``lesson_play``, ``close``.

A table over days (the option ``move_days``) takes ``at`` — the host's clock, whole unix seconds — with
every command that plays (``new_table``: the time it starts), and with any other that answers a snapshot
(optional there: the table's last time by default); a table not over days refuses ``at``.
"""
from __future__ import annotations

import base64
import binascii
import json
from collections import OrderedDict
from typing import Any, Callable

from . import __version__
from .core import record as rec
from .core import analysis
from .core import commitments as commit
from .core import controls as ctl
from .core import lessons as lessons_core
from .core import preview as preview_core
from .core.fairness import MAX_CONTRIBUTIONS, Chance
from .core.game import ALL_SEATS, IllegalAction
from .core.replay import Replay
from .core.table import Seat, Table
from .core.verify import verify
from .rated import player_ratings
from .registry import available, get_game, ladder

#: Open tables, replays and lessons kept at once. Pages do not close what they leave, so the
#: least recently used goes when one more opens: far more than any visit holds in use.
MAX_TABLES = 32
MAX_REPLAYS = 16
MAX_LESSONS = 16
#: A request may carry a record of MAX_BYTES as JSON text inside JSON text: escaping can make
#: each character six (a control character written \u00XX), plus room for the other arguments.
MAX_REQUEST = 6 * rec.MAX_BYTES + 64 * 1024

_tables: OrderedDict[str, Table] = OrderedDict()
_saves: dict[str, str] = {}        # engine table id -> the page's save id
_replays: OrderedDict[str, Replay] = OrderedDict()
#: Reviews under way (a generator each): few, since a review is one page's work.
_reviews: OrderedDict[str, Any] = OrderedDict()
MAX_REVIEWS = 4
_attempts: OrderedDict[str, lessons_core.Attempt] = OrderedDict()
_next_id = [0]


#: The finished games a player's rating is computed from, at most.
MAX_RATED = 5000


class BadRequest(ValueError):
    pass


class Running(BadRequest):
    """Asked for what only a finished game gives."""


def _new_id(prefix: str) -> str:
    _next_id[0] += 1
    return f"{prefix}{_next_id[0]}"


def _keep(store: OrderedDict[str, Any], key: str, value: Any, most: int) -> None:
    """Add ``value``; past ``most`` entries the least recently used one is closed."""
    store[key] = value
    while len(store) > most:
        old, _ = store.popitem(last=False)
        _saves.pop(old, None)


def _used(store: OrderedDict[str, Any], key: Any, missing: str) -> Any:
    """The entry for ``key``, marked as just used; BadRequest(``missing``) if there is none."""
    if not isinstance(key, str) or key not in store:
        raise BadRequest(missing)
    store.move_to_end(key)
    return store[key]


def _table(args: dict[str, Any]) -> tuple[str, Table]:
    tid = args.get("table")
    t = _used(_tables, tid, "no such table (it may have been closed)")
    return tid, t  # type: ignore[return-value]


def _record_input(args: dict[str, Any]) -> Any:
    """The record a request carries, read strictly: ``text`` as given, or ``bytes`` (base64 of a
    file's bytes: a byte order mark, UTF-16 or a bad byte is judged as the CLI judges it)."""
    text, raw = args.get("text"), args.get("bytes")
    if isinstance(text, str):
        return rec.parse(text)
    if isinstance(raw, str):
        if len(raw) > 4 * (rec.MAX_BYTES // 3 + 1):
            raise rec.too_large("file")
        try:
            data = base64.b64decode(raw, validate=True)
        except (binascii.Error, ValueError):
            raise BadRequest("bytes must be base64") from None
        return rec.parse(data)
    if "record" in args:
        return args["record"]
    raise BadRequest("give the record as text or bytes")


def _seat_arg(args: dict[str, Any], key: str = "seat") -> int | None:
    seat = args.get(key)
    if seat is None:
        return None
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise BadRequest(f"{key} must be a seat number")
    return seat


def _viewer(t: Table, args: dict[str, Any]) -> int | str | None:
    return t.check_viewer(args.get("viewer"))


def _at(t: Table | None, args: dict[str, Any], required: bool) -> int | None:
    """The request's ``at`` (the host's clock, unix seconds): only at a table over days, where a command
    that plays needs it (the table refuses a time before its last); else the table's last time."""
    at = args.get("at")
    if t is not None and t.clock is None:
        if at is not None:
            raise BadRequest("at is for a table over days")
        return None
    if at is None:
        if required:
            raise BadRequest("a table over days needs at: the host's clock now, whole unix seconds")
        return t.now() if t is not None else None
    if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= rec.MAX_TIME:
        raise BadRequest("at must be whole unix seconds")
    return at


def _words(t: Table, action: str, viewer: int | str | None) -> dict[str, str]:
    try:
        return {lang: t.state.describe(action, lang, viewer) for lang in ("en", "pt")}
    except (ValueError, KeyError, IndexError):
        return {"en": action, "pt": action}


def _decision(t: Table) -> dict[str, Any] | None:
    d = t.decision()
    if d is None:
        return None
    return {"kind": d.kind, "players": list(d.players), "timer": d.timer, "visibility": d.visibility,
            "secret": d.secret, "forced": len(d.players) == 1 and t.state.is_forced(d.players[0]),
            # the clock's key: a compound choice keeps the move count where it began
            "since": len(t.actions) if d.since is None else d.since}


def _log(t: Table, viewer: int | str | None, since: Any) -> dict[str, Any]:
    """The log for ``viewer``; with ``since`` (the number of entries the page already holds for
    this viewer) only from where it may differ on (the table decides: ``Table.log_since``)."""
    if since is None:
        return {"log": t.log(viewer)}
    return t.log_since(viewer, since)


def snapshot(tid: str, t: Table, viewer: int | str | None, since: Any = None, at: int | None = None) -> dict[str, Any]:
    """Everything a page shows for ``viewer``, built only from what ``viewer`` may see.

    ``since``: the page already holds that many log entries for this viewer; the snapshot then
    carries only the rest (``log_from`` says where it starts), which keeps long games light.
    ``at``: a table over days' time now (default: its last time), for its clock and who is late."""
    d = t.decision()
    legal: list[dict[str, Any]] = []
    if d is not None and isinstance(viewer, int) and viewer in d.players and t.paused is None:
        legal = [{"action": a, "words": _words(t, a, viewer)} for a in t.state.legal_actions(viewer)]
    over = t.state.is_terminal()
    snap = {
        "table": tid,
        "game": t.game.name,
        "viewer": viewer,
        "seats": [s.to_json() for s in t.seats],
        "options": t.options,
        "timers": t.timers,
        "fingerprint": t.fingerprint,
        "seed": t.seed if over else None,
        "decision": _decision(t),
        "view": t.state.view(viewer),
        "legal": legal,
        # table actions this viewer may play now: resign, a draw offer or answer, a take-back, pause;
        # over days, also off its turn: a claim or a day for a seat past its deadline, a holiday
        "controls": [{"action": a, "words": t.control_words(a)} for a in t.controls(viewer, at)],
        # hints each seat asked for (public: every seat sees how many), and whether this table has any
        "hints": t.hints_used(),
        "hints_allowed": t.hints_allowed(),
        # the seat that paused the table (nothing is played, no timer runs, until it resumes), or None
        "paused": t.paused,
        **_log(t, viewer, since),
        "events": t.state.events_since(0, viewer),
        "terminal": over,
        "scores": t.state.scores(),
        "winners": t.state.winners() if over else [],
        "outcome": t.state.outcome() if over else None,
    }
    if t.joint is not None:
        # The commitments are public from the start; the contributions come with the record.
        snap["joint"] = [{"who": p["who"], "commitment": p["commitment"]} for p in t.joint]
    if t.chain is not None:
        # The host's commitment to every action so far (a keyed hash: it says nothing of them until
        # the seed is revealed); a guest keeps each it receives and holds the record to them.
        snap["chain"] = t.chain.hex()
    if t.clock is not None:
        # The clock over days, every seat's (all of it follows from the public log's times).
        snap["days"] = t.days_clock(at)
        if isinstance(viewer, int) and not over:
            # What the seat's own engine needs to show its move at once (``preview``), where it reveals nothing.
            snap["observation"] = t.state.observation(viewer)
    if over:
        snap["record"] = t.to_record()  # the seed is public once the game is over
    return snap


def _answer(tid: str, t: Table, args: dict[str, Any]) -> dict[str, Any]:
    """A snapshot for the request's viewer, plus what the worker must save (never shown to the page)."""
    out: dict[str, Any] = {"result": snapshot(tid, t, _viewer(t, args), args.get("since"), _at(t, args, False))}
    save_id = _saves.get(tid)
    if save_id is not None:
        out["persist"] = {"id": save_id, "game": t.game.name, "seq": len(t.actions),
                          "over": t.state.is_terminal(), "record": t.to_record(reveal_seed=True)}
    return out


def _register(t: Table, args: dict[str, Any]) -> str:
    save_id = args.get("save")
    if save_id is not None and (not isinstance(save_id, str) or not 1 <= len(save_id) <= 64):
        raise BadRequest("save must be a short text id")
    tid = _new_id("t")
    _keep(_tables, tid, t, MAX_TABLES)
    if save_id is not None:
        _saves[tid] = save_id
    return tid


def _cmd_games(args: dict[str, Any]) -> Any:
    out = []
    for name in available():
        g = get_game(name)
        first = g.new_initial_state(g.min_players, g.normalize_options({}), Chance("0" * 64)).decision()
        out.append({
            "name": g.name, "min_players": g.min_players, "max_players": g.max_players,
            "bot_levels": list(g.bot_levels),
            "bot_level_words": {lvl: g.bot_level_words[lvl] for lvl in g.bot_levels if lvl in g.bot_level_words},
            "ladder": ladder(g.name),  # each level's rating and interval (docs/rating.md)
            "timer": first.timer if first is not None else 0,  # the seconds of a game's usual decision
            # ``across_devices_only``: the pace of a table over days, which only a table across devices
            # offers; ``needs``: the option this one leaves its default only with
            "options": [{"name": o.name, "default": o.default, "choices": list(o.choices), "label": o.label,
                         "help": o.help, "choice_words": o.choice_words,
                         "across_devices_only": o.across_devices_only, "needs": o.needs}
                        for o in g.options],
        })
    return {"result": out}


def _cmd_game_data(args: dict[str, Any]) -> Any:
    """A game's static data (its map…), the same for every table: a renderer asks once."""
    try:
        game = get_game(args.get("game"))  # type: ignore[arg-type]
    except (KeyError, TypeError):
        raise BadRequest(f"unknown game {args.get('game')!r}") from None
    return {"result": game.static_data()}


def _table_args(args: dict[str, Any]) -> tuple[Any, list[Seat], bool, dict[str, Any]]:
    """A new table's game, seats, clocks and options from a page's request, read strictly."""
    try:
        game = get_game(args.get("game"))  # type: ignore[arg-type]
    except (KeyError, TypeError):
        raise BadRequest(f"unknown game {args.get('game')!r}") from None
    seats_in = args.get("seats")
    if not isinstance(seats_in, list) or not all(isinstance(s, dict) for s in seats_in):
        raise BadRequest("seats must be a list of {name, bot, level}")
    seats = []
    for i, s in enumerate(seats_in):
        name = s.get("name")
        if name is not None and not isinstance(name, str):
            raise BadRequest(f"seat {i + 1}: the name must be text")
        name = (name or "").strip()[:rec.MAX_NAME] or f"Seat {i + 1}"
        bot = s.get("bot", False)
        if not isinstance(bot, bool):
            raise BadRequest(f"seat {i + 1}: bot must be true or false")
        level = s.get("level") if bot else None
        if bot and not isinstance(level, str):
            raise BadRequest(f"seat {i + 1}: a bot needs a level")
        seats.append(Seat(name, bot, level))
    timers = args.get("timers", True)
    if not isinstance(timers, bool):
        raise BadRequest("timers must be true or false")
    options = args.get("options") or {}
    if not isinstance(options, dict):
        raise BadRequest("options must be an object")
    return game, seats, timers, options


def _cmd_joint_terms(args: dict[str, Any]) -> Any:
    """The terms of a table with a joint seed, as every participant is shown them before revealing
    (``py_engine/core/commitments.py``): the same reading of game, seats, clocks and options as
    ``new_table``, the options as the table will hold them, this engine's version, and the
    participants {who, commitment} in the table's order. Answers {terms, digest}."""
    game, seats, timers, options = _table_args(args)
    people = args.get("participants")
    if not (isinstance(people, list) and 1 <= len(people) <= MAX_CONTRIBUTIONS
            and all(isinstance(p, dict) and set(p) == {"who", "commitment"} and isinstance(p["who"], str)
                    and isinstance(p["commitment"], str) and len(p["commitment"]) == 64 for p in people)):
        raise BadRequest("participants must list {who, commitment} for every participant")
    game.check_players(len(seats))
    t = commit.terms(game.name, __version__, game.normalize_options(options), [s.to_json() for s in seats], timers,
                     people)
    return {"result": {"terms": t, "digest": commit.terms_digest(t)}}


def _cmd_terms_check(args: dict[str, Any]) -> Any:
    """A guest's check of a joint table's terms with the engine's own reading: the digest of ``terms``
    (SHA-256 of their canonical JSON, the bytes the seed is made with) and, given ``shown`` (the table
    as the host shows it, read as terms), the first place it differs from them, as the witness check at
    the end names it, with its words for the guest ({en, pt}: ``commitments.difference_words``). Answers
    {digest, difference: {path, want, found, words} | null}."""
    t, shown = args.get("terms"), args.get("shown")
    if not isinstance(t, dict) or not (shown is None or isinstance(shown, dict)):
        raise BadRequest("terms (and shown, when given) are JSON objects")
    try:
        digest = commit.terms_digest(t)
    except ValueError:
        raise BadRequest("terms must be plain JSON") from None
    d = commit.first_difference(t, shown) if shown is not None else None
    if d is None:
        return {"result": {"digest": digest, "difference": None}}
    options = get_game(t["game"]).options if t.get("game") in available() else ()
    words = commit.difference_words(d, t, shown, options)
    return {"result": {"digest": digest, "difference": {"path": d[0], "want": d[1], "found": d[2], "words": words}}}


def _cmd_new_table(args: dict[str, Any]) -> Any:
    game, seats, timers, options = _table_args(args)
    joint = args.get("joint")
    if joint is not None:
        # People on several devices: the seed is made from every participant's contribution
        # (docs/fairness.md); each commitment was shown before any contribution was revealed.
        ok = (isinstance(joint, list) and all(isinstance(p, dict) and set(p) == {"who", "commitment", "contribution"}
                                              and all(isinstance(v, str) for v in p.values()) for p in joint))
        if not ok:
            raise BadRequest("joint must list {who, commitment, contribution} for every participant")
        if args.get("seed") is not None:
            raise BadRequest("a table with a joint seed takes no other seed")
    at = args.get("at")
    if at is not None and (not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= rec.MAX_TIME):
        raise BadRequest("at must be whole unix seconds")
    t = Table(game, seats, options, args.get("seed"), __version__, timers, words=True, joint=joint, started=at)
    promised = args.get("terms")
    if promised is not None:
        # The terms the participants were shown before revealing: a table on other terms is not made.
        d = commit.first_difference(promised, t.terms)
        if d is not None:
            raise BadRequest(f"this table's terms are not those shown to the participants: {d[0]} differs")
    tid = _register(t, args)
    return _after(tid, t, args)


def _cmd_load_table(args: dict[str, Any]) -> Any:
    """Resume a saved table. ``text`` is the saved record as text, read strictly."""
    data = _record_input(args)
    game = args.get("game")
    if isinstance(data, dict) and game is not None:
        # The page opened a table of one game: a save of another under its id is no save of it.
        if data.get("game") != game:
            raise rec.BadRecord(f"this save holds a game of {data.get('game')!r}, not of {game!r}",
                                f"este salvamento guarda um jogo de {data.get('game')!r}, não de {game!r}", field="game")
    if isinstance(data, dict) and isinstance(data.get("engine"), str) and _newer(data["engine"], __version__):
        raise rec.BadRecord(f"this table was saved by a newer version of Valley Tables (engine {data['engine']}; this "
                            f"page runs {__version__}): reload the page to update it, then open the table again",
                            f"esta mesa foi salva por uma versão mais nova do Mesas do Vale (motor {data['engine']}; esta "
                            f"página roda a {__version__}): recarregue a página para atualizá-la e abra a mesa de novo",
                            field="engine")
    t = Table.from_record(data, get_game, __version__, words=True)
    tid = _register(t, args)
    return _answer(tid, t, args)


def _newer(theirs: str, ours: str) -> bool:
    """Whether version ``theirs`` is later than ``ours`` (dotted numbers; anything else is not later)."""
    def parts(v: str) -> tuple[int, ...] | None:
        bits = v.split(".")
        return tuple(int(b) for b in bits) if all(b.isdigit() and len(b) <= 6 for b in bits) else None
    a, b = parts(theirs), parts(ours)
    return a is not None and b is not None and a > b


def _cmd_snapshot(args: dict[str, Any]) -> Any:
    tid, t = _table(args)
    return {"result": snapshot(tid, t, _viewer(t, args), args.get("since"), _at(t, args, False))}


def _after(tid: str, t: Table, args: dict[str, Any]) -> Any:
    t.play_forced(_at(t, args, False))
    return _answer(tid, t, args)


def _cmd_play(args: dict[str, Any]) -> Any:
    tid, t = _table(args)
    _viewer(t, args)  # a bad viewer is refused before anything is played
    t.play(args.get("action"), _seat_arg(args), rec.BY_SEAT, _at(t, args, True))  # type: ignore[arg-type]
    return _after(tid, t, args)


def _cmd_preview(args: dict[str, Any]) -> Any:
    """What a seat's page may show at once after its own ``action``, from its ``observation`` alone (a
    guest's page over days: the snapshot's ``observation``): {view, decision, legal, words, terminal}
    exactly as the host's engine will show it, or null when the action may reveal something the seat
    cannot know yet (the page then waits for the host). Nothing is played anywhere."""
    game = _game_arg(args)
    seat = _seat_arg(args)
    observation, action = args.get("observation"), args.get("action")
    if seat is None or not 0 <= seat < game.max_players or not isinstance(observation, dict) or not isinstance(action, str):
        raise BadRequest("preview takes game, seat, observation (the seat's) and action")
    return {"result": preview_core.preview(game, observation, seat, action)}


#: The part of the strongest level's budget a quick hint searches with.
HINT_SHARE = {"desk": 3, "phone": 4}


def _cmd_hint(args: dict[str, Any]) -> Any:
    """The strongest bot level's move for ``seat`` now (its observation and legal list only), and the
    ask counted in the record (``@hint``; refused where the table allows no hints). Answers the
    snapshot, with ``hint``: {action, words}. ``quick``: a part of the level's own search budget, so
    that a hint comes within a second or so — "desk" a third, "phone" a quarter; absent, the whole
    (the very move a bot of that level plays there)."""
    tid, t = _table(args)
    _viewer(t, args)
    seat = _seat_arg(args)
    if seat is None or ctl.HINT not in t.controls(seat):
        raise IllegalAction("no hint here: hints are for a table with one person and bots, or one made with "
                            "hints on, and for a decision with a choice",
                            {"en": "no hint here: hints are for a table with one person and bots, or one made with "
                                   "hints on, and for a decision with a choice",
                             "pt": "nenhuma dica aqui: as dicas são para uma mesa com uma pessoa e bots, ou feita "
                                   "com dicas ligadas, e para uma decisão com escolha"})
    quick = args.get("quick")
    if quick not in (None, "desk", "phone"):
        raise BadRequest('quick must be "desk" or "phone"')
    at = _at(t, args, True)
    bot = analysis.strongest(t.game, seat)
    budget = bot.iterations
    iterations = max(4, budget // HINT_SHARE[quick]) if quick and budget is not None else None
    found = analysis.hint(t, seat, iterations)
    t.play(ctl.HINT, seat, rec.BY_SEAT, at)
    out = _after(tid, t, args)
    out["result"]["hint"] = found
    return out


def _cmd_review_open(args: dict[str, Any]) -> Any:
    """A review of a record (text): every decision of ``viewer`` (a seat, or "all" for a finished game),
    judged one at a time by ``review_next`` so the page can show progress and stop. Answers
    {review, total, steps}."""
    data = _record_input(args)
    viewer = args.get("viewer", ALL_SEATS)
    if viewer != ALL_SEATS and (not isinstance(viewer, int) or isinstance(viewer, bool)):
        raise BadRequest('viewer must be a seat or "all"')
    steps = analysis.decisions(data, get_game, viewer)
    rid = _new_id("v")
    _keep(_reviews, rid, {"it": analysis.Reviewer(data, get_game, viewer), "total": len(steps)}, MAX_REVIEWS)
    return {"result": {"review": rid, "total": len(steps), "steps": steps}}


def _cmd_review_shared(args: dict[str, Any]) -> Any:
    """Someone else's review of a finished record (a story's, ``docs/story.md``): ``judged`` in the
    compact form of ``analysis.compact``, checked against the record and answered as
    ``review_next`` gives each decision (words, marks). Nothing is judged here."""
    data = _record_input(args)
    return {"result": {"moves": analysis.shared(data, get_game, args.get("judged"))}}


def _cmd_review_next(args: dict[str, Any]) -> Any:
    """The next judged decision of a review ({done: true} after the last). ``step``: the first decision
    at or after that step, the ones between passed over unjudged (a page that shares a review between
    two workers asks each for its own decisions; steps only go forward)."""
    r = _used(_reviews, args.get("review"), "no such review (it was closed, or finished)")
    step = args.get("step")
    if step is not None and (not isinstance(step, int) or isinstance(step, bool) or step < 0):
        raise BadRequest("step must be a whole number from 0")
    found = r["it"].next(step)
    if found is None:
        _reviews.pop(args.get("review"), None)
        return {"result": {"done": True}}
    return {"result": found}


def _cmd_bot_play(args: dict[str, Any]) -> Any:
    """One bot seat moves (the page calls this per bot turn so it can animate and stay responsive)."""
    tid, t = _table(args)
    _viewer(t, args)
    d = t.decision()
    if d is None:
        raise BadRequest("the game is over")
    seat = _seat_arg(args)
    if seat is None:
        seat = d.players[0]
    if seat not in d.players or not t.seats[seat].bot:
        raise BadRequest("that seat is not a bot whose turn it is")
    t.play(t.bot_choice(seat), seat, rec.BY_SEAT, _at(t, args, True))
    return _after(tid, t, args)


def _cmd_timeout(args: dict[str, Any]) -> Any:
    tid, t = _table(args)
    _viewer(t, args)
    seat = _seat_arg(args)
    d = t.decision()
    if d is None or seat not in d.players or t.seats[seat].bot:  # type: ignore[index]
        raise BadRequest("that seat has no running timer")  # a bot moves at once: it has none
    # Over days: only once the seat's time and bank have run out at ``at`` (the table refuses it before).
    t.play_timeout(seat, _at(t, args, True))  # type: ignore[arg-type]
    return _after(tid, t, args)


def _cmd_save_record(args: dict[str, Any]) -> Any:
    """Ask for the table's save again (the worker retries a save that failed)."""
    tid, t = _table(args)
    if tid not in _saves:
        raise BadRequest("this table is not saved")
    return _answer(tid, t, args)


def _cmd_record(args: dict[str, Any]) -> Any:
    """The record as anyone may have it, so only once the game is over: a running table's
    actions hold every seat's secret choices in clear (a Milehollow keep names its cards)."""
    _tid, t = _table(args)
    if not t.state.is_terminal():
        raise Running("the game is not over: its record holds every seat's secrets until then")
    return {"result": t.to_record()}


def _cmd_verify(args: dict[str, Any]) -> Any:
    """Verify a record given as text (strictly read: duplicate keys, NaN… are refused)."""
    bots = args.get("bots", False)
    if not isinstance(bots, bool):
        raise BadRequest("bots must be true or false")
    try:
        data = _record_input(args)
    except rec.BadRecord as e:
        return {"result": {"ok": False, "summary": f"unreadable record: {e.words['en']}",
                           "words": {"en": f"unreadable record: {e.words['en']}",
                                     "pt": f"registro ilegível: {e.words['pt']}"},
                           "move": None, "field": e.field or "format", "expected": None, "found": None,
                           "details": {}}}
    return {"result": verify(data, get_game, __version__, bots=bots).to_json()}


def _cmd_open_replay(args: dict[str, Any]) -> Any:
    """Open a record (text) for stepping through. A finished record may show every seat's hand."""
    data = _record_input(args)
    r = Replay(data, get_game, __version__)
    rid = _new_id("r")
    _keep(_replays, rid, r, MAX_REPLAYS)
    return {"result": {"replay": rid, "moves": r.total, "finished": r.finished, "game": r.table.game.name,
                       "seats": [s.to_json() for s in r.table.seats]}}


def _cmd_replay_at(args: dict[str, Any]) -> Any:
    rid = args.get("replay")
    r = _used(_replays, rid, "no such replay (it may have been closed)")
    move = args.get("move")
    if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move <= r.total:
        raise BadRequest(f"move must be a number from 0 to {r.total}")
    return {"result": r.snapshot(rid, move, args.get("viewer"))}


def _game_arg(args: dict[str, Any]):
    try:
        return get_game(args.get("game"))  # type: ignore[arg-type]
    except (KeyError, TypeError):
        raise BadRequest(f"unknown game {args.get('game')!r}") from None


def _cmd_lessons(args: dict[str, Any]) -> Any:
    """The lessons a game ships: id, title, intro, how many steps."""
    return {"result": [lesson.to_json() for lesson in lessons_core.load(_game_arg(args))]}


def _lesson_snapshot(lid: str, attempt: lessons_core.Attempt) -> dict[str, Any]:
    """A lesson's position as a table page draws it, for the learner's seat."""
    state, seat = attempt.state, attempt.lesson.learner
    d = state.decision()
    legal = []
    if d is not None and seat in d.players and not attempt.done:
        legal = [{"action": a, "words": {lang: state.describe(a, lang, seat) for lang in ("en", "pt")}}
                 for a in state.legal_actions(seat)]
    return {
        "lesson": lid, "game": attempt.game.name, "id": attempt.lesson.id, "viewer": seat,
        "step": attempt.step, "steps": len(attempt.lesson.steps), "done": attempt.done,
        "seats": [{"name": f"{i + 1}", "bot": i != seat, "level": None} for i in range(state.num_players)],
        "decision": None if d is None else {"kind": d.kind, "players": list(d.players), "timer": 0,
                                            "visibility": d.visibility, "secret": d.secret, "forced": False,
                                            "since": 0},
        "view": state.view(seat), "legal": legal, "log": [], "events": state.events_since(0, seat),
        "terminal": state.is_terminal(), "scores": state.scores(), "winners": [], "outcome": None,
        "hint": attempt.lesson.steps[min(attempt.step, len(attempt.lesson.steps) - 1)].hint,
    }


def _cmd_lesson_start(args: dict[str, Any]) -> Any:
    game = _game_arg(args)
    found = [x for x in lessons_core.load(game) if x.id == args.get("id")]
    if not found:
        raise BadRequest(f"no lesson {args.get('id')!r} for {game.name}")
    lid = _new_id("l")
    _keep(_attempts, lid, lessons_core.Attempt(game, found[0]), MAX_LESSONS)
    return {"result": {**found[0].to_json(), "snapshot": _lesson_snapshot(lid, _attempts[lid])}}


def _cmd_lesson_play(args: dict[str, Any]) -> Any:
    """Try an action in a lesson: {met, done, words, snapshot}. A miss or an illegal action changes nothing."""
    lid = args.get("lesson")
    attempt = _used(_attempts, lid, "no such lesson (it may have been closed)")
    action = args.get("action")
    if not isinstance(action, str):
        raise BadRequest("an action is a string in the game's notation")
    out = attempt.play(action)
    return {"result": {**out, "snapshot": _lesson_snapshot(lid, attempt)}}  # type: ignore[arg-type]


def _cmd_close(args: dict[str, Any]) -> Any:
    key = args.get("table")
    if isinstance(key, str):
        _tables.pop(key, None)
        _saves.pop(key, None)
    key = args.get("replay")
    if isinstance(key, str):
        _replays.pop(key, None)
    key = args.get("lesson")
    if isinstance(key, str):
        _attempts.pop(key, None)
    key = args.get("review")
    if isinstance(key, str):
        _reviews.pop(key, None)
    return {"result": True}


def _cmd_player_rating(args: dict[str, Any]) -> Any:
    """A player's rating against the bots, per game, from their finished solo games oldest first, each
    {record, you}: records the page has verified (``verify`` with ``bots``); docs/rating.md."""
    entries = args.get("entries")
    if not isinstance(entries, list) or len(entries) > MAX_RATED:
        raise BadRequest(f"entries: a list of at most {MAX_RATED} {{record, you}}")
    return {"result": player_ratings(e for e in entries if isinstance(e, dict))}


COMMANDS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "games": _cmd_games, "player_rating": _cmd_player_rating, "game_data": _cmd_game_data, "new_table": _cmd_new_table, "load_table": _cmd_load_table,
    "joint_terms": _cmd_joint_terms, "terms_check": _cmd_terms_check, "hint": _cmd_hint, "review_open": _cmd_review_open,
    "review_next": _cmd_review_next, "review_shared": _cmd_review_shared,
    "snapshot": _cmd_snapshot, "play": _cmd_play, "bot_play": _cmd_bot_play, "preview": _cmd_preview,
    "timeout": _cmd_timeout, "record": _cmd_record, "save_record": _cmd_save_record, "verify": _cmd_verify,
    "open_replay": _cmd_open_replay, "replay_at": _cmd_replay_at, "close": _cmd_close,
    "lessons": _cmd_lessons, "lesson_start": _cmd_lesson_start, "lesson_play": _cmd_lesson_play,
}


def _error(message: str, kind: str, words: dict[str, str] | None = None) -> dict[str, Any]:
    return {"ok": False, "error": message, "words": words or {"en": message, "pt": message}, "kind": kind}


def call(request: Any) -> dict[str, Any]:
    """Run one request; never raises for bad input."""
    if not isinstance(request, dict):
        return _error("a request is a JSON object", "bad-request")
    cmd = request.get("cmd")
    fn = COMMANDS.get(cmd) if isinstance(cmd, str) else None
    if fn is None:
        return _error(f"unknown command {cmd!r}"[:120] if isinstance(cmd, str) else "a command name is text",
                      "bad-request")
    try:
        return {"ok": True, **fn(request)}
    except IllegalAction as e:
        return _error(str(e), "illegal", e.words)
    except rec.BadRecord as e:
        return _error(str(e), "bad-record", e.words)
    except Running as e:
        return _error(str(e), "running")
    except (BadRequest, ValueError, TypeError, KeyError, IndexError) as e:
        return _error(str(e) or e.__class__.__name__, "bad-request")
    except Exception as e:  # noqa: BLE001 - the contract is an answer, never an exception
        return _error(f"the engine failed on this request ({e.__class__.__name__}: {e})", "internal")


def handle(text: str) -> str:
    """JSON text in, JSON text out: what the worker calls. Requests are read as strictly as records."""
    try:
        request = rec.parse(text, limit=MAX_REQUEST)
    except rec.BadRecord as e:
        return json.dumps(_error(f"the request is not acceptable JSON: {e}", "bad-request"))
    return json.dumps(call(request), ensure_ascii=False)


__all__ = ["handle", "call", "snapshot", "ALL_SEATS"]
