"""Offline: after one visit the service worker holds the whole build, so the real site
(index.html) plays and verifies with the server gone; a new build replaces the cache;
the PyScript docs page runs with every non-local request blocked."""
from __future__ import annotations

import hashlib
import json
import shutil

import build_site
from py_engine import bridge

REGISTER = """async () => {
    // What web/app/main.js does once the engine is ready; the bare test page does it by hand.
    const { registerServiceWorker } = await import("/web/engine.js");
    const reg = await registerServiceWorker();
    return !!reg;
}"""

PAGE_REGISTERED = """async () => {
    for (let i = 0; i < 600; i++) {
        if (await navigator.serviceWorker.getRegistration()) return true;
        await new Promise((r) => setTimeout(r, 100));
    }
    return false;
}"""

STATUS = """async () => {
    const { offlineStatus } = await import("/web/engine.js");
    return await offlineStatus();
}"""


def _finished_record(game: str = "elderwood") -> dict:
    def call(**r):
        a = json.loads(bridge.handle(json.dumps(r)))
        assert a["ok"], a
        return a["result"]
    snap = call(cmd="new_table", game=game, seed="7a" * 32,
                seats=[{"name": "Ana", "bot": True, "level": "easy"}, {"name": "Bruno", "bot": True, "level": "easy"}])
    while not snap["terminal"]:
        snap = call(cmd="bot_play", table=snap["table"])
    return call(cmd="record", table=snap["table"])


def _wait_offline_ready(page, register: bool = False) -> dict:
    problems = []
    page.on("console", lambda m: "offline cache" in m.text and problems.append(m.text))
    if register:
        assert page.evaluate(REGISTER), "service workers unavailable"
    else:
        assert page.evaluate(PAGE_REGISTERED), "the page never registered the service worker"
    try:
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=180_000)
    except Exception as e:
        raise AssertionError(f"the service worker never took control: {problems or e}") from None
    status = page.evaluate(STATUS)
    assert status and status["complete"], status
    return status


def _engine_ready(page) -> dict:
    page.wait_for_function("!!(window.__vt && window.__vt.ready)", timeout=60_000)
    return page.evaluate("window.__vt.ready")


def test_site_plays_and_verifies_offline_after_one_visit(page, live_site, context):
    page.goto(live_site.url("index.html"))
    info = _engine_ready(page)
    status = _wait_offline_ready(page)
    assert status["build"] == live_site.manifest["build"] == info["build"]
    lazy = live_site.manifest["lazy"]
    assert "pyodide/python_stdlib.zip" in lazy and "pyodide/pyodide.asm.wasm" in lazy
    assert not any(k.startswith("pyodide/pyodide-asm-") for k in lazy), "the worker's wasm is cached at install"
    assert status["expected"] == len(live_site.manifest["files"]) - len(lazy) + 1

    live_site.stop()
    try:
        served_before = len(live_site.requests)
        page.reload()
        page.wait_for_selector(".game-card", timeout=60_000)
        info = _engine_ready(page)
        assert info["build"] == live_site.manifest["build"]
        snap = page.evaluate("""() => window.__vt.engine.call("new_table",
            {game: "elderwood", seats: [{name: "Ana"}, {name: "Bot", bot: true, level: "easy"}]})""")
        assert snap["game"] == "elderwood" and snap["decision"] is not None
        mover = snap["decision"]["players"][0]
        snap = page.evaluate("(a) => window.__vt.engine.call('snapshot', a)", {"table": snap["table"], "viewer": mover})
        assert snap["legal"], "the seat to move must have legal moves"
        played = page.evaluate("(a) => window.__vt.engine.call('play', a)",
                               {"table": snap["table"], "seat": mover, "action": snap["legal"][0]["action"]})
        assert played["log"][0]["action"] == snap["legal"][0]["action"]

        record = _finished_record()
        report = page.evaluate("(r) => window.__vt.engine.call('verify', {record: r})", record)
        assert report["ok"], report
        forged = json.loads(json.dumps(record))
        forged["actions"][3] = forged["actions"][2]
        report = page.evaluate("(r) => window.__vt.engine.call('verify', {record: r})", forged)
        assert not report["ok"] and report["move"] == 4

        # Lazily imported page modules come from the cache too.
        page.evaluate("window.__vt.navigate('#/howto/elderwood')")
        page.wait_for_function("document.body.dataset.route === 'howto'")
        # Every page of the build is there: the embed page and the PyScript docs page too.
        other = context.new_page()
        for path in ("embed.html", "web/pyscript.html"):
            response = other.goto(live_site.url(path), wait_until="domcontentloaded")
            assert response.ok and response.from_service_worker, path
        other.close()
        assert len(live_site.requests) == served_before, "the server was gone; nothing can have been served"
    finally:
        live_site.start()
    assert context.blocked == []


def test_a_new_build_replaces_the_cache_and_reuses_unchanged_files(browser, tmp_path, make_site, site):
    # A private copy of the site, so changing it does not disturb the other tests.
    dist = tmp_path / "dist"
    shutil.copytree(site.dist, dist)
    site = make_site(dist)
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(site.url("__test__/engine.html"))
        page.evaluate("window.__engine.ready")
        first = _wait_offline_ready(page, register=True)

        # "Deploy" a new build: one file changes, so the manifest and sw.js change.
        engine_js = dist / "web" / "engine.js"
        engine_js.write_text(engine_js.read_text() + "\n// build two\n")
        manifest = build_site.write_precache(dist)
        build_site.write_service_worker(dist, manifest)
        assert manifest["build"] != first["build"]

        site.requests.clear()
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        # One visit, one version: the new build installs and waits; the page keeps the old one.
        assert page.evaluate("""async () => {
            for (let i = 0; i < 240; i++) {
                const r = await navigator.serviceWorker.getRegistration();
                if (r && r.waiting) return true;
                await new Promise((ok) => setTimeout(ok, 500));
            }
            return false;
        }"""), "the new build never finished installing"
        assert page.evaluate("(async () => (await import('/web/engine.js')).offlineStatus())()")["build"] == first["build"]
        # Until the person chooses to reload: the waiting build takes over. Wait for the change of
        # controller as the page does (applyUpdate): asking the old worker for its status meanwhile
        # keeps it busy, and Chromium activates the waiting worker only once the old one is idle.
        took_over = page.evaluate("""async () => {
            const r = await navigator.serviceWorker.getRegistration();
            const changed = new Promise((ok) => navigator.serviceWorker.addEventListener("controllerchange", () => ok(true), { once: true }));
            r.waiting.postMessage({ type: "vt-sw-skip-waiting" });
            return await Promise.race([changed, new Promise((ok) => setTimeout(() => ok(false), 120000))]);
        }""")
        assert took_over, "the waiting build never took control"
        status = page.evaluate("""async (build) => {
            const { offlineStatus } = await import("/web/engine.js");
            for (let i = 0; i < 120; i++) {
                const s = await offlineStatus();
                if (s && s.build === build && s.complete) return s;
                await new Promise((r) => setTimeout(r, 1000));
            }
            return null;
        }""", manifest["build"])
        assert status, "the new build's service worker never took over"
        names = page.evaluate("caches.keys()")
        assert names == [f"vt-{manifest['build']}"], names
        # Only what changed crossed the network again (plus the worker script and the manifest).
        assert "/web/engine.js" in site.requests
        assert not any("wasm" in r for r in site.requests), site.requests
        assert set(site.requests) <= {"/sw.js", "/web/engine.js", "/precache.json"}, site.requests
    finally:
        ctx.close()


def test_pyscript_page_runs_its_examples_without_the_network(page, live_site, context):
    page.goto(live_site.url("web/pyscript.html"))
    page.wait_for_selector("body[data-examples=ready]", timeout=240_000)
    outputs = page.eval_on_selector_all("section.example", "ss => ss.map(s => [s.id, s.dataset.state, "
                                        "s.querySelector('.output').textContent])")
    by_id = {i: (state, text) for i, state, text in outputs}
    assert all(state == "done" for state, _ in by_id.values()), by_id
    assert hashlib.sha256(b"00" * 32).hexdigest() in by_id["ex-fingerprint"][1]
    assert "legal first moves" in by_id["ex-elderwood"][1]
    assert "verified: True" in by_id["ex-verify"][1] and "edited:   False" in by_id["ex-verify"][1]
    assert context.blocked == []
    served = live_site.requests
    assert "/pyscript/core.js" in served and "/pyodide/pyodide.asm.wasm" in served
    assert any(p.startswith("/pyodide/micropip-") for p in served)
    # The docs page registers the offline cache too, once its examples have run.
    assert page.evaluate(PAGE_REGISTERED), "the PyScript page did not register the service worker"
