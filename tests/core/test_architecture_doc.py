"""``docs/architecture.md`` tells the truth about the bridge: every command of ``py_engine/bridge.py``'s
command table, and every field a snapshot may carry, is named in it."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from py_engine import bridge

ROOT = Path(__file__).parents[2]
DOC = (ROOT / "docs" / "architecture.md").read_text()


def section(title: str) -> str:
    start = DOC.index(f"## {title}")
    end = DOC.find("\n## ", start + 1)
    return DOC[start:end if end >= 0 else None]


def named(text: str) -> set[str]:
    return set(re.findall(r"`([a-z_]+)`", text))


def test_every_bridge_command_is_in_the_doc():
    doc = named(section("The bridge"))
    missing = sorted(set(bridge.COMMANDS) - doc)
    assert not missing, f"docs/architecture.md, The bridge, does not name {missing}"


def snapshot_fields() -> set[str]:
    """The keys ``bridge.snapshot`` may put in a snapshot (``snap = {…}`` and ``snap[…] =``), read from its
    source; the log's own keys come from ``_log`` (``log``, or ``Table.log_since``'s)."""
    tree = ast.parse(Path(bridge.__file__).read_text())
    out: set[str] = set()
    for fn in tree.body:
        if isinstance(fn, ast.FunctionDef) and fn.name == "snapshot":
            for node in ast.walk(fn):
                if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict) \
                        and any(isinstance(t, ast.Name) and t.id == "snap" for t in node.targets):
                    out |= {k.value for k in node.value.keys if isinstance(k, ast.Constant)}
                if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "snap" \
                        and isinstance(node.slice, ast.Constant):
                    out.add(node.slice.value)
    return out


def test_every_snapshot_field_is_in_the_doc():
    fields = snapshot_fields()
    assert {"table", "controls", "hints", "days", "observation"} <= fields     # the reader reads the source
    missing = sorted(fields - named(section("The bridge")))
    assert not missing, f"docs/architecture.md, the snapshot's fields, does not name {missing}"


def test_the_doc_names_the_bot_contract_and_the_package_roles():
    from py_engine.core.game import Bot
    bots = named(section("Bots"))
    assert {"choose", "hint", "judge"} <= bots and all(hasattr(Bot, m) for m in ("choose", "hint", "judge"))
    from tests.core.test_package_shape import EVERY, OFFERED
    package = section("A game package")
    for module in {*EVERY.values(), *OFFERED.values(), "data"}:
        assert f"`{module}.py`" in package, module
