"""One concept, one place: the core imports no game; a game imports no other game, no UI, no CLI."""
import ast
import re
from pathlib import Path

ROOT = Path(__file__).parents[2] / "py_engine"


def imports(path: Path) -> set[str]:
    """Absolute module names a file imports (relative imports resolved against its package), at
    the top, inside functions or for type checking alike; ``from .x import y`` counts as x and, when
    y is a module, as x.y; ``from . import x`` as x."""
    pkg = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts[:-1])
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(pkg.split(".")[: len(pkg.split(".")) - node.level + 1]) if node.level else ""
            mod = ".".join(x for x in (base, node.module or "") if x)
            out.add(mod)
            out |= {f"{mod}.{a.name}" for a in node.names if _is_module(f"{mod}.{a.name}")}
    return out


def _is_module(name: str) -> bool:
    path = ROOT.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


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


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` (module -> modules it imports), or None."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                return path[path.index(n):] + [n]
            if n not in state and (found := visit(n)):
                return found
        state[m] = 2
        path.pop()
        return None

    for m in sorted(graph):
        if m not in state and (found := visit(m)):
            return found
    return None


def test_inside_a_game_the_imports_run_one_way():
    """Every import counts (at the top, inside a function, for type checking only): a game's modules
    form no circle, the state imports neither its lessons nor anything that imports the state, and
    only the game's own ``__init__`` reaches its lessons."""
    for game in sorted(d for d in (ROOT / "games").iterdir() if (d / "__init__.py").exists()):
        pkg = f"py_engine.games.{game.name}"
        graph: dict[str, set[str]] = {}
        modules = {f"{pkg}.{f.stem}" for f in game.glob("*.py") if f.stem != "__init__"}
        for f in game.glob("*.py"):
            me = f"{pkg}.{f.stem}" if f.stem != "__init__" else pkg
            graph[me] = {m for m in imports(f) if m in modules} - {me}
        inner = {m: t for m, t in graph.items() if m != pkg}      # __init__ stands over every module
        assert _cycle(inner) is None, f"{game.name}: " + " -> ".join(x.rsplit(".", 1)[1] for x in _cycle(inner))
        for m, t in inner.items():
            assert f"{pkg}.lessons" not in t, f"{m} imports the lessons"


def test_the_cycle_finder_finds_cycles():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None



# --- the web side ------------------------------------------------------------------------------------
# web/lib/ is the floor: words and the pages' word tables, element building, stylesheets, the live
# region, the record codec, seats and scores in words, the keys, the moves list, the lesson player,
# the saves' database. The games and the engine stand on it, the embeds on them, the site on top;
# docs/architecture.md, "Layering rules", says who may import what.

WEB = ROOT.parent / "web"
#: Written into dist/ by the build (build_site.py write_catalog; site_build/vendor.py copies npm's
#: nostr-tools there), so absent from the source tree.
BUILT = {"web/games/catalog.js", "vendor/nostr-tools/lib/esm/pure.js"}
_SPEC = re.compile(r"""\b(?:import|export)\b[^"';()]*?\bfrom\s*["']([^"']+)["']"""
                   r"""|\bimport\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)""")


def js_imports(path: Path, text: str | None = None) -> list[str]:
    """Repository paths a module imports (static, re-exported, bare and dynamic with a literal);
    `text` stands in for the file's own when given."""
    text = re.sub(r"/\*.*?\*/|(?<![:\"'])//[^\n]*", "", path.read_text() if text is None else text, flags=re.S)
    out = []
    for m in _SPEC.finditer(text):
        spec = next(g for g in m.groups() if g is not None)
        if not spec.startswith("."):
            continue  # an import map's name or a URL built at run time
        target = (path.parent / spec.split("?")[0]).resolve()
        out.append(target.relative_to(ROOT.parent).as_posix())
    return out


def web_modules() -> list[Path]:
    return sorted(p for p in WEB.rglob("*.js") if "node_modules" not in p.parts)


def test_every_web_import_names_a_module_that_exists():
    for f in web_modules():
        for target in js_imports(f):
            assert (ROOT.parent / target).is_file() or target in BUILT, f"{f.relative_to(ROOT.parent)} imports {target}"


def test_web_layers_point_one_way():
    """Floors, lowest first: web/lib, then the games (and the engine client), then the embeds and the
    PyScript page, then the one-page site. An import points to its own floor or one below."""
    for f in web_modules():
        me = f.relative_to(ROOT.parent).as_posix()
        for t in js_imports(f):
            where = f"{me} imports {t}"
            if me.startswith("web/lib/"):
                assert t.startswith("web/lib/"), where            # the floor stands on nothing
            elif me.startswith("web/games/"):
                assert not t.startswith(("web/app/", "web/embed/", "web/pyscript/")), where
                game = me.split("/")[2]
                if t.startswith("web/games/") and game not in ("common", "index.js"):
                    assert t.split("/")[2] in (game, "common"), where   # a game imports no other game
            elif me in ("web/engine.js", "web/worker.js", "web/sw.js"):
                assert t.startswith("web/lib/") or t in ("web/engine.js", "web/worker.js"), where
            elif me.startswith(("web/embed/", "web/pyscript/")):
                assert not t.startswith("web/app/"), where         # what they share with the site is in web/lib
                assert not t.startswith("web/games/") or t == "web/games/index.js", where
                other = "web/pyscript/" if me.startswith("web/embed/") else "web/embed/"
                assert not t.startswith(other), where
            elif me.startswith("web/app/"):
                assert not t.startswith("web/games/") or t == "web/games/index.js", where


def test_no_board_calls_the_engine():
    """A renderer is handed its game's data and fed views (docs/architecture.md, the renderer contract):
    nothing in a game's folder imports the engine; only the loader (web/games/index.js) reaches it, to
    ask for a game's data once per page."""
    reach = {f.relative_to(ROOT.parent).as_posix() for f in web_modules() if "web/engine.js" in js_imports(f)}
    games = sorted(m for m in reach if m.startswith("web/games/"))
    assert games == ["web/games/index.js"], games


def test_nothing_outside_the_site_reaches_into_it():
    """The site's own folder is the top floor: no module elsewhere imports one of its modules."""
    for f in web_modules():
        me = f.relative_to(ROOT.parent).as_posix()
        if me.startswith("web/app/"):
            continue
        assert not [t for t in js_imports(f) if t.startswith("web/app/")], me


def test_the_import_reader_sees_each_kind_of_import():
    text = ('import { a } from "./one.js";\nimport "./two.js";\nexport { b } from "../games/three.js";\n'
            'const c = import("../app/four.js?x");\n// import "./not-this.js";\nimport { d } from "https://x/y.js";\n')
    found = js_imports(WEB / "lib" / "probe.js", text)
    assert found == ["web/lib/one.js", "web/lib/two.js", "web/games/three.js", "web/app/four.js"]
