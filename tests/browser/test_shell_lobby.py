"""The shell without a game in play: the lobby, the header switches, bad links, kept-aside saves.

These tests never need Python to have started (only the static page and the shell's modules).
"""
from __future__ import annotations

import re

from tests.browser.vt_page import dump, stored, wait_stored


def _lobby(page, site):
    page.goto(site.url("index.html#/"))
    page.wait_for_selector(".lobby[data-live] .game-card")
    return page


def _storage(page) -> dict:
    return dump(page)


def test_lobby_is_static_html_that_paints_without_scripts(browser, site):
    ctx = browser.new_context(java_script_enabled=False)
    try:
        pg = ctx.new_page()
        pg.goto(site.url("index.html"))
        cards = pg.locator(".game-card")
        assert cards.count() == 4
        assert [c.get_attribute("data-game") for c in cards.all()] == ["hollowmere", "milehollow", "elderwood", "wickerfair"]
        for game in ("hollowmere", "milehollow", "elderwood", "wickerfair"):
            assert pg.locator(f'.game-card[data-game={game}] a[href="#/howto/{game}"]').count() == 1
        assert pg.locator('a[href="#/verify"]').is_visible()
        assert pg.locator('a[href="#/guide"]').is_visible()
        assert pg.locator('a[href="#/join"]').is_visible()
        assert pg.locator(".site-name").inner_text().strip() == "Valley Tables"
    finally:
        ctx.close()


def test_lobby_is_usable_before_python_is_ready(page, site):
    # The wasm is held back until the lobby has been checked: with the browser's cache warm the engine
    # can be up before the lobby is looked at, and this is about the lobby not waiting for it.
    held = []
    page.route("**/pyodide/pyodide-asm-*", lambda route: held.append(route))
    page.goto(site.url("index.html"))
    page.wait_for_selector(".lobby[data-live] .engine-status")
    # The lobby is drawn and its links work while the engine is still loading in the background.
    state = page.evaluate("""() => Promise.race([
        window.__vt.ready.then(() => 'ready', () => 'failed'),
        new Promise((r) => setTimeout(() => r('pending'), 0))])""")
    assert state == "pending"
    assert page.locator(".game-card").count() == 4
    assert page.locator('.game-card[data-game=elderwood] a[href="#/new/elderwood"]').is_visible()
    for _ in range(200):  # the worker asks for the wasm as it starts
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1
    for route in held:
        route.continue_()
    page.unroute("**/pyodide/pyodide-asm-*")
    # …and a real progress bar follows the engine's start, then says it is ready.
    page.wait_for_selector(".engine-status[data-state=ready]", timeout=120_000)


def test_every_game_card_links_to_a_new_table(browser, page, site):
    """No game is "coming soon" any more: every card, in the static lobby and in the live one, links to
    New table, and each New table page offers its seats."""
    games = ("hollowmere", "milehollow", "elderwood", "wickerfair")
    ctx = browser.new_context(java_script_enabled=False)
    try:
        pg = ctx.new_page()
        pg.goto(site.url("index.html"))
        for game in games:
            assert pg.locator(f'.game-card[data-game={game}] a[href="#/new/{game}"]').count() == 1
        assert pg.locator(".soon-badge").count() == 0
    finally:
        ctx.close()
    _lobby(page, site)
    assert page.locator(".soon-badge").count() == 0
    for game in games:
        assert page.locator(f'.game-card[data-game={game}] a[href="#/new/{game}"]').count() == 1
        assert page.locator(f'.game-card[data-game={game}] a[href="#/host/{game}"]').count() == 1
    assert page.locator('.more-links a[href="#/join"]').count() == 1
    page.goto(site.url("index.html#/new/wickerfair"))
    page.wait_for_selector("form.newtable #start")


def test_language_switch_changes_every_word_and_is_remembered(page, site):
    _lobby(page, site)
    assert page.locator(".lobby h1").inner_text() == "Pick a game"
    page.click(".lang-switch [data-lang=pt]")
    assert page.locator(".lobby h1").inner_text() == "Escolha um jogo"
    assert page.locator(".site-name").inner_text().strip() == "Mesas do Vale"
    assert page.evaluate("document.documentElement.lang") == "pt-BR"
    assert page.locator(".game-card[data-game=elderwood] a.primary").inner_text() == "Nova mesa"
    assert page.evaluate("localStorage.getItem('vt.lang')") == "pt"
    page.reload()
    page.wait_for_selector(".lobby[data-live] .game-card")
    assert page.locator(".lobby h1").inner_text() == "Escolha um jogo"
    assert page.locator(".lang-switch [data-lang=pt]").get_attribute("aria-pressed") == "true"
    page.click(".lang-switch [data-lang=en]")
    assert page.locator(".lobby h1").inner_text() == "Pick a game"


def test_mute_with_the_v_key_or_the_button_is_remembered(page, site):
    _lobby(page, site)
    mute = page.locator("#mute")
    assert mute.get_attribute("aria-pressed") == "false"
    page.keyboard.press("v")
    assert mute.get_attribute("aria-pressed") == "true"
    page.reload()
    page.wait_for_selector(".lobby[data-live] .game-card")
    assert page.locator("#mute").get_attribute("aria-pressed") == "true"
    page.click("#mute")
    assert page.locator("#mute").get_attribute("aria-pressed") == "false"
    assert page.evaluate("localStorage.getItem('vt.mute')") == "0"


def test_bad_links_show_a_message_and_change_nothing(page, site):
    _lobby(page, site)
    page.evaluate("localStorage.setItem('vt.table.keepme1', JSON.stringify({id: 'keepme1', game: 'elderwood', record: {}}))")
    page.reload()  # older saves move over as a page loads
    wait_stored(page, "aside", "keepme1")  # a save of the older format that does not replay is kept aside
    before = _storage(page)
    cases = {
        "#/nowhere": "does not lead anywhere",
        "#garbage": "does not lead anywhere",
        "#/table/": "does not lead anywhere",
        "#/new/chess": "no such game",
        "#/howto": "does not lead anywhere",
        "#/table/nosuchtable9": "no such table",
        "#/table/bad%20id!": "not a table address",
    }
    for hash_, title in cases.items():
        _lobby(page, site)  # so that each message below is a fresh one
        page.goto(site.url("index.html" + hash_))
        msg = page.wait_for_selector("[data-page=message][role=alert]")
        assert title in msg.inner_text().lower(), hash_
        assert page.locator('[data-page=message] a[href="#/"]').is_visible()
        assert _storage(page) == before, hash_


def test_a_save_that_is_not_json_is_kept_aside_with_a_message(page, site):
    _lobby(page, site)
    page.evaluate("localStorage.setItem('vt.table.broken1', '{\"id\": \"broken1\", oops')")
    page.goto(site.url("index.html?fresh=1#/table/broken1"))  # older saves move over as a page loads
    msg = page.wait_for_selector("[data-page=message][role=alert]")
    assert "could not be opened" in msg.inner_text().lower()
    assert "kept aside" in msg.inner_text().lower()
    assert page.evaluate("localStorage.getItem('vt.table.broken1')") is None
    kept = stored(page, "aside", "broken1")
    assert kept["raw"] == '{"id": "broken1", oops'
    assert "JSON" in kept["reason"]
    # The lobby lists it, offers the original bytes for download, and deletes it only when asked.
    page.goto(site.url("index.html#/"))
    section = page.wait_for_selector(".kept-aside")
    assert "kept aside" in section.inner_text().lower()
    with page.expect_download() as dl:
        page.click(".kept-aside button:has-text('Download')")
    assert open(dl.value.path(), encoding="utf-8").read() == '{"id": "broken1", oops'
    page.once("dialog", lambda d: d.accept())
    page.click(".kept-aside button:has-text('Delete')")
    page.wait_for_selector(".kept-aside", state="detached")
    assert stored(page, "aside", "broken1") is None


def test_lobby_sets_unreadable_saves_aside_instead_of_hiding_them(page, site):
    _lobby(page, site)
    page.evaluate("localStorage.setItem('vt.table.garbled2', 'not json at all')")
    page.reload()
    page.wait_for_selector(".kept-aside li")
    assert re.search(r"not json", page.locator(".kept-aside li").first.inner_text(), re.I)
    assert page.evaluate("localStorage.getItem('vt.table.garbled2')") is None
    assert stored(page, "aside", "garbled2") is not None
