"""Elderwood as a new player meets it, at phone and desktop size: one lifted pile at a time (the
other player's pile of the same creature stays down), everything needed to act on screen without
scrolling (the countdown in the bar, the slab, your supply), touch targets of at least 40 px, hints
in the words of the hand in use (no key names on a touch screen), seat names in full, and the
game's own columns in the score sheet.

Screenshots go to docs/screens/elderwood-*.png.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.vt_page import moves, one_device, snapshot, wait_moves

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
LONG_NAME = "Marianela Quintanilhas J"      # 24 characters: the longest name New table accepts
BOT_DELAY = 20

SIZES = {"phone": (390, 844), "small": (360, 640), "desktop": (1200, 900)}


@pytest.fixture
def device(browser, request):
    """A page at one of SIZES; phones and the small phone are touch screens."""
    name = request.param
    w, h = SIZES[name]
    touch = name != "desktop"
    with one_device(browser, w, h, touch=touch, timeout=120_000) as pg:
        pg.device = name
        pg.touch = touch
        yield pg


def start(page, site, *, name=None, timers=False, lang="en"):
    page.goto(site.url("index.html#/new/elderwood"))
    page.wait_for_selector("#start")
    page.wait_for_selector("#seat-kind-1")
    if lang == "pt":
        page.click("button:has-text('PT')")
    if name:
        page.fill("#seat-name-0", name)
    if page.locator("#seat-level-1").count():
        page.select_option("#seat-level-1", "easy")
    page.wait_for_selector("#opt-clock")
    page.select_option("#opt-clock", "standard" if timers else "off")
    page.click("#start")
    page.wait_for_function("location.hash.startsWith('#/table/')")
    table_id = page.evaluate("location.hash.split('/')[2].split('?')[0]")
    page.evaluate(f"location.hash = '#/table/{table_id}?botdelay={BOT_DELAY}'")
    page.wait_for_selector(".ew-root")
    return wait_turn(page)


def wait_turn(page):
    page.wait_for_function(
        "document.body.dataset.state === 'over' || (document.body.dataset.state === 'interactive'"
        " && document.querySelector('.ew-root') && document.querySelector('.ew-root').dataset.myturn === '1')")
    return snapshot(page)


def press(page, selector):
    """Tap on a touch screen, click with the mouse elsewhere."""
    b = page.locator(selector).first.bounding_box()
    x, y = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
    if page.touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def press_point(page, p):
    if page.touch:
        page.touchscreen.tap(p["x"], p["y"])
    else:
        page.mouse.click(p["x"], p["y"])


def lifted(page) -> str:
    return page.evaluate("document.querySelector('.ew-root').dataset.lifted")


def wait_lifted(page, value):
    page.wait_for_function(f"document.querySelector('.ew-root').dataset.lifted === {value!r}", timeout=5000)


PILES_JS = """() => [...document.querySelectorAll('.ew-strip')].map((strip) => ({
  mine: strip.classList.contains('ew-mine'), colour: strip.dataset.colour,
  piles: [...strip.querySelectorAll('.ew-pile')].map((p) => { const b = p.getBoundingClientRect();
    return {letter: p.dataset.pile, lifted: p.classList.contains('ew-lifted'), y: b.y, w: b.width, h: b.height,
            bottom: b.bottom, tag: p.tagName}; })}))"""


def piles(page):
    strips = page.evaluate(PILES_JS)
    mine = next(s for s in strips if s["mine"])
    theirs = next(s for s in strips if not s["mine"])
    return mine, theirs


def place_first_ring(page):
    """Set the lifted tile down on its first ring, and wait for the engine to take it."""
    ring = page.evaluate("document.querySelector('.ew-root').__renderer.rings()[0]")
    p = page.evaluate(f"document.querySelector('.ew-root').__renderer.pointFor({ring['q']}, {ring['r']})")
    before = moves(page)
    press_point(page, p)
    wait_moves(page, before)


# --- 1. one lifted pile ------------------------------------------------------------------------

@pytest.mark.parametrize("device", ["phone", "desktop"], indirect=True)
def test_lifting_a_pile_raises_only_your_own_pile(device, live_site):
    """The seed: "Tap a pile of your supply ...: it lifts." Only that pile: the other player's strip
    shows the same five creatures, and its pile of that creature stays where it is."""
    page = device
    snap = start(page, live_site)
    mine, theirs = piles(page)
    assert {p["letter"] for p in mine["piles"]} == {p["letter"] for p in theirs["piles"]}
    resting = {p["letter"]: p["y"] for p in theirs["piles"]}
    legal_piles = sorted({m["piece"][1] for m in snap["view"]["moves"] if m["from"] is None})
    assert len(legal_piles) >= 2
    for letter in legal_piles[:2]:
        press(page, f".ew-mine .ew-pile[data-pile='{letter}']")
        wait_lifted(page, f"p:{letter}")
        page.wait_for_timeout(200)           # the lift's transition
        mine, theirs = piles(page)
        assert [p["letter"] for p in mine["piles"] if p["lifted"]] == [letter]
        assert not any(p["lifted"] for p in theirs["piles"]), "the other player's pile must not lift"
        assert all(abs(p["y"] - resting[p["letter"]]) < 0.5 for p in theirs["piles"])
        assert page.locator(".ew-pile.ew-lifted").count() == 1
        if letter == legal_piles[0]:
            if page.device == "phone":
                page.screenshot(path=str(SCREENS / "elderwood-phone-lift.png"))
            press(page, f".ew-mine .ew-pile[data-pile='{letter}']")     # again: put back
            wait_lifted(page, "")
            assert page.locator(".ew-pile.ew-lifted").count() == 0
    place_first_ring(page)
    # Later, a tile on the slab: one tile lifted, no pile.
    for _ in range(12):
        snap = wait_turn(page)
        if snap["terminal"]:
            break
        movers = [m for m in snap["view"]["moves"] if m["from"]]
        legal = {m["action"] for m in snap["legal"]}
        movers = [m for m in movers if m["action"] in legal]
        if movers:
            q, r = movers[0]["from"]
            p = page.evaluate(f"document.querySelector('.ew-root').__renderer.pointFor({q}, {r})")
            press_point(page, p)
            wait_lifted(page, f"t:{q},{r}")
            assert page.locator(".ew-pile.ew-lifted").count() == 0
            assert page.locator(".ew-board .vt-focus-item[aria-pressed='true']").count() == 1
            press_point(page, page.evaluate(f"document.querySelector('.ew-root').__renderer.pointFor({q}, {r})"))
            wait_lifted(page, "")
            break
        src = next(m for m in snap["view"]["moves"] if m["action"] in legal)
        press(page, f".ew-mine .ew-pile[data-pile='{src['piece'][1]}']")
        wait_lifted(page, f"p:{src['piece'][1]}")
        place_first_ring(page)
    else:
        raise AssertionError("no tile of mine could move in twelve turns")


# --- 3. phone first -------------------------------------------------------------------------------

LAYOUT_JS = """() => {
  const box = (s) => { const e = document.querySelector(s); if (!e) return null;
    const b = e.getBoundingClientRect(); return {x: b.x, y: b.y, w: b.width, h: b.height, bottom: b.bottom, right: b.right}; };
  const name = document.querySelector('.ew-mine .ew-name');
  return {
    vw: window.innerWidth, vh: window.innerHeight, scrollY: window.scrollY,
    scrollW: document.documentElement.scrollWidth,
    clock: box('.countdown'), clockHidden: document.querySelector('.countdown') ? document.querySelector('.countdown').hidden : true,
    board: box('.ew-board'), mine: box('.ew-mine'), theirs: box('.ew-theirs'),
    controls: [...document.querySelectorAll('.ew-board .vt-controls button')].map((b) => {
      const r = b.getBoundingClientRect(); return {w: r.width, h: r.height, bottom: r.bottom}; }),
    name: name.firstChild.textContent, nameClipped: name.scrollWidth > name.clientWidth + 1,
    otherName: document.querySelector('.ew-theirs .ew-name').textContent,
    hint: document.querySelector('.ew-hint span').textContent,
    labels: [...document.querySelectorAll('.ew-root [aria-label]')].map((e) => e.getAttribute('aria-label')),
    scale: document.querySelector('.ew-root').__renderer.viewport.scale,
  };
}"""

KEY_WORDS = ("Enter", "Tab", "Escape", "Esc", "arrow", "Arrow", "setas", "click", "clique")


@pytest.mark.parametrize("device", ["phone", "small"], indirect=True)
def test_a_phone_shows_everything_to_act_without_scrolling(device, live_site):
    """The acting controls on screen at once on a phone: the countdown, the slab with its rings and
    your supply; touch targets of 40 px or more; names in full; touch words only."""
    page = device
    start(page, live_site, name=LONG_NAME, timers=True)
    page.wait_for_timeout(300)
    lay = page.evaluate(LAYOUT_JS)
    assert lay["scrollY"] == 0 and lay["scrollW"] <= lay["vw"], "no sideways scrolling"
    assert not lay["clockHidden"] and lay["clock"]["y"] >= 0 and lay["clock"]["bottom"] <= lay["vh"]
    assert lay["mine"]["bottom"] <= lay["vh"], "your supply is on screen"
    assert lay["board"]["h"] >= 180 and lay["board"]["y"] >= 0 and lay["board"]["bottom"] <= lay["vh"]
    assert lay["theirs"]["y"] >= 0
    mine, _ = piles(page)
    for p in mine["piles"]:
        assert p["tag"] == "BUTTON" and p["w"] >= 40 and p["h"] >= 40 and p["bottom"] <= lay["vh"]
    for c in lay["controls"]:
        assert c["w"] >= 40 and c["h"] >= 40 and c["bottom"] <= lay["vh"]
    assert lay["name"] == LONG_NAME and not lay["nameClipped"], "the seat name is shown in full"
    assert lay["otherName"].startswith("Bot 2") and lay["otherName"].endswith("Bot"), "a bot is marked as a bot"
    assert "tap" in lay["hint"] and not any(k in lay["hint"] for k in KEY_WORDS)
    assert not any("Enter" in label for label in lay["labels"]), "no key names on a touch screen"

    # Lift a pile: the rings are on screen, each at least 40 px across to the finger.
    press(page, ".ew-mine .ew-pile.ew-can")
    page.wait_for_function("document.querySelector('.ew-root').dataset.rings !== ''")
    lay = page.evaluate(LAYOUT_JS)
    assert "Tap a ring" in lay["hint"] and not any(k in lay["hint"] for k in KEY_WORDS)
    assert 2 * 0.86 * lay["scale"] >= 40, "a ring answers a tap 40 px across"
    for ring in page.evaluate("document.querySelector('.ew-root').__renderer.rings()"):
        p = page.evaluate(f"document.querySelector('.ew-root').__renderer.pointFor({ring['q']}, {ring['r']})")
        assert lay["board"]["y"] <= p["y"] <= lay["board"]["bottom"] and 0 <= p["x"] <= lay["vw"]
    shot = "elderwood-phone.png" if page.device == "phone" else "elderwood-phone-small.png"
    page.screenshot(path=str(SCREENS / shot))
    place_first_ring(page)
    wait_turn(page)
    lay = page.evaluate(LAYOUT_JS)
    assert lay["mine"]["bottom"] <= lay["vh"] and lay["scrollY"] == 0


@pytest.mark.parametrize("device", ["phone"], indirect=True)
def test_a_phone_in_portuguese(device, live_site):
    page = device
    start(page, live_site, name=LONG_NAME, lang="pt")
    lay = page.evaluate(LAYOUT_JS)
    assert lay["hint"] == "Sua vez: toque numa pilha da reserva ou numa peça sua"
    assert lay["name"] == LONG_NAME and lay["mine"]["bottom"] <= lay["vh"]
    press(page, ".ew-mine .ew-pile.ew-can")
    page.wait_for_function("document.querySelector('.ew-root').dataset.rings !== ''")
    assert page.evaluate(LAYOUT_JS)["hint"] == "Toque num anel para pousar, ou na peça para devolver"
    page.screenshot(path=str(SCREENS / "elderwood-phone-pt.png"))


@pytest.mark.parametrize("device", ["desktop"], indirect=True)
def test_desktop_hints_follow_the_mouse_and_the_keyboard(device, live_site):
    """With a mouse the hints say click; once the keyboard is used they name the keys."""
    page = device
    start(page, live_site, name=LONG_NAME)
    page.mouse.move(5, 5)
    page.mouse.down()
    page.mouse.up()
    hint = page.evaluate(LAYOUT_JS)["hint"]
    assert hint == "Your turn: click a pile or one of your tiles"
    press(page, ".ew-mine .ew-pile.ew-can")
    page.wait_for_function("document.querySelector('.ew-root').dataset.rings !== ''")
    assert page.evaluate(LAYOUT_JS)["hint"] == "Click a ring to set it down, or the tile to put it back"
    page.keyboard.press("Escape")
    wait_lifted(page, "")
    assert page.evaluate(LAYOUT_JS)["hint"] == "Your turn: Tab to a pile or a tile, Enter lifts it"
    labels = page.evaluate(LAYOUT_JS)["labels"]
    assert any(label.endswith("Enter lifts it.") for label in labels), "keyboard users hear the key"
    page.locator(".ew-mine .ew-pile.ew-can").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('.ew-root').dataset.rings !== ''")
    assert "Arrow keys" in page.evaluate(LAYOUT_JS)["hint"]
    lay = page.evaluate(LAYOUT_JS)
    assert lay["mine"]["bottom"] <= lay["vh"] and lay["name"] == LONG_NAME
    page.screenshot(path=str(SCREENS / "elderwood-desktop.png"))


# --- 2. the score sheet ----------------------------------------------------------------------------

SHEET_JS = """() => { const t = document.querySelector('.score-sheet'); if (!t) return null;
  return {head: [...t.querySelectorAll('thead th')].map((x) => x.textContent.trim()),
          rows: [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((x) => x.textContent.trim()))}; }"""


@pytest.mark.parametrize("device", ["desktop"], indirect=True)
def test_the_score_sheet_counts_elders_and_supplies_during_play(device, live_site):
    """The sheet shows each seat's own Elder (n/6, a dash before it is out) and its tiles in supply."""
    page = device
    snap = start(page, live_site)
    sheet = page.evaluate(SHEET_JS)
    assert "Elder" in sheet["head"] and "In supply" in sheet["head"]
    cols = [sheet["head"].index("Elder") - 1, sheet["head"].index("In supply") - 1]   # td cells follow the seat's th
    assert all([row[c] for c in cols] in (["–", "11"], ["–", "10"]) for row in sheet["rows"]), sheet
    for _ in range(4):
        legal = {m["action"] for m in snap["legal"]}
        move = next(m for m in snap["view"]["moves"] if m["action"] in legal and (m["piece"][1] == "Q" or not m["from"]))
        press(page, f".ew-mine .ew-pile[data-pile='{move['piece'][1]}']")
        wait_lifted(page, f"p:{move['piece'][1]}")
        place_first_ring(page)
        snap = wait_turn(page)
    page.wait_for_function("document.querySelector('[data-page=table]').dataset.moves >= 8")
    snap = snapshot(page)
    sheet = page.evaluate(SHEET_JS)
    for row in snap["view"]["sheet"]["rows"]:
        values = row["values"]
        assert [sheet["rows"][row["seat"]][c] for c in cols] == [str(values["elder"]), str(values["supply"])]
    me = next(i for i, s in enumerate(snap["seats"]) if not s["bot"])
    assert snap["view"]["sheet"]["rows"][me]["values"]["supply"] == 7


# --- 4. lessons on the board --------------------------------------------------------------------

LESSON_JS = """async (id) => {
  const out = await window.__vt.engine.call('lesson_start', {game: 'elderwood', id});
  document.querySelector('.ew-root').__renderer.update(out.snapshot, out.snapshot.viewer);
  return out.snapshot;
}"""


@pytest.mark.parametrize("device", ["phone"], indirect=True)
def test_a_lesson_position_on_the_board_the_gate(device, live_site):
    """The gate lesson as the board draws it (the snapshot the bridge gives a lesson): the Otter's rings
    stop at the pocket's mouth, the Hare's include the pocket."""
    page = device
    start(page, live_site)
    snap = page.evaluate(LESSON_JS, "gate")
    assert snap["view"]["setup"]["to_move"] == "w" and snap["viewer"] == 0
    page.wait_for_timeout(300)
    for (q, r), inside in (((2, 0), False), ((-2, 1), True)):
        p = page.evaluate(f"document.querySelector('.ew-root').__renderer.pointFor({q}, {r})")
        press_point(page, p)
        wait_lifted(page, f"t:{q},{r}")
        rings = {(x["q"], x["r"]) for x in page.evaluate("document.querySelector('.ew-root').__renderer.rings()")}
        assert ((0, 1) in rings) == inside, rings
        if inside:
            page.screenshot(path=str(SCREENS / "elderwood-lesson-gate.png"), scale="css")
        else:
            assert (0, 2) in rings
        press_point(page, page.evaluate(f"document.querySelector('.ew-root').__renderer.pointFor({q}, {r})"))
        wait_lifted(page, "")
