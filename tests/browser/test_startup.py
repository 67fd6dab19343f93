"""The engine's start in Chromium: from the build's start image (web/worker.js, web/lib/pystart.js,
site_build/start_image.py), a normal start whenever the image does not fit, and the standard
library fetched only when a module outside the image is imported, online and offline."""
from __future__ import annotations

import gzip
import json
import re
import shutil

import build_site
from py_engine import bridge

ENGINE_PAGE = "__test__/engine.html"

#: Put first in a private copy's worker.js: run Python in the worker (tests only), before the
#: request part's own listener sees the message.
PYTHON_HOOK = """
self.addEventListener("message", (event) => {
  const msg = event.data;
  if (!msg || msg.cmd !== "__test_python") return;
  event.stopImmediatePropagation();
  try {
    self.postMessage({ id: msg.id, ok: true, result: String(py.runPython(msg.args.code)) });
  } catch (e) {
    self.postMessage({ id: msg.id, ok: false, error: String(e.message || e), kind: "internal" });
  }
});
"""

REGISTER = """async () => {
    const { registerServiceWorker } = await import("/web/engine.js");
    return !!(await registerServiceWorker());
}"""

CACHED = """async () => {
    const { offlineStatus } = await import("/web/engine.js");
    const s = await offlineStatus();
    return !!(s && s.complete);
}"""


def _start(dist) -> dict:
    worker = (dist / "web" / "worker.js").read_text()
    return json.loads(re.search(r"^const START = (\{.*?\});", worker, re.M).group(1))


def _copy(site_dist, tmp_path, change=None):
    """A private copy of the site, changed by ``change(dist)``, with its offline manifest redone."""
    dist = tmp_path / "dist"
    shutil.copytree(site_dist, dist)
    if change:
        change(dist)
    build_site.write_service_worker(dist, build_site.write_precache(dist))
    return dist


def _with_python_hook(dist) -> None:
    worker = dist / "web" / "worker.js"
    worker.write_text(PYTHON_HOOK + worker.read_text())


def _games(page) -> list:
    return page.evaluate("window.__engine.call('games')")


def test_a_cold_start_comes_from_the_image_without_the_standard_library(page, live_site, context):
    live_site.requests.clear()
    page.goto(live_site.url(ENGINE_PAGE))
    info = page.evaluate("window.__engine.ready")
    assert info["start"] == "image"
    assert info["build"] == live_site.manifest["build"]
    assert info["timings"]["image"] <= info["timings"]["pyodide"] <= info["timings"]["engine"]
    assert _games(page) == json.loads(bridge.handle(json.dumps({"cmd": "games"})))["result"]
    start = _start(live_site.dist)
    served = live_site.requests
    assert f"/{start['image']}" in served and f"/{start['wasm']}" in served
    assert f"/{start['data']}" in served
    assert "/pyodide/python_stdlib.zip" not in served, "the image start needs no standard library"
    assert f"/{start['wheel']}" not in served, "the image holds the modules: only their data is installed"
    assert served.count(f"/{start['wasm']}") == 1, "the wasm is downloaded once and compiled once"
    assert "/pyodide/pyodide.asm.wasm" not in served, "the worker loads the compressed wasm only"
    assert context.blocked == []


def _flip_build_id(dist) -> None:
    path = dist / _start(dist)["image"]
    image = bytearray(gzip.decompress(path.read_bytes()))
    image[16] ^= 0xFF  # the first byte of Pyodide's build id in the snapshot header
    path.write_bytes(gzip.compress(bytes(image), 1, mtime=0))


def test_an_image_for_another_pyodide_build_costs_a_normal_start(browser, built_dist, make_site, tmp_path):
    site = make_site(_copy(built_dist[0], tmp_path, _flip_build_id))
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        warnings = []
        page.on("console", lambda m: warnings.append((m.type, m.text)))
        page.goto(site.url(ENGINE_PAGE))
        info = page.evaluate("window.__engine.ready")
        assert info["start"] == "fallback"
        assert any(t == "warning" and "start image unusable" in x and "Pyodide build" in x for t, x in warnings)
        assert not [x for t, x in warnings if t == "error"]
        assert "/pyodide/python_stdlib.zip" in site.requests
        assert f"/{_start(site.dist)['wheel']}" in site.requests
        assert _games(page) == json.loads(bridge.handle(json.dumps({"cmd": "games"})))["result"]
    finally:
        ctx.close()


def test_a_missing_image_costs_a_normal_start(browser, built_dist, make_site, tmp_path):
    site = make_site(_copy(built_dist[0], tmp_path, lambda d: (d / _start(d)["image"]).unlink()))
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(site.url(ENGINE_PAGE))
        info = page.evaluate("window.__engine.ready")
        assert info["start"] == "fallback"
        snap = page.evaluate("""() => window.__engine.call('new_table', {game: 'elderwood',
            seats: [{name: 'Ana'}, {name: 'Bot', bot: true, level: 'easy'}]})""")
        assert snap["game"] == "elderwood" and snap["decision"] is not None
    finally:
        ctx.close()


def test_the_standard_library_arrives_for_a_module_outside_the_image_even_offline(browser, built_dist, make_site,
                                                                                 tmp_path):
    site = make_site(_copy(built_dist[0], tmp_path, _with_python_hook))
    ctx = browser.new_context(service_workers="allow")
    try:
        page = ctx.new_page()
        page.goto(site.url(ENGINE_PAGE))
        assert page.evaluate("window.__engine.ready")["start"] == "image"
        py = "(code) => window.__engine.call('__test_python', {code})"
        assert page.evaluate(py, "import sys; str('difflib' in sys.modules)") == "False"
        assert page.evaluate(py, "import json; json.__file__").endswith("/json/__init__.pyc")  # in the image

        # The standard library is not part of the offline cache's first fill (the start image
        # needs none of it): it is cached the first time a start asks for it.
        assert page.evaluate(REGISTER)
        page.wait_for_function(CACHED, timeout=180_000)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        assert site.requests.count("/pyodide/python_stdlib.zip") == 0
        page.goto(site.url(ENGINE_PAGE))
        assert page.evaluate("window.__engine.ready")["start"] == "image"

        # Online: the first import outside the image fetches the stock zip, once.
        got = page.evaluate(py, "import difflib, email.utils; difflib.__file__ + ' ' + email.utils.quote('a\"b')")
        assert got.endswith('/difflib.py a\\"b')
        page.evaluate(py, "import statistics; statistics.__name__")
        assert site.requests.count("/pyodide/python_stdlib.zip") == 1

        # Offline, from the service worker's cache: the same on a fresh start.
        site.stop()
        served = len(site.requests)
        page.goto(site.url("index.html"))
        page.wait_for_function("!!(window.__vt && window.__vt.ready)", timeout=60_000)
        assert page.evaluate("window.__vt.ready")["start"] == "image"
        py = "(code) => window.__vt.engine.call('__test_python', {code})"
        assert page.evaluate(py, "import difflib; difflib.SequenceMatcher(None, 'abc', 'abd').ratio()") \
            == str(2 / 3)
        assert len(site.requests) == served, "the server was gone; nothing can have been served"
    finally:
        ctx.close()
