"""A table as a newcomer meets it: words, not notation; nothing jumps; whole words in the sheet's headers;
a draw with no winner; the final board on the first screen.

Every game is played for a stretch at a phone (390x844, touch) and a desktop (1366x768) through its
"All my moves" list, with a PerformanceObserver collecting every layout shift of the page (the board's
own drawing inside its canvas host is the board's: a shift of the host itself still counts).
"""
from __future__ import annotations

import hashlib
import json
import random
import re
import time
from pathlib import Path

import pytest

from tests.browser.vt_page import (
    ENGINE_WAIT, one_device, saved_record, screenshot, start_new_table, stored, store_put, wait_page_state,
)

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "docs" / "screens"
GAMES = ("hollowmere", "milehollow", "elderwood", "wickerfair")
SIZES = {"phone": (390, 844, True), "desktop": (1366, 768, False)}
ROOTS = {"hollowmere": ".hm-root", "milehollow": ".mh-root", "elderwood": ".ew-root", "wickerfair": ".wf-root"}

# Every layout shift from the first paint on, with whether each moved element is inside the board's host.
SHIFTS_JS = """(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const sources = (e.sources || []).map((s) => {
        const n = s.node && s.node.nodeType === 3 ? s.node.parentElement : s.node;
        const host = n && n.closest ? n.closest('.board-host') : null;
        return {inBoard: !!host && host !== n, what: n ? (n.className || n.tagName || '') + '' : '?',
                from: s.previousRect.y, to: s.currentRect.y};
      });
      window.__shifts.push({value: e.value, sources});
    }
  }).observe({type: 'layout-shift', buffered: true});
})()"""

# The page's shifts: an entry counts unless every element it moved is drawn inside the board's host.
PAGE_SHIFT_JS = """() => window.__shifts.filter((e) => !e.sources.length || e.sources.some((s) => !s.inBoard))
  .reduce((sum, e) => sum + e.value, 0)"""

PAGE_SHIFTS_JS = """() => window.__shifts.filter((e) => !e.sources.length || e.sources.some((s) => !s.inBoard))
  .map((e) => ({value: e.value, moved: e.sources.filter((s) => !s.inBoard)}))"""

# Every word of every score-sheet column header: the line boxes it takes (one, unless it broke inside).
BROKEN_WORDS_JS = """() => {
  const broken = [];
  for (const th of document.querySelectorAll('.score-sheet thead th, .final-scores thead th')) {
    const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.textContent.matchAll(/\\S+/g)) {
        const r = document.createRange();
        r.setStart(node, m.index);
        r.setEnd(node, m.index + m[0].length);
        const lines = new Set([...r.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.top)));
        if (lines.size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}"""

# Notation and internal ids a player must not read unless "Show notation" is on: coordinates ("19,20"),
# Elderwood's piece codes ("bB1", "\\wB1"), Hollowmere's tile codes ("CORT@…"), Milehollow's cards
# ("m08", "keep:…"), action prefixes ("col:1", "row:3"), and hashes.
NOTATION = re.compile(r"\b\d{1,2},\d{1,2}\b|\b[wb][A-Z]\d?\b|[\\/][wb][A-Z]|\b[A-Z]{2,6}@|\bm\d\d\b"
                      r"|\b(?:keep|col|row|pave|draw|mail):[A-Za-z0-9]|\b[0-9a-f]{12,}\b")


def _start(page, site, game, query="botdelay=0&timer=600"):
    """A table of one person and one bot (Easy) for ``game``, its board drawn and the person to act."""
    table_id = start_new_table(page, site, game, ["person", "bot"], query=query)
    _board_drawn(page, game)
    return table_id


def _board_drawn(page, game):
    page.wait_for_selector(f"{ROOTS[game]} canvas", timeout=ENGINE_WAIT)
    wait_page_state(page, "interactive", "over")
    page.wait_for_timeout(300)


def _play_stretch(page, n):
    """``n`` of the person's moves, each the first of "All my moves" (pressed without scrolling the page)."""
    for _ in range(n):
        if wait_page_state(page, "interactive", "over") == "over":
            return
        # (a step of a compound choice may add no line to the log: the list drawn again says it was taken)
        page.evaluate("() => { window.__pressed = document.querySelector('.moves-list button.move'); window.__pressed.click(); }")
        page.wait_for_function("() => !window.__pressed.isConnected && "
                               "['interactive', 'over'].includes(document.body.dataset.state)", timeout=60_000)
    wait_page_state(page, "interactive", "over")
    time.sleep(0.4)  # the last answer painted, and the observer told


def _visible_text(page) -> str:
    return page.evaluate("document.body.innerText")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_a_stretch_of_play_reads_in_words_keeps_whole_header_words_and_never_jumps(browser, site, game, size):
    width, height, touch = SIZES[size]
    with one_device(browser, width, height, touch=touch) as page:
        page.add_init_script(SHIFTS_JS)
        _start(page, site, game)
        time.sleep(0.5)
        page.evaluate("window.__shifts = []")
        _play_stretch(page, 6)
        shift = page.evaluate(PAGE_SHIFT_JS)
        assert shift < 0.01, (shift, page.evaluate(PAGE_SHIFTS_JS))

        for lang in ("pt", "en"):  # the same in Portuguese, whose column names are longer
            assert page.evaluate(BROKEN_WORDS_JS) == [], lang
            text = _visible_text(page)
            assert not NOTATION.findall(text), (lang, NOTATION.findall(text))
            page.click(f".lang-switch [data-lang={lang}]")
            page.wait_for_timeout(200)
        # The seal on the bar is a word; its fingerprint waits behind it.
        assert not re.search(r"[0-9a-f]{6}", page.inner_text(".seal-chip"))

        # The bar never leaves slivers of the site's header beside it, nor covers the board's top.
        bar = page.locator(".table-bar").bounding_box()
        board = page.locator(".board-host").bounding_box()
        assert bar["y"] + bar["height"] <= board["y"] + 1
        page.evaluate("window.scrollTo(0, 400)")
        page.wait_for_timeout(150)
        assert page.evaluate("document.querySelector('.site-header').getBoundingClientRect().bottom") <= 0
        page.evaluate("window.scrollTo(0, 0)")

        # Notation is one toggle away, and the toggle is remembered.
        page.check(".notation-toggle input")
        codes = page.locator(".moves-list .move-code")
        assert codes.first.is_visible()
        assert page.locator(".log-list .log-code").first.is_visible()
        page.reload()
        _board_drawn(page, game)
        assert page.is_checked(".notation-toggle input")
        assert page.locator(".log-list .log-code").first.is_visible()
        page.uncheck(".notation-toggle input")
        assert not page.locator(".log-list .log-code").first.is_visible()
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(150)
        screenshot(page, SCREENS / f"shell-{game}-{size}.png")


def test_the_last_seconds_warning_covers_the_board_edge_and_moves_nothing(browser, site):
    with one_device(browser, 390, 844, touch=True) as page:
        page.add_init_script(SHIFTS_JS)
        _start(page, site, "elderwood", query="botdelay=0&timer=14")
        top = page.locator(".board-host").bounding_box()["y"]
        page.evaluate("window.__shifts = []")
        page.wait_for_selector(".clock-warning:not([hidden])", timeout=20_000)
        page.wait_for_timeout(300)
        assert page.locator(".board-host").bounding_box()["y"] == top
        assert page.evaluate(PAGE_SHIFT_JS) < 0.001, page.evaluate(PAGE_SHIFTS_JS)
        assert "second" in page.inner_text(".clock-warning")


def test_the_lobby_does_not_move_its_cards_while_the_engine_loads(browser, site):
    for width, height, touch in SIZES.values():
        with one_device(browser, width, height, touch=touch) as page:
            page.add_init_script(SHIFTS_JS)
            page.goto(site.url("index.html"))
            page.wait_for_selector(".engine-status[data-state=ready]", timeout=ENGINE_WAIT)
            page.wait_for_timeout(300)
            entries = page.evaluate("window.__shifts")
            assert sum(e["value"] for e in entries) < 0.01, entries


def _draw_record(page, site):
    """A finished Elderwood game that ends in a draw, played here by the real engine from a table the
    page made (its seats, options and engine version), and saved where the page keeps its tables."""
    from py_engine.core.table import Seat, Table
    from py_engine.registry import get_game
    first = _start(page, site, "elderwood")
    meta = stored(page, "tables", first)
    old = saved_record(page, first)
    for k in range(200):
        seed = hashlib.sha256(f"draw-{k}".encode()).hexdigest()
        t = Table(get_game("elderwood"), [Seat.from_json(s) for s in old["seats"]], old["options"], seed,
                  old["engine"], old.get("timers", True))
        pick = random.Random(k)
        t.play_forced()
        while not t.state.is_terminal():
            seat = t.state.decision().players[0]
            t.play(pick.choice(t.state.legal_actions(seat)), seat)
            t.play_forced()
        if t.state.outcome() == "draw":
            break
    assert t.state.outcome() == "draw"
    record = t.to_record(reveal_seed=True)
    new = f"{first}d"
    store_put(page, "records", {"id": new, "game": "elderwood", "seq": len(record["actions"]), "over": True,
                                "text": json.dumps(record, separators=(",", ":"), ensure_ascii=False), "updated": int(time.time() * 1000)})
    store_put(page, "tables", {**meta, "id": new, "deadline": None, "deadlineKey": None})
    return new


def test_a_draw_marks_no_winner_and_the_end_screen_keeps_the_final_board_in_view(browser, site):
    for size, (width, height, touch) in SIZES.items():
        with one_device(browser, width, height, touch=touch) as page:
            table_id = _draw_record(page, site)
            for lang, draw, winner in (("en", "draw", "winner"), ("pt", "empate", "vencedor")):
                page.goto(site.url(f"index.html#/table/{table_id}"))
                page.evaluate(f"localStorage.setItem('vt.lang', '{lang}')")
                page.reload()
                wait_page_state(page, "over")
                page.wait_for_selector(".end-screen")
                page.wait_for_selector(".ew-root canvas")
                assert draw in page.inner_text(".end-screen h2").lower()
                assert draw in page.inner_text(".turn-status").lower()
                assert page.locator(".win-badge").count() == 0
                assert page.locator("tr.winner").count() == 0
                assert winner not in _visible_text(page).lower()
                board = page.locator(".board-host").bounding_box()
                if size == "phone":
                    # The final board on the first screen, the result right under it.
                    assert board["y"] < height * 0.4 and board["height"] > 250, board
                    end = page.locator(".end-screen").bounding_box()
                    assert end["y"] >= board["y"] + board["height"] - 1
                else:
                    assert board["width"] > 800 and board["y"] + board["height"] <= height + 1, board
                    assert page.locator(".end-screen").bounding_box()["x"] > board["x"] + board["width"]
                assert page.evaluate(BROKEN_WORDS_JS) == []
                if lang == "en":
                    screenshot(page, SCREENS / f"shell-end-draw-{size}.png")


def test_portuguese_calls_a_move_a_jogada_everywhere():
    """A player's move is a "jogada" in every Portuguese string and page (never a "lance")."""
    found = []
    for top in ("web", "py_engine", "docs"):
        for path in (ROOT / top).rglob("*"):
            if path.suffix in (".js", ".py", ".json", ".md", ".html") and path.is_file():
                for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
                    if re.search(r"\b[Ll]ances?\b", line):
                        found.append(f"{path.relative_to(ROOT)}:{n}")
    assert not found, found
