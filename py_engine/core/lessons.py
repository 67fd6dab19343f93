"""Lessons: small positions run by the real engine, where the reader does what a rule describes.

One format for every game (``docs/architecture.md``, *Lessons*): a game ships
``lessons.json`` in its package, a list of lessons, each

    {"id", "title": {en, pt}, "intro": {en, pt}, "seats", "options", "learner",
     "position": <game-specific JSON, built by Game.lesson_state>,
     "steps": [{"goal": {"actions": [...]} | {"check": NAME}, "hint": {en, pt},
                "then": [actions the table plays for the other seats after a success]}],
     "success": {en, pt}}

A step's goal is met when the learner plays one of ``actions``, or when the game's
``Game.lesson_check(state, NAME, action, before)`` says so of the position after the action
(the game's lessons module decides; the state itself knows nothing of lessons). Any
legal action that misses the goal is taken back (the position is restored) with the
step's hint; an illegal one is refused by the rules as at a table, naming the rule.
"""
from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from importlib import resources
from typing import Any

from .fairness import Chance
from .game import Game, GameState, IllegalAction

LANGS = ("en", "pt")


class BadLesson(ValueError):
    """A lesson file that does not follow the format."""


def _words(data: Any, where: str) -> dict[str, str]:
    if not isinstance(data, dict) or not all(isinstance(data.get(lang), str) and data[lang] for lang in LANGS):
        raise BadLesson(f"{where} needs words in {', '.join(LANGS)}")
    return {lang: data[lang] for lang in LANGS}


@dataclass(frozen=True)
class Step:
    actions: tuple[str, ...]
    check: str | None
    hint: dict[str, str]
    then: tuple[str, ...]


@dataclass(frozen=True)
class Lesson:
    game: str
    id: str
    title: dict[str, str]
    intro: dict[str, str]
    seats: int
    options: dict[str, Any]
    learner: int
    position: Any
    steps: tuple[Step, ...]
    success: dict[str, str]

    def seed(self) -> str:
        """A fixed seed per lesson, so a lesson plays the same every time (and anywhere)."""
        return hashlib.sha256(f"lesson/{self.game}/{self.id}".encode("utf-8")).hexdigest()

    def start(self, game: Game) -> GameState:
        make = getattr(game, "lesson_state", None)
        if make is None:
            raise BadLesson(f"{game.name} cannot set up lesson positions")
        return make(self.seats, game.normalize_options(self.options), self.position, Chance(self.seed()))

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "id": self.id, "title": self.title, "intro": self.intro,
                "learner": self.learner, "steps": len(self.steps), "success": self.success}


def parse_lesson(game: str, data: Any) -> Lesson:
    if not isinstance(data, dict):
        raise BadLesson("a lesson is an object")
    lid = data.get("id")
    if not isinstance(lid, str) or not lid:
        raise BadLesson("a lesson needs an id")
    where = f"lesson {game}/{lid}"
    seats, learner = data.get("seats"), data.get("learner", 0)
    if not isinstance(seats, int) or not isinstance(learner, int) or not 0 <= learner < seats:
        raise BadLesson(f"{where}: seats and learner must be seat counts")
    steps = []
    for i, st in enumerate(data.get("steps") or ()):
        goal = st.get("goal") if isinstance(st, dict) else None
        if not isinstance(goal, dict) or not (isinstance(goal.get("actions"), list) or isinstance(goal.get("check"), str)):
            raise BadLesson(f"{where}: step {i + 1} needs a goal (actions or check)")
        steps.append(Step(tuple(goal.get("actions") or ()), goal.get("check"), _words(st.get("hint"), f"{where} step {i + 1} hint"),
                          tuple(st.get("then") or ())))
    if not steps:
        raise BadLesson(f"{where}: a lesson has at least one step")
    return Lesson(game, lid, _words(data.get("title"), f"{where} title"), _words(data.get("intro"), f"{where} intro"),
                  seats, dict(data.get("options") or {}), learner, data.get("position"), tuple(steps),
                  _words(data.get("success"), f"{where} success"))


def load(game: Game) -> list[Lesson]:
    """The lessons a game ships (none when it has no lessons.json)."""
    module = sys.modules[type(game).__module__]
    package = module.__name__ if hasattr(module, "__path__") else module.__name__.rpartition(".")[0]
    try:
        text = resources.files(package).joinpath("lessons.json").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, OSError):
        return []
    return [parse_lesson(game.name, item) for item in json.loads(text)]


class Attempt:
    """One reader working through one lesson."""

    def __init__(self, game: Game, lesson: Lesson) -> None:
        self.game = game
        self.lesson = lesson
        self.state = lesson.start(game)
        self.step = 0
        self.done = False

    def play(self, action: str) -> dict[str, Any]:
        """Try ``action``; ``{"met": bool, "done": bool, "words": {en, pt}}``. A miss changes nothing."""
        if self.done:
            raise IllegalAction("this lesson is complete")
        step = self.lesson.steps[self.step]
        before = self.state.clone()
        self.state.apply_action(action, self.lesson.learner)  # IllegalAction: refused by the rules
        met = action in step.actions if step.check is None else bool(
            self.game.lesson_check(self.state, step.check, action, before))  # type: ignore[attr-defined]
        if not met:
            self.state = before
            return {"met": False, "done": False, "words": step.hint}
        for reply in step.then:
            d = self.state.decision()
            seat = d.players[0] if d is not None else None
            self.state.apply_action(reply, seat)
        self.step += 1
        self.done = self.step == len(self.lesson.steps)
        return {"met": True, "done": self.done, "words": self.lesson.success if self.done else None}
