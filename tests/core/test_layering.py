"""One concept, one place: the core imports no game; a game imports no other game, no UI, no CLI."""
import ast
from pathlib import Path

ROOT = Path(__file__).parents[2] / "py_engine"


def imports(path: Path) -> set[str]:
    """Absolute module names a file imports (relative imports resolved against its package)."""
    pkg = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts[:-1])
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
                out.add(".".join(base + ([node.module] if node.module else [])))
            else:
                out.add(node.module or "")
    return out


def test_core_imports_no_game_bridge_or_cli():
    for f in (ROOT / "core").rglob("*.py"):
        bad = {m for m in imports(f) if m.startswith(("py_engine.games", "py_engine.bridge", "py_engine.cli",
                                                          "py_engine.registry"))}
        assert not bad, f"{f.name} imports {bad}"


def test_games_import_only_core_and_themselves():
    games = [d for d in (ROOT / "games").iterdir() if d.is_dir() and (d / "__init__.py").exists()]
    for game in games:
        for f in game.rglob("*.py"):
            for m in imports(f):
                if m.startswith("py_engine."):
                    assert m.startswith(("py_engine.core", f"py_engine.games.{game.name}")), f"{f} imports {m}"
