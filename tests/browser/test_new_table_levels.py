"""The New-table form says, under a bot seat's level, what that level does and how strong it measured,
in one line of the page's language: the engine's own words (``Game.bot_level_words``), for every game
and every level, desktop in English and phone in Portuguese; and its rating on the one ladder
(``py_engine/ladder.json``, docs/rating.md) with its interval.

Screenshots: docs/screens/newtable-levels-desktop-en.png, docs/screens/newtable-levels-phone-pt.png.
"""
from __future__ import annotations

import math
from pathlib import Path

import pytest

from py_engine.registry import available, get_game, ladder
from tests.browser.vt_page import ENGINE_WAIT, one_device, screenshot

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"

CASES = {"desktop-en": (1280, 800, False, "en"), "phone-pt": (390, 844, True, "pt")}


@pytest.mark.parametrize("case", CASES)
def test_each_level_says_what_it_is_in_one_line(browser, site, case):
    w, h, touch, lang = CASES[case]
    with one_device(browser, w, h, touch=touch) as page:
        for name in available():
            game = get_game(name)
            page.goto(site.url(f"index.html#/new/{name}"))
            # The form is drawn from the build's catalog at once and again when the engine answers; the
            # checks start once it has (so no redraw comes between a choice and its line).
            page.wait_for_selector("form.newtable[data-source=engine] #start", timeout=ENGINE_WAIT)
            if lang == "pt" and not page.evaluate("document.documentElement.lang").startswith("pt"):
                page.click(".lang-switch [data-lang=pt]")
                page.wait_for_function("document.documentElement.lang.startsWith('pt')")
            page.select_option("#seat-kind-1", "bot")
            levels = page.eval_on_selector_all("#seat-level-1 option", "os => os.map((o) => o.value)")
            assert levels == list(game.bot_levels), (name, levels)
            for level in levels:
                page.select_option("#seat-level-1", level)
                note = page.locator("#seat-level-note-1")
                page.wait_for_function("(l) => document.querySelector('#seat-level-note-1')?.dataset.level === l", arg=level)
                assert note.inner_text().strip() == game.bot_level_words[level][lang], (name, level)
                assert page.get_attribute("#seat-level-1", "aria-describedby") == "seat-level-note-1"
                # Its place on the ladder (docs/rating.md), in the option and in a line of its own.
                rated = {k: (math.floor(v + 0.5) if k != "games" else v) for k, v in ladder(name)[level].items()}  # as JS rounds
                rating = page.locator("#seat-level-rating-1")
                assert str(rated["rating"]) in rating.inner_text()
                if level != "normal":
                    assert f"{rated['low']}–{rated['high']}" in rating.inner_text()
                assert page.locator(f"#seat-level-1 option[value={level}]").inner_text().endswith(f"· {rated['rating']}")
                box = note.bounding_box()
                assert box["x"] >= 0 and box["x"] + box["width"] <= w, (name, level, box)   # no sideways scroll
            # A person's seat has no level, so no line either.
            page.select_option("#seat-kind-1", "person")
            assert not page.locator("#seat-level-note-1").count()
            if name == "milehollow":
                page.select_option("#seat-kind-1", "bot")
                page.select_option("#seat-level-1", levels[-1])
                page.locator("#seat-level-note-1").scroll_into_view_if_needed()
                screenshot(page, SCREENS / f"newtable-levels-{case}.png")
