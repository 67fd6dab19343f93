"""Verify a game (#/verify) in Chromium: the Python verifier running in the worker.

Records are made here with the Python engine (all-bot games, fixed seeds), then given to
the page by paste, by the file picker, and in the URL; tampered copies must be refused
naming the move and the field, and garbage must give a clear error without breaking the page.
"""
from __future__ import annotations

import base64
import copy
import hashlib
import json
import zlib

import pytest

from py_engine import __version__
from py_engine.core.table import Seat, Table
from py_engine.registry import get_game
from tests.browser.vt_page import record_link

SEED = "5eed" * 16


def make_record(game: str, players: int = 2, seed: str = SEED) -> dict:
    g = get_game(game)
    seats = [Seat(f"Bot {i + 1}", True, g.bot_levels[i % len(g.bot_levels)]) for i in range(players)]
    seats[0] = Seat("Ana", True, g.bot_levels[0])
    table = Table(g, seats, {}, seed, __version__)
    table.play_bots()
    assert table.state.is_terminal()
    return table.to_record()


@pytest.fixture(scope="module")
def elderwood():
    return make_record("elderwood")


def open_verify(page, site, lang="en", hash_="#/verify"):
    page.add_init_script(f"localStorage.setItem('vt.lang', '{lang}')")
    page.goto(site.url(f"index.html{hash_}"))
    page.wait_for_selector(".pg-verify .pg-paste")


def paste_and_verify(page, text: str) -> str:
    """Paste, press Verify, wait for the verdict; returns its kind (valid, invalid, error)."""
    page.fill(".pg-paste", text)
    page.evaluate("document.querySelector('.pg-result').replaceChildren()")
    page.click("button[data-act=verify]")
    page.wait_for_selector(".pg-verdict[data-verdict]", timeout=120_000)
    return page.get_attribute(".pg-verdict", "data-verdict")


def verdict_text(page) -> str:
    return page.locator(".pg-verdict").inner_text()


def test_verify_accepts_a_good_record_and_refuses_tampered_ones(page, site, elderwood):
    open_verify(page, site)
    # A good record: a clear verdict with the summary and the seal.
    assert paste_and_verify(page, json.dumps(elderwood)) == "valid"
    text = verdict_text(page)
    assert "Valid game" in text
    assert "Elderwood" in text
    assert "Ana" in text and "BOT" in text.upper()
    assert str(len(elderwood["actions"])) in text
    assert elderwood["fingerprint"] in text and elderwood["seed"] in text
    assert hashlib.sha256(elderwood["seed"].encode()).hexdigest() == elderwood["fingerprint"]
    assert page.get_attribute(".pg-hashline", "data-hash") == "ok"
    winners = elderwood["result"]["winners"]
    assert page.locator(".pg-seats tr.winner").count() == len(winners)
    scores = [c.inner_text() for c in page.locator(".pg-seats tbody td.num").all()]
    assert scores == [str(s) for s in elderwood["result"]["scores"]]

    # Move 6 replaced by another move: refused, naming move 6 and the actions.
    bad = copy.deepcopy(elderwood)
    bad["actions"][5] = elderwood["actions"][7]
    assert paste_and_verify(page, json.dumps(bad)) == "invalid"
    assert page.get_attribute(".pg-verdict", "data-move") == "6"
    assert page.get_attribute(".pg-verdict", "data-field") == "actions"
    text = verdict_text(page)
    assert "Move 6" in text and "move 6 of" in text
    assert elderwood["actions"][7] in text

    # A score changed after the game: the final scores differ, expected vs found shown.
    bad = copy.deepcopy(elderwood)
    bad["result"]["scores"] = [s + 5 for s in elderwood["result"]["scores"]]
    assert paste_and_verify(page, json.dumps(bad)) == "invalid"
    assert page.get_attribute(".pg-verdict", "data-field") == "result.scores"
    text = verdict_text(page)
    assert "Computed" in text and json.dumps(elderwood["result"]["scores"], separators=(",", ":")) in text.replace(" ", "")

    # A name edited after the game: only the seal catches it.
    bad = copy.deepcopy(elderwood)
    bad["seats"][1]["name"] = "Mallory"
    assert paste_and_verify(page, json.dumps(bad)) == "invalid"
    assert page.get_attribute(".pg-verdict", "data-field") == "seal"
    assert "edited after the game" in verdict_text(page)

    # A seed that does not hash to the fingerprint.
    bad = copy.deepcopy(elderwood)
    bad["seed"] = "0" * 64
    assert paste_and_verify(page, json.dumps(bad)) == "invalid"
    assert page.get_attribute(".pg-verdict", "data-field") == "seed"
    assert "fingerprint" in verdict_text(page)

    # And a good one again: nothing stuck from the failures.
    assert paste_and_verify(page, json.dumps(elderwood)) == "valid"


def test_verify_rejects_garbage_clearly(page, site, elderwood):
    open_verify(page, site)
    assert paste_and_verify(page, "{this is not json") == "error"
    assert "not JSON" in verdict_text(page)
    assert paste_and_verify(page, "") == "error"
    assert "nothing to check" in verdict_text(page)
    assert paste_and_verify(page, "[1, 2, 3]") == "error"
    assert "not a Valley Tables game record" in verdict_text(page)
    assert paste_and_verify(page, json.dumps({"format": "valley-tables-record", "seats": []})) == "error"
    # Well-formed enough to reach the engine, but a version it does not read.
    odd = dict(elderwood, version=99)
    assert paste_and_verify(page, json.dumps(odd)) == "invalid"
    assert page.get_attribute(".pg-verdict", "data-field") == "version"
    # An unfinished game (no seed yet) cannot be verified, and says why.
    g = get_game("elderwood")
    table = Table(g, [Seat("A", True, "easy"), Seat("B", True, "easy")], {}, SEED, __version__)
    table.play(table.state.legal_actions()[0])
    assert paste_and_verify(page, json.dumps(table.to_record())) == "invalid"
    assert page.get_attribute(".pg-verdict", "data-field") == "seed"
    assert "not finished" in verdict_text(page)
    # The page still works.
    assert paste_and_verify(page, json.dumps(elderwood)) == "valid"


def test_verify_a_file_chosen_with_the_picker(page, site, tmp_path):
    record = make_record("hollowmere", 3)
    path = tmp_path / "hollowmere-game.json"
    path.write_text(json.dumps(record, indent=2))
    open_verify(page, site, lang="pt")
    page.set_input_files(".pg-drop input[type=file]", str(path))
    page.wait_for_selector(".pg-verdict[data-verdict=valid]", timeout=120_000)
    text = verdict_text(page)
    assert "Jogo válido" in text and "Hollowmere" in text
    assert record["fingerprint"] in text


def test_verify_a_record_in_the_url(page, site, elderwood):
    open_verify(page, site, hash_=f"#/verify?r={record_link(elderwood)}")
    page.wait_for_selector(".pg-verdict[data-verdict=valid]", timeout=120_000)
    assert elderwood["seed"] in verdict_text(page)
    # The pasted box shows what was checked.
    assert json.loads(page.input_value(".pg-paste")) == elderwood
    # Replay this game opens the replay of the same record.
    page.click("button[data-act=replay]")
    page.wait_for_function("location.hash.startsWith('#/replay?r=')")
    page.wait_for_selector(".vtv-moves li.current", timeout=120_000)

    # A tampered record in the URL is refused the same way.
    bad = copy.deepcopy(elderwood)
    bad["actors"][2] = [1 - bad["actors"][2][0], "seat"]
    page.goto(site.url(f"index.html#/verify?r={record_link(bad)}"))
    page.wait_for_selector(".pg-verdict[data-verdict=invalid]", timeout=120_000)
    assert page.get_attribute(".pg-verdict", "data-move") == "3"
    assert page.get_attribute(".pg-verdict", "data-field") == "actors"

    # A damaged link: a clear error, no crash.
    page.goto(site.url("index.html#/verify?r=@@not-base64@@"))
    page.wait_for_selector(".pg-verdict[data-verdict=error]")
    assert "could not be read" in verdict_text(page)


# --- the hostile corpus: the page agrees with the CLI, as a file and as a link ------------------------------
RUN_CORPUS = """async (cases) => {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  async function verdict(old) {
    for (let i = 0; i < 3000; i++) {
      const v = document.querySelector('.pg-verify .pg-verdict[data-verdict]');
      if (v && v !== old && !v.closest('[data-old]')) return v;
      await sleep(40);
    }
    return null;
  }
  const out = [];
  for (const c of cases) {
    const bin = atob(c.b64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    document.querySelector('.pg-result').replaceChildren();
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'record.json', { type: 'application/json' }));
    const input = document.querySelector('.pg-drop input[type=file]');
    input.files = dt.files;
    let t0 = performance.now();
    input.dispatchEvent(new Event('change'));
    let v = await verdict(null);
    out.push({ name: c.name, how: 'file', verdict: v && v.dataset.verdict, field: v && v.dataset.field || null,
               text: v && v.innerText, ms: performance.now() - t0 });
    document.querySelector('.pg-verify').dataset.old = '1';
    t0 = performance.now();
    location.hash = '#/verify?r=' + c.link;
    v = await verdict(null);
    out.push({ name: c.name, how: 'link', verdict: v && v.dataset.verdict, field: v && v.dataset.field || null,
               text: v && v.innerText, ms: performance.now() - t0 });
    document.querySelector('.pg-verify').dataset.old = '1';
    location.hash = '#/verify';
    for (let i = 0; i < 200 && !document.querySelector('.pg-verify:not([data-old]) .pg-drop input'); i++) await sleep(20);
  }
  return out;
}"""


def test_the_hostile_corpus_gets_the_clis_verdict_as_a_file_and_as_a_link(page, site):
    """Every case of tests/hostile_records.py, in one page load: the file's bytes and the link's
    unpacked bytes reach the engine unaltered (no file.text(), no JSON.parse/stringify), so a byte
    order mark, UTF-16, a decoy key, 2.0, a seat written 0.0 are refused as the CLI refuses them,
    and a record of exactly 5 MB (the limit is the record's, not the request's) is valid."""
    import base64 as b64
    from py_engine import bridge
    from tests import hostile_records

    cases = hostile_records.cases()
    expected = {}
    for name, raw, valid in cases:
        report = bridge.call({"cmd": "verify", "bytes": b64.b64encode(raw).decode()})["result"]
        assert report["ok"] is valid, name  # what the CLI answers (tests/core/test_hostile_corpus.py)
        expected[name] = report
    open_verify(page, site)
    page.wait_for_function("document.querySelector('.pg-status') !== null")
    payload = [{"name": n, "b64": b64.b64encode(raw).decode(), "link": record_link(raw)} for n, raw, _ in cases]
    got = page.evaluate(RUN_CORPUS, payload)
    assert len(got) == 2 * len(cases)
    for g in sorted(got, key=lambda g: -g["ms"])[:6]:
        print(f"{g['ms']:8.0f} ms  {g['how']:4}  {g['name']}")
    wrong = []
    for g in got:
        report = expected[g["name"]]
        want = "valid" if report["ok"] else ("invalid", "error")
        if (g["verdict"] != want) if report["ok"] else (g["verdict"] not in want):
            wrong.append((g["name"], g["how"], g["verdict"], report["summary"][:80], (g["text"] or "")[:200]))
        elif g["verdict"] == "invalid" and g["field"] != (report["field"] or ""):
            wrong.append((g["name"], g["how"], "field", g["field"], report["field"]))
    assert not wrong, "\n".join(map(str, wrong))


def test_a_link_that_unpacks_past_5_mb_stops_there_with_a_clear_error(page, site):
    """272 KB of link once unpacked to 200 MB and crashed the tab: unpacking stops at 5 MB."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = packer.compress(b"[" + b" " * (200 * 1024 * 1024)) + packer.flush()
    r = base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    assert len(r) < 300_000
    open_verify(page, site, hash_=f"#/verify?r={r}")
    page.wait_for_selector(".pg-verdict[data-verdict=error]", timeout=60_000)
    text = verdict_text(page)
    assert "more than 5 MB" in text, text


def test_names_are_isolated_and_a_long_one_keeps_the_phone_width(phone, site, tmp_path):
    """A right-to-left override stays inside its name (<bdi>, unicode-bidi: isolate), and a
    64-character name with no space wraps: the Verify page stays 390 px wide."""
    from tests import hostile_records
    record = hostile_records.base_record()
    record["seats"][0]["name"] = "\u202eAna (bot)"
    record["seats"][1]["name"] = "W" * 64
    record = hostile_records.sealed(record)
    pg = phone
    pg.add_init_script("localStorage.setItem('vt.lang', 'en')")
    pg.goto(site.url(f"index.html#/verify?r={record_link(record)}"))
    pg.wait_for_selector(".pg-verdict[data-verdict=valid]", timeout=120_000)
    pg.screenshot(path=str(tmp_path / "verify-hostile-names-390.png"), full_page=True)
    assert pg.evaluate("document.documentElement.scrollWidth") <= 390
    assert pg.evaluate("getComputedStyle(document.querySelector('.pg-seats .seat-name')).unicodeBidi") == "isolate"
    # In sentences (who won), names are isolated too: FSI ... PDI around each.
    facts = pg.locator(".pg-facts").first.inner_text()
    assert "\u2068\u202eAna (bot)" in facts and "\u2069" in facts
    # An invalid verdict quotes a name and an action: isolated, and still no wider.
    bad = dict(record)
    bad["actors"] = [list(a) for a in record["actors"]]
    bad["actors"][2] = [1 - bad["actors"][2][0], "seat"]
    pg.goto(site.url(f"index.html#/verify?r={record_link(bad)}"))
    pg.wait_for_selector(".pg-verdict[data-verdict=invalid]", timeout=120_000)
    pg.screenshot(path=str(tmp_path / "verify-hostile-invalid-390.png"), full_page=True)
    assert pg.evaluate("document.documentElement.scrollWidth") <= 390
    assert pg.evaluate("document.querySelector('.pg-summary').tagName") == "BDI"


def test_with_the_bots_checked_a_person_seat_that_played_as_a_bot_is_named(page, site):
    """The seed is public after the game, so a bot's seat can be relabelled a person's and the
    record sealed again: it verifies, and with the bots checked the page says which seat played
    every move exactly as a bot level."""
    from tests import hostile_records
    record = hostile_records.base_record()
    record["seats"][1] = {"name": "Bo", "bot": False, "level": None}
    record = hostile_records.sealed(record)
    open_verify(page, site)
    page.check("#vt-verify-bots")
    assert paste_and_verify(page, json.dumps(record)) == "valid"
    note = page.locator(".pg-botlike")
    assert note.count() == 1 and note.get_attribute("data-seat") == "1"
    assert "Seat 2" in note.inner_text() and "marked as a person" in note.inner_text()
    page.uncheck("#vt-verify-bots")
    assert paste_and_verify(page, json.dumps(record)) == "valid"
    assert page.locator(".pg-botlike").count() == 0
