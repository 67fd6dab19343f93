"""Reading ../shared/design/wickerfair.md: its sections and markdown tables, for the data tests."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

SPEC = Path(__file__).resolve().parents[2] / ".." / "shared" / "design" / "wickerfair.md"
SEED = Path(__file__).resolve().parents[2] / ".." / "shared" / "seeds" / "004_fc5ae1e6d7642be5.txt"


def spec_text() -> str:
    if not SPEC.exists():
        pytest.skip(f"the Wickerfair specification is not here ({SPEC}); data tables cannot be compared")
    return SPEC.read_text(encoding="utf-8")


def seed_text() -> str:
    if not SEED.exists():
        pytest.skip(f"the Wickerfair seed page is not here ({SEED})")
    return SEED.read_text(encoding="utf-8")


def section(title: str) -> str:
    """The text from the heading that starts with ``title`` to the next heading of the same or higher level."""
    text = spec_text()
    m = re.search(rf"^(#+) {re.escape(title)}.*$", text, re.M)
    assert m, f"no section {title!r} in the spec"
    level = len(m.group(1))
    rest = text[m.end():]
    nxt = re.search(rf"^#{{1,{level}}} ", rest, re.M)
    return rest[:nxt.start()] if nxt else rest


def tables(text: str) -> list[list[list[str]]]:
    """Every markdown table in ``text``: rows of cells, header row first, separator row dropped."""
    out: list[list[list[str]]] = []
    current: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if all(re.fullmatch(r":?-+:?", c) for c in cells):
                continue
            current.append(cells)
        elif current:
            out.append(current)
            current = []
    if current:
        out.append(current)
    return out


def table(title: str, index: int = 0) -> list[list[str]]:
    return tables(section(title))[index]


def bare(cell: str) -> str:
    """A cell without markdown emphasis."""
    return cell.replace("**", "").strip()
