"""Words for the device in hand, and nothing in the way: a second press that confirms says "Tap
again", "Click again" or "Press Enter again" as the person used a finger, a mouse or the keys (a
mouse user was told to tap); a take-back says what it took back; Elderwood's tooltip over a stack
covers no tile (it hid the Elder's count) and its score sheet has no column of zeros (Elderwood keeps
no points); a lesson embed at 640×520 shows the whole board with the supply, hand or mat it plays
from, and no lesson speaks of a key to a phone. English and Portuguese, desktop and phone.

Screenshots: docs/screens/device-words-*.png, lesson-embed-640x520-*.png.
"""
from __future__ import annotations

from pathlib import Path

from tests.browser.vt_page import (ENGINE_WAIT, moves, one_device, screenshot, snapshot, start_new_table,
                                   wait_moves, wait_page_state)

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"


def resign(page):
    return page.locator(".table-controls button[data-action='@resign']")


def ew_table(page, site, lang):
    page.goto(site.url("index.html#/"))
    page.wait_for_selector(".lobby[data-live] .game-card")
    if lang == "pt":
        page.click(".lang-switch [data-lang=pt]")
    start_new_table(page, site, "elderwood", ["person", "bot"], timers=False, query="botdelay=0",
                    options={"colour": "Ash (moves first)" if lang == "en" else "Freixo (joga primeiro)"})
    wait_page_state(page, "interactive")


def play_listed(page, k=0):
    n = moves(page)
    page.locator(".moves-list button.move").nth(k).click()
    wait_moves(page, n)
    wait_page_state(page, "interactive")


def test_words_follow_the_mouse_and_the_keys_and_a_take_back_says_what_it_undid(browser, site):
    with one_device(browser, 1280, 800) as page:
        ew_table(page, site, "en")
        sheet_head = page.locator(".score-sheet thead").inner_text()
        assert "Elder" in sheet_head and "Score" not in sheet_head
        resign(page).click()
        assert resign(page).inner_text() == "Really resign? Click again"
        page.locator(".table-controls button[data-action='cancel']").focus()
        page.keyboard.press("Enter")                                   # Keep playing, by the keys
        resign(page).focus()
        page.keyboard.press("Enter")
        assert resign(page).inner_text() == "Really resign? Press Enter again"
        page.locator(".table-controls button[data-action='cancel']").click()

        # Two moves each, then take the last back: the page says which moves went.
        play_listed(page)
        play_listed(page, 2)
        mine = snapshot(page)["log"][-2]["words"]["en"]
        bots = snapshot(page)["log"][-1]["words"]["en"]
        page.locator(".table-controls button[data-action='@takeback']").click()
        note = page.locator(".table-notes .took-back")
        note.wait_for(timeout=30_000)
        assert note.inner_text().startswith("Taken back:") and mine in note.inner_text() and bots in note.inner_text()
        screenshot(page, SCREENS / "device-words-took-back-desktop.png")

        # The tooltip of each stack of mine finds room where it covers no tile.
        wait_page_state(page, "interactive")
        items = page.locator(".ew-root .vt-focus-item")
        assert items.count() >= 1
        for i in range(items.count()):
            box = items.nth(i).bounding_box()
            cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            page.mouse.move(cx, cy)
            tip = page.locator(".ew-tip")
            tip.wait_for(state="visible", timeout=5_000)
            assert tip.get_attribute("data-covers") == "0"
            t = tip.bounding_box()
            assert not (t["x"] <= cx <= t["x"] + t["width"] and t["y"] <= cy <= t["y"] + t["height"])
        screenshot(page, SCREENS / "device-words-tip-desktop.png")


def test_a_phone_is_told_to_tap_and_hears_what_was_taken_back_in_portuguese(browser, site):
    with one_device(browser, 390, 844, touch=True) as page:
        ew_table(page, site, "pt")
        resign(page).tap()
        assert resign(page).inner_text() == "Desistir mesmo? Toque de novo"
        page.locator(".table-controls button[data-action='cancel']").tap()
        play_listed(page)
        page.locator(".table-controls button[data-action='@takeback']").tap()
        note = page.locator(".table-notes .took-back")
        note.wait_for(timeout=30_000)
        assert note.inner_text().startswith("Voltou atrás:")
        assert "Pontos" not in page.locator(".score-sheet thead").inner_text()


LESSONS = [("elderwood", "hare-leap", ".ew-root .ew-mine"), ("hollowmere", "fit", ".hm-root .hm-hand"),
           ("milehollow", "ox-draw", ".mh-root"), ("wickerfair", "walker-carries", ".wf-root")]


def test_a_lesson_embed_at_640_by_520_shows_the_board_and_what_it_plays_from(browser, site):
    with one_device(browser, 640, 520) as page:
        for game, lesson, supply in LESSONS:
            page.goto(site.url(f"embed.html#lesson={game}/{lesson}"))
            page.reload()
            page.wait_for_selector(".ls-embed[data-state=playing]", timeout=ENGINE_WAIT)
            page.wait_for_selector(supply)
            page.wait_for_timeout(300)                                 # the board settles its size
            box = page.locator(supply).bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= 520 + 1, (game, box)
            assert box["height"] > 40, (game, box)
            scroll = page.evaluate("(() => { const e = document.querySelector('.ls-embed'); return [e.scrollHeight, e.clientHeight]; })()")
            assert scroll[0] <= scroll[1] + 1, (game, scroll)
            assert "(R " not in page.locator(".ls-intro").inner_text()
            screenshot(page, SCREENS / f"lesson-embed-640x520-{game}.png")
