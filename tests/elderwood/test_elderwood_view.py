"""Elderwood's view for the table page: the score sheet's extra columns and the end in words."""
from __future__ import annotations

from py_engine.core.fairness import Chance
from py_engine.games.elderwood import GAME
from py_engine.games.elderwood.notation import format_move
from py_engine.games.elderwood.rules import DRAW, MAX_PLIES, axial
from py_engine.games.elderwood.state import ElderwoodState


def played(*moves: str, ash_seat: int = 0) -> ElderwoodState:
    s = ElderwoodState(ash_seat, None)
    for m in moves:
        s.apply_action(m)
    return s


def sheet_values(state: ElderwoodState) -> dict[int, dict]:
    sheet = state.view(0)["sheet"]
    assert [c["key"] for c in sheet["columns"]] == ["elder", "supply"]
    assert all(c["label"]["en"] and c["label"]["pt"] for c in sheet["columns"])
    return {row["seat"]: row["values"] for row in sheet["rows"]}


def test_sheet_counts_each_elders_taken_spaces_and_the_tiles_left():
    """The seed: "When all six spaces around an Elder hold tiles (of either colour), that Elder's player
    loses" and "Each player has 11 carved tiles": the sheet shows each seat's own Elder as n/6
    (a dash before it is out) and the tiles still in that seat's supply."""
    s = GAME.new_initial_state(2, {}, Chance("ab" * 32))
    values = sheet_values(s)
    assert values[0] == {"elder": "–", "supply": 11} and values[1] == {"elder": "–", "supply": 11}
    for m in ["wG1", "bG1 wG1-", "wQ -wG1", "bQ bG1-", "wA1 \\wQ"]:
        s.apply_action(m)
    values = sheet_values(s)
    ash, walnut = s.seat_of(0), s.seat_of(1)
    # Ash's Elder touches wG1 and wA1; walnut's touches only bG1.
    assert values[ash] == {"elder": "2/6", "supply": 8}
    assert values[walnut] == {"elder": "1/6", "supply": 9}


def test_sheet_follows_the_seats_not_the_colours():
    """Who plays ash is drawn by the seed, so the sheet's rows are seats and each row counts that
    seat's own colour."""
    for ash_seat in (0, 1):
        values = sheet_values(played("wG1", "bG1 wG1-", "wQ -wG1", ash_seat=ash_seat))
        assert values[ash_seat] == {"elder": "1/6", "supply": 9}
        assert values[1 - ash_seat] == {"elder": "–", "supply": 10}


def test_no_ending_while_the_game_goes_on():
    s = played("wG1", "bG1 wG1-")
    assert "ending" not in s.view(0) and s.ending() is None


def _closing(extra: dict) -> ElderwoodState:
    """Ash's Owl climbs down to (1, -1), the last free space round the walnut Elder at (1, 0)
    (a slab laid out the way lessons lay one out, then a real move)."""
    base = {(0, 0): "wQ", (1, 0): "bQ", (0, 1): "wA1", (-1, 0): "wA2", (0, -1): "wG1",
            (2, 0): "bA1", (2, -1): "bG1 wB1"}
    base.update(extra)
    slab = [[q, r, *names.split()] for (q, r), names in base.items()]
    s = GAME.lesson_state(2, {}, {"slab": slab, "to_move": "w", "turn": 12}, Chance("cd" * 32))
    move = next(m for m in s.pos.legal_moves() if m and m[0] == 1 and axial(m[2]) == (1, -1))
    s.apply_action(format_move(s.pos, move), s.seat_of(0))
    return s


def test_ending_an_elder_surrounded():
    """The seed: "When all six spaces around an Elder hold tiles (of either colour), that Elder's
    player loses." The ending names the Elder and the winner, in both languages."""
    s = _closing({(1, 1): "bA2"})
    view = s.view(1)
    assert view["ending"]["en"] == "All six spaces around the walnut Elder are taken: ash wins."
    assert view["ending"]["pt"] == "As seis casas em volta do Ancião de nogueira estão ocupadas: freixo vence."
    assert sheet_values(s)[1]["elder"] == "6/6"


def test_ending_an_elder_closed_in_by_its_own_player():
    """The seed: "that Elder's player loses" whoever placed the last tile; the ending says so."""
    s = _closing({(-1, 1): "wA3"})
    assert s.view(0)["ending"]["en"] == "The ash Elder was closed in by its own player's move: walnut wins."
    assert "próprio jogador" in s.view(0)["ending"]["pt"]


def test_ending_both_elders_at_once():
    """The seed: "If both Elders are closed in by the same move, it is a draw.\""""
    s = _closing({(1, 1): "bA2", (-1, 1): "wA3"})
    assert s.view(0)["ending"] == {"en": "Both Elders were closed in by the same move: a draw.",
                                   "pt": "Os dois Anciões foram cercados pela mesma jogada: empate."}


def test_ending_the_same_position_a_third_time():
    """The seed: "The same position a third time ... is a draw too.\""""
    s = played("wG1", "bG1 wG1-", "wQ -wG1", "bQ bG1-", *["wQ \\wG1", "bQ bG1/", "wQ -wG1", "bQ bG1-"] * 2)
    assert s.pos.result == DRAW
    assert s.view(None)["ending"]["en"] == "The same position came up a third time: a draw."
    assert s.view(None)["ending"]["pt"] == "A mesma posição apareceu pela terceira vez: empate."


def test_ending_two_hundred_moves():
    """The seed: "... or 200 moves in all, is a draw too." (A quiet random walk to move 200.)"""
    s = ElderwoodState(0, None)
    pos = s.pos
    stream = Chance("11" * 32).stream("test/long")
    while pos.result is None:
        calm = []
        for m in pos.legal_moves():
            pos.push(m)
            if pos.result is None or pos.reason == "200 moves":
                calm.append(m)
            pos.pop()
        s.apply_action(format_move(pos, calm[stream.below(len(calm))]))
    assert pos.ply == MAX_PLIES and pos.reason == "200 moves"
    ending = s.view(0)["ending"]
    assert ending["en"] == "200 moves were played and no Elder was surrounded: a draw."
    assert ending["pt"] == "Foram feitas 200 jogadas sem que nenhum Ancião fosse cercado: empate."


def test_every_finished_view_has_an_ending_and_a_sheet_in_both_languages():
    """Whatever ended it, the finished view carries words for the end in EN and PT."""
    for extra in ({(1, 1): "bA2"}, {(-1, 1): "wA3"}, {(1, 1): "bA2", (-1, 1): "wA3"}):
        view = _closing(extra).view(0)
        assert view["ending"]["en"] and view["ending"]["pt"] and view["moves"] == []
        assert len(view["sheet"]["rows"]) == 2
