"""axe's WCAG 2.x A/AA rules (tests/browser/axe.py) on the pages this release changed, as a person meets
them: the lobby, the guide, New table (the levels' ratings), My games (the player's rating and the
notices' switch), on a desktop in English and a phone in Portuguese. The days pages are checked in their
own tests (test_days_games.py)."""
from __future__ import annotations

import json

import pytest

from tests.browser.axe import violations
from tests.browser.test_my_games import export_file, import_file, records  # noqa: F401 - finished games to import
from tests.browser.vt_page import ENGINE_WAIT, one_device

CASES = {"desktop-en": (1280, 800, False, "en"), "phone-pt": (390, 844, True, "pt")}


@pytest.mark.parametrize("case", CASES)
def test_the_changed_pages_pass_axe(browser, site, records, tmp_path, case):  # noqa: F811
    w, h, touch, lang = CASES[case]
    with one_device(browser, w, h, touch=touch) as page:
        page.add_init_script(f"localStorage.setItem('vt.lang', {json.dumps(lang)})")
        found = {}
        page.goto(site.url("index.html#/"))
        page.wait_for_selector(".lobby[data-live='1']")
        found["lobby"] = violations(page)
        page.goto(site.url("index.html#/guide"))
        page.wait_for_selector(".pg-guide .pg-way[data-way=days]")
        found["guide"] = violations(page)
        page.goto(site.url("index.html#/new/hollowmere"))
        page.wait_for_selector("form.newtable[data-source=engine] #start", timeout=ENGINE_WAIT)
        page.select_option("#seat-kind-1", "bot")
        page.wait_for_selector("#seat-level-rating-1")
        found["new table"] = violations(page)
        page.goto(site.url("index.html#/games"))
        page.wait_for_selector(".pg-games")
        import_file(page, export_file(tmp_path, records))
        page.wait_for_selector(".games-rating-table tbody tr", timeout=120_000)
        found["my games"] = violations(page)
        assert found == {k: [] for k in found}, found
