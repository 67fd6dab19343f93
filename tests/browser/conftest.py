"""Browser test infrastructure: the built site, a local server, headless Chromium, no network.

Fixtures:
- ``site``     (session) the site built once by build_site.py and served from a thread on
               127.0.0.1 at a free port; ``site.url(path)``, ``site.stop()``, ``site.start()``
               (same port, so a page can come back to it), ``site.requests`` (paths served).
               ``/__test__/…`` serves ``tests/browser/pages/`` for infrastructure tests;
               ``site.manifest`` is the build's precache.json.
- ``live_site`` the same site, restarted first if an earlier test stopped it.
- ``make_site`` serve another folder (a modified copy of the site) the same way.
- ``built_dist`` (session) (folder, manifest): a private build, or dist/ with VT_NO_BUILD=1.
- ``browser``  (session) Playwright Chromium from /usr/bin/chromium, headless.
- ``context``  a fresh browser context whose every request to a host other than 127.0.0.1
               is aborted and recorded in ``context.blocked`` (tests assert it stays empty);
               Chromium's resolver also maps every other host to nothing, as a backstop.
- ``page``     a page in that context; uncaught page errors and console errors (its workers'
               included) fail the test; ``page_errors.allow(regex)`` for an expected one.

Every test here is marked ``browser``. Outside CI they are skipped, with the reason, when
Playwright or Chromium is missing; with CI=true they run or fail.
"""
from __future__ import annotations

import os
import re
import shutil
import sys
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build_site  # noqa: E402
from tests.browser.vt_page import csp_safe_waits, is_local as _is_local, one_device  # noqa: E402

CHROMIUM = os.environ.get("VT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic",
                 # Backstop for the route below: no name but the loopback resolves at all.
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
PAGES = Path(__file__).resolve().parent / "pages"
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)


def _missing() -> list[str]:
    missing = []
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing.append("the Python package playwright (pip install playwright)")
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        missing.append(f"Chromium at {CHROMIUM} (apt-get install chromium)")
    if not (ROOT / "node_modules" / "pyodide").exists() and not shutil.which("npm"):
        missing.append("node_modules/pyodide and npm to fetch it")
    return missing


@pytest.fixture(scope="session")
def _browser_deps():
    missing = _missing()
    if missing:
        if IN_CI:
            pytest.fail("CI must run the browser tests but lacks: " + "; ".join(missing))
        pytest.skip("browser tests need " + "; ".join(missing))


# --- the site ----------------------------------------------------------------------------------------

class _Handler(build_site.SiteHandler):
    """dist/ as a host would serve it, plus /__test__/ → tests/browser/pages/."""

    served: list[str]  # set per Site (a subclass each), so two sites keep separate logs

    def translate_path(self, path: str) -> str:
        clean = unquote(urlsplit(path).path)
        if clean.startswith("/__test__/"):
            target = (PAGES / clean[len("/__test__/"):]).resolve()
            if PAGES in target.parents or target == PAGES:
                return str(target)
        return super().translate_path(path)

    def send_head(self):
        self.served.append(urlsplit(self.path).path)
        return super().send_head()


class Site:
    def __init__(self, dist: Path):
        self.dist = dist
        self.port = 0
        self.server = None
        self.thread = None
        self.requests: list[str] = []
        self._handler = type("SiteHandler", (_Handler,), {"served": self.requests})
        self.manifest = None

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str = "") -> str:
        return f"{self.origin}/{path.lstrip('/')}"

    def start(self) -> None:
        if self.server is not None:
            return
        for attempt in range(50):  # the old socket may linger briefly after stop()
            try:
                self.server = build_site.make_server(self.dist, self.port, handler=self._handler)
                break
            except OSError:
                if attempt == 49:
                    raise
                time.sleep(0.1)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, name="vt-site", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        if self.server is None:
            return
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)
        self.server = None

    @property
    def running(self) -> bool:
        return self.server is not None


@pytest.fixture(scope="session")
def built_dist(_browser_deps, tmp_path_factory) -> tuple[Path, dict]:
    """(directory, precache manifest) of the site under test.

    tests/run_all.sh builds dist/ and sets VT_NO_BUILD=1: the tests use that dist/. Otherwise
    the session builds its own copy in a temporary folder, so it never rebuilds a dist/ that
    someone is serving (or that another test session is using) under their feet.
    """
    import json
    if os.environ.get("VT_NO_BUILD") == "1" and (build_site.DIST / "precache.json").exists():
        return build_site.DIST, json.loads((build_site.DIST / "precache.json").read_text())
    out = tmp_path_factory.mktemp("site") / "dist"
    return out, build_site.build(out, quiet=True)


@pytest.fixture(scope="session")
def site(built_dist):
    s = Site(built_dist[0])
    s.manifest = built_dist[1]
    s.start()
    yield s
    s.stop()


@pytest.fixture
def make_site(built_dist):
    """Serve another directory (e.g. a modified copy of dist/) the same way; stopped after the test."""
    made = []

    def make(directory: Path) -> Site:
        s = Site(directory)
        s.start()
        made.append(s)
        return s
    yield make
    for s in made:
        s.stop()


@pytest.fixture
def live_site(site):
    """The site, guaranteed running at the start of the test (an earlier test may have stopped it)."""
    site.start()
    yield site
    site.start()


# --- the browser -------------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def playwright_instance(_browser_deps):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_instance):
    b = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    yield b
    b.close()



@pytest.fixture
def context(browser):
    ctx = browser.new_context(service_workers="allow", viewport={"width": 1200, "height": 900})
    ctx.blocked = []

    def block(route):
        ctx.blocked.append(route.request.url)
        route.abort("addressunreachable")

    ctx.route(lambda url: not _is_local(url), block)
    ctx.on("page", csp_safe_waits)
    yield ctx
    ctx.close()


@pytest.fixture
def phone(browser):
    """A 390x844 touch phone of its own; a script error or a refused request fails the test."""
    with one_device(browser, 390, 844, touch=True) as pg:
        yield pg


class PageErrors:
    """Uncaught errors and console errors of a page (and its workers)."""

    def __init__(self):
        self.errors: list[str] = []
        self.allowed: list[re.Pattern] = []

    def allow(self, pattern: str) -> None:
        self.allowed.append(re.compile(pattern))

    def add(self, text: str) -> None:
        self.errors.append(text)

    def unexpected(self) -> list[str]:
        return [e for e in self.errors if not any(p.search(e) for p in self.allowed)]


@pytest.fixture
def page_errors():
    return PageErrors()


@pytest.fixture
def page(context, page_errors):
    pg = context.new_page()
    pg.set_default_timeout(60_000)
    csp_safe_waits(pg)

    def on_console(msg):
        if msg.type == "error":
            where = (msg.location or {}).get("url", "")
            page_errors.add(f"console.error: {msg.text} ({where})")

    pg.on("pageerror", lambda exc: page_errors.add(f"pageerror: {exc}"))
    pg.on("console", on_console)  # includes the page's workers' consoles
    yield pg
    bad = page_errors.unexpected()
    assert not bad, "errors in the page:\n  " + "\n  ".join(bad)
