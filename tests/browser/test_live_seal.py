"""A live table the host cannot rig, and an honest game that never freezes (docs/fairness.md, "A
joint seed"; docs/live.md, "What a guest holds the host to").

Each attack is made the way a host can make it to its own page — wrapping its own engine's calls,
calling its own page's functions — never by reaching into the guest's page: the set-up changed
once the seed was known, one of its own hidden moves rewritten in the record it hands over at the
end, and a start-over after the guests revealed. In each case the guest's page says what happened
and names the first thing that differs, and `python -m py_engine verify` of the record the guest
downloads says the same. Then an honest game of every game, a host, a guest and a spectator over
the local relay: every check passes on every page, and neither page falls behind the host's for
more than 2 s.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser.test_live import moves, over, play_first_enabled, resign_on_turn
from tests.browser.test_live_net import (  # noqa: F401 - fixtures
    AUTOPLAY_SEEDED, STOP, SCREENS, WAIT, check_rows, device, devices, host_invites, net_browser, path_of, relay, start,
    take_seat, wait_path, watcher_joins)

ROOT = Path(__file__).resolve().parents[2]

# Every page records when its board first showed each complete log entry (the same clock: one browser).
DONE_CLOCK = """() => { if (window.__doneAt) return; window.__doneAt = {};
  const tick = () => { const el = document.querySelector('.live-table'); if (!el) return;
    const n = Number(el.dataset.done || 0);
    for (let k = 1; k <= n; k++) if (!(k in window.__doneAt)) window.__doneAt[k] = Date.now(); };
  tick(); new MutationObserver(tick).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-done'] });
  setInterval(tick, 250); }"""

def done(pg) -> int:
    return int(pg.evaluate("document.querySelector('.live-table')?.dataset.done || '0'"))


def lag_ms(host, follower) -> list[int]:
    """For every log entry the host's board showed: how much later the follower's board showed it."""
    at_host = {int(k): v for k, v in host.evaluate("window.__doneAt").items()}
    at = {int(k): v for k, v in follower.evaluate("window.__doneAt").items()}
    missing = sorted(set(at_host) - set(at))
    assert not missing, f"the follower never showed entries {missing[:5]}"
    return [at[k] - at_host[k] for k in sorted(at_host)]


def download_record(pg, tmp_path) -> Path:
    """The record the page offers at the end, as the player downloads it."""
    with pg.expect_download() as d:
        pg.locator(".end-screen p.actions button.button.primary").click()
    path = tmp_path / d.value.suggested_filename
    d.value.save_as(path)
    return path


def cli_verify(path: Path) -> str:
    out = subprocess.run([sys.executable, "-m", "py_engine", "verify", str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 1, out.stdout + out.stderr
    return out.stdout


def wrap_engine(pg, body: str, arg=None):
    """Wrap the host page's own engine calls: `body` is `async (call, cmd, args, arg) => result`."""
    pg.evaluate("""(arg) => {
      const e = window.__vt.liveHost.engine, call = e.call.bind(e);
      const fn = %s;
      e.call = (cmd, args) => fn(call, cmd, args, arg);
    }""" % body, arg)


# --- the attacks ------------------------------------------------------------------------------------

def test_a_set_up_changed_once_the_seed_is_known_is_named_at_once_and_at_the_end(devices, site, relay, tmp_path):
    """The host's page makes its table on other terms than those it sent (who moves first), and
    does not hand its engine the terms it sent, so nothing on its side refuses: the guest's page
    says so at its first snapshot, the checks at the end name the field, and so does the CLI."""
    host = device(devices, relay.url, "host")
    guest = device(devices, relay.url, "guest", 390, 844)
    links = host_invites(host, site, "milehollow", ["device"])
    take_seat(host, guest, links[1], 1, "Bea")
    wrap_engine(host, """async (call, cmd, args) => {
      if (cmd === "new_table" && args && args.joint) {
        const { terms: _sent, ...rest } = args;
        return call(cmd, { ...rest, options: { first: "seat-1" } });
      }
      return call(cmd, args);
    }""")
    start(host, [guest])
    alert = guest.locator("[data-alert=terms]")
    alert.wait_for()
    said = alert.inner_text()
    assert "First player was promised as “Drawn at random”, the table has “Seat 1”" in said and "options.first" in said, said
    guest.screenshot(path=str(SCREENS / "live-seal-terms-alert-phone.png"))
    assert alert.bounding_box()["y"] < 844, alert.bounding_box()   # in view, on a phone
    for _ in range(200):
        if moves(host) >= 4:
            break
        if not play_first_enabled([host, guest]):
            host.wait_for_timeout(30)
    resign_on_turn(host, [host, guest])
    rows = check_rows(guest)
    assert rows == {"own": True, "host": True, "terms": False, "moves": True, "record": True}, rows
    verdict = guest.locator(".check-verdict").inner_text()
    assert "First player was promised as “Drawn at random”, the record has “Seat 1” (options.first differs)" in verdict, verdict
    text = cli_verify(download_record(guest, tmp_path))
    assert "options.first differs" in text and "What differs:  terms.options.first" in text, text


def _rewrite_hidden(saved: dict) -> tuple[dict, int]:
    """The running game's record with the host's first hidden choice replaced by another that the
    rest of the game still allows, and the host's resignation after it: the record of a finished
    game the guest could not tell apart on its screen."""
    from py_engine.core.table import Table
    from py_engine.registry import get_game

    t = Table.from_record(saved, get_game, "test")
    k = next(e.index for e in t.entries if e.seat == 0 and e.visibility != "public")
    before = Table.from_record(saved, get_game, "test", upto=k)
    for other in before.state.legal_actions(0):
        if other == saved["actions"][k]:
            continue
        fake = Table.from_record(saved, get_game, "test", upto=k)
        try:
            fake.play(other, 0)
            for a, (s, by) in zip(saved["actions"][k + 1:], saved["actors"][k + 1:]):
                fake.play(a, s, by)
            fake.play("@resign", 0)
        except Exception:  # noqa: BLE001 - this choice does not fit the rest of the game: the next one
            continue
        if fake.state.is_terminal():
            return fake.to_record(), k
    raise AssertionError("no other hidden choice of the host fits the rest of the game")


def test_a_hidden_move_rewritten_in_the_final_record_is_named(devices, site, relay, tmp_path):
    """Milehollow: at the end the host's page hands over, instead of the game played, a record in
    which its own first keep is another (every move the guest saw the same). The move chain the
    guest kept names the host's keep; the CLI says the same of the guest's downloaded record."""
    from tests.browser.vt_page import saved_record

    host = device(devices, relay.url, "host")
    guest = device(devices, relay.url, "guest")
    links = host_invites(host, site, "milehollow", ["device"])
    take_seat(host, guest, links[1], 1, "Bea")
    start(host, [guest])
    for _ in range(400):
        if done(host) >= 8:
            break
        if not play_first_enabled([host, guest]):
            host.wait_for_timeout(30)
    settle_host_turn(host, guest)
    host.wait_for_timeout(500)                              # the autosave of the last move is written
    save_id = host.locator("[data-page=live-host]").get_attribute("data-save")
    fake, k = _rewrite_hidden(saved_record(host, save_id))
    # The host's own page: once its table is over, every snapshot it sends is of the rewritten game.
    wrap_engine(host, """async (call, cmd, args, fake) => {
      const out = await call(cmd, args);
      if (cmd === "snapshot" && args && args.viewer !== 0 && out && out.terminal) {
        const forged = await call("load_table", { text: fake });
        return call("snapshot", { table: forged.table, viewer: args.viewer });
      }
      return out;
    }""", json.dumps(fake))
    button = host.locator(".live-table .table-controls button[data-action='@resign']:not([disabled])")
    button.click()
    button.click()
    rows = check_rows(guest)
    assert rows["moves"] is False and rows["record"] is True and rows["terms"] is True, rows
    verdict = guest.locator(".check-verdict").inner_text()
    assert f"Move {k + 1} (Hosta's, seat 1) is not the one the host committed to" in verdict, verdict
    guest.screenshot(path=str(SCREENS / "live-seal-rewrite-caught.png"), full_page=True)
    text = cli_verify(download_record(guest, tmp_path))
    assert f"move {k + 1} (Hosta's, seat 1) is not the one the host committed to" in text, text
    assert f"What differs:  actions[{k}]" in text, text


def settle_host_turn(host, guest):
    """Play on (first listed moves) until it is the host's turn."""
    for _ in range(400):
        if host.locator(".live-table .table-controls button[data-action='@resign']:not([disabled])").count():
            return
        if not play_first_enabled([guest]):
            host.wait_for_timeout(50)
    raise AssertionError("the host's turn never came")


# The host's page keeps its engine from making a table from the guests' reveals, for as long as
# it likes: it wants to see the seed first (init script: it holds after a reload too).
HOLD_TABLES = """(() => { window.__holdTables = true;
  const wrap = () => { const e = window.__vt && window.__vt.engine;
    if (!e || !e.call) return setTimeout(wrap, 20);
    if (e.__held) return; e.__held = true; const call = e.call.bind(e);
    e.call = (cmd, args) => (cmd === "new_table" && args && args.joint && window.__holdTables)
      ? Promise.reject(new Error("held back: the host looks at the seed first")) : call(cmd, args); };
  wrap(); })();"""


def test_a_host_that_starts_over_after_the_reveals_is_named_on_every_page(devices, site, relay, tmp_path):
    """The host reloads after its guest revealed; an honest page takes up the same terms again (the
    same seed), so the host's own page re-invites the seat instead, and the guest opens the new link
    (another tab of the same browser). The new page says the host started over after the seed was
    fixed, so does the old one, and the record's checks and the CLI name it."""
    devices.allowed.append(re.compile(r"held back"))
    host = device(devices, relay.url, "host")
    old = device(devices, relay.url, "guest")
    host.context.add_init_script(HOLD_TABLES)
    links = host_invites(host, site, "elderwood", ["device"])
    take_seat(host, old, links[1], 1, "Ana")
    host.reload()                                           # the init script now holds the tables back
    host.wait_for_selector(".invite-card[data-seat='1'][data-state=here]", timeout=WAIT)
    host.click("#live-start")
    host.wait_for_function("() => !!window.__vt.liveHost.guests.get(1).contribution", timeout=WAIT)
    # A reload now takes up the same terms: the guest reveals again for them, and only for them.
    host.reload()
    host.wait_for_function("() => window.__vt.liveHost && window.__vt.liveHost.phase === 'starting'"
                           " && !!window.__vt.liveHost.guests.get(1).contribution", timeout=WAIT)
    # The host's own page starts over: a new invitation for the seat, the same seats, its commitment kept.
    host.evaluate("""async () => { const h = window.__vt.liveHost;
      h.phase = "inviting"; h.terms = null; h.creating = false; h.error = null;
      await h.reinvite(h.guests.get(1)); window.__holdTables = false; }""")
    sel = ".invite-card[data-seat='1'][data-state=inviting] input.invite-link"
    host.wait_for_selector(sel)
    fresh = host.locator(sel).input_value()
    assert fresh != links[1]
    new = old.context.new_page()
    new.set_default_timeout(WAIT)
    take_seat(host, new, fresh, 1, "Ana")
    start(host, [new])
    for pg in (new, old):
        pg.locator("[data-alert=startedOver]").wait_for(timeout=WAIT)
        assert "started over after the seed was fixed" in pg.locator("[data-alert=startedOver]").inner_text()
    new.screenshot(path=str(SCREENS / "live-seal-started-over.png"))
    resign_on_turn(host, [host, new])
    rows = check_rows(new)
    assert rows["earlier"] is False and rows["own"] and rows["terms"] and rows["moves"] and rows["record"], rows
    assert "started over after the seed was fixed" in new.locator(".check-verdict").inner_text()
    text = cli_verify(download_record(new, tmp_path))
    assert "started over after the seed was fixed" in text and "What differs:  witness.earlier" in text, text


# --- honest games -------------------------------------------------------------------------------------

@pytest.mark.parametrize("game,kinds,entries,query", [
    ("elderwood", ["device"], 30, "botdelay=0"),
    ("hollowmere", ["device", "bot"], 14, "botdelay=0"),
    ("milehollow", ["device", "bot"], 16, "botdelay=0"),
    ("wickerfair", ["device"], 14, "botdelay=0&direct=off"),            # multi-step actions, through the relays only
])
def test_an_honest_game_checks_out_on_every_page_and_no_board_falls_behind(devices, site, relay, game, kinds, entries, query):
    host = device(devices, relay.url, "host")
    guest = device(devices, relay.url, "guest", 390, 844)
    watcher = device(devices, relay.url, "watcher")
    links = host_invites(host, site, game, kinds, query=query)
    # One short link, its secret in the fragment (never sent to any server).
    # With the host's public key (43 characters), so that nobody else can speak as the host.
    assert re.fullmatch(re.escape(site.url("index.html")) + r"#/join\?t=[A-Za-z0-9_-]{22}&h=[A-Za-z0-9_-]{43}&r=[^#\s]+",
                        links[1]), links[1]
    assert len(links[1].split("&r=")[0]) - len(site.url("index.html")) <= 80
    take_seat(host, guest, links[1], 1, "Bea")
    watcher_joins(host, watcher)
    start(host, [guest])
    watcher.wait_for_selector("[data-page=live-guest][data-moves]", timeout=WAIT)
    if "direct=off" not in query:
        wait_path(host, 1, "direct")
        guest.wait_for_selector(".guest-status[data-path=direct]")
    else:
        # No direct path can come up (as behind a strict NAT): the whole game goes through the relays.
        wait_path(host, 1, "relay")
        guest.wait_for_selector(".guest-status[data-path=relay]")
        assert "relays" in guest.locator(".guest-status").inner_text()
    if game == "elderwood":
        # Phone first: the board, the seat and (on its turn) the countdown on the first screen.
        guest.screenshot(path=str(SCREENS / "live-net-guest-phone.png"))
        board = guest.locator(".board-host").bounding_box()
        assert board and board["y"] < 844 * 0.6, board
        assert guest.locator(".join-seat").bounding_box()["y"] < 200
        assert not guest.locator(".own-commitment").is_visible()  # behind "Fairness details"
    for pg in (host, guest, watcher):
        pg.evaluate(DONE_CLOCK)
    for i, pg in enumerate((host, guest)):
        pg.evaluate(AUTOPLAY_SEEDED, 7 + i)
    host.wait_for_function("(n) => Number(document.querySelector('.live-table')?.dataset.done || 0) >= n"
                           " || document.querySelector('.live-table')?.dataset.over === 'true'", arg=entries, timeout=400_000)
    for pg in (host, guest):
        pg.evaluate(STOP)
    resign_on_turn(host, [host, guest])
    for pg in (guest, watcher):
        pg.wait_for_selector(".live-table[data-over=true]", state="attached", timeout=WAIT)
    host.wait_for_timeout(300)
    if "direct=off" in query:
        assert path_of(host, 1) == "relay"
    rows = check_rows(guest)
    assert all(rows.values()) and list(rows) == ["own", "host", "terms", "moves", "record"], guest.locator(".joint-check").inner_text()
    rows = check_rows(watcher)
    assert all(rows.values()) and list(rows) == ["host", "terms", "moves", "record"], watcher.locator(".joint-check").inner_text()
    for pg in (guest, watcher):
        assert pg.locator("[data-alert]").count() == 0, pg.locator(".live-notes").inner_text()
    assert done(guest) == done(host) == done(watcher)
    for who, pg in (("guest", guest), ("spectator", watcher)):
        lags = lag_ms(host, pg)
        print(f"{game}: {who} behind the host by at most {max(lags)} ms over {len(lags)} entries")
        assert max(lags) <= 2000, (who, max(lags))
    if game == "wickerfair":
        # Multi-step actions were played: the record counts their steps, the log one entry each.
        assert len(host.evaluate("() => window.__vt.liveHost.snap.record.actions")) > done(host)
