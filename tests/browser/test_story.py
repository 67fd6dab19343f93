"""A game's story (#/story, embed.html#s=; docs/story.md) in Chromium, for each game.

A story is written on one device (a note, a marked place and an arrow at a move, the move it starts
at, whose eyes it is seen through, the review made on that device travelling with it), shared as one
link, and opened on another device with the server gone: the same board at the same move, the same
note and marks, the same chart, the seal checked. A story whose record was altered says what differs.
A video of a stretch of moves is made by the browser and played back by it.
"""
from __future__ import annotations

import json

import pytest

from tests.browser.axe import violations
from tests.browser.story_pages import (GAMES, SCREENS, at_move, compact_review, finished, marks_on_board, packed, painted,
                                       write_story)
from tests.browser.vt_page import csp_safe_waits, is_local


@pytest.fixture(scope="module")
def records():
    return {g: finished(g) for g in GAMES}


@pytest.fixture(scope="module")
def reader(browser, site):
    """Another device: it visited the site once (its service worker holds the build), and reads stories
    later with the server gone."""
    ctx = browser.new_context(service_workers="allow", viewport={"width": 1200, "height": 900})
    ctx.route(lambda url: not is_local(url), lambda route: route.abort("addressunreachable"))
    ctx.on("page", csp_safe_waits)
    pg = ctx.new_page()
    pg.set_default_timeout(60_000)
    site.start()
    pg.goto(site.url("index.html"))
    pg.wait_for_function("!!(window.__vt && window.__vt.ready)", timeout=120_000)
    pg.wait_for_function("navigator.serviceWorker.controller !== null", timeout=180_000)
    pg.wait_for_function("""async () => { const { offlineStatus } = await import('/web/engine.js');
        const s = await offlineStatus(); return s && s.complete; }""", timeout=180_000, polling=1000)
    yield pg
    ctx.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_story_written_on_one_device_reads_the_same_on_another_offline(game, records, context, page, site, reader):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    record = records[game]
    link, shown = write_story(page, site, game, record, compact_review(record))
    assert "#/story?s=" in link and shown["length"] == len(link)
    assert len(link) <= 8000, f"{game}: a whole game's story link is {len(link)} characters"
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SCREENS / f"story-write-{game}.png"))
    page.goto("about:blank")     # the writer's device is done (its page would go on loading boards)

    site.stop()
    try:
        reader.goto(link)
        reader.wait_for_selector(".pg-story[data-mode=read] .st-note .st-text")
        k = shown["k"]
        reader.wait_for_function("(k) => document.querySelector('.vtv')?.dataset.drawn === String(k)", arg=k)
        reader.wait_for_selector(".st-seal[data-seal=ok]")
        assert reader.inner_text(".st-note .st-text") == shown["note"]
        assert reader.get_attribute(".st-note", "data-move") == str(k)
        reader.wait_for_function("() => document.querySelector('canvas.vt-story-marks')?.dataset.marks === '2'")
        assert marks_on_board(reader) == shown["marks"]
        assert painted(reader) > 200
        reader.wait_for_function("(n) => document.querySelectorAll('.st-chart:not([hidden]) .rv-chart-svg circle').length === n",
                                 arg=shown["chart"])
        assert reader.locator(".st-list li").count() == 1
        assert violations(reader) == [], f"story read {game}"
        reader.screenshot(path=str(SCREENS / f"story-read-{game}.png"))
    finally:
        site.start()


def test_a_story_whose_record_was_altered_says_what_differs(records, page, site):
    record = json.loads(json.dumps(records["elderwood"]))
    record["actions"][5] = record["actions"][4]          # move 6 made again what move 5 made
    story = {"story": 1, "record": record, "move": 3, "seat": None, "notes": [{"move": 3, "text": "here", "marks": []}]}
    page.goto(site.url(f"index.html#/story?s={packed(story)}"))
    page.wait_for_selector(".st-seal[data-seal=bad]")
    differs = page.locator(".st-differs")
    assert differs.get_attribute("data-move") == "6", differs.inner_text()
    assert "6" in differs.inner_text()


def test_a_damaged_or_hostile_story_link_is_refused_in_words(records, page, site):
    record = records["elderwood"]
    for story, word in [
        ({"story": 1, "record": record, "move": 3, "seat": None, "notes": [], "extra": 1}, "extra"),
        ({"story": 1, "record": record, "move": 9999, "seat": None, "notes": []}, "move"),
        ({"story": 1, "record": record, "move": 3, "seat": None, "notes": [{"move": 2, "text": "x" * 1001, "marks": []}]}, "1000"),
        ({"story": 1, "record": record, "move": 3, "seat": None, "notes": [{"move": 2, "text": "", "marks": [{"at": "<script>"}]}]}, "places"),
    ]:
        page.goto(site.url(f"index.html#/story?s={packed(story)}"))
        page.wait_for_selector("[data-page=message]")
        assert word in page.inner_text("#app"), story
    page.goto(site.url("index.html#/story?s=%%%not-base64"))
    page.wait_for_selector("#app :text('damaged')")


def test_on_a_phone_in_portuguese_a_tap_marks_a_place_and_the_review_is_checked_here(records, phone, site):
    """390×844, touch, Portuguese: the note and its tools are in view under the board, a tap on the board
    marks the nearest place, the page is axe-clean while writing and reading, and "check on this device"
    reviews the game here and compares."""
    page = phone
    record = records["elderwood"]
    page.add_init_script("localStorage.setItem('vt.lang', 'pt')")
    page.goto(site.url("index.html#/"))
    page.wait_for_function("!!(window.__vt && window.__vt.ready)", timeout=120_000)
    page.evaluate("([k, v]) => localStorage.setItem(k, JSON.stringify(v))",
                  [f"vt.story.draft.{record['fingerprint']}", {"move": 0, "seat": None, "notes": [], "review": compact_review(record)}])
    page.goto(site.url(f"index.html#/story?r={packed(record)}"))
    page.wait_for_selector(".pg-story[data-mode=write] .st-note textarea")
    at_move(page, 12)
    page.tap("button[data-act=tap-spot]")
    assert page.get_attribute("button[data-act=tap-spot]", "aria-pressed") == "true"
    # The place a person taps: the stack nearest the middle of the board as it is drawn now.
    page.evaluate("document.querySelector('.vtv-board').scrollIntoView({block: 'center'})")
    where = page.evaluate("""() => {
        const root = [...document.querySelectorAll('.vtv-board *')].find((e) => e.__renderer);
        const r = root.__renderer; const box = r.viewport.element.getBoundingClientRect();
        const mid = {x: box.left + box.width / 2, y: box.top + box.height / 2};
        const at = r.places().map((p) => { const q = r.viewport.worldToPage(p.x, p.y);  // the window's coordinates
            return {id: p.id, x: q.x, y: q.y}; });
        at.sort((a, b) => Math.hypot(a.x - mid.x, a.y - mid.y) - Math.hypot(b.x - mid.x, b.y - mid.y));
        return at[0]; }""")
    page.touchscreen.tap(where["x"], where["y"])
    page.wait_for_function("(id) => document.querySelector('.vtv-board')?.dataset.marks === JSON.stringify([{at: id}])", arg=where["id"])
    page.fill(".st-note textarea", "Aqui a Lebre salta por cima de tudo.")
    assert "em destaque" in page.inner_text(".st-marks")
    page.locator(".st-note").scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, page.evaluate("""() => [...document.querySelectorAll('*')]
        .filter((e) => e.getBoundingClientRect().right > 391).slice(0, 8).map((e) => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))""")
    assert violations(page) == [], "story write, phone, pt"
    page.screenshot(path=str(SCREENS / "story-write-phone-pt.png"))

    page.click("button[data-act=check]")
    page.wait_for_selector(".st-check[data-state=done]", timeout=180_000)
    judged = len(compact_review(record)["moves"])
    assert f"dos {judged} julgamentos" in page.inner_text(".st-check") or f"os {judged} julgamentos" in page.inner_text(".st-check")
    # The review made here is kept: the Review page opens it at once.
    page.click("button[data-act=share]")
    page.wait_for_function("() => document.querySelector('.st-share .pg-note')?.dataset.length")


def test_a_story_reads_on_a_phone_in_portuguese(records, phone, site):
    record = records["milehollow"]
    story = {"story": 1, "record": record, "move": 20, "seat": 0, "review": compact_review(record),
             "notes": [{"move": 20, "text": "Ana guarda o boi para a estrada longa.", "marks": [{"at": "nascente"}, {"from": "nascente", "to": "vau"}]}]}
    page = phone
    page.add_init_script("localStorage.setItem('vt.lang', 'pt')")
    page.goto(site.url(f"index.html#/story?s={packed(story)}"))
    page.wait_for_selector(".pg-story[data-mode=read] .st-note .st-text")
    page.wait_for_selector(".st-seal[data-seal=ok]")
    page.wait_for_function("() => document.querySelector('canvas.vt-story-marks')?.dataset.marks === '2'")
    assert "O selo confere" in page.inner_text(".st-seal")
    page.screenshot(path=str(SCREENS / "story-read-phone-pt.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "nothing wider than the phone"
    assert violations(page) == [], "story read, phone, pt"
    page.locator(".st-note").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENS / "story-read-phone-pt-note.png"))
