"""Every lesson plays through the real engine; a wrong move is refused by the rules or misses the goal."""
import pytest

from py_engine.core import lessons as L
from py_engine.core.game import IllegalAction
from tests.lesson_plays import play_solution_and_misses
from py_engine.games.milehollow import GAME

LESSONS = {lesson.id: lesson for lesson in L.load(GAME)}

#: (solution, a wrong move per step: (action, "refused" | "missed"))
PLAYS = {
    "ox-draw": (["row:3", "row:1", "deck"],
                [("deck", "missed"), ("deck", "missed"), ("row:5", "refused")]),
    "grey-road": (["pave:milhada-mo:coal*3"],
                  [("pave:milhada-mo:teal*2+coal*1", "refused")]),
    "double-road": (["pave:milhada-ponte-b:teal*2", "deck"],
                    [("pave:castelo-ponte:crimson*1", "refused"), ("pave:milhada-ponte-a:lemon*2", "refused")]),
    "mail-complete": (["pave:azenha-vau-a:amber*1+ox*1"],
                      [("pave:castelo-ponte:amber*1", "missed")]),
    "end-trigger": (["pave:castelo-montecorvo-a:indigo*2", "pave:milhada-montecorvo:crimson*2"],
                    [("deck", "missed"), ("deck", "missed")]),
}


def test_the_five_lessons_are_there():
    """Lessons for: a draw with a face-up Ox, a grey road, a double road, completing a mail card, the end trigger."""
    assert set(LESSONS) == set(PLAYS)
    for lesson in LESSONS.values():
        assert lesson.title["en"] and lesson.title["pt"] and lesson.intro["pt"] and lesson.success["pt"]


@pytest.mark.parametrize("lid", sorted(PLAYS))
def test_lesson_solution_plays_and_wrong_moves_do_not(lid):
    """Each lesson's solution plays through the real engine; a wrong move is refused by the rules or misses the goal and is taken back."""
    solution, wrong = PLAYS[lid]
    play_solution_and_misses(GAME, LESSONS[lid], solution, wrong)


def test_lesson_positions_are_the_same_every_time():
    """A lesson has a fixed seed, so its position is the same every time."""
    for lesson in LESSONS.values():
        a, b = lesson.start(GAME), lesson.start(GAME)
        assert a.observation("all") == b.observation("all")
        assert a.decision().players == (lesson.learner,)


def test_the_end_trigger_lesson_ends_the_game():
    """The last-round lesson ends the game with its mail delivered."""
    attempt = L.Attempt(GAME, LESSONS["end-trigger"])
    for a in PLAYS["end-trigger"][0]:
        attempt.play(a)
    s = attempt.state
    assert s.is_terminal() and s.final["seats"][0]["mail"][0] == {
        "id": "m01", "a": "azenha", "b": "montecorvo", "value": 4, "delivered": True, "points": 4}


def test_a_bad_lesson_position_is_refused():
    """A lesson position with more cards of a kind than the game has is refused."""
    from py_engine.core.fairness import Chance
    with pytest.raises(IllegalAction):
        GAME.lesson_state(2, {}, {"hands": [{"ox": 15}, {}], "row": [None] * 5, "mail": [[], []]}, Chance("00" * 32))
