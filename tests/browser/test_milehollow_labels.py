"""Milehollow's words, with nothing over the map's names: no town name is written under the hint, the
last turn or the zoom buttons, and with the list of roads to pave open the map makes
room for it beside or under itself (it was covered but for 22 %); every pile says its count in words ("3 roads", not "63
Pave" as if it held roads); every label fits, in English on a desktop and in Portuguese on a phone
("Bar…", "Cor…", "Pav…" were cut). The position comes from a save with many roads to pave.

Screenshots: docs/screens/milehollow-labels-*.png.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from py_engine import __version__
from py_engine.core.table import Seat, Table
from py_engine.registry import get_game
from tests.browser.vt_page import ENGINE_WAIT, one_device, screenshot, store_put

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
ROOT = "document.querySelector('.mh-root')"

# A name is covered when a box over the map meets it (the hint and the last turn let taps through,
# so they are found by their boxes), or when something else is on top at one of its points.
COVERED_JS = """() => { const r = document.querySelector('.mh-root').__renderer;
  const over = [...document.querySelectorAll('.mh-map .mh-hint span, .mh-map .vt-controls, .mh-sheet')]
    .filter((e) => e.getClientRects().length && e.textContent.trim()).map((e) => e.getBoundingClientRect());
  const out = [];
  for (const b of r.labelBoxes()) {
    const x0 = b.x - scrollX, y0 = b.y - scrollY;
    const hit = over.find((o) => x0 < o.right && x0 + b.w > o.left && y0 < o.bottom && y0 + b.h > o.top);
    if (hit) { out.push([b.id, 'under a box']); continue; }
    for (const [fx, fy] of [[0.5, 0.5], [0.1, 0.2], [0.9, 0.2], [0.1, 0.8], [0.9, 0.8]]) {
      const x = x0 + b.w * fx, y = y0 + b.h * fy;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const e = document.elementFromPoint(x, y);
      if (!e || !e.closest('.mh-map')) { out.push([b.id, e && e.className]); break; }
    }
  }
  return out; }"""

# Cut (wider than its box) or a word broken over two lines (the piles' names are one word each).
CUT_JS = """() => [...document.querySelectorAll('.mh-root *')].filter((e) => e.getClientRects().length
  && !e.children.length && e.textContent.trim() && (e.scrollWidth > e.clientWidth + 1
  || (e.matches('.mh-pile .mh-label') && e.getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(e).lineHeight))))
  .map((e) => e.className + ': ' + e.textContent)"""


@pytest.fixture(scope="module")
def save():
    """A running table where seat 1 drew cards turn after turn: many roads it may pave now."""
    t = Table(get_game("milehollow"), [Seat("Ana"), Seat("Bot 2", True, "easy")], {"first": "seat-1"}, "4d" * 32,
              __version__, timers=False)
    while True:
        d = t.decision()
        seat = d.players[0]
        if t.seats[seat].bot:
            t.play(t.bot_choice(seat), seat)
            continue
        legal = t.state.legal_actions(seat)
        paves = [a for a in legal if a.startswith("pave:")]
        if d.kind == "turn" and len({a.split(":")[1] for a in paves}) >= 8:
            break
        t.play("deck" if "deck" in legal else legal[0], seat)
    record = t.to_record(reveal_seed=True)
    return record


def shot(page, path, phone):
    """The phone's whole screen; on a desktop, the board (a whole desktop screen of map is too big to keep)."""
    if phone:
        screenshot(page, path)
    else:
        page.locator(".mh-root").screenshot(path=str(path), scale="css")
        assert path.stat().st_size < 300_000, (path.name, path.stat().st_size)


def open_save(page, site, record, table_id):
    page.goto(site.url("index.html#/"))
    page.wait_for_selector(".lobby[data-live] .game-card")
    # (written as the engine's worker writes it, so the page finds its own save, not another tab's)
    text = json.dumps(record, separators=(",", ":"), ensure_ascii=False)
    store_put(page, "records", {"id": table_id, "game": "milehollow", "seq": len(record["actions"]), "over": False,
                                "text": text, "updated": int(time.time() * 1000)})
    store_put(page, "tables", {"id": table_id, "game": "milehollow", "seats": record["seats"], "viewer": 0,
                               "summary": {"over": False, "turn": "Ana", "moves": 0}, "timers": False,
                               "created": int(time.time() * 1000)})
    page.goto(site.url(f"index.html#/table/{table_id}?botdelay=0"))
    page.wait_for_function(f"{ROOT} && {ROOT}.__renderer && {ROOT}.__renderer.ready && {ROOT}.dataset.acting === '1'"
                           f" && {ROOT}.dataset.pending === '0'", timeout=ENGINE_WAIT)
    page.wait_for_timeout(300)


@pytest.mark.parametrize("lang,size", [("en", (1280, 800, False)), ("pt", (390, 844, True))])
def test_nothing_covers_the_map_s_names_and_every_label_fits(browser, site, save, lang, size):
    w, h, touch = size
    with one_device(browser, w, h, touch=touch) as page:
        if lang == "pt":
            page.add_init_script("localStorage.setItem('vt.lang', 'pt')")
        open_save(page, site, save, f"labels{lang}")
        page.evaluate("window.scrollTo(0, 0)")
        assert len(page.evaluate(f"{ROOT}.__renderer.labelBoxes()")) >= 10
        assert page.evaluate(COVERED_JS) == []
        assert page.evaluate(CUT_JS) == []
        pave = page.locator(".mh-pavepile")
        n = int(pave.get_attribute("data-count"))
        assert n >= 8 and pave.inner_text().replace("\n", " ") == (f"Pave {n} roads" if lang == "en" else f"Pavimentar {n} estradas")
        assert page.locator(".mh-pile").first.inner_text().split("\n")[0] in ("Deck", "Baralho")
        shot(page, SCREENS / f"milehollow-labels-{'phone' if touch else 'desktop'}-{lang}.png", touch)

        closed = page.locator(".mh-map").bounding_box()
        pave.click()
        page.wait_for_function(f"{ROOT}.dataset.sheet === 'roads'")
        page.wait_for_timeout(400)
        assert page.locator(".mh-sheet .mh-road").count() == n
        m, sh = page.locator(".mh-map").bounding_box(), page.locator(".mh-sheet").bounding_box()
        # The list is beside the map (a desktop) or under it (a phone), never over it.
        assert sh["x"] >= m["x"] + m["width"] - 1 or sh["y"] >= m["y"] + m["height"] - 1, (m, sh)
        assert m["height"] * m["width"] >= 0.5 * closed["height"] * closed["width"], (m, closed)
        assert page.evaluate(COVERED_JS) == []
        assert page.evaluate(CUT_JS) == []
        shot(page, SCREENS / f"milehollow-labels-roads-{'phone' if touch else 'desktop'}-{lang}.png", touch)


# The page's sticky bar (with its hint) against the map's names: a name on screen that meets the bar is
# under it (the page's bar lies over whatever scrolls beneath it).
PAGE_OVER_JS = """() => { const r = document.querySelector('.mh-root').__renderer;
  const bar = document.querySelector('.table-bar').getBoundingClientRect();
  const map = document.querySelector('.mh-map').getBoundingClientRect();
  const out = [];
  for (const b of r.labelBoxes()) {
    const x0 = b.x - scrollX, y0 = b.y - scrollY;
    if (y0 + b.h <= 0 || y0 >= innerHeight) continue;            // off screen: nothing is over it
    if (y0 < bar.bottom && y0 + b.h > bar.top && x0 < bar.right && x0 + b.w > bar.left) out.push([b.id, 'under the bar']);
  }
  const shown = r.labelBoxes().filter((b) => b.y - scrollY >= bar.bottom && b.y - scrollY < innerHeight).length;
  return {covered: out, shown, bar: [bar.top, bar.bottom], map: [map.top, map.bottom]}; }"""


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_phone_keeps_the_map_s_names_clear_of_the_hint_with_the_list_of_roads_open(browser, site, save, lang):
    """390 × 844, the hint said in the page's bar (sticky at the top, three lines in Portuguese) and the list
    of roads to pave open under the map: the map starts below the bar, and when the page is scrolled so
    that the bar lies over the map's top, no name is written under the bar (the names move clear of it)."""
    with one_device(browser, 390, 844, touch=True) as page:
        if lang == "pt":
            page.add_init_script("localStorage.setItem('vt.lang', 'pt')")
        open_save(page, site, save, f"hintroads{lang}")
        page.locator(".table-controls button[data-action='@hint']").click()
        page.wait_for_selector(".hint-box:not([hidden])", timeout=60_000)
        page.wait_for_function(f"{ROOT}.dataset.acting === '1' && {ROOT}.dataset.pending === '0'")
        page.locator(".mh-pavepile").click()
        page.wait_for_function(f"{ROOT}.dataset.sheet === 'roads'")
        page.wait_for_timeout(600)
        got = page.evaluate(PAGE_OVER_JS)
        assert got["map"][0] >= got["bar"][1] - 1, got            # the bar covers none of the map
        assert got["covered"] == [] and got["shown"] >= 8, got
        assert page.evaluate(COVERED_JS) == []
        shot(page, SCREENS / f"milehollow-labels-hint-roads-phone-{lang}.png", True)
        # Scrolled on to read the list: the bar now lies over a fifth of the map; the names keep clear of it.
        under = 0.2 * (got["map"][1] - got["map"][0])
        page.evaluate(f"window.scrollBy(0, {under} + ({got['map'][0]} - {got['bar'][1]}))")
        page.wait_for_timeout(400)
        got = page.evaluate(PAGE_OVER_JS)
        assert got["map"][0] < got["bar"][1] - 10, got
        assert got["covered"] == [] and got["shown"] >= 6, got
        shot(page, SCREENS / f"milehollow-labels-hint-roads-scrolled-phone-{lang}.png", True)
