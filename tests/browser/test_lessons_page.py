"""Lessons on the How to play pages (#/howto/<game>?lesson=<id>), played through the page by the
real engine: for every game, in English at desktop size and in Portuguese on a phone, a move that
misses the goal shows the step's hint and the position comes back, and the solution shows the
lesson's explanation. The words on the page are compared with the game's own lessons.json; the
moves played are found by the CPython engine (each legal move tried on the same lesson).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from py_engine.core import lessons as lessons_core
from py_engine.registry import get_game
from tests.browser.vt_page import one_device

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}

#: One lesson per game whose first step can be missed by a legal move (the Elderwood one is
#: played on the board itself; the others from "All my moves").
PLAYED = {"hollowmere": "burgh", "milehollow": "grey-road", "elderwood": "hare-leap", "wickerfair": "secret-dial"}


@pytest.fixture
def device(browser, request):
    """A page at one of SIZES; the phone is a touch screen. Page errors fail the test."""
    name = request.param
    w, h = SIZES[name]
    touch = name == "phone"
    with one_device(browser, w, h, touch=touch, service_workers="block", timeout=120_000) as pg:
        pg.touch = touch
        pg.device = name
        yield pg


def lesson_of(game: str, lid: str) -> lessons_core.Lesson:
    return next(x for x in lessons_core.load(get_game(game)) if x.id == lid)


def solve(game: str, lid: str) -> tuple[list[str], str | None]:
    """(the actions that meet every step, a legal first move that misses the first step)."""
    g = get_game(game)
    lesson = lesson_of(game, lid)
    attempt = lessons_core.Attempt(g, lesson)
    solution, miss = [], None
    while not attempt.done:
        for action in attempt.state.legal_actions(lesson.learner):
            out = attempt.play(action)          # a miss is taken back by the engine itself
            if out["met"]:
                solution.append(action)
                break
            if miss is None and not solution:
                miss = action
        else:
            raise AssertionError(f"{game}/{lid}: no legal move meets step {attempt.step + 1}")
    return solution, miss


def norm(text: str) -> str:
    return " ".join(text.split())


def open_lesson(page, site, game, lid, lang):
    page.add_init_script(f"localStorage.setItem('vt.lang', '{lang}')")
    page.goto(site.url(f"index.html#/howto/{game}?lesson={lid}"))
    page.wait_for_selector(f".ls[data-lesson='{lid}'][data-state=playing]")


def wait_state(page, *states, timeout=30_000):
    page.wait_for_function(
        """(states) => { const el = document.querySelector('.ls');
                        return el && states.includes(el.dataset.state) && !el.hasAttribute('aria-busy'); }""",
        arg=list(states), timeout=timeout)
    return page.get_attribute(".ls", "data-state")


def play_from_list(page, action):
    """Choose a move in "All my moves" (opened first on a phone, where it starts closed)."""
    if page.get_attribute(".ls-moves", "open") is None:
        page.click(".ls-moves summary")
    button = page.locator(f".ls-moves button.move[data-action={json.dumps(action)}]")
    button.scroll_into_view_if_needed()
    if getattr(page, "touch", False):
        button.tap()
    else:
        button.click()


def press_point(page, p):
    if page.touch:
        page.touchscreen.tap(p["x"], p["y"])
    else:
        page.mouse.click(p["x"], p["y"])


def play_on_elderwood_board(page, action):
    """Lift the tile (or the pile) the move starts from, then set it down on the ring that plays `action`."""
    lesson_state = lessons_core.Attempt(get_game("elderwood"), lesson_of("elderwood", PLAYED["elderwood"])).state
    move = next(m for m in lesson_state.view(0)["moves"] if m["action"] == action)
    root = ".ls .ew-root"
    page.locator(root).scroll_into_view_if_needed()
    if move["from"] is None:      # a tile from the supply: its pile
        letter = move["piece"][1]
        press_point(page, page.evaluate(f"document.querySelector('{root}').__renderer.pilePoint('{letter}')"))
        source = f"p:{letter}"
    else:
        q, r = move["from"]
        press_point(page, page.evaluate(f"document.querySelector('{root}').__renderer.pointFor({q}, {r})"))
        source = f"t:{q},{r}"
    page.wait_for_function(f"document.querySelector('{root}').dataset.lifted === '{source}'", timeout=5000)
    ring = next(x for x in page.evaluate(f"document.querySelector('{root}').__renderer.rings()") if x["action"] == action)
    press_point(page, page.evaluate(f"document.querySelector('{root}').__renderer.pointFor({ring['q']}, {ring['r']})"))


CASES = [(game, "en", "desktop") for game in PLAYED] + [(game, "pt", "phone") for game in PLAYED]


@pytest.mark.parametrize("game,lang,device", CASES, indirect=["device"],
                         ids=[f"{g}-{lang}-{d}" for g, lang, d in CASES])
def test_a_lesson_played_through_the_page(device, site, game, lang):
    """The intro in words, the position on the game's own board, a miss shown with the step's hint
    and taken back, then the goal met by the engine's verdict and the explanation shown."""
    page = device
    lid = PLAYED[game]
    lesson = lesson_of(game, lid)
    solution, miss = solve(game, lid)
    assert miss is not None
    open_lesson(page, site, game, lid, lang)

    # The lesson's own words, in the page language; the board is the game's renderer.
    assert norm(page.inner_text(".ls-title")) == norm(lesson.title[lang])
    assert norm(page.inner_text(".ls-intro")) == norm(lesson.intro[lang])
    assert page.locator(".ls-board canvas").count() >= 1
    if page.device == "phone":
        # On a phone the lesson starts at the top of the screen, its board on the first screen.
        assert page.locator(".ls-board").bounding_box()["y"] < 844
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    before = page.locator(".ls-moves button.move").count()

    # A miss: the hint, and the same position (the same list of moves) back.
    if game == "elderwood":
        play_on_elderwood_board(page, miss)
    else:
        play_from_list(page, miss)
    assert wait_state(page, "missed") == "missed"
    note = norm(page.inner_text(".ls-feedback.ls-miss"))
    assert norm(lesson.steps[0].hint[lang]) in note
    assert note.startswith("Not quite" if lang == "en" else "Ainda não")
    assert page.locator(".ls-moves button.move").count() == before
    page.screenshot(path=str(SCREENS / f"lessons-{game}-{page.device}-miss.png"), scale="css")

    for k, action in enumerate(solution):
        if game == "elderwood":
            play_on_elderwood_board(page, action)
        else:
            play_from_list(page, action)
        state = wait_state(page, "step", "done")
        if k < len(solution) - 1:
            assert state == "step"
            assert f"{k + 2}" in page.inner_text(".ls-counter")
        else:
            assert state == "done"
    note = norm(page.inner_text(".ls-feedback.ls-done"))
    assert norm(lesson.success[lang]) in note
    # Done: no more moves to choose; the next lesson and Try again are offered.
    assert page.locator(".ls-moves button.move").count() == 0
    lessons = lessons_core.load(get_game(game))
    following = lessons[[x.id for x in lessons].index(lid) + 1]
    assert norm(following.title[lang]) in norm(page.inner_text("[data-act=next]"))
    assert page.locator("[data-act=again]").count() == 1
    page.screenshot(path=str(SCREENS / f"lessons-{game}-{page.device}-done.png"), scale="css")


@pytest.mark.parametrize("device", ["desktop"], indirect=True)
def test_every_lesson_is_listed_and_opens_in_place(device, site):
    """Every game's How to play page lists every lesson the game ships; one opens in place (the
    address names it), Next lesson goes on, Back in the browser closes it, and a finished lesson is
    marked in the list."""
    page = device
    for game in PLAYED:
        lessons = lessons_core.load(get_game(game))
        page.goto(site.url(f"index.html#/howto/{game}"))
        page.wait_for_selector(f".pg-howto[data-game={game}] .ls-pick")
        titles = [norm(t) for t in page.locator(".ls-pick .ls-pick-title").all_inner_texts()]
        assert titles == [norm(x.title["en"]) for x in lessons]
    # Open one in place from the list: the rules are still on the page, under it.
    page.click(f".ls-pick[data-pick='{lessons[0].id}']")
    wait_state(page, "playing")
    assert page.evaluate("location.hash") == f"#/howto/wickerfair?lesson={lessons[0].id}"
    assert page.locator(".pg-rules h2").count() > 3
    assert page.evaluate("document.activeElement.classList.contains('ls-title')")
    # Try again starts the same lesson afresh; All lessons goes back to the list.
    solution, _ = solve("wickerfair", lessons[0].id)
    play_from_list(page, solution[0])
    assert wait_state(page, "step") == "step"
    page.click("[data-act=again]")
    wait_state(page, "playing")
    assert "1" in page.inner_text(".ls-counter").split("·")[-1]
    page.go_back()
    page.wait_for_selector(".ls-pick")
    assert page.evaluate("location.hash") == "#/howto/wickerfair"

    # A whole lesson by keyboard from the list, then Next lesson.
    page.goto(site.url("index.html#/howto/milehollow?lesson=ox-draw"))
    wait_state(page, "playing")
    solution, _ = solve("milehollow", "ox-draw")
    for k, action in enumerate(solution):
        page.focus(f".ls-moves button.move[data-action='{action}']")
        page.keyboard.press("Enter")
        wait_state(page, "step" if k < len(solution) - 1 else "done")
    assert page.evaluate("document.activeElement.dataset.act") == "next"
    page.keyboard.press("Enter")
    page.wait_for_selector(".ls[data-lesson='grey-road'][data-state=playing]")
    assert page.evaluate("location.hash") == "#/howto/milehollow?lesson=grey-road"
    page.click("[data-act=close]")
    page.wait_for_selector(".ls-pick[data-pick='ox-draw'][data-done='1']")


@pytest.mark.parametrize("device", ["phone", "desktop"], indirect=True)
def test_rules_pictures_are_drawn_by_the_games_renderer(device, site):
    """Each rule marked for a picture gets its lesson's position drawn read-only by the game's own
    renderer, beside the seed's words (which stay as they are), with Try it opening the lesson."""
    page = device
    for game in PLAYED:
        ids = {x.id for x in lessons_core.load(get_game(game))}
        page.goto(site.url(f"index.html#/howto/{game}"))    # (only the fragment changes: the same document)
        page.wait_for_selector(f".pg-howto[data-game={game}] .pg-rules:not([aria-busy]) figure.ls-pic:not([hidden])")
        figures = page.locator("figure.ls-pic")
        n = figures.count()
        assert n >= 4
        for i in range(n):
            fig = figures.nth(i)
            assert fig.get_attribute("data-lesson") in ids
            fig.scroll_into_view_if_needed()
            page.wait_for_function("(el) => el.dataset.drawn === '1'", arg=fig.element_handle(), timeout=30_000)
            assert fig.locator("canvas").count() >= 1
            # Read-only: the picture takes no taps, and offers the lesson instead.
            assert fig.locator(".ls-pic-board").evaluate("el => getComputedStyle(el).pointerEvents") == "none"
        assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[page.device][0]
        if game == "elderwood":
            page.locator("figure.ls-pic[data-lesson='gate']").scroll_into_view_if_needed()
            page.screenshot(path=str(SCREENS / f"lessons-pictures-{page.device}.png"), scale="css")
    page.locator("figure.ls-pic [data-try-lesson]").first.click()
    wait_state(page, "playing")
    assert "?lesson=" in page.evaluate("location.hash")


def test_a_lesson_switches_language_in_place(page, site):
    """The header's language switch redraws the lesson in the other language without losing it
    (same lesson, same step, the verdict's words too)."""
    lesson = lesson_of("milehollow", "ox-draw")
    page.goto(site.url("index.html#/howto/milehollow?lesson=ox-draw"))
    wait_state(page, "playing")
    page.click(".ls-moves button.move[data-action='row:1']")
    wait_state(page, "missed")
    page.click(".lang-switch button[data-lang=pt]")
    page.wait_for_function("document.querySelector('.ls-title').textContent === %s" % json.dumps(lesson.title["pt"]))
    assert norm(lesson.intro["pt"]) == norm(page.inner_text(".ls-intro"))
    assert norm(lesson.steps[0].hint["pt"]) in norm(page.inner_text(".ls-feedback"))
    assert page.get_attribute(".ls", "data-state") == "missed"
    assert "Todas as minhas jogadas" in page.inner_text(".ls-moves summary")
    page.click(".lang-switch button[data-lang=en]")


def test_lessons_work_offline_after_one_visit(page, live_site, context):
    """The site is precached by its service worker: with the server gone, a How to play page
    still lists its lessons and one plays to the end."""
    page.goto(live_site.url("index.html#/howto/hollowmere"))
    page.wait_for_selector(".ls-pick")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=180_000)
    page.wait_for_function("""async () => { const { offlineStatus } = await import('/web/engine.js');
                                            const s = await offlineStatus(); return s && s.complete; }""",
                           timeout=180_000)
    live_site.stop()
    try:
        served = len(live_site.requests)
        page.goto(live_site.url("index.html#/howto/hollowmere?lesson=fit"))
        wait_state(page, "playing")
        solution, _ = solve("hollowmere", "fit")
        for action in solution:
            play_from_list(page, action)
        assert wait_state(page, "done") == "done"
        assert norm(lesson_of("hollowmere", "fit").success["en"]) in norm(page.inner_text(".ls-feedback"))
        assert len(live_site.requests) == served
    finally:
        live_site.start()
    assert context.blocked == []
