"""The clock is one control on the New-table form: the rules' times, relaxed times or no clock (there
was also a "timers on" switch that could contradict it). What is chosen is what the table runs,
desktop in English and phone in Portuguese.

Screenshot: docs/screens/newtable-clock-phone-pt.png.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.vt_page import ENGINE_WAIT, one_device, screenshot, snapshot, wait_page_state

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"

CASES = {
    # size, lang, the clock's words in that language, the choice made, what the table must run
    "desktop-en": (1280, 800, False, "en", ["Standard", "Relaxed", "No clock"], "No clock", (False, {})),
    "phone-pt": (390, 844, True, "pt", ["Normal", "Tranquilo", "Sem relógio"], "Tranquilo", (True, {"clock": "relaxed"})),
}


@pytest.mark.parametrize("case", CASES)
def test_the_clock_is_one_choice_and_the_table_runs_it(browser, site, case):
    w, h, touch, lang, labels, pick, (timers, options) = CASES[case]
    with one_device(browser, w, h, touch=touch) as page:
        page.goto(site.url("index.html#/new/hollowmere"))
        page.wait_for_selector("form.newtable #start")
        if lang == "pt":
            page.click(".lang-switch [data-lang=pt]")
        page.wait_for_selector("#opt-clock", timeout=ENGINE_WAIT)
        form = page.locator("form.newtable")
        # One clock: no other control speaks of timers.
        assert form.locator("input[type=checkbox]").count() == form.locator(".options-form input[type=checkbox]").count()
        assert not page.locator("#timers-on, .timer-form").count()
        assert page.eval_on_selector_all("#opt-clock option", "os => os.map((o) => o.textContent)") == labels
        page.select_option("#opt-clock", label=pick)
        help_box = page.locator("#opt-clock-help")
        assert labels[2] in help_box.inner_text()
        assert page.evaluate("(e) => e.scrollWidth <= e.clientWidth", help_box.element_handle())
        page.locator("#opt-clock").scroll_into_view_if_needed()
        if lang == "pt":
            screenshot(page, SCREENS / "newtable-clock-phone-pt.png")
        page.click("#start")
        page.wait_for_function("location.hash.startsWith('#/table/')", timeout=ENGINE_WAIT)
        wait_page_state(page, "interactive", "waiting")
        snap = snapshot(page)
        assert snap["timers"] is timers and snap["options"].get("clock") == options.get("clock")
        assert snap["decision"]["timer"] == 180 if timers else True
