"""The end: the last round, mail scored, the Longest Road, the winner and ties; the pass nobody can avoid."""
import pytest

from py_engine.core.game import IllegalAction
from py_engine.games.milehollow.data import MAIL_INDEX, ROAD_INDEX
from py_engine.games.milehollow.scoring import final_scores, longest_trail

from .helpers import position, set_deck


def roads(*ids):
    return [ROAD_INDEX[r] for r in ids]


def MAIL_ID(mid):
    return MAIL_INDEX[mid]


def test_last_round_every_player_one_more_turn_starting_with_the_next():
    """Quando um jogador termina a vez com 2 marcos ou menos, todos os jogadores têm mais uma vez
    (that player included, starting with the next player). The last round does not trigger again."""
    s = position(3, hands=[{"amber": 2, "coal": 2}, {"amber": 1}, {}], markers=[3, 3, 45], current=1)
    set_deck(s, ["plum"] * 12)
    s.apply_action("pave:castelo-ponte:amber*1")            # seat 2 (index 1) ends with 2 markers
    assert s.end_by == 1 and s.end_left == 3
    assert s.events[-1] == {"kind": "last-round", "seat": 1, "markers": 2, "after_action": 1}
    assert s.observation(None)["last_round"] == {"by": 1, "turns_left": 3}
    s.apply_action("deck", 2)
    s.apply_action("deck", 2)
    s.apply_action("pave:garcas-tojal:amber*1", 0)          # seat 1 reaches 2 markers: no second trigger
    assert s.end_by == 1 and not s.is_terminal()
    assert s.current == 1
    s.apply_action("deck", 1)
    s.apply_action("deck", 1)
    assert s.is_terminal() and s.decision() is None and s.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="over"):
        s.apply_action("deck", 2)


def test_the_trigger_is_two_markers_or_fewer():
    """Quando um jogador termina a vez com 2 marcos ou menos: 3 markers left does not start the last round, 2 does."""
    s = position(hands=[{"amber": 1}, {}], markers=[4, 45])
    s.apply_action("pave:castelo-ponte:amber*1")
    assert s.end_by == -1
    s = position(hands=[{"coal": 2}, {}], markers=[4, 45])
    s.apply_action("pave:azenha-ponte:coal*2")
    assert s.end_by == 0


def test_mail_adds_if_delivered_and_subtracts_otherwise():
    """Cada carta cujas cidades as suas estradas ligam soma o seu valor, e cada uma das outras tira o seu valor."""
    f = final_scores(2, [roads("azenha-ponte", "azenha-vau-a"), []],
                     [[MAIL_ID("m02"), MAIL_ID("m21")], [MAIL_ID("m05")]])
    s0 = f["seats"][0]
    assert [(m["id"], m["delivered"], m["points"]) for m in s0["mail"]] == [("m02", True, 4), ("m21", False, -12)]
    assert s0["roads"] == [{"road": "azenha-ponte", "len": 2, "points": 2},
                           {"road": "azenha-vau-a", "len": 2, "points": 2}]
    assert s0["longest_road"] == {"length": 4, "points": 10}
    assert s0["total"] == 4 + 4 - 12 + 10 and s0["delivered"] == 1
    assert (s0["road_points"], s0["mail_points"]) == (4, 4 - 12)          # what the end's table shows
    assert (f["seats"][1]["road_points"], f["seats"][1]["mail_points"]) == (0, -5)
    assert f["seats"][1]["total"] == -5 and f["winners"] == [0]


def test_longest_road_is_a_trail_towns_may_repeat():
    """A trail is a sequence of distinct roads the player owns, each sharing a town with the next. Towns may
    repeat; roads may not. Counted in slabs."""
    triangle_and_tail = roads("azenha-mo", "azenha-ponte", "castelo-ponte", "azenha-castelo")
    assert longest_trail(triangle_and_tail) == 3 + 2 + 1 + 2       # mo→azenha→ponte→castelo→azenha
    assert longest_trail(triangle_and_tail + roads("montecorvo-ponte")) == 9
    assert longest_trail(roads("castelo-ponte", "poco-torresal")) == 6      # two pieces: the longer
    assert longest_trail([]) == 0


def test_longest_road_ten_to_every_tied_holder_none_if_nobody_paved():
    """Every player tied for the table's maximum scores 10. Nobody scores it if nobody has paved."""
    f = final_scores(3, [roads("azenha-ponte"), roads("nevoa-penedo-b"), roads("castelo-ponte")],
                     [[], [], []])
    assert [x["longest_road"]["points"] for x in f["seats"]] == [10, 10, 0]
    f = final_scores(2, [[], []], [[], []])
    assert [x["longest_road"]["points"] for x in f["seats"]] == [0, 0]
    assert f["winners"] == [0, 1] and f["tie_break"] == "shared"


def test_ties_go_to_most_mail_delivered():
    """O empate vai para quem entregou mais cartas."""
    # seat 0: 2 + 2 road points, m02 delivered (+4), Longest Road 4 (+10) = 18
    # seat 1: 7 + 1 road points, Longest Road 4, tied (+10) = 18, no mail delivered
    f = final_scores(2, [roads("azenha-ponte", "azenha-vau-a"), roads("abelhas-barca", "castelo-ponte")],
                     [[MAIL_ID("m02")], []])
    assert f["totals"] == [18, 18] and f["winners"] == [0] and f["tie_break"] == "mail"


def test_then_to_a_longest_road_scorer():
    """... e, depois, para quem tem a Estrada Longa."""
    # seat 0: the Salt Road, 15 + Longest Road 6 (+10) = 25; seat 1: 10 + 10 + 4 + 1 = 25, longest 5
    f = final_scores(2, [roads("poco-torresal"), roads("lagoaseca-montecorvo", "nascente-serralobo", "abelhas-milhada",
                                                    "castelo-ponte")],
                     [[], []])
    assert f["totals"] == [25, 25] and f["seats"][0]["longest_road"]["points"] == 10
    assert f["winners"] == [0] and f["tie_break"] == "longest-road"


def test_still_tied_players_share_the_win():
    """Players still tied share the win."""
    f = final_scores(3, [roads("castelo-ponte"), roads("garcas-tojal"), []], [[], [], []])
    assert f["totals"] == [11, 11, 0] and f["winners"] == [0, 1] and f["tie_break"] == "shared"


def test_end_events_itemise_every_score():
    """Scores are itemised (each road, each mail card ±, Longest Road) in the events and in the finished game's view."""
    s = position(hands=[{"coal": 2}, {}], markers=[4, 45], mail=[["m02"], ["m05"]], roads={"azenha-vau-a": 0})
    set_deck(s, ["plum"] * 4)
    s.apply_action("pave:azenha-ponte:coal*2")
    s.apply_action("deck")
    s.apply_action("deck")
    s.apply_action("deck")
    s.apply_action("deck")
    assert s.is_terminal()
    kinds = [(e["kind"], e.get("seat")) for e in s.events]
    assert ("mail-score", 0) in kinds and ("mail-score", 1) in kinds and ("longest-road", 0) in kinds
    result = s.events[-1]
    assert result["kind"] == "result" and result["scores"] == s.scores() == [2 + 2 + 4 + 10, -5]
    assert s.winners() == [0] and s.returns() == [1.0, 0.0]
    v = s.view(None)
    assert v["final"]["seats"][0]["mail"][0]["delivered"] is True
    assert v["mails"] == [["m02"], ["m05"]]


def test_a_player_who_can_do_nothing_passes_and_the_table_plays_it():
    """When no action at all is possible (nothing to draw, no mail, no road to pay for), the table passes for
    the player; when every player passes in a row, the game ends."""
    s = position(row=[None] * 5, hands=[{"amber": 1}, {}])
    set_deck(s, [])
    s.mail_deck, s.mail_from = [], []
    assert s.decision().kind == "turn" and not s.is_forced(0)       # the Old Bridge can be paved
    s = position(row=[None] * 5, hands=[{}, {}])
    set_deck(s, [])
    s.mail_deck, s.mail_from = [], []
    d = s.decision()
    assert d.kind == "pass" and d.timer == 0 and s.is_forced(0) and s.legal_actions() == ["pass"]
    assert s.timeout_action(0) == "pass"
    s.apply_action("pass")
    assert s.events[-1]["kind"] == "pass" and s.current == 1 and s.is_forced(1)
    s.apply_action("pass", 1)
    assert s.is_terminal() and s.events[-1]["kind"] == "result" and s.events[-1]["all_passed"] is True


def test_pass_is_refused_while_something_can_be_done():
    """A pass is played only when no action at all is possible."""
    s = position()
    with pytest.raises(IllegalAction, match="may not pass"):
        s.apply_action("pass")
