"""Every lesson plays through the real engine; a wrong move is refused by the rules or misses the goal."""
import pytest

from py_engine.core import lessons as L
from tests.lesson_plays import play_solution_and_misses
from py_engine.games.wickerfair import GAME

LESSONS = {lesson.id: lesson for lesson in L.load(GAME)}

#: (solution, a wrong move per step: (action, "refused" | "missed"))
PLAYS = {
    "walker-carries": (["col:4", "move", "unit:W1", "load:farmer", "to:D6"],
                       [("col:9", "refused"), ("coin", "missed"), ("unit:H", "missed"), ("to:E5", "missed"),
                        ("to:E5", "missed")]),
    "secret-dial": (["dial:5", "commit"], [("dial:2", "missed"), ("blank", "missed")]),
    "fair-visitor": (["unit:H", "to:G4", "end", "offer:A", "+wool", "ok"],
                     [("unit:F@E6", "missed"), ("to:E4", "missed"), ("unit:F@E6", "missed"), ("none", "missed"),
                      ("ok", "refused"), ("none", "missed")]),
    "mill-card": (["unit:H", "to:D4", "end", "mill:MC5"],
                  [("end", "missed"), ("to:D6", "missed"), ("unit:F@E6", "missed"), ("mill:MC1", "refused")]),
    "walkers-ribbon": (["col:2", "skip", "do", "walker:W4", "at:E6"],
                       [("col:1", "missed"), ("move", "refused"), ("skip", "missed"), ("walker:W1", "refused"),
                        ("back", "missed")]),
}


def test_the_five_lessons_are_there():
    """Lessons for: a Travel with a walker carrying, a confrontation with a secret dial, a visitor, the mill card,
    and a ribbon."""
    assert set(LESSONS) == set(PLAYS)
    for lesson in LESSONS.values():
        assert lesson.title["en"] and lesson.title["pt"] and lesson.intro["pt"] and lesson.success["pt"]
        assert all(st.hint["pt"] for st in lesson.steps)


@pytest.mark.parametrize("lid", sorted(PLAYS))
def test_lesson_solution_plays_and_wrong_moves_do_not(lid):
    """Each lesson's solution plays through the real engine; a wrong move is refused by the rules or misses the
    goal and is taken back."""
    solution, wrong = PLAYS[lid]
    play_solution_and_misses(GAME, LESSONS[lid], solution, wrong)


def test_lesson_outcomes():
    """What each lesson teaches really happened on the board."""
    a = L.Attempt(GAME, LESSONS["walker-carries"])
    for x in PLAYS["walker-carries"][0]:
        a.play(x)
    from py_engine.games.wickerfair.data import HEX_INDEX
    assert a.state.clans[0].farmers[HEX_INDEX["D6"]] == 1
    a = L.Attempt(GAME, LESSONS["secret-dial"])
    for x in PLAYS["secret-dial"][0]:
        a.play(x)
    assert a.state.clans[0].ribbons == ["confrontation"] and a.state.last_confront["winner"] == 0
    a = L.Attempt(GAME, LESSONS["mill-card"])
    for x in PLAYS["mill-card"][0]:
        a.play(x)
    assert a.state.clans[0].mill >= 0


def test_lesson_positions_are_the_same_every_time():
    for lesson in LESSONS.values():
        a, b = lesson.start(GAME), lesson.start(GAME)
        assert a.observation("all") == b.observation("all")
        assert a.decision().players == (lesson.learner,)
