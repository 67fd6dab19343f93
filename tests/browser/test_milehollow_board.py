"""The Milehollow table in Chromium: whole 3-player games (one person, two Easy bots) played only
through the board — by taps at phone size and by keys at desktop size — with the phone layout,
touch targets, hints, the map's Fit, wheel, pinch and drag, and both languages.

The person's moves are chosen here from the snapshot (pave the longest road it may, else draw), so
a game ends in a few dozen turns; the board is then asked to play each one through its row, deck,
mail pile, roads and sheets, never through "All my moves" (one move is, to show the list still works).
"""
from __future__ import annotations

import json
import time

import pytest

from tests.browser.vt_page import (  # noqa: F401  (centre, tap, touch_drag: the game tests take them from here)
    centre, csp_safe_waits, device_context, keys_are_listed, moves, pinch_out, saved_record, screenshot, snapshot,
    start_new_table, tap, touch_drag, verify_from_end_screen, wait_moves,
)
from pathlib import Path

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"

ENGINE_WAIT = 180_000
ROOT = "document.querySelector('.mh-root')"
R = f"{ROOT}.__renderer"

# --- starting a table -------------------------------------------------------------------------

def start_table(page, site, kinds=("person", "bot", "bot"), names=None, query="botdelay=0&timer=900", timers=True) -> str:
    """A new Milehollow table with these seats (bots Easy); the page ends on the table."""
    return start_new_table(page, site, "milehollow", kinds, names=names, timers=timers, query=query, root=".mh-root")


def board(page) -> dict:
    return page.evaluate(f"""(() => {{ const r = {ROOT}; return {{acting: r.dataset.acting, kind: r.dataset.kind,
        sheet: r.dataset.sheet, road: r.dataset.road, pending: r.dataset.pending, viewer: r.dataset.viewer}}; }})()""")


def wait_turn(page):
    """Until the person must act on the board (its controls are live) or the game is over."""
    page.wait_for_function(
        f"document.body.dataset.state === 'over' || (document.body.dataset.state === 'interactive'"
        f" && {ROOT}.dataset.acting === '1' && {ROOT}.dataset.pending === '0')", timeout=ENGINE_WAIT)
    return snapshot(page)


# --- the person's choices (from the snapshot; the board only carries them out) ------------------

def plan(snap, turn_no: int) -> tuple:
    """Keep the fewest, lowest mail; pave the longest road it may; else draw: now and then a face-up
    card (an Ox when one shows), mail once, the deck otherwise."""
    view, legal = snap["view"], {m["action"] for m in snap["legal"]}
    kind = snap["decision"]["kind"]
    if kind in ("keep", "keep-deal"):
        ids = sorted(m["id"] for m in view["my_pending"])[:max(1, view["keep_min"])]
        return ("keep", ids)
    slots = sorted(int(a[4:]) for a in legal if a.startswith("row:"))
    colours = [s for s in slots if view["row"][s - 1] != "ox"]
    if kind == "draw":
        if turn_no % 2 == 0 and colours:
            return ("row", colours[0])
        return ("deck",) if "deck" in legal else ("row", slots[0])
    paves = [p for p in view["pave"] if f"pave:{p['road']}:{p['cards']}" in legal]
    if paves:
        best = max(paves, key=lambda p: (p["len"], p["road"]))
        mix = best["cards"]
        others = [c for c in best["alternatives"] if f"pave:{best['road']}:{c}" in legal]
        if others and turn_no % 3 == 0:
            mix = others[0]          # now and then change the proposed mix before confirming
        return ("pave", best["road"], mix)
    oxen = [s for s in slots if view["row"][s - 1] == "ox"]
    if oxen and turn_no % 4 == 3:
        return ("row", oxen[0])
    if colours and turn_no % 2 == 1:
        return ("row", colours[0])
    if turn_no == 2 and "mail" in legal:
        return ("mail",)
    if "deck" in legal:
        return ("deck",)
    return ("row", slots[0])


def action_of(choice) -> str:
    if choice[0] == "keep":
        return "keep:" + ",".join(choice[1])
    if choice[0] == "pave":
        return f"pave:{choice[1]}:{choice[2]}"
    if choice[0] == "row":
        return f"row:{choice[1]}"
    return choice[0]


def check_finished(page, snap, me=0):
    assert snap["terminal"]
    mine = [e for e in snap["log"] if e["seat"] == me]
    assert mine and all(e["by"] == "seat" for e in mine), "every move of the person came from the board"
    assert page.evaluate("document.body.dataset.state") == "over"
    # The board shows the final scoring; the shell's end screen verifies the record.
    assert board(page)["sheet"] == "final"
    assert page.locator(".mh-final tbody tr").count() == len(snap["seats"])
    # Each player's mail cards, delivered and not, in words (town names, no ids).
    final = snap["view"]["final"]
    assert page.locator(".mh-final-seat").count() == len(final["seats"])
    for seat in final["seats"]:
        sec = page.locator(f'.mh-final-seat[data-seat="{seat["seat"]}"]')
        assert sec.locator("li").count() == len(seat["mail"])
        assert sec.locator(".mh-final-done li").count() == sum(1 for m in seat["mail"] if m["delivered"])
        assert "m0" not in sec.inner_text() and "m1" not in sec.inner_text()
    width = page.evaluate("window.innerWidth")
    if width >= 1000:
        page.locator(".mh-root").screenshot(path=str(SCREENS / "milehollow-desktop-end.png"), scale="css")
        # A desktop's final scoring stands beside the map, which keeps its size.
        assert page.evaluate(f"{ROOT}.classList.contains('mh-side-sheet')")
        m, sh = page.locator(".mh-map").bounding_box(), page.locator(".mh-sheet").bounding_box()
        assert m["width"] >= 400 and m["height"] >= 400, m
        assert sh["x"] >= m["x"] + m["width"] - 1, (m, sh)     # beside, not over


# --- taps on a phone ------------------------------------------------------------------------------


def safe_area(page):
    """The part of the map a tap may land on: clear of the hint, the last-turn line and the zoom buttons."""
    m = page.locator(".mh-map").bounding_box()
    top = page.locator(".mh-map .mh-now").bounding_box() if page.locator(".mh-map .mh-now").is_visible() else None
    bottom = page.locator(".mh-map .vt-controls").bounding_box()
    y0 = (top["y"] + top["height"] + 4) if top else m["y"] + 8
    y1 = bottom["y"] - 4
    return m["x"] + 10, y0, m["x"] + m["width"] - 10, y1


def tap_road(page, road: str):
    """Tap a road on the map until its paving sheet opens (the board zooms in when roads are close)."""
    for _ in range(10):
        x0, y0, x1, y1 = safe_area(page)
        p = page.evaluate(f"{R}.roadPoint({json.dumps(road)})")
        if not (x0 <= p["x"] <= x1 and y0 <= p["y"] <= y1):
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            touch_drag(page, cx, cy, max(-150, min(150, cx - p["x"])), max(-150, min(150, cy - p["y"])))
            page.wait_for_timeout(300)
            continue
        scale = page.evaluate(f"{R}.viewport.scale")
        page.touchscreen.tap(p["x"], p["y"])
        page.wait_for_timeout(150)
        b = board(page)
        if b["sheet"] == "pave" and b["road"] == road:
            return
        if b["sheet"] == "pave":              # a neighbour: back out and look closer
            tap(page, ".mh-sheet .mh-btn:not(.mh-primary)")
            page.wait_for_function(f"{ROOT}.dataset.sheet === ''")
            tap(page, ".vt-controls button[data-control='zoomIn']")
        elif page.evaluate(f"{R}.viewport.scale") == scale:
            tap(page, ".vt-controls button[data-control='zoomIn']")
        page.wait_for_timeout(300)
    raise AssertionError(f"could not open the paving sheet of {road}")


def pave_from_the_list(page, road: str):
    """The Pave list: a road picked from it is brought into the part of the map really seen, below
    the page's sticky header and above the paying sheet (what is on top at its middle is the map)."""
    tap(page, ".mh-piles .mh-pavepile")
    page.wait_for_function(f"{ROOT}.dataset.sheet === 'roads'")
    item = page.locator(f".mh-sheet .mh-road[data-road='{road}']")
    item.scroll_into_view_if_needed()
    tap(page, f".mh-sheet .mh-road[data-road='{road}']")
    try:
        page.wait_for_function(f"{ROOT}.dataset.sheet === 'pave' && {ROOT}.dataset.road === {json.dumps(road)}", timeout=5000)
    except Exception as e:
        raise AssertionError(("the road's paving sheet did not open from the list", board(page), item.bounding_box())) from e
    page.wait_for_timeout(400)
    p = page.evaluate(f"{R}.roadPoint({json.dumps(road)})")
    seen = page.evaluate("([x, y]) => { const e = document.elementFromPoint(x, y);"
                         " return !!e && !!e.closest('.mh-map') && !e.closest('.vt-controls, .mh-hint'); }", [p["x"], p["y"]])
    assert seen, ("the road picked from the list is not in sight", p)


def play_by_taps(page, choice, by_list=False):
    kind = choice[0]
    if kind == "keep":
        for mid in choice[1]:
            tap(page, f".mh-sheet .mh-mail[data-mail={mid}]")
            page.wait_for_function(f"document.querySelector('.mh-sheet .mh-mail[data-mail={mid}]')"
                                   ".getAttribute('aria-pressed') === 'true'")
        tap(page, ".mh-sheet .mh-confirm")
    elif kind == "row":
        tap(page, f".mh-row .mh-card[data-slot='{choice[1]}']")
        if board(page)["sheet"] == "ox":
            tap(page, ".mh-sheet .mh-confirm")
    elif kind == "deck":
        tap(page, ".mh-piles .mh-pile[data-action=deck]")
    elif kind == "mail":
        tap(page, ".mh-piles .mh-pile[data-action=mail]")
    else:
        _, road, mix = choice
        if by_list:
            pave_from_the_list(page, road)
        else:
            tap_road(page, road)
        if page.get_attribute(".mh-sheet [role=radio][aria-checked=true]", "data-mix") != mix:
            tap(page, f".mh-sheet [role=radio][data-mix='{mix}']")
            page.wait_for_function(f"document.querySelector(\".mh-sheet [role=radio][data-mix='{mix}']\")"
                                   ".getAttribute('aria-checked') === 'true'")
        tap(page, ".mh-sheet .mh-confirm")
        if page.evaluate(f"{R}.viewport.following") is False:
            tap(page, ".vt-controls button[data-control='fit']")


def check_phone_layout(page, height):
    """At phone size the acting controls are on screen without scrolling, the countdown shows, and
    every control is a target of at least 40 px."""
    assert page.evaluate("window.scrollY") == 0
    for sel in (".mh-row .mh-card", ".mh-piles .mh-pile"):
        for box in [page.locator(sel).nth(i).bounding_box() for i in range(page.locator(sel).count())]:
            assert box["width"] >= 40 and box["height"] >= 40, (sel, box)
            assert box["y"] >= 0 and box["y"] + box["height"] <= height, (sel, box)
    for b in page.locator(".vt-controls button").all():
        box = b.bounding_box()
        assert box["width"] >= 40 and box["height"] >= 40
    clock = page.locator(".countdown")
    if clock.is_visible():
        box = clock.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= height


def check_map_fills_the_phone(page):
    """On a tall screen the map is drawn upright, so at Fit it fills its box: no empty bands."""
    if page.evaluate(f"{ROOT}.dataset.sheet") == "keep":
        return
    tap(page, ".vt-controls button[data-control='fit']")
    page.wait_for_timeout(100)
    assert page.evaluate(f"{ROOT}.dataset.upright") == "1"
    box = page.locator(".mh-map").bounding_box()
    a = page.evaluate(f"{R}.viewport.worldToScreen(16, 12)")
    b = page.evaluate(f"{R}.viewport.worldToScreen(682, 988)")
    # Fit fills the box in the direction that limits it (less the hint line and the zoom buttons):
    # the height when the box is wider than the upright map, else the width.
    tall = box["height"] / box["width"] >= 988 / 682
    if tall:
        assert (b["x"] - a["x"]) >= 0.7 * box["width"], (a, b, box)
    else:
        assert (b["y"] - a["y"]) >= 0.8 * box["height"], (a, b, box)


WHAT_LIES_THERE = """(() => { const out = {scrollY: window.scrollY, height: window.innerHeight};
  for (const sel of ['.mh-piles', '.mh-row', '.mh-sheet']) {
    const el = document.querySelector(sel); if (!el) continue;
    const r = el.getBoundingClientRect(), top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    out[sel] = {y: Math.round(r.y), h: Math.round(r.height), onTop: top ? top.className || top.tagName : null};
  }
  return out; })()"""


def test_a_whole_game_by_taps_at_phone_size(phone, live_site, tmp_path):
    page = phone
    table_id = start_table(page, live_site)
    snap = wait_turn(page)
    check_phone_layout(page, 844)
    check_map_fills_the_phone(page)
    turn_no, played = 0, []
    listed_pave_done = False
    while not snap["terminal"]:
        b = board(page)
        if b["kind"] == "turn" and b["sheet"] == "" and turn_no == 0:
            check_map_fills_the_phone(page)
        if b["kind"] == "turn" and b["sheet"] == "":
            hint = page.locator(".mh-map .mh-now").inner_text()
            assert "tap" in hint.lower() and "D " not in hint and "1–5" not in hint, hint   # hints for a touch screen
        choice = plan(snap, turn_no)
        before = moves(page)
        listed_pave = choice[0] == "pave" and not listed_pave_done
        listed_pave_done = listed_pave_done or listed_pave
        if listed_pave:
            page.evaluate("window.scrollTo(0, 120)")      # the page's sticky header now lies over the map's top
        play_by_taps(page, choice, by_list=listed_pave)
        try:
            wait_moves(page, before)
        except TimeoutError as e:   # say where the finger was and what lay there
            page.screenshot(path=str(tmp_path / "lost-tap.png"))
            raise AssertionError(("a move by taps did not land", choice, board(page), page.evaluate(WHAT_LIES_THERE),
                                  str(tmp_path / "lost-tap.png"))) from e
        log = snapshot(page)["log"]
        assert log[before]["action"] == action_of(choice) and log[before]["by"] == "seat"
        played.append(choice[0])
        if snap["decision"]["kind"] == "turn":
            turn_no += 1
        snap = wait_turn(page)
    check_finished(page, snap)
    assert {"keep", "pave", "deck", "row"} <= set(played), played
    print("phone game:", len(played), "moves by taps;", played.count("pave"), "roads paved")
    record = saved_record(page, table_id)
    assert record["result"]["scores"] == snap["scores"]
    verify_from_end_screen(page)


# --- the keyboard at desktop size ----------------------------------------------------------------

def active(page):
    return page.evaluate("""(() => { const a = document.activeElement; return a ? {tag: a.tagName,
        cls: a.className || '', road: a.dataset.road || null, mail: a.dataset.mail || null,
        mix: a.dataset.mix || null} : null; })()""")


def play_by_keys(page, choice):
    kind = choice[0]
    # Letters typed in a text box are words, not moves (after a hand-off the page focuses the
    # "All my moves" filter): a keyboard user first steps back out of it.
    for _ in range(5):
        if not page.evaluate("document.activeElement && document.activeElement.tagName === 'INPUT'"):
            break
        page.keyboard.press("Shift+Tab")
    if kind == "keep":
        page.wait_for_function(f"{ROOT}.dataset.sheet === 'keep' && document.querySelector('.mh-sheet .mh-mail')")
        first = "document.activeElement === document.querySelector('.mh-sheet .mh-mail')"
        if not page.evaluate(first):
            # The focus is elsewhere (after a hand-off the page puts it on "All my moves"): Shift+Tab
            # walks back into the sheet, to its first card.
            for _ in range(40):
                page.keyboard.press("Shift+Tab")
                if page.evaluate(first):
                    break
        assert page.evaluate(first)
        items = page.eval_on_selector_all(".mh-sheet .mh-mail", "els => els.map((e) => e.dataset.mail)")
        for mid in items:
            assert active(page)["mail"] == mid
            if mid in choice[1]:
                page.keyboard.press("Space")
                page.wait_for_function(f"document.querySelector('.mh-sheet .mh-mail[data-mail={mid}]')"
                                       ".getAttribute('aria-pressed') === 'true'")
            page.keyboard.press("ArrowDown")
        # Enter on a card confirms the cards kept as shown (it does not toggle one more).
        pressed = page.eval_on_selector_all(".mh-sheet .mh-mail[aria-pressed=true]", "els => els.length")
        page.keyboard.press("Enter")
        assert page.eval_on_selector_all(".mh-sheet .mh-mail[aria-pressed=true]", "els => els.length") in (0, pressed)
    elif kind == "row":
        page.keyboard.press(str(choice[1]))
        if board(page)["sheet"] == "ox":
            page.wait_for_function("document.activeElement && document.activeElement.matches('.mh-sheet button')")
            page.focus(".mh-sheet .mh-confirm")
            page.keyboard.press("Enter")
    elif kind == "deck":
        page.keyboard.press("d")
    elif kind == "mail":
        page.keyboard.press("m")
    else:
        _, road, mix = choice
        page.keyboard.press("p")
        page.wait_for_function("document.activeElement && document.activeElement.matches('.mh-sheet .mh-road')")
        order = page.eval_on_selector_all(".mh-sheet .mh-road", "els => els.map((e) => e.dataset.road)")
        for _ in range(order.index(road)):
            page.keyboard.press("ArrowDown")
        assert active(page)["road"] == road
        page.keyboard.press("Enter")
        page.wait_for_function(f"{ROOT}.dataset.sheet === 'pave' && document.activeElement"
                               " && document.activeElement.getAttribute('role') === 'radio'")
        mixes = page.eval_on_selector_all(".mh-sheet [role=radio]", "els => els.map((e) => e.dataset.mix)")
        for _ in range(mixes.index(mix)):
            page.keyboard.press("ArrowDown")
        assert active(page)["mix"] == mix
        page.keyboard.press("Enter")


def test_a_whole_game_by_keyboard_at_desktop_size(page, live_site, context):
    page.set_default_timeout(ENGINE_WAIT)
    start_table(page, live_site)
    snap = wait_turn(page)
    turn_no = 0
    escaped = listed = False
    by_list, by_keys = False, 0
    # ? lists the keys in words; Escape closes the list and gives the focus back to the table.
    keys_are_listed(page, ".mh-root", ("Enter", "Space", "Arrow keys", "Escape", "mail"))
    assert page.evaluate(f"{ROOT}.contains(document.activeElement)")
    while not snap["terminal"]:
        if by_keys and not by_list:
            # The focus stayed on the board through the last move and the bots' (never the page's body).
            assert page.evaluate(f"{ROOT}.contains(document.activeElement)"), active(page)
        by_list = False
        b = board(page)
        if b["kind"] == "turn" and b["sheet"] == "":
            assert "D the deck" in page.locator(".mh-map .mh-now").inner_text()
        choice = plan(snap, turn_no)
        before = moves(page)
        if choice[0] == "pave" and not escaped:
            # P opens the list, Escape closes it and gives the focus back to the Pave button.
            page.keyboard.press("p")
            page.wait_for_function(f"{ROOT}.dataset.sheet === 'roads'")
            page.keyboard.press("Escape")
            page.wait_for_function(f"{ROOT}.dataset.sheet === ''")
            assert page.evaluate("document.activeElement.classList.contains('mh-pavepile')")
            escaped = True
        if choice[0] == "deck" and snap["decision"]["kind"] == "turn" and not listed:
            # The shell's "All my moves" list still plays a move with the board on screen.
            page.click('.moves-list button.move[data-action="deck"]')
            listed = by_list = True
        else:
            play_by_keys(page, choice)
            by_keys += 1
        wait_moves(page, before)
        log = snapshot(page)["log"]
        assert log[before]["action"] == action_of(choice)
        if snap["decision"]["kind"] == "turn":
            turn_no += 1
        snap = wait_turn(page)
    check_finished(page, snap)
    assert escaped and listed
    assert context.blocked == []


# --- the map's view and the languages -------------------------------------------------------------

def test_fit_wheel_pinch_drag_and_both_languages(phone, live_site):
    page = phone
    start_table(page, live_site)
    snap = wait_turn(page)
    if board(page)["sheet"] == "keep":
        before = moves(page)
        play_by_taps(page, plan(snap, 0))
        wait_moves(page, before)
        wait_turn(page)
    vp = f"{R}.viewport"
    fitted = page.evaluate(f"({{s: {vp}.scale, f: {vp}.following}})")
    assert fitted["f"]
    # The whole valley shows at the start: every town inside the map.
    box = page.locator(".mh-map").bounding_box()
    for town in ("pedraalta", "nascente", "garcas", "torresal", "poco"):
        p = page.evaluate(f"{R}.townPoint('{town}')")
        assert box["x"] <= p["x"] <= box["x"] + box["width"] and box["y"] <= p["y"] <= box["y"] + box["height"]
    # Labels are drawn at a readable size, and a good share of the towns are named at phone size.
    assert len(page.evaluate(f"{R}.labelled")) >= 12
    cx, cy = centre(box)
    pinch_out(page, cx, cy)
    pinched = page.evaluate(f"{vp}.scale")
    assert pinched > fitted["s"] * 1.5
    before = page.evaluate(f"{R}.townPoint('milhada')")
    touch_drag(page, cx, cy, 60, 30)
    after = page.evaluate(f"{R}.townPoint('milhada')")
    assert abs(after["x"] - before["x"] - 60) < 12 and abs(after["y"] - before["y"] - 30) < 12
    assert board(page)["sheet"] == ""          # a drag is not a tap
    page.wait_for_timeout(500)
    tap(page, ".vt-controls button[data-control='fit']")
    page.wait_for_function(f"{vp}.following")
    assert abs(page.evaluate(f"{vp}.scale") - fitted["s"]) < 1e-6
    # Portuguese: the board's words change with the page language.
    assert page.locator(".mh-piles .mh-pile[data-action=deck] .mh-label").inner_text() == "Deck"
    tap(page, ".lang-switch [data-lang=pt]")
    page.wait_for_function("document.querySelector('.mh-piles .mh-pile[data-action=deck] .mh-label')"
                           ".textContent === 'Baralho'")
    assert page.locator(".vt-controls button[data-control='fit']").inner_text() == "Ajustar"
    assert "Sua vez" in page.locator(".mh-map .mh-now").inner_text()
    tap(page, ".lang-switch [data-lang=en]")
    page.wait_for_function("document.querySelector('.mh-piles .mh-pile[data-action=deck] .mh-label')"
                           ".textContent === 'Deck'")


def test_the_board_styles_apply(page, live_site):
    """The board's own sheet and the shared viewport's apply under the pages' Content-Security-Policy."""
    start_table(page, live_site)
    got = page.evaluate("""(() => { const c = document.querySelector('.mh-map canvas');
      const bar = document.querySelector('.mh-map .vt-controls');
      return [getComputedStyle(c).position, getComputedStyle(bar).position,
              getComputedStyle(document.querySelector('.mh-root')).display]; })()""")
    # the board's column is a flex box, or a grid while a sheet stands beside the map
    assert got[:2] == ["absolute", "absolute"] and got[2] in ("flex", "grid"), got


def test_mail_cards_light_their_towns_and_the_wheel_zooms_round_the_pointer(page, live_site):
    start_table(page, live_site)
    snap = wait_turn(page)
    # Keeping: focusing a card lights its two towns on the map.
    page.mouse.move(2, 2)                      # not resting over a card (that would light it)
    first = page.locator(".mh-sheet .mh-mail").last
    first.focus()
    a, b = first.get_attribute("data-a"), first.get_attribute("data-b")
    page.wait_for_function(f"{ROOT}.dataset.lit === {json.dumps(','.join(sorted([a, b])))}")
    before = moves(page)
    play_by_keys(page, plan(snap, 0))
    wait_moves(page, before)
    snap = wait_turn(page)
    # Your mail: hovering a card lights its towns; a card is marked done exactly when delivered.
    for m in snap["view"]["my_mail"]:
        card = page.locator(f".mh-mails .mh-mail[data-mail={m['id']}]")
        card.hover()
        page.wait_for_function(f"{ROOT}.dataset.lit === {json.dumps(','.join(sorted([m['a'], m['b']])))}")
        assert ("mh-done" in card.get_attribute("class")) == m["delivered"]
    page.mouse.move(5, 5)
    box = page.locator(".mh-map").bounding_box()
    cx, cy = centre(box)
    s0 = page.evaluate(f"{R}.viewport.scale")
    page.mouse.move(cx, cy)
    page.mouse.wheel(0, -400)
    page.wait_for_function(f"{R}.viewport.scale > {s0 * 1.2}")
    page.mouse.wheel(0, 800)
    page.wait_for_function(f"{R}.viewport.scale < {s0}")


def test_at_360_by_640_the_acting_controls_fit_without_scrolling(browser, live_site):
    ctx = device_context(browser, 360, 640, touch=True)
    page = ctx.new_page()
    csp_safe_waits(page)
    page.set_default_timeout(ENGINE_WAIT)
    try:
        start_table(page, live_site)
        wait_turn(page)
        if board(page)["sheet"] == "keep":
            # The keep sheet's cards and its button are on screen too.
            for b in page.locator(".mh-sheet .mh-mail, .mh-sheet .mh-confirm").all():
                box = b.bounding_box()
                assert box["y"] + box["height"] <= 640 and box["height"] >= 40
            snap = snapshot(page)
            before = moves(page)
            play_by_taps(page, plan(snap, 0))
            wait_moves(page, before)
            wait_turn(page)
        check_phone_layout(page, 640)
        # Paving from the list: the sheet's buttons stay on screen.
        snap = snapshot(page)
        if snap["view"]["pave"]:
            tap(page, ".mh-piles .mh-pavepile")
            page.wait_for_function(f"{ROOT}.dataset.sheet === 'roads'")
            tap(page, ".mh-sheet .mh-road")
            page.wait_for_function(f"{ROOT}.dataset.sheet === 'pave'")
            for b in page.locator(".mh-sheet button").all():
                box = b.bounding_box()
                assert box["y"] + box["height"] <= 640 and box["height"] >= 40
    finally:
        ctx.close()
    assert not ctx.blocked
