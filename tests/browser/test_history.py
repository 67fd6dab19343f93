"""Back from a table goes where the player came from: a table started from the New-table form takes
the form's place in the history, so Back is the lobby (not the filled form with Start live) and no
history step makes a second table. Desktop and phone.
"""
from __future__ import annotations

import pytest

from tests.browser.vt_page import ENGINE_WAIT, dump, one_device, wait_page_state

SIZES = {"desktop": (1280, 800, False), "phone": (390, 844, True)}


@pytest.mark.parametrize("size", SIZES)
def test_back_from_a_new_table_is_the_lobby_and_makes_no_second_table(browser, site, size):
    w, h, touch = SIZES[size]
    with one_device(browser, w, h, touch=touch) as page:
        page.goto(site.url("index.html#/"))
        page.wait_for_selector(".lobby[data-live] .game-card")
        page.click(".game-card[data-game=elderwood] a[href='#/new/elderwood']")
        page.wait_for_selector("form.newtable #start")
        page.wait_for_selector("#opt-clock", timeout=ENGINE_WAIT)
        page.click("#start")
        page.wait_for_function("location.hash.startsWith('#/table/')", timeout=ENGINE_WAIT)
        table = page.evaluate("location.hash")
        wait_page_state(page, "interactive", "waiting")
        assert len(dump(page)["db"]["tables"]) == 1

        page.go_back()
        page.wait_for_selector(".lobby[data-live] .game-card", timeout=15_000)
        assert page.evaluate("location.hash") in ("", "#/")
        assert not page.locator("form.newtable").count()
        assert len(dump(page)["db"]["tables"]) == 1

        page.go_forward()                                  # forward is the same table, not the form
        page.wait_for_function("location.hash.startsWith('#/table/')")
        assert page.evaluate("location.hash") == table
        wait_page_state(page, "interactive", "waiting")
        page.go_back()
        page.wait_for_selector(".lobby[data-live] .game-card", timeout=15_000)
        assert len(dump(page)["db"]["tables"]) == 1
