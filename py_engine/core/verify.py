"""Verify a finished game: the same check runs in the CLI and, through the worker, in the browser.

Steps, stopping at the first discrepancy (``docs/records.md`` has the full list):
1. the record is well formed (strictly: ``record.check_shape``) and names a known game;
2. the revealed seed hashes to the fingerprint shown at the start; for a joint seed, every
   contribution matches its commitment and together they make the seed, and the participants
   are the person seats as ``docs/fairness.md`` defines (one each, the host's seat 1 first);
3. the options and seats are ones a table could have been created with;
4. every action replays legally, by the seat whose turn it was (moves the table
   made on a timer or automatically must be exactly what the table would make; a bot's seat
   never plays on a timer); with ``bots=True``, every move of a seat marked as a bot is
   re-derived from that bot's observation and stream and must be exactly what that bot at that
   level plays, and each seat marked as a person is compared with every bot level: the report
   names the levels that played every one of its moves (``details.bot_like``);
5. the game is over and the recorded result equals the recomputed one;
6. the seal over the whole record matches (catches edits to names, bot flags…).

Every message comes in English and Portuguese (``Report.words``).
"""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field as dc_field
from typing import Any

from . import controls as ctl
from . import record as rec
from .fairness import fingerprint
from .commitments import chain, first_difference, terms_of_record
from .days import TooEarly, when
from .game import IllegalAction
from .log import log_groups
from .table import GameLookup, Seat, Table


@dataclass
class Report:
    ok: bool
    summary: str                     # English; ``words`` has every language
    words: dict[str, str] = dc_field(default_factory=dict)
    move: int | None = None          # 1-based index of the first bad action, if any
    field: str | None = None         # which part of the record differs
    expected: Any = None             # what the check computed for that field (None: nothing can be)
    found: Any = None                # the record's value of that field (None: the record has none)
    details: dict[str, Any] = dc_field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _fail(en: str, pt: str, **kw: Any) -> Report:
    return Report(False, en, {"en": en, "pt": pt}, **kw)


parse = rec.parse


def check_participants(r: dict[str, Any]) -> Report | None:
    """A joint seed's participants are the table's person seats (``docs/fairness.md``): as many
    as there are person seats, the first being seat 1 (the host's, a person), the others each
    another person seat, by name. A participant no seat accounts for could have been added to
    steer the seed after the others revealed."""
    joint, seats = r.get("joint"), r["seats"]
    if joint is None:
        return None
    people = [i for i, s in enumerate(seats) if not s["bot"]]
    if len(joint) != len(people):
        return _fail(f"the joint seed has {len(joint)} participants for {len(people)} person seats "
                     "(one participant per person seat)",
                     f"a semente conjunta tem {len(joint)} participantes para {len(people)} lugares de pessoas "
                     "(um participante por lugar de pessoa)", field="joint",
                     expected=len(people), found=len(joint))
    if seats[0]["bot"] or joint[0]["who"] != seats[0]["name"]:
        return _fail("the first participant of the joint seed is not seat 1's person (the host)",
                     "o primeiro participante da semente conjunta não é a pessoa do lugar 1 (o anfitrião)",
                     field="joint[0].who", expected=None if seats[0]["bot"] else seats[0]["name"],
                     found=joint[0]["who"])
    want = Counter(seats[i]["name"] for i in people[1:])
    for i, p in enumerate(joint[1:], start=1):
        if want[p["who"]] <= 0:
            return _fail(f"participant {i + 1} of the joint seed ({p['who']}) is no person seat of this table",
                         f"o participante {i + 1} da semente conjunta ({p['who']}) não é um lugar de pessoa desta mesa",
                         field=f"joint[{i}].who", found=p["who"])
        want[p["who"]] -= 1
    return None


class _Likeness:
    """Which bot levels played every move of each person seat (``bots=True``). One bot per
    (seat, level), asked at each of that seat's own moves as a table asks its bot; a level is
    dropped at its first difference, so an ordinary person costs a few bot moves."""

    def __init__(self, table: Table, game: Any) -> None:
        self.table = table
        self.moves = {i: 0 for i, s in enumerate(table.seats) if not s.bot}
        self.bots = {(i, level): game.make_bot(level, i) for i in self.moves for level in game.bot_levels}

    def see(self, seat: int, action: str) -> None:
        if seat not in self.moves:
            return
        self.moves[seat] += 1
        t = self.table
        for key in [k for k in self.bots if k[0] == seat]:
            stream = t.chance.bot_stream(seat, len(t.actions))
            try:
                choice = self.bots[key].choose(t.state.observation(seat), t.state.legal_actions(seat), stream)
            except Exception:  # noqa: BLE001 - a bot that cannot answer here is simply no match
                choice = None
            if choice != action:
                del self.bots[key]

    def result(self) -> dict[int, list[str]]:
        out: dict[int, list[str]] = {}
        for seat, level in self.bots:
            if self.moves[seat]:
                out.setdefault(seat, []).append(level)
        return out


def verify(data: Any, lookup: GameLookup, engine_version: str = "0", bots: bool = False) -> Report:
    """Check a record (already parsed with :func:`parse`); ``bots`` re-derives every bot move too.

    A record that carries a participant's ``witness`` is also held to what that participant was
    promised and shown (:func:`witness_checks`); the verdict then names the first promise broken,
    and ``details.checks`` lists every check with its result."""
    try:
        r = rec.check_shape(data)
    except rec.BadRecord as e:
        return _fail(f"unreadable record: {e.words['en']}", f"registro ilegível: {e.words['pt']}",
                     field=e.field or "format", found=rec.value_at(data, e.field), expected=e.expected)
    seen: dict[str, Any] = {}
    report = _verify(r, lookup, engine_version, bots, seen)
    if "witness" not in r:
        return report
    try:
        game = lookup(r["game"])
    except KeyError:
        game = None
    checks = witness_checks(r, seen.get("table"), report, game)
    report.details["checks"] = [c.to_json() for c in checks]
    broken = next((c for c in checks if not c.ok), None)
    if broken is not None and report.ok:
        report = Report(False, broken.words["en"], dict(broken.words), move=broken.move, field=broken.field,
                        expected=broken.expected, found=broken.found, details=report.details)
    elif broken is not None and broken.key != "record":
        # What the participant was promised comes first: it names what the host changed.
        report = Report(False, broken.words["en"], dict(broken.words), move=broken.move, field=broken.field,
                        expected=broken.expected, found=broken.found,
                        details={**report.details, "record": report.words})
    return report


def _unhashed(r: dict[str, Any]) -> Report:
    """The seed does not hash to the fingerprint: name the one that was changed. The seal is keyed by
    the seed, so when it holds over the record with the fingerprint the seed gives, the seed is the
    game's own and the fingerprint was edited; otherwise the seed is not the one the game had."""
    computed = fingerprint(r["seed"])
    if "seal" in r and r["seal"] == rec.seal({**r, "fingerprint": computed}, r["seed"]):
        return _fail("the fingerprint was edited: it is not the one the game's seed gives (the one shown at the start)",
                     "a impressão digital foi editada: não é a que a semente do jogo dá (a mostrada no início)",
                     field="fingerprint", expected=computed, found=r["fingerprint"])
    return _fail("the seed does not match the fingerprint shown at the start: its SHA-256 is not the fingerprint",
                 "a semente não confere com a impressão digital mostrada no início: o seu SHA-256 não é a "
                 "impressão digital", field="seed", found=r["seed"])


def _verify(r: dict[str, Any], lookup: GameLookup, engine_version: str, bots: bool, seen: dict[str, Any]) -> Report:
    """The record on its own (``seen["table"]``: the replayed table, once it was built)."""
    try:
        game = lookup(r["game"])
    except KeyError:
        return _fail(f"unknown game {r['game']!r}", f"jogo desconhecido {r['game']!r}", field="game",
                     found=r["game"])
    if "seed" not in r:
        return _fail("the record does not reveal its seed (the game is not finished)",
                     "o registro não revela a semente (o jogo não terminou)", field="seed")
    if fingerprint(r["seed"]) != r["fingerprint"]:
        return _unhashed(r)
    try:
        rec.check_joint(r)
    except rec.BadRecord as e:
        return _fail(e.words["en"], e.words["pt"], field=e.field or "joint", found=rec.value_at(r, e.field),
                     expected=e.expected)
    tied = check_participants(r)
    if tied is not None:
        return tied
    if bots and r["version"] < 2 and any(s["bot"] for s in r["seats"]):
        return _fail("bot moves cannot be re-derived for a version 1 record (its bots drew from an older stream); "
                     "verify it without checking the bots",
                     "as jogadas de bots não podem ser refeitas num registro da versão 1 (seus bots usavam um fluxo "
                     "antigo); verifique-o sem conferir os bots", field="version", found=r["version"])
    try:
        joint = r.get("joint")
        table = Table(game, [Seat.from_json(s) for s in r["seats"]], r["options"], r["seed"],
                      r["engine"] if joint is not None else engine_version, r.get("timers", True),
                      retired_levels=True, joint=joint,
                      joint_version=r["version"] if joint is not None else rec.JOINT_VERSION,
                      started=r.get("started"))
    except (IllegalAction, KeyError) as e:
        return _fail(f"this table could not exist: {e}", f"esta mesa não poderia existir: {e}", field="seats/options",
                     found={"seats": r["seats"], "options": r["options"]})
    if table.options != r["options"]:
        return _fail("the options differ from any a table could have", "as opções diferem das que uma mesa pode ter",
                     field="options", expected=table.options, found=r["options"])
    if bots:
        for i, s in enumerate(table.seats):
            if s.bot and s.level not in game.bot_levels:
                return _fail(f"seat {i + 1}'s bot level {s.level!r} has been withdrawn; its moves cannot be re-derived",
                             f"o nível {s.level!r} do bot do lugar {i + 1} foi retirado; suas jogadas não podem ser refeitas",
                             field=f"seats[{i}].level", found=s.level)
    seen["table"] = table
    likeness = _Likeness(table, game) if bots else None
    for i, (action, (seat, by)) in enumerate(zip(r["actions"], r["actors"]), start=1):
        d = table.decision()
        if d is None:
            return _fail(f"move {i} ({action}) comes after the game was over",
                         f"a jogada {i} ({action}) vem depois do fim do jogo", move=i, field="actions",
                         found=action, details={"after_end": True})
        off_turn = ctl.days_action(action) is not None    # a claim, a day given, a holiday: any person seat
        if seat not in d.players and not off_turn:
            return _fail(f"move {i} ({action}): it was seat {d.players[0] + 1}'s turn, not seat {seat + 1}'s",
                         f"jogada {i} ({action}): era a vez do lugar {d.players[0] + 1}, não do lugar {seat + 1}",
                         move=i, field="actors", expected=list(d.players), found=seat)
        if by == rec.BY_TIMER and table.seats[seat].bot:
            return _fail(f"move {i} ({action}) is marked as played on seat {seat + 1}'s timer, but seat {seat + 1} "
                         "is a bot, and a bot has no timer",
                         f"a jogada {i} ({action}) está marcada como feita pelo relógio do lugar {seat + 1}, mas o "
                         f"lugar {seat + 1} é um bot, e um bot não tem relógio", move=i, field="actors",
                         expected=[seat, rec.BY_SEAT], found=[seat, by])
        if likeness is not None and by == rec.BY_SEAT and not off_turn:
            likeness.see(seat, action)
        if bots and by == rec.BY_SEAT and table.seats[seat].bot and seat in d.players:
            expected = table.bot_choice(seat)
            if expected != action:
                level = table.seats[seat].level
                return _fail(f"move {i} ({action}) by seat {seat + 1} is not what its {level} bot plays there "
                             f"({expected})",
                             f"a jogada {i} ({action}) do lugar {seat + 1} não é a que o seu bot {level} joga ali "
                             f"({expected})", move=i, field="actions", expected=expected, found=action)
        at = rec.time_at(r, i - 1)
        try:
            table.play(action, seat, by, at)
        except TooEarly as e:
            # Over days: the action is one its time does not allow yet; the time is what differs.
            return _fail(f"move {i} ({action}) by seat {seat + 1} at {when(at)} comes too early: {e}",
                         f"a jogada {i} ({action}) do lugar {seat + 1} em {when(at)} vem cedo demais: {e.words['pt']}",
                         move=i, field=f"times[{i - 1}]", expected=e.deadline, found=at)
        except IllegalAction as e:
            return _fail(f"move {i} ({action}) by seat {seat + 1} is illegal: {e}",
                         f"a jogada {i} ({action}) do lugar {seat + 1} é ilegal: {e}", move=i, field="actions",
                         found=action)
    state = table.state
    if not state.is_terminal():
        return _fail(f"the game is not over after its {len(r['actions'])} moves",
                     f"o jogo não terminou depois das suas {len(r['actions'])} jogadas", field="actions",
                     found=len(r["actions"]))
    result = r.get("result")
    if result is None:
        return _fail("the record has no result", "o registro não tem resultado", field="result",
                     expected={"scores": state.scores(), "winners": state.winners(), "outcome": state.outcome()})
    if result["scores"] != state.scores():
        return _fail("the final scores differ from the replay", "os pontos finais diferem do jogo refeito",
                     field="result.scores", expected=state.scores(), found=result["scores"])
    if result["winners"] != state.winners():
        return _fail("the winners differ from the replay", "os vencedores diferem do jogo refeito",
                     field="result.winners", expected=state.winners(), found=result["winners"])
    if result["outcome"] != state.outcome():
        return _fail("the outcome differs from the replay", "o desfecho difere do jogo refeito",
                     field="result.outcome", expected=state.outcome(), found=result["outcome"])
    if "seal" not in r:
        return _fail("the record has no seal (a finished game's record carries one)",
                     "o registro não tem selo (o registro de um jogo terminado tem um)", field="seal",
                     expected=rec.seal(r, r["seed"]))
    if r["seal"] != rec.seal(r, r["seed"]):
        return _fail("the seal does not match: the record was edited after the game "
                     "(names, bot flags, engine or other fields)",
                     "o selo não confere: o registro foi editado depois do jogo "
                     "(nomes, marcas de bot, motor ou outros campos)", field="seal",
                     expected=rec.seal(r, r["seed"]), found=r["seal"])
    names = ", ".join(s["name"] + (" (bot)" if s["bot"] else "") for s in r["seats"])
    won = " and ".join(r["seats"][w]["name"] for w in state.winners())
    ganhou = " e ".join(r["seats"][w]["name"] for w in state.winners())
    n = len(r["actions"])
    checked = " Every bot move re-derived." if bots and any(s["bot"] for s in r["seats"]) else ""
    conferido = " Todas as jogadas dos bots refeitas." if checked else ""
    like = likeness.result() if likeness is not None else {}
    for seat, levels in sorted(like.items()):
        name = r["seats"][seat]["name"]
        checked += (f" Seat {seat + 1} ({name}) is marked as a person but played every move exactly as the "
                    f"{' and the '.join(levels)} bot plays.")
        conferido += (f" O lugar {seat + 1} ({name}) está marcado como pessoa, mas fez todas as jogadas "
                      f"exatamente como o bot {' e o bot '.join(levels)} joga.")
    hints = [0] * len(r["seats"])
    for action, (seat, _) in zip(r["actions"], r["actors"]):
        if action == ctl.HINT:
            hints[seat] += 1
    for seat, asked in enumerate(hints):
        if asked:
            name = r["seats"][seat]["name"]
            checked += f" Seat {seat + 1} ({name}) asked for {asked} hint{'s' if asked > 1 else ''}."
            conferido += f" O lugar {seat + 1} ({name}) pediu {asked} dica{'s' if asked > 1 else ''}."
    if state.outcome() == "draw":
        en_v, pt_v = "draw", "empate"
    else:
        en_v, pt_v = f"won by {won}", f"vencido por {ganhou}"
    return Report(True, f"valid {r['game']} game: {names}; {n} moves; scores {state.scores()}; {en_v}.{checked}",
                  {"en": f"valid {r['game']} game: {names}; {n} moves; scores {state.scores()}; {en_v}.{checked}",
                   "pt": f"jogo de {r['game']} válido: {names}; {n} jogadas; pontos {state.scores()}; {pt_v}.{conferido}"},
                  details={"scores": state.scores(), "winners": state.winners(), "moves": n,
                           "bots_checked": bots and any(s["bot"] for s in r["seats"]),
                           # how many hints each seat asked for (@hint in the record)
                           "hints": hints,
                           # person seats (as text: JSON keys) -> the levels that played every one of its moves
                           "bot_like": {str(k): v for k, v in sorted(like.items())}})


#: A participant's revealed contribution, as a verdict names it.
_CONTRIBUTION = re.compile(r"joint\[\d+\]\.contribution")


# --- a participant's witness ----------------------------------------------------------------------
@dataclass
class Check:
    """One thing a participant's witness holds the record to (``docs/records.md``)."""

    key: str
    ok: bool
    words: dict[str, str]
    field: str | None = None
    expected: Any = None
    found: Any = None
    move: int | None = None

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _check(key: str, ok: bool, en: str, pt: str, **kw: Any) -> Check:
    return Check(key, ok, {"en": en, "pt": pt}, **kw)


def _short(v: Any) -> str:
    text = json.dumps(v, ensure_ascii=False) if not isinstance(v, str) else repr(v)
    return text if len(text) <= 80 else text[:77] + "…"


def witness_checks(r: dict[str, Any], table: Table | None, report: Report, game: Any = None) -> list[Check]:
    """Hold a record to its ``witness``: what one participant's page was promised before it revealed
    its contribution and shown while the game was played. In order: its own contribution, the
    host's, the table's terms, the moves (the move chain and the log), earlier tables of the same
    host, and the record on its own (``report``)."""
    w = r["witness"]
    joint = r["joint"]
    out: list[Check] = []
    seat = w["seat"]
    if seat is not None:
        places = [i for i, p in enumerate(joint) if p["commitment"] == w["own"]]
        ok = (len(places) == 1 and places[0] > 0 and joint[places[0]]["who"] == r["seats"][seat]["name"])
        name = r["seats"][seat]["name"]
        named = [i for i, p in enumerate(joint) if i > 0 and p["who"] == name]
        # What differs, as exactly as the record lets one say: the name of the one participant holding
        # your commitment, or the commitment of the one participant under your seat's name.
        if len(places) == 1 and places[0] > 0:
            where = dict(field=f"joint[{places[0]}].who", expected=name, found=joint[places[0]]["who"])
        elif not places and len(named) == 1:
            where = dict(field=f"joint[{named[0]}].commitment", expected=w["own"], found=joint[named[0]]["commitment"])
        else:
            where = dict(field="joint", expected=w["own"], found=joint)
        out.append(_check("own", ok,
                          "your contribution is in the seed, once, as seat %d's" % (seat + 1) if ok else
                          "your contribution is not in the seed as seat %d's: the record's participants do not "
                          "hold your commitment once, under your seat's name" % (seat + 1),
                          "a sua contribuição está na semente, uma vez, como a do lugar %d" % (seat + 1) if ok else
                          "a sua contribuição não está na semente como a do lugar %d: os participantes do registro "
                          "não têm o seu compromisso uma vez, com o nome do seu lugar" % (seat + 1),
                          **({} if ok else where)))
    ok = joint[0]["commitment"] == w["host"]
    out.append(_check("host", ok, "the host's contribution is the one it committed to first" if ok else
                      "the host's contribution in the record is not the one it committed to in the invitation",
                      "a contribuição do anfitrião é a que ele prometeu primeiro" if ok else
                      "a contribuição do anfitrião no registro não é a que ele prometeu no convite",
                      field=None if ok else "joint[0].commitment", expected=None if ok else w["host"],
                      found=None if ok else joint[0]["commitment"]))
    if w["terms"] is not None:
        d = first_difference(w["terms"], terms_of_record(r))
        if d is None:
            out.append(_check("terms", True, "the table's terms are those the host committed to before anyone revealed",
                              "os termos da mesa são os que o anfitrião prometeu antes de alguém revelar"))
        else:
            path, want, found = d
            en, pt = _terms_words(game, path, want, found, w["terms"], terms_of_record(r))
            out.append(_check("terms", False,
                              f"the table's terms are not those the host committed to before anyone revealed: "
                              f"{en} ({path} differs)",
                              f"os termos da mesa não são os que o anfitrião prometeu antes de alguém revelar: "
                              f"{pt} ({path} difere)",
                              field=f"terms.{path}", expected=want, found=found))
    if not report.ok and (report.field == "seed" or _CONTRIBUTION.fullmatch(report.field or "")):
        # The chain is keyed by the seed: with a seed that is not the game's, no commitment can be held
        # to the record's moves, and what is wrong is the seed.
        out.append(_check("moves", False,
                          "the moves cannot be held to the host's commitments: the record's seed is not the game's",
                          "as jogadas não podem ser conferidas com os compromissos do anfitrião: a semente do registro "
                          "não é a do jogo",
                          field=report.field, expected=report.expected, found=report.found))
    else:
        out.append(_moves_check(r, table))
    if w["earlier"]:
        n = len(w["earlier"])
        out.append(_check("earlier", False,
                          f"the host started over after the seed was fixed: this device revealed its contribution for "
                          f"{n} earlier table{'s' if n > 1 else ''} of the same host that never started",
                          f"o anfitrião recomeçou depois de a semente estar fixada: este aparelho revelou a sua "
                          f"contribuição para {n} mesa{'s' if n > 1 else ''} anterior{'es' if n > 1 else ''} do mesmo "
                          f"anfitrião que nunca começ{'aram' if n > 1 else 'ou'}",
                          field="witness.earlier", found=list(w["earlier"])))
    out.append(_check("record", report.ok, "the whole record verifies" if report.ok else
                      f"the record does not verify: {report.words.get('en', report.summary)}",
                      "o registro inteiro confere" if report.ok else
                      f"o registro não confere: {report.words.get('pt', report.summary)}",
                      field=report.field, move=report.move, expected=report.expected, found=report.found))
    return out


def _terms_words(game: Any, path: str, want: Any, found: Any, promised: dict[str, Any],
                 record: dict[str, Any]) -> tuple[str, str]:
    """A difference of the terms in a player's words (English, Portuguese): an option by its label and
    choices, a seat by its number and who sits there, the clocks, the participants."""
    def seat(s: Any) -> tuple[str, str]:
        if not isinstance(s, dict):
            return "no seat", "nenhum lugar"
        if s.get("bot"):
            return f"{s.get('name')}, a bot ({s.get('level')})", f"{s.get('name')}, um bot ({s.get('level')})"
        return f"{s.get('name')}, a person", f"{s.get('name')}, uma pessoa"
    if path.startswith("options.") and "[" not in path and path.count(".") == 1:
        spec = next((o for o in getattr(game, "options", ()) if o.name == path[8:]), None)

        def value(v: Any, lang: str) -> str:
            x = spec.default if v is None and spec is not None else v
            cw = spec.choice_words.get(str(x)) if spec is not None else None
            return cw[lang] if cw else str(x)
        label = spec.label if spec is not None and spec.label else {"en": path[8:], "pt": path[8:]}
        return (f"{label['en']} was promised as “{value(want, 'en')}”, the record has “{value(found, 'en')}”",
                f"{label['pt']} foi prometido como “{value(want, 'pt')}”, o registro tem “{value(found, 'pt')}”")
    if path.startswith("seats["):
        k = int(path[6:path.index("]")])
        a = seat(promised["seats"][k] if k < len(promised["seats"]) else None)
        b = seat(record["seats"][k] if k < len(record["seats"]) else None)
        return (f"seat {k + 1} was promised as {a[0]}, the record has {b[0]}",
                f"o lugar {k + 1} foi prometido como {a[1]}, o registro tem {b[1]}")
    if path == "timers":
        on = {True: ("on", "ligados"), False: ("off", "desligados")}
        return (f"the clocks were promised {on[bool(want)][0]}, the record has them {on[bool(found)][0]}",
                f"os relógios foram prometidos {on[bool(want)][1]}, o registro os tem {on[bool(found)][1]}")
    if path.startswith("participants"):
        return ("the list of participants is not the one revealed against",
                "a lista de participantes não é aquela contra a qual se revelou")
    return (f"{path} was promised as {_short(want)}, the record has {_short(found)}",
            f"{path} foi prometido como {_short(want)}, o registro tem {_short(found)}")


def _moves_check(r: dict[str, Any], table: Table | None) -> Check:
    """Every commitment to the moves the page received matches the record's move chain where the
    page's log then stood, in order; and the log the page was shown is the record's."""
    w = r["witness"]
    viewer = w["seat"]
    actions, actors = r["actions"], r["actors"]
    days = rec.is_days(r)
    if days and w["started"] != r["started"]:
        return _check("moves", False,
                      f"the table's start is not the one you were shown (shown: {when(w['started'])}; record: "
                      f"{when(r['started'])})",
                      f"o início da mesa não é o que lhe mostraram (mostrado: {when(w['started'])}; registro: "
                      f"{when(r['started'])})",
                      field="started", expected=w["started"], found=r["started"])
    values = chain(r["seed"], actions, actors, r.get("times"))
    where = {v: i for i, v in enumerate(values)}
    n = len(actions)
    rows = log_groups(table.entries, viewer) if table is not None else []
    if table is not None and len(table.actions) == n:
        logged = [(item, at) for item, at, _, _ in rows if not item.get("draft")]
    else:
        logged = None            # the record does not replay: the chain alone is checked
    at = [0] + [a for _, a in logged] if logged is not None else None
    held = 0
    for j, (entries, value) in enumerate(w["commitments"]):
        lo, hi = held, n
        if at is not None:
            if entries >= len(at):
                return _broken_at(r, table, rows, j, held, n, entries,
                                  f"the page held {entries} log entries; the record has {len(at) - 1}",
                                  f"a página tinha {entries} entradas; o registro tem {len(at) - 1}", short=True)
            lo = max(held, at[entries])
            hi = at[entries + 1] - 1 if entries + 1 < len(at) else n
        i = where.get(value)
        if i is None or not lo <= i <= hi:
            return _broken_at(r, table, rows, j, held, hi, entries, "", "")
        held = i
    if logged is not None:
        shown = w["shown"]
        if len(shown) != len(logged):
            return _check("moves", False,
                          f"the record's log has {len(logged)} entries for your seat; you were shown {len(shown)}",
                          f"o registro de jogadas tem {len(logged)} entradas para o seu lugar; mostraram-lhe {len(shown)}",
                          field="witness.shown", expected=len(shown), found=len(logged))
        for k, (x, (item, done)) in enumerate(zip(shown, logged), start=1):
            s, a = x[0], x[1]
            if days and s == item["seat"] and (a is None or item["action"] == a) and x[2] != item.get("time"):
                return _check("moves", False,
                              f"entry {k} of the log is not at the time you were shown (shown: {when(x[2])}; record: "
                              f"{when(item['time'])})",
                              f"a entrada {k} do registro de jogadas não está na hora que lhe mostraram (mostrada: "
                              f"{when(x[2])}; registro: {when(item['time'])})",
                              field=f"times[{done - 1}]", move=done, expected=x[2], found=item["time"])
            if s != item["seat"] or (a is not None and item["action"] != a):
                return _check("moves", False,
                              f"entry {k} of the log is not the move you were shown (shown: seat {s + 1}, "
                              f"{_short(a) if a is not None else 'hidden'}; record: seat {item['seat'] + 1}, "
                              f"{_short(item['action'])})",
                              f"a entrada {k} do registro de jogadas não é a jogada que lhe mostraram (mostrada: lugar "
                              f"{s + 1}, {_short(a) if a is not None else 'oculta'}; registro: lugar {item['seat'] + 1}, "
                              f"{_short(item['action'])})",
                              field=f"witness.shown[{k - 1}]", expected=[s, a], found=[item["seat"], item["action"]])
    count = len(w["commitments"])
    return _check("moves", True,
                  f"every move is the one the host committed to as it was played ({count} commitments received) "
                  "and the log is the one you were shown",
                  f"cada jogada é a que o anfitrião prometeu ao jogá-la ({count} compromissos recebidos) e o registro "
                  "de jogadas é o que lhe mostraram")


def _confirmed(r: dict[str, Any], table: Table | None, rows: list[Any],
               retimed: dict[int, int] | None = None) -> set[int]:
    """The record's steps (by index) the page was shown as the record has them: each step of an entry
    of the record's log, as the page's seat reads it where the replay got to, whose place in the log
    the page was shown with the same seat and that step (for an entry of several steps, or one still
    under way, the steps up to it joined by spaces: the whole action shown, or its beginning). At a
    table over days the last step of a complete entry is confirmed only when the page was also shown its
    time; where only the time differs, ``retimed`` gets the step's index and the time shown."""
    if table is None:
        return set()
    shown = r["witness"]["shown"]
    days = rec.is_days(r)
    ok: set[int] = set()

    def keep(e: Any, last: int | None, x: list[Any]) -> None:
        if days and e.index == last and x[2] != e.time:
            if retimed is not None:
                retimed[e.index] = x[2]
            return
        ok.add(e.index)
    for (item, _, _, group), x in zip(rows, shown):
        seat, action = x[0], x[1]
        if seat != item["seat"] or action is None or item["action"] is None:
            continue
        steps = [table.entries[p] for p in group]
        last = None if item.get("draft") else steps[-1].index
        if len(steps) == 1 and not item.get("draft"):
            if action == steps[0].action:
                keep(steps[0], last, x)
            continue
        text = ""
        for e in steps:
            text = f"{text} {e.action}" if text else e.action
            if action != text and not action.startswith(text + " "):
                break
            keep(e, last, x)
    return ok


def _broken_at(r: dict[str, Any], table: Table | None, rows: list[Any], j: int, held: int, hi: int, entries: int,
               en: str, pt: str, short: bool = False) -> Check:
    """Commitment ``j`` breaks the record: the actions before ``held`` are bound by the last commitment
    that matched, and one before ``hi`` differs. The move named is the first from ``held`` on that the
    page was not shown as the record has it (a move it was shown, seat and action, is no change of the
    host's). Where every one was, the commitment itself is named (only an actor's kind, which the log
    does not show, can differ there) — or, when the page held more entries than the record's log
    (``short``), the first move the record lacks."""
    retimed: dict[int, int] = {}
    confirmed = _confirmed(r, table, rows, retimed)
    n = len(r["actions"])
    first = next((k for k in range(held, min(hi, n)) if k not in confirmed), None)
    if first is not None and first in retimed:
        # The move is the one the page was shown; its time is not (the chain binds both).
        t, shown_t = r["times"][first], retimed[first]
        return _check("moves", False,
                      f"move {first + 1} is not at the time the host committed to during the game: you were shown it "
                      f"at {when(shown_t)}, the record has {when(t)}",
                      f"a jogada {first + 1} não está na hora que o anfitrião prometeu durante o jogo: ela lhe foi "
                      f"mostrada em {when(shown_t)}, o registro tem {when(t)}",
                      field=f"times[{first}]", move=first + 1, expected=shown_t, found=t)
    if first is None and not short:
        # Every move from the last match to where the page's log then stood is one the page was shown
        # as the record has it: what differs is the commitment itself, or an actor's kind (the seat
        # itself, its timer or the table), which the chain binds and the log does not show.
        e, value = r["witness"]["commitments"][j]
        return _check("moves", False,
                      f"the host's commitment {j + 1} (received once {e} entr{'y' if e == 1 else 'ies'} of the log had "
                      "been shown) is not the record's move chain where the log then stood, though every move up to "
                      "there is the one you were shown: who played one of them (the seat itself, its timer or the "
                      "table) differs, or the commitment is not the host's",
                      f"o compromisso {j + 1} do anfitrião (recebido com {e} entrada{'' if e == 1 else 's'} do registro "
                      f"de jogadas já mostrada{'' if e == 1 else 's'}) não é a cadeia de jogadas do registro onde o "
                      "registro de jogadas então estava, embora cada jogada até ali seja a que lhe mostraram: quem "
                      "jogou uma delas (o próprio lugar, o seu relógio ou a mesa) difere, ou o compromisso não é do "
                      "anfitrião",
                      field=f"witness.commitments[{j}]", found=[e, value])
    first = (first if first is not None else n) + 1
    seat = r["actors"][first - 1][0] if 0 < first <= len(r["actors"]) else None
    name = r["seats"][seat]["name"] if seat is not None else None
    who = f" ({name}'s, seat {seat + 1})" if seat is not None else ""
    quem = f" (de {name}, lugar {seat + 1})" if seat is not None else ""
    extra_en = f"; {en}" if en else ""
    extra_pt = f"; {pt}" if pt else ""
    shown_en = "before any entry of the log was shown" if entries == 0 else \
        f"once {entries} entr{'y' if entries == 1 else 'ies'} of the log had been shown"
    shown_pt = "antes de qualquer entrada do registro de jogadas" if entries == 0 else \
        f"com {entries} entrada{'' if entries == 1 else 's'} do registro de jogadas já mostrada{'' if entries == 1 else 's'}"
    return _check("moves", False,
                  f"move {first}{who} is not the one the host committed to during the game: the record's moves "
                  f"after move {held} do not match the commitment the host sent {shown_en}{extra_en}",
                  f"a jogada {first}{quem} não é a que o anfitrião prometeu durante o jogo: as jogadas do registro "
                  f"depois da jogada {held} não conferem com o compromisso que o anfitrião enviou {shown_pt}{extra_pt}",
                  field=f"actions[{first - 1}]", move=first,
                  found=r["actions"][first - 1] if 0 < first <= len(r["actions"]) else None)
