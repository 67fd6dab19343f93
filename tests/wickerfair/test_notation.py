"""The notation: every step round-trips text ↔ action, reads in English and Portuguese, and a bad step is
named in words by the verifier."""
from __future__ import annotations

import json

import pytest

from py_engine.core.table import Seat, Table
from py_engine.core.verify import verify
from py_engine.games.wickerfair import GAME
from py_engine.games.wickerfair.notation import BadNotation, fmt, parse
from py_engine.registry import get_game

from .helpers import play, pos


def walk(seed: int, n: int, steps: int = 4000):
    """Positions of an active game (Easy bots), yielding (state, seat, legal) before each step."""
    t = Table(GAME, [Seat(f"B{i}", True, "easy") for i in range(n)], {}, f"{seed:064x}")
    for _ in range(steps):
        t.play_forced()
        d = t.decision()
        if d is None:
            return
        for p in d.players:
            yield t.state, p, t.state.legal_actions(p)
            t.play(t.bot_choice(p), p)


def test_every_legal_step_round_trips_and_has_words_in_both_languages():
    seen_kinds = set()
    for seed in range(6):
        for s, p, legal in walk(seed, 2 + seed % 4):
            seen_kinds.add(s.dk)
            assert len(legal) == len(set(legal)) and len(legal) <= 40
            for a in legal:
                assert fmt(parse(a)) == a
                for lang in ("en", "pt"):
                    words = s.describe(a, lang, p)
                    assert words and words != a, (s.dk, a, lang)
    assert {"CHOOSE_COLUMN", "TOP_OPTION", "TRAVEL_UNIT", "BOTTOM_DO", "COURAGE_COMMIT"} <= seen_kinds


@pytest.mark.parametrize("text", ["", "col:6", "col:1x", "to:H1", "to:A9", "dial:8", "card:1", "+gold", "unit:W5",
                                  "trinket:3", "keep:X1", "mill:MC9", "skip ", "SKIP"])
def test_text_outside_the_grammar_is_refused(text):
    with pytest.raises(BadNotation):
        parse(text)


@pytest.mark.parametrize("action, en, pt", [
    ("col:1", "Choose column 1 (Trade / Improve)", "Escolher a coluna 1 (Troca / Melhorar)"),
    ("move", "Travel: move units", "Viagem: andar"),
    ("skip", "Skip the top action", "Pular a ação de cima"),
])
def test_words_at_the_start_of_a_turn(action, en, pt):
    s = pos(2, clans=["Herons", "Badgers"], mats=[1, 2])
    if action != "col:1":
        play(s, "col:4")
    assert s.describe(action, "en") == en and s.describe(action, "pt") == pt


def test_travel_words():
    s = pos(2, clans=["Herons", "Badgers"], mats=[1, 2], seats=[{"walkers": {"W1": "A2"}}])
    play(s, "col:4", "move")
    assert s.describe("unit:W1", "en") == "Pick the Reedstride walker"
    assert s.describe("unit:W1", "pt") == "Escolher o andarilho Passo-de-Junco"
    assert s.describe("unit:F@A3", "pt") == "Escolher um lavrador em A3"
    play(s, "unit:W1")
    assert s.describe("to:B2", "en") == "Step to B2 (Woods)" and s.describe("to:B2", "pt") == "Passo para B2 (Bosque)"
    assert s.describe("load:farmer", "pt") == "Levar um lavrador"


def test_verify_names_the_bad_step_in_words():
    t = Table(GAME, [Seat("A", True, "easy"), Seat("B", True, "easy")], {}, "3d" * 32)
    t.play_bots()
    record = t.to_record()
    bad = json.loads(json.dumps(record))
    i = next(k for k, a in enumerate(bad["actions"]) if a.startswith("col:"))
    bad["actions"][i] = "to:A1"
    report = verify(bad, get_game)
    assert not report.ok and report.move == i + 1
    assert "is not a choice in choosing a column" in report.summary and "legal now" in report.summary
    good = verify(record, get_game, bots=True)
    assert good.ok, good.summary


def test_a_repeated_column_is_named_by_its_rule():
    s = pos(2, clans=["Herons", "Badgers"], mats=[1, 2])
    play(s, "col:3", "skip")
    play(s, "col:3", "skip")
    with pytest.raises(Exception, match="never the same column twice in a row"):
        s.apply_action("col:3")


def test_visitor_offers_read_in_portuguese_too():
    s = pos(2, clans=["Badgers", "Hares"], mats=[1, 2], visitors=["V2"], seats=[{"herald": "F4", "coins": 3}])
    play(s, "col:4", "move", "unit:H", "to:G4", "end")
    assert s.describe("offer:B", "en") == ("Take offer B of Travelling Fiddler: pay 2 coins: +2 goodwill, "
                                           "draw 1 card")
    assert s.describe("offer:B", "pt") == ("Aceitar a oferta B de Rabequeiro Andante: pague 2 moedas: "
                                           "+2 de boa vontade, compre 1 carta")
