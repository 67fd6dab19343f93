"""Command line: ``python -m py_engine {play,verify,analyse,perft,uhp,fingerprint}``."""
from __future__ import annotations

import argparse
import importlib
import json
import sys
from typing import Sequence

from . import __version__, jointplay, rated
from .core.analysis import analyse, review
from .core.fairness import BadSeed, check_seed, fingerprint
from .core.game import IllegalAction
from .core.record import MAX_BYTES, BadRecord, parse

#: Read one byte more than a record may hold, so a larger file is refused without reading it all.
MAX_READ = MAX_BYTES + 1
from .core.table import Seat, Table
from .core.verify import verify
from .games.elderwood import uhp as elderwood_uhp
from .jointplay import START
from .registry import GAME_MODULES, available, get_game


def printable(text: str) -> str:
    """``text`` with every character a terminal could act on written as an escape: control
    characters (ESC, CR, backspace…), format characters (bidi overrides and isolates, zero-width
    joiners), line and paragraph separators, surrogates, unassigned and private-use characters. A
    record's strings are hostile: an ``ESC[1K`` or a CR in an action must not turn "INVALID" into
    "OK", nor a right-to-left override in a name hide its "(bot)" mark."""
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable() or ch == " ":
            out.append(ch)
        else:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return "".join(out)


def say(text: str, file=None) -> None:
    """Print one line of output, escaped: every line the CLI prints may hold a record's strings."""
    print(printable(text), file=file or sys.stdout)


def _seats(spec: str, game_name: str, joint: bool = False,
           names: str | None = None) -> tuple[list[Seat], dict[int, str]]:
    """``bot,bot:strong`` → seats; with ``joint``, also ``person`` or ``person:LEVEL``: a person seat of a
    table across devices, played here by a bot of that level. Answers the seats and each person seat's
    level. ``names``: comma-separated seat names (default "Bot N", "Person N")."""
    game = get_game(game_name)
    parts = [p.strip() for p in spec.split(",")]
    given = [n.strip() for n in names.split(",")] if names else None
    if given is not None and (len(given) != len(parts) or not all(0 < len(n) <= 64 for n in given)):
        raise IllegalAction("--names gives one name of 1 to 64 characters per seat")
    seats, people = [], {}
    for i, part in enumerate(parts):
        kind, _, level = part.partition(":")
        level = level or game.bot_levels[min(1, len(game.bot_levels) - 1)]
        if kind == "person" and joint:
            people[i] = level
        elif kind != "bot":
            raise IllegalAction(f"seat {i + 1}: the CLI plays whole games, so every seat must be a bot "
                                "(a person seat, played by a bot, only at a table with --joint)")
        try:
            game.check_level(level)
        except IllegalAction as e:
            raise IllegalAction(f"seat {i + 1}: {e}") from None
        name = given[i] if given else f"{'Person' if kind == 'person' else 'Bot'} {i + 1}"
        seats.append(Seat(name, kind == "bot", level if kind == "bot" else None))
    return seats, people


def cmd_play(args: argparse.Namespace) -> int:
    try:
        game = get_game(args.game)
    except KeyError:
        say(f"error: unknown game {args.game!r}; known: {', '.join(available())}", file=sys.stderr)
        return 2
    try:
        options = json.loads(args.options) if args.options else {}
        if not isinstance(options, dict):
            raise ValueError("--options must be a JSON object")
        for flag, name in (("days", "move_days"), ("bank", "bank_days"), ("holiday", "holiday_days")):
            value = getattr(args, flag)
            if value is not None:
                if name in options and options[name] != value:
                    raise ValueError(f"--{flag} and --options give {name} twice")
                options[name] = value
        if args.start is not None and not options.get("move_days"):
            raise ValueError("--start is for a table over days (--days)")
        started = (args.start if args.start is not None else START) if options.get("move_days") else None
        seats, people = _seats(args.seats, args.game, args.joint, args.names)
        if args.joint:
            if args.seed is not None:
                raise ValueError("a table with a joint seed takes no --seed: its participants' contributions make it")
            contributions = args.contributions.split(",") if args.contributions else None
            for c in contributions or []:
                check_seed(c)
            witness = {None: "first", "spectator": None}.get(args.witness, args.witness)
            if isinstance(witness, str) and witness != "first":
                if not witness.isdigit():
                    raise ValueError("--witness is a seat number or 'spectator'")
                witness = int(witness) - 1
            table, record = jointplay.play(game, seats, people, options, __version__, not args.no_timers,
                                           contributions, witness, started=started)
        else:
            if args.contributions or args.witness or args.no_timers:
                raise ValueError("--contributions, --witness and --no-timers are for a table with --joint")
            table = Table(game, seats, options, args.seed, __version__, started=started)
            table.play_bots(at=started)           # bots never wait: every move at the table's start
            record = table.to_record()
    except (IllegalAction, BadSeed, ValueError) as e:
        say(f"error: {e}", file=sys.stderr)
        return 2
    text = json.dumps(record, indent=1, ensure_ascii=False) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
        say(f"{args.game}: {len(table.actions)} moves, scores {table.state.scores()}, "
              f"winners {[w + 1 for w in table.state.winners()]} → {args.out}")
    return 0


#: How a verdict's parts are labelled, as the Verify page labels them (web/app/strings/pages.js, pg.verify.*).
LABELS = {
    "en": {"field": "What differs", "found": "In the record", "expected": "Computed",
           "absent": "(not in the record)", "none": "(cannot be computed)"},
    "pt": {"field": "O que difere", "found": "No registro", "expected": "Calculado",
           "absent": "(não está no registro)", "none": "(não se pode calcular)"},
}


def _value(v: object, missing: str) -> str:
    """A record's value as the page shows it: a string as it is, anything else as JSON."""
    if v is None:
        return missing
    return v if isinstance(v, str) else json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def cmd_verify(args: argparse.Namespace) -> int:
    lang = args.lang
    try:
        with open(args.file, "rb") as f:
            raw = f.read(MAX_READ)
        data = parse(raw)
    except OSError as e:
        say(f"INVALID: cannot read {args.file}: {e.strerror}")
        return 1
    except BadRecord as e:
        say(f"INVALID: {'unreadable record' if lang == 'en' else 'registro ilegível'}: {e.words[lang]}")
        if e.field:
            say(f"  {LABELS[lang]['field']}: {e.field}")
        return 1
    report = verify(data, get_game, __version__, bots=args.bots)
    # A participant's record: what its page was promised and shown, each check as the page lists it.
    checks = report.details.get("checks") or []
    if report.ok:
        say(f"OK: {report.words.get(lang, report.summary)}")
        for c in checks:
            say(f"  ok  {c['words'][lang]}")
        return 0
    say(f"INVALID: {report.words.get(lang, report.summary)}")
    for c in checks:
        say(f"  {'ok ' if c['ok'] else 'BAD'} {c['words'][lang]}")
    words = LABELS[lang]
    if report.field:
        # Every verdict: the field, the record's value and the one the check computed, in that order.
        width = max(len(words[k]) for k in ("field", "found", "expected")) + 1
        say(f"  {(words['field'] + ':').ljust(width)} {report.field}")
        say(f"  {(words['found'] + ':').ljust(width)} {_value(report.found, words['absent'])}")
        say(f"  {(words['expected'] + ':').ljust(width)} {_value(report.expected, words['none'])}")
    return 1


def cmd_analyse(args: argparse.Namespace) -> int:
    try:
        with open(args.file, "rb") as f:
            raw = f.read(MAX_READ)
        data = parse(raw)
    except OSError as e:
        say(f"error: cannot read {args.file}: {e.strerror}", file=sys.stderr)
        return 1
    except BadRecord as e:
        say(f"error: unreadable record: {e}", file=sys.stderr)
        return 1
    if args.iterations is not None and args.iterations < 1:
        say("error: --iterations must be 1 or more", file=sys.stderr)
        return 2
    try:
        if args.json:
            sys.stdout.write(json.dumps(analyse(data, get_game, args.iterations), ensure_ascii=False) + "\n")
            return 0
        for m in review(data, get_game, iterations=args.iterations):
            said = f" ({m['mark']})" if m["mark"] else ""
            say(f"move {m['step'] + 1}, seat {m['seat'] + 1}: played {m['played']}, best {m['best']}, "
                f"loss {m['loss']:.3f}{said}")
    except (BadRecord, IllegalAction) as e:
        say(f"error: {e}", file=sys.stderr)
        return 1
    return 0


def cmd_perft(args: argparse.Namespace) -> int:
    if args.game not in GAME_MODULES:
        say(f"error: unknown game {args.game!r}", file=sys.stderr)
        return 2
    try:
        module = importlib.import_module(GAME_MODULES[args.game] + ".perft")
    except ModuleNotFoundError:
        say(f"error: {args.game} has no perft", file=sys.stderr)
        return 2
    if args.depth < 0:
        say("error: depth must be 0 or more", file=sys.stderr)
        return 2
    say(str(module.perft(args.depth)))
    return 0


def cmd_uhp(args: argparse.Namespace) -> int:
    return elderwood_uhp.main(sys.stdin, sys.stdout)


def cmd_fingerprint(args: argparse.Namespace) -> int:
    try:
        say(fingerprint(args.seed))
    except BadSeed as e:
        say(f"error: {e}", file=sys.stderr)
        return 2
    return 0


def cmd_rating(args: argparse.Namespace) -> int:
    out = rated.rate(args.files, bots=not args.no_bots)
    if args.json:
        print(json.dumps(out, indent=1, ensure_ascii=False))
        return 0
    for game, g in out["games"].items():
        say(f"{game.title()} ({g['records']} records)")
        for name, r in g["participants"].items():
            low_high = "fixed" if r["low"] == r["high"] else f"{r['low']:.0f}-{r['high']:.0f}"
            say(f"  {rated.shown(name):<24} {r['rating']:6.0f}  ({low_high}, {r['games']} games)")
    for x in out["left_out"]:
        say(f"left out {x['file']}: {x['why']}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m py_engine",
                                description="Valley Tables rules engine: play bot games, verify and analyse records, perft, UHP.")
    p.add_argument("--version", action="version", version=__version__)
    sub = p.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="play a whole game between bots and write its record")
    play.add_argument("game", help="elderwood, hollowmere, …")
    play.add_argument("--seats", required=True,
                      help="comma-separated seats, each 'bot' or 'bot:LEVEL'; with --joint also 'person' or "
                           "'person:LEVEL' (a person's seat, played by a bot of that level); seat 1 is then a person")
    play.add_argument("--seed", help="64 lowercase hex characters (default: a fresh secret seed)")
    play.add_argument("--options", help='table options as JSON, e.g. \'{"meadows": true}\'')
    play.add_argument("--names", help="comma-separated seat names (default 'Bot N' / 'Person N')")
    play.add_argument("--joint", action="store_true",
                      help="a table of people on several devices: the seed is made from the terms and every person "
                           "seat's contribution, and the record (version 4) carries a guest's witness")
    play.add_argument("--contributions",
                      help="with --joint: one contribution (64 hex) per person seat, seat 1's first, then in seat order "
                           "(default: fresh secret ones)")
    play.add_argument("--witness", help="with --joint: whose witness the record carries, a guest's seat number or "
                                        "'spectator' (default: the first guest, else a spectator)")
    play.add_argument("--no-timers", action="store_true", help="with --joint: a table without clocks (timers: false)")
    play.add_argument("--days", type=int, help="a table over days: the days a move may take (1, 2, 3, 5, 7 or 14); "
                                               "played on a pretend clock (with --joint: people late, banks, days given, "
                                               "holidays, the table's timer moves; bots move at once)")
    play.add_argument("--bank", type=int, help="with --days: each seat's time bank in days (1, 2, 3, 5, 7, 10 or 14)")
    play.add_argument("--holiday", type=int, help="with --days: days of holiday a year (3, 5, 7, 10, 14, 21 or 30)")
    play.add_argument("--start", type=int, help="with --days: the table's start, unix seconds (default 1767225600, "
                                                "2026-01-01 00:00 UTC)")
    play.add_argument("--out", required=True, help="record file to write ('-' for stdout)")
    play.set_defaults(fn=cmd_play)

    ver = sub.add_parser("verify", help="check a finished game's record; exit 0 when valid")
    ver.add_argument("file")
    ver.add_argument("--bots", action="store_true",
                     help="also re-derive every bot move and check each bot seat played as that bot at its level")
    ver.add_argument("--lang", choices=("en", "pt"), default="en", help="the verdict's language (default en)")
    ver.set_defaults(fn=cmd_verify)

    ana = sub.add_parser("analyse", help="judge every decision of a finished game's record with the strongest bot")
    ana.add_argument("file")
    ana.add_argument("--json", action="store_true", help="print one JSON object (the game and its judged moves)")
    ana.add_argument("--iterations", type=int, help="search budget per decision (default: the strongest level's review budget)")
    ana.set_defaults(fn=cmd_analyse)

    rating = sub.add_parser("rating", help="rate every bot level and player of finished records (docs/rating.md)")
    rating.add_argument("files", nargs="+", help="record files, or folders of them (*.json)")
    rating.add_argument("--json", action="store_true", help="the ratings as JSON")
    rating.add_argument("--no-bots", action="store_true", help="do not re-derive the bots' moves when verifying")
    rating.set_defaults(fn=cmd_rating)

    perft = sub.add_parser("perft", help="count leaf nodes of the move tree from the start position")
    perft.add_argument("game")
    perft.add_argument("depth", type=int)
    perft.set_defaults(fn=cmd_perft)

    uhp = sub.add_parser("uhp", help="Elderwood as a Universal Hive Protocol engine on stdin/stdout")
    uhp.set_defaults(fn=cmd_uhp)

    fp = sub.add_parser("fingerprint", help="SHA-256 fingerprint of a seed")
    fp.add_argument("seed")
    fp.set_defaults(fn=cmd_fingerprint)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.fn(args)
