"""A table where every other seat is a bot can be paused: the Pause control or the K key, and by itself
when the page is hidden (the phone rang), so the timer never runs out and the table never plays for a
person who is away. The clock keeps the time that remained; the record holds "@pause" and "@resume"
as table actions; a reload finds a paused table still paused, and does not pause one that was not.
Phone in English, desktop in Portuguese.

Screenshots: docs/screens/pause-*.png.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.browser.vt_page import (moves, one_device, saved_record, screenshot, snapshot, start_new_table,
                                   wait_page_state)

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
HIDE = """(hidden) => { Object.defineProperty(document, 'visibilityState', {value: hidden ? 'hidden' : 'visible',
  configurable: true}); document.dispatchEvent(new Event('visibilitychange')); }"""


def seconds_left(page) -> int:
    m, s = page.locator(".countdown").inner_text().split(":")
    return int(m) * 60 + int(s)


@pytest.mark.parametrize("lang,size", [("en", (390, 844, True)), ("pt", (1280, 800, False))])
def test_a_solo_table_pauses_by_hand_by_key_and_when_hidden(browser, site, lang, size):
    w, h, touch = size
    words = {"en": ("Paused the table", "Resumed the table", "The table is paused"),
             "pt": ("Pausou a mesa", "Retomou a mesa", "A mesa está pausada")}[lang]
    with one_device(browser, w, h, touch=touch) as page:
        page.goto(site.url("index.html#/"))
        page.wait_for_selector(".lobby[data-live] .game-card")
        if lang == "pt":
            page.click(".lang-switch [data-lang=pt]")
        table_id = start_new_table(page, site, "hollowmere", ["person", "bot"], options={"first": "Seat 1" if lang == "en" else "Lugar 1"},
                                   query="botdelay=0&timer=30")
        wait_page_state(page, "interactive")
        assert snapshot(page)["paused"] is None
        page.wait_for_function("document.querySelector('.countdown') && !document.querySelector('.countdown').hidden")

        # By hand: the clock stops where it was and nothing moves.
        n = moves(page)
        page.locator(".table-controls button[data-action='@pause']").click()
        wait_page_state(page, "paused")
        bar = page.locator(".answer-bar")
        assert words[2] in bar.inner_text() and bar.locator("button[data-action='@resume']").is_visible()
        left = seconds_left(page)
        time.sleep(2.5)
        assert seconds_left(page) == left and snapshot(page)["paused"] == 0 and snapshot(page)["legal"] == []
        screenshot(page, SCREENS / f"pause-{'phone' if touch else 'desktop'}-{lang}.png")

        # A reload finds it paused still (the record says so), with the same time left.
        page.reload()
        wait_page_state(page, "paused")
        assert abs(seconds_left(page) - left) <= 1

        # Resume: with the time that remained, not a fresh clock.
        if touch:
            page.locator(".answer-bar button[data-action='@resume']").click()
        else:
            page.keyboard.press("k")
        wait_page_state(page, "interactive")
        page.wait_for_function("document.querySelector('.countdown') && !document.querySelector('.countdown').hidden")
        assert seconds_left(page) <= left

        # The page hidden: the table pauses itself, and the timer does not run out meanwhile.
        page.evaluate(HIDE, True)
        wait_page_state(page, "paused")
        time.sleep(1)
        page.evaluate(HIDE, False)
        assert page.evaluate("document.body.dataset.state") == "paused"
        if touch:
            page.locator(".answer-bar button[data-action='@resume']").click()
        else:
            page.keyboard.press("K")
        wait_page_state(page, "interactive")

        log = page.locator(".log-list").inner_text()
        assert log.count(words[0]) == 2 and log.count(words[1]) == 2, log
        record = saved_record(page, table_id)
        assert record["actions"].count("@pause") == 2 and record["actions"].count("@resume") == 2
        assert all(by != "timer" for _, by in record["actors"])

        # A reload is not someone walking away: the table comes back on the person's turn, not
        # paused (no page runs the clock meanwhile), and the record has no pause more.
        for _ in range(2):
            page.reload()
            wait_page_state(page, "interactive")
        time.sleep(1)
        assert page.evaluate("document.body.dataset.state") == "interactive"
        assert saved_record(page, table_id)["actions"].count("@pause") == 2
        assert moves(page) >= n
