"""The Wickerfair table in Chromium: a stretch of play by taps at phone size (a fair visitor, the mill
card, a confrontation with the secret dial and a ribbon, from a seed found where they come early), a
whole 3-clan game by keys at desktop size, the layout at 390×844 and 360×640, tooltips and both
languages.

The person's moves are chosen here from the snapshot (``plan_events`` heads for a visitor, then the Old
Mill, then another clan's piece; ``plan_quick`` keeps turns short); the board is then asked to play each
one through its mat, the bar above the map, the map's pieces and rings and the sheet below the map —
never through "All my moves". Bots are Easy; with ``botdelay=0`` a whole game runs in a few minutes.
"""
from __future__ import annotations

import hashlib
import json
import sys
import time
from collections import deque
from pathlib import Path

import pytest

from tests.browser.vt_page import (  # noqa: F401  (centre, tap, touch_drag: the game tests take them from here)
    centre, csp_safe_waits, moves, saved_record, snapshot, start_new_table, store_put, stored, tap,
    touch_drag, verify_from_end_screen, wait_moves, wait_stored,
)

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from py_engine.core.table import Seat, Table  # noqa: E402
from py_engine.registry import get_game  # noqa: E402

ENGINE_WAIT = 180_000
ROOT = "document.querySelector('.wf-root')"
R = f"{ROOT}.__renderer"
GAME = get_game("wickerfair")
DATA = GAME.static_data()

# --- the valley, for the plans (static data only, as a person reads the map) -------------------

HEX = {h["id"]: h for h in DATA["hexes"]}
QR = {(h["q"], h["r"]): h["id"] for h in DATA["hexes"]}
STREAMS = {frozenset(e) for s in DATA["streams"] for e in s["edges"]}
PLATES = [h["id"] for h in DATA["hexes"] if h["plate"]]
OFFSETS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


def _steps(h):
    q, r = HEX[h]["q"], HEX[h]["r"]
    out = [QR[(q + dq, r + dr)] for dq, dr in OFFSETS if (q + dq, r + dr) in QR]
    out = [n for n in out if frozenset((h, n)) not in STREAMS and HEX[n]["terrain"] != "LK"]
    if HEX[h]["plate"]:
        out += [p for p in PLATES if p != h]
    return out


def _distances(src):
    d = {src: 0}
    todo = deque([src])
    while todo:
        h = todo.popleft()
        for n in _steps(h):
            if n not in d:
                d[n] = d[h] + 1
                todo.append(n)
    return d


DIST = {h: _distances(h) for h in HEX}


def _column(view, me, top):
    mat = DATA["mats"][view["clans"][me]["mat"] - 1]
    return 1 + [c["top"] for c in mat["columns"]].index(top)


def _targets(view, me):
    c = view["clans"][me]
    if not c["visitors"] and view["tokens"]:
        return list(view["tokens"])
    if not c["mill_visited"]:
        return ["D4"]
    out = [p for s, o in enumerate(view["clans"]) if s != me for p in [o["herald"], *o["walkers"]] if p and p != "home"]
    return out or list(view["tokens"]) or ["D4"]


def _common(kind, legal, ctx, me):
    """Answers both plans share: the dial high with the strongest card, the first offer, the mill card."""
    if kind == "COURAGE_COMMIT":
        draft = (ctx.get("draft") or {}).get(str(me), {"dial": 0, "cards": []})
        top = ctx["limits"]["dial_max"]
        if draft["dial"] < top and f"dial:{top}" in legal:
            return f"dial:{top}"
        cards = sorted(a for a in legal if a.startswith("card:"))
        if cards:
            return cards[-1]
        return "commit" if "commit" in legal else "blank"
    if kind == "VISITOR_OFFER":
        if ctx.get("offer"):
            return "ok" if "ok" in legal else "+wool"
        offers = [a for a in legal if a.startswith("offer:")]
        return offers[0] if offers else "none"
    if kind in ("MILL_PICK", "SONGLINE_PICK", "MISSION_KEEP", "CONFRONT_ORDER"):
        return legal[0]
    if kind == "SHOW_MISSION":
        return next(a for a in legal if a.startswith("show:"))
    return None


def plan_events(snap):
    """Head for a fair visitor, then the Old Mill, then another clan's herald or walker."""
    v, kind, me = snap["view"], snap["decision"]["kind"], snap["viewer"]
    legal = [m["action"] for m in snap["legal"]]
    ctx = v["ctx"]
    if kind == "CHOOSE_COLUMN":
        for top in ("travel", "bolster", "trade", "harvest"):
            if f"col:{_column(v, me, top)}" in legal:
                return f"col:{_column(v, me, top)}"
        return legal[0]
    if kind == "TOP_OPTION":
        return next((a for a in ("move", "courage", "goodwill", "mill", "coin") if a in legal), "skip")
    if kind == "TRAVEL_UNIT":
        if ctx["unit"] is None:
            return "unit:H" if "unit:H" in legal else "end"
        goal = _targets(v, me)
        steps = [a[3:] for a in legal if a.startswith("to:")]
        if not steps:
            return "end"
        return "to:" + min(steps, key=lambda h: (min(DIST[h].get(g, 99) for g in goal), h))
    return _common(kind, legal, ctx, me) or ("skip" if "skip" in legal else legal[0])


def plan_quick(snap, turn_no):
    """Turns that use every kind of step: the columns in rotation; Travel moves the herald on odd turns
    (else a coin), Trade takes goods or goodwill, Bolster courage or cards, Harvest one hex; every
    payable bottom action is done (its first placement)."""
    v, kind, me = snap["view"], snap["decision"]["kind"], snap["viewer"]
    legal = [m["action"] for m in snap["legal"]]
    ctx = v["ctx"]
    odd = turn_no % 2 == 1
    if kind == "CHOOSE_COLUMN":
        cols = sorted(a for a in legal if a.startswith("col:"))
        return cols[turn_no % len(cols)]
    if kind == "TOP_OPTION":
        prefs = ("move" if odd else "coin", "goods" if odd else "goodwill", "courage" if odd else "cards", "harvest", "mill")
        return next((a for a in prefs if a in legal), "skip")
    if kind == "TRAVEL_UNIT":
        if ctx["unit"] is None:
            return "unit:H" if "unit:H" in legal else "end"
        steps = sorted(a for a in legal if a.startswith("to:"))
        return steps[turn_no % len(steps)] if steps else "end"
    if kind == "HARVEST_HEXES":
        hexes = [a for a in legal if a.startswith("hex:")]
        if hexes and not ctx["hexes"]:
            return hexes[0]
        return "ok" if "ok" in legal else "skip"
    if kind == "TRADE_MIX":
        return "ok" if "ok" in legal else ("+grain", "+wood", "+clay", "+wool")[len(ctx["mix"]) % 4]
    if kind == "BOTTOM_DO":
        return "do"
    if kind in ("IMPROVE_PIN", "ERECT_PLACE", "BUILD_PLACE", "RECRUIT_PICK", "TRINKET"):
        return next((a for a in legal if a not in ("skip", "back")), "skip")
    return _common(kind, legal, ctx, me) or ("skip" if "skip" in legal else legal[0])


# --- starting a table -----------------------------------------------------------------------------

def start_table(page, site, kinds=("person", "bot", "bot"), names=None, query="botdelay=0&timer=900") -> str:
    """A new Wickerfair table with these seats (bots Easy); the page ends on the table."""
    return start_new_table(page, site, "wickerfair", kinds, names=names, query=query, root=".wf-root")


def seed_of(n: int) -> str:
    return hashlib.sha256(f"wf-{n}".encode()).hexdigest()


def seeded_table(page, site, seed, kinds=("person", "bot", "bot"), names=None, actions=(), query="botdelay=0&timer=900") -> str:
    """A table like ``start_table``'s, but dealt from a known seed (and with ``actions`` already
    played): the record the worker saved is replaced by one made here, under a new id."""
    first = start_table(page, site, kinds, names, query="")
    wait_stored(page, "records", first, timeout=ENGINE_WAIT)
    meta = stored(page, "tables", first)
    old = saved_record(page, first)
    seats = [Seat.from_json(s) for s in old["seats"]]
    t = Table(GAME, seats, old["options"], seed, old["engine"], old.get("timers", True))
    t.play_forced()
    for a in actions:
        d = t.state.decision()
        t.play(a, d.players[0])
        t.play_forced()
    record = t.to_record(reveal_seed=True)
    new = f"{first}s"
    store_put(page, "records", {"id": new, "game": "wickerfair", "seq": len(record["actions"]), "over": False,
                                "text": json.dumps(record), "updated": int(time.time() * 1000)})
    store_put(page, "tables", {**meta, "id": new, "deadline": None, "deadlineKey": None})
    page.goto(site.url(f"index.html#/table/{new}" + (f"?{query}" if query else "")))
    page.wait_for_selector(".wf-root")
    page.wait_for_function(f"{R} && {R}.ready", timeout=ENGINE_WAIT)
    return new



# The log has one entry per action, its steps as parts (a Travel's piece and steps, a Harvest's hexes):
# a step is seen as one more part, not one more entry.

def _steps_of(snap) -> list[dict]:
    out = []
    for e in (snap or {}).get("log") or []:
        for part in e.get("parts") or [e]:
            out.append({"seat": e.get("seat"), "by": part.get("by", e.get("by")), "action": part.get("action")})
    return out


def steps(page) -> int:
    return len(_steps_of(snapshot(page)))


def wait_steps(page, more_than: int, timeout: float = 60.0) -> None:
    """Until the log holds more steps (each look asks the engine: between looks, the cheap wait for
    the board to have its answer)."""
    limit = time.monotonic() + timeout
    while True:
        page.wait_for_function(f"!{ROOT} || {ROOT}.dataset.pending !== '1'", timeout=timeout * 1000)
        if steps(page) > more_than:
            return
        assert time.monotonic() < limit, f"no step after {more_than} in {timeout} s"
        page.wait_for_timeout(150)


def my_last_step(page) -> dict:
    snap = snapshot(page)
    mine = [x for x in _steps_of(snap) if x["seat"] == snap["viewer"]]
    return mine[-1] if mine else {}


def board(page) -> dict:
    return page.evaluate(f"""(() => {{ const r = {ROOT}; return {{acting: r.dataset.acting, kind: r.dataset.kind,
        sheet: r.dataset.sheet, pending: r.dataset.pending, viewer: r.dataset.viewer, panel: r.dataset.panel || '',
        unit: r.dataset.unit, mat: r.dataset.mat}}; }})()""")


def wait_turn(page):
    """Until the person must act on the board (its controls are live) or the game is over."""
    page.wait_for_function(
        f"document.body.dataset.state === 'over' || (document.body.dataset.state === 'interactive'"
        f" && {ROOT}.dataset.acting === '1' && {ROOT}.dataset.pending === '0')", timeout=ENGINE_WAIT)
    return snapshot(page)


# --- keys ---------------------------------------------------------------------------------------

TABBABLE_JS = """(action) => {
  const all = [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')]
    .filter((e) => e.tabIndex >= 0 && !e.disabled && e.offsetParent !== null && !e.closest('[hidden]'));
  const target = all.findIndex((e) => e.dataset.action === action && e.closest('.wf-root'));
  const here = all.indexOf(document.activeElement);
  return [target, here, all.length];
}"""


def focus_action(page, action):
    """Walk the focus to the board's control that plays ``action`` with Tab / Shift+Tab only."""
    for _ in range(3):
        target, here, n = page.evaluate(TABBABLE_JS, action)
        assert target >= 0, f"no control on the board plays {action}"
        if target == here:
            return
        if here < 0:
            page.keyboard.press("Tab")
            continue
        fwd = (target - here) % n
        back = (here - target) % n
        key, count = ("Tab", fwd) if fwd <= back else ("Shift+Tab", back)
        for _ in range(count):
            page.keyboard.press(key)
    assert page.evaluate("(a) => document.activeElement && document.activeElement.dataset.action === a", action), action


def leave_text_boxes(page):
    # Letters typed in a text box are words, not moves: a keyboard user steps out of it first.
    for _ in range(5):
        if not page.evaluate("document.activeElement && document.activeElement.tagName === 'INPUT'"):
            return
        page.keyboard.press("Shift+Tab")


KEY_OF = {"move": "t", "coin": "g", "harvest": "r", "end": "d", "skip": "s", "none": "s", "hide": "s"}


def play_by_keys(page, snap, action):
    """Play ``action`` from the keyboard: the §9 shortcut when it has one, else Tab to its control, Enter."""
    leave_text_boxes(page)
    kind = snap["decision"]["kind"]
    legal = {m["action"] for m in snap["legal"]}
    if kind == "CHOOSE_COLUMN":
        page.keyboard.press(action[4:])
    elif kind == "COURAGE_COMMIT" and action.startswith("dial:"):
        page.keyboard.press(action[5:])
    elif kind == "COURAGE_COMMIT" and action.startswith("card:"):
        page.keyboard.press("c")                 # C adds the strongest card not yet added
    elif kind == "TOP_OPTION" and action in ("goods", "goodwill", "courage", "cards"):
        page.keyboard.press("a" if action in ("goods", "goodwill") else "l")
        page.wait_for_function("(a) => document.activeElement && document.activeElement.closest('.wf-placa')", arg=action)
        focus_action(page, action)
        page.keyboard.press("Enter")
    elif action in KEY_OF and (action != "skip" or "skip" in legal) and kind != "COURAGE_COMMIT":
        page.keyboard.press(KEY_OF[action])
    elif action.startswith("show:") and sum(a.startswith("show:") for a in legal) == 1:
        page.keyboard.press("e")
    else:
        focus_action(page, action)
        page.keyboard.press("Enter")


# --- taps on a phone ------------------------------------------------------------------------------


def safe_area(page):
    """The part of the map a tap may land on: well clear of the hint lines, the day and the zoom buttons
    (a phone's touch adjustment moves a tap near a button onto the button)."""
    m = page.locator(".wf-map").bounding_box()
    y0 = m["y"] + 30
    for sel in (".wf-map .wf-now", ".wf-map .wf-day"):
        el = page.locator(sel)
        if el.is_visible():
            b = el.bounding_box()
            y0 = max(y0, b["y"] + b["height"] + 16)
    bottom = page.locator(".wf-map .vt-controls").bounding_box()
    y1 = bottom["y"] - 22
    if page.locator(".wf-sheet").is_visible():          # the sheet lies over the map's foot
        y1 = min(y1, page.locator(".wf-sheet").bounding_box()["y"] - 16)
    return m["x"] + 16, y0, m["x"] + m["width"] - 16, y1


def tap_place(page, place, seat=None):
    """Tap a hex (or a seat's home) on the map: the first tap on the whole valley brings that part close,
    the next acts. Returns True once a tap that acts has landed."""
    for _ in range(8):
        x0, y0, x1, y1 = safe_area(page)
        p = page.evaluate(f"{R}.homePoint({seat})" if place == "home" else f"{R}.hexPoint({json.dumps(place)})")
        if not (x0 <= p["x"] <= x1 and y0 <= p["y"] <= y1):
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            touch_drag(page, cx, cy, max(-140, min(140, cx - p["x"])), max(-140, min(140, cy - p["y"])))
            page.wait_for_timeout(250)
            continue
        big = page.evaluate(f"{R}.hexPixels") >= 34
        page.touchscreen.tap(p["x"], p["y"])
        page.wait_for_timeout(150)
        if big:
            return True
    raise AssertionError(f"could not tap {place}")


def play_by_taps(page, snap, action):
    """Play ``action`` by touch: the mat, the bar, a piece then a ring on the map, or the sheet."""
    kind = snap["decision"]["kind"]
    v = snap["view"]
    me = snap["viewer"]
    head, _, arg = action.partition(":")
    if kind == "CHOOSE_COLUMN":
        tap(page, f".wf-mat .wf-col[data-col='{arg}']")
    elif kind == "TOP_OPTION":
        tap(page, f".wf-placa [data-action='{action}']")
    elif head == "unit":
        c = v["clans"][me]
        place = c["herald"] if arg == "H" else c["walkers"][int(arg[1]) - 1] if arg[0] == "W" else arg[2:]
        before = steps(page)
        tap_place(page, place, me)
        limit = time.monotonic() + 60
        while steps(page) <= before and not page.locator(f".wf-sheet .wf-here[data-action='{action}']").count():
            assert time.monotonic() < limit, "the tap on a piece did nothing"
            page.wait_for_timeout(50)
        if steps(page) == before:
            # several of your pieces stand there: the sheet lists them, those there marked
            tap(page, f".wf-sheet .wf-here[data-action='{action}']")
    elif head in ("to", "hex", "first") or (head == "at" and kind in ("ERECT_PLACE", "BUILD_PLACE")):
        tap_place(page, arg)
    elif page.locator(f".wf-placa [data-action='{action}']:not(:disabled)").count():
        tap(page, f".wf-placa [data-action='{action}']")
    else:
        sel = f".wf-sheet [data-action='{action}']:not(:disabled)"
        page.locator(sel).first.scroll_into_view_if_needed()
        tap(page, sel)


def check_phone_layout(page, height):
    """At phone size the acting controls are on screen without scrolling, the countdown shows, and
    every control is a target of at least 40 px."""
    assert page.evaluate("window.scrollY") == 0
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page is wider than the phone"
    sels = [".wf-mat .wf-col", ".wf-placa button", ".vt-controls button", ".wf-clan"]
    if board(page)["sheet"]:
        sels.append(".wf-sheet .wf-foot button")
    for sel in sels:
        for i in range(page.locator(sel).count()):
            el = page.locator(sel).nth(i)
            if not el.is_visible():
                continue
            box = el.bounding_box()
            assert box["width"] >= 40 and box["height"] >= 40, (sel, box)
            assert box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, (sel, box)
    clock = page.locator(".countdown")
    if clock.is_visible():
        box = clock.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= height


EVENT_SEED = seed_of(25)     # a visitor at the person's 12th move, the mill card at the 35th, a won confrontation at the 50th


def test_a_stretch_by_taps_at_phone_size_meets_a_visitor_takes_a_mill_card_and_wins_a_confrontation(phone, live_site):
    page = phone
    table_id = seeded_table(page, live_site, EVENT_SEED)
    snap = wait_turn(page)
    check_phone_layout(page, 844)
    hint = page.locator(".wf-map .wf-now").inner_text()
    assert "tap" in hint.lower() and "1–5" not in hint, hint
    seen, played = {}, 0
    deadline = time.time() + 330
    ribbons = len(snap["view"]["clans"][0]["ribbons"])
    while not snap["terminal"] and time.time() < deadline:
        kind = snap["decision"]["kind"]
        action = plan_events(snap)
        if kind in ("COURAGE_COMMIT", "VISITOR_OFFER", "MILL_PICK") and kind not in seen:
            seen[kind] = played
            page.wait_for_timeout(200)
            check_phone_layout(page, 844)
            page.screenshot(path=str(REPO / "docs" / "screens" / f"wickerfair-phone-{kind.lower().split('_')[0]}.png"), scale="css")
        if kind == "COURAGE_COMMIT":
            check_dial_sheet(page, snap)
        before = steps(page)
        play_by_taps(page, snap, action)
        wait_steps(page, before)
        last = my_last_step(page)
        assert last["action"] == action and last["by"] == "seat", (last, action)
        played += 1
        snap = wait_turn(page)
        if len(snap["view"]["clans"][0]["ribbons"]) > ribbons and "ribbon" not in seen:
            seen["ribbon"] = played
        if len(seen) == 4:
            break
    assert set(seen) == {"COURAGE_COMMIT", "VISITOR_OFFER", "MILL_PICK", "ribbon"}, seen
    # The reveal: both sides' dials and cards, shown to everyone, and the log's secret steps readable.
    conf = snap["view"]["last_confront"]
    assert conf and {s["seat"] for s in conf["sides"]} >= {0}
    assert "Confrontation on" in page.locator(".wf-map .wf-last").inner_text()
    hidden = [e for e in snapshot(page)["log"] if e.get("hidden")]
    assert not hidden
    print("phone stretch:", played, "moves by taps;", seen)


def check_dial_sheet(page, snap):
    """The dial sheet: 0…max, the hand as cards, the other side's state — never its dial."""
    assert board(page)["sheet"] == "COURAGE_COMMIT"
    lim = snap["view"]["ctx"]["limits"]
    dials = page.locator(".wf-sheet .wf-dial button").count()
    assert dials == lim["dial_max"] + 1
    hand = snap["view"]["clans"][snap["viewer"]]["hand"]
    assert page.locator(".wf-sheet .wf-cards button").count() == len(hand)
    # One Commit button, and it says what it hands in (no "Commit 0, no cards" beside the real one).
    commits = page.locator('.wf-sheet [data-action="commit"], .wf-sheet [data-action="blank"]')
    assert commits.count() == 1
    draft = (snap["view"]["ctx"].get("draft") or {}).get(str(snap["viewer"]), {"dial": 0, "cards": []})
    assert f"dial {draft['dial']}" in commits.inner_text()


# --- a whole game by keys at desktop size ----------------------------------------------------------

QUICK_SEED = seed_of(7)      # with plan_quick: Travel, Harvest, Trade mixes, Improve, Build, a Songline pick,
                             # a visitor and a mission shown, to day 40 (about 180 of the person's moves)


def test_a_whole_three_clan_game_by_keys_at_desktop_size(page, live_site):
    page.set_viewport_size({"width": 1200, "height": 900})
    table_id = seeded_table(page, live_site, QUICK_SEED)
    snap = wait_turn(page)
    hint = page.locator(".wf-map .wf-now").inner_text()
    assert "1–5" in hint, hint                                  # hints for a keyboard
    # ? lists the keys; Escape closes the list
    page.keyboard.press("?")
    page.wait_for_function(f"{ROOT}.dataset.panel === 'help'")
    assert "Focus view" in page.locator(".wf-panel").inner_text() or "focus view" in page.locator(".wf-panel").inner_text()
    for words in ("Enter", "Space", "Arrow keys", "confirm what is shown"):
        assert words in page.locator(".wf-panel").inner_text()
    page.keyboard.press("Escape")
    page.wait_for_function(f"{ROOT}.dataset.panel === ''")
    turn_no, played, backed, focused, mapped = 0, {}, False, False, False
    deadline = time.time() + 330
    while not snap["terminal"]:
        assert time.time() < deadline, f"the game took too long (day {snap['view']['day']})"
        kind = snap["decision"]["kind"]
        if kind == "CHOOSE_COLUMN":
            turn_no += 1
        action = plan_quick(snap, turn_no)
        if kind == "TRAVEL_UNIT" and snap["view"]["ctx"]["unit"] and not backed:
            # Escape puts a picked piece back (the half-built choice is cancelled before it counts)
            backed = True
            before = steps(page)
            page.keyboard.press("Escape")
            wait_steps(page, before)
            assert my_last_step(page)["action"] == "back"
            snap = wait_turn(page)
            continue
        if kind == "TRAVEL_UNIT" and snap["view"]["ctx"]["unit"] and not focused:
            # F brings the piece and its rings close; F again shows the whole valley
            focused = True
            page.keyboard.press("f")
            page.wait_for_function(f"{R}.viewport.following === false")
            page.keyboard.press("f")
            page.wait_for_function(f"{R}.viewport.following === true")
        if kind == "HARVEST_HEXES" and action.startswith("hex:") and not mapped:
            # On the map, Space adds the hex under the focus (the step's toggle); Enter confirms
            # the hexes chosen as shown (it does not add the hex under the focus).
            mapped = True
            before = steps(page)
            page.focus(f'.wf-map .vt-focus-item[data-id="{action[4:]}"]')
            page.keyboard.press("Space")
            wait_steps(page, before)
            assert my_last_step(page)["action"] == action
            snap = wait_turn(page)
            if snap["decision"]["kind"] == "HARVEST_HEXES" and "ok" in {m["action"] for m in snap["legal"]}:
                before = steps(page)
                items = page.locator(".wf-map .vt-focus-item")
                if items.count():
                    items.first.focus()
                    page.keyboard.press("Enter")
                    wait_steps(page, before)
                    assert my_last_step(page)["action"] == "ok"
                    snap = wait_turn(page)
            continue
        before = steps(page)
        play_by_keys(page, snap, action)
        wait_steps(page, before)
        entry = my_last_step(page)
        assert entry["action"] == action and entry["by"] == "seat", (entry, action)
        played[kind] = played.get(kind, 0) + 1
        snap = wait_turn(page)
        if not snap["terminal"]:
            # The focus stayed on the board through the move and the bots' (never the page's body).
            assert page.evaluate(f"{ROOT}.contains(document.activeElement)"), kind
    assert backed and focused and mapped
    assert {"CHOOSE_COLUMN", "TOP_OPTION", "TRAVEL_UNIT", "HARVEST_HEXES", "TRADE_MIX", "BOTTOM_DO"} <= set(played), played
    print("keyboard game:", sum(played.values()), "moves by keys;", played, "ended:", snap["view"]["end_reason"])
    mine = [e for e in snap["log"] if e["seat"] == 0]
    assert mine and all(e["by"] == "seat" for e in mine), "every move of the person came from the board"
    assert page.evaluate("document.body.dataset.state") == "over"
    # The board shows the final coins; the shell's end screen verifies the record.
    assert board(page)["panel"] == "final"
    assert page.locator(".wf-final tbody tr").count() == 3
    record = saved_record(page, table_id)
    assert record["result"]["scores"] == snap["scores"]
    verify_from_end_screen(page)
