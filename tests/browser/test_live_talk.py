"""Talking at a live table, and the host's board in view once the table plays (over the local relay).

Lines go over the sealed sessions through the host, which names the seat a line came from by the
session it arrived on; they are plain text (cleaned), short, a few at a time, never part of the game
or its record; quick phrases are read in each reader's language; each person may mute another; a
reload keeps the lines a page was shown.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.test_live_net import (device, devices, guest_checks_pass, host_invites, net_browser,  # noqa: F401
                                         relay, resign_now, start, take_seat)

pytestmark = pytest.mark.browser
SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"


def lines(pg):
    return pg.eval_on_selector_all(".chat-lines li[data-seat]",
                                   "els => els.map(e => [Number(e.dataset.seat), e.querySelector('.chat-words').textContent])")


def say(pg, text):
    pg.fill("#chat-input", text)
    pg.click("#chat-send")


def in_view(pg, selector, height):
    box = pg.locator(selector).bounding_box()
    assert box, selector
    seen = max(0.0, min(box["y"] + box["height"], height) - max(box["y"], 0.0))
    return seen / box["height"]


def test_the_people_at_a_live_table_talk_and_the_host_sees_its_board(devices, site, relay):
    host = device(devices, relay.url, "host", 1280, 800)
    guest = device(devices, relay.url, "guest", 390, 844)
    guest.add_init_script("localStorage.setItem('vt.lang', 'pt')")
    links = host_invites(host, site, "elderwood", ["device"], query="botdelay=0&timer=900")
    take_seat(host, guest, links[1], 1, "Ana")
    start(host, [guest])

    # The host's board is in view at once; the people and invitations are under it, in a part the
    # host may fold to one line.
    host.wait_for_selector(".live-guests-fold[open] .invite-card[data-seat='1'][data-state=here]")
    assert "1 of 1 here" in host.locator(".live-guests-fold > summary").inner_text()
    assert host.evaluate("() => window.scrollY") == 0
    assert in_view(host, "[data-page=live-host] .board-host", 800) >= 0.9
    host.screenshot(path=str(SCREENS / "live-host-playing-desktop.png"))
    board_top = host.locator(".board-host").bounding_box()["y"]
    assert host.locator(".live-guests-fold").bounding_box()["y"] > board_top
    host.click(".live-guests-fold > summary")
    host.wait_for_selector(".live-guests-fold:not([open])")
    host.locator(".invite-card[data-seat='1']").wait_for(state="hidden")
    host.click(".live-guests-fold > summary")
    host.wait_for_selector(".live-guests-fold[open] .invite-card[data-seat='1'][data-state=here]")

    moves_before = host.locator(".live-table").get_attribute("data-moves")
    # A line with markup, a right-to-left override and runs of spaces arrives as plain, clean text.
    say(host, "Hello   <b>Ana</b>\u202e!")
    guest.wait_for_function("() => document.querySelectorAll('.chat-lines li[data-seat]').length >= 1")
    assert lines(guest) == [[0, "Hello <b>Ana</b> !"]]
    assert guest.locator(".chat-lines b").count() == 0
    # A quick phrase is read in each reader's language.
    guest.click(".chat-phrase[data-phrase=gg]")
    host.wait_for_function("() => document.querySelectorAll('.chat-lines li[data-seat]').length >= 2")
    assert lines(host)[-1] == [1, "Good game!"]
    guest.wait_for_function("() => document.querySelectorAll('.chat-lines li[data-seat]').length >= 2")
    assert lines(guest)[-1] == [1, "Bom jogo!"]
    # Nothing said is a move: the table's log did not grow.
    assert host.locator(".live-table").get_attribute("data-moves") == moves_before

    # A line too long is cut by the host to 200 characters; a message that claims another seat is
    # refused (the seat is the session's, never the line's word).
    guest.evaluate("() => window.__vt.liveSend(JSON.stringify({ v: 2, type: 'chat', text: 'x'.repeat(700) }))")
    host.wait_for_function("() => document.querySelectorAll('.chat-lines li[data-seat]').length >= 3")
    assert lines(host)[-1] == [1, "x" * 200]
    guest.evaluate("() => window.__vt.liveSend(JSON.stringify({ v: 2, type: 'chat', seat: 0, text: 'I am the host' }))")
    guest.evaluate("() => window.__vt.liveSend(JSON.stringify({ v: 2, type: 'chat', text: 'a', phrase: 'gg' }))")
    # A flood of lines: a few go through, the rest is dropped, and the table plays on.
    guest.evaluate("""() => { for (let i = 0; i < 30; i++)
      window.__vt.liveSend(JSON.stringify({ v: 2, type: 'chat', text: 'spam ' + i })); }""")
    host.wait_for_timeout(1500)
    said = lines(host)
    assert not any(text == "I am the host" for _, text in said)
    spam = [text for seat, text in said if text.startswith("spam")]
    assert 0 < len(spam) <= 4, spam
    # The page's own pace: past a few lines it asks for a moment instead of sending.
    for i in range(6):
        say(guest, f"fast {i}")
    guest.wait_for_selector(".chat-note:not(:empty)")

    # The guest mutes the host: the host's next line is not shown there; unmuted, it is.
    guest.click(".chat-mute[data-seat='0']")
    assert guest.locator(".chat-mute[data-seat='0']").get_attribute("aria-pressed") == "true"
    say(host, "Your move")
    host.wait_for_function("() => [...document.querySelectorAll('.chat-words')].some(e => e.textContent === 'Your move')")
    guest.wait_for_timeout(1000)
    assert not any(text == "Your move" for _, text in lines(guest))
    guest.click(".chat-mute[data-seat='0']")
    assert [0, "Your move"] in lines(guest)
    guest.screenshot(path=str(SCREENS / "live-talk-phone-pt.png"))

    # A reload keeps what the page was shown.
    shown = lines(guest)
    guest.reload()
    guest.wait_for_selector("[data-page=live-guest][data-moves]")
    guest.wait_for_function("(n) => document.querySelectorAll('.chat-lines li[data-seat]').length >= n", arg=len(shown))
    assert lines(guest) == shown

    resign_now(host, guest)
    guest_checks_pass(guest)
    record = host.evaluate("""async () => { const h = window.__vt.liveHost;
      return (await h.engine.call('snapshot', { table: h.snap.table, viewer: 0 })).record || ''; }""")
    assert "Your move" not in str(record) and "Good game" not in str(record)


def test_hints_at_a_live_table_only_when_the_host_chose_them_before_the_commitments(devices, site, relay):
    """Without the host's choice no seat is offered a hint and a forged ask is refused; with it, the
    terms every guest reveals against carry it, every page says so, a guest's H brings the strongest
    level's move from its own view (drawn on its board, said in words), every seat's log says it was
    asked, and the record counts it."""
    host = device(devices, relay.url, "host", 1280, 800)
    guest = device(devices, relay.url, "guest", 390, 844)
    links = host_invites(host, site, "elderwood", ["device"], query="botdelay=0&timer=900")
    take_seat(host, guest, links[1], 1, "Ana")
    start(host, [guest])
    assert host.locator(".hints-on").is_hidden() and guest.locator(".hints-on").is_hidden()
    assert host.locator(".table-controls [data-action='@hint']").count() == 0
    turn = host.evaluate("() => window.__vt.liveHost.snap.decision.players[0]")
    if turn == 1:
        guest.evaluate("() => window.__vt.liveSend(JSON.stringify({ v: 2, type: 'play', seat: 1, action: '@hint' }))")
        guest.wait_for_selector(".live-table .note")
        assert "hint" in guest.locator(".live-table .note").inner_text().lower()
    resign_now(host, guest)

    # Hints chosen in the form: in the terms, said on both pages.
    host.goto(site.url("index.html#/host/elderwood?botdelay=0&timer=900"))
    host.wait_for_selector("#live-invite-net")
    host.select_option("#live-kind-1", "device")
    host.check("#live-hints")
    host.fill("#live-name-0", "Hosta")
    host.click("#live-invite-net")
    sel = ".invite-card[data-seat='1'][data-state=inviting] input.invite-link"
    host.wait_for_selector(sel)
    take_seat(host, guest, host.locator(sel).input_value(), 1, "Bea")
    start(host, [guest])
    assert host.evaluate("() => window.__vt.liveHost.terms.options") == {"hints": True}
    for pg in (host, guest):
        pg.wait_for_selector(".hints-on:not([hidden])")
    # Whoever is to move asks; the guest by its key H.
    if host.evaluate("() => window.__vt.liveHost.snap.decision.players[0]") == 0:
        host.locator(".moves-list button.move:not([disabled])").first.click()
    guest.wait_for_selector(".table-controls [data-action='@hint']")
    guest.locator("body").press("h")
    guest.wait_for_function("() => (document.querySelector('.live-table .hint-box')?.textContent || '').includes(':')",
                            timeout=30_000)
    suggest = guest.get_attribute("[data-suggest]", "data-suggest")
    hinted = guest.locator(".moves-list button.move.hinted")
    assert suggest and hinted.count() == 1 and hinted.get_attribute("data-action") == suggest
    guest.screenshot(path=str(SCREENS / "live-hint-phone.png"))
    # Every seat's log says it was asked.
    host.wait_for_function("() => [...document.querySelectorAll('.log-list li')].some(li => /hint/i.test(li.textContent))")
    # Playing the hinted move clears it.
    hinted.click()
    guest.wait_for_function("() => document.querySelector('.live-table .hint-box').hidden")
    resign_now(host, guest)
    guest_checks_pass(guest)
    record = host.evaluate("() => window.__vt.liveHost.snap.record")
    assert record["actions"].count("@hint") == 1
