"""Whole Hollowmere games in the real app (Pyodide engine, table page), played on the board only.

The person plays every turn with the keyboard on the valley: focus the first marked cell,
Enter to lay it, then a number key for the Warden (1 on alternate turns, 0 otherwise); with
the Mist Veil on, the person casts it once with the board's button. Never the "All my
moves" list. Run once with every option off and once with every option on, so each option
is seen both ways (hidden next tile: absent from the page every turn).
"""
from __future__ import annotations

import time

import pytest

from tests.browser.vt_page import moves, snapshot, wait_moves

ENGINE_WAIT = 180_000


def _state(page):
    return page.evaluate("document.body.dataset.state || null")


def _wait_state(page, *states):
    page.wait_for_function("(s) => s.includes(document.body.dataset.state)", arg=list(states), timeout=ENGINE_WAIT)
    return _state(page)


def _log_len(page) -> int:
    return moves(page)


@pytest.mark.parametrize("options", [
    {},
    {"hide_next": True, "meadows": True, "mist_veil": True},
], ids=["options-off", "options-on"])
def test_whole_game_against_a_bot_on_the_board(page, site, options):
    page.goto(site.url("index.html#/new/hollowmere?botdelay=0&timer=900"))
    page.wait_for_selector("form.newtable #start")
    page.select_option("#seat-kind-0", "person")
    page.select_option("#seat-kind-1", "bot")
    if page.locator("#seat-level-1").count():
        page.select_option("#seat-level-1", "easy")
    page.wait_for_selector("#opt-mist_veil", timeout=ENGINE_WAIT)
    for name in ("hide_next", "meadows", "mist_veil"):
        page.set_checked(f"#opt-{name}", bool(options.get(name)))
    page.click("#start")
    page.wait_for_function("location.hash.startsWith('#/table/')", timeout=ENGINE_WAIT)

    deadline = time.time() + 600
    turns = 0
    veiled = False
    wardens = 0
    while time.time() < deadline:
        state = _wait_state(page, "interactive", "over")
        if state == "over":
            break
        page.wait_for_selector('.hm-root[data-interactive="1"]')
        snap = snapshot(page)
        view = snap["view"]
        if options.get("hide_next"):
            assert page.locator(".hm-next").count() == 0
            assert "next" not in view
        elif view.get("next"):
            assert page.get_attribute(".hm-next", "data-tile") == view["next"]
        before = _log_len(page)
        legal = {e["action"] for e in snap["legal"]}
        if options.get("mist_veil") and not veiled and "veil" in legal:
            page.click('.hm-root [data-act="veil"]')
            veiled = True
            wait_moves(page, before)
            continue
        assert page.locator('.hm-root [data-act="veil"]').count() == (1 if "veil" in legal else 0)
        first = page.locator(".hm-root .vt-focus-item").first
        first.focus()
        page.keyboard.press("Enter")
        if page.get_attribute(".hm-root", "data-stage") == "warden":
            key = "1" if turns % 2 == 0 else "0"
            wardens += key == "1"
            page.keyboard.press(key)
        wait_moves(page, before)
        mine = [e for e in snapshot(page)["log"] if e["seat"] == 0 and e["by"] == "seat"]
        assert mine[-1]["action"] in legal
        turns += 1
    assert _state(page) == "over", "the game did not end in time"
    assert turns > 20
    assert wardens > 0
    if options.get("mist_veil"):
        assert veiled
    snap = snapshot(page)
    assert snap["terminal"]
    # Every score the engine gave is itemised on the board.
    scored = [e for e in snap["events"] if e.get("kind") == "score" and e.get("scorers")]
    assert page.locator('.hm-scores li[data-kind="score"]').count() >= min(len(scored), 60)
    shown = [int(x) for x in page.locator(".hm-players .hm-score").all_inner_texts()]
    assert shown == snap["scores"]
    # The end screen's Verify link checks this very game, offline, in the worker.
    page.wait_for_function("() => /#\\/verify\\?r=/.test(document.querySelector('.end-box a[href^=\"#/verify\"]').getAttribute('href'))")
    page.click('.end-box a[href^="#/verify"]')
    page.wait_for_selector(".pg-verdict[data-verdict]", timeout=ENGINE_WAIT)
    assert page.get_attribute(".pg-verdict", "data-verdict") == "valid"
