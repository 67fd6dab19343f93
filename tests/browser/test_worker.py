"""web/engine.js + web/worker.js in Chromium: Pyodide starts from the site's own files,
reports real download progress, answers the bridge in order and fails requests cleanly."""
from __future__ import annotations

import json

from py_engine import bridge

ENGINE_PAGE = "__test__/engine.html"


def _cpython(**request):
    return json.loads(bridge.handle(json.dumps(request)))["result"]


def test_engine_starts_from_the_site_and_lists_the_games(page, live_site, context):
    first = len(live_site.requests)     # the site serves the whole session: this test's requests only
    page.goto(live_site.url(ENGINE_PAGE))
    info = page.evaluate("window.__engine.ready")
    assert info["pyodide"] == "314.0.7"
    assert info["python"].startswith("3.14")
    assert info["engine"] == live_site.manifest["engine"]["version"]
    assert info["build"] == live_site.manifest["build"]
    assert info["timings"]["engine"] >= info["timings"]["pyodide"] > 0

    games = page.evaluate("window.__engine.call('games')")
    assert games == _cpython(cmd="games")
    assert {"elderwood", "hollowmere"} <= {g["name"] for g in games}

    # The runtime came from our server: from the start image, the runtime and the image (no
    # standard library, no wheel); a normal start takes the standard library and the wheel.
    served = live_site.requests[first:]
    if info["start"] == "image":
        big = [n for n in live_site.manifest["files"] if n.startswith(("pyodide/start-", "pyodide/engine-data-"))]
        assert len(big) == 2
    else:
        big = ["pyodide/python_stdlib.zip", live_site.manifest["engine"]["wheel"]]
    # The wasm comes compressed (the stock file is only PyScript's).
    big += [n for n in live_site.manifest["files"] if n.startswith("pyodide/pyodide-asm-")]
    assert "/pyodide/pyodide.asm.wasm" not in served
    for name in ["pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", *big]:
        assert f"/{name}" in served
    assert context.blocked == []


def test_progress_is_real_bytes_and_monotonic(page, live_site, context):
    page.goto(live_site.url(ENGINE_PAGE))
    page.evaluate("window.__engine.ready")
    events = page.evaluate("window.__progress")
    fractions = [e["fraction"] for e in events]
    labels = [e["label"] for e in events]
    assert fractions == sorted(fractions), "progress went backwards"
    assert fractions[-1] == 1 and labels[-1] == "ready"
    assert set(labels) <= {"download", "start", "engine", "ready"}
    assert labels.index("engine") > max(i for i, l in enumerate(labels) if l == "download")

    files = live_site.manifest["files"]
    wasm = sum(v["size"] for k, v in files.items() if k.startswith("pyodide/pyodide-asm-"))
    image = sum(v["size"] for k, v in files.items() if k.startswith("pyodide/start-"))
    downloads = [e for e in events if e["label"] == "download" and e["total"]]
    assert downloads, "no download progress was reported"
    # Totals are the real sizes of what was streamed (as sent, the wasm compressed): at least
    # the wasm and the start image.
    assert wasm > 0 and image > 0
    assert max(e["total"] for e in events) >= wasm + image
    assert any(0 < e["fraction"] < 0.85 for e in downloads), "no intermediate download step"
    done = [e["done"] for e in events]
    assert done == sorted(done)
    assert context.blocked == []


def test_requests_queue_in_order_and_errors_are_clean(page, live_site, context):
    page.goto(live_site.url(ENGINE_PAGE))
    # Sent at once, before Python is even loaded: answered in the order made.
    results = page.evaluate("""async () => {
        const e = window.__engine;
        const seats = [{name: "Ana"}, {name: "Bot", bot: true, level: "easy"}];
        const calls = [1, 2, 3].map(() => e.call("new_table", {game: "elderwood", seats}));
        const settled = await Promise.all(calls);
        return settled.map((s) => s.table);
    }""")
    first = int(results[0].lstrip("t"))
    assert results == [f"t{first}", f"t{first + 1}", f"t{first + 2}"]

    errors = page.evaluate("""async () => {
        const e = window.__engine;
        const seen = [];
        const tryIt = async (cmd, args) => {
            try { await e.call(cmd, args); seen.push(null); }
            catch (err) { seen.push({isError: err instanceof Error, kind: err.kind, message: err.message}); }
        };
        await tryIt("no-such-command", {});
        await tryIt("snapshot", {table: "nope"});
        const snap = await e.call("new_table", {game: "elderwood", seats: [{name: "A"}, {name: "B"}]});
        await tryIt("play", {table: snap.table, action: "not a move"});
        await tryIt("load_table", {text: "{broken"});
        const mover = await e.call("snapshot", {table: snap.table, viewer: snap.decision.players[0]});
        await tryIt("play", {table: snap.table, action: mover.legal[0].action});
        return seen;
    }""")
    unknown, no_table, illegal, bad_record, fine = errors
    assert unknown == {"isError": True, "kind": "bad-request", "message": "unknown command 'no-such-command'"}
    assert no_table["kind"] == "bad-request" and "no such table" in no_table["message"]
    assert illegal["isError"] and illegal["kind"] == "illegal" and illegal["message"]
    assert bad_record["kind"] == "bad-record"
    assert fine is None, "the engine must keep working after refused requests"
    assert context.blocked == []


def test_a_worker_that_cannot_start_rejects_ready_and_calls(page, live_site, page_errors):
    # The page asks for the engine, but the runtime cannot be fetched: ready and calls reject
    # with kind "startup" instead of hanging.
    page_errors.allow(r"Failed to load resource|engine startup failed|pyodide-asm-")
    page.route("**/pyodide/pyodide-asm-*", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(live_site.url(ENGINE_PAGE))
    outcome = page.evaluate("""async () => {
        const e = window.__engine;
        const r = await e.ready.then(() => null, (err) => ({kind: err.kind, message: err.message}));
        const c = await e.call("games").then(() => null, (err) => ({kind: err.kind, message: err.message}));
        return {ready: r, call: c};
    }""")
    assert outcome["ready"]["kind"] == "startup"
    assert "pyodide-asm-" in outcome["ready"]["message"] and "404" in outcome["ready"]["message"]
    assert outcome["call"]["kind"] == "startup"


def test_a_page_can_start_the_engine_before_its_own_modules_load(page, live_site):
    page.goto(live_site.url("__test__/early.html"))
    page.wait_for_timeout(1500)  # the page's "own modules" arrive late; the engine did not wait
    started = page.evaluate("""async () => {
        const importedAt = performance.now();
        const { getEngine } = await import("/web/engine.js");
        const engine = getEngine();
        await engine.ready;
        return {startedAt: engine.startedAt, importedAt, same: getEngine() === engine};
    }""")
    assert started["same"]
    assert started["startedAt"] < started["importedAt"] - 1000
