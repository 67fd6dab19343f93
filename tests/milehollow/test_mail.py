"""Drawing mail: the top 3 (or all that remain), keep at least 1, the rest under the mail deck in the order drawn."""
import pytest

from py_engine.core.game import PRIVATE, IllegalAction
from py_engine.games.milehollow.data import MAIL_INDEX

from .helpers import position


def ids(*names):
    return [MAIL_INDEX[n] for n in names]


def test_draw_three_keep_at_least_one_return_the_rest_to_the_bottom_in_order():
    """Saque 3 cartas de correspondência e fique com pelo menos 1. As outras vão para o fundo do baralho de cartas
    (in the order drawn: the last of them becomes the bottom card)."""
    s = position(mail_top=["m02", "m21", "m30", "m07"])
    rest = s.mail_deck[4:]
    s.apply_action("mail")
    assert s.pending[0] == ids("m02", "m21", "m30") and s.mail_deck[0] == MAIL_INDEX["m07"]
    d = s.decision()
    assert d.kind == "keep" and d.players == (0,) and d.visibility == PRIVATE
    assert s.legal_actions() == ["keep:m02", "keep:m21", "keep:m30", "keep:m02,m21", "keep:m02,m30",
                                 "keep:m21,m30", "keep:m02,m21,m30"]
    s.apply_action("keep:m21")
    assert s.mail[0] == ids("m21")
    assert s.mail_deck == ids("m07") + rest + ids("m02", "m30")
    assert s.mail_from[-2:] == [0, 0]
    assert s.current == 1 and s.last_turn == {"seat": 0, "kind": "mail", "drawn": 3, "kept": 1}


def test_fewer_than_three_left_draws_all_that_remain():
    """Draw the top 3 cards, or all that remain if fewer."""
    s = position(mail_top=["m02", "m21"])
    s.mail_deck = s.mail_deck[:2]
    s.mail_from = s.mail_from[:2]
    s.apply_action("mail")
    assert s.pending[0] == ids("m02", "m21") and s.mail_deck == []
    s.apply_action("keep:m02,m21")
    assert s.mail[0] == ids("m02", "m21")


def test_empty_mail_deck_cannot_be_drawn():
    """mail is illegal if the mail deck is empty."""
    s = position()
    s.mail_deck, s.mail_from = [], []
    assert "mail" not in s.legal_actions()
    with pytest.raises(IllegalAction, match="mail deck is empty"):
        s.apply_action("mail")


def test_after_mail_the_same_player_must_keep():
    """The same player's next action MUST be a keep:."""
    s = position(mail_top=["m02", "m21", "m30"], hands=[{"amber": 2}, {}])
    s.apply_action("mail")
    for a in ("deck", "row:1", "pave:castelo-ponte:amber*1", "mail"):
        with pytest.raises(IllegalAction, match="keep"):
            s.apply_action(a)
    with pytest.raises(IllegalAction):
        s.apply_action("keep:m02", 1)


def test_keep_names_only_cards_just_drawn_ascending():
    """Each id MUST be one of the cards just drawn; ids ascending, no repeats."""
    s = position(mail_top=["m02", "m21", "m30"], mail=[["m05"], []])
    s.apply_action("mail")
    before = s.observation("all")
    for bad, why in (("keep:m05", "not one of"), ("keep:m21,m02", "ascending"), ("keep:m02,m02", "ascending"),
                     ("keep:m31", "no mail card"), ("keep:", "write keep")):
        with pytest.raises(IllegalAction, match=why):
            s.apply_action(bad)
        assert s.observation("all") == before


def test_kept_cards_are_never_discarded():
    """Kept cards are never discarded: a later draw adds to them."""
    s = position(mail_top=["m02", "m21", "m30", "m01", "m03", "m04"], mail=[["m05"], []])
    s.apply_action("mail")
    s.apply_action("keep:m02")
    s.apply_action("deck", 1)
    s.apply_action("deck", 1)
    s.apply_action("mail")
    s.apply_action("keep:m01,m03")
    assert s.mail[0] == ids("m05", "m02", "m01", "m03")
