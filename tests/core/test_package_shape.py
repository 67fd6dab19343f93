"""A game package has one shape (``docs/architecture.md``, *A game package*): the same module names for the
same roles in the four games and in the toy game, and the hooks the core declares left to the core.

The core finds a package's modules by these names (``Game.module``), so a role missing or named otherwise
fails here before it fails at a table.
"""
from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from py_engine.core.fairness import Chance
from py_engine.core.game import Bot, Game
from py_engine.registry import GAME_MODULES

ROOT = Path(__file__).parents[2]

#: Every game package, the toy game too: role → module.
EVERY = {
    "the game (its options, level names and words, GAME)": "__init__",
    "rules and state (the GameState a table plays)": "state",
    "notation and its words": "notation",
    "a position from a seat's observation (sample_state)": "sample",
    "the level table (LEVELS)": "levels",
    "the levels' bots": "bots",
}
#: Every game the site offers, besides.
OFFERED = {
    "the table's view (what a renderer draws besides the observation)": "view",
    "lessons (lesson_state, lesson_check)": "lessons",
    "the strongest level's search and its knowledge": "expert",
}
#: A function of these names is the role's and lives only in its module.
ONLY_IN = {"sample_state": "sample", "lesson_state": "lessons", "lesson_check": "lessons"}
#: Hooks the core declares (``py_engine/core/game.py``): a game class leaves them to the core.
CORE_HOOKS = ("make_bot", "sample_state", "lesson_state", "lesson_check", "check_level", "module")

PACKAGES = {**GAME_MODULES, "tally": "tests.core.toygame"}


def folder(module: str) -> Path:
    return ROOT.joinpath(*module.split("."))


def roles(name: str) -> dict[str, str]:
    return EVERY if name == "tally" else {**EVERY, **OFFERED}


@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_every_role_has_its_module(name):
    here = folder(PACKAGES[name])
    have = {p.stem for p in here.glob("*.py")}
    missing = {role: m for role, m in roles(name).items() if m not in have}
    assert not missing, f"{name} lacks {missing}"
    data_files = {p.name for p in here.glob("*.json")} - {"lessons.json"}
    assert ("data" in have) == bool(data_files), f"{name}: data.py reads the data files {sorted(data_files)}"


@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_each_role_is_done_in_its_module(name):
    package = PACKAGES[name]
    module = importlib.import_module(package)
    game: Game = module.GAME
    assert type(game).__module__ == package
    state = game.new_initial_state(game.min_players, game.normalize_options({}), Chance("ab" * 32))
    assert type(state).__module__ == f"{package}.state", f"{name}: the state a table plays is made in state.py"
    levels = importlib.import_module(f"{package}.levels").LEVELS
    assert tuple(levels) == tuple(game.bot_levels)
    for level in levels:
        assert isinstance(game.make_bot(level, 0), Bot)
    for hook in CORE_HOOKS:
        assert hook not in vars(type(game)), f"{name}'s game class makes {hook} its own: it is the core's"
    for f in folder(package).glob("*.py"):
        tree = ast.parse(f.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name in ONLY_IN:
                assert f.stem == ONLY_IN[node.name], f"{name}: {node.name} is {ONLY_IN[node.name]}.py's, not {f.name}'s"
            if isinstance(node, ast.FunctionDef) and node.name == "make_bot":
                pytest.fail(f"{name}: {f.name} makes bots by hand; the core's Game.make_bot reads levels.LEVELS")
        if f.stem != "data":
            assert "resources.files(" not in f.read_text(), f"{name}: {f.name} reads data files; data.py does"


def test_the_toy_game_has_no_lessons_and_says_so():
    from .toygame import GAME
    with pytest.raises(ModuleNotFoundError):
        GAME.module("lessons")


def test_no_import_sits_inside_a_function():
    """Imports stand at the top of a module, where a reader looks for them (no module of the engine needs
    one inside a function to break a cycle: ``tests/core/test_layering.py`` finds none)."""
    inner = []
    for f in sorted((ROOT / "py_engine").rglob("*.py")):
        for fn in ast.walk(ast.parse(f.read_text())):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner += [f"{f.relative_to(ROOT)}:{n.lineno}" for n in ast.walk(fn)
                          if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert not inner, inner


def test_no_engine_file_is_over_800_lines():
    long = {str(f.relative_to(ROOT)): n for f in (ROOT / "py_engine").rglob("*.py")
            if (n := len(f.read_text().splitlines())) > 800}
    assert not long, long
