"""The Elderwood board in Chromium: whole games against the bot played only through the
board (keyboard alone, then taps alone on a phone), rings equal to the engine's legal
targets, Escape and a second tap putting a tile back, Fit, wheel, pinch and the buttons.

The person's moves are chosen by the engine's own search (the Normal bot's, in CPython,
from the view's history) so a game ends in a few dozen moves; the renderer is then asked
to play each one through its piles, tiles and rings, never through "All my moves".
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.browser.vt_page import centre, keys_are_listed, moves, pinch_out, snapshot, touch_drag, wait_moves

from py_engine.games.elderwood.bots import search_move
from py_engine.games.elderwood.notation import format_move
from py_engine.games.elderwood.layout import rebuild

ARGS_BOT_DELAY = 20


# --- starting a table ---------------------------------------------------------------------

def start_table(page, site):
    """A new Elderwood table: seat 1 a person, seat 2 the Easy bot, timers off."""
    page.goto(site.url("index.html#/new/elderwood"))
    page.wait_for_selector("#start")
    page.wait_for_selector("#seat-kind-1")
    if page.locator("#seat-level-1").count():
        page.select_option("#seat-level-1", "easy")
    page.wait_for_selector("#opt-clock")
    page.select_option("#opt-clock", "off")
    page.click("#start")
    page.wait_for_function("location.hash.startsWith('#/table/')", timeout=120_000)
    table_id = page.evaluate("location.hash.split('/')[2].split('?')[0]")
    page.evaluate(f"location.hash = '#/table/{table_id}?botdelay={ARGS_BOT_DELAY}'")
    page.wait_for_selector(".ew-root")
    return table_id


def wait_turn(page):
    """Until the person must move (the board shows it) or the game is over. Returns the snapshot."""
    page.wait_for_function(
        "document.body.dataset.state === 'over' || (document.body.dataset.state === 'interactive'"
        " && document.querySelector('.ew-root') && document.querySelector('.ew-root').dataset.myturn === '1')",
        timeout=120_000)
    return snapshot(page)


def choose(snap) -> dict:
    """The move the engine's search would play, as the view lists it ({action, piece, from, to})."""
    view = snap["view"]
    pos = rebuild(view)
    action = format_move(pos, search_move(pos, "normal", None))
    legal = {m["action"] for m in snap["legal"]}
    assert action in legal
    return next(m for m in view["moves"] if m["action"] == action)


def source_of(move) -> str:
    return f"t:{move['from'][0]},{move['from'][1]}" if move["from"] else f"p:{move['piece'][1]}"


def legal_targets(snap, source: str) -> set[str]:
    """Targets the engine allows for one pile or tile: view.moves restricted to snapshot.legal."""
    legal = {m["action"] for m in snap["legal"]}
    out = set()
    for m in snap["view"]["moves"]:
        if m["action"] not in legal or not m["to"]:
            continue
        if source_of(m) == source:
            out.add(f"{m['to'][0]},{m['to'][1]}")
    return out


def board_state(page) -> dict:
    return page.evaluate("""(() => { const r = document.querySelector('.ew-root');
        return {lifted: r.dataset.lifted, rings: r.dataset.rings ? r.dataset.rings.split(';') : []}; })()""")


def log_length(page) -> int:
    return moves(page)


def wait_log_beyond(page, n):
    wait_moves(page, n)


def my_seat(snap) -> int:
    return next(i for i, s in enumerate(snap["seats"]) if not s["bot"])


def check_finished(page, snap, me, shot=None):
    assert snap["terminal"]
    mine = [e for e in snap["log"] if e["seat"] == me]
    assert mine and all(e["by"] == "seat" for e in mine), "every move of the person came from the board"
    assert page.evaluate("document.body.dataset.state") == "over"
    # How it ended, in words: on the board (where the person was looking) and on the end screen.
    ending = snap["view"]["ending"]["en"]
    assert page.evaluate("document.querySelector('.ew-hint span').textContent") == ending
    page.wait_for_selector(".end-screen")
    assert ending in page.locator(".end-screen").inner_text()
    for row in snap["view"]["sheet"]["rows"]:
        assert row["values"]["elder"] in ("–",) + tuple(f"{n}/6" for n in range(7))
    if shot:
        page.locator(".ew-root").scroll_into_view_if_needed()
        page.screenshot(path=shot, scale="css")   # a phone at 2× would pass 300 KB


# --- keyboard -------------------------------------------------------------------------------

ACTIVE = "(() => { const a = document.activeElement; return a ? {id: a.dataset.id || null," \
         " pile: a.dataset.pile || null, tag: a.tagName} : null; })()"


def tab_to(page, source: str, limit: int = 260):
    """Press Tab until the pile or tile `source` has the focus."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        a = page.evaluate(ACTIVE)
        if not a:
            continue
        if source.startswith("p:") and a["pile"] == source[2:] and a["tag"] == "BUTTON":
            return
        if a["id"] == source:
            return
    raise AssertionError(f"Tab never reached {source}")


def keyboard_move(page, snap, move, escape_first=False):
    src = source_of(move)
    target = f"{move['to'][0]},{move['to'][1]}"
    expected = legal_targets(snap, src)
    tab_to(page, src)
    if escape_first:
        # Escape puts the lifted tile back; so does Space, which toggles the lift (on the first ring,
        # Enter would set it down). Either gives the focus back to the tile.
        for key in ("Escape", "Space"):
            page.keyboard.press("Enter")
            assert board_state(page)["lifted"] == src
            page.keyboard.press(key)
            assert board_state(page) == {"lifted": "", "rings": []}
            a = page.evaluate(ACTIVE)
            assert (a["pile"] == src[2:]) if src.startswith("p:") else (a["id"] == src), f"{key} gives the focus back"
    page.keyboard.press("Enter")
    state = board_state(page)
    assert state["lifted"] == src
    assert set(state["rings"]) == expected and len(state["rings"]) == len(expected)
    # The first ring has the focus; the arrows walk every ring.
    seen = []
    for _ in range(len(expected) + 1):
        a = page.evaluate(ACTIVE)
        assert a["id"] and a["id"].startswith("r:")
        seen.append(a["id"][2:])
        if a["id"] == f"r:{target}":
            break
        page.keyboard.press("ArrowRight")
    else:
        raise AssertionError(f"arrows never reached ring {target}; saw {seen}")
    before = log_length(page)
    page.keyboard.press("Enter")
    wait_log_beyond(page, before)
    assert snapshot(page)["log"][before]["action"] == move["action"]


def test_a_whole_game_with_the_keyboard_only(page, live_site, context):
    page.set_default_timeout(120_000)
    start_table(page, live_site)
    snap = wait_turn(page)
    me = my_seat(snap)
    moves = 0
    while not snap["terminal"]:
        if moves:
            # The focus stayed on the board through the move and the bot's (no Tab through the header).
            assert page.evaluate("document.querySelector('.ew-root').contains(document.activeElement)")
        move = choose(snap)
        keyboard_move(page, snap, move, escape_first=moves == 0)
        if moves == 0:
            # ? lists the keys in words; Escape closes the list and the focus comes back to the board.
            keys_are_listed(page, ".ew-root", ("Enter", "Space", "Arrow keys", "Escape", "ring"))
        moves += 1
        snap = wait_turn(page)
    check_finished(page, snap, me)
    assert moves >= 4
    assert context.blocked == []


# --- taps on a phone --------------------------------------------------------------------------


def board_box(page):
    return page.locator(".ew-board").bounding_box()


def inside(box, p, margin=24, controls=None):
    """On the board, clear of its edges and of the zoom buttons."""
    if controls and (controls["x"] - 8 <= p["x"] <= controls["x"] + controls["width"] + 8
                     and controls["y"] - 8 <= p["y"] <= controls["y"] + controls["height"] + 8):
        return False
    return (box["x"] + margin <= p["x"] <= box["x"] + box["width"] - margin
            and box["y"] + margin <= p["y"] <= box["y"] + box["height"] - margin)


def tap_control(page, name):
    """Tap a zoom/Fit button; a touch's click event comes a moment after the touch ends."""
    b = page.locator(f".vt-controls button[data-control='{name}']").bounding_box()
    s0 = viewport_state(page)["scale"]
    page.ew_zoomed = True
    page.touchscreen.tap(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
    if name != "fit":
        page.wait_for_function(f"document.querySelector('.ew-root').__renderer.viewport.scale != {s0}"
                               " || document.querySelector('.ew-root').__renderer.viewport.scale <= 8.0001"
                               " || document.querySelector('.ew-root').__renderer.viewport.scale >= 139.999")
    else:
        page.wait_for_function("document.querySelector('.ew-root').__renderer.viewport.following")


def wait_lifted(page, value):
    page.wait_for_function(f"document.querySelector('.ew-root').dataset.lifted === {json.dumps(value)}", timeout=5000)


def visible_point(page, q, r):
    """Page coordinates of a cell, tapping Fit and then zoom-out until it is on screen."""
    box = board_box(page)
    controls = page.locator(".ew-board .vt-controls").bounding_box()
    where = f"document.querySelector('.ew-root').__renderer.pointFor({q}, {r})"
    p = page.evaluate(where)
    if inside(box, p, controls=controls):
        return p
    tap_control(page, "fit")
    for _ in range(8):
        p = page.evaluate(where)
        if inside(box, p, controls=controls):
            return p
        tap_control(page, "zoomOut")
    raise AssertionError(f"cell {q},{r} never came on screen")


def tap_source(page, src):
    if src.startswith("p:"):
        b = page.locator(f".ew-strip .ew-pile[data-pile='{src[2:]}']").last.bounding_box()
        page.touchscreen.tap(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
    else:
        q, r = map(int, src[2:].split(","))
        p = visible_point(page, q, r)
        page.touchscreen.tap(p["x"], p["y"])


def test_a_whole_game_with_taps_only_on_a_phone(phone, live_site):
    page = phone
    start_table(page, live_site)
    snap = wait_turn(page)
    me = my_seat(snap)
    # Touch targets at the default zoom: piles and tiles at least 40 px.
    pile = page.locator("button.ew-pile").first.bounding_box()
    assert pile["width"] >= 40 and pile["height"] >= 40
    put_back_tested = False
    moves = 0
    while not snap["terminal"]:
        move = choose(snap)
        src = source_of(move)
        expected = legal_targets(snap, src)
        tap_source(page, src)
        wait_lifted(page, src)
        state = board_state(page)
        assert set(state["rings"]) == expected
        if src.startswith("t:") and not put_back_tested:
            if not getattr(page, "ew_zoomed", False):
                scale = page.evaluate("document.querySelector('.ew-root').__renderer.viewport.scale")
                assert scale * 3 ** 0.5 * 0.9 >= 40, "a tile is at least 40 px across at the default zoom"
            tap_source(page, src)   # the same tile again: put back
            wait_lifted(page, "")
            assert board_state(page) == {"lifted": "", "rings": []}
            tap_source(page, src)
            wait_lifted(page, src)
            put_back_tested = True
        p = visible_point(page, move["to"][0], move["to"][1])
        before = log_length(page)
        page.touchscreen.tap(p["x"], p["y"])
        wait_log_beyond(page, before)
        assert snapshot(page)["log"][before]["action"] == move["action"]
        moves += 1
        snap = wait_turn(page)
    check_finished(page, snap, me, shot=str(Path(__file__).resolve().parents[2] / "docs" / "screens"
                                            / "elderwood-phone-end.png"))
    assert moves >= 4


# --- the view: fit, wheel, pinch, buttons ----------------------------------------------------------

def viewport_state(page):
    return page.evaluate("""(() => { const v = document.querySelector('.ew-root').__renderer.viewport;
        return {scale: v.scale, following: v.following}; })()""")


def test_fit_wheel_pinch_and_zoom_buttons(phone, live_site):
    page = phone
    start_table(page, live_site)
    snap = wait_turn(page)
    # Two placements so there is a group to look at.
    for _ in range(2):
        move = snap["view"]["moves"][0]
        src = source_of(move)
        tap_source(page, src)
        wait_lifted(page, src)
        p = visible_point(page, *move["to"])
        before = log_length(page)
        page.touchscreen.tap(p["x"], p["y"])
        wait_log_beyond(page, before)
        snap = wait_turn(page)
    fitted = viewport_state(page)
    assert fitted["following"]

    tap_control(page, "zoomIn")
    z = viewport_state(page)
    assert z["scale"] > fitted["scale"] and not z["following"]

    # A two-finger pinch outwards zooms in further, round its middle.
    box = board_box(page)
    cx, cy = centre(box)
    pinch_out(page, cx, cy)
    pinched = viewport_state(page)
    assert pinched["scale"] > z["scale"] * 1.5

    # One finger drags: the view pans and nothing is lifted.
    before = page.evaluate("document.querySelector('.ew-root').__renderer.pointFor(0, 0)")
    touch_drag(page, cx, cy, 80, 40)
    after = page.evaluate("document.querySelector('.ew-root').__renderer.pointFor(0, 0)")
    assert abs(after["x"] - before["x"] - 80) < 12 and abs(after["y"] - before["y"] - 40) < 12
    assert board_state(page)["lifted"] == ""

    page.wait_for_timeout(600)   # a person's next tap comes a moment later, not within the drag's gesture
    tap_control(page, "fit")
    again = viewport_state(page)
    assert again["following"] and abs(again["scale"] - fitted["scale"]) < 1e-6
    # Fit shows every tile of the group inside the board.
    for s in snapshot(page)["view"]["stacks"]:
        p = page.evaluate(f"document.querySelector('.ew-root').__renderer.pointFor({s['q']}, {s['r']})")
        assert inside(box, p, margin=0)


def test_wheel_zooms_round_the_pointer_and_spectator_view_is_read_only(page, live_site):
    start_table(page, live_site)
    wait_turn(page)
    box = board_box(page)
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    s0 = viewport_state(page)["scale"]
    page.mouse.move(cx, cy)
    page.mouse.wheel(0, -400)
    page.wait_for_function(f"document.querySelector('.ew-root').__renderer.viewport.scale > {s0 * 1.2}")
    page.mouse.wheel(0, 800)
    page.wait_for_function(f"document.querySelector('.ew-root').__renderer.viewport.scale < {s0}")
    # The same snapshot seen by nobody: same drawing, no piles to press, no rings ever.
    snap = snapshot(page)
    page.evaluate("""(snap) => { const r = document.querySelector('.ew-root').__renderer;
        r.update({...snap, legal: []}, null); }""", snap)
    assert page.locator(".ew-strip button.ew-pile").count() == 0
    assert page.evaluate("document.querySelector('.ew-root').dataset.myturn") == "0"
    assert json.loads(json.dumps(board_state(page))) == {"lifted": "", "rings": []}
