"""Hints and reviews (docs/performance.md, "Hints and reviews"): at a table of one person and bots,
H (or the Hint button) shows the strongest level's move for the person's seat — marked in the list,
drawn on the board by the game's renderer and said in words — and each hint asked is in the record.
A finished game's Review judges every decision as its seat saw it, with a chart and marks, and a
click shows the board at that step with the best move drawn.

Screenshots go to docs/screens/hint-*.png and review-*.png.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.browser.vt_page import (moves, one_device, page_state, screenshot, snapshot, start_new_table, wait_moves,
                                    wait_page_state)

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
ROOTS = {"elderwood": ".ew-root", "hollowmere": ".hm-root", "milehollow": ".mh-root", "wickerfair": ".wf-root"}
#: Each game once, at one size, in one language (both languages and a phone and a desktop come up).
TABLES = [
    ("elderwood", (1280, 800), "en"),
    ("hollowmere", (390, 844), "pt"),
    ("milehollow", (1024, 768), "pt"),   # a small desktop: the detailed map stays under 300 KB as a PNG
    ("wickerfair", (390, 844), "en"),
]


def _table_against_a_bot(page, site, game: str, lang: str) -> str:
    """A new table of the person against a bot (no clock, the bot quick), its board up, the page in ``lang``."""
    table = start_new_table(page, site, game, ["person", "bot"], timers=False, query="botdelay=20")
    page.wait_for_selector(ROOTS[game])
    if lang == "pt":
        page.click("[data-lang=pt]")
    return table


@pytest.mark.parametrize("game,size,lang", TABLES)
def test_a_hint_is_marked_drawn_said_and_counted(browser, site, game, size, lang):
    with one_device(browser, *size, touch=size[0] < 500) as page:
        _table_against_a_bot(page, site, game, lang)
        wait_page_state(page, "interactive")
        t0 = time.monotonic()
        if size[0] < 500:
            page.locator(".table-controls button[data-action='@hint']").click()
        else:
            page.keyboard.press("h")
        page.wait_for_selector(".moves-list button.move.hinted", timeout=60_000)
        took = time.monotonic() - t0
        box = page.locator(".hint-box")
        said = box.inner_text()
        assert said.startswith("Dica:" if lang == "pt" else "Hint:"), said
        hinted = page.locator(".moves-list button.move.hinted").get_attribute("data-action")
        # The renderer was handed the move to draw (its own root says which).
        assert page.locator(ROOTS[game]).get_attribute("data-suggest") == hinted
        assert box.bounding_box()["y"] < size[1], box.bounding_box()      # said where the player looks
        print(f"{game}: hint {hinted!r} in {took:.2f}s")
        screenshot(page, SCREENS / f"hint-{game}-{'phone' if size[0] < 500 else 'desktop'}.png")
        snap = snapshot(page)
        assert snap["hints"][0] == 1 and "Pediu uma dica" in page.locator(".log-list").inner_text() if lang == "pt" \
            else "Asked for a hint" in page.locator(".log-list").inner_text()
        # Playing the hinted move clears it.
        page.locator(".moves-list button.move.hinted").click()
        page.wait_for_function("() => !document.querySelector('.moves-list button.move.hinted')")
        page.locator(".hint-box").wait_for(state="hidden", timeout=10_000)   # the words go once the move is played


# --- Review ------------------------------------------------------------------------------------------

# The page's engine clients, counted: which commands the page sends (to its engine and to a second
# review worker: every engine shares one class, so its prototype is counted), and review_next held at
# a gate when a test wants a review stopped between two decisions (Cancel, leaving the page)
# deterministically.
COUNT_CALLS_JS = """() => {
  const e = window.__vt.engine;
  if (e.__counted) { e.__calls.length = 0; return; }
  const proto = Object.getPrototypeOf(e);
  const call = proto.call;
  e.__calls = [];
  e.__hold = null;
  proto.call = function (cmd, args) {
    e.__calls.push({ cmd, review: args && args.review, step: args && args.step, engine: this.name });
    if (cmd === 'review_next' && e.__hold) return e.__hold.then(() => call.call(this, cmd, args));
    return call.call(this, cmd, args);
  };
  e.__counted = true;
}"""
HOLD_JS = "() => { const e = window.__vt.engine; e.__hold = new Promise((r) => { e.__release = r; }); }"
RELEASE_JS = "() => { const e = window.__vt.engine; const r = e.__release; e.__hold = null; if (r) r(); }"
CALLS_JS = "() => window.__vt.engine.__calls.map((c) => c.cmd)"


def _calls(page) -> list[str]:
    return page.evaluate(CALLS_JS)


def _play_a_few(page, game: str, phone: bool, n: int) -> None:
    """The person asks a hint and plays it, n times (or until the game is over)."""
    for _ in range(n):
        if wait_page_state(page, "interactive", "over") == "over":
            return
        if page.locator(".moves-list button.move").count() == 1:
            # One legal move (a Warden with nowhere to go): no hint is offered for it; it is played.
            before = moves(page)
            page.locator(".moves-list button.move").click()
            wait_moves(page, before)
            continue
        if phone:
            page.locator(".table-controls button[data-action='@hint']").click()
        else:
            page.keyboard.press("h")
        page.wait_for_selector(".moves-list button.move.hinted", timeout=60_000)
        assert page.locator(f"{ROOTS[game]}[data-suggest]").get_attribute("data-suggest")
        before = moves(page)
        page.locator(".moves-list button.move.hinted").click()
        page.wait_for_function("() => !document.querySelector('.moves-list button.move.hinted')")
        if n > 1:
            wait_moves(page, before)


def _resign(page) -> None:
    wait_page_state(page, "interactive", "over")
    if page_state(page) == "over":
        return
    resign = page.locator(".table-controls button[data-action='@resign']")
    resign.click()
    resign.click()
    wait_page_state(page, "over")


def _review_done(page, timeout: float = 240_000) -> None:
    page.wait_for_selector(".pg-review[data-state=done]", timeout=timeout)


def _pick_marked(page, game: str) -> dict:
    """Click a blunder, else a mistake, else any marked move, else the first; the board shows its step."""
    items = page.locator(".rv-list li[data-i]")
    for mark in ("blunder", "mistake", "inaccuracy"):
        if page.locator(f".rv-list li[data-mark={mark}]").count():
            item = page.locator(f".rv-list li[data-mark={mark}]").first
            break
    else:
        item = items.first
    info = item.evaluate("(li) => ({...li.dataset, played_words: li.querySelector('.rv-played').textContent})")
    item.click()
    _board_shows(page, game, info)
    return info


def _board_shows(page, game: str, info: dict) -> None:
    """The board is at the step before that move, as its seat saw it, the best move handed to the renderer."""
    page.wait_for_function("(i) => { const b = document.querySelector('.rv-board'); const r = b && b.querySelector(i.root);"
                           " return b && b.dataset.step === i.step && r && r.dataset.suggest === i.best; }",
                           arg={"root": ROOTS[game], "step": info["step"], "best": info["best"]}, timeout=60_000)
    assert page.locator(".rv-board").get_attribute("data-seat") == info["seat"]
    detail = page.locator(".rv-detail").inner_text()
    assert info["played_words"] in detail, (info, detail)
    assert page.locator(".rv-list li.current").get_attribute("data-step") == info["step"]


@pytest.mark.parametrize("game,size,lang", TABLES)
def test_a_review_from_the_end_screen_judges_every_move_and_shows_the_board(browser, site, game, size, lang):
    phone = size[0] < 500
    shot = f"review-{game}-{'phone' if phone else 'desktop'}"
    with one_device(browser, *size, touch=phone) as page:
        table = _table_against_a_bot(page, site, game, lang)
        _play_a_few(page, game, phone, {"hollowmere": 6, "wickerfair": 1}.get(game, 3))
        # (Wickerfair's turns have many steps: hinted moves until the bot has chosen too.)
        for _ in range(8):
            if any(e.get("seat") == 1 for e in snapshot(page)["log"]) or page_state(page) == "over":
                break
            _play_a_few(page, game, phone, 1)
        _resign(page)
        record = snapshot(page)["record"]
        page.evaluate(COUNT_CALLS_JS)

        t0 = time.monotonic()
        if game == "hollowmere":
            # Cancel: the review stops between two decisions (the ones asked for held back until Cancel
            # is pressed: a worker has the next one asked for ahead, so two), keeps what it judged, asks
            # the worker for nothing more and closes its review.
            page.evaluate(HOLD_JS)
            page.locator(".end-screen [data-act=review]").click()
            page.wait_for_function("() => window.__vt.engine.__calls.filter((c) => c.cmd === 'review_next').length >= 2")
            page.locator(".rv-cancel").click()
            asked = _calls(page).count("review_next")
            page.evaluate(RELEASE_JS)
            page.wait_for_selector(".pg-review[data-state=stopped]")
            page.wait_for_function("() => window.__vt.engine.__calls.some((c) => c.cmd === 'close' && c.review)")
            time.sleep(1.0)
            assert asked == 2 and _calls(page).count("review_next") == asked, _calls(page)
            assert page.locator(".rv-list li[data-i]").count() == 0
            assert "interrompida" in page.locator(".rv-progress-label").inner_text()
            # Leaving the page stops it too: the review the worker held is gone.
            page.locator(".rv-again").click()
            page.wait_for_selector(".pg-review[data-state=running]")
            page.evaluate(HOLD_JS)
            page.wait_for_function("() => window.__vt.engine.__calls.filter((c) => c.cmd === 'review_next').length >= 3")
            held = page.evaluate("() => window.__vt.engine.__calls.filter((c) => c.cmd === 'review_next').pop().review")
            page.evaluate("location.hash = '#/'")
            page.evaluate(RELEASE_JS)
            page.wait_for_selector("[data-page=lobby], .lobby", timeout=30_000)
            time.sleep(1.0)
            gone = page.evaluate("(id) => window.__vt.engine.call('review_next', {review: id}).then(() => 'answered',"
                                 " (e) => e.message)", held)
            assert "no such review" in gone, gone
            page.evaluate(COUNT_CALLS_JS)
            page.evaluate(f"location.hash = '#/review/{table}'")
        else:
            page.locator(".end-screen [data-act=review]").click()
        page.wait_for_selector(".pg-review")
        _review_done(page)
        took = time.monotonic() - t0
        calls = _calls(page)
        judged = page.locator(".rv-list li[data-i]").count()
        print(f"{game}: {judged} decisions reviewed in {took:.1f}s ({len(record['actions'])} actions)")
        # One call per decision, every decision of every seat, in the record's order; the review closed.
        assert calls.count("review_open") == 1 and calls.count("review_next") == judged, calls
        assert calls.count("close") >= 1, calls
        steps = [int(s) for s in page.locator(".rv-list li[data-i]").evaluate_all("(l) => l.map((e) => e.dataset.step)")]
        assert steps == sorted(steps) and len(steps) >= 3
        assert {record["actions"][s] for s in steps}.isdisjoint({"@hint", "@resign"})
        seats = {int(s) for s in page.locator(".rv-list li[data-i]").evaluate_all("(l) => l.map((e) => e.dataset.seat)")}
        assert seats == {0, 1}
        # The chart: a line per seat, a dot per judged move; the summary a line per seat.
        assert page.locator(".rv-chart-svg polyline").count() == 2
        assert page.locator(".rv-chart-svg circle").count() == judged
        assert page.locator(".rv-seats li").count() == 2
        head = page.locator(".pg-review h1").inner_text()
        assert head.startswith("Análise" if lang == "pt" else "Review"), head
        assert ("Análise pronta" if lang == "pt" else "Reviewed") in page.locator(".rv-progress-label").inner_text()

        info = _pick_marked(page, game)
        print(f"{game}: picked move {int(info['step']) + 1} ({info['mark'] or 'no mark'}), best {info['best']!r}")
        if phone:
            page.locator(".rv-stage").scroll_into_view_if_needed()
        else:
            page.evaluate("window.scrollTo(0, 0)")
        screenshot(page, SCREENS / f"{shot}.png")
        # Keys: the arrows step through the list, and through the chart.
        page.locator(".rv-list").focus()
        i = int(info["i"])
        key, to = ("ArrowDown", i + 1) if i + 1 < judged else ("ArrowUp", i - 1)
        page.keyboard.press(key)
        nxt = page.locator(f".rv-list li[data-i='{to}']")
        _board_shows(page, game, nxt.evaluate("(li) => ({...li.dataset, played_words: li.querySelector('.rv-played').textContent})"))
        page.locator(".rv-chart").focus()
        page.keyboard.press("Home")
        first = page.locator(".rv-list li[data-i='0']")
        _board_shows(page, game, first.evaluate("(li) => ({...li.dataset, played_words: li.querySelector('.rv-played').textContent})"))
        # A click on the chart picks the move under it.
        dot = page.locator(f".rv-chart-svg circle[data-i='{judged - 1}']").bounding_box()
        page.mouse.click(dot["x"] + dot["width"] / 2, dot["y"] + dot["height"] / 2)
        last = page.locator(f".rv-list li[data-i='{judged - 1}']")
        _board_shows(page, game, last.evaluate("(li) => ({...li.dataset, played_words: li.querySelector('.rv-played').textContent})"))
        if not phone:
            page.evaluate("window.scrollTo(0, 0)")
            screenshot(page, SCREENS / f"{shot}-chart.png")
        else:
            page.evaluate("window.scrollTo(0, 0)")
            screenshot(page, SCREENS / f"{shot}-top.png")

        # Reopened (from Replay this time): kept on this device, so shown at once, with no review asked of the worker.
        page.evaluate(f"location.hash = '#/replay/{table}'")
        page.wait_for_selector(".pg-share [data-act=review]", timeout=60_000)
        page.evaluate(COUNT_CALLS_JS)
        t1 = time.monotonic()
        page.locator(".pg-share [data-act=review]").click()
        _review_done(page, timeout=10_000)
        assert time.monotonic() - t1 < 5
        assert page.locator(".rv-list li[data-i]").count() == judged
        assert not {"review_open", "review_next"} & set(_calls(page)), _calls(page)
        assert ("guardada neste aparelho" if lang == "pt" else "kept on this device") in page.locator(".rv-progress-label").inner_text()
