"""What waits for an answer is where the player is looking: another seat's draw offer comes in a bar
fixed to the bottom of the screen with Accept and Decline, in view at once and not covered, on a phone
(where the table's controls sit far below the board) and on a desktop, in English and Portuguese.

Screenshots: docs/screens/offer-in-view-*.png.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.vt_page import moves, one_device, screenshot, snapshot, start_new_table, wait_moves, wait_page_state

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"

IN_VIEW = """(sel) => { const e = document.querySelector(sel); if (!e) return 'missing';
  const r = e.getBoundingClientRect();
  if (r.width === 0 || r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) return 'out: ' + JSON.stringify(r);
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit && (hit === e || e.contains(hit)) ? 'ok' : 'covered by ' + (hit ? hit.className : null); }"""


@pytest.mark.parametrize("lang,size", [("en", (390, 844, True)), ("pt", (390, 844, True)), ("en", (1280, 800, False))])
def test_a_draw_offer_is_in_view_at_once(browser, site, lang, size):
    w, h, touch = size
    with one_device(browser, w, h, touch=touch) as page:
        page.goto(site.url("index.html#/"))
        page.wait_for_selector(".lobby[data-live] .game-card")
        if lang == "pt":
            page.click(".lang-switch [data-lang=pt]")
        start_new_table(page, site, "elderwood", ["person", "person"], names=["Ana", "Bruno"], timers=False)
        wait_page_state(page, "handoff")
        page.locator(".handoff-card button").click()
        wait_page_state(page, "interactive")
        offerer = ["Ana", "Bruno"][snapshot(page)["decision"]["players"][0]]
        n = moves(page)
        page.locator(".table-controls button[data-action='@draw?']").click()
        wait_moves(page, n)
        wait_page_state(page, "interactive")
        assert not page.locator(".answer-bar:not([hidden])").count()      # my own offer waits on nobody here
        n = moves(page)
        page.locator(".moves-list button.move").first.click()
        wait_moves(page, n)
        wait_page_state(page, "handoff")
        page.locator(".handoff-card button").click()
        wait_page_state(page, "interactive")
        page.evaluate("window.scrollTo(0, 0)")
        bar = page.locator(".answer-bar")
        bar.wait_for(state="visible", timeout=10_000)
        words = "oferece empate" if lang == "pt" else "offers a draw"
        assert words in bar.inner_text() and offerer in bar.inner_text()
        for action in ("@draw:yes", "@draw:no"):
            assert page.evaluate(IN_VIEW, f".answer-bar button[data-action='{action}']") == "ok", action
            box = page.locator(f".answer-bar button[data-action='{action}']").bounding_box()
            assert box["height"] >= 44 and box["width"] >= 44
        # Scrolled anywhere, it stays in view; the page's end can still be scrolled out from under it.
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        assert page.evaluate(IN_VIEW, ".answer-bar button[data-action='@draw:yes']") == "ok"
        assert page.evaluate("document.body.scrollHeight - innerHeight - scrollY") <= 1
        last = page.locator(".log-panel")
        assert last.bounding_box()["y"] + last.bounding_box()["height"] <= bar.bounding_box()["y"] + 1
        page.evaluate("window.scrollTo(0, 0)")
        screenshot(page, SCREENS / f"offer-in-view-{'phone' if touch else 'desktop'}-{lang}.png")
        page.locator(".answer-bar button[data-action='@draw:no']").click()
        page.wait_for_function("!document.querySelector('.answer-bar:not([hidden])')")
        wait_page_state(page, "interactive")
        assert snapshot(page)["log"][-1]["action"] == "@draw:no"
        assert page.evaluate("getComputedStyle(document.body).paddingBottom") in ("0px", "")
