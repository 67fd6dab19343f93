"""The Hollowmere board on a phone (touch, 390×844 and 360×640), fed real engine snapshots.

What a new player met on a phone: Warden choices below the fold, hints about keys, cells of
24 px late in a game, laying at the first tap. Here: the acting controls are on screen without
scrolling, every target is at least 40 px, hints speak of taps, a tap on small cells brings them
closer before anything is chosen, and only "Lay tile" sends a move. The same checks inside the
real table page (with its countdown) are in test_hollowmere_game.py.
"""
from __future__ import annotations

import pytest

from tests.browser.test_hollowmere_board import (
    attr, call, cell_point, cells, intents, new_game, open_harness, play_until, shown_with_a_warden, to_my_turn,
    turn_until, warden_choice, with_warden,
)

SIZES = [(390, 844), (360, 640)]


def phone_page(browser, site, width, height):
    ctx = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=2,
                              has_touch=True, is_mobile=True)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    open_harness(page, site)
    return ctx, page, errors


@pytest.fixture(params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def phone(request, browser, site):
    width, height = request.param
    ctx, page, errors = phone_page(browser, site, width, height)
    page.size = (width, height)
    yield page
    ctx.close()
    assert not errors, errors


def scale(page) -> float:
    return page.evaluate("document.querySelector('.hm-root').__hm.viewport.scale")


def tap_xy(page, x, y):
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(60)


def tap(page, selector):
    box = page.locator(selector).first.bounding_box()
    tap_xy(page, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def tap_cell(page, cell: str):
    """Tap a marked cell the way a person does: if the board brings the place closer first, tap
    it again where it now is."""
    for _ in range(3):
        tap_xy(page, *cell_point(page, cell))
        if attr(page, "selected") == cell:
            return
    raise AssertionError(f"the cell {cell} could not be placed on by taps")


def on_screen(page, selector):
    """Every element of `selector` is wholly inside the window and at least 40 px each way."""
    width, height = page.size
    boxes = [b.bounding_box() for b in page.locator(selector).all() if b.is_visible()]
    assert boxes, selector
    for box in boxes:
        assert box["width"] >= 40 and box["height"] >= 40, (selector, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (selector, box)
        assert box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, (selector, box)


def touch_words(text: str):
    low = text.lower()
    assert "tap" in low or "toque" in low, text
    for key_word in ("press", "enter", "arrow", "r turns", "escape", "click"):
        assert key_word not in low, text


def test_the_acting_controls_and_warden_choices_are_on_screen_and_big_enough(phone):
    _, tile, cell, r, regions = shown_with_a_warden(phone)
    assert attr(phone, "input") == "touch"
    assert "hm-narrow" in phone.get_attribute(".hm-root", "class")
    on_screen(phone, '.hm-hand [data-act="lay"]')
    on_screen(phone, '.hm-hand [data-act="rotr"]')
    touch_words(phone.text_content(".hm-status"))
    tap_cell(phone, cell)
    assert attr(phone, "stage") == "preview" and intents(phone) == []
    turn_until(phone, r, lambda: tap(phone, '[data-act="rotr"]'))
    touch_words(phone.text_content(".hm-status"))
    # Every Warden choice and "No Warden", Take back and Lay tile: on screen, no scrolling.
    on_screen(phone, ".hm-wardens button")
    on_screen(phone, '.hm-hand [data-act="lay"]')
    on_screen(phone, '.hm-hand [data-act="cancel"]')
    assert phone.evaluate("window.scrollY") == 0
    tap(phone, f'.hm-wardens button[data-region="{regions[0]}"]')
    assert attr(phone, "warden") == regions[0] and intents(phone) == []
    tap(phone, '[data-act="lay"]')
    assert intents(phone) == [f"{tile}@{cell}r{r}+{regions[0]}"]


def test_late_in_a_game_a_tap_on_small_cells_zooms_in_before_choosing(phone):
    """Cells of ~20 px: the first tap brings that part of the valley closer (as maps do); only
    then is a cell chosen, and each target is at least 40 px."""
    snap = play_until(new_game({}, seed="3a" * 32), lambda s: len(s["view"]["tiles"]) >= 50 and with_warden(s))
    phone.show(snap)
    assert scale(phone) < 40, "the whole late valley fits at less than a fingertip per cell"
    touch_words(phone.text_content(".hm-status"))
    cell, r, regions = warden_choice(snap)
    tap_xy(phone, *cell_point(phone, cell))
    assert attr(phone, "selected") == "" and intents(phone) == []
    assert scale(phone) >= 40
    tap_xy(phone, *cell_point(phone, cell))
    assert attr(phone, "selected") == cell and attr(phone, "stage") == "preview"
    # The preview is brought close enough that its Warden spots are fingertip targets.
    assert scale(phone) >= 100
    turn_until(phone, r, lambda: tap(phone, '[data-act="rotr"]'))
    p = phone.evaluate("(reg) => document.querySelector('.hm-root').__hm.spotPoint(reg)", regions[0])
    tap_xy(phone, p["x"], p["y"])
    assert attr(phone, "warden") == regions[0] and intents(phone) == []
    # Tapping the tile elsewhere turns it; Take back lifts it; nothing was sent.
    tap(phone, '[data-act="cancel"]')
    assert attr(phone, "stage") == "pick" and intents(phone) == []
    tap_cell(phone, cell)
    turn_until(phone, r, lambda: tap(phone, '[data-act="rotr"]'))
    tap(phone, f'.hm-wardens button[data-region="{regions[0]}"]')
    tap(phone, '[data-act="lay"]')
    assert intents(phone) == [f"{snap['view']['hand']}@{cell}r{r}+{regions[0]}"]


def test_a_tap_on_the_placed_tile_turns_it_through_the_turns_that_fit(phone):
    snap = play_until(new_game({}), lambda s: any(1 < len(rs) for rs in cells(s).values()))
    legal = cells(snap)
    cell, rs = next((c, rs) for c, rs in legal.items() if len(rs) > 1)
    phone.show(snap)
    tap_cell(phone, cell)
    seen = {int(attr(phone, "r"))}
    for _ in range(5):
        x, y = cell_point(phone, cell)
        s = scale(phone)
        tap_xy(phone, x - s * 0.4, y + s * 0.4)   # a corner of the tile, clear of Warden spots
        seen.add(int(attr(phone, "r")))
    assert seen == set(rs) and intents(phone) == []


def test_names_and_hints_on_a_phone(phone):
    long = "Maria Eduarda dos Santos Figueiredo"
    snap = to_my_turn(new_game({}, names=(long, "Bo")))
    phone.show(snap)
    name = phone.locator('.hm-players li[data-seat="0"] .hm-pname')
    assert long in name.text_content()
    assert phone.evaluate("(e) => e.scrollWidth <= e.clientWidth + 1", name.element_handle())
    # A spectator's line under the valley says whose turn it is, not what to press.
    spectator = call("snapshot", table=snap["table"], viewer=None)
    phone.show(spectator, None)
    assert phone.locator(".hm-hand .hm-hint").is_visible()
