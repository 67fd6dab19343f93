"""The games this engine knows, by code name. Games are imported only when asked for."""
from __future__ import annotations

import importlib
import json
from pathlib import Path

from .core.game import Game

#: code name -> module whose ``GAME`` attribute is the Game instance.
GAME_MODULES = {
    "hollowmere": "py_engine.games.hollowmere",
    "milehollow": "py_engine.games.milehollow",
    "elderwood": "py_engine.games.elderwood",
    "wickerfair": "py_engine.games.wickerfair",
}

_cache: dict[str, Game] = {}


def available() -> list[str]:
    """Code names whose module is present in this build."""
    out = []
    for name in GAME_MODULES:
        try:
            get_game(name)
        except KeyError:
            continue
        out.append(name)
    return out


def get_game(name: str) -> Game:
    """The game called ``name``; KeyError for a name this engine does not know."""
    if name not in _cache:
        if name not in GAME_MODULES:
            raise KeyError(name)
        try:
            module = importlib.import_module(GAME_MODULES[name])
        except ModuleNotFoundError:
            raise KeyError(name) from None
        if not hasattr(module, "GAME"):
            raise KeyError(name)
        _cache[name] = module.GAME
    return _cache[name]


_ladder: dict[str, dict[str, dict[str, float]]] | None = None


def ladder(name: str) -> dict[str, dict[str, float]]:
    """The game's levels on the rating scale, from the bench's games (``ladder.json``, written by
    ``bench/ladder.py``; ``docs/rating.md``): level -> {rating, low, high, games}; empty when not rated."""
    global _ladder
    if _ladder is None:
        try:
            _ladder = json.loads((Path(__file__).with_name("ladder.json")).read_text())
        except (OSError, ValueError):
            _ladder = {}
    return dict(_ladder.get(name, {}))
