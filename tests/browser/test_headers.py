"""The headers the built-in server sends (docs/hosting.md): each page's policy with who may frame
it, and the workers' policy. The engine's worker holds the seed and every hidden card while a game
runs; with no policy of its own it could fetch anywhere, and any site could frame the pages."""
from __future__ import annotations

import urllib.request

import build_site


def _headers(url: str) -> dict[str, str]:
    with urllib.request.urlopen(url) as r:
        return {k.lower(): v for k, v in r.headers.items()}


def test_the_server_sends_each_page_its_policy_and_who_may_frame_it(site):
    index = _headers(site.url("index.html"))
    assert "frame-ancestors 'self'" in index["content-security-policy"]
    assert "script-src 'self'" in index["content-security-policy"]  # the <meta> policy, also as a header
    assert index["x-frame-options"] == "SAMEORIGIN" and index["x-content-type-options"] == "nosniff"
    assert _headers(site.url(""))["content-security-policy"] == index["content-security-policy"]
    embed = _headers(site.url("embed.html"))
    assert embed["content-security-policy"].endswith("frame-ancestors *") and "x-frame-options" not in embed
    assert _headers(site.url("web/worker.js"))["content-security-policy"] == build_site.WORKER_CSP
    # The service worker may also reach the relays (its check of the tables over days), nothing else.
    assert _headers(site.url("sw.js"))["content-security-policy"] == build_site.SW_CSP
    assert build_site.SW_CSP == build_site.WORKER_CSP.replace("connect-src 'self'", "connect-src 'self' wss: ws://127.0.0.1:* ws://localhost:*")
    # The pages keep their <meta> policy, for hosts that send no headers.
    with urllib.request.urlopen(site.url("index.html")) as r:
        assert b'http-equiv="Content-Security-Policy"' in r.read()


def test_the_engine_worker_cannot_fetch_from_another_local_port(page, site, make_site, tmp_path, page_errors):
    (tmp_path / "secret.txt").write_text("not for the worker")
    other = make_site(tmp_path)
    page_errors.allow(r"Content Security Policy|Refused to connect|secret\.txt")
    page.goto(site.url("index.html#/verify"))
    page.wait_for_function("document.querySelector('.pg-verify') !== null")
    for _ in range(600):
        workers = [w for w in page.workers if w.url.endswith("/web/worker.js")]
        if workers:
            break
        page.wait_for_timeout(100)
    assert workers, [w.url for w in page.workers]
    worker = workers[0]
    same = worker.evaluate("fetch('../precache.json').then((r) => r.ok ? 'fetched' : 'http ' + r.status)")
    assert same == "fetched"
    outcome = worker.evaluate(
        "(url) => fetch(url).then(() => 'fetched', (e) => 'blocked: ' + e.message)", other.url("secret.txt"))
    assert outcome.startswith("blocked"), outcome
    assert "/secret.txt" not in other.requests


FRAMER = """<!doctype html><html><head><meta charset="utf-8"><title>another site</title></head><body>
<iframe id="game" src="{page}" width="400" height="300"></iframe>
<iframe id="embed" src="{embed}" width="400" height="300"></iframe>
</body></html>"""


def test_another_site_cannot_frame_the_pages_but_may_frame_an_embed(page, site, make_site, tmp_path, page_errors):
    page_errors.allow(r"frame-ancestors|Refused to frame|X-Frame-Options")
    (tmp_path / "framer.html").write_text(FRAMER.format(page=site.url("index.html#/verify"),
                                                        embed=site.url("embed.html")))
    other = make_site(tmp_path)
    page.goto(other.url("framer.html"))
    page.wait_for_timeout(1500)
    frames = {f.name or f.url: f for f in page.frames if f != page.main_frame}
    by_url = {f.url.split("#")[0]: f for f in page.frames}
    embed = by_url.get(site.url("embed.html"))
    assert embed is not None, list(by_url)
    embed.wait_for_selector("#embed", state="attached", timeout=30_000)
    game = [f for f in page.frames if f != page.main_frame and f is not embed]
    assert len(game) == 1, list(frames)
    # Refused: the frame holds the browser's error page, never the site's.
    assert game[0].url.startswith("chrome-error://") or not game[0].evaluate(
        "() => !!document.querySelector('#app, [data-page]')"), game[0].url
