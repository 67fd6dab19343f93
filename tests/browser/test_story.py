"""A game's story (#/story, embed.html#s=; docs/story.md) in Chromium, for each game.

A story is written on one device (a note, a marked place and an arrow at a move, the move it starts
at, whose eyes it is seen through, the review made on that device travelling with it), shared as one
link, and opened on another device with the server gone: the same board at the same move, the same
note and marks, the same chart, the seal checked. A story whose record was altered says what differs.
A video of a stretch of moves is made by the browser and played back by it.
"""
from __future__ import annotations

import base64
import hashlib
import json
import struct
import zlib
from pathlib import Path

import pytest

from py_engine import __version__
from py_engine.core import analysis
from py_engine.core.table import Seat, Table
from py_engine.registry import get_game
from tests.browser.axe import violations
from tests.browser.vt_page import csp_safe_waits, is_local

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
GAMES = ["hollowmere", "milehollow", "elderwood", "wickerfair"]
#: The move each game's story is written at, and the seat it is seen as (None: every hand).
AT = {"hollowmere": (9, None), "milehollow": (12, 0), "elderwood": (14, None), "wickerfair": (10, 1)}


def finished(game: str) -> dict:
    seed = hashlib.sha256(f"story/{game}".encode()).hexdigest()
    g = get_game(game)
    table = Table(g, [Seat("Ana", False), Seat("Bot", True, g.bot_levels[0])], {}, seed, __version__)
    # Ana plays as an Easy bot would: a real person's seat, so the story's names are a person's.
    easy = g.make_bot(g.bot_levels[0], 0)
    while (d := table.decision()) is not None:
        seat = d.players[0]
        if seat == 0:
            table.play(easy.choose(table.state.observation(0), table.state.legal_actions(0), table.chance.bot_stream(0, len(table.actions))), 0)
        else:
            table.play(table.bot_choice(seat), seat)
    return table.to_record()


def packed(obj) -> str:
    z = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = z.compress(json.dumps(obj, separators=(",", ":")).encode()) + z.flush()
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def compact_review(record: dict) -> dict:
    moves = list(analysis.review(record, get_game, iterations=120 if record["game"] == "elderwood" else 2))
    return {"engine": __version__, "moves": [analysis.compact(m) for m in moves]}


@pytest.fixture(scope="module")
def records():
    return {g: finished(g) for g in GAMES}


@pytest.fixture(scope="module")
def reader(browser, site):
    """Another device: it visited the site once (its service worker holds the build), and reads stories
    later with the server gone."""
    ctx = browser.new_context(service_workers="allow", viewport={"width": 1200, "height": 900})
    ctx.route(lambda url: not is_local(url), lambda route: route.abort("addressunreachable"))
    ctx.on("page", csp_safe_waits)
    pg = ctx.new_page()
    pg.set_default_timeout(60_000)
    site.start()
    pg.goto(site.url("index.html"))
    pg.wait_for_function("!!(window.__vt && window.__vt.ready)", timeout=120_000)
    pg.wait_for_function("navigator.serviceWorker.controller !== null", timeout=180_000)
    pg.wait_for_function("""async () => { const { offlineStatus } = await import('/web/engine.js');
        const s = await offlineStatus(); return s && s.complete; }""", timeout=180_000, polling=1000)
    yield pg
    ctx.close()


def at_move(page, k: int):
    page.locator(f".vtv-moves li[data-k='{k}']").click()
    page.wait_for_function("(k) => document.querySelector('.vtv')?.dataset.drawn === String(k)", arg=k)


def marks_on_board(page) -> list:
    return json.loads(page.get_attribute(".vtv-board", "data-marks") or "[]")


def painted(page) -> int:
    """How many pixels of the marks' own canvas are drawn (the spots and arrows are really there)."""
    return page.evaluate("""() => { const c = document.querySelector('canvas.vt-story-marks');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i]) n++; return n; }""")


def write_story(page, site, game: str, record: dict, review: dict) -> tuple[str, dict]:
    """Write the story on `page` as a person does; returns (link, what the board showed)."""
    page.goto(site.url("index.html#/"))
    page.wait_for_function("!!(window.__vt && window.__vt.ready)", timeout=120_000)
    # This device reviewed the game before (its review is what a story written here carries).
    page.evaluate("([k, v]) => localStorage.setItem(k, JSON.stringify(v))",
                  [f"vt.story.draft.{record['fingerprint']}", {"move": len(record["actions"]), "seat": None, "notes": [], "review": review}])
    page.goto(site.url(f"index.html#/story?r={packed(record)}"))
    page.wait_for_selector(".pg-story[data-mode=write] .st-note textarea")
    page.wait_for_selector(".st-chart:not([hidden]) .rv-chart-svg circle")
    k, seat = AT[game]
    if seat is not None:
        page.select_option("select[data-act=seat]", str(seat))
        page.wait_for_selector(".st-note textarea")
    at_move(page, k)
    page.fill(".st-note textarea", f"Move {k}: watch this — {game}.\nA second line.")
    spot = page.locator("select[data-act=spotAt] option").nth(1).get_attribute("value")
    page.select_option("select[data-act=spotAt]", spot)
    page.click("button[data-act=spot]")
    opts = page.locator("select[data-act=arrowFrom] option")
    a, b = opts.nth(0).get_attribute("value"), opts.nth(2).get_attribute("value")
    page.select_option("select[data-act=arrowFrom]", a)
    page.select_option("select[data-act=arrowTo]", b)
    page.click("button[data-act=arrow]")
    page.click("button[data-act=start-here]")
    want = [{"at": spot}, {"from": a, "to": b}]
    page.wait_for_function("(w) => document.querySelector('.vtv-board')?.dataset.marks === w", arg=json.dumps(want, separators=(",", ":")))
    assert painted(page) > 200, "the spot and the arrow are drawn over the board"
    # Nothing is lost on a reload: the note comes back as it was typed.
    page.reload()
    page.wait_for_selector(".pg-story[data-mode=write] .st-note textarea")
    page.wait_for_function("(k) => document.querySelector('.vtv')?.dataset.drawn === String(k)", arg=k)
    assert page.input_value(".st-note textarea").startswith(f"Move {k}: watch this")
    assert marks_on_board(page) == want
    page.click("button[data-act=share]")
    page.wait_for_function("() => document.querySelector('.st-share .pg-note')?.dataset.length")
    link = page.evaluate("navigator.clipboard.readText()")
    page.wait_for_function("(n) => document.querySelectorAll('.st-chart .rv-chart-svg circle').length === n", arg=len(review["moves"]))
    shown = {"k": k, "marks": want, "chart": len(review["moves"]),
             "note": page.input_value(".st-note textarea"), "length": int(page.get_attribute(".st-share .pg-note", "data-length"))}
    return link, shown


@pytest.mark.parametrize("game", GAMES)
def test_a_story_written_on_one_device_reads_the_same_on_another_offline(game, records, context, page, site, reader):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    record = records[game]
    link, shown = write_story(page, site, game, record, compact_review(record))
    assert "#/story?s=" in link and shown["length"] == len(link)
    assert len(link) <= 8000, f"{game}: a whole game's story link is {len(link)} characters"
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SCREENS / f"story-write-{game}.png"))
    page.goto("about:blank")     # the writer's device is done (its page would go on loading boards)

    site.stop()
    try:
        reader.goto(link)
        reader.wait_for_selector(".pg-story[data-mode=read] .st-note .st-text")
        k = shown["k"]
        reader.wait_for_function("(k) => document.querySelector('.vtv')?.dataset.drawn === String(k)", arg=k)
        reader.wait_for_selector(".st-seal[data-seal=ok]")
        assert reader.inner_text(".st-note .st-text") == shown["note"]
        assert reader.get_attribute(".st-note", "data-move") == str(k)
        reader.wait_for_function("() => document.querySelector('canvas.vt-story-marks')?.dataset.marks === '2'")
        assert marks_on_board(reader) == shown["marks"]
        assert painted(reader) > 200
        reader.wait_for_function("(n) => document.querySelectorAll('.st-chart:not([hidden]) .rv-chart-svg circle').length === n",
                                 arg=shown["chart"])
        assert reader.locator(".st-list li").count() == 1
        assert violations(reader) == [], f"story read {game}"
        reader.screenshot(path=str(SCREENS / f"story-read-{game}.png"))
    finally:
        site.start()


def test_a_story_whose_record_was_altered_says_what_differs(records, page, site):
    record = json.loads(json.dumps(records["elderwood"]))
    record["actions"][5] = record["actions"][4]          # move 6 made again what move 5 made
    story = {"story": 1, "record": record, "move": 3, "seat": None, "notes": [{"move": 3, "text": "here", "marks": []}]}
    page.goto(site.url(f"index.html#/story?s={packed(story)}"))
    page.wait_for_selector(".st-seal[data-seal=bad]")
    differs = page.locator(".st-differs")
    assert differs.get_attribute("data-move") == "6", differs.inner_text()
    assert "6" in differs.inner_text()


def test_a_damaged_or_hostile_story_link_is_refused_in_words(records, page, site):
    record = records["elderwood"]
    for story, word in [
        ({"story": 1, "record": record, "move": 3, "seat": None, "notes": [], "extra": 1}, "extra"),
        ({"story": 1, "record": record, "move": 9999, "seat": None, "notes": []}, "move"),
        ({"story": 1, "record": record, "move": 3, "seat": None, "notes": [{"move": 2, "text": "x" * 1001, "marks": []}]}, "1000"),
        ({"story": 1, "record": record, "move": 3, "seat": None, "notes": [{"move": 2, "text": "", "marks": [{"at": "<script>"}]}]}, "places"),
    ]:
        page.goto(site.url(f"index.html#/story?s={packed(story)}"))
        page.wait_for_selector("[data-page=message]")
        assert word in page.inner_text("#app"), story
    page.goto(site.url("index.html#/story?s=%%%not-base64"))
    page.wait_for_selector("#app :text('damaged')")


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize("game", GAMES)
def test_a_picture_and_a_video_of_a_stretch_of_the_game(game, records, page, site):
    record = records[game]
    n = len(record["actions"])
    to = min(100, n)
    page.goto(site.url(f"index.html#/story?r={packed(record)}"))
    page.wait_for_selector(".pg-story[data-mode=write] .st-note textarea")
    at_move(page, to)
    page.fill(".st-note textarea", "The end of the stretch.")
    opts = page.locator("select[data-act=arrowFrom] option")
    page.select_option("select[data-act=arrowTo]", opts.nth(1).get_attribute("value"))
    page.click("button[data-act=arrow]")     # an arrow from the first place listed to the second
    page.wait_for_function("() => document.querySelector('canvas.vt-story-marks')?.dataset.marks === '1'")
    with page.expect_download() as got:
        page.click("button[data-act=picture]")
    w, h = png_size(Path(got.value.path()).read_bytes())
    assert w >= 600 and h > 300
    got.value.save_as(SCREENS / f"story-picture-{game}.png")
    with page.expect_download(timeout=120_000) as got:
        page.click("button[data-act=video]")
    note = page.locator(".st-share .pg-note")
    page.wait_for_function("() => document.querySelector('.st-share .pg-note')?.dataset.videoMs")
    ms = int(note.get_attribute("data-video-ms"))
    data = Path(got.value.path()).read_bytes()
    assert data[:4] == b"\x1a\x45\xdf\xa3", "a WebM (Matroska) file"
    # Played back by the browser in a page of its own (the site's pages allow no blob: media).
    player = page.context.new_page()
    played = player.evaluate("""async (b64) => {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const v = document.createElement('video');
        v.muted = true;
        v.src = URL.createObjectURL(new Blob([bytes], {type: 'video/webm'}));
        await new Promise((ok, no) => { v.onloadedmetadata = ok; v.onerror = () => no(new Error('cannot play')); });
        // A recorded WebM says its length only once read to the end.
        if (!Number.isFinite(v.duration)) {
            v.currentTime = 1e6;
            await new Promise((ok) => { v.ondurationchange = () => Number.isFinite(v.duration) && ok(); setTimeout(ok, 5000); });
        }
        return {w: v.videoWidth, h: v.videoHeight, s: v.duration};
    }""", base64.b64encode(data).decode())
    player.close()
    assert (played["w"], played["h"]) == (int(note.get_attribute("data-video-width")), int(note.get_attribute("data-video-height")))
    # Each move held 6 s / moves (60 to 700 ms), the last frame 1 s more (docs/story.md); a recorder
    # may end the file on the last frame's start.
    expected = min(0.7, max(0.06, 6.0 / to)) * to + 1.0
    assert 0.75 * expected <= played["s"] <= expected + 4.0, (played, expected)
    print(f"\n{game}: {to} moves, video {played['s']:.1f} s at {played['w']}x{played['h']}, made in {ms / 1000:.1f} s")


def test_the_pyscript_page_writes_a_story_in_python_and_embeds_it(page, site):
    """A page of the docs opens a story from Python: the example packs one and shows it in embed.html."""
    page.goto(site.url("web/pyscript.html"))
    page.wait_for_selector("body[data-examples=ready]", timeout=240_000)
    section = page.locator("#ex-story")
    assert section.get_attribute("data-state") == "done", section.locator(".output").inner_text()
    frame = page.frame_locator("#ex-story .story-frame iframe")
    frame.locator("main[data-state=ready]").wait_for(timeout=120_000)
    assert frame.locator(".st-note .st-text").inner_text() == "Four pieces down: the first one is ringed."
    frame.locator("canvas.vt-story-marks[data-marks='1']").wait_for()
    assert json.loads(frame.locator(".vtv-board").get_attribute("data-marks")) == [{"at": "0,0"}]
    assert frame.locator(".vtv").get_attribute("data-drawn") == "4"
    section.scroll_into_view_if_needed()
    section.screenshot(path=str(SCREENS / "story-pyscript.png"))


def test_the_stories_of_the_embedding_doc_show_in_their_frames(page, site):
    """docs/embedding.md shows one story of each game as an iframe snippet: a page holding those four
    snippets (pointed at this site) shows each story at its move with its note and its marks."""
    import re
    doc = (Path(__file__).resolve().parents[2] / "docs" / "embedding.md").read_text()
    block = doc[doc.index("<!-- stories: begin -->"):doc.index("<!-- stories: end -->")]
    srcs = re.findall(r'src="https://example\.org/valley-tables/(embed\.html#s=[^"]+)"', block)
    assert len(srcs) == len(GAMES)
    frames = "".join(f'<iframe src="{site.url(s)}" title="story {i}" width="640" height="560"></iframe>' for i, s in enumerate(srcs))
    page.goto(site.url("index.html"))          # any page of the site first: the frames then start warm
    page.set_content(f"<!doctype html><html lang=en><title>docs</title><body>{frames}</body></html>")
    for i, src in enumerate(srcs):
        story = json.loads(zlib.decompress(base64.urlsafe_b64decode(src.split("#s=")[1].split("&")[0] + "=="), -15))
        note = story["notes"][0]
        frame = page.frame_locator(f"iframe[title='story {i}']")
        frame.locator("main[data-state=ready]").wait_for(timeout=120_000)
        assert frame.locator(".st-note .st-text").inner_text() == note["text"]
        assert frame.locator(".vtv").get_attribute("data-drawn") == str(story["move"])
        assert json.loads(frame.locator(".vtv-board").get_attribute("data-marks")) == note["marks"]
    page.screenshot(path=str(SCREENS / "story-embeds.png"), full_page=True)


def test_on_a_phone_in_portuguese_a_tap_marks_a_place_and_the_review_is_checked_here(records, phone, site):
    """390×844, touch, Portuguese: the note and its tools are in view under the board, a tap on the board
    marks the nearest place, the page is axe-clean while writing and reading, and "check on this device"
    reviews the game here and compares."""
    page = phone
    record = records["elderwood"]
    page.add_init_script("localStorage.setItem('vt.lang', 'pt')")
    page.goto(site.url("index.html#/"))
    page.wait_for_function("!!(window.__vt && window.__vt.ready)", timeout=120_000)
    page.evaluate("([k, v]) => localStorage.setItem(k, JSON.stringify(v))",
                  [f"vt.story.draft.{record['fingerprint']}", {"move": 0, "seat": None, "notes": [], "review": compact_review(record)}])
    page.goto(site.url(f"index.html#/story?r={packed(record)}"))
    page.wait_for_selector(".pg-story[data-mode=write] .st-note textarea")
    at_move(page, 12)
    page.tap("button[data-act=tap-spot]")
    assert page.get_attribute("button[data-act=tap-spot]", "aria-pressed") == "true"
    # The place a person taps: the stack nearest the middle of the board as it is drawn now.
    page.evaluate("document.querySelector('.vtv-board').scrollIntoView({block: 'center'})")
    where = page.evaluate("""() => {
        const root = [...document.querySelectorAll('.vtv-board *')].find((e) => e.__renderer);
        const r = root.__renderer; const box = r.viewport.element.getBoundingClientRect();
        const mid = {x: box.left + box.width / 2, y: box.top + box.height / 2};
        const at = r.places().map((p) => { const q = r.viewport.worldToPage(p.x, p.y);  // the window's coordinates
            return {id: p.id, x: q.x, y: q.y}; });
        at.sort((a, b) => Math.hypot(a.x - mid.x, a.y - mid.y) - Math.hypot(b.x - mid.x, b.y - mid.y));
        return at[0]; }""")
    page.touchscreen.tap(where["x"], where["y"])
    page.wait_for_function("(id) => document.querySelector('.vtv-board')?.dataset.marks === JSON.stringify([{at: id}])", arg=where["id"])
    page.fill(".st-note textarea", "Aqui a Lebre salta por cima de tudo.")
    assert "em destaque" in page.inner_text(".st-marks")
    page.locator(".st-note").scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, page.evaluate("""() => [...document.querySelectorAll('*')]
        .filter((e) => e.getBoundingClientRect().right > 391).slice(0, 8).map((e) => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))""")
    assert violations(page) == [], "story write, phone, pt"
    page.screenshot(path=str(SCREENS / "story-write-phone-pt.png"))

    page.click("button[data-act=check]")
    page.wait_for_selector(".st-check[data-state=done]", timeout=180_000)
    judged = len(compact_review(record)["moves"])
    assert f"dos {judged} julgamentos" in page.inner_text(".st-check") or f"os {judged} julgamentos" in page.inner_text(".st-check")
    # The review made here is kept: the Review page opens it at once.
    page.click("button[data-act=share]")
    page.wait_for_function("() => document.querySelector('.st-share .pg-note')?.dataset.length")


def test_a_story_reads_on_a_phone_in_portuguese(records, phone, site):
    record = records["milehollow"]
    story = {"story": 1, "record": record, "move": 20, "seat": 0, "review": compact_review(record),
             "notes": [{"move": 20, "text": "Ana guarda o boi para a estrada longa.", "marks": [{"at": "nascente"}, {"from": "nascente", "to": "vau"}]}]}
    page = phone
    page.add_init_script("localStorage.setItem('vt.lang', 'pt')")
    page.goto(site.url(f"index.html#/story?s={packed(story)}"))
    page.wait_for_selector(".pg-story[data-mode=read] .st-note .st-text")
    page.wait_for_selector(".st-seal[data-seal=ok]")
    page.wait_for_function("() => document.querySelector('canvas.vt-story-marks')?.dataset.marks === '2'")
    assert "O selo confere" in page.inner_text(".st-seal")
    page.screenshot(path=str(SCREENS / "story-read-phone-pt.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "nothing wider than the phone"
    assert violations(page) == [], "story read, phone, pt"
    page.locator(".st-note").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENS / "story-read-phone-pt-note.png"))
