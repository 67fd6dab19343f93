"""Hollowmere's lessons (lessons.json through the real engine) and their positions (lessons.py).

tests/test_lessons.py plays every lesson's first solution through the bridge. Here every way of
meeting each goal is followed: the table's replies stay legal on every branch, the points the
success words promise are the points scored, and the refused Warden is refused by the rules.
"""
from __future__ import annotations

import re

import pytest

from py_engine.core import lessons as lessons_core
from py_engine.core.fairness import Chance
from py_engine.core.game import IllegalAction
from py_engine.games.hollowmere import GAME
from py_engine.games.hollowmere.lessons import lesson_state

LESSONS = {lesson.id: lesson for lesson in lessons_core.load(GAME)}


def start(lid: str):
    return lessons_core.Attempt(GAME, LESSONS[lid])


def branches(lid: str):
    """Every finished attempt of a lesson, one per way of meeting its goals (each step's legal
    actions that meet it), with the actions that led there."""
    out = []

    def walk(attempt, path):
        if attempt.done:
            out.append((attempt, path))
            return
        for action in attempt.state.legal_actions(attempt.lesson.learner):
            a = lessons_core.Attempt.__new__(lessons_core.Attempt)
            a.game, a.lesson, a.step, a.done = attempt.game, attempt.lesson, attempt.step, attempt.done
            a.state = attempt.state.clone()
            before = a.state.view(a.lesson.learner)
            result = a.play(action)   # the table's replies must be legal on this branch
            if result["met"]:
                walk(a, path + [action])
            else:
                assert a.state.view(a.lesson.learner) == before, "a missed goal must change nothing"
    walk(start(lid), [])
    return out


def test_the_lessons_the_rules_page_lists():
    """Lessons: fitting a tile, closing a burgh, a river, a spring and an aquifer, the mountain
    boost, a Warden on a held feature refused — each with words in English and Portuguese."""
    assert list(LESSONS) == ["fit", "burgh", "river", "boost", "held"]
    for lesson in LESSONS.values():
        for words in (lesson.title, lesson.intro, lesson.success, *(s.hint for s in lesson.steps)):
            assert words["en"].strip() and words["pt"].strip() and words["en"] != words["pt"]


@pytest.mark.parametrize("lid", list(LESSONS))
def test_every_way_to_meet_the_goals_finishes_the_lesson(lid):
    done = branches(lid)
    assert done, f"{lid}: no way through"
    for attempt, path in done:
        assert len(path) == len(LESSONS[lid].steps)


def test_fitting_a_tile_needs_the_turn_that_matches():
    """Every side of a tile must match the side it touches; quarter-turns only."""
    a = start("fit")
    with pytest.raises(IllegalAction, match="would meet trail"):
        a.play("ROAD@21,20r0-")      # unturned: its meadow side would meet the gatehouse trail
    assert a.play("ROAD@20,21r1-")["met"] is False      # fits, but does not carry the trail on
    assert a.play("ROAD@21,20r1-") == {"met": True, "done": True, "words": LESSONS["fit"].success}


def test_closing_the_burgh_scores_what_the_success_words_say():
    """A burgh, complete: 2 × |Tiles| + 2 × seals, to the player with the most Wardens; the
    Steward comes home."""
    (attempt, path), = branches("burgh")
    assert path == ["CAP@21,19r3-"]
    assert attempt.state.scores() == [8, 0]
    assert attempt.state.valley.wardens_left[0] == 7
    assert "= 8" in LESSONS["burgh"].success["en"] and "= 8" in LESSONS["burgh"].success["pt"]


def test_the_river_lesson_ends_the_game_and_the_aquifer_scores_three():
    """Each aquifer scores 1 for every tile on the river from its furthest spring to the aquifer,
    counting the spring's tile and the aquifer's tile. The supply is empty: the game ends."""
    done = branches("river")
    assert {tuple(p) for _, p in done} == {("RBND@20,22r1-", "POOL@19,22r3+r1"),
                                           ("RBND@20,22r2-", "POOL@21,22r1+r1")}
    for attempt, _ in done:
        assert attempt.state.is_terminal()
        assert attempt.state.scores() == [3, 0]
        assert "3" in LESSONS["river"].success["en"]


def test_a_river_bend_that_misses_the_river_does_not_meet_the_goal():
    a = start("river")
    assert a.play("RBND@19,21r0-")["met"] is False   # beside the spring's meadow, not its river
    with pytest.raises(IllegalAction):
        a.play("RBND@20,22r1+r1")                     # a river bend never takes a Warden


def test_the_mountain_boost_lesson_scores_five_plus_two():
    """Whenever a trail scores it scores 1 more for every different mountain tile that shares a
    side with any of its tiles; a trail through a mountain tile counts it when another tile of
    the trail lies beside it."""
    done = branches("boost")
    assert done
    for attempt, path in done:
        assert path[0].startswith("FORK@22,20r")
        ev = next(e for e in attempt.state.valley.events if e["kind"] == "score")
        assert (ev["feature"], ev["value"], ev["boost"], ev["points"]) == ("trail", 5, 2, 7)
        assert attempt.state.scores() == [7, 0]


def test_a_warden_on_a_held_trail_is_refused_by_the_rules():
    """You may not post on a feature that already holds any Warden, including your own."""
    a = start("held")
    before = a.state.view(0)
    with pytest.raises(IllegalAction, match="already holds a Warden"):
        a.play("ROAD@19,20r1+t1")
    assert a.state.view(0) == before
    assert a.play("ROAD@19,20r1-")["met"] is False   # legal, but posts no Pathfinder
    assert a.play("ROAD@20,21r1+t1")["met"] is True


def test_a_position_refuses_tiles_that_do_not_fit_or_do_not_exist():
    def make(position):
        return lesson_state(2, GAME.normalize_options({}), position, Chance("00" * 32))
    with pytest.raises(IllegalAction, match="would meet"):
        make({"tiles": [{"tile": "ROAD", "x": 21, "y": 20, "r": 0}], "hand": "CAP"})
    with pytest.raises(IllegalAction, match="names no tile"):
        make({"hand": "NOPE"})
    with pytest.raises(IllegalAction, match="more FULL tiles"):
        make({"hand": "FULL", "supply": ["FULL"]})
    with pytest.raises(IllegalAction, match="already holds a Warden"):
        make({"tiles": [{"tile": "ROAD", "x": 21, "y": 20, "r": 1, "seat": 1, "warden": "t1"},
                        {"tile": "ROAD", "x": 19, "y": 20, "r": 1, "seat": 0, "warden": "t1"}], "hand": "CAP"})


def test_a_position_with_the_rest_of_the_supply_holds_all_84_tiles():
    """The rest of the supply follows the listed tiles, shuffled by the lesson's own label."""
    s = lesson_state(2, GAME.normalize_options({}),
                     {"tiles": [{"tile": "CORNS", "x": 20, "y": 19, "r": 2, "seat": 0, "warden": "b1"}],
                      "hand": "CAP", "supply": ["ROAD"], "rest": True}, Chance("00" * 32))
    assert s.hand_id() == "CAP" and s.next_id() == "ROAD"
    assert s.supply_count() + 1 + 1 == 84      # + the tile in hand + the one laid
    assert s.valley.wardens_left == [6, 7]
    assert s.events_since(0) == []             # the laying-out explains nothing
    again = lesson_state(2, GAME.normalize_options({}),
                         {"tiles": [{"tile": "CORNS", "x": 20, "y": 19, "r": 2, "seat": 0, "warden": "b1"}],
                          "hand": "CAP", "supply": ["ROAD"], "rest": True}, Chance("00" * 32))
    assert again.supply == s.supply


def test_unknown_goal_names_are_refused():
    a = start("fit")
    before = a.state.clone()
    a.state.apply_action("ROAD@21,20r1-")
    with pytest.raises(IllegalAction, match="no lesson goal"):
        GAME.lesson_check(a.state, "no-such-goal", "ROAD@21,20r1-", before)


def test_hints_name_cells_the_engine_offers():
    """A hint that names a cell (x,y) names one where the tile in hand may go."""
    for lid, lesson in LESSONS.items():
        a = start(lid)
        for step in lesson.steps[:1]:
            legal = a.state.legal_actions(0)
            for cell in re.findall(r"\b(\d+,\d+)\b", step.hint["en"]):
                assert any(f"@{cell}r" in act for act in legal), (lid, cell)
