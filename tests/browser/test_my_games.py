"""My games (#/games): the games finished on this device — game, date, seats with bot levels, result,
length — each with its replay and its record to download; the win rate alone against each bot level
of each game; export all to one file, import one (each record verified first: a tampered one is
refused, one already here is not added twice), clear all (asked twice, in words for the hand in use).
Desktop in English with a game finished here by resigning; phone in Portuguese from an imported file.

Screenshots: docs/screens/my-games-*.png.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from py_engine import __version__
from py_engine.core.table import Seat, Table
from py_engine.registry import get_game
from tests.browser.vt_page import one_device, screenshot, start_new_table, wait_page_state

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"


def played(game: str, seats: list[Seat], seed: str, options=None) -> dict:
    """A finished game whose person seats play as the first bot level would (any legal moves will do)."""
    t = Table(get_game(game), seats, options or {}, seed, __version__)
    while not t.state.is_terminal():
        seat = t.decision().players[0]
        t.play(t.bot_choice(seat), seat)
    return t.to_record()


@pytest.fixture(scope="module")
def records():
    return [
        played("elderwood", [Seat("Ana"), Seat("Bot 2", True, "easy")], "a1" * 32, {"colour": "ash"}),
        played("hollowmere", [Seat("Ana"), Seat("Bot 2", True, "normal")], "b2" * 32),
        played("elderwood", [Seat("Bot 1", True, "easy"), Seat("Bot 2", True, "normal")], "c3" * 32),
    ]


def export_file(tmp_path, records, name="games.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"format": "valley-tables-games", "version": 1, "records": records}))
    return path


def rows(page):
    return page.locator(".games-list tbody tr")


def import_file(page, path):
    page.locator(".pg-games input[type=file]").set_input_files(str(path))
    page.wait_for_selector(".games-note")


def test_my_games_lists_rates_exports_imports_and_clears_on_a_desktop(browser, site, records, tmp_path):
    with one_device(browser, 1280, 800) as page:
        # A game finished here: resigned at once against an Easy bot.
        start_new_table(page, site, "elderwood", ["person", "bot"], timers=False, query="botdelay=0",
                        options={"colour": "Ash (moves first)"})
        wait_page_state(page, "interactive")
        page.locator(".table-controls button[data-action='@resign']").click()
        page.locator(".table-controls button[data-action='@resign']").click()
        wait_page_state(page, "over")
        page.goto(site.url("index.html#/"))
        page.click("a.games-link")
        page.wait_for_selector(".pg-games[data-count='1']")
        first = rows(page).first.inner_text()
        assert "Elderwood" in first and "you lost" in first and "BOT · EASY" in first.upper() and "1 move" in first

        bad = copy.deepcopy(records[0])
        bad["result"]["scores"] = [9, 9]
        import_file(page, export_file(tmp_path, [bad] + records))      # refused, then the true one kept
        page.wait_for_selector(".pg-games[data-count='4']")
        note = page.locator(".games-note").inner_text()
        assert "3 games imported" in note and "1 was refused" in note and "final scores" in note, note
        texts = [r.inner_text() for r in rows(page).all()]
        for r in records:
            line = next(x for x in texts if f"{len(r['actions'])} moves" in x)
            winners = " and ".join(r["seats"][w]["name"] for w in r["result"]["winners"])
            assert (winners in line) or r["result"]["outcome"] == "draw", (line, r["result"])
        rates = {tuple(tr.get_attribute(k) for k in ("data-game", "data-level")): tr.inner_text()
                 for tr in page.locator(".games-rate-table tbody tr").all()}
        ew_won = int(0 in records[0]["result"]["winners"] and records[0]["result"]["outcome"] != "draw")
        assert rates[("elderwood", "easy")].split()[-4:-2] == ["2", str(ew_won)], rates     # resigned + imported
        hm_won = int(0 in records[1]["result"]["winners"])
        assert rates[("hollowmere", "normal")].split()[-4:-2] == ["1", str(hm_won)], rates
        assert ("elderwood", "normal") not in rates                  # bots only: nobody's rate
        screenshot(page, SCREENS / "my-games-desktop.png")

        # A row's record, and all of them, as files.
        hm_row = page.locator(".games-list tbody tr[data-game=hollowmere]")
        with page.expect_download() as got:
            hm_row.locator("[data-act=download]").click()
        assert json.loads(Path(got.value.path()).read_text()) == records[1]
        with page.expect_download() as got:
            page.click("[data-act=export]")
        exported = json.loads(Path(got.value.path()).read_text())
        assert exported["format"] == "valley-tables-games" and len(exported["records"]) == 4
        again = tmp_path / "again.json"
        again.write_text(json.dumps(exported))

        # Replay from the row.
        hm_row.locator("[data-act=replay]").click()
        page.wait_for_function("location.hash.startsWith('#/replay/')")
        page.wait_for_selector(".pg-replay")
        page.go_back()
        page.wait_for_selector(".pg-games[data-count='4']")

        import_file(page, again)                                     # nothing twice
        assert "4 were here already" in page.locator(".games-note").inner_text()
        assert rows(page).count() == 4

        page.click("[data-act=clear]")
        assert page.locator("[data-act=clear]").inner_text() == "Really clear 4? Click again"
        page.click("[data-act=clear]")
        page.wait_for_selector(".pg-games[data-count='0'] .games-empty")
        import_file(page, again)
        page.wait_for_selector(".pg-games[data-count='4']")


def test_my_games_on_a_phone_in_portuguese(browser, site, records, tmp_path):
    with one_device(browser, 390, 844, touch=True) as page:
        page.goto(site.url("index.html#/games"))
        page.click(".lang-switch [data-lang=pt]")
        page.wait_for_selector(".pg-games .games-empty")
        assert "Ainda não há jogo terminado" in page.locator(".games-empty").inner_text()
        import_file(page, export_file(tmp_path, records))
        page.wait_for_selector(".pg-games[data-count='3']")
        assert "3 jogos importados" in page.locator(".games-note").inner_text()
        text = page.locator(".games-list").inner_text()
        assert "jogadas" in text and "BOT · FÁCIL" in text.upper() and ("Vencido por" in text or "Empate" in text)
        assert "Contra os bots" in page.locator(".games-rates").inner_text()
        # Every line fits the phone's width (nothing cut or scrolled sideways).
        over = page.evaluate("""() => [...document.querySelectorAll('.pg-games *')]
            .filter((e) => !e.matches('.visually-hidden') && e.getClientRects().length && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')
            .map((e) => e.className)""")
        assert over == [] and page.evaluate("document.documentElement.scrollWidth <= innerWidth"), over
        page.locator(".games-list").scroll_into_view_if_needed()
        screenshot(page, SCREENS / "my-games-phone-pt.png")
        page.locator("[data-act=clear]").tap()
        assert page.locator("[data-act=clear]").inner_text() == "Apagar mesmo 3? Toque de novo"
        page.locator("[data-act=keep]").tap()
        assert rows(page).count() == 3


def test_my_games_rates_the_player_against_the_bots_from_records_that_verify(browser, site, records, tmp_path):
    """docs/rating.md, "A player's rating": the solo games only, each verified once (bots re-derived), the
    rating the engine's for the same records, its interval and a chart. Screenshot: my-games-rating-phone-pt.png."""
    from py_engine.rated import player_ratings
    with one_device(browser, 390, 844, touch=True) as page:
        page.goto(site.url("index.html#/games"))
        page.click(".lang-switch [data-lang=pt]")
        page.wait_for_selector(".pg-games .games-empty")
        import_file(page, export_file(tmp_path, records))
        row = page.locator(".games-rating-table tbody tr[data-game=hollowmere]")
        row.wait_for(timeout=120_000)
        want = player_ratings([{"record": records[1], "you": 0}])["hollowmere"]
        assert row.get_attribute("data-rating") == str(int(want["rating"] + 0.5))
        assert f"{int(want['low'] + 0.5)}–{int(want['high'] + 0.5)}" in row.inner_text()
        ew = page.locator(".games-rating-table tbody tr[data-game=elderwood]")
        want = player_ratings([{"record": records[0], "you": 0}])["elderwood"]
        assert ew.get_attribute("data-rating") == str(int(want["rating"] + 0.5))
        assert "1 partidas" in ew.locator("svg.rating-chart").get_attribute("aria-label")
        # The bots-only game is nobody's; the two solo records were each verified once and their verdicts kept.
        assert page.locator(".games-rating-table tbody tr").count() == 2
        kept = page.evaluate("JSON.parse(localStorage.getItem('vt.verdicts'))")
        assert sorted(kept.values()) == [True, True]
        over = page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        assert over
        page.locator(".games-rating").scroll_into_view_if_needed()
        screenshot(page, SCREENS / "my-games-rating-phone-pt.png")
