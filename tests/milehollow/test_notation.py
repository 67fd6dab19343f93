"""Notation (design §6): every action a lowercase ASCII string; parsing and writing round-trip; words in en and pt."""
import re

import pytest

from py_engine.core.fairness import Chance
from py_engine.core.game import IllegalAction
from py_engine.games.milehollow import GAME
from py_engine.games.milehollow import notation as nt

from .helpers import position

ACTION_RE = re.compile(r"row:[1-5]|deck|mail|pass|keep:m\d\d(,m\d\d)*|pave:[a-z0-9-]+:[a-z]+\*[1-9]\d*(\+ox\*[1-9]\d*)?")


@pytest.mark.parametrize("text", ["pave:castelo-ponte:amber*1", "pave:poco-torresal:amber*4+ox*2",
                                  "pave:nascente-serralobo:teal*5", "pave:barca-milhada-b:plum*1+ox*1",
                                  "pave:lameiro-pedraalta:ox*6", "row:3", "deck", "mail", "keep:m04,m23",
                                  "keep:m09,m15,m28", "pass"])
def test_valid_examples_round_trip(text):
    """Valid examples of §6."""
    a = nt.parse(text)
    if isinstance(a, nt.Pave):
        assert a.text() == text
    elif isinstance(a, nt.Keep):
        assert nt.keep_text(a.mail) == text
    elif isinstance(a, nt.Row):
        assert f"row:{a.slot + 1}" == text


@pytest.mark.parametrize("text", ["pave:castelo-ponte:amber*1x", "pave:poco-torresal:ox*2+amber*4",
                                  "pave:nascente-serralobo:teal*3+coal*2", "pave:milhada-barca-a:moss*2",
                                  "keep:m19,m07", "row:6", "row:0", "Deck", "deck ", "keep:m4", "keep:m01,,m02",
                                  "pave:castelo-ponte:grey*1", "pave:castelo-ponte:amber", "", "take:3", None, 3])
def test_invalid_spellings_are_refused_with_a_reason(text):
    """Invalid examples of §6; any other spelling is rejected."""
    with pytest.raises(IllegalAction) as e:
        nt.parse(text)
    assert str(e.value)


def test_every_action_of_random_games_is_in_the_grammar_and_round_trips():
    """An action is one lowercase ASCII string without spaces, in the grammar of §6."""
    rng = Chance("77" * 32).stream("t")
    for n in (2, 5):
        s = GAME.new_initial_state(n, {}, Chance(f"{n:02d}" * 32))
        while not s.is_terminal():
            p = s.decision().players[0]
            legal = s.legal_actions(p)
            assert len(legal) == len(set(legal))
            for a in legal:
                assert ACTION_RE.fullmatch(a), a
                parsed = nt.parse(a)
                if isinstance(parsed, nt.Pave):
                    assert parsed.text() == a
            s.apply_action(legal[rng.below(len(legal))], p)


@pytest.mark.parametrize("action, en, pt", [
    ("row:2", "Take the amber card from slot 2", "Pegar a carta âmbar da posição 2"),
    ("row:5", "Take the face-up Ox from slot 5: that is the whole draw", "Pegar o Boi virado da posição 5: é a compra inteira"),
    ("deck", "Draw a card from the deck", "Sacar uma carta do baralho"),
    ("pave:castelo-ponte:amber*1", "Pave Castelo Bravo–Ponte Velha (1 amber slab) with 1 amber card: +1",
     "Pavimentar Castelo Bravo–Ponte Velha (1 laje âmbar) com 1 carta âmbar: +1"),
    ("pave:poco-torresal:amber*4+ox*2", "Pave Poço Fundo–Torre do Sal (6 amber slabs) with 4 amber cards and 2 Oxen: +15",
     "Pavimentar Poço Fundo–Torre do Sal (6 lajes âmbar) com 4 cartas âmbar e 2 Bois: +15"),
    ("pave:barca-milhada-b:ox*2", "Pave Barca Nova–Milhada (2 plum slabs, a double road) with 2 Oxen: +2",
     "Pavimentar Barca Nova–Milhada (2 lajes ameixa, estrada dupla) com 2 Bois: +2"),
    ("pave:santamarta-torresal:teal*1", "Pave Santa Marta do Pó–Torre do Sal (1 grey slab) with 1 teal card: +1",
     "Pavimentar Santa Marta do Pó–Torre do Sal (1 laje cinza) com 1 carta petróleo: +1"),
    ("mail", "Draw 3 mail cards", "Sacar 3 cartas de correspondência"),
])
def test_words_in_english_and_portuguese(action, en, pt):
    """Words in en and pt for every action (describe), used by the log and the All my moves list."""
    s = position(row=["crimson", "amber", "lemon", "moss", "ox"], hands=[{"amber": 4, "teal": 1, "ox": 2}, {}])
    assert s.describe(action, "en", 0) == en
    assert s.describe(action, "pt", 0) == pt
    assert s.describe(action, "en", None) == en        # public choices read the same for everyone


def test_keep_words_name_the_cards_only_for_their_seat():
    """The keep decisions are PRIVATE: the keeper reads the cards, the others only how many."""
    s = position(mail_top=["m02", "m21", "m30"])
    s.apply_action("mail")
    assert s.describe("keep:m21,m30", "en", 0) == ("Keep Alto das Gralhas–Poço Fundo (12) and "
                                                   "Pedraalta–Torre do Sal (20); return 1 to the bottom of the deck")
    assert s.describe("keep:m21,m30", "pt", 0) == ("Ficar com Alto das Gralhas–Poço Fundo (12) e "
                                                   "Pedraalta–Torre do Sal (20); devolver 1 ao fundo do baralho")
    for viewer in (None, 1):
        assert s.describe("keep:m21,m30", "en", viewer) == "Keep 2 mail cards and return 1"
        assert s.describe("keep:m21,m30", "pt", viewer) == "Ficar com 2 cartas de correspondência e devolver 1"
    assert s.describe("keep:m21,m30", "en", "all").startswith("Keep Alto das Gralhas")


def test_a_blind_card_is_never_named_in_words():
    """The card drawn blind is private: words are made before it is drawn, so they never name it, for anyone."""
    s = position()
    for viewer in (0, 1, None, "all"):
        assert s.describe("deck", "en", viewer) == "Draw a card from the deck"


def test_words_for_every_legal_action_exist_in_both_languages():
    """Every legal action has words in both languages."""
    s = GAME.new_initial_state(3, {}, Chance("31" * 32))
    rng = Chance("31" * 32).stream("w")
    for _ in range(150):
        if s.is_terminal():
            break
        p = s.decision().players[0]
        for a in s.legal_actions(p):
            for lang in ("en", "pt"):
                w = s.describe(a, lang, p)
                assert w and w != a
        legal = s.legal_actions(p)
        s.apply_action(legal[rng.below(len(legal))], p)
