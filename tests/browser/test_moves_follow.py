"""Moves you can follow: a move made by another seat (here a bot) travels on the board from where it
came from to where it went — an Elderwood tile, a Hollowmere tile coming down onto its cell, a
Milehollow road laid from its first town, a Wickerfair unit along its steps — in at most 250 ms, and
not at all with the system's reduced motion; the last move is marked in every game (Wickerfair's
view had none: now the last turn's hexes and steps).

Milehollow and Wickerfair start from saves (made here with the engine) where the bot's next move is
a paving and a step.

Screenshot: docs/screens/moves-follow-wickerfair-last.png.
"""
from __future__ import annotations

import json
import time

import pytest

from py_engine import __version__
from py_engine.core.table import Seat, Table
from py_engine.registry import get_game
from pathlib import Path

from tests.browser.vt_page import ENGINE_WAIT, device_context, device_page, snapshot, start_new_table, store_put

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
ROOTS = {"elderwood": ".ew-root", "hollowmere": ".hm-root", "milehollow": ".mh-root", "wickerfair": ".wf-root"}


def save_before(game: str, seed: str, wants) -> dict:
    """A running table (seat 1 a person, seat 2 an Easy bot) played by the bots' own choices up to
    the bot's move `wants(action)` accepts: the page then plays it."""
    t = Table(get_game(game), [Seat("Ana"), Seat("Bot 2", True, "easy")], {}, seed, __version__, timers=False)
    for _ in range(5000):
        d = t.decision()
        seat = d.players[0]
        choice = t.bot_choice(seat)
        if seat == 1 and wants(choice):
            return t.to_record(reveal_seed=True)
        t.play(choice, seat)
    raise AssertionError("no such move came")


@pytest.fixture(scope="module")
def saves():
    return {
        "milehollow": save_before("milehollow", "6a" * 32, lambda a: a.startswith("pave:")),
        "wickerfair": save_before("wickerfair", "6b" * 32, lambda a: a.startswith("to:")),
    }


def open_save(page, site, game, record, table_id):
    page.goto(site.url("index.html#/"))
    page.wait_for_selector(".lobby[data-live] .game-card")
    text = json.dumps(record, separators=(",", ":"), ensure_ascii=False)
    now = int(time.time() * 1000)
    store_put(page, "records", {"id": table_id, "game": game, "seq": len(record["actions"]), "over": False,
                                "text": text, "updated": now})
    store_put(page, "tables", {"id": table_id, "game": game, "seats": record["seats"], "viewer": 0,
                               "summary": {"over": False, "turn": "", "moves": 0}, "timers": False, "created": now})
    page.goto(site.url(f"index.html#/table/{table_id}?botdelay=400"))


def bot_move_glides(page, game) -> str:
    """Wait for the bot's move to be drawn; the board's record of how long it travelled."""
    root = ROOTS[game]
    page.wait_for_function(f"document.querySelector('{root}') && document.querySelector('{root}').dataset.moveMs !== undefined",
                           timeout=ENGINE_WAIT)
    return page.evaluate(f"document.querySelector('{root}').dataset.moveMs")


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_another_seat_s_move_travels_and_is_marked_in_every_game(browser, site, saves, motion):
    ctx = device_context(browser, 1280, 800)
    try:
        ctx_page = device_page(ctx)
        page = ctx_page
        page.emulate_media(reduced_motion=motion)
        # Elderwood: the bot plays ash and moves first; Hollowmere: the bot sits first.
        start_new_table(page, site, "elderwood", ["person", "bot"], timers=False, query="botdelay=400",
                        options={"colour": "Walnut"})
        ms = bot_move_glides(page, "elderwood")
        assert snapshot(page)["view"]["last_move"]["to"]
        results = {"elderwood": ms}
        start_new_table(page, site, "hollowmere", ["bot", "person"], timers=False, query="botdelay=400",
                        options={"first": "Seat 1"})
        results["hollowmere"] = bot_move_glides(page, "hollowmere")
        assert snapshot(page)["view"]["last"]
        for game in ("milehollow", "wickerfair"):
            open_save(page, site, game, saves[game], f"follow{game[:4]}{motion[:2]}")
            results[game] = bot_move_glides(page, game)
        snap = snapshot(page)
        last = snap["view"]["last"]
        assert last and last["seat"] == 1 and last["steps"], last          # Wickerfair's last turn, marked
        if motion == "reduce":
            page.locator(".wf-root").screenshot(path=str(SCREENS / "moves-follow-wickerfair-last.png"), scale="css")
        for game, ms in results.items():
            if motion == "reduce":
                assert ms == "0", (game, ms)
            else:
                assert 0 < int(ms) <= 250, (game, ms)
        assert not ctx_page.errors, ctx_page.errors
        assert not ctx.blocked
    finally:
        ctx.close()
