"""Accessibility checks with axe-core (npm, a test dependency; never served by the site): the rules of
WCAG 2.x levels A and AA run in the page as it is, through the debugging protocol, which the pages'
Content-Security-Policy does not govern, so each page keeps its real policy."""
from __future__ import annotations

from pathlib import Path

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def violations(page, context: str = "document") -> list[dict]:
    """axe's violations on the page (or the element the CSS selector ``context`` names), each
    {id, impact, help, nodes: [target…]}."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;true")
    return page.evaluate(
        """async ([ctx, tags]) => {
            const root = ctx === "document" ? document : document.querySelector(ctx);
            const r = await window.axe.run(root, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
            return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                                              nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
        }""", [context, TAGS])
