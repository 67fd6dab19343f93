"""Wickerfair tables in Chromium: a reload in the middle of a compound choice, the timer's default
play (§9: the table plays for you and spends nothing), a pass-and-play duel whose secret dials stay
hidden from each other and behind the hand-off, the layout at 360×640, both languages, and the
screenshots kept in docs/screens.
"""
from __future__ import annotations

import re
import time

from tests.browser.test_wickerfair_board import (  # noqa: F401
    ENGINE_WAIT, GAME, QUICK_SEED, R, REPO, ROOT, board, check_phone_layout, csp_safe_waits, focus_action,
    plan_events, plan_quick, play_by_keys, play_by_taps, seed_of, seeded_table, start_table, steps, tap,
    wait_steps, wait_turn,
)
from tests.browser.vt_page import (
    device_context, page_text, saved_record, screenshot, snapshot, stored, wait_page_state,
)

from py_engine.core.table import Table  # noqa: E402
from py_engine.registry import get_game  # noqa: E402

SCREENS = REPO / "docs" / "screens"


def _play_until(page, plan, stop, limit=400, play=play_by_keys):
    """Play the person's plan until ``stop(snap)`` holds; returns that snapshot."""
    snap = wait_turn(page)
    turn = 0
    for _ in range(limit):
        if snap["terminal"] or stop(snap):
            return snap
        if snap["decision"]["kind"] == "CHOOSE_COLUMN":
            turn += 1
        before = steps(page)
        play(page, snap, plan(snap, turn))
        wait_steps(page, before)
        snap = wait_turn(page)
    raise AssertionError("the position was not reached")


# --- a reload in the middle of a compound choice -------------------------------------------------------

def _seconds(page):
    page.wait_for_function("document.querySelector('.countdown') && /\\d:\\d\\d/.test(document.querySelector('.countdown').textContent)")
    m, s = map(int, page.evaluate("document.querySelector('.countdown').textContent").strip().split(":")[-2:])
    return m * 60 + s


def test_a_reload_in_the_middle_of_a_goods_mix_resumes_it_with_its_clock(page, live_site):
    """A half-built choice is the engine's: after a reload it is there again, the sheet shows it and the
    decision's countdown goes on from its saved deadline (not a fresh 90 s)."""
    table_id = seeded_table(page, live_site, QUICK_SEED, query="botdelay=0&timer=600")
    snap = _play_until(page, plan_quick, lambda s: s["decision"]["kind"] == "TRADE_MIX")
    before = steps(page)
    play_by_keys(page, snap, "+wool")
    wait_steps(page, before)
    page.wait_for_function(f"{ROOT}.dataset.kind === 'TRADE_MIX' && {ROOT}.dataset.pending === '0'")
    first = snapshot(page)
    assert first["view"]["ctx"]["mix"] == ["wool"]
    chips = page.locator(".wf-sheet .wf-chosen .wf-res").count()
    assert chips == 1
    pay_note = page.locator(".wf-sheet").inner_text()
    assert "1 coin" in pay_note                       # the payment is shown before it is confirmed
    coins = first["view"]["clans"][0]["coins"]
    # Long enough that a clock started afresh (600) cannot pass for this one plus the save's step.
    page.wait_for_timeout(5000)
    shown = _seconds(page)
    assert shown <= 596

    page.reload()
    page.wait_for_function(f"{ROOT} && {R}.ready && {ROOT}.dataset.kind === 'TRADE_MIX' && {ROOT}.dataset.acting === '1'",
                           timeout=ENGINE_WAIT)
    again = snapshot(page)
    assert again["view"] == first["view"] and again["legal"] == first["legal"] and again["log"] == first["log"]
    assert page.locator(".wf-sheet .wf-chosen .wf-res").count() == 1
    # The clock goes on (a reload does not restart it); the time left is saved every 2 s, and a
    # save started as the page goes may not finish, so it may come back up to that much earlier.
    assert _seconds(page) <= shown + 2
    # Clear cancels the half-built mix; nothing was paid
    before = steps(page)
    focus_action(page, "clear")
    page.keyboard.press("Enter")
    wait_steps(page, before)
    snap = wait_turn(page)
    assert snap["view"]["ctx"]["mix"] == [] and snap["view"]["clans"][0]["coins"] == coins
    while snap["decision"]["kind"] == "TRADE_MIX":
        before = steps(page)
        play_by_keys(page, snap, plan_quick(snap, 1))
        wait_steps(page, before)
        snap = wait_turn(page)
    record = saved_record(page, table_id)
    assert "+wool" in record["actions"] and "clear" in record["actions"] and "ok" in record["actions"]


# --- the timer ------------------------------------------------------------------------------------------

def _default_checked(record, seat):
    """Every timer play of ``seat`` in the record is the §9 default of its position (re-derived here)."""
    game = get_game("wickerfair")
    timed = [i for i, (s, by) in enumerate(record["actors"]) if s == seat and by == "timer"]
    for i in timed:
        t = Table.from_record(record, lambda name: game, upto=i)
        assert t.state.timeout_action(seat) == record["actions"][i]
    return timed


def test_when_the_timer_runs_out_the_table_plays_the_default_and_spends_nothing(page, live_site):
    table_id = seeded_table(page, live_site, QUICK_SEED, query="botdelay=0&timer=2")
    entry = page.wait_for_selector(".log-list li[data-by=timer]", timeout=ENGINE_WAIT)
    assert "by the table" in entry.inner_text()
    # a few of the person's decisions run out: a column (the lowest legal), its top step (skipped) …
    record = None
    limit = time.time() + 150
    while time.time() < limit:
        record = saved_record(page, table_id)
        timed = [a for a, (s, by) in zip(record["actions"], record["actors"]) if s == 0 and by == "timer"]
        if len(timed) >= 4 and any(a.startswith("col:") for a in timed) and "skip" in timed:
            break
        time.sleep(0.5)
    timed_at = _default_checked(record, 0)
    assert len(timed_at) >= 4
    kinds = [record["actions"][i] for i in timed_at]
    assert any(a.startswith("col:") for a in kinds) and "skip" in kinds, kinds
    texts = page.locator(".log-list li[data-by=timer]").all_inner_texts()
    assert any("Skip the top action" in x for x in texts), texts
    # the tracks did not move on the table's plays: a skipped top pays nothing
    page.click(".lang-switch [data-lang=pt]")
    assert "pela mesa" in page.locator(".log-list li[data-by=timer]").first.inner_text()
    page.click(".lang-switch [data-lang=en]")


def test_a_travel_left_half_done_ends_when_its_clock_runs_out(page, live_site):
    """§9: "Travel: next unit / step — End the Travel; moves already made stand": the piece picked and
    moved stays where it went, and the rest is the table's."""
    table_id = seeded_table(page, live_site, seed_of(25), query="botdelay=0&timer=900")
    snap = _play_until(page, lambda s, t: plan_events(s), lambda s: s["decision"]["kind"] == "TRAVEL_UNIT" and not s["view"]["ctx"]["moved"] and s["view"]["ctx"]["unit"] is None)
    # From here the clock is short: the herald is picked and stepped, then nothing
    page.evaluate(f"location.hash = '#/table/{table_id}?botdelay=0&timer=8'")
    page.wait_for_function(f"{ROOT} && {R} && {R}.ready && {ROOT}.dataset.kind === 'TRAVEL_UNIT' && {ROOT}.dataset.acting === '1'")
    snap = wait_turn(page)
    for _ in range(2):
        before = steps(page)
        play_by_keys(page, snap, plan_events(snap))
        wait_steps(page, before)
        snap = wait_turn(page)
    assert snap["decision"]["kind"] == "TRAVEL_UNIT"
    herald = snap["view"]["clans"][0]["herald"]
    entry = page.wait_for_selector(".log-list li[data-by=timer]", timeout=30_000)
    assert "End the move" in entry.inner_text() and "by the table" in entry.inner_text()
    record = saved_record(page, table_id)
    timed = _default_checked(record, 0)
    assert record["actions"][timed[0]] == "end"
    assert snapshot(page)["view"]["clans"][0]["herald"] == herald     # the step made stands


# --- pass-and-play: two people, secret dials ---------------------------------------------------------


def _truth(page, table_id):
    record = saved_record(page, table_id)
    return Table.from_record(record, get_game, "test").state, record["seed"]


def assert_private(page, table_id, other, label):
    """Nothing of seat ``other``'s secrets — its missions, its hand, its dial and cards in a courage
    commit — and not the seed, is in the page (DOM text and attributes, ``window``, ``window.__vt``)."""
    s, seed = _truth(page, table_id)
    snap = snapshot(page)
    text = page_text(page)
    assert seed not in text, f"{label}: the seed is in the page"
    from py_engine.games.wickerfair.data import MISSION_IDS, MISSIONS
    c = s.clans[other]
    for m in c.missions + c.missions_gone:
        mid, name = MISSION_IDS[m], MISSIONS[m]["name"]["en"]
        assert not re.search(rf"\b{mid}\b", text), f"{label}: seat {other + 1}'s mission {mid} is in the page"
        assert name not in text, f"{label}: seat {other + 1}'s mission {name} is in the page"
    # the other's hand never appears as data
    hand = c.hand
    own = s.clans[snap["viewer"]].hand if snap and isinstance(snap["viewer"], int) else None
    if hand and hand != own:
        assert f'"hand":{list(hand)}'.replace(" ", "") not in text.replace(" ", ""), f"{label}: seat {other + 1}'s hand"
    if s.dk == "COURAGE_COMMIT":
        draft = dict(s.ctx["draft"]).get(other)
        assert f'"{other}":{{"dial"' not in text.replace(" ", ""), f"{label}: seat {other + 1}'s draft is in the page"
        if draft and (draft[0] or draft[1]):
            assert "Committed: dial" not in text or snap["viewer"] != other
    viewer = snap["viewer"] if snap else None
    if viewer is None:
        assert page.locator(".wf-sheet button, .wf-dial, .wf-cards").count() == 0, label
        assert page.locator(".wf-panel:not([hidden])").count() == 0, label
    else:
        assert viewer != other
        mine = sorted(snap["view"]["clans"][viewer].get("hand", []))
        shown = sorted(int(x) for x in page.eval_on_selector_all(".wf-sheet [data-card]", "els => els.map((e) => e.dataset.card)"))
        assert not shown or shown == mine, label


def test_pass_and_play_duel_keeps_each_dial_hidden_until_both_are_in(page, live_site):
    names = ("Ana", "Bruno")
    table_id = seeded_table(page, live_site, seed_of(22), kinds=("person", "person"), names=names,
                            query="botdelay=0&timer=900")
    checked = {"handoff": 0, "acting": 0, "dial": 0}
    dials = {}
    deadline = time.time() + 300
    revealed = False
    while time.time() < deadline:
        state = wait_page_state(page, "handoff", "interactive", "over")
        if state == "over":
            break
        if state == "handoff":
            nxt = page.evaluate("document.querySelector('.handoff-card h2').textContent")
            person = 0 if "Ana" in nxt else 1
            page.wait_for_function(f"{ROOT}.dataset.viewer === ''")
            for seat in (0, 1):
                assert_private(page, table_id, seat, f"behind the hand-off to {names[person]}")
            checked["handoff"] += 1
            page.click(".handoff-card button")
            wait_page_state(page, "interactive")
            continue
        snap = wait_turn(page)
        me = snap["viewer"]
        assert_private(page, table_id, 1 - me, f"while {names[me]} acts")
        checked["acting"] += 1
        kind = snap["decision"]["kind"]
        if kind == "COURAGE_COMMIT":
            checked["dial"] += 1
            # The sheet starts from this side's own empty draft, whatever the other side committed;
            # the other side's choice is one secret entry in the log.
            assert page.locator(".wf-dial [aria-checked=true]").inner_text() == "0"
            assert page.locator(".wf-cards .wf-on").count() == 0
            if checked["dial"] == 2:
                # one entry for the other side's whole secret choice (its dial, cards and commit)
                assert page.locator(".log-list li.hidden-choice").count() == 1
                assert "Committed" not in page.locator(".wf-root").inner_text()
            # by keys: 0–7 set the dial, C adds a card, the Commit button confirms
            lim = snap["view"]["ctx"]["limits"]
            before = steps(page)
            dials[me] = min(lim["dial_max"], 3 + me)
            page.keyboard.press(str(dials[me]))
            wait_steps(page, before)
            snap = wait_turn(page)
            assert page.locator(".wf-dial [aria-checked=true]").inner_text() == str(dials[me])
            assert_private(page, table_id, 1 - me, f"{names[me]} has set a dial")
            if any(m["action"].startswith("card:") for m in snap["legal"]):
                before = steps(page)
                page.keyboard.press("c")
                wait_steps(page, before)
                snap = wait_turn(page)
            focus_action(page, "commit")
            page.keyboard.press("Enter")
            # The commit ends this side's secret choice: the device goes to the hand-off (or, the
            # second time, the reveal); the log shows the other side only a completed secret choice.
            page.wait_for_function(f"document.body.dataset.state !== 'interactive' || {ROOT}.dataset.kind !== 'COURAGE_COMMIT'",
                                   timeout=60_000)
            if checked["dial"] == 2:
                revealed = True
                break
            continue
        before = steps(page)
        play_by_keys(page, snap, plan_events(snap))
        wait_steps(page, before)
    assert revealed, checked
    assert checked["handoff"] >= 3 and checked["acting"] >= 6, checked
    print("duel:", checked, "dials", dials)
    # Both are in: the reveal is shown to everyone (the spectator view too) and the log's secret steps read.
    wait_page_state(page, "handoff", "interactive", "over")
    page.wait_for_function(f"{ROOT}.querySelector('.wf-last').textContent.includes('Confrontation on')")
    conf = snapshot(page)["view"]["last_confront"]
    sides = {side["seat"]: side for side in conf["sides"]}
    assert {seat: side["dial"] for seat, side in sides.items()} == dials
    spectator = page.evaluate("""async () => window.__vt.engine.call('snapshot',
        {table: document.querySelector('[data-page=table]').dataset.table, viewer: null})""")
    assert spectator["view"]["last_confront"] == conf
    secret = [e for e in spectator["log"] if (e.get("action") or "").startswith(("dial:", "card:", "commit"))]
    assert secret and not any(e.get("hidden") for e in spectator["log"])


# --- screenshots and the small phone ----------------------------------------------------------------------


def test_screenshots_at_phone_and_desktop_size_and_the_small_phone(page, browser, live_site):
    page.set_viewport_size({"width": 1200, "height": 860})
    seeded_table(page, live_site, seed_of(25))
    snap = _play_until(page, lambda s, t: plan_events(s), lambda s: s["view"]["turn"] >= 7 and s["decision"]["kind"] == "CHOOSE_COLUMN")
    page.wait_for_timeout(300)
    screenshot(page, SCREENS / "wickerfair-desktop.png")
    snap = _play_until(page, lambda s, t: plan_events(s), lambda s: s["decision"]["kind"] == "TRAVEL_UNIT" and s["view"]["ctx"]["unit"])
    page.wait_for_timeout(300)
    screenshot(page, SCREENS / "wickerfair-desktop-travel.png")
    page.click(".wf-clan[data-seat='1']")
    page.wait_for_function(f"{ROOT}.dataset.panel === 'clan'")
    page.wait_for_timeout(200)
    screenshot(page, SCREENS / "wickerfair-desktop-panel.png")
    page.keyboard.press("Escape")

    for w, h in ((390, 844), (360, 640)):
        ctx = device_context(browser, w, h, touch=True)
        phone = ctx.new_page()
        csp_safe_waits(phone)
        phone.set_default_timeout(ENGINE_WAIT)
        try:
            seeded_table(phone, live_site, QUICK_SEED)
            snap = wait_turn(phone)
            check_phone_layout(phone, h)
            if w == 390:
                screenshot(phone, SCREENS / "wickerfair-phone.png")
                # a long press on a mat column explains it (and plays nothing)
                col = phone.locator(".wf-mat .wf-col").first.bounding_box()
                before = steps(phone)
                cdp = phone.context.new_cdp_session(phone)
                cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": col["x"] + 12, "y": col["y"] + 12}]})
                phone.wait_for_timeout(800)
                cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
                cdp.detach()
                phone.wait_for_function("document.querySelector('.wf-map .wf-now').textContent.startsWith('Column 1')")
                phone.wait_for_timeout(300)
                assert steps(phone) == before
            # every kind of step of the quick plan keeps its controls on screen
            seen = set()
            turn = 0
            for _ in range(60):
                kind = snap["decision"]["kind"]
                if kind == "CHOOSE_COLUMN":
                    turn += 1
                if kind not in seen:
                    seen.add(kind)
                    phone.wait_for_timeout(150)
                    check_phone_layout(phone, h)
                    if kind == "HARVEST_HEXES":
                        screenshot(phone, SCREENS / ("wickerfair-phone-harvest.png" if w == 390 else "wickerfair-phone-small.png"))
                before = steps(phone)
                play_by_taps(phone, snap, plan_quick(snap, turn))
                wait_steps(phone, before)
                snap = wait_turn(phone)
            assert {"CHOOSE_COLUMN", "TOP_OPTION", "HARVEST_HEXES", "TRADE_MIX"} <= seen, seen
            if w == 390:
                tap(phone, ".lang-switch [data-lang=pt]")
                phone.wait_for_timeout(300)
                assert "Vale inteiro" in phone.locator(".vt-controls").inner_text()
                screenshot(phone, SCREENS / "wickerfair-phone-pt.png")
                tap(phone, ".lang-switch [data-lang=en]")
        finally:
            ctx.close()
