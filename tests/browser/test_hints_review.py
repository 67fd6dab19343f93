"""Hints and reviews (docs/performance.md, "Hints and reviews"): at a table of one person and bots,
H (or the Hint button) shows the strongest level's move for the person's seat — marked in the list,
drawn on the board by the game's renderer and said in words — and each hint asked is in the record.
A finished game's Review judges every decision as its seat saw it, with a chart and marks, and a
click shows the board at that step with the best move drawn.

Screenshots go to docs/screens/hint-*.png and review-*.png.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.browser.vt_page import one_device, screenshot, snapshot, start_new_table, wait_page_state

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
ROOTS = {"elderwood": ".ew-root", "hollowmere": ".hm-root", "milehollow": ".mh-root", "wickerfair": ".wf-root"}


@pytest.mark.parametrize("game,size,lang", [
    ("elderwood", (1280, 800), "en"),
    ("hollowmere", (390, 844), "pt"),
    ("milehollow", (1280, 800), "pt"),
    ("wickerfair", (390, 844), "en"),
])
def test_a_hint_is_marked_drawn_said_and_counted(browser, site, game, size, lang):
    with one_device(browser, *size, touch=size[0] < 500) as page:
        start_new_table(page, site, game, ["person", "bot"], timers=False, query="botdelay=20")
        page.wait_for_selector(ROOTS[game])
        if lang == "pt":
            page.click("[data-lang=pt]")
        wait_page_state(page, "interactive")
        t0 = time.monotonic()
        if size[0] < 500:
            page.locator(".table-controls button[data-action='@hint']").click()
        else:
            page.keyboard.press("h")
        page.wait_for_selector(".moves-list button.move.hinted", timeout=60_000)
        took = time.monotonic() - t0
        box = page.locator(".hint-box")
        said = box.inner_text()
        assert said.startswith("Dica:" if lang == "pt" else "Hint:"), said
        hinted = page.locator(".moves-list button.move.hinted").get_attribute("data-action")
        # The renderer was handed the move to draw (its own root says which).
        assert page.locator(f"{ROOTS[game]}[data-suggest='{hinted}']").count() == 1
        assert box.bounding_box()["y"] < size[1], box.bounding_box()      # said where the player looks
        print(f"{game}: hint {hinted!r} in {took:.2f}s")
        screenshot(page, SCREENS / f"hint-{game}-{'phone' if size[0] < 500 else 'desktop'}.png")
        snap = snapshot(page)
        assert snap["hints"][0] == 1 and "Pediu uma dica" in page.locator(".log-list").inner_text() if lang == "pt" \
            else "Asked for a hint" in page.locator(".log-list").inner_text()
        # Playing the hinted move clears it.
        page.locator(".moves-list button.move.hinted").click()
        page.wait_for_function("() => !document.querySelector('.moves-list button.move.hinted')")
        assert page.locator(".hint-box").is_hidden()
