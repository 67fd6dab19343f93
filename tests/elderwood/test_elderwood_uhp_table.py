"""Elderwood through its outer doors: the UHP engine, the table, records, bots, the view."""
from __future__ import annotations

import io
import json

import pytest

from py_engine.core.fairness import Chance
from py_engine.core.table import Seat, Table
from py_engine.core.verify import verify
from py_engine.games.elderwood import GAME
from py_engine.games.elderwood.bots import easy_move
from py_engine.games.elderwood.layout import rebuild
from py_engine.games.elderwood.uhp import main as uhp_main


def session(*commands: str) -> list[list[str]]:
    """Run the engine; return each reply (lines before its ``ok``), the start-up info first."""
    out = io.StringIO()
    assert uhp_main(io.StringIO("\n".join(commands) + "\n"), out) == 0
    replies, current = [], []
    for line in out.getvalue().split("\n")[:-1]:
        if line == "ok":
            replies.append(current)
            current = []
        else:
            current.append(line)
    return replies


def test_uhp_session_plays_undoes_and_reports():
    r = session("newgame", "validmoves", "play wS1", "play bG1 -wS1", "pass", "play wQ wS1/",
                "undo", "undo 2", "play wA1", "options", "options set MaxNodes 500", "options get MaxDepth")
    assert r[0][0].startswith("id ")
    assert r[1] == ["Base;NotStarted;White[1]"]
    assert r[2] == ["wB1;wG1;wS1;wA1"]
    assert r[3] == ["Base;InProgress;Black[1];wS1"]
    assert r[4] == ["Base;InProgress;White[2];wS1;bG1 -wS1"]
    assert r[5][0].startswith("invalidmove ") and "pass" in r[5][0]
    assert r[6] == ["Base;InProgress;Black[2];wS1;bG1 -wS1;wQ wS1/"]
    assert r[7] == ["Base;InProgress;White[2];wS1;bG1 -wS1"]
    assert r[8] == ["Base;NotStarted;White[1]"]
    assert r[9] == ["Base;InProgress;Black[1];wA1"]
    assert r[10] == ["MaxNodes;int;20000;20000;100;10000000", "MaxDepth;int;6;6;1;20"]
    assert r[11] == ["MaxNodes;int;500;20000;100;10000000"]
    assert r[12] == ["MaxDepth;int;6;6;1;20"]


def test_uhp_errors_and_game_strings():
    r = session("play wS1", "newgame Base+MLP", "newgame Base;InProgress;White[3];wS1;bG1 -wS1;wQ wS1/;bQ /bG1",
                "play wQ1 wS1", "undo 9", "frobnicate", "validmoves")
    assert r[1][0].startswith("err ") and "newgame" in r[1][0]
    assert r[2][0].startswith("err ") and "Base" in r[2][0]
    assert r[3] == ["Base;InProgress;White[3];wS1;bG1 -wS1;wQ wS1/;bQ /bG1"]
    assert r[4][0].startswith("invalidmove ")
    assert r[5][0].startswith("err ")
    assert r[6][0].startswith("err ")
    moves = r[7][0].split(";")
    assert all(m.startswith("w") for m in moves) and len(moves) == len(set(moves))


def _first_position_with_a_win() -> tuple[str, set[str]]:
    """Walk a seeded Easy-vs-Easy game to the first position where the side to move can win."""
    from py_engine.games.elderwood.notation import format_move, game_string
    from py_engine.games.elderwood.rules import Position

    t = Table(GAME, [Seat("A", True, "easy"), Seat("B", True, "easy")], {}, "d4" * 32)
    t.play_bots()
    pos, played = Position(), []
    for action in t.state.moves:
        winning = set()
        for m in pos.legal_moves():
            pos.push(m)
            if pos.result is not None and pos.result == 1 - (pos.ply & 1):
                winning.add(m)
            pos.pop()
        if winning:
            return game_string(pos, played), {format_move(pos, m) for m in winning}
        from py_engine.games.elderwood.judge import play_string
        played.append(play_string(pos, action))
    raise AssertionError("that game never offered a winning move")


def test_uhp_bestmove_by_depth_and_time_is_legal_and_takes_a_win():
    game, winning = _first_position_with_a_win()
    r = session("newgame " + game, "validmoves", "bestmove depth 2", "bestmove time 00:00:01")
    assert r[1] == [game]
    legal = r[2][0].split(";")
    assert winning <= set(legal)
    assert r[3][0] in winning and r[4][0] in winning


def test_bot_games_through_the_table_verify():
    for seed_byte, levels in (("a1", ("easy", "normal")), ("b2", ("normal", "easy"))):
        t = Table(GAME, [Seat("P1", True, levels[0]), Seat("P2", True, levels[1])], {}, seed_byte * 32)
        t.play_bots()
        assert t.state.is_terminal()
        record = json.loads(json.dumps(t.to_record()))
        report = verify(record, lambda n: GAME)
        assert report.ok, report.summary
        ash = Chance(seed_byte * 32).stream("setup/ash").below(2)
        assert t.state.ash_seat == ash


@pytest.mark.slow
def test_strong_bot_game_verifies():
    t = Table(GAME, [Seat("P1", True, "strong"), Seat("P2", True, "easy")], {}, "c3" * 32)
    t.play_bots()
    assert verify(t.to_record(), lambda n: GAME).ok


def test_same_seed_and_actions_give_the_same_game_string():
    def run():
        t = Table(GAME, [Seat("A", True, "easy"), Seat("B", True, "easy")], {}, "5e" * 32)
        t.play_bots()
        return t.state.game_string(), list(t.actions)
    assert run() == run()


def test_timeout_is_easy_choice_from_a_fresh_stream():
    state = GAME.new_initial_state(2, {}, Chance("66" * 32))
    for s in ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"]:
        state.apply_action(s)
    seat = state.current_player()
    a = state.timeout_action(seat)
    assert a == state.timeout_action(seat) and a in state.legal_actions(seat)
    work = state.pos.copy()
    from py_engine.games.elderwood.notation import format_move
    assert a == format_move(work, easy_move(work, Chance("66" * 32).fresh(f"timer/{state.pos.ply}")))


def test_observation_rebuilds_the_state_and_view_lists_every_move():
    state = GAME.new_initial_state(2, {}, Chance("77" * 32))
    for s in ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wB1 -wQ", "bB1 bQ-", "wB1 wQ"]:
        state.apply_action(s)
    obs = state.observation(0)
    json.dumps(obs)
    assert rebuild(obs).key() == state.pos.key()
    view = state.view(None)
    json.dumps(view)
    assert [m["action"] for m in view["moves"]] == state.legal_actions()
    stack = next(s for s in view["stacks"] if (s["q"], s["r"]) == (-1, 0))
    assert [t["name"] for t in stack["tiles"]] == ["wQ", "wB1"]
    assert view["supply"]["w"] == {"Q": 0, "B": 1, "G": 3, "S": 1, "A": 3}
    assert view["last_move"] == {"action": "wB1 wQ", "piece": "wB1", "from": [-2, 0], "to": [-1, 0]}
    assert view["elders"]["w"]["at"] == [-1, 0] and view["elders"]["b"]["liberties"] == 4
    placements = [m for m in view["moves"] if m["from"] is None]
    assert placements and all(m["piece"].startswith("b") for m in view["moves"])
    assert {s["colour"] for s in view["seats"]} == {"ash", "walnut"}


def test_view_says_which_of_each_elder_s_neighbours_are_taken():
    """The strips' six dots and the board's free spaces read ``taken`` (E, SE, SW, W, NW, NE in axial
    steps) and the count ``neighbours``: each the stacks on the six cells around the Elder."""
    state = GAME.new_initial_state(2, {}, Chance("77" * 32))
    steps = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]]
    for s in ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wB1 -wQ", "bB1 bQ-", "wB1 wQ"]:
        before = state.view(0)["elders"]
        state.apply_action(s)
        view = state.view(0)
        cells = {(t["q"], t["r"]) for t in view["stacks"]}
        for colour, e in view["elders"].items():
            if e["at"] is None:
                assert e["taken"] is None and e["neighbours"] == 0
                continue
            q, r = e["at"]
            assert e["taken"] == [(q + dq, r + dr) in cells for dq, dr in steps]
            assert e["neighbours"] == sum(e["taken"]) == 6 - e["liberties"]
    assert before["w"]["at"] is not None
    # w's Elder at [-1, 0] (a beetle on it): its east cell held; b's at [2, 0]: east and west held
    assert view["elders"]["w"]["taken"] == [True, False, False, False, False, False]
    assert view["elders"]["b"]["taken"] == [True, False, False, True, False, False]
