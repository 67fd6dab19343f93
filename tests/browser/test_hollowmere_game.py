"""Hollowmere in the real app (Pyodide engine, table page), played on the board only: whole games
by keys at desktop size and by taps on a phone (390×844), turns by taps at 360×640 and by the
mouse at 1366×800, each checking that a move is sent only once it is confirmed.

By keys, the person plays every turn on the valley: focus the first marked cell (the tile is
placed there, a preview), a number key for the Warden (1 on alternate turns, 0 otherwise), then
Enter lays it; with the Mist Veil on, the person casts it once with the board's button, pressed
twice (arm, then cast). Never the "All my moves" list. Run once with every option off and once
with every option on, so each option is seen both ways (hidden next tile: absent from the page
every turn). Screenshots of the phone, the desktop and both ends go to docs/screens.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.browser.vt_page import (
    device_context, device_page, moves, one_device, page_state, snapshot, wait_moves, wait_page_state,
)

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"

ENGINE_WAIT = 180_000


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
        state = wait_page_state(page, "interactive", "over")
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
            assert _log_len(page) == before
            page.click('.hm-root [data-act="veil"]')
            veiled = True
            wait_moves(page, before)
            continue
        assert page.locator('.hm-root [data-act="veil"]').count() == (1 if "veil" in legal else 0)
        if turns:
            # The focus stayed on the board through the last move and the bots' (no Tab through the header).
            assert page.evaluate("document.querySelector('.hm-root').contains(document.activeElement)")
        first = page.locator(".hm-root .vt-focus-item").first
        first.focus()                                   # the tile is placed there: a preview
        assert page.get_attribute(".hm-root", "data-stage") == "preview"
        if page.locator(".hm-wardens button[data-region]").count() > 1:
            key = "1" if turns % 2 == 0 else "0"
            wardens += key == "1"
            page.keyboard.press(key)
        assert _log_len(page) == before                 # nothing is sent before Enter
        page.keyboard.press("Enter")
        wait_moves(page, before)
        mine = [e for e in snapshot(page)["log"] if e["seat"] == 0 and e["by"] == "seat"]
        assert mine[-1]["action"] in legal
        turns += 1
    assert page_state(page) == "over", "the game did not end in time"
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
    # The sheet itemises each seat's points by what scored them, adding up to the score.
    for row in snap["view"]["sheet"]["rows"]:
        assert sum(row["values"].values()) == snap["scores"][row["seat"]]
    if options:
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SCREENS / "hollowmere-desktop-end.png"))
    # The end screen's Verify link checks this very game, offline, in the worker.
    page.wait_for_function("() => /#\\/verify\\?r=/.test(document.querySelector('.end-box a[href^=\"#/verify\"]').getAttribute('href'))")
    page.click('.end-box a[href^="#/verify"]')
    page.wait_for_selector(".pg-verdict[data-verdict]", timeout=ENGINE_WAIT)
    assert page.get_attribute(".pg-verdict", "data-verdict") == "valid"


# --- a phone: the table page at 390×844 and 360×640, played by taps -----------------------------

@pytest.fixture
def phone_factory(browser):
    made = []

    def make(width, height):
        ctx = device_context(browser, width, height, touch=True)
        pg = device_page(ctx)
        pg.size = (width, height)
        made.append((ctx, pg))
        return pg
    yield make
    for ctx, pg in made:
        ctx.close()
        assert not pg.errors, pg.errors
        assert not ctx.blocked, ctx.blocked


def _option_help_is_shown(page):
    """Each option says in one line what it does (the engine's OptionSpec.help)."""
    from py_engine.games.hollowmere import GAME
    for option in GAME.options:
        if option.across_devices_only:        # the pace of a table over days: not on one device's form
            assert not page.locator(f"#opt-{option.name}").count()
            continue
        shown = page.text_content(f"#opt-{option.name}-help").strip()
        if option.name == "clock":
            # the clock is the form's one choice (Standard, Relaxed, No clock), said in the form's words
            assert "Relaxed" in shown and "No clock" in shown, shown
        else:
            assert shown == option.help["en"]


def _new_table_form(page, site):
    """The new-table form of a person against a bot (Easy), its options' help checked: Start is left to
    the test (a tap on a phone, a click on a desktop)."""
    page.goto(site.url("index.html#/new/hollowmere?botdelay=0&timer=900"))
    page.wait_for_selector("form.newtable #start")
    page.wait_for_selector("#opt-mist_veil", timeout=ENGINE_WAIT)
    _option_help_is_shown(page)
    page.select_option("#seat-kind-0", "person")
    page.select_option("#seat-kind-1", "bot")
    if page.locator("#seat-level-1").count():
        page.select_option("#seat-level-1", "easy")


def _start_phone_table(page, site):
    _new_table_form(page, site)
    page.locator("#start").scroll_into_view_if_needed()
    page.locator("#start").tap()
    page.wait_for_function("location.hash.startsWith('#/table/')", timeout=ENGINE_WAIT)
    page.evaluate("window.scrollTo(0, 0)")


def _box_in_window(page, box, what):
    width, height = page.size
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, (what, box, page.size)
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (what, box, page.size)


def _check_phone_layout(page):
    """The acting controls, the Warden choices and the countdown are on screen without
    scrolling, and every control is a target of at least 40 px."""
    assert page.evaluate("window.scrollY") == 0
    sels = ['.hm-hand [data-act="lay"]', '.hm-hand [data-act="rotr"]', '.hm-hand [data-act="rotl"]',
            '.hm-hand [data-act="cancel"]', ".hm-wardens button", ".vt-controls button"]
    for sel in sels:
        for b in page.locator(sel).all():
            if not b.is_visible():
                continue
            box = b.bounding_box()
            assert box["width"] >= 40 and box["height"] >= 40, (sel, box)
            _box_in_window(page, box, sel)
    clock = page.locator(".countdown")
    assert clock.is_visible()
    _box_in_window(page, clock.bounding_box(), "countdown")
    hint = page.text_content(".hm-status").lower()
    assert ("tap" in hint or "toque" in hint) and not any(
        w in hint for w in ("press", "enter", "click", "clique", "tecle", "setas")), hint


def _safe_point(page, cell):
    """The cell's place on the page if a finger can tap it there (on the valley, clear of the
    hint line and the zoom buttons), else None."""
    x, y = map(int, cell.split(","))
    p = page.evaluate("([x, y]) => document.querySelector('.hm-root').__hm.cellPoint(x, y)", [x, y])
    board = page.locator(".hm-board").bounding_box()
    controls = page.locator(".hm-board .vt-controls").bounding_box()
    status = page.locator(".hm-status").bounding_box() if page.locator(".hm-status").is_visible() else None
    inside = board["x"] + 6 < p["x"] < board["x"] + board["width"] - 6 and board["y"] + 6 < p["y"] < board["y"] + board["height"] - 6
    under = lambda b: b and b["x"] - 4 <= p["x"] <= b["x"] + b["width"] + 4 and b["y"] - 4 <= p["y"] <= b["y"] + b["height"] + 4
    return (p["x"], p["y"]) if inside and not under(controls) and not under(status) else None


def _tap(page, selector):
    box = page.locator(selector).first.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def _tap_a_cell(page, legal_cells):
    """Tap marked cells until one holds the preview (a tap on small cells zooms in first)."""
    for attempt in range(6):
        for cell in legal_cells:
            p = _safe_point(page, cell)
            if p is None:
                continue
            page.touchscreen.tap(*p)
            page.wait_for_timeout(80)
            if page.get_attribute(".hm-root", "data-selected") == cell:
                return cell
            p = _safe_point(page, cell)      # zoomed in around the tap: tap it where it is now
            if p is not None:
                page.touchscreen.tap(*p)
                page.wait_for_timeout(80)
                if page.get_attribute(".hm-root", "data-selected") == cell:
                    return cell
        if attempt % 2 == 0:
            _tap(page, ".vt-controls button[data-control='fit']")
        else:
            # Every marked cell sits under the hint line or the zoom buttons on this small screen:
            # slide the valley with a finger-like drag so the first one comes to the middle.
            x, y = map(int, legal_cells[0].split(","))
            p = page.evaluate("([x, y]) => document.querySelector('.hm-root').__hm.cellPoint(x, y)", [x, y])
            board = page.locator(".hm-board").bounding_box()
            cx, cy = board["x"] + board["width"] / 2, board["y"] + board["height"] / 2
            page.mouse.move(cx, cy)
            page.mouse.down()
            page.mouse.move(cx + (cx - p["x"]), cy + (cy - p["y"]), steps=8)
            page.mouse.up()
        page.wait_for_timeout(120)
    raise AssertionError("no marked cell could be tapped")


def _play_turn_by_taps(page, turn_no):
    snap = snapshot(page)
    before = _log_len(page)
    legal_cells = sorted({a["action"].split("@")[1].split("r")[0] for a in snap["legal"] if "@" in a["action"]})
    cell = _tap_a_cell(page, legal_cells)
    assert page.get_attribute(".hm-root", "data-stage") == "preview"
    chips = page.locator(".hm-wardens button[data-region]")
    if chips.count() > 1 and turn_no % 2 == 0:
        _tap(page, ".hm-wardens button[data-key='1']")
    assert _log_len(page) == before                      # nothing sent before "Lay tile"
    _check_phone_layout(page)
    _tap(page, '.hm-hand [data-act="lay"]')
    wait_moves(page, before)
    mine = [e for e in snapshot(page)["log"] if e["seat"] == 0 and e["by"] == "seat"]
    assert mine[-1]["action"] in {e["action"] for e in snap["legal"]}
    assert mine[-1]["action"].split("@")[1].startswith(cell + "r")


@pytest.mark.parametrize("size", [(360, 640)], ids=["360x640"])
def test_phone_table_controls_and_countdown_stay_on_screen(phone_factory, site, size):
    page = phone_factory(*size)
    _start_phone_table(page, site)
    for turn_no in range(3):
        wait_page_state(page, "interactive")
        page.wait_for_selector('.hm-root[data-interactive="1"]')
        _check_phone_layout(page)
        _play_turn_by_taps(page, turn_no)
    wait_page_state(page, "interactive")
    page.wait_for_selector('.hm-root[data-interactive="1"]')
    page.screenshot(path=str(SCREENS / "hollowmere-phone-360.png"))
    # In Portuguese too: the words are longer, the controls still fit.
    _tap(page, ".lang-switch [data-lang=pt]")
    page.wait_for_function("document.documentElement.lang.startsWith('pt')")
    snap = snapshot(page)
    cells = sorted({a["action"].split("@")[1].split("r")[0] for a in snap["legal"] if "+" in a["action"]}) or \
        sorted({a["action"].split("@")[1].split("r")[0] for a in snap["legal"] if "@" in a["action"]})
    _tap_a_cell(page, cells)
    _check_phone_layout(page)
    assert page.inner_text('.hm-hand [data-act="lay"]') == "Colocar peça"
    page.screenshot(path=str(SCREENS / "hollowmere-phone-360-pt.png"))
    _tap(page, ".lang-switch [data-lang=en]")


def test_whole_game_by_taps_on_a_phone(phone_factory, site):
    page = phone_factory(390, 844)
    _start_phone_table(page, site)
    deadline = time.time() + 900
    turns = 0
    while time.time() < deadline:
        if wait_page_state(page, "interactive", "over") == "over":
            break
        page.wait_for_selector('.hm-root[data-interactive="1"]')
        if turns == 2:
            # A preview, for the pictures: placed, with a Warden picked, not laid yet.
            snap = snapshot(page)
            cells = sorted({a["action"].split("@")[1].split("r")[0] for a in snap["legal"] if "+" in a["action"]})
            if cells:
                _tap_a_cell(page, cells)
                if page.locator(".hm-wardens button[data-key='1']").count():
                    _tap(page, ".hm-wardens button[data-key='1']")
                page.screenshot(path=str(SCREENS / "hollowmere-phone.png"))
                _tap(page, '.hm-hand [data-act="cancel"]')
                assert page.get_attribute(".hm-root", "data-stage") == "pick"
        _play_turn_by_taps(page, turns)
        turns += 1
    assert page_state(page) == "over", "the game did not end in time"
    assert turns > 20
    snap = snapshot(page)
    shown = [int(x) for x in page.locator(".hm-players .hm-score").all_inner_texts()]
    assert shown == snap["scores"]
    sheet = snap["view"]["sheet"]
    for row in sheet["rows"]:
        assert sum(row["values"].values()) == snap["scores"][row["seat"]]
    end = page.text_content(".end-box")
    assert snap["view"]["ending"]["en"] in end
    for column in sheet["columns"]:
        assert column["label"]["en"] in end, column
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SCREENS / "hollowmere-phone-end.png"))


# --- a desktop: 1366×800, played with the mouse ------------------------------------------------

def test_desktop_turns_by_mouse_place_then_lay(browser, site):
    with one_device(browser, 1366, 800) as page:
        _new_table_form(page, site)
        page.click("#start")
        page.wait_for_function("location.hash.startsWith('#/table/')", timeout=ENGINE_WAIT)
        for turn_no in range(5):
            wait_page_state(page, "interactive")
            page.wait_for_selector('.hm-root[data-interactive="1"]')
            snap = snapshot(page)
            before = _log_len(page)
            with_spot = sorted({a["action"].split("@")[1].split("r")[0] for a in snap["legal"] if "+" in a["action"]})
            cell = with_spot[0] if with_spot else snap["legal"][0]["action"].split("@")[1].split("r")[0]
            x, y = map(int, cell.split(","))
            p = page.evaluate("([x, y]) => document.querySelector('.hm-root').__hm.cellPoint(x, y)", [x, y])
            page.mouse.move(p["x"], p["y"])
            page.mouse.move(p["x"] + 2, p["y"] + 2)
            assert page.get_attribute(".hm-root", "data-selected") == ""      # hovering chooses nothing
            page.mouse.click(p["x"], p["y"])
            assert page.get_attribute(".hm-root", "data-selected") == cell, (p, turn_no)
            assert page.get_attribute(".hm-root", "data-input") == "mouse"
            assert page.text_content(".hm-hand .hm-hint").startswith("Click")
            # The valley fits the window; the hand, its Warden choices and Lay tile are in view.
            for sel in (".hm-board", '.hm-hand [data-act="lay"]', ".countdown"):
                box = page.locator(sel).bounding_box()
                assert box["y"] >= 0 and box["y"] + box["height"] <= 800 + 0.5, (sel, box)
            region = page.get_attribute(".hm-wardens button[data-key='1']", "data-region") \
                if page.locator(".hm-wardens button[data-key='1']").count() else None
            if region:
                q = page.evaluate("(r) => document.querySelector('.hm-root').__hm.spotPoint(r)", region)
                page.mouse.click(q["x"], q["y"])
                assert page.get_attribute(".hm-root", "data-warden") == region
            if turn_no == 1:
                page.screenshot(path=str(SCREENS / "hollowmere-desktop-preview.png"))
            assert _log_len(page) == before
            page.click('.hm-hand [data-act="lay"]')
            wait_moves(page, before)
            mine = [e for e in snapshot(page)["log"] if e["seat"] == 0 and e["by"] == "seat"]
            assert mine[-1]["action"].split("@")[1].startswith(cell + "r")
            assert mine[-1]["action"].endswith(f"+{region}" if region else "-")
        wait_page_state(page, "interactive")
        page.wait_for_selector('.hm-root[data-interactive="1"]')
        page.mouse.move(5, 5)
        page.screenshot(path=str(SCREENS / "hollowmere-desktop.png"))
