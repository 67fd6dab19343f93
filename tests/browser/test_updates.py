"""Updates: one visit runs one version, and the saves of the previous version keep resuming."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser.conftest import Site
from tests.browser.vt_page import csp_safe_waits, moves, snapshot, wait_moves

import build_site

ROOT = Path(__file__).resolve().parents[2]
#: The last build whose tables were saved whole in localStorage (before the engine's worker
#: kept the records): a real older build, built from the repository's own history.
OLD_BUILD = "4454479bb02b3c41a6a0b50cae35a7dc34a635ba"
ENGINE_WAIT = 180_000


def _old_site(tmp_path: Path) -> Path:
    have = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{OLD_BUILD}^{{commit}}"], capture_output=True)
    if have.returncode != 0:
        pytest.skip(f"the repository history lacks the older build {OLD_BUILD[:12]} (a shallow clone)")
    src = tmp_path / "old"
    src.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", OLD_BUILD], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(src)], input=archive.stdout, check=True)
    (src / "node_modules").symlink_to(ROOT / "node_modules")
    if (ROOT / ".cache").exists():
        shutil.copytree(ROOT / ".cache", src / ".cache")
    out = subprocess.run([sys.executable, "build_site.py"], cwd=src, capture_output=True, text=True, timeout=600,
                         env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    assert out.returncode == 0, out.stdout + out.stderr
    return src / "dist"


def _play(page, n):
    for _ in range(n):
        page.wait_for_function("document.body.dataset.state === 'interactive'", timeout=ENGINE_WAIT)
        before = len(page.locator(".log-list li").all())
        page.click(".moves-list button.move >> nth=0")
        page.wait_for_function("(n) => document.querySelectorAll('.log-list li').length > n", arg=before,
                               timeout=60_000)


def test_a_table_saved_by_the_previous_version_resumes_in_this_one(browser, built_dist, tmp_path):
    old_dist = _old_site(tmp_path)
    site = Site(old_dist)
    site.start()
    ctx = browser.new_context(service_workers="block")
    try:
        page = ctx.new_page()
        csp_safe_waits(page)
        page.goto(site.url("index.html#/new/elderwood?botdelay=0&timer=900"))
        page.wait_for_selector("form.newtable #start")
        page.select_option("#seat-kind-1", "bot")
        page.click("#start")
        page.wait_for_function("location.hash.startsWith('#/table/')", timeout=ENGINE_WAIT)
        table_id = page.evaluate("location.hash.slice('#/table/'.length).split('?')[0]")
        _play(page, 3)
        page.wait_for_function("document.body.dataset.state === 'interactive'", timeout=ENGINE_WAIT)
        old_save = json.loads(page.evaluate("(id) => localStorage.getItem('vt.table.' + id)", table_id))
        played = old_save["record"]["actions"]
        assert len(played) >= 6

        # The same address now serves this build, to a browser that kept its storage (a fresh
        # context: with service workers blocked here, the memory cache would mix in old modules,
        # which the real site's service worker prevents).
        kept = ctx.storage_state()
        ctx.close()
        site.stop()
        site.dist = built_dist[0]
        site.start()
        ctx = browser.new_context(service_workers="block", storage_state=kept)
        page = ctx.new_page()
        csp_safe_waits(page)
        page.goto(site.url(f"index.html?new=1#/table/{table_id}?botdelay=0&timer=900"))
        page.wait_for_function("document.body.dataset.state === 'interactive'"
                               " && !!document.querySelector('[data-page=table]')?.dataset.table", timeout=ENGINE_WAIT)
        assert [e["action"] for e in snapshot(page)["log"]] == played
        assert page.evaluate("(id) => localStorage.getItem('vt.table.' + id)", table_id) is None
        n = moves(page)
        page.click(".moves-list button.move >> nth=0")
        wait_moves(page, n)
        assert [e["action"] for e in snapshot(page)["log"]][:len(played)] == played
    finally:
        ctx.close()
        site.stop()


def test_a_new_build_waits_until_the_person_reloads(browser, built_dist, tmp_path):
    dist = tmp_path / "dist"
    shutil.copytree(built_dist[0], dist)
    site = Site(dist)
    site.start()
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        csp_safe_waits(page)
        page.goto(site.url("index.html#/"))
        page.wait_for_selector(".lobby[data-live]")
        page.evaluate("window.__vt.ready")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=ENGINE_WAIT)
        page.wait_for_function("""async () => { const { offlineStatus } = await import('./web/engine.js');
                                              const s = await offlineStatus(); return !!(s && s.complete); }""",
                               timeout=ENGINE_WAIT)

        # A new build is deployed: the guide page's module changes.
        guide = dist / "web" / "app" / "pages" / "guide.js"
        guide.write_text(guide.read_text() + "\n// build two\n")
        manifest = build_site.write_precache(dist)
        build_site.write_service_worker(dist, manifest)
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        banner = page.wait_for_selector(".update-banner", timeout=ENGINE_WAIT)
        assert "new version" in banner.inner_text()
        # Meanwhile this visit keeps its version: the guide it opens is the old one.
        text = page.evaluate("fetch('web/app/pages/guide.js').then((r) => r.text())")
        assert "build two" not in text
        with page.expect_navigation(timeout=60_000):
            page.click(".update-banner button:has-text('Reload now')")
        page.wait_for_selector(".lobby[data-live]", timeout=60_000)
        assert page.locator(".update-banner").count() == 0
        text = page.evaluate("fetch('web/app/pages/guide.js').then((r) => r.text())")
        assert "build two" in text
    finally:
        ctx.close()
        site.stop()
