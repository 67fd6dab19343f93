"""Every hash route of the one-page site (the page modules web/app/main.js maps) is named in
docs/architecture.md, in the form the router accepts: with its segment where it needs one."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def routes() -> tuple[list[str], set[str], set[str]]:
    main = (ROOT / "web/app/main.js").read_text(encoding="utf-8")
    block = re.search(r"const PAGES = \{(.*?)\n\};", main, re.S).group(1)
    names = re.findall(r'^\s*(?:"([^"]*)"|(\w+)):\s*\(\)\s*=>\s*import\(', block, re.M)
    sets = {}
    for which in ("NEEDS_ARG", "NO_ARG"):
        body = re.search(rf"const {which} = new Set\(\[(.*?)\]\)", main).group(1)
        sets[which] = set(re.findall(r'"([^"]*)"', body))
    return [a or b for a, b in names], sets["NEEDS_ARG"], sets["NO_ARG"]


def test_every_route_of_the_site_is_in_the_architecture_doc():
    doc = (ROOT / "docs/architecture.md").read_text(encoding="utf-8")
    named, needs, takes_none = routes()
    assert len(named) >= 12 and "" in named and "table" in named
    missing = []
    for r in named:
        if r == "":
            shown = "`#/`" in doc
        elif r in needs:
            shown = re.search(rf"`#/{r}/<[a-z]+>", doc) is not None
        elif r in takes_none:
            shown = re.search(rf"`#/{r}[`?]", doc) is not None
        else:                                   # either way: both forms are named
            shown = re.search(rf"`#/{r}/<[a-z]+>", doc) is not None and re.search(rf"`#/{r}\?", doc) is not None
        if not shown:
            missing.append(f"#/{r}")
    assert not missing, f"routes of web/app/main.js not in docs/architecture.md: {missing}"
