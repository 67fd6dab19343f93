"""The PyScript docs page (web/pyscript.html) as a reader uses it: an example edited into a
multi-line program with the keyboard (Enter keeps the indent, Tab and Shift+Tab indent) runs
with Ctrl+Enter and with its Run button, the edit survives a reload, and the page switches to
Portuguese like the rest of the site (the choice is remembered; an unedited example follows it)."""
from __future__ import annotations

from pathlib import Path

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"


def test_an_edited_multiline_example_runs_and_the_page_speaks_portuguese(page, site):
    page.goto(site.url("web/pyscript.html"))
    page.wait_for_selector("body[data-examples=ready]", timeout=240_000)
    section = page.locator("#ex-fingerprint")
    editor = section.locator("textarea.code")
    assert section.locator(".run-note").inner_text().startswith("done in ")

    # A loop typed at the end of the example: Enter after a colon indents, Shift+Tab takes it back,
    # Tab indents at the caret.
    editor.click()
    page.keyboard.press("Control+End")
    page.keyboard.type("total = 0")
    page.keyboard.press("Enter")
    page.keyboard.type("for i in range(4):")
    page.keyboard.press("Enter")
    page.keyboard.type("if i % 2:")
    page.keyboard.press("Enter")
    page.keyboard.type("total += i * 10")
    page.keyboard.press("Enter")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    page.keyboard.type('print("odd total", total)')
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    page.keyboard.type('print("after", "tab")')
    code = editor.input_value()
    assert code.endswith('total = 0\nfor i in range(4):\n    if i % 2:\n        total += i * 10\n'
                         'print("odd total", total)\nprint("after", "tab")'), code
    assert page.evaluate("document.activeElement.tagName") == "TEXTAREA"   # Tab stayed in the editor

    page.keyboard.press("Control+Enter")
    output = section.locator(".output")
    page.wait_for_function("document.querySelector('#ex-fingerprint .output').textContent.includes('odd total 40')")
    assert section.get_attribute("data-state") == "done"
    assert "fingerprint 60e05bd1" in output.inner_text() and output.inner_text().rstrip().endswith("after tab")
    # A mistake shows Python's error under the example; the Run button runs the fix.
    page.keyboard.type("\nprint(undefined_name)")
    section.locator("button.run").click()
    page.wait_for_selector("#ex-fingerprint[data-state=error]")
    assert "NameError" in output.inner_text() and "failed" in (output.get_attribute("class") or "")
    page.keyboard.press("Control+z")   # the platform's undo takes the typed line back
    assert "undefined_name" not in editor.input_value()
    section.locator("button.run").click()
    page.wait_for_selector("#ex-fingerprint[data-state=done]")
    # Esc, then Tab: the keyboard leaves the editor for the next control.
    editor.focus()
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('run')")
    assert editor.bounding_box()["height"] >= 18 * 17   # the box grew with the code: no inner scroll
    page.screenshot(path=str(SCREENS / "pyscript-edited.png"), full_page=False)

    # Portuguese, remembered like the rest of the site: the example nobody edited follows the
    # language and asks the engine for Portuguese words.
    page.click(".lang-switch [data-lang=pt]")
    assert page.inner_text("h1") == "O motor, ao vivo"
    assert page.evaluate("localStorage.getItem('vt.lang')") == "pt"
    assert 'lang = "pt"' in page.locator("#ex-elderwood textarea").input_value()
    page.click("#ex-elderwood button.run")
    page.wait_for_function("document.querySelector('#ex-elderwood .output').textContent.includes('Colocar Coruja 1 no centro')")
    assert page.inner_text("#ex-elderwood .run-note").startswith("concluído em ")
    assert "odd total" in editor.input_value()   # an edited example keeps its code

    # A reload keeps the language and the edit (before Python is even up: the words are the page's).
    page.reload()
    page.wait_for_selector("html[lang=pt-BR] #ex-fingerprint button.reset:not([hidden])")
    assert page.inner_text("h1") == "O motor, ao vivo"
    assert page.inner_text("#ex-fingerprint button.run") == "Executar"
    assert "odd total" in page.locator("#ex-fingerprint textarea").input_value()
    page.click("#ex-fingerprint button.reset")
    assert "odd total" not in page.locator("#ex-fingerprint textarea").input_value()
    assert page.locator("#ex-fingerprint button.reset").is_hidden()
