"""Your turn, everywhere (turns.js): the lobby lists every table waiting for a person on this device,
the soonest first, and the tab's title counts them; a table waiting for a bot or finished is not listed."""
from __future__ import annotations

import pytest

from tests.browser.vt_page import ENGINE_WAIT, screenshot, start_new_table

pytestmark = pytest.mark.browser


def test_the_lobby_and_the_title_list_the_tables_waiting_for_this_device(page, site, tmp_path):
    # Elderwood: the person (seat 1) moves first, so the new table waits for them.
    mine = start_new_table(page, site, "elderwood", ["person", "bot"], names=["Ana", "Bot"])
    page.wait_for_function("document.title.startsWith('(1) ')", timeout=ENGINE_WAIT)
    # A table of two people at this device waits for whoever is to move, with no clock.
    both = start_new_table(page, site, "elderwood", ["person", "person"], names=["Ana", "Bia"], timers=False)
    page.goto(site.url("index.html#/"))
    page.wait_for_selector(".your-turn[data-count='2']", timeout=ENGINE_WAIT)
    assert page.title() == "(2) Valley Tables"
    items = page.locator(".your-turn-item")
    ids = [items.nth(k).get_attribute("data-id") for k in range(items.count())]
    assert ids == [mine, both]                       # the one with a clock first
    first = items.nth(0).inner_text()
    assert "Elderwood: Ana to play" in first and "left on the clock" in first and "on this device" in first
    assert "no clock" in items.nth(1).inner_text()
    screenshot(page, tmp_path / "your-turn-en.png")
    page.click("[data-lang='pt']")
    page.wait_for_function("document.querySelector('.your-turn h2').textContent === 'Sua vez'")
    assert "vez de Ana" in page.locator(".your-turn-item").nth(0).inner_text()
    page.click("[data-lang='en']")
    # The link opens the table.
    items.nth(0).locator("a").click()
    page.wait_for_function(f"location.hash === '#/table/{mine}'")


def test_a_table_waiting_for_a_bot_is_not_listed(page, site):
    # Elderwood with the bot first: by the time the lobby reads the save, the bot has moved and the
    # table waits for the person; a finished-or-bot-only table never shows.
    start_new_table(page, site, "elderwood", ["bot", "bot"], names=["One", "Two"], timers=False)
    page.goto(site.url("index.html#/"))
    page.wait_for_selector(".lobby .game-grid", timeout=ENGINE_WAIT)
    page.wait_for_timeout(500)
    assert page.locator(".your-turn").count() == 0
    assert page.title() == "Valley Tables"
