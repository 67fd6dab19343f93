"""Replay (#/replay?r=<record>, #/replay/<saved id>) and embed.html in Chromium.

The position shown after k moves must be the engine's own: the scores on the page are
compared with a CPython replay of the same record cut at k.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from py_engine import __version__
from py_engine.core.table import Seat, Table
from py_engine.registry import get_game
from tests.browser.vt_page import bot_game_record, csp_safe_waits, record_link

SEED = "c0ffee" * 10 + "beef"
SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"


def scores_after(record: dict, k: int) -> list[int]:
    g = get_game(record["game"])
    table = Table(g, [Seat.from_json(s) for s in record["seats"]], record["options"], record["seed"], __version__)
    for action, (seat, by) in zip(record["actions"][:k], record["actors"][:k]):
        table.play(action, seat, by)
    return table.state.scores()


@pytest.fixture(scope="module")
def hollowmere():
    return bot_game_record("hollowmere", 3, SEED)


@pytest.fixture(scope="module")
def elderwood():
    return bot_game_record("elderwood", 2, SEED)


def at(page, k: int, n: int):
    page.wait_for_function(
        f"""() => {{
            const c = document.querySelector('.vtv-counter');
            const v = document.querySelector('.vtv');
            return c && c.textContent === 'Move {k} of {n}' && v && !v.hasAttribute('aria-busy');
        }}""", timeout=120_000)


def shown_scores(page) -> list[int]:
    # the score is the last column (a game may add its own columns before it)
    return [int(c.inner_text()) for c in page.locator(".vtv-scores tbody tr td.num:last-child").all()]


def test_replay_steps_forward_and_back(page, site, hollowmere):
    n = len(hollowmere["actions"])
    page.goto(site.url(f"index.html#/replay?r={record_link(hollowmere)}"))
    page.wait_for_selector(".vtv-moves li.current", timeout=120_000)
    at(page, n, n)                                   # a replay opens at the end
    assert shown_scores(page) == hollowmere["result"]["scores"]
    assert page.locator(".vtv-moves li[data-k]").count() == n + 1
    # The board is the game's renderer, drawn read-only for a spectator.
    assert page.locator(".vtv-board canvas").count() >= 1

    page.keyboard.press("Home")
    at(page, 0, n)
    assert shown_scores(page) == [0, 0, 0]
    assert page.get_attribute(".vtv-moves li.current", "data-k") == "0"
    assert page.is_disabled("button[data-go=back]")

    for k in range(1, 4):                            # → three times
        page.keyboard.press("ArrowRight")
        at(page, k, n)
    assert page.get_attribute(".vtv-moves li.current", "data-k") == "3"
    assert page.locator(".vtv-caption").inner_text().startswith("3. ")

    page.click("button[data-go=back]")
    at(page, 2, n)
    page.click("button[data-go=forward]")
    at(page, 3, n)
    page.keyboard.press("ArrowLeft")
    at(page, 2, n)

    # The slider and the move list jump anywhere; the scores are the engine's at that move.
    mid = n // 2
    page.evaluate(f"""() => {{ const s = document.querySelector('.vtv-slider');
        s.value = '{mid}'; s.dispatchEvent(new Event('input', {{bubbles: true}})); }}""")
    at(page, mid, n)
    assert shown_scores(page) == scores_after(hollowmere, mid)
    page.click(f".vtv-moves li[data-k='{mid + 10}']")
    at(page, mid + 10, n)
    assert shown_scores(page) == scores_after(hollowmere, mid + 10)
    assert page.get_attribute(".vtv-moves li.current", "aria-selected") == "true"

    page.keyboard.press("End")
    at(page, n, n)
    assert page.is_disabled("button[data-go=forward]")
    # The address keeps the position, so a reload comes back to it.
    assert page.evaluate("location.hash").endswith(f"move={n}")


def test_replay_of_a_table_saved_on_this_device(page, site, elderwood):
    save = {"id": "abcd1234", "game": "elderwood", "record": elderwood, "deadline": None, "updated": 1}
    page.goto(site.url("index.html"))
    # A save of the older format (the whole save in localStorage): the next page load moves it
    # over to the engine's own storage, and the replay finds it there.
    page.evaluate("(s) => localStorage.setItem('vt.table.abcd1234', JSON.stringify(s))", save)
    n = len(elderwood["actions"])
    page.goto(site.url("index.html?fresh=1#/replay/abcd1234?move=5"))
    page.wait_for_selector(".vtv-moves li.current", timeout=120_000)
    at(page, 5, n)
    assert page.locator("h1").inner_text() == "Replay: Elderwood"
    # Every move is listed in words, bots marked as bots.
    item = page.locator(".vtv-moves li[data-k='1']").inner_text()
    assert "Bot 1" in item and "BOT" in item.upper()
    # A finished game offers sharing, with an embed snippet at the current move.
    page.click(".pg-embed summary")
    snippet = page.input_value(".pg-snippet")
    assert "embed.html#r=" in snippet and "&move=5&controls=1" in snippet

    # The language switch redraws the page and the viewer in place.
    page.click(".lang-switch button[data-lang=pt]")
    page.wait_for_function("document.querySelector('h1').textContent === 'Rever: Elderwood'")
    assert page.locator(".vtv-counter").inner_text() == f"Jogada 5 de {n}"
    assert page.locator("button[data-go=back] .visually-hidden").inner_text() == "Voltar"
    page.click(".lang-switch button[data-lang=en]")

    # A game still being played is not replayed (its record holds its seed and private choices):
    # the page says so and leads back to the table.
    g = get_game("elderwood")
    live = Table(g, [Seat("Ana", False), Seat("Bot", True, "easy")], {}, SEED, __version__)
    for _ in range(6):
        live.play(live.state.legal_actions()[0])
    save = {"id": "live5678", "game": "elderwood", "record": live.to_record(reveal_seed=True), "updated": 2}
    page.evaluate("(s) => localStorage.setItem('vt.table.live5678', JSON.stringify(s))", save)
    page.goto(site.url("index.html?fresh=2#/replay/live5678"))
    msg = page.wait_for_selector("[data-page=message]", timeout=120_000)
    assert "still being played" in msg.inner_text()
    assert page.locator('[data-page=message] a[href="#/table/live5678"]').count() == 1
    assert page.locator(".vtv-moves").count() == 0

    # A save that is not there gives a clear message.
    page.goto(site.url("index.html#/replay/nosuchtable"))
    page.wait_for_selector(".message-page")
    assert "nosuchtable" in page.locator(".message-page").inner_text()


def test_embed_shows_a_position_and_steps(page, site, elderwood):
    n = len(elderwood["actions"])
    page.set_viewport_size({"width": 640, "height": 480})
    page.goto(site.url(f"embed.html#r={record_link(elderwood)}&move=10&controls=1"))
    page.wait_for_selector("main[data-state=ready]", timeout=120_000)
    at(page, 10, n)
    # No site header; the board fills the frame's width.
    assert page.locator(".site-header").count() == 0
    box = page.locator(".vtv-board").bounding_box()
    assert box["width"] >= 600 and box["height"] >= 200
    assert page.evaluate("document.documentElement.scrollWidth") <= 640
    page.keyboard.press("ArrowRight")
    at(page, 11, n)
    page.click("button[data-go=first]")
    at(page, 0, n)
    assert "move=0" in page.get_attribute(".embed-open", "href")

    # Without controls: the position only.
    page.goto(site.url(f"embed.html#r={record_link(elderwood)}&move=7&lang=pt"))
    page.wait_for_selector("main[data-state=ready]", timeout=120_000)
    assert page.locator(".vtv-controls").count() == 0
    assert page.locator(".vtv-caption").inner_text().startswith("7. ")
    # lang=pt changed the frame's language but not the visitor's choice for the site.
    assert page.locator(".embed-open").inner_text().startswith("Abrir")
    assert page.evaluate("localStorage.getItem('vt.lang')") is None


def test_embed_rejects_a_bad_fragment(page, site):
    page.set_viewport_size({"width": 480, "height": 320})
    page.goto(site.url("embed.html#r=this-is-not-a-record&controls=1"))
    page.wait_for_selector("main[data-state=error] .embed-msg.bad")
    assert "cannot be read" in page.locator(".embed-msg").inner_text()
    page.goto(site.url(f"embed.html#r={record_link({'hello': 'world'})}"))
    page.wait_for_selector("main[data-state=error] .embed-msg.bad")
    assert "Valley Tables record" in page.locator(".embed-msg").inner_text()
    page.goto(site.url("embed.html"))
    page.wait_for_selector("main[data-state=empty] .embed-msg")
    assert "#r=" in page.locator(".embed-msg").inner_text()


@pytest.mark.parametrize("game", ["hollowmere", "elderwood"])
def test_replay_steps_are_on_the_first_screen_of_a_phone(browser, site, game, request):
    """390×844, a touch screen: the board and the step buttons right under it are on the first
    screen (the buttons stay at the screen's foot while the board is in view), and a tap steps."""
    record = request.getfixturevalue(game)             # the module's records of that game
    n = len(record["actions"])
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, has_touch=True,
                              is_mobile=True, service_workers="block")
    ctx.route(lambda url: not url.startswith(site.origin) and not url.startswith(("data:", "blob:", "about:")),
              lambda route: route.abort("addressunreachable"))
    page = ctx.new_page()
    csp_safe_waits(page)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(site.url(f"index.html#/replay?r={record_link(record)}&move=20"))
        page.wait_for_selector(".vtv-moves li.current", timeout=120_000)
        at(page, 20, n)
        board = page.locator(".vtv-board").bounding_box()
        assert board["y"] < 400 and board["height"] >= 250
        for name in ("first", "back", "forward", "last"):
            b = page.locator(f"button[data-go={name}]").bounding_box()
            assert b["y"] >= 0 and b["y"] + b["height"] <= 844, (name, b)
        assert page.locator(".vtv-dock .vtv-caption").inner_text().startswith("20. ")
        page.screenshot(path=str(SCREENS / f"replay-{game}-phone.png"), scale="css")
        page.locator("button[data-go=forward]").tap()
        at(page, 21, n)
        # Further down the page (the move list), the buttons are still at hand while the board shows.
        page.mouse.wheel(0, 300)
        page.wait_for_timeout(200)
        b = page.locator("button[data-go=back]").bounding_box()
        assert b["y"] + b["height"] <= 844
        page.locator("button[data-go=back]").tap()
        at(page, 20, n)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        ctx.close()
    assert not errors, errors
