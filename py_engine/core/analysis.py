"""Hints and reviews: the strongest bot level's judgement of a seat's decision, from that seat's view.

* :func:`hint` — the strongest level's move for a seat now, from its observation and legal list only
  (the same move that level's bot would play there: the same stream, the same budget).
* :func:`review` — a generator over a record: for every action a seat chose among two or more legal
  actions (not the table's forced or timed-out moves, not table actions such as a resignation), the
  position is rebuilt as that seat saw it at that step and judged; one result per decision, so a page
  can show progress, stream results and stop whenever it likes. :class:`Reviewer` judges them one
  at a time and may pass some over: two workers share a review by asking for different decisions.
* :func:`analyse` — the whole review as the command line's JSON (``python -m py_engine analyse``).

A judgement never reads more than the seat's own observation at that step (never hindsight, never
another seat's cards). Loss is in the seat's win chance (0 to 1): how much lower its chance is after
the move played than after the best move found. Marks (``docs/performance.md``, *Reviews*): an
inaccuracy from :data:`INACCURACY`, a mistake from :data:`MISTAKE`, a blunder from :data:`BLUNDER`; and
at least a mistake for a move a search proved passed up a forced win or walked into a forced loss
(:data:`FORCED`), whatever the chances say.
"""
from __future__ import annotations

from typing import Any, Iterator

from . import controls as ctl
from . import record as rec
from .game import ALL_SEATS, Bot, Game, IllegalAction
from .table import GameLookup, Table

INACCURACY, MISTAKE, BLUNDER = 0.05, 0.10, 0.20


#: What a search may prove a move changed (:class:`~.search.Judgement`): a forced win passed up, a forced
#: loss walked into. Either is at least a mistake, whatever the win chances say (a game that was not lost
#: now is, by force; a game that was won by force no longer is).
FORCED = ("missed-win", "allowed-loss")


def mark(loss: float, forced: str | None = None) -> str | None:
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE or forced in FORCED:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return None


def strongest(game: Game, seat: int) -> Bot:
    """A bot of the game's strongest level (the last of ``bot_levels``) for ``seat``."""
    return game.make_bot(game.bot_levels[-1], seat)


def hint(table: Table, seat: int, iterations: int | None = None) -> dict[str, Any]:
    """The strongest level's choice for ``seat`` now, with its words (EN and PT) as the seat reads them.

    Only what the seat may see is used: its observation and its legal list. The stream is the one a
    bot at that seat would get for this move (``docs/fairness.md``), so the hint is the move that bot
    plays, and asking again gives the same hint. ``iterations``: a smaller search budget (a slow
    device); the hint may then differ from the level's own move."""
    d = table.state.decision()
    if d is None:
        raise IllegalAction("the game is over")
    if seat not in d.players:
        raise IllegalAction(f"seat {seat + 1} has no decision to make now")
    legal = table.state.legal_actions(seat)
    bot = strongest(table.game, seat)
    obs, stream = table.state.observation(seat), table.chance.bot_stream(seat, len(table.actions))
    action = bot.hint(obs, legal, stream, iterations)
    return {"action": action, "words": _words(table, action, seat)}


def _replay_table(data: Any, lookup: GameLookup) -> tuple[dict[str, Any], Table]:
    """The record read strictly and its table before any move (a joint seed of either scheme)."""
    r = rec.check_shape(data)
    if "seed" not in r:
        raise rec.BadRecord("this record does not carry its seed, so it cannot be reviewed yet",
                            "este registro não traz a sua semente, então ainda não pode ser analisado",
                            field="seed")
    return r, Table.from_record(r, lookup, "review", upto=0)


def decisions(data: Any, lookup: GameLookup, viewer: int | str = ALL_SEATS) -> list[int]:
    """The steps (indices in the record's ``actions``) a review of ``viewer`` judges, without judging them."""
    return [step for step, _, _, _ in _walk(data, lookup, viewer)]


def _walk(data: Any, lookup: GameLookup, viewer: int | str) -> Iterator[tuple[int, int, str, Table]]:
    """The record replayed; yields (step, seat, action played, table before that step) for every
    decision to judge."""
    r, table = _replay_table(data, lookup)
    over = "result" in r
    if viewer != ALL_SEATS and (not isinstance(viewer, int) or isinstance(viewer, bool)
                                or not 0 <= viewer < len(r["seats"])):
        raise IllegalAction("no such seat")
    for step, (action, (seat, by)) in enumerate(zip(r["actions"], r["actors"])):
        if viewer == ALL_SEATS and not over:
            raise IllegalAction("every seat's decisions are reviewed only once the game is over")
        d = table.state.decision()
        if (d is not None and by == rec.BY_SEAT and not ctl.is_control(action) and seat in d.players
                and (viewer == ALL_SEATS or viewer == seat)
                and len(table.state.legal_actions(seat)) >= 2):
            yield step, seat, action, table
        try:
            table.play(action, seat, by, rec.time_at(r, step))
        except IllegalAction as e:
            raise IllegalAction(f"move {step + 1} ({action}) by seat {seat + 1}: {e}") from None


class Reviewer:
    """A review judged one decision at a time, in the record's order (what :func:`review` and the
    bridge's ``review_next`` use). :meth:`next` may pass over decisions without judging them, so that
    several workers can share one review: each judgement depends on its decision alone (that seat's
    observation, its stream, the budget), never on which decisions were judged before it."""

    def __init__(self, data: Any, lookup: GameLookup, viewer: int | str = ALL_SEATS,
                 iterations: int | None = None, full: bool = False) -> None:
        self._walk = _walk(data, lookup, viewer)
        self._bots: dict[int, Bot] = {}
        self.iterations = iterations
        #: The whole budget on every decision, even where a game saves some on decisions that cannot
        #: matter (a game already lost by force): what a bench compares the marks with.
        self.full = full

    def next(self, step: int | None = None) -> dict[str, Any] | None:
        """The next decision judged, or None after the last. ``step``: the first decision at or after
        that step (an index in the record's ``actions``); the ones before it are passed over unjudged."""
        for at, seat, played, table in self._walk:
            if step is None or at >= step:
                return self._judge(at, seat, played, table)
        return None

    def _judge(self, step: int, seat: int, played: str, table: Table) -> dict[str, Any]:
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = strongest(table.game, seat)
        legal = table.state.legal_actions(seat)
        stream = table.chance.bot_stream(seat, step)
        j = bot.judge(table.state.observation(seat), legal, stream, played, self.iterations, full=self.full)
        loss = 0.0 if j.best == played else round(j.loss, 3)
        forced = None if j.best == played else j.forced
        return {"step": step, "seat": seat, "played": played, "best": j.best, "loss": loss,
                "mark": mark(loss, forced), "forced": forced,
                "chance": round(j.best_chance, 3),
                "played_chance": round(j.played_chance if j.best != played else j.best_chance, 3),
                "played_words": _words(table, played, seat), "best_words": _words(table, j.best, seat)}


def review(data: Any, lookup: GameLookup, viewer: int | str = ALL_SEATS,
           iterations: int | None = None, full: bool = False) -> Iterator[dict[str, Any]]:
    """Judge every decision of ``viewer`` (every seat: ``ALL_SEATS``, only for a finished game) in a
    record that carries its seed; one result per decision, in the record's order.

    Each result: ``step`` (index in ``actions``), ``seat``, ``played``, ``best``, ``loss``, ``mark``,
    ``forced`` (what a search proved the move changed: ``"missed-win"``, ``"allowed-loss"`` or None); for
    a chart ``chance`` (the seat's win chance with the best move) and ``played_chance``; and the two moves
    in words as that seat read them (``played_words``, ``best_words``: EN and PT). ``iterations``
    overrides the strongest level's review budget (a quicker review); ``full``: no saving anywhere
    (:class:`Reviewer`). Stop iterating to cancel."""
    reviewer = Reviewer(data, lookup, viewer, iterations, full)
    while (m := reviewer.next()) is not None:
        yield m


def compact(m: dict[str, Any]) -> list[Any]:
    """One judged decision as a story carries it (``docs/story.md``, *The review*): what a reader cannot
    work out from the record itself, numbers in whole thousandths (requests and records hold no
    other numbers). ``[step, chance]`` when the move played was the best found; otherwise
    ``[step, best, loss, chance, played_chance]``, and ``forced`` after them when a search proved one.
    Seat, move played, words and mark come from the record and the reader's engine (:func:`shared`)."""
    k = lambda x: round(x * 1000)  # noqa: E731
    if m["best"] == m["played"]:
        return [m["step"], k(m["chance"])]
    out = [m["step"], m["best"], k(m["loss"]), k(m["chance"]), k(m["played_chance"])]
    return out + [m["forced"]] if m["forced"] else out


def shared(data: Any, lookup: GameLookup, judged: Any) -> list[dict[str, Any]]:
    """Someone else's review of a finished record, read as hostile input: entries in :func:`compact`'s
    form, steps in increasing order, each naming a decision a review judges (among two or more legal
    actions) and a ``best`` legal there, other than the move played; thousandths from 0 to 1000.
    Answers the entries as :func:`review` gives them (words as that seat read them, the mark worked
    out here), in one pass over the record. Raises :class:`~.record.BadRecord` naming the first entry
    that is wrong."""
    def bad(i: int, en: str, pt: str) -> rec.BadRecord:
        return rec.BadRecord(f"review entry {i + 1}: {en}", f"entrada {i + 1} da análise: {pt}", field="review")

    def thousandths(*xs: Any) -> bool:
        return all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 1000 for x in xs)

    if not isinstance(judged, list):
        raise rec.BadRecord("the review is not a list", "a análise não é uma lista", field="review")
    walk = _walk(data, lookup, ALL_SEATS)
    out: list[dict[str, Any]] = []
    last = -1
    for i, e in enumerate(judged):
        if not isinstance(e, list) or len(e) not in (2, 5, 6):
            raise bad(i, "not a list of 2, 5 or 6 fields", "não é uma lista de 2, 5 ou 6 campos")
        step = e[0]
        if not isinstance(step, int) or isinstance(step, bool) or step <= last:
            raise bad(i, "steps must be whole numbers in increasing order", "os passos devem ser inteiros em ordem crescente")
        best, loss, chance, played_chance, forced = (None, 0, e[1], e[1], None) if len(e) == 2 else (*e[1:5], e[5] if len(e) == 6 else None)
        if not thousandths(loss, chance, played_chance):
            raise bad(i, "chances and loss must be whole thousandths from 0 to 1000",
                      "chances e perda devem ser milésimos inteiros de 0 a 1000")
        if len(e) == 6 and forced not in FORCED:
            raise bad(i, f"forced must be one of {', '.join(FORCED)}", f"forced deve ser {', '.join(FORCED)}")
        for at, seat, played, table in walk:
            if at >= step:
                break
        else:
            raise bad(i, f"move {step + 1} is not a decision the review judges", f"a jogada {step + 1} não é uma decisão que a análise julga")
        if at != step:
            raise bad(i, f"move {step + 1} is not a decision the review judges", f"a jogada {step + 1} não é uma decisão que a análise julga")
        if best is None:
            best = played
        elif not isinstance(best, str) or best == played or best not in table.state.legal_actions(seat):
            raise bad(i, f"the best move given for move {step + 1} is not another legal move there",
                      f"a melhor jogada dada para a jogada {step + 1} não é outra jogada legal ali")
        out.append({"step": step, "seat": seat, "played": played, "best": best,
                    "loss": loss / 1000, "mark": mark(loss / 1000, forced),
                    "forced": forced, "chance": chance / 1000, "played_chance": played_chance / 1000,
                    "played_words": _words(table, played, seat), "best_words": _words(table, best, seat)})
        last = step
    return out


def _words(table: Table, action: str, seat: int) -> dict[str, str]:
    """An action in words as ``seat`` reads it, in the position before it (EN and PT)."""
    out = {}
    for lang in ("en", "pt"):
        try:
            out[lang] = table.state.describe(action, lang, seat)
        except (ValueError, KeyError, IndexError):
            out[lang] = action
    return out


def analyse(data: Any, lookup: GameLookup, iterations: int | None = None) -> dict[str, Any]:
    """The whole review in the command line's JSON shape (``docs/performance.md``, *Reviews*)."""
    moves = [{k: m[k] for k in ("step", "seat", "played", "best", "loss", "mark", "forced")}
             for m in review(data, lookup, ALL_SEATS, iterations)]
    return {"game": data["game"], "moves": moves}


__all__ = ["hint", "review", "Reviewer", "analyse", "shared", "compact", "decisions", "mark", "strongest", "INACCURACY", "MISTAKE", "BLUNDER",
           "FORCED"]
