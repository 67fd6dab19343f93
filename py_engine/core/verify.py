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

from collections import Counter
from dataclasses import dataclass, field as dc_field
from typing import Any

from . import record as rec
from .fairness import fingerprint
from .game import IllegalAction
from .table import GameLookup, Seat, Table


@dataclass
class Report:
    ok: bool
    summary: str                     # English; ``words`` has every language
    words: dict[str, str] = dc_field(default_factory=dict)
    move: int | None = None          # 1-based index of the first bad action, if any
    field: str | None = None         # which part of the record differs
    expected: Any = None
    found: Any = None
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
    """Check a record (already parsed with :func:`parse`); ``bots`` re-derives every bot move too."""
    try:
        r = rec.check_shape(data)
    except rec.BadRecord as e:
        return _fail(f"unreadable record: {e.words['en']}", f"registro ilegível: {e.words['pt']}",
                     field=e.field or "format")
    try:
        game = lookup(r["game"])
    except KeyError:
        return _fail(f"unknown game {r['game']!r}", f"jogo desconhecido {r['game']!r}", field="game")
    if "seed" not in r:
        return _fail("the record does not reveal its seed (the game is not finished)",
                     "o registro não revela a semente (o jogo não terminou)", field="seed")
    if fingerprint(r["seed"]) != r["fingerprint"]:
        return _fail("the seed does not match the fingerprint shown at the start",
                     "a semente não confere com a impressão digital mostrada no início", field="seed",
                     expected=r["fingerprint"], found=fingerprint(r["seed"]))
    try:
        rec.check_joint(r)
    except rec.BadRecord as e:
        return _fail(e.words["en"], e.words["pt"], field=e.field or "joint")
    tied = check_participants(r)
    if tied is not None:
        return tied
    if bots and r["version"] < 2 and any(s["bot"] for s in r["seats"]):
        return _fail("bot moves cannot be re-derived for a version 1 record (its bots drew from an older stream); "
                     "verify it without checking the bots",
                     "as jogadas de bots não podem ser refeitas num registro da versão 1 (seus bots usavam um fluxo "
                     "antigo); verifique-o sem conferir os bots", field="version")
    try:
        table = Table(game, [Seat.from_json(s) for s in r["seats"]], r["options"], r["seed"], engine_version,
                      r.get("timers", True), retired_levels=True, joint=r.get("joint"))
    except (IllegalAction, KeyError) as e:
        return _fail(f"this table could not exist: {e}", f"esta mesa não poderia existir: {e}", field="seats/options")
    if table.options != r["options"]:
        return _fail("the options differ from any a table could have", "as opções diferem das que uma mesa pode ter",
                     field="options", expected=table.options, found=r["options"])
    if bots:
        for i, s in enumerate(table.seats):
            if s.bot and s.level not in game.bot_levels:
                return _fail(f"seat {i + 1}'s bot level {s.level!r} has been withdrawn; its moves cannot be re-derived",
                             f"o nível {s.level!r} do bot do lugar {i + 1} foi retirado; suas jogadas não podem ser refeitas",
                             field=f"seats[{i}].level")
    likeness = _Likeness(table, game) if bots else None
    for i, (action, (seat, by)) in enumerate(zip(r["actions"], r["actors"]), start=1):
        d = table.decision()
        if d is None:
            return _fail(f"move {i} ({action}) comes after the game was over",
                         f"a jogada {i} ({action}) vem depois do fim do jogo", move=i, field="actions")
        if seat not in d.players:
            return _fail(f"move {i} ({action}): it was seat {d.players[0] + 1}'s turn, not seat {seat + 1}'s",
                         f"jogada {i} ({action}): era a vez do lugar {d.players[0] + 1}, não do lugar {seat + 1}",
                         move=i, field="actors", expected=list(d.players), found=seat)
        if by == rec.BY_TIMER and table.seats[seat].bot:
            return _fail(f"move {i} ({action}) is marked as played on seat {seat + 1}'s timer, but seat {seat + 1} "
                         "is a bot, and a bot has no timer",
                         f"a jogada {i} ({action}) está marcada como feita pelo relógio do lugar {seat + 1}, mas o "
                         f"lugar {seat + 1} é um bot, e um bot não tem relógio", move=i, field="actors",
                         found=[seat, by])
        if likeness is not None and by == rec.BY_SEAT:
            likeness.see(seat, action)
        if bots and by == rec.BY_SEAT and table.seats[seat].bot:
            expected = table.bot_choice(seat)
            if expected != action:
                level = table.seats[seat].level
                return _fail(f"move {i} ({action}) by seat {seat + 1} is not what its {level} bot plays there "
                             f"({expected})",
                             f"a jogada {i} ({action}) do lugar {seat + 1} não é a que o seu bot {level} joga ali "
                             f"({expected})", move=i, field="actions", expected=expected, found=action)
        try:
            table.play(action, seat, by)
        except IllegalAction as e:
            return _fail(f"move {i} ({action}) by seat {seat + 1} is illegal: {e}",
                         f"a jogada {i} ({action}) do lugar {seat + 1} é ilegal: {e}", move=i, field="actions",
                         found=action)
    state = table.state
    if not state.is_terminal():
        return _fail(f"the game is not over after its {len(r['actions'])} moves",
                     f"o jogo não terminou depois das suas {len(r['actions'])} jogadas", field="actions")
    result = r.get("result")
    if result is None:
        return _fail("the record has no result", "o registro não tem resultado", field="result")
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
                     "o registro não tem selo (o registro de um jogo terminado tem um)", field="seal")
    if r["seal"] != rec.seal(r, r["seed"]):
        return _fail("the seal does not match: the record was edited after the game "
                     "(names, bot flags, engine or other fields)",
                     "o selo não confere: o registro foi editado depois do jogo "
                     "(nomes, marcas de bot, motor ou outros campos)", field="seal")
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
    if state.outcome() == "draw":
        en_v, pt_v = "draw", "empate"
    else:
        en_v, pt_v = f"won by {won}", f"vencido por {ganhou}"
    return Report(True, f"valid {r['game']} game: {names}; {n} moves; scores {state.scores()}; {en_v}.{checked}",
                  {"en": f"valid {r['game']} game: {names}; {n} moves; scores {state.scores()}; {en_v}.{checked}",
                   "pt": f"jogo de {r['game']} válido: {names}; {n} jogadas; pontos {state.scores()}; {pt_v}.{conferido}"},
                  details={"scores": state.scores(), "winners": state.winners(), "moves": n,
                           "bots_checked": bots and any(s["bot"] for s in r["seats"]),
                           # person seats (as text: JSON keys) -> the levels that played every one of its moves
                           "bot_like": {str(k): v for k, v in sorted(like.items())}})
