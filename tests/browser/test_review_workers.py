"""A long review shared by two workers (docs/performance.md, *Reviews in the browser*): on a device with two
cores the Review page starts a second engine worker, both take the next decision not yet taken, and the
page shows every result in the record's order — the very results the command line's review gives, move for
move; on a one-core device the page's own worker judges them all, with the same results.

A Wickerfair game of two Easy clans: hundreds of decisions, each cheap to judge, so the test stays short.
A short Elderwood game shows a mark a search proved, with its words (screenshot
docs/screens/review-proved-elderwood-phone.png).
"""
from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from py_engine.core import analysis
from py_engine.core.table import Seat, Table
from py_engine.registry import get_game
from tests.browser.test_hints_review import COUNT_CALLS_JS
from tests.browser.vt_page import ENGINE_WAIT, one_device, screenshot

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"

MOVES_JS = """() => [...document.querySelectorAll('.rv-list li[data-i]')].map((li) => ({
    step: Number(li.dataset.step), played: li.dataset.played, best: li.dataset.best,
    mark: li.dataset.mark || null, forced: li.dataset.forced || null}))"""


@pytest.fixture(scope="module")
def game():
    seed = hashlib.sha256(b"review-workers/wickerfair").hexdigest()
    t = Table(get_game("wickerfair"), [Seat("Ana", True, "easy"), Seat("Bia", True, "easy")], {}, seed, "test")
    t.play_bots()
    record = t.to_record()
    expected = [{"step": m["step"], "played": m["played"], "best": m["best"], "mark": m["mark"], "forced": m["forced"]}
                for m in analysis.review(record, get_game)]
    assert len(expected) >= 100
    return record, expected


def review_in_page(browser, site, record, cores: int):
    with one_device(browser, 1280, 800) as page:
        if cores == 1:
            page.add_init_script("Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {get: () => 1})")
        page.goto(site.url("index.html#/"))
        page.wait_for_function("() => window.__vt && window.__vt.engine && window.__vt.engine.state === 'ready'",
                               timeout=ENGINE_WAIT)
        page.evaluate(COUNT_CALLS_JS)
        link = page.evaluate("(r) => import('./web/lib/recordcodec.js').then((m) => m.encodeRecord(r))", record)
        page.evaluate("(r) => { location.hash = '#/review?r=' + r; }", link)
        page.wait_for_selector(".pg-review[data-state=done]", timeout=300_000)
        moves = page.evaluate(MOVES_JS)
        calls = page.evaluate("() => window.__vt.engine.__calls")
        workers = page.locator(".pg-review").get_attribute("data-workers")
        return moves, calls, workers


def test_two_workers_give_the_review_one_gives(browser, site, game):
    record, expected = game
    moves, calls, workers = review_in_page(browser, site, record, cores=2)
    assert workers == "2"
    assert moves == expected
    asked = [c for c in calls if c["cmd"] == "review_next"]
    by = {c["engine"] for c in asked}
    assert by == {"valley-tables-engine", "valley-tables-engine-2"}, by
    # Every decision asked for once, by one worker or the other; each worker's steps go forward.
    assert sorted(c["step"] for c in asked) == [m["step"] for m in expected]
    for name in by:
        steps = [c["step"] for c in asked if c["engine"] == name]
        assert steps == sorted(steps) and len(steps) >= 10, (name, len(steps))
    # Both reviews were opened and closed again (the second worker is stopped once the review is done).
    opened = [c["engine"] for c in calls if c["cmd"] == "review_open"]
    closed = [c["engine"] for c in calls if c["cmd"] == "close" and c["review"]]
    assert sorted(opened) == sorted(by) and sorted(closed) == sorted(by), calls[-6:]


def test_one_core_gives_the_same_review_with_one_worker(browser, site, game):
    record, expected = game
    moves, calls, workers = review_in_page(browser, site, record, cores=1)
    assert workers == "1"
    assert moves == expected
    assert {c["engine"] for c in calls} == {"valley-tables-engine"}


def test_a_proved_mark_says_what_the_move_changed(browser, site):
    """Elderwood, Easy against Easy (38 moves): at move 33 a side walks into a forced loss while a move that
    does not lose existed, at move 34 the other passes up a forced win; both are mistakes (whatever the chances
    say), and the page says which proof applies, in Portuguese on a phone."""
    seed = hashlib.sha256(b"review-workers/13").hexdigest()
    t = Table(get_game("elderwood"), [Seat("Ana", True, "easy"), Seat("Bia", True, "easy")], {}, seed, "test")
    t.play_bots()
    record = t.to_record()
    with one_device(browser, 390, 844, touch=True) as page:
        page.add_init_script("localStorage.setItem('vt.lang', 'pt')")
        page.goto(site.url("index.html#/"))
        page.wait_for_function("() => window.__vt && window.__vt.engine && window.__vt.engine.state === 'ready'",
                               timeout=ENGINE_WAIT)
        link = page.evaluate("(r) => import('./web/lib/recordcodec.js').then((m) => m.encodeRecord(r))", record)
        page.evaluate("(r) => { location.hash = '#/review?r=' + r; }", link)
        page.wait_for_selector(".pg-review[data-state=done]", timeout=300_000)
        proved = page.locator(".rv-list li[data-forced]:not([data-forced=''])")
        kinds = proved.evaluate_all("(l) => l.map((li) => [Number(li.dataset.step), li.dataset.forced, li.dataset.mark])")
        assert [32, "allowed-loss", "mistake"] in kinds and [33, "missed-win", "mistake"] in kinds, kinds
        for step, sentence in ((32, "o outro lado vence à força"), (33, "não resta vitória forçada")):
            page.locator(f".rv-list li[data-step='{step}']").click()
            page.wait_for_function("(s) => document.querySelector('.rv-board')?.dataset.step === s", arg=str(step),
                                   timeout=60_000)
            detail = page.locator(".rv-detail").inner_text()
            assert "Provado" in detail and sentence in detail and "erro" in detail.lower(), detail
        # The move's words at the top of the screen, under the site's header.
        page.evaluate("() => { const head = document.querySelector('header')?.getBoundingClientRect().height || 0;"
                      " const top = document.querySelector('.rv-detail-panel').getBoundingClientRect().top;"
                      " window.scrollBy(0, top - head - 8); }")
        screenshot(page, SCREENS / "review-proved-elderwood-phone.png")
