"""One key, one meaning: every key the site answers to is listed once (web/lib/keymap.js), no page key
is also a game's, and at a Milehollow table M plays the mail move without turning the sound off (it
did both); V is the sound, at every table and in the lobby, and every board's "?" list says so, in
English and Portuguese.

Screenshots: docs/screens/keys-*.png.
"""
from __future__ import annotations

from pathlib import Path

from tests.browser.vt_page import (moves, one_device, screenshot, snapshot, start_new_table, wait_moves,
                                   wait_page_state)

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"


def muted(page) -> bool:
    return page.locator("#mute").get_attribute("aria-pressed") == "true"


def key_list(page, root: str):
    box = page.locator(f"{root} .vt-keylist, {root} .wf-panel")
    box.first.wait_for(state="visible", timeout=10_000)
    return box.first.inner_text()


def test_no_key_means_two_things_and_m_plays_mail_without_muting(browser, site):
    with one_device(browser, 1280, 800) as page:
        page.goto(site.url("index.html#/"))
        page.wait_for_selector(".lobby[data-live] .game-card")
        assert page.evaluate("import('/web/lib/keymap.js').then((m) => m.collisions())") == []
        assert "(key V)" in page.locator("#mute").get_attribute("title")

        # Milehollow, on my turn: M draws mail, and the sound stays as it was.
        start_new_table(page, site, "milehollow", ["person", "bot"], timers=False, query="botdelay=0", root=".mh-root")
        ready = ("document.body.dataset.state === 'interactive' && document.querySelector('.mh-root').dataset.acting === '1'"
                 " && document.querySelector('.mh-root').dataset.pending === '0'")
        page.wait_for_function(ready)
        while snapshot(page)["decision"]["kind"] != "turn":          # the opening mail kept through the list
            n = moves(page)
            page.locator(".moves-list button.move").first.click()
            wait_moves(page, n)
            page.wait_for_function(ready)
        page.locator(".mh-root").focus()
        n = moves(page)
        page.keyboard.press("m")
        wait_moves(page, n)
        assert snapshot(page)["log"][-1]["action"] == "mail"
        assert not muted(page)
        page.wait_for_function(ready)
        n = moves(page)
        page.keyboard.press("v")
        assert muted(page) and moves(page) == n
        page.keyboard.press("V")
        assert not muted(page)
        page.keyboard.press("?")
        words = key_list(page, ".mh-root")
        assert "M\tDraw mail cards." in words or "M\nDraw mail cards." in words, words
        assert "Sound on or off" in words and "\nV" in "\n" + words.replace("\t", "\n")
        page.keyboard.press("Escape")
        page.click(".lang-switch [data-lang=pt]")
        page.locator(".mh-root").focus()
        page.keyboard.press("?")
        words = key_list(page, ".mh-root")
        assert "Compra cartas de correspondência." in words and "Liga ou desliga o som" in words, words
        screenshot(page, SCREENS / "keys-milehollow-pt.png")
        page.keyboard.press("Escape")
        page.click(".lang-switch [data-lang=en]")

        # Every other board lists the page's keys after its own, and M is nothing site-wide there.
        for game, kinds, root in (("wickerfair", ["person", "bot"], ".wf-root"),
                                  ("hollowmere", ["person", "bot"], ".hm-root"),
                                  ("elderwood", ["person", "bot"], ".ew-root")):
            start_new_table(page, site, game, kinds, timers=False, query="botdelay=0")
            page.wait_for_selector(root)
            wait_page_state(page, "interactive", "waiting")
            page.evaluate("(r) => (document.querySelector(r).querySelector('[tabindex]') || document.querySelector(r)).focus()", root)
            page.keyboard.press("m")
            assert not muted(page), game
            page.keyboard.press("?")
            words = key_list(page, root)
            assert "Sound on or off" in words and "Pause or resume" in words, (game, words)
            assert "sound on or off" not in words.split("Sound on or off")[0].lower(), (game, words)
            if game == "wickerfair":
                screenshot(page, SCREENS / "keys-wickerfair.png")
            page.keyboard.press("Escape")
            page.keyboard.press("v")
            assert muted(page), game
            page.keyboard.press("v")


def test_the_sound_key_is_named_in_both_languages_on_a_phone(browser, site):
    with one_device(browser, 390, 844, touch=True) as page:
        page.goto(site.url("index.html#/"))
        page.wait_for_selector(".lobby[data-live] .game-card")
        page.click(".lang-switch [data-lang=pt]")
        assert "(tecla V)" in page.locator("#mute").get_attribute("title")
        page.click(".lang-switch [data-lang=en]")
        assert "(key V)" in page.locator("#mute").get_attribute("title")
