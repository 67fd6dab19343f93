"""Your turn, everywhere (turns.js): the lobby lists every table waiting for a person on this device,
the soonest first, and the tab's title counts them; a table waiting for a bot or finished is not listed."""
from __future__ import annotations

import pytest

from tests.browser.vt_page import ENGINE_WAIT, screenshot, start_new_table

pytestmark = pytest.mark.browser


def test_the_lobby_and_the_title_list_the_tables_waiting_for_this_device(page, site, tmp_path):
    # Elderwood: once the bot has moved (if the seed gave it the first move), the table waits for the person.
    mine = start_new_table(page, site, "elderwood", ["person", "bot"], names=["Ana", "Bot"])
    page.wait_for_function("document.title.startsWith('(1) ')", timeout=ENGINE_WAIT)
    # Its clock is running (what remains of it is in the save once it runs): the lobby shows it.
    page.wait_for_selector(".countdown:not([hidden])", timeout=ENGINE_WAIT)
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


def test_my_games_lists_the_waiting_tables_and_a_turned_on_notice_comes_through_the_service_worker(page, site, tmp_path):
    start_new_table(page, site, "elderwood", ["person", "bot"], names=["Ana", "Bot"])
    page.wait_for_function("document.title.startsWith('(1) ')", timeout=ENGINE_WAIT)  # the bot has moved, if it began
    page.goto(site.url("index.html#/games"))
    page.wait_for_selector(".pg-games .your-turn[data-count='1']", timeout=ENGINE_WAIT)
    switch = page.locator("#notify-turns")
    assert not switch.is_checked()
    page.context.grant_permissions(["notifications"])
    switch.check()
    page.wait_for_selector(".notify-switch[data-state='on']")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=ENGINE_WAIT)
    # A page in view shows no notice (it shows the table itself); a hidden one does, through the service worker.
    shown = page.evaluate("""async () => {
        const turns = await import('./web/app/turns.js');
        const args = {title: 'Your turn at Elderwood', body: 'Ana to play', href: '#/games', tag: 'x1'};
        const inView = await turns.notifyTurn(args);
        Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'hidden'});
        const hidden = await turns.notifyTurn(args);
        const reg = await navigator.serviceWorker.getRegistration();
        const list = await reg.getNotifications({tag: 'vt-turn-x1'});
        return {inView, hidden, titles: list.map((n) => n.title), href: list[0] && list[0].data.href};
    }""")
    assert shown == {"inView": False, "hidden": True, "titles": ["Your turn at Elderwood"], "href": "#/games"}
    screenshot(page, tmp_path / "my-games-your-turn.png")
    # Turned off, nothing more is shown.
    page.reload()
    page.wait_for_selector(".notify-switch[data-state='on']", timeout=ENGINE_WAIT)
    page.locator("#notify-turns").uncheck()
    page.wait_for_selector(".notify-switch[data-state='off']")
