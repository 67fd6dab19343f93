"""The Hollowmere board (web/games/hollowmere/renderer.js) fed real engine snapshots.

The snapshots come from the Python bridge (the same code Pyodide runs), so these tests need
no Pyodide start-up: a small page at the test site imports the renderer, and each test
checks what the board offers against the snapshot's legal actions and what it sends back.
The whole-game tests through the real app are in test_hollowmere_game.py.
"""
from __future__ import annotations

import re

import pytest

from py_engine import bridge

LAY = re.compile(r"^([A-Z][A-Z0-9]*)@(\d+),(\d+)r([0-3])(?:\+([a-z][a-z0-9]*)|-)$")

HARNESS = """<!doctype html><html lang=en><head><meta charset=utf-8>
<meta name=viewport content="width=device-width,initial-scale=1">
<style>body{margin:0;padding:8px;background:#efe9dc}</style></head>
<body><div id=host></div><script type=module>
import { createRenderer } from '/web/games/hollowmere/renderer.js';
window.__intents = []; window.__said = [];
window.__r = createRenderer(document.getElementById('host'),
  {onIntent: (a) => window.__intents.push(a), announce: (t) => window.__said.push(t), lang: 'en'});
window.__ready = true;
</script></body></html>"""


def call(cmd: str, **args):
    r = bridge.call({"cmd": cmd, **args})
    assert r["ok"], r
    return r["result"]


def new_game(options: dict, seed: str = "5e" * 32) -> dict:
    return call("new_table", game="hollowmere", options=options, seed=seed, viewer=0,
                seats=[{"name": "Ana"}, {"name": "Bo", "bot": True, "level": "easy"}])


def to_my_turn(snap: dict) -> dict:
    while not snap["terminal"] and snap["decision"]["players"][0] != 0:
        snap = call("bot_play", table=snap["table"], seat=1, viewer=0)
    return snap


def play_until(snap: dict, stop, limit: int = 200) -> dict:
    """Seat 0 lays the first offered placement (no Warden unless `stop` wants one) until stop(snap)."""
    for _ in range(limit):
        snap = to_my_turn(snap)
        if snap["terminal"] or stop(snap):
            return snap
        snap = call("play", table=snap["table"], seat=0, viewer=0, action=snap["legal"][0]["action"])
    raise AssertionError("the position never came")


def cells(snap: dict) -> dict[str, dict[int, list[str]]]:
    out: dict[str, dict[int, list[str]]] = {}
    for entry in snap["legal"]:
        m = LAY.match(entry["action"])
        if not m:
            continue
        _tile, x, y, r, region = m.groups()
        out.setdefault(f"{x},{y}", {}).setdefault(int(r), [])
        if region:
            out[f"{x},{y}"][int(r)].append(region)
    return out


@pytest.fixture
def board(page, site):
    page.route(site.url("__hm_harness.html"),
               lambda route: route.fulfill(status=200, content_type="text/html", body=HARNESS))
    page.goto(site.url("__hm_harness.html"))
    page.wait_for_function("window.__ready === true")

    def show(snap, viewer=0):
        page.evaluate("([s, v]) => window.__r.update(s, v)", [snap, viewer])
        page.wait_for_function("document.querySelector('.hm-root').dataset.hand !== undefined")
        page.wait_for_timeout(50)
    page.show = show
    return page


def attr(page, name: str) -> str:
    return page.get_attribute(".hm-root", f"data-{name}")


def test_cells_marked_are_exactly_the_legal_cells(board):
    snap = to_my_turn(new_game({}))
    board.show(snap)
    marked = {b.get_attribute("data-cell") for b in board.locator(".hm-root .vt-focus-item").all()}
    assert marked == set(cells(snap))
    assert attr(board, "hand") == snap["view"]["hand"]


def test_arrow_keys_walk_the_legal_cells_only(board):
    snap = to_my_turn(new_game({}))
    legal = set(cells(snap))
    board.show(snap)
    board.locator(".hm-root .vt-focus-item").first.focus()
    seen = {attr(board, "selected")}
    for key in ["ArrowRight"] * len(legal) + ["ArrowDown", "ArrowUp", "ArrowLeft"]:
        board.keyboard.press(key)
        seen.add(attr(board, "selected"))
        assert board.evaluate("document.activeElement.dataset.cell") == attr(board, "selected")
    assert seen == legal
    board.keyboard.press("Escape")
    assert attr(board, "selected") == ""
    assert board.evaluate("window.__intents") == []


def test_rotation_offers_only_the_turns_that_fit_the_focused_cell(board):
    # A cell where some but not all turns fit.
    snap = play_until(new_game({}), lambda s: any(0 < len(rs) < 4 for rs in cells(s).values()))
    legal = cells(snap)
    cell, rs = next((c, rs) for c, rs in legal.items() if 0 < len(rs) < 4)
    board.show(snap)
    board.locator(f'.vt-focus-item[data-cell="{cell}"]').focus()
    assert attr(board, "selected") == cell
    seen = [int(attr(board, "r"))]
    for _ in range(6):
        board.keyboard.press("r")
        seen.append(int(attr(board, "r")))
    assert set(seen) == set(rs), (cell, rs, seen)
    back = []
    for _ in range(4):
        board.keyboard.press("Shift+R")
        back.append(int(attr(board, "r")))
    assert set(back) <= set(rs)
    # The turn buttons and a tap on the tile in hand step through the same turns.
    board.click('[data-act="rotr"]')
    board.click(".hm-hand-tile")
    assert int(attr(board, "r")) in rs


def test_enter_lays_and_the_warden_is_chosen_by_number_key(board):
    snap = play_until(new_game({}), lambda s: any(any(regs for regs in rs.values()) for rs in cells(s).values()))
    legal = cells(snap)
    cell, r, regions = next((c, r, regs) for c, rs in legal.items() for r, regs in rs.items() if regs)
    tile = snap["view"]["hand"]
    board.show(snap)
    board.locator(f'.vt-focus-item[data-cell="{cell}"]').focus()
    while int(attr(board, "r")) != r:
        board.keyboard.press("r")
    board.keyboard.press("Enter")
    assert attr(board, "stage") == "warden"
    offered = [b.get_attribute("data-region") for b in board.locator(".hm-wardens button[data-region]").all()]
    assert offered == regions + ["-"]
    board.keyboard.press("Escape")
    assert attr(board, "stage") == "place"
    board.keyboard.press("Enter")
    board.keyboard.press("1")
    assert board.evaluate("window.__intents") == [f"{tile}@{cell}r{r}+{regions[0]}"]
    # Key 0: no Warden.
    board.show(snap)
    board.evaluate("document.activeElement && document.activeElement.blur()")
    board.locator(f'.vt-focus-item[data-cell="{cell}"]').focus()
    while int(attr(board, "r")) != r:
        board.keyboard.press("r")
    board.keyboard.press("Enter")
    board.keyboard.press("0")
    assert board.evaluate("window.__intents")[-1] == f"{tile}@{cell}r{r}-"
    assert all(a in {e["action"] for e in snap["legal"]} for a in board.evaluate("window.__intents"))


def test_hover_previews_a_cell_and_a_click_lays_there(board):
    snap = to_my_turn(new_game({}))
    board.show(snap)
    item = board.locator(".hm-root .vt-focus-item").first
    cell = item.get_attribute("data-cell")
    box = item.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    board.mouse.move(x, y)
    board.mouse.move(x + 1, y + 1)
    assert attr(board, "selected") == cell
    assert board.evaluate("window.__intents") == []
    board.mouse.click(x, y)
    tile = snap["view"]["hand"]
    r = attr(board, "r")
    if attr(board, "stage") == "warden":
        board.click('.hm-wardens button[data-region="-"]')
    assert board.evaluate("window.__intents") == [f"{tile}@{cell}r{r}-"]


def test_hidden_next_tile_is_not_in_the_page(board):
    open_snap = to_my_turn(new_game({}))
    board.show(open_snap)
    assert board.locator(".hm-next").count() == 1
    assert board.get_attribute(".hm-next", "data-tile") == open_snap["view"]["next"]
    hidden = to_my_turn(new_game({"hide_next": True}))
    assert "next" not in hidden["view"]
    board.show(hidden)
    assert board.locator(".hm-next").count() == 0
    assert "data-tile" not in board.inner_html(".hm-root")
    assert "Next tile" not in board.inner_text(".hm-root")


def test_mist_veil_is_a_button_only_while_legal(board):
    snap = to_my_turn(new_game({"mist_veil": True}))
    assert "veil" in {e["action"] for e in snap["legal"]}
    board.show(snap)
    board.click('[data-act="veil"]')
    assert board.evaluate("window.__intents") == ["veil"]
    board.show(to_my_turn(new_game({})))
    assert board.locator('[data-act="veil"]').count() == 0


def test_spectator_sees_the_valley_read_only(board):
    snap = to_my_turn(new_game({}))
    spectator = call("snapshot", table=snap["table"], viewer=None)
    board.show(spectator, None)
    assert board.locator(".hm-root .vt-focus-item").count() == 0
    assert board.is_disabled(".hm-hand-tile")
    board.keyboard.press("r")
    board.keyboard.press("Enter")
    assert board.evaluate("window.__intents") == []
    assert attr(board, "interactive") == "0"


def test_score_events_are_explained_and_their_tiles_light_up(board):
    start = new_game({"meadows": True}, seed="77" * 32)
    # Seat 0 posts a Warden whenever it can, so that something of theirs scores.
    snap = start
    before = None
    for _ in range(120):
        snap = to_my_turn(snap)
        if snap["terminal"]:
            break
        if any(e.get("kind") == "score" and e.get("scorers") for e in snap["events"]):
            break
        before = snap
        actions = [e["action"] for e in snap["legal"]]
        pick = next((a for a in actions if "+" in a and not a.endswith("+m1")), actions[0])
        snap = call("play", table=snap["table"], seat=0, viewer=0, action=pick)
    scored = [e for e in snap["events"] if e.get("kind") == "score" and e.get("scorers")]
    assert scored, "nothing scored in 120 turns"
    board.show(before)
    board.show(snap)
    item = board.locator(f'.hm-scores li[data-event="{snap["events"].index(scored[0])}"]')
    text = item.inner_text()
    assert f"+{scored[0]['points']}" in text and "=" in text
    said = " ".join(board.evaluate("window.__said"))
    assert f"+{scored[0]['points']}" in said


def test_strings_switch_to_portuguese(board):
    snap = to_my_turn(new_game({"mist_veil": True}))
    board.show(snap)
    board.evaluate("""async () => {
      const i18n = await import('/web/app/i18n.js');
      i18n.setLang('pt');
      window.__r.setLang('pt');
    }""")
    assert board.text_content(".hm-hand h3") == "Peça na mão"
    assert board.inner_text('[data-act="veil"]') == "Véu da Névoa"
    board.evaluate("async () => { (await import('/web/app/i18n.js')).setLang('en'); window.__r.setLang('en'); }")
