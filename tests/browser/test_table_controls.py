"""The controls people expect at a table, played through in the browser: resign (asked twice),
a draw offered and accepted in Elderwood, a take-back against a bot, and the clock and colour
chosen on New table (written in the record). English and Portuguese.

Screenshots go to docs/screens/table-controls-*.png.
"""
from __future__ import annotations

from pathlib import Path

from tests.browser.vt_page import (moves, one_device, screenshot, snapshot, start_new_table,
                                   wait_moves, wait_page_state)

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"


def new_table(page, site, game, kinds, *, options=None, timers=True, names=None, query="botdelay=20", shot=None):
    def form_shot(pg):
        pg.locator("fieldset.options-form").scroll_into_view_if_needed()
        screenshot(pg, SCREENS / shot)

    return start_new_table(page, site, game, kinds, names=names, timers=timers, query=query,
                           options=options, before_start=form_shot if shot else None)


def control(page, action):
    return page.locator(f".table-controls button[data-action='{action}']")


def play_first_listed_move(page):
    n = moves(page)
    page.locator(".moves-list button.move").first.click()
    wait_moves(page, n)


def test_take_back_then_resign_against_a_bot_with_a_chosen_colour_and_clock(browser, site):
    with one_device(browser, 390, 844, touch=True) as page:
        new_table(page, site, "elderwood", ["person", "bot"],
                  options={"colour": "Walnut", "clock": "Relaxed"}, shot="table-controls-newtable-phone.png")
        wait_page_state(page, "interactive")
        snap = snapshot(page)
        assert snap["options"] == {"colour": "walnut", "clock": "relaxed"}
        assert snap["seats"][0]["bot"] is False and snap["decision"]["players"] == [0]
        assert snap["decision"]["timer"] == 3 * 60                    # relaxed: three times the rules' 60 s
        assert control(page, "@resign").is_visible() and not control(page, "@takeback").count()
        assert not control(page, "@draw?").count()                      # no draw offers to a bot
        screenshot(page, SCREENS / "table-controls-phone.png")

        before = snapshot(page)
        play_first_listed_move(page)
        wait_page_state(page, "interactive")                             # the bot answered
        assert snapshot(page)["decision"]["players"] == [0]
        assert control(page, "@takeback").is_visible()
        n = moves(page)
        control(page, "@takeback").click()
        page.wait_for_function(
            "() => [...document.querySelectorAll('.log-list li')].some(li => li.textContent.includes('Took back'))")
        wait_page_state(page, "interactive")
        after = snapshot(page)
        assert after["view"] == before["view"] and after["legal"] == before["legal"]
        assert not control(page, "@takeback").count()                   # nothing of mine left to take back
        assert moves(page) <= n

        # Resign asks once more on the same button; "Keep playing" lets go.
        control(page, "@resign").click()
        assert "Really resign" in control(page, "@resign").inner_text()
        page.locator(".table-controls button[data-action='cancel']").click()
        assert control(page, "@resign").inner_text() == "Resign"
        control(page, "@resign").click()
        control(page, "@resign").click()
        wait_page_state(page, "over")
        snap = snapshot(page)
        assert snap["terminal"] and snap["winners"] == [1]
        assert snap["record"]["actions"].count("@takeback") == 1 and snap["record"]["actions"][-1] == "@resign"
        assert snap["record"]["options"] == {"colour": "walnut", "clock": "relaxed"}
        assert "Resigned" in page.locator(".log-list").inner_text()
        assert "ended by resignation" in page.locator(".end-screen").inner_text()
        page.locator(".end-screen").scroll_into_view_if_needed()
        screenshot(page, SCREENS / "table-controls-resigned-phone.png")
        assert not page.locator(".table-controls button").count()
        # The record verifies on the Verify page's engine.
        report = page.evaluate("(r) => window.__vt.engine.call('verify', {text: JSON.stringify(r)})", snap["record"])
        assert report["ok"], report


def test_a_draw_offered_and_accepted_between_two_people_in_portuguese(browser, site):
    with one_device(browser, 1366, 768) as page:
        page.goto(site.url("index.html#/"))
        page.click("button:has-text('PT')")
        new_table(page, site, "elderwood", ["person", "person"], names=["Ana", "Bruno"], timers=False)
        wait_page_state(page, "handoff")
        page.locator(".handoff-card button").click()
        wait_page_state(page, "interactive")
        first = snapshot(page)["decision"]["players"][0]
        offer = control(page, "@draw?")
        assert offer.inner_text() == "Oferecer empate" and control(page, "@resign").inner_text() == "Desistir"
        n = moves(page)
        offer.click()
        wait_moves(page, n)
        wait_page_state(page, "interactive")
        assert not control(page, "@draw?").count()
        play_first_listed_move(page)
        wait_page_state(page, "handoff")
        page.locator(".handoff-card button").click()
        wait_page_state(page, "interactive")
        assert snapshot(page)["decision"]["players"] == [1 - first]
        assert "oferece empate" in page.locator(".table-controls .draw-offer").inner_text()
        assert control(page, "@draw:no").inner_text() == "Recusar o empate"
        screenshot(page, SCREENS / "table-controls-desktop-pt.png")
        control(page, "@draw:yes").click()
        wait_page_state(page, "over")
        snap = snapshot(page)
        assert snap["outcome"] == "draw" and snap["winners"] == [0, 1]
        assert "Aceitou o empate" in page.locator(".log-list").inner_text()


def test_resigning_at_a_three_seat_table_lets_the_others_play_on(browser, site):
    with one_device(browser, 1366, 768) as page:
        new_table(page, site, "hollowmere", ["person", "bot", "bot"], options={"first": "Seat 1"}, timers=False)
        wait_page_state(page, "interactive")
        assert snapshot(page)["decision"]["players"] == [0]
        control(page, "@resign").click()
        control(page, "@resign").click()
        wait_page_state(page, "over", "bot")
        snap = snapshot(page)
        assert 0 in snap["view"]["resigned"]
        page.wait_for_function("document.body.dataset.state === 'over'", timeout=240_000)
        snap = snapshot(page)
        assert 0 not in snap["winners"]
        # (a tile that fits nowhere is set aside by the table on its seat's turn: not a move of the person's)
        mine = [(a, by) for a, (seat, by) in zip(snap["record"]["actions"], snap["record"]["actors"])
                if seat == 0 and not a.startswith("aside:")]
        assert mine[0][0] == "@resign" and all(by == "timer" for _, by in mine[1:]), mine
