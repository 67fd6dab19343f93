"""The guide to playing online (#/guide) in both languages, and the pages' fit on a phone."""
from __future__ import annotations

import pytest

from py_engine import bridge

WAYS = ["bots", "pass", "resume", "live", "days", "share", "embed", "pyscript"]


@pytest.mark.parametrize("lang,title,first", [
    ("en", "The guide to playing online", "Against bots on this device"),
    ("pt", "O guia para jogar online", "Contra bots neste aparelho"),
])
def test_guide_compares_the_ways_with_steps(page, site, lang, title, first):
    page.add_init_script(f"localStorage.setItem('vt.lang', '{lang}')")
    page.goto(site.url("index.html#/guide"))
    page.wait_for_selector(".pg-guide")
    assert page.locator("h1").inner_text() == title
    # One comparison row and one section with numbered steps per way.
    assert page.locator(".pg-compare-table tbody tr").count() == len(WAYS)
    assert [s.get_attribute("data-way") for s in page.locator(".pg-way[data-way]").all()] == WAYS
    for way in WAYS:
        assert page.locator(f".pg-way[data-way={way}] .pg-steps li").count() >= 3
    assert page.locator(".pg-way[data-way=bots] h2").inner_text() == first
    # The bots' levels are each game's own, as the engine lists them (Elderwood has a strong bot).
    games = bridge.call({"cmd": "games"})["result"]
    assert page.locator(".pg-levels li").count() == len(games)
    if lang == "en":
        for g in games:
            text = page.locator(f".pg-levels li[data-game={g['name']}]").inner_text()
            assert text == f"{g['name'].title()}: {', '.join(g['bot_levels'])}"
    else:
        assert page.locator(".pg-levels li[data-game=elderwood]").inner_text() == "Elderwood: fácil, normal, forte"
    # Tables across devices exist: the guide no longer says two devices cannot share one.
    assert "cannot sit" not in page.inner_text(".pg-head") and "não podem sentar" not in page.inner_text(".pg-head")
    # Each way links where it starts: the lobby, Verify, the PyScript docs page.
    assert page.locator('.pg-way[data-way=share] a[href="#/verify"]').count() == 1
    assert page.locator('.pg-way[data-way=pyscript] a[href="web/pyscript.html"]').count() == 1
    assert page.locator('.pg-way[data-way=live] a[href="#/join"]').count() == 1
    assert page.locator('.pg-way[data-way=days] a[href="#/join"]').count() == 1
    # The contents jump to a section without changing the route.
    page.click(".pg-toc a[data-to=embed]")
    assert page.evaluate("location.hash") == "#/guide"
    assert page.evaluate("document.activeElement.dataset.way") == "embed"
    assert "embed.html#r=" in page.locator(".pg-way[data-way=embed] pre").inner_text()


@pytest.mark.parametrize("route", ["#/guide", "#/verify", "#/howto/wickerfair", "#/replay/none"])
def test_pages_fit_a_phone(page, site, route):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site.url(f"index.html{route}"))
    page.wait_for_selector("h1")
    # The pages link their stylesheet as they mount: measure once it applies (a busy machine may
    # lay the page out before it has loaded).
    page.wait_for_function("[...document.styleSheets].some((s) => s.href && s.href.endsWith('/pages.css'))")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{route} is {overflow}px wider than a phone"


def test_the_guide_on_a_phone_in_portuguese_says_how_to_play_over_days(page, site):
    """Screenshot: docs/screens/guide-days-phone-pt.png."""
    from pathlib import Path

    from tests.browser.vt_page import screenshot
    page.set_viewport_size({"width": 390, "height": 844})
    page.add_init_script("localStorage.setItem('vt.lang', 'pt')")
    page.goto(site.url("index.html#/guide"))
    way = page.locator(".pg-way[data-way=days]")
    way.wait_for()
    assert way.locator("h2").inner_text() == "Por dias"
    assert way.locator(".pg-steps li").count() == 5
    way.scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth <= 390")
    screenshot(page, Path(__file__).resolve().parents[2] / "docs" / "screens" / "guide-days-phone-pt.png")
