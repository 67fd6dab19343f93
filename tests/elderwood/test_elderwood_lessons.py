"""Elderwood's lessons: positions from JSON (move list, GameString or a laid-out slab), the goals the
engine checks, and for each lesson the rule it teaches, played through the real engine."""
from __future__ import annotations

import json

import pytest

from py_engine.core import lessons as lessons_core
from py_engine.core.fairness import Chance
from py_engine.core.game import IllegalAction
from py_engine.games.elderwood import GAME
from py_engine.games.elderwood.notation import parse_tile, tile_name
from py_engine.games.elderwood.rules import WIN_ASH, axial, cell_of
from py_engine.games.elderwood.layout import rebuild

LESSONS = {lesson.id: lesson for lesson in lessons_core.load(GAME)}


def start(lid: str):
    return LESSONS[lid].start(GAME)


def met(lid: str, step: int, state, action: str) -> bool:
    """Whether ``action`` meets the step's goal (played on a copy; the state is left alone)."""
    goal = LESSONS[lid].steps[step]
    after = state.clone()
    after.apply_action(action, LESSONS[lid].learner)
    return action in goal.actions if goal.check is None else GAME.lesson_check(after, goal.check, action, state)


def meeting(lid: str, step: int, state) -> list[str]:
    return [a for a in state.legal_actions(0) if met(lid, step, state, a)]


def targets(state, name: str) -> set[tuple[int, int]]:
    tile = parse_tile(name)
    return {axial(c) for c in state.pos.destinations(tile)}


def moves_of(state, name: str) -> list[str]:
    return [a for a in state.legal_actions(0) if a.split()[0] == name]


def test_the_lessons_named_in_the_brief_are_shipped():
    assert set(LESSONS) == {"elder-step", "owl-climb", "hare-leap", "fox-three", "otter-run", "gate", "pinned",
                            "elder-deadline"}
    for lesson in LESSONS.values():
        assert lesson.seats == 2 and lesson.learner == 0
        state = lesson.start(GAME)
        assert state.decision().players == (0,), "the learner moves first"
        for step in lesson.steps:
            assert step.hint["en"] and step.hint["pt"]


@pytest.mark.parametrize("lid", sorted(LESSONS))
def test_every_lesson_has_a_solution_and_a_legal_miss(lid):
    """Each step can be met by a legal action, and some other legal action misses it."""
    state = start(lid)
    for i, step in enumerate(LESSONS[lid].steps):
        good = meeting(lid, i, state)
        assert good, f"step {i + 1} cannot be met"
        assert len(good) < len(state.legal_actions(0)), f"step {i + 1}: every legal action meets it"
        state.apply_action(good[0], 0)
        for reply in step.then:
            state.apply_action(reply, state.decision().players[0])


def test_elder_step_the_elder_moves_one_sliding_step():
    """The seed: "Elder — One step, sliding." Every Elder move meets the goal and goes one space."""
    state = start("elder-step")
    elder = moves_of(state, "wQ")
    assert elder and all(met("elder-step", 0, state, a) for a in elder)
    home = axial(state.pos.where[parse_tile("wQ")])
    for q, r in targets(state, "wQ"):
        assert (q - home[0], r - home[1]) in {(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)}
    assert not any(met("elder-step", 0, state, a) for a in moves_of(state, "wA1"))


def test_owl_climb_the_tile_under_an_owl_cannot_move():
    """The seed: "Owl — ... it may climb on top of other tiles. The tile under an Owl cannot move, and the
    stack takes the Owl's colour." After the climb, walnut has no move for its Elder."""
    state = start("owl-climb")
    assert meeting("owl-climb", 0, state) == ["wB1 bQ"]
    before = state.clone()
    state.apply_action("wB1 bQ", 0)
    assert before.pos.destinations(parse_tile("bQ")), "the walnut Elder could move before"
    assert not [a for a in state.legal_actions(1) if a.startswith("bQ ")]
    with pytest.raises(IllegalAction, match="under an Owl"):
        state.apply_action("bQ bA1\\", 1)


def test_hare_leap_only_the_hare_reaches_the_last_space():
    """The seed: "Hare — Leaps in a straight line over one or more tiles to the first empty space."""
    state = start("hare-leap")
    assert meeting("hare-leap", 0, state) == ["wG1 bS1\\"]
    assert (1, 1) in targets(state, "wG1")
    others = [a for a in state.legal_actions(0) if not a.startswith("wG1")]
    for a in others:
        after = state.clone()
        after.apply_action(a, 0)
        assert after.pos.result != WIN_ASH


def test_fox_three_only_exactly_three_steps():
    """The seed: "Fox — Exactly three sliding steps, never to the same space twice." The spaces one and
    two steps along the edge are not offered; the third is, and it wins."""
    state = start("fox-three")
    fox = targets(state, "wS1")
    assert (2, 0) not in fox and (1, 1) not in fox     # one and two steps away
    assert (0, 1) in fox                               # three steps: below the walnut Elder
    assert meeting("fox-three", 0, state) == ["wS1 bS1-"]


def test_otter_run_slides_any_number_of_steps():
    """The seed: "Otter — Slides any number of steps round the edge of the group." From the top of the
    group it reaches the far side in one move, and many spaces on the way."""
    state = start("otter-run")
    otter = targets(state, "wA1")
    assert (0, 1) in otter and len(otter) >= 8
    assert meeting("otter-run", 0, state) == ["wA1 bS1-"]


def test_gate_no_slider_enters_the_pocket():
    """The seed: "A sliding tile ... cannot squeeze through a gap between two tiles that both touch its
    start and its next space." The Otter reaches the pocket's mouth but not the pocket; the Hare leaps in."""
    state = start("gate")
    otter = targets(state, "wA1")
    assert (0, 2) in otter and (0, 1) not in otter
    with pytest.raises(IllegalAction):
        state.clone().apply_action("wA1 bA1\\", 0)      # the pocket, south-east of bA1's neighbour bQ
    assert meeting("gate", 0, state) == ["wG1 bG1-"]


def test_pinned_a_tile_holding_the_group_together_cannot_move():
    """The seed: "A tile that holds the group together cannot move (unless it sits on top of a stack).\""""
    state = start("pinned")
    assert cell_of(2, 0) in state.pos.pinned_cells()
    assert moves_of(state, "wA1") == [] and targets(state, "wA1") == set()
    with pytest.raises(IllegalAction, match="break the group"):
        state.clone().apply_action("wA1 bA2\\", 0)
    assert meeting("pinned", 0, state) == ["wA2 bS1-"]


def test_elder_deadline_only_the_elder_on_the_fourth_turn_then_tiles_move():
    """The seed: "You may not place your Elder on your first turn, and it must be on the slab by your
    fourth turn. Until your Elder is out, you cannot move any tile.\""""
    state = start("elder-deadline")
    assert state.pos.turn_number() == 4
    legal = state.legal_actions(0)
    assert legal and all(a.startswith("wQ ") for a in legal)
    with pytest.raises(IllegalAction, match="fourth turn"):
        state.clone().apply_action("wA1 wS1-", 0)
    with pytest.raises(IllegalAction, match="fourth turn"):
        state.clone().apply_action("wB1 wS1-", 0)
    good = meeting("elder-deadline", 0, state)
    crowded = [a for a in legal if a not in good]
    assert good and crowded, "some Elder spaces touch one tile, others two"
    state.apply_action(good[0], 0)
    state.apply_action(LESSONS["elder-deadline"].steps[0].then[0], 1)
    moves = [a for a in state.legal_actions(0) if met("elder-deadline", 1, state, a)]
    assert any(a.startswith("wA1") for a in moves), "with the Elder out, the Otter may move"


# --- positions from JSON -----------------------------------------------------------------

MOVES = ["wG1", "bG1 -wG1", "wA1 wG1-", "bQ -bG1", "wQ wA1/"]


def test_a_position_from_moves_a_gamestring_or_a_slab_is_the_same_position():
    """The three ways to write a lesson position agree (the repetition key ignores where the group lies)."""
    chance = Chance("ef" * 32)
    a = GAME.lesson_state(2, {}, {"moves": MOVES}, chance)
    b = GAME.lesson_state(2, {}, {"gamestring": a.game_string()}, chance)
    slab = [[*axial(c), *[tile_name(t) for t in s]] for c, s in a.pos.stacks.items()]
    c = GAME.lesson_state(2, {}, {"slab": slab, "to_move": "b", "turn": 3}, chance)
    assert a.pos.key() == b.pos.key() == c.pos.key()
    assert a.moves == b.moves == MOVES and c.moves == []
    assert sorted(a.legal_actions(1)) == sorted(c.legal_actions(1))
    assert a.decision().players == (0,) == c.decision().players     # the seat to move is seat 0
    d = GAME.lesson_state(2, {}, {"moves": MOVES, "ash_seat": 1}, chance)
    assert d.decision().players == (0,) and d.ash_seat == 1
    assert GAME.lesson_state(2, {}, {"moves": MOVES, "ash_seat": 0}, chance).decision().players == (1,)


def test_a_bot_can_play_from_a_laid_out_slab():
    """Bots see only the observation: a laid-out lesson slab travels in it, so the bot rebuilds it."""
    state = start("owl-climb")
    state.apply_action("wB1 bQ", 0)
    obs = state.observation(1)
    assert obs["setup"]["to_move"] == "w" and obs["history"] == ["wB1 bQ"]
    assert rebuild(obs).key() == state.pos.key()
    bot = GAME.make_bot("normal", 1)
    legal = state.legal_actions(1)
    assert bot.choose(obs, legal, Chance("01" * 32).stream("bot")) in legal
    assert "setup" not in GAME.new_initial_state(2, {}, Chance("01" * 32)).observation(0)


BAD_SLABS = [
    ("two groups", {"slab": [[0, 0, "wQ"], [2, 0, "bQ"]], "to_move": "w", "turn": 3}, "one group"),
    ("numbered from 1", {"slab": [[0, 0, "wA2"], [1, 0, "bA1"]], "to_move": "w", "turn": 3}, "from 1 up"),
    ("too many tiles", {"slab": [[0, 0, "wA1"], [1, 0, "wA2"], [2, 0, "bA1"]], "to_move": "w", "turn": 2},
     "after 1 turns"),
    ("Elder late", {"slab": [[0, 0, "wA1"], [1, 0, "bA1"]], "to_move": "w", "turn": 6}, "fourth turn"),
    ("only an Owl on top", {"slab": [[0, 0, "wA1", "bA1"], [1, 0, "bQ"]], "to_move": "w", "turn": 3}, "Owl"),
    ("a space twice", {"slab": [[0, 0, "wA1"], [0, 0, "bA1"]], "to_move": "w", "turn": 3}, "twice"),
    ("whose turn", {"slab": [[0, 0, "wA1"]], "turn": 3}, "to_move"),
    ("an illegal move", {"moves": ["wQ"]}, "first turn"),
]


@pytest.mark.parametrize("why,position,words", BAD_SLABS, ids=[b[0] for b in BAD_SLABS])
def test_a_position_play_could_not_reach_is_refused(why, position, words):
    with pytest.raises(IllegalAction, match=words):
        GAME.lesson_state(2, {}, position, Chance("ef" * 32))


def test_an_unknown_goal_is_refused():
    state = start("elder-step")
    after = state.clone()
    action = state.legal_actions(0)[0]
    after.apply_action(action, 0)
    with pytest.raises(IllegalAction, match="no lesson goal"):
        GAME.lesson_check(after, "teleport", action, state)


def test_lessons_json_is_valid_and_every_text_is_in_both_languages():
    from importlib import resources
    data = json.loads(resources.files("py_engine.games.elderwood").joinpath("lessons.json").read_text("utf-8"))
    for item in data:
        for key in ("title", "intro", "success"):
            assert item[key]["en"].strip() and item[key]["pt"].strip()
            assert item[key]["en"] != item[key]["pt"]
