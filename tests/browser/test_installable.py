"""The site installs as an app: a web app manifest that Chromium's own installability check accepts,
with icons that load (docs/hosting.md, *Installing the site as an app*)."""
from __future__ import annotations

import json
import urllib.request

import pytest

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.browser.vt_page import is_local

pytestmark = pytest.mark.browser


@pytest.fixture
def profile_page(playwright_instance, tmp_path):
    """A page of a browser with a profile on disk: Chromium offers no install in an incognito context,
    which is what a test browser's contexts are. Every non-local request is refused, as elsewhere."""
    ctx = playwright_instance.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
        service_workers="allow")
    ctx.route(lambda url: not is_local(url), lambda route: route.abort("addressunreachable"))
    try:
        yield ctx.pages[0] if ctx.pages else ctx.new_page()
    finally:
        ctx.close()


def test_chromium_finds_the_site_installable(profile_page, site):
    page = profile_page
    page.goto(site.url("index.html"))
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== undefined")
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/web/manifest.webmanifest") and not manifest.get("errors"), manifest.get("errors")
    errors = []
    for _ in range(40):  # the check waits for the manifest's icons to download
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        if not errors:
            break
        page.wait_for_timeout(250)
    assert errors == [], errors
    data = json.loads(manifest["data"])
    assert data["name"] == "Valley Tables" and data["display"] == "standalone"
    assert data["start_url"] == "../index.html" and data["scope"] == "../"


def test_every_icon_of_the_manifest_is_served_and_has_its_size(site):
    with urllib.request.urlopen(site.url("web/manifest.webmanifest")) as r:
        assert r.headers["content-type"].startswith("application/manifest+json")
        data = json.loads(r.read())
    purposes = set()
    for icon in data["icons"]:
        with urllib.request.urlopen(site.url("web/" + icon["src"])) as r:
            body = r.read()
            assert r.headers["content-type"].startswith(icon["type"])
        purposes.add(icon["purpose"])
        if icon["type"] == "image/png":
            # PNG: width and height are the IHDR's first two big-endian words.
            w, h = int.from_bytes(body[16:20], "big"), int.from_bytes(body[20:24], "big")
            assert f"{w}x{h}" == icon["sizes"]
    assert {"any", "maskable"} <= purposes
