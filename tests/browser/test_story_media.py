"""A game's story as pictures and in other pages (docs/story.md, docs/embedding.md), for each game: a PNG
of a position and a WebM of a stretch of moves made by the browser and played back by it; the PyScript
page writing a story in Python and showing it in embed.html; the stories docs/embedding.md shows, each
in its frame."""
from __future__ import annotations

import base64
import json
import struct
import zlib
from pathlib import Path

import pytest

from tests.browser.story_pages import GAMES, SCREENS, at_move, finished, packed


@pytest.fixture(scope="module")
def records():
    return {g: finished(g) for g in GAMES}


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
