"""Tables in the shell, driven only through the "All my moves" list (no renderer needed).

Elderwood is the game used (two seats, its real engine in Pyodide in the page); the reload and
timer tests run for Hollowmere too.
Test-only URL parameters of the table page: ?timer=<s> (every decision's timer) and
?botdelay=<ms> (the pause before a bot moves).
"""
from __future__ import annotations

import base64
import hashlib
import json
import time
import zlib

import pytest

from tests.browser.vt_page import csp_safe_waits, moves, page_state, saved_record, snapshot, store_put, stored, wait_moves, wait_stored, wait_page_state

GAME = "elderwood"
ENGINE_WAIT = 180_000


def _start(page, site, kinds=("person", "bot"), query="", names=None, game=GAME) -> str:
    """Open New table, set the seats, start; returns the table id (the page is on the table)."""
    page.goto(site.url(f"index.html#/new/{game}" + (f"?{query}" if query else "")))
    page.wait_for_selector("form.newtable #start")
    for i, kind in enumerate(kinds):
        page.select_option(f"#seat-kind-{i}", kind)
        if names:
            page.fill(f"#seat-name-{i}", names[i])
    page.click("#start")
    page.wait_for_function("location.hash.startsWith('#/table/')", timeout=ENGINE_WAIT)
    table_id = page.evaluate("location.hash.slice('#/table/'.length).split('?')[0]")
    if query:
        assert page.evaluate("location.hash") == f"#/table/{table_id}?{query}"
    return table_id


def _save(page, table_id) -> dict:
    """The page's part of the save (no record, no seed) and the record the worker saved."""
    meta = stored(page, "tables", table_id)
    return {**meta, "record": saved_record(page, table_id)}


def _log_texts(page) -> list[str]:
    return page.locator(".log-list li").all_inner_texts()


def _play_first(page):
    n = moves(page)
    page.click(".moves-list button.move >> nth=0")
    wait_moves(page, n)


def test_play_a_whole_game_against_a_bot_with_the_move_list_only(page, site):
    table_id = _start(page, site, query="botdelay=0")
    assert wait_page_state(page, "interactive", "bot") in ("interactive", "bot")
    # The seal is shown at the start as a word, and the whole fingerprint on a click.
    snap = snapshot(page)
    chip = page.locator(".seal-chip")
    assert chip.inner_text().strip().endswith("Seal") and snap["fingerprint"][:6] not in chip.inner_text()
    chip.click()
    assert page.locator(".seal-full code").inner_text() == snap["fingerprint"]
    chip.click()
    assert not page.locator(".seal-full").is_visible()
    # Bots are marked as bots on the seat list.
    assert page.locator(".score-sheet .bot-badge").count() == 1

    deadline = time.time() + 420
    mine = 0
    while time.time() < deadline:
        state = wait_page_state(page, "interactive", "over")
        if state == "over":
            break
        # The list is the whole interface: every legal move is there, in words.
        snap = snapshot(page)
        buttons = page.locator(".moves-list button.move")
        if len(snap["legal"]) <= 12:
            assert buttons.count() == len(snap["legal"])
        _play_first(page)
        mine += 1
    assert page_state(page) == "over", "the game did not end in time"
    assert mine > 0

    snap = snapshot(page)
    end = page.locator(".end-screen")
    assert end.is_visible()
    seed = end.locator("code.seed").inner_text().strip()
    assert seed == snap["seed"] == snap["record"]["seed"]
    assert hashlib.sha256(seed.encode("ascii")).hexdigest() == snap["fingerprint"]
    assert end.locator(".bot-badge").count() == 1
    assert end.locator(f'a[href="#/replay/{table_id}"]').count() == 1
    assert len(_log_texts(page)) == len(snap["log"]) == len(snap["record"]["actions"])
    assert any("bot" in t.lower() for t in _log_texts(page))

    with page.expect_download() as dl:
        end.locator("button:has-text('Download the record')").click()
    record = json.loads(open(dl.value.path(), encoding="utf-8").read())
    assert record == snap["record"]
    assert record["seed"] == seed and record["result"]["winners"] == snap["winners"]

    page.wait_for_function("document.querySelector('.end-screen a[href^=\"#/verify?r=\"]') !== null")
    href = end.locator('a[href^="#/verify?r="]').get_attribute("href")
    packed = href.split("r=", 1)[1]
    decoded = json.loads(zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4)), -15))
    assert decoded == record

    # The save holds the finished record; the lobby lists it as finished.
    assert _save(page, table_id)["record"] == record
    page.goto(site.url("index.html#/"))
    item = page.wait_for_selector(f'.resume a[href="#/table/{table_id}"]')
    assert "finished" in item.inner_text()


@pytest.mark.parametrize("game", ["elderwood", "hollowmere"])
def test_reload_mid_game_resumes_the_same_log_and_the_same_running_timer(page, site, game):
    table_id = _start(page, site, query="timer=300&botdelay=0", game=game)
    for _ in range(2):
        wait_page_state(page, "interactive")
        _play_first(page)
    wait_page_state(page, "interactive")
    log_before = _log_texts(page)
    time.sleep(2.5)  # let some of the timer run (and be written down) before reloading
    save = _save(page, table_id)
    assert save["record"]["actions"] == [e["action"] for e in snapshot(page)["log"]]
    assert "record" not in stored(page, "tables", table_id) and "seed" not in json.dumps(stored(page, "tables", table_id))
    left_before = save["remaining"]
    assert 290 < left_before < 299.5, "the time that remains is written down while the clock runs"

    page.reload()
    wait_page_state(page, "interactive")
    assert _log_texts(page) == log_before
    # The clock resumes with the time that remained when the page went, never a fresh one,
    # and never less for the time the page spent closed and loading.
    shown = page.locator(".countdown").inner_text()
    minutes, seconds = shown.split(":")
    left = int(minutes) * 60 + int(seconds)
    assert left_before - 3 <= left <= left_before + 1, (shown, left_before)
    assert left < 300


@pytest.mark.parametrize("game", ["elderwood", "hollowmere"])
def test_when_the_timer_runs_out_the_table_plays_and_the_log_says_so(page, site, game):
    table_id = _start(page, site, query="timer=2&botdelay=0", game=game)
    entry = page.wait_for_selector(".log-list li[data-by=timer]", timeout=ENGINE_WAIT)
    assert "by the table" in entry.inner_text()
    record = _save(page, table_id)["record"]
    assert ["timer"] == sorted({by for _, by in record["actors"] if by == "timer"})
    if game == "hollowmere":  # the seed: the table lays the tile and posts no Warden
        assert all(a.endswith("-") for a, (_, by) in zip(record["actions"], record["actors"]) if by == "timer")
    # Words in the current language: the tag follows a language switch.
    page.click(".lang-switch [data-lang=pt]")
    assert "pela mesa" in page.locator(".log-list li[data-by=timer]").first.inner_text()
    page.click(".lang-switch [data-lang=en]")


def test_a_save_the_engine_refuses_is_kept_aside_not_dropped(page, site):
    table_id = _start(page, site, query="botdelay=0")
    wait_page_state(page, "interactive")
    save = _save(page, table_id)
    record = save.pop("record")
    record["actions"].append("wQ9 nonsense")
    record["actors"].append([0, "seat"])
    text = json.dumps(record)
    store_put(page, "records", {"id": "tampered1", "game": GAME, "seq": len(record["actions"]), "over": False,
                                "text": text, "updated": 0})
    store_put(page, "tables", {**save, "id": "tampered1"})
    page.goto(site.url("index.html#/table/tampered1"))
    msg = page.wait_for_selector("[data-page=message][role=alert]", timeout=ENGINE_WAIT)
    assert "could not be opened" in msg.inner_text().lower()
    wait_stored(page, "aside", "tampered1")
    kept = stored(page, "aside", "tampered1")
    assert kept["raw"] == text
    assert "move" in kept["reason"]
    assert stored(page, "records", "tampered1") is None and stored(page, "tables", "tampered1") is None
    # The table the save was copied from is untouched.
    assert _save(page, table_id)["record"]["actions"] == record["actions"][:-1]
    # The lobby lists it among the saves kept aside.
    page.goto(site.url("index.html#/"))
    page.wait_for_selector(".kept-aside li")


def test_pass_and_play_hides_the_board_between_people(page, site):
    _start(page, site, kinds=("person", "person"), names=("Ana", "Bruno"), query="botdelay=0")
    wait_page_state(page, "handoff")
    first = snapshot(page)["decision"]["players"][0]
    names = ["Ana", "Bruno"]
    card = page.locator(".handoff-card")
    assert card.locator("h2").inner_text() == f"Pass the device to {names[first]}"
    # Behind the hand-off the table shows the spectator view: nobody's own
    assert page.get_attribute("[data-page=table]", "data-viewer") == ""
    assert not page.locator(".moves-list").is_visible()
    assert not page.locator(".countdown").is_visible(), "the timer starts only when the hand-off is accepted"

    card.locator("button").click()
    wait_page_state(page, "interactive")
    assert page.locator(".table-grid").is_visible()
    assert page.locator(".countdown").is_visible()
    assert page.locator(".score-sheet tr.viewer .seat-name").inner_text() == names[first]
    # Keyboard: the list has focus after the hand-off; Enter plays the focused move.
    assert page.evaluate("document.activeElement.matches('.moves-list button.move')")
    n = moves(page)
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    wait_moves(page, n)

    wait_page_state(page, "handoff")
    assert card.locator("h2").inner_text() == f"Pass the device to {names[1 - first]}"
    assert page.get_attribute("[data-page=table]", "data-viewer") == ""
    card.locator("button").click()
    wait_page_state(page, "interactive")
    assert page.locator(".score-sheet tr.viewer .seat-name").inner_text() == names[1 - first]


def test_on_a_phone_the_countdown_stays_in_view_and_warns_before_the_table_plays(browser, site):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        page = ctx.new_page()
        csp_safe_waits(page)
        _start(page, site, query="timer=14&botdelay=0")
        wait_page_state(page, "interactive")
        clock = page.locator(".countdown")
        warning = page.locator(".clock-warning")
        assert not warning.is_visible()
        # Scrolled to the far end of the page, the bar with the countdown is still on screen.
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        box = clock.bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= 844
        # The last ten seconds: red, and words that say what happens next (also read out).
        page.wait_for_function("document.querySelector('.countdown').classList.contains('urgent')", timeout=20_000)
        assert warning.is_visible() and "the table plays for you" in warning.inner_text()
        box = warning.bounding_box()
        assert box and box["y"] + box["height"] <= 844
        page.wait_for_selector(".log-list li[data-by=timer]", state="attached", timeout=30_000)
        assert not warning.is_visible()
    finally:
        ctx.close()


def test_every_table_links_to_its_rules_and_a_finished_game_offers_a_rematch(page, site):
    _start(page, site, kinds=("bot", "bot"), names=("Ada", "Bea"), query="botdelay=0", game="hollowmere")
    link = page.locator(".table-bar a.rules-link")
    assert link.get_attribute("href") == "#/howto/hollowmere"
    wait_page_state(page, "over", timeout=240_000)
    first = snapshot(page)
    before = page.evaluate("location.hash")
    page.click(".end-screen button.rematch")
    page.wait_for_function("(h) => location.hash.startsWith('#/table/') && location.hash !== h",
                           arg=before, timeout=ENGINE_WAIT)
    # The new table's page, not the old one on its way out.
    page.wait_for_function("(old) => { const t = document.querySelector('[data-page=table]')?.dataset.table;"
                           " return !!t && t !== old; }", arg=first["table"], timeout=ENGINE_WAIT)
    again = None
    for _ in range(100):
        again = snapshot(page)
        if again:
            break
        page.wait_for_timeout(50)
    assert again["seats"] == first["seats"] and again["options"] == first["options"]
    assert again["fingerprint"] != first["fingerprint"] and not again["terminal"]
