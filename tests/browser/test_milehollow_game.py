"""Milehollow tables in Chromium: the timer's whole draw, a reload between the two cards of a draw,
pass-and-play privacy (two people and a bot at one device), and the screenshots kept in docs/screens.
"""
from __future__ import annotations

import re
import sys
import time
from pathlib import Path

from tests.browser.test_milehollow_board import (  # noqa: F401
    ENGINE_WAIT, ROOT, R, board, csp_safe_waits, plan, play_by_keys,
    play_by_taps, start_table, tap, wait_turn,
)
from tests.browser.vt_page import (
    ANNOUNCER_JS, device_context, moves, page_text, saved_record, screenshot, snapshot, wait_moves, wait_page_state,
)

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from py_engine.core.table import Table  # noqa: E402
from py_engine.games.milehollow.data import MAILS  # noqa: E402
from py_engine.registry import get_game  # noqa: E402

SCREENS = REPO / "docs" / "screens"


def test_when_the_timer_runs_out_the_table_draws_both_cards_from_the_deck(page, live_site):
    """Se ele acabar, a mesa saca do baralho por você: one expiry, two blind draws by the table."""
    table_id = start_table(page, live_site, query="timer=2&botdelay=0")
    record = None
    deadline = time.time() + 240
    while time.time() < deadline:
        record = saved_record(page, table_id)
        if record:
            timed = [i for i, (a, (s, by)) in enumerate(zip(record["actions"], record["actors"]))
                     if s == 0 and by == "timer" and a == "deck"]
            if len(timed) >= 2:
                break
        time.sleep(0.5)
    i = next(i for i, (a, (s, by)) in enumerate(zip(record["actions"], record["actors"]))
             if s == 0 and by == "timer" and a == "deck")
    assert record["actions"][i:i + 2] == ["deck", "deck"]
    assert record["actors"][i + 1] == [0, "timer"], "the table drew the second card at once, on the same expiry"
    # The log: both by the table, and only the drawer reads which cards came.
    page.wait_for_selector(".log-list li[data-by=timer]")
    log = snapshot(page)["log"]
    mine = [e for e in log if e["seat"] == 0 and e["by"] == "timer" and e["action"] == "deck"]
    assert len(mine) >= 2 and all(re.match(r"Drew (a|an) \w+", e["words"]["en"]) for e in mine[:2])
    texts = page.locator(".log-list li[data-by=timer]").all_inner_texts()
    assert any("by the table" in x and "Drew a" in x for x in texts)   # "Drew a …" or "Drew an Ox …"
    # What the others read: nothing about the cards.
    others = page.evaluate(f"""async () => window.__vt.engine.call('snapshot',
        {{table: document.querySelector('[data-page=table]').dataset.table, viewer: null}})""")
    for e in others["log"]:
        if e["seat"] == 0 and e["action"] == "deck":
            assert e["words"]["en"] == "Draw a card from the deck"


def test_a_reload_between_the_two_cards_of_a_draw_resumes_exactly(page, live_site):
    table_id = start_table(page, live_site, query="botdelay=0&timer=600")
    snap = wait_turn(page)
    turn = 0
    while snap["decision"]["kind"] != "turn" or "deck" not in {m["action"] for m in snap["legal"]}:
        before = moves(page)
        play_by_keys(page, plan(snap, turn))
        wait_moves(page, before)
        snap = wait_turn(page)
    before = moves(page)
    page.keyboard.press("d")
    wait_moves(page, before)
    page.wait_for_function(f"{ROOT}.dataset.kind === 'draw' && {ROOT}.dataset.acting === '1'")
    first = snapshot(page)
    hand_words = page.get_attribute(".mh-hand", "aria-label")
    log_texts = page.locator(".log-list li").all_inner_texts()
    record = saved_record(page, table_id)
    assert record["actions"][-1] == "deck"

    page.reload()
    page.wait_for_function(f"{ROOT} && {R}.ready && {ROOT}.dataset.kind === 'draw' && {ROOT}.dataset.acting === '1'",
                           timeout=ENGINE_WAIT)
    again = snapshot(page)
    assert again["view"] == first["view"] and again["legal"] == first["legal"]
    assert again["log"] == first["log"]
    assert page.get_attribute(".mh-hand", "aria-label") == hand_words
    assert page.locator(".log-list li").all_inner_texts() == log_texts
    assert "Second card" in page.locator(".mh-map .mh-now").inner_text()
    # The second card: an Ox in the row is not offered.
    for i, card in enumerate(again["view"]["row"], start=1):
        el = page.locator(f".mh-row .mh-card[data-slot='{i}']")
        assert el.get_attribute("aria-disabled") == ("true" if card in (None, "ox") else "false")
    before = moves(page)
    page.keyboard.press("d")
    wait_moves(page, before)
    record = saved_record(page, table_id)
    assert record["actions"][before - 1:before + 1] == ["deck", "deck"]
    assert record["actors"][before - 1:before + 1] == [[0, "seat"], [0, "seat"]]


# --- pass-and-play privacy ---------------------------------------------------------------------------


def secrets_of(page, table_id, seat) -> tuple[set[str], dict, str]:
    """The truth from the saved record: seat's mail ids (kept, dealt, drawn), its hand, and the seed."""
    record = saved_record(page, table_id)
    s = Table.from_record(record, get_game, "test").state
    ids = {MAILS[m].id for m in s.mail[seat] + s.pending[seat] + s.returning[seat]}
    return ids, dict(s.observation(seat)["hand"]), record["seed"]


def known_to(snap) -> set[str]:
    """Mail ids the viewer on screen may know itself (its own cards, the ones it returned)."""
    v = snap["view"] if snap else {}
    out = set(v.get("mail", [])) | set(v.get("pending", [])) | set(v.get("returning", []))
    return out | {m for _, m in v.get("mail_deck_known", [])}


def assert_private(page, table_id, other, label, announced):
    """Nothing of seat `other`'s hand or mail, and not the seed, is in the page (DOM text and attributes,
    `window` and `window.__vt`); what the live region says is collected in `announced` (the shell's)."""
    ids, hand, seed = secrets_of(page, table_id, other)
    snap = snapshot(page)
    allowed = known_to(snap) if snap else set()
    text = page_text(page)
    spoken = page.evaluate(ANNOUNCER_JS)
    assert seed not in text and seed not in spoken, f"{label}: the seed is in the page"
    for mid in ids - allowed:
        m = re.search(rf"\b{mid}\b", text)
        assert not m, f"{label}: seat {other + 1}'s mail card {mid} is in the page: …{text[max(0, m.start() - 200):m.end() + 80]}…"
        if re.search(rf"\b{mid}\b", spoken):
            announced.append(f"{label}: {spoken}")
    # The hand on screen is the viewer's own (or none).
    shown = page.get_attribute(".mh-hand", "aria-label")
    viewer = snap["viewer"] if snap else None
    if viewer is None:
        assert shown is None and page.locator(".mh-hand .mh-chip").count() == 0, label
        assert page.locator(".mh-mails .mh-mail, .mh-sheet .mh-mail").count() == 0, label
    else:
        assert viewer != other
        mine = snap["view"]["hand"]
        got = {c.get_attribute("data-colour"): int(c.get_attribute("data-count"))
               for c in page.locator(".mh-hand .mh-chip").all()}
        assert got == mine, label
        assert hand == mine or sorted(hand.items()) != sorted(got.items())
        own = {m["id"] for m in snap["view"]["my_mail"] + snap["view"]["my_pending"]}
        assert {e.get_attribute("data-mail") for e in page.locator(".mh-root [data-mail]").all()} <= own, label
    return ids


def test_pass_and_play_keeps_each_persons_hand_and_mail_and_the_seed_out_of_the_page(page, live_site):
    names = ("Ana", "Bruno", "Bot")
    table_id = start_table(page, live_site, kinds=("person", "person", "bot"), names=names,
                           query="botdelay=0&timer=900")
    checked = {"handoff": 0, "acting": 0}
    announced: list[str] = []
    deadline = time.time() + 400
    turns = 0
    while time.time() < deadline and turns < 8:
        state = wait_page_state(page, "handoff", "interactive", "over")
        if state == "over":
            break
        if state == "handoff":
            nxt = page.evaluate("document.querySelector('.handoff-card h2').textContent")
            person = 0 if "Ana" in nxt else 1
            # Behind the hand-off: the spectator view, neither person's secrets.
            assert page.get_attribute("[data-page=table]", "data-viewer") == ""
            page.wait_for_function(f"{ROOT}.dataset.viewer === ''")
            for seat in (0, 1):
                assert_private(page, table_id, seat, f"behind the hand-off to {names[person]}", announced)
            checked["handoff"] += 1
            page.click(".handoff-card button")
            wait_page_state(page, "interactive")
            continue
        snap = wait_turn(page)
        me = snap["viewer"]
        other = 1 - me
        assert board(page)["viewer"] == str(me)
        assert_private(page, table_id, other, f"while {names[me]} acts", announced)
        checked["acting"] += 1
        before = moves(page)
        play_by_keys(page, plan(snap, turns))
        wait_moves(page, before)
        if snap["decision"]["kind"] == "turn":
            turns += 1
    assert checked["handoff"] >= 3 and checked["acting"] >= 4, checked
    # The shell's live region (web/lib/announce.js) keeps its last words for 8 s; the board says
    # whose view it shows as soon as a person's view is left, so no one hears the last one's words.
    assert not announced, announced


# --- screenshots -----------------------------------------------------------------------------------


def _play_until(page, play, n_roads, limit=80):
    """Play until a few roads are paved and the person may pave one now (a game under way)."""
    snap = None
    for turn in range(limit):
        snap = wait_turn(page)
        if snap["terminal"]:
            break
        if len(snap["view"]["roads"]) >= n_roads and snap["decision"]["kind"] == "turn" and snap["view"]["pave"]:
            break
        before = moves(page)
        play(page, plan(snap, turn))
        wait_moves(page, before)
    return snap


def test_screenshots_at_phone_and_desktop_size(page, browser, live_site):
    page.set_viewport_size({"width": 1120, "height": 760})
    start_table(page, live_site, query="botdelay=0&timer=900")
    snap = _play_until(page, play_by_keys, 6)
    assert not snap["terminal"]
    page.wait_for_timeout(400)
    screenshot(page, SCREENS / "milehollow-desktop.png")
    page.keyboard.press("p")
    page.wait_for_function(f"{ROOT}.dataset.sheet === 'roads' && document.activeElement.matches('.mh-sheet .mh-road')")
    page.keyboard.press("Enter")
    page.wait_for_function(f"{ROOT}.dataset.sheet === 'pave'")
    page.wait_for_timeout(400)
    screenshot(page, SCREENS / "milehollow-desktop-pave.png")

    ctx = device_context(browser, 390, 844, touch=True)
    phone = ctx.new_page()
    csp_safe_waits(phone)
    phone.set_default_timeout(ENGINE_WAIT)
    try:
        start_table(phone, live_site, query="botdelay=0&timer=900")
        wait_turn(phone)
        phone.wait_for_timeout(300)
        if board(phone)["sheet"] == "keep":
            screenshot(phone, SCREENS / "milehollow-phone-keep.png")
        snap = _play_until(phone, play_by_taps, 5)
        assert not snap["terminal"]
        phone.wait_for_timeout(400)
        screenshot(phone, SCREENS / "milehollow-phone.png")
        tap(phone, ".mh-piles .mh-pavepile")
        phone.wait_for_function(f"{ROOT}.dataset.sheet === 'roads'")
        tap(phone, ".mh-sheet .mh-road")
        phone.wait_for_function(f"{ROOT}.dataset.sheet === 'pave'")
        phone.wait_for_timeout(400)
        screenshot(phone, SCREENS / "milehollow-phone-pave.png")
        tap(phone, ".mh-sheet .mh-btn:not(.mh-primary)")
        tap(phone, ".lang-switch [data-lang=pt]")
        phone.wait_for_timeout(300)
        screenshot(phone, SCREENS / "milehollow-phone-pt.png")
        tap(phone, ".lang-switch [data-lang=en]")
    finally:
        ctx.close()
