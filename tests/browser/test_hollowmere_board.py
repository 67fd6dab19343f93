"""The Hollowmere board (web/games/hollowmere/renderer.js) fed real engine snapshots.

The snapshots and the tile set come from the Python bridge (the same code Pyodide runs), so
these tests need no Pyodide start-up: a small page at the test site imports the renderer, hands
it the engine's static data (game_data), and each test checks what the board offers against the
snapshot's legal actions and what it sends back. Laying is two steps for every hand: a preview
(placed, turned, moved, a Warden picked) sends nothing; only "Lay tile" / Enter does.
Phone-size tests (touch, 390×844 and 360×640) are in test_hollowmere_phone.py; whole games
through the real app in test_hollowmere_game.py.
"""
from __future__ import annotations

import re

import pytest

from py_engine import bridge
from tests.browser.vt_page import keys_are_listed

LAY = re.compile(r"^([A-Z][A-Z0-9]*)@(\d+),(\d+)r([0-3])(?:\+([a-z][a-z0-9]*)|-)$")

HARNESS = """<!doctype html><html lang=en><head><meta charset=utf-8>
<meta name=viewport content="width=device-width,initial-scale=1">
<style>body{margin:0;padding:8px;background:#efe9dc}</style></head>
<body><div id=host></div><script type=module>
import { createRenderer } from '/web/games/hollowmere/renderer.js';
window.__intents = []; window.__said = [];
window.__start = (data) => {
  window.__r = createRenderer(document.getElementById('host'),
    {onIntent: (a) => window.__intents.push(a), announce: (t) => window.__said.push(t), lang: 'en', gameData: data});
  return true;
};
window.__ready = true;
</script></body></html>"""

ROOT = ".hm-root"


def call(cmd: str, **args):
    r = bridge.call({"cmd": cmd, **args})
    assert r["ok"], r
    return r["result"]


def new_game(options: dict, seed: str = "5e" * 32, names=("Ana", "Bo")) -> dict:
    return call("new_table", game="hollowmere", options=options, seed=seed, viewer=0,
                seats=[{"name": names[0]}, {"name": names[1], "bot": True, "level": "easy"}])


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


def with_warden(snap: dict) -> bool:
    return any(any(regs for regs in rs.values()) for rs in cells(snap).values())


def warden_choice(snap: dict) -> tuple[str, int, list[str]]:
    """The first legal cell and turn of the tile in hand that offer Warden spots, and those spots."""
    return next((c, r, regs) for c, rs in cells(snap).items() for r, regs in rs.items() if regs)


def shown_with_a_warden(page) -> tuple[dict, str, str, int, list[str]]:
    """A position where the tile in hand can take a Warden, shown on ``page``: its snapshot, the tile, and
    the first cell and turn that offer Warden spots, with those spots."""
    snap = play_until(new_game({}), with_warden)
    cell, r, regions = warden_choice(snap)
    page.show(snap)
    return snap, snap["view"]["hand"], cell, r, regions


def open_harness(page, site):
    page.route(site.url("__hm_harness.html"),
               lambda route: route.fulfill(status=200, content_type="text/html", body=HARNESS))
    page.goto(site.url("__hm_harness.html"))
    page.wait_for_function("window.__ready === true")
    page.evaluate("(d) => window.__start(d)", call("game_data", game="hollowmere"))

    def show(snap, viewer=0):
        page.evaluate("([s, v]) => window.__r.update(s, v)", [snap, viewer])
        page.wait_for_function("document.querySelector('.hm-root').dataset.hand !== undefined")
        page.wait_for_timeout(60)
    page.show = show
    return page


@pytest.fixture
def board(page, site):
    return open_harness(page, site)


def attr(page, name: str) -> str:
    return page.get_attribute(ROOT, f"data-{name}")


def intents(page) -> list[str]:
    return page.evaluate("window.__intents")


def cell_point(page, cell: str) -> tuple[float, float]:
    x, y = map(int, cell.split(","))
    p = page.evaluate("([x, y]) => document.querySelector('.hm-root').__hm.cellPoint(x, y)", [x, y])
    return p["x"], p["y"]


def focus_cell(page, cell: str):
    page.locator(f'.vt-focus-item[data-cell="{cell}"]').focus()


def turn_until(page, r: int, turn=None):
    """Turn the tile placed (``turn()``; R unless told) until it shows turn ``r``."""
    while int(attr(page, "r")) != r:
        turn() if turn else page.keyboard.press("r")


def place_turned(page, cell: str, r: int):
    """The tile placed on ``cell`` by the keys and turned to ``r``."""
    focus_cell(page, cell)
    turn_until(page, r)


# --- what is offered --------------------------------------------------------------------------

def test_cells_marked_are_exactly_the_legal_cells(board):
    snap = to_my_turn(new_game({}))
    board.show(snap)
    marked = {b.get_attribute("data-cell") for b in board.locator(".hm-root .vt-focus-item").all()}
    assert marked == set(cells(snap))
    assert attr(board, "hand") == snap["view"]["hand"]


def test_the_tile_set_and_its_names_come_from_the_engine_not_a_web_copy(board, page_errors):
    """The renderer draws from game_data; no tiles.json is published beside it."""
    page_errors.allow(r"404 .*hollowmere/tiles\.json")
    assert board.evaluate("fetch('/web/games/hollowmere/tiles.json').then((r) => r.status)") == 404
    snap = to_my_turn(new_game({}))
    board.show(snap)
    data = call("game_data", game="hollowmere")
    en = next(t["name"] for t in data["tiles"] if t["id"] == snap["view"]["hand"])
    assert board.text_content(".hm-hand-name").startswith(en)
    board.evaluate("async () => { (await import('/web/lib/i18n.js')).setLang('pt'); window.__r.setLang('pt'); }")
    assert board.text_content(".hm-hand-name").startswith(data["names"]["pt"][snap["view"]["hand"]])
    board.evaluate("async () => { (await import('/web/lib/i18n.js')).setLang('en'); window.__r.setLang('en'); }")


# --- keys ------------------------------------------------------------------------------------

def test_arrow_keys_walk_the_legal_cells_only_and_send_nothing(board):
    snap = to_my_turn(new_game({}))
    legal = set(cells(snap))
    board.show(snap)
    focus_cell(board, sorted(legal)[0])
    seen = {attr(board, "selected")}
    for key in ["ArrowRight"] * len(legal) + ["ArrowDown", "ArrowUp", "ArrowLeft"]:
        board.keyboard.press(key)
        seen.add(attr(board, "selected"))
        assert board.evaluate("document.activeElement.dataset.cell") == attr(board, "selected")
        assert attr(board, "stage") == "preview"
    assert seen == legal
    board.keyboard.press("Escape")
    assert attr(board, "selected") == "" and attr(board, "stage") == "pick"
    assert intents(board) == []


def test_rotation_offers_only_the_turns_that_fit_the_cell(board):
    # A cell where some but not all turns fit.
    snap = play_until(new_game({}), lambda s: any(0 < len(rs) < 4 for rs in cells(s).values()))
    legal = cells(snap)
    cell, rs = next((c, rs) for c, rs in legal.items() if 0 < len(rs) < 4)
    board.show(snap)
    focus_cell(board, cell)
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
    # The turn buttons and a press on the tile in hand step through the same turns.
    board.click('[data-act="rotr"]')
    board.click(".hm-hand-tile")
    assert int(attr(board, "r")) in rs
    assert intents(board) == []


def test_keys_place_turn_pick_a_warden_and_only_enter_lays(board):
    snap, tile, cell, r, regions = shown_with_a_warden(board)
    legal = cells(snap)
    place_turned(board, cell, r)
    assert attr(board, "stage") == "preview" and attr(board, "warden") == "-"
    offered = [b.get_attribute("data-region") for b in board.locator(".hm-wardens button[data-region]").all()]
    assert offered == regions + ["-"]
    board.keyboard.press("1")
    assert attr(board, "warden") == regions[0]
    assert board.get_attribute(f'.hm-wardens button[data-region="{regions[0]}"]', "aria-pressed") == "true"
    board.keyboard.press("0")
    assert attr(board, "warden") == "-"
    board.keyboard.press("1")
    assert intents(board) == []                      # nothing before the confirmation
    board.keyboard.press("Escape")                   # back: the preview is lifted
    assert attr(board, "stage") == "pick" and intents(board) == []
    focus_cell(board, sorted(set(legal) - {cell})[0] if len(legal) > 1 else cell)
    place_turned(board, cell, r)
    board.keyboard.press("1")
    board.keyboard.press("Enter")
    assert intents(board) == [f"{tile}@{cell}r{r}+{regions[0]}"]
    assert attr(board, "interactive") == "0"          # waiting for the engine: nothing more is sent
    board.keyboard.press("Enter")
    assert len(intents(board)) == 1
    # No Warden: Enter right after placing keeps the cell and asks for the Warden (it lays
    # nothing); the next Enter lays the tile as shown, with no Warden.
    board.evaluate("window.__intents = []")
    board.show(to_my_turn(new_game({})))
    board.show(snap)
    place_turned(board, cell, r)
    board.keyboard.press("Enter")
    assert intents(board) == [] and attr(board, "decided") == "1" and attr(board, "warden") == "-"
    assert "Which Warden" in board.evaluate("window.__said[window.__said.length - 1]")
    board.keyboard.press("Enter")
    assert intents(board) == [f"{tile}@{cell}r{r}-"]
    assert all(a in {e["action"] for e in snap["legal"]} for a in intents(board))


def test_space_steps_through_the_wardens_and_enter_lays_what_is_shown(board):
    _, tile, cell, r, regions = shown_with_a_warden(board)
    place_turned(board, cell, r)
    seen = [attr(board, "warden")]
    for _ in range(len(regions) + 1):
        board.keyboard.press(" ")
        seen.append(attr(board, "warden"))
    assert seen == ["-", *regions, "-"]            # none, each spot, none again: a full round
    assert intents(board) == []
    board.keyboard.press(" ")
    assert attr(board, "warden") == regions[0]
    board.keyboard.press("Enter")                  # a Warden was picked: Enter lays at once, as shown
    assert intents(board) == [f"{tile}@{cell}r{r}+{regions[0]}"]


def test_the_focus_stays_on_the_board_after_a_move(board):
    snap = to_my_turn(new_game({}))
    board.show(snap)
    first = sorted(cells(snap))[0]
    focus_cell(board, first)
    board.keyboard.press("Enter")
    if not intents(board):
        board.keyboard.press("Enter")
    action = intents(board)[-1]
    inside = "document.querySelector('.hm-root').contains(document.activeElement)"
    assert board.evaluate(inside), "the focus left the board when the move was sent"
    snap = call("play", table=snap["table"], seat=0, viewer=0, action=action)
    board.show(snap)                               # the bot's turn: the valley keeps the focus
    assert board.evaluate(inside)
    board.show(to_my_turn(snap))                   # my turn again: still on the board, no Tab needed
    assert board.evaluate(inside)
    board.keyboard.press("ArrowRight")
    assert attr(board, "stage") == "preview"
    assert board.evaluate("document.activeElement.dataset.cell") == attr(board, "selected")


def test_question_mark_lists_the_keys_in_words(board):
    snap = to_my_turn(new_game({}))
    board.show(snap)
    focus_cell(board, sorted(cells(snap))[0])
    box = keys_are_listed(board, ".hm-root", ("Enter", "Space", "Arrow keys", "Escape", "Warden"))
    assert board.evaluate("document.querySelector('.hm-root').contains(document.activeElement)")
    board.evaluate("async () => { (await import('/web/lib/i18n.js')).setLang('pt'); window.__r.setLang('pt'); }")
    board.keyboard.press("?")
    assert "Espaço" in box.inner_text() and "Setas" in box.inner_text()
    board.keyboard.press("?")
    board.evaluate("async () => { (await import('/web/lib/i18n.js')).setLang('en'); window.__r.setLang('en'); }")


def test_a_legend_says_what_the_two_marks_of_a_cell_mean(board):
    snap = to_my_turn(new_game({}))
    board.show(snap)
    legend = board.locator(".hm-root .hm-legend")
    assert legend.is_visible()
    assert "turned now" in legend.inner_text() and "another turn" in legend.inner_text()


# --- the mouse -------------------------------------------------------------------------------

def test_hover_only_points_a_click_places_and_lay_tile_confirms(board):
    _, tile, cell, r, regions = shown_with_a_warden(board)
    r0 = attr(board, "r")
    x, y = cell_point(board, cell)
    board.mouse.move(x, y)
    board.mouse.move(x + 1, y + 1)
    # Hovering neither turns nor places the tile.
    assert attr(board, "selected") == "" and attr(board, "r") == r0 and intents(board) == []
    assert "hm-pointing" in board.get_attribute(".hm-board", "class")
    board.mouse.click(x, y)
    assert attr(board, "selected") == cell and attr(board, "stage") == "preview"
    assert attr(board, "input") == "mouse"
    assert "Click the tile" in board.text_content(".hm-hint")
    assert intents(board) == []
    # A click on the placed tile (away from its Warden spots) turns it.
    for _ in range(8):
        if int(attr(board, "r")) == r:
            break
        cx, cy = cell_point(board, cell)
        scale = board.evaluate("document.querySelector('.hm-root').__hm.viewport.scale")
        board.mouse.click(cx - scale * 0.42, cy - scale * 0.42)
    assert int(attr(board, "r")) == r and intents(board) == []
    # A click on a Warden spot picks it; a second click on it takes it off again.
    p = board.evaluate("(reg) => document.querySelector('.hm-root').__hm.spotPoint(reg)", regions[0])
    board.mouse.click(p["x"], p["y"])
    assert attr(board, "warden") == regions[0]
    board.mouse.click(p["x"], p["y"])
    assert attr(board, "warden") == "-"
    board.mouse.click(p["x"], p["y"])
    assert intents(board) == []
    # Take back, place again: the Warden and the turn are kept where they still fit.
    board.click('[data-act="cancel"]')
    assert attr(board, "stage") == "pick" and intents(board) == []
    board.mouse.click(*cell_point(board, cell))
    assert attr(board, "stage") == "preview"
    turn_until(board, r, lambda: board.click('[data-act="rotr"]'))
    board.click(f'.hm-wardens button[data-region="{regions[0]}"]')
    board.click('[data-act="lay"]')
    assert intents(board) == [f"{tile}@{cell}r{r}+{regions[0]}"]


def test_hints_follow_the_hand_in_use(board):
    """Words for clicks after a click, for keys after a key press."""
    snap = to_my_turn(new_game({}))
    board.show(snap)
    cell = sorted(cells(snap))[0]
    board.mouse.click(*cell_point(board, cell))
    assert attr(board, "input") == "mouse"
    hint = board.text_content(".hm-hint")
    assert hint.startswith("Click") and "Enter" not in hint
    assert board.get_attribute('[data-act="rotr"]', "title") == "Turn clockwise (R)"
    board.keyboard.press("r")
    assert attr(board, "input") == "keyboard"
    hint = board.text_content(".hm-hint")
    assert "R turns" in hint and "Enter" in hint and "Click" not in hint


def test_mist_veil_is_two_steps_and_only_while_legal(board):
    snap = to_my_turn(new_game({"mist_veil": True}))
    assert "veil" in {e["action"] for e in snap["legal"]}
    board.show(snap)
    board.click('[data-act="veil"]')
    assert intents(board) == [] and attr(board, "veil") == "armed"
    board.click('[data-act="cancel"]')
    assert attr(board, "veil") == ""
    board.click('[data-act="veil"]')
    board.click('[data-act="veil"]')
    assert intents(board) == ["veil"]
    board.show(to_my_turn(new_game({})))
    assert board.locator('[data-act="veil"]').count() == 0


# --- what everyone sees ----------------------------------------------------------------------

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


def test_spectator_sees_the_valley_read_only(board):
    snap = to_my_turn(new_game({}))
    spectator = call("snapshot", table=snap["table"], viewer=None)
    board.show(spectator, None)
    assert board.locator(".hm-root .vt-focus-item").count() == 0
    assert board.is_disabled(".hm-hand-tile")
    board.keyboard.press("r")
    board.keyboard.press("Enter")
    assert intents(board) == []
    assert attr(board, "interactive") == "0"


def test_long_seat_names_are_shown_whole(board):
    long = "Maria Eduarda dos Santos Figueiredo"
    snap = to_my_turn(new_game({}, names=(long, "Bartholomew the Bot")))
    board.show(snap)
    name = board.locator('.hm-players li[data-seat="0"] .hm-pname')
    assert long in name.text_content() and name.get_attribute("title") == long
    assert board.evaluate("(e) => e.scrollWidth <= e.clientWidth + 1", name.element_handle())


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
      const i18n = await import('/web/lib/i18n.js');
      i18n.setLang('pt');
      window.__r.setLang('pt');
    }""")
    assert board.text_content(".hm-hand h3") == "Peça na mão"
    assert board.inner_text('[data-act="veil"]') == "Véu da Névoa"
    assert board.inner_text('[data-act="lay"]') == "Colocar peça"
    board.evaluate("async () => { (await import('/web/lib/i18n.js')).setLang('en'); window.__r.setLang('en'); }")
