"""What the story tests share (tests/browser/test_story*.py): finished games of each game, a story
packed as the site packs it, the review a device made travelling in it, and looks at a story page."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from py_engine import __version__
from py_engine.core import analysis
from py_engine.core.table import Seat, Table
from py_engine.registry import get_game
from tests.browser.vt_page import record_link

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
GAMES = ["hollowmere", "milehollow", "elderwood", "wickerfair"]
#: The move each game's story is written at, and the seat it is seen as (None: every hand).
AT = {"hollowmere": (9, None), "milehollow": (12, 0), "elderwood": (14, None), "wickerfair": (10, 1)}


def finished(game: str) -> dict:
    seed = hashlib.sha256(f"story/{game}".encode()).hexdigest()
    g = get_game(game)
    table = Table(g, [Seat("Ana", False), Seat("Bot", True, g.bot_levels[0])], {}, seed, __version__)
    # Ana plays as an Easy bot would: a real person's seat, so the story's names are a person's.
    easy = g.make_bot(g.bot_levels[0], 0)
    while (d := table.decision()) is not None:
        seat = d.players[0]
        if seat == 0:
            table.play(easy.choose(table.state.observation(0), table.state.legal_actions(0), table.chance.bot_stream(0, len(table.actions))), 0)
        else:
            table.play(table.bot_choice(seat), seat)
    return table.to_record()


def packed(obj) -> str:
    """A story (or a record) as a link carries it."""
    return record_link(obj)


def compact_review(record: dict) -> dict:
    moves = list(analysis.review(record, get_game, iterations=120 if record["game"] == "elderwood" else 2))
    return {"engine": __version__, "moves": [analysis.compact(m) for m in moves]}


def at_move(page, k: int):
    page.locator(f".vtv-moves li[data-k='{k}']").click()
    page.wait_for_function("(k) => document.querySelector('.vtv')?.dataset.drawn === String(k)", arg=k)


def marks_on_board(page) -> list:
    return json.loads(page.get_attribute(".vtv-board", "data-marks") or "[]")


def painted(page) -> int:
    """How many pixels of the marks' own canvas are drawn (the spots and arrows are really there)."""
    return page.evaluate("""() => { const c = document.querySelector('canvas.vt-story-marks');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i]) n++; return n; }""")


def write_story(page, site, game: str, record: dict, review: dict) -> tuple[str, dict]:
    """Write the story on `page` as a person does; returns (link, what the board showed)."""
    page.goto(site.url("index.html#/"))
    page.wait_for_function("!!(window.__vt && window.__vt.ready)", timeout=120_000)
    # This device reviewed the game before (its review is what a story written here carries).
    page.evaluate("([k, v]) => localStorage.setItem(k, JSON.stringify(v))",
                  [f"vt.story.draft.{record['fingerprint']}", {"move": len(record["actions"]), "seat": None, "notes": [], "review": review}])
    page.goto(site.url(f"index.html#/story?r={packed(record)}"))
    page.wait_for_selector(".pg-story[data-mode=write] .st-note textarea")
    page.wait_for_selector(".st-chart:not([hidden]) .rv-chart-svg circle")
    k, seat = AT[game]
    if seat is not None:
        page.select_option("select[data-act=seat]", str(seat))
        page.wait_for_selector(".st-note textarea")
    at_move(page, k)
    page.fill(".st-note textarea", f"Move {k}: watch this — {game}.\nA second line.")
    spot = page.locator("select[data-act=spotAt] option").nth(1).get_attribute("value")
    page.select_option("select[data-act=spotAt]", spot)
    page.click("button[data-act=spot]")
    opts = page.locator("select[data-act=arrowFrom] option")
    a, b = opts.nth(0).get_attribute("value"), opts.nth(2).get_attribute("value")
    page.select_option("select[data-act=arrowFrom]", a)
    page.select_option("select[data-act=arrowTo]", b)
    page.click("button[data-act=arrow]")
    page.click("button[data-act=start-here]")
    want = [{"at": spot}, {"from": a, "to": b}]
    page.wait_for_function("(w) => document.querySelector('.vtv-board')?.dataset.marks === w", arg=json.dumps(want, separators=(",", ":")))
    assert painted(page) > 200, "the spot and the arrow are drawn over the board"
    # Nothing is lost on a reload: the note comes back as it was typed.
    page.reload()
    page.wait_for_selector(".pg-story[data-mode=write] .st-note textarea")
    page.wait_for_function("(k) => document.querySelector('.vtv')?.dataset.drawn === String(k)", arg=k)
    assert page.input_value(".st-note textarea").startswith(f"Move {k}: watch this")
    assert marks_on_board(page) == want
    page.click("button[data-act=share]")
    page.wait_for_function("() => document.querySelector('.st-share .pg-note')?.dataset.length")
    link = page.evaluate("navigator.clipboard.readText()")
    page.wait_for_function("(n) => document.querySelectorAll('.st-chart .rv-chart-svg circle').length === n", arg=len(review["moves"]))
    shown = {"k": k, "marks": want, "chart": len(review["moves"]),
             "note": page.input_value(".st-note textarea"), "length": int(page.get_attribute(".st-share .pg-note", "data-length"))}
    return link, shown
