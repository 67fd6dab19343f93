#!/usr/bin/env python3
"""Build the static site into ``dist/`` (and optionally serve it).

    python3 build_site.py                 # build dist/
    python3 build_site.py --serve [--port 8000]   # build, then serve dist/ on 127.0.0.1

Everything the browser loads comes from this repository or from pinned
registry packages fetched at build time (npm ``pyodide`` and ``@pyscript/core``,
PyPI ``micropip``); nothing is loaded from a CDN. The build fails loudly if one
of our files names another host, or if a third-party file starts naming a host
we have not reviewed (see ``docs/hosting.md``).

Standard library only: it runs on a bare CPython >= 3.11 with Node's ``npm`` on PATH.
"""
from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.parse
import zipfile
from pathlib import Path

from site_build.sources import (  # noqa: F401  (some only re-exported: tests and benchmarks read build_site.X)
    MICROPIP_VERSION, NODE_MODULES, PYODIDE_RUNTIME, PYODIDE_VERSION, PYSCRIPT_VERSION, ROOT, ZIP_EPOCH, file_hash,
    lock_entry, project_meta, wheel_bytes, wheel_name,
)
from site_build.vendor import vendor, REVIEWED_HOSTS as VENDOR_HOSTS  # noqa: E402
from site_build.start_image import (  # noqa: F401  (re-exported, as above)
    START_IMAGE_RE, WORKER_START_MARK, engine_data_zip, engine_modules, pyodide_build_id, start_image,
    wasm_data_segments, write_worker_start, xor_data_segments,
)

DIST = ROOT / "dist"
CACHE = ROOT / ".cache" / "wheels"

#: Content types for every extension the site has; hosts must send the same (docs/hosting.md).
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".md": "text/markdown; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".py": "text/x-python; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".woff2": "font/woff2",
    "": "application/octet-stream",
}

#: Placeholder in web/sw.js that the build replaces with the precache manifest.
SW_MANIFEST_MARK = "/*@PRECACHE@*/ null"

#: URL identifiers that are names, not fetches (SVG/XML namespaces).
NAMESPACE_URLS = {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xhtml", "http://www.w3.org/1999/xlink",
                  "http://www.w3.org/XML/1998/namespace", "http://www.w3.org/2000/xmlns/"}

#: Hosts named inside third-party files, each reviewed: why it is never contacted by this
#: site. A new host in a package update fails the build until someone reviews it here and
#: in docs/hosting.md.
THIRD_PARTY_HOSTS = {
    "pyodide/pyodide.mjs": {
        "cdn.jsdelivr.net": "Node-only default package CDN (cdnUrl); browsers load packages from indexURL",
    },
    "pyodide/pyodide.asm.wasm": {
        "www.python.org": "CPython docstrings and messages compiled into the interpreter",
        "peps.python.org": "CPython docstrings",
        "github.com": "CPython/Pyodide error-message text",
        "www.w3.org": "XML namespace names in the expat parser",
    },
    "pyodide/pyodide.asm.mjs": {
        "": "the 'https://' prefix of Python socket emulation; the engine opens no sockets",
    },
    "vendor/": VENDOR_HOSTS,
    "pyscript/": {
        "cdn.jsdelivr.net": "default interpreter URLs; our config names ../pyodide/pyodide.mjs",
        "www.w3.org": "the SVG namespace name",
        "packages.pyscript.net": "text of a console warning for package names not in the lockfile",
        "micropython.org": "MicroPython's mip index; we run Pyodide, never MicroPython",
        "raw.githubusercontent.com": "MicroPython's mip installer; unused with Pyodide",
        "developer.mozilla.org": "link text in an error message",
        "pyscript.github.io": "link text in an error message",
        "docs.pyscript.net": "link text in an error message",
        "github.com": "link text in an error message",
        "0.0.0.0": "placeholder base for URL parsing",
        "": "bare 'https://' / 'http://' prefixes used to detect absolute URLs",
    },
}

#: Hosts our own files may name: none (a bare "https://" in prose), the local server in
#: instructions, and the names reserved for examples (RFC 2606), e.g. the embed snippet the
#: guide shows. None of them is ever fetched.
OWN_ALLOWED_HOSTS = {"", "127.0.0.1", "localhost", "example.com", "example.org", "example.net"}

URL_RE = re.compile(rb"https?://([A-Za-z0-9.\-]*)[^\s\"'`<>)\\]*")
TEXT_SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".md", ".txt", ".py", ".svg", ".webmanifest"}


# --- fetching third-party parts -----------------------------------------------------------------

def ensure_node_modules() -> None:
    want = [NODE_MODULES / "pyodide" / "pyodide.mjs", NODE_MODULES / "@pyscript" / "core" / "dist" / "core.js",
            NODE_MODULES / "nostr-tools" / "package.json"]
    if all(p.exists() for p in want):
        return
    print("build: node_modules missing, running npm ci", flush=True)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    for pkg, version in (("pyodide", PYODIDE_VERSION), ("@pyscript/core", PYSCRIPT_VERSION)):
        got = json.loads((NODE_MODULES / pkg / "package.json").read_text())["version"]
        if got != version:
            raise SystemExit(f"build: node_modules/{pkg} is {got}, expected {version} (run npm ci)")


def micropip_wheel() -> Path:
    """micropip from PyPI for Python 3.14 (cached; the npm package ships no wheels)."""
    name = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
    path = CACHE / name
    if not path.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        print("build: downloading micropip from PyPI", flush=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                        "--python-version", "3.14", "--dest", str(CACHE), f"micropip=={MICROPIP_VERSION}"],
                       check=True)
    if not path.exists():
        raise SystemExit(f"build: pip did not produce {path}")
    return path


# --- assembling dist/ ---------------------------------------------------------------------------

def _copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def _skip(p: Path) -> bool:
    return "__pycache__" in p.parts or p.name.startswith(".") or p.suffix in (".pyc", ".map")


#: The Content-Security-Policy every page carries (``<meta http-equiv>``, so it holds on any host).
#: Scripts only from the site itself, inline ones only by their hash; 'wasm-unsafe-eval' lets
#: Pyodide compile its WebAssembly; nothing is fetched from, framed from or posted to elsewhere.
#: Where a live table's rendezvous may connect when a person chooses internet play: the Nostr
#: relays of the page's setting (any wss: address), or a relay on this machine (tests, one room).
RELAY_CONNECT = "wss: ws://127.0.0.1:* ws://localhost:*"
CSP = ("default-src 'self'; script-src {scripts}; style-src 'self'; "
       "img-src 'self' data: blob:; font-src 'self'; connect-src 'self' " + RELAY_CONNECT + "; worker-src 'self'; "
       "manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'")
_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"py\")[^>]*>(.*?)</script>", re.S)


#: Pages that need more than the policy above. The PyScript page runs live Python examples, and
#: PyScript builds JavaScript from strings as it starts them; no game page needs that.
CSP_EXTRA = {"web/pyscript.html": ["'unsafe-eval'"]}


def with_csp(html: str, extra: list[str] | None = None) -> str:
    """The page with its Content-Security-Policy, hashing each inline script it runs."""
    scripts = ["'self'", "'wasm-unsafe-eval'", *(extra or [])] + [
        "'sha256-" + base64.b64encode(hashlib.sha256(m.group(1).encode("utf-8")).digest()).decode("ascii") + "'"
        for m in _INLINE_SCRIPT.finditer(html)]
    meta = f'<meta http-equiv="Content-Security-Policy" content="{CSP.format(scripts=" ".join(scripts))}">'
    if 'http-equiv="Content-Security-Policy"' in html:
        raise SystemExit("build: a page sets its own Content-Security-Policy; the build writes it")
    head = re.search(r"<meta charset=[^>]*>", html)
    if head is None:
        raise SystemExit("build: a page without <meta charset> cannot carry the Content-Security-Policy")
    return html[:head.end()] + "\n" + meta + html[head.end():]


def copy_page(src: Path, dst: Path) -> None:
    """A whole page gets its policy; a fragment (a How to play section read into a page) does not need one."""
    text = src.read_text(encoding="utf-8")
    if not text.lstrip().lower().startswith("<!doctype html"):
        _copy(src, dst)
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_text(with_csp(text, CSP_EXTRA.get(src.relative_to(ROOT).as_posix())), encoding="utf-8")


def write_catalog(dist: Path) -> None:
    """The games as the page knows them before Python is up (player range, bot levels, options
    with their words, the usual timer), written from the engine's own `games` answer, so the
    page and the engine can never disagree."""
    sys.path.insert(0, str(ROOT))
    try:
        from py_engine import bridge
    finally:
        sys.path.pop(0)
    answer = bridge.call({"cmd": "games"})
    if not answer["ok"]:
        raise SystemExit(f"build: the engine could not list its games: {answer['error']}")
    catalog = {g["name"]: {"minPlayers": g["min_players"], "maxPlayers": g["max_players"],
                           "botLevels": g["bot_levels"],
                           "botLevelWords": g["bot_level_words"], "ladder": g["ladder"], "timer": g["timer"],
                           "options": g["options"]}
               for g in answer["result"]}
    out = dist / "web" / "games" / "catalog.js"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("// Written by build_site.py from the rules engine's `games` answer; not edited by hand.\n"
                   f"export const CATALOG = {json.dumps(catalog, ensure_ascii=False, sort_keys=True)};\n",
                   encoding="utf-8")


def copy_site(dist: Path) -> None:
    for page in ("index.html", "embed.html"):
        if (ROOT / page).exists():
            copy_page(ROOT / page, dist / page)
    web = ROOT / "web"
    for p in sorted(web.rglob("*")):
        if p.is_file() and not _skip(p.relative_to(web)):
            rel = p.relative_to(web)
            if rel.as_posix() == "sw.js":
                continue  # lives at the site root so its scope covers every page (write_service_worker)
            if p.suffix == ".html":
                copy_page(p, dist / "web" / rel)
            else:
                _copy(p, dist / "web" / rel)
    docs = ROOT / "docs"
    for p in sorted(docs.rglob("*.md")):
        _copy(p, dist / "docs" / p.relative_to(docs))


def copy_pyodide(dist: Path) -> None:
    src = NODE_MODULES / "pyodide"
    out = dist / "pyodide"
    for name in PYODIDE_RUNTIME:
        if name != "pyodide-lock.json":
            _copy(src / name, out / name)

    meta = project_meta()
    engine = wheel_bytes(meta)
    engine_name = wheel_name(meta)
    (out / engine_name).write_bytes(engine)

    mp_path = micropip_wheel()
    mp = mp_path.read_bytes()
    _copy(mp_path, out / mp_path.name)

    lock = json.loads((src / "pyodide-lock.json").read_text())
    upstream = lock["packages"]
    if "micropip" not in upstream:
        raise SystemExit("build: pyodide-lock.json has no micropip entry")
    # Only packages whose files are here: a name listed without its file makes micropip
    # "succeed" silently after a 404 (docs/hosting.md), and a smaller lockfile starts faster.
    mp_entry = dict(upstream["micropip"], file_name=mp_path.name, sha256=hashlib.sha256(mp).hexdigest())
    lock["packages"] = {
        "micropip": mp_entry,
        "py-engine": lock_entry("py-engine", meta["version"], engine_name, engine, ["py_engine"]),
    }
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")


def copy_pyscript(dist: Path) -> None:
    src = NODE_MODULES / "@pyscript" / "core"
    for p in sorted((src / "dist").iterdir()):
        if p.suffix == ".js" or p.name == "core.css":
            if p.name == "service-worker.js":
                continue  # PyScript's optional SharedArrayBuffer shim; we use none
            _copy(p, dist / "pyscript" / p.name)
    _copy(src / "LICENSE", dist / "pyscript" / "LICENSE.txt")


def write_pyscript_config(dist: Path) -> None:
    """The docs page's PyScript config: local interpreter and our wheel by URL (names carry the version)."""
    # PyScript resolves the interpreter against the page (dist/web/pyscript.html) but package
    # URLs against this config file (dist/web/pyscript/config.json): hence the different depths.
    cfg = {
        "interpreter": "../pyodide/pyodide.mjs",
        "packages": [f"../../pyodide/{wheel_name()}"],
    }
    path = dist / "web" / "pyscript" / "config.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(cfg, indent=1) + "\n")


def is_lazy(rel: str) -> bool:
    """Files the service worker caches when first used, not at install: the start image plays
    and verifies without them (the standard library, the wheels of a normal start, PyScript and
    the stock wasm it loads; the worker loads the build's compressed copy of it)."""
    return (rel in ("pyodide/python_stdlib.zip", "pyodide/pyodide.asm.wasm")
            or (rel.startswith("pyodide/") and rel.endswith(".whl")) or rel.startswith("pyscript/"))


def write_precache(dist: Path) -> dict:
    """``precache.json``: every file the service worker caches, with size and content hash.

    The build id hashes all of them, so any change gives a new ``sw.js`` (the browser
    then installs it, which fills a new cache and drops the old one).
    """
    files = {}
    for p in sorted(dist.rglob("*")):
        rel = p.relative_to(dist).as_posix()
        if p.is_file() and rel not in ("precache.json", "sw.js"):
            files[rel] = {"size": p.stat().st_size, "sha256": file_hash(p)}
    build = hashlib.sha256("".join(f"{k} {v['sha256']}\n" for k, v in files.items()).encode()).hexdigest()[:16]
    manifest = {
        "build": build,
        "engine": {"wheel": f"pyodide/{wheel_name()}", "version": project_meta()["version"]},
        "pyodide": PYODIDE_VERSION,
        "files": files,
        "lazy": [k for k in files if is_lazy(k)],
    }
    (dist / "precache.json").write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def write_service_worker(dist: Path, manifest: dict) -> None:
    src = (ROOT / "web" / "sw.js").read_text()
    if SW_MANIFEST_MARK not in src:
        raise SystemExit(f"build: web/sw.js lacks the manifest placeholder {SW_MANIFEST_MARK!r}")
    slim = {"build": manifest["build"], "files": {k: v["sha256"] for k, v in manifest["files"].items()},
            "lazy": manifest["lazy"]}
    (dist / "sw.js").write_text(src.replace(SW_MANIFEST_MARK, json.dumps(slim, separators=(",", ":"))))


# --- the no-other-host check -------------------------------------------------------------------

def _third_party_rule(rel: str) -> dict[str, str] | None:
    for prefix, hosts in THIRD_PARTY_HOSTS.items():
        if rel == prefix or (prefix.endswith("/") and rel.startswith(prefix)):
            return hosts
    return None


def _urls_in(data: bytes) -> list[tuple[str, str]]:
    out = []
    for m in URL_RE.finditer(data):
        out.append((m.group(0).decode("ascii", "replace"), m.group(1).decode("ascii", "replace").lower()))
    return out


def scan_hosts(dist: Path) -> list[str]:
    """Problems: a URL to another host in our files, or an unreviewed host in a third-party file.

    Wheels are opened and their members scanned too. ``python_stdlib.zip`` (CPython's own
    standard library, full of documentation links for modules we never import with a
    network use) is not scanned; docs/hosting.md says so. Nor is the start image: the
    compressed memory of that same interpreter, made by this build.
    """
    problems = []
    for p in sorted(dist.rglob("*")):
        if not p.is_file():
            continue
        rel = p.relative_to(dist).as_posix()
        if rel == "pyodide/python_stdlib.zip" or rel.endswith("LICENSE.txt") or START_IMAGE_RE.fullmatch(rel):
            continue
        if p.suffix == ".whl":
            if p.name.startswith("micropip-"):
                continue  # reviewed in docs/hosting.md: PyPI index default, used only for names not in the lockfile
            with zipfile.ZipFile(p) as z:
                blobs = [(f"{rel}!{n}", z.read(n)) for n in z.namelist()]
        elif p.suffix in TEXT_SUFFIXES or rel.startswith("pyodide/"):
            blobs = [(rel, p.read_bytes())]
        else:
            continue
        allowed = _third_party_rule(rel)
        for where, data in blobs:
            for url, host in _urls_in(data):
                if allowed is not None:
                    if host not in allowed:
                        problems.append(f"{where}: unreviewed host {host!r} in third-party file ({url})")
                elif url.rstrip("/") not in NAMESPACE_URLS and host not in OWN_ALLOWED_HOSTS \
                        and not host.endswith((".example.com", ".example.org", ".example.net")):
                    problems.append(f"{where}: names another host: {url}")
    return problems


def check_pyscript_local(dist: Path) -> list[str]:
    """The docs page must point PyScript at our Pyodide and our wheel, never the defaults."""
    problems = []
    cfg_path = dist / "web" / "pyscript" / "config.json"
    if not (dist / "web" / "pyscript.html").exists():
        return problems
    cfg = json.loads(cfg_path.read_text())
    if not cfg.get("interpreter", "").startswith("../pyodide/"):
        problems.append("web/pyscript/config.json: interpreter must be the local ../pyodide/pyodide.mjs")
    for pkg in cfg.get("packages", []):
        if not pkg.startswith("../../pyodide/") or not (dist / "pyodide" / pkg.rsplit("/", 1)[1]).exists():
            problems.append(f"web/pyscript/config.json: package {pkg!r} is not a wheel in dist/pyodide/")
    html = (dist / "web" / "pyscript.html").read_text()
    if 'config="./pyscript/config.json"' not in html:
        problems.append("web/pyscript.html: every <script type=py> must use config=\"./pyscript/config.json\"")
    return problems


# --- build -----------------------------------------------------------------------------------------

def build(dist: Path = DIST, quiet: bool = False) -> dict:
    ensure_node_modules()
    # Built beside the target and swapped in whole: a server or a second build running at
    # the same time never sees a half-written site.
    tmp = dist.with_name(f"{dist.name}.tmp-{os.getpid()}")
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir(parents=True)
    try:
        copy_site(tmp)
        vendor(tmp)
        write_catalog(tmp)
        copy_pyodide(tmp)
        write_worker_start(tmp, start_image(tmp))
        copy_pyscript(tmp)
        write_pyscript_config(tmp)
        problems = scan_hosts(tmp) + check_pyscript_local(tmp)
        if problems:
            raise SystemExit("build: FAILED, files that would reach other hosts:\n  " + "\n  ".join(problems))
        manifest = write_precache(tmp)
        write_service_worker(tmp, manifest)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    old = dist.with_name(f"{dist.name}.old-{os.getpid()}")
    if dist.exists():
        dist.rename(old)
    tmp.rename(dist)
    if old.exists():
        shutil.rmtree(old)
    if not quiet:
        size = sum(v["size"] for v in manifest["files"].values())
        print(f"build: dist/ ready, build {manifest['build']}, {len(manifest['files'])} files, "
              f"{size / 1e6:.1f} MB", flush=True)
    return manifest


# --- serving ---------------------------------------------------------------------------------------

#: Who may frame a page (``frame-ancestors``, which a <meta> policy cannot carry). Embeds are made
#: to be framed by other sites (docs/embedding.md); no other page is: a game framed by a stranger's
#: page could be played or read by clicks the player never meant.
FRAME_ANCESTORS = {"embed.html": "*"}
FRAME_ANCESTORS_DEFAULT = "'self'"
#: The policy of the scripts that run as workers (web/worker.js, which holds the seed and every
#: hidden card while a game runs, and sw.js). A worker is governed by the policy sent with its
#: script, never by the page's <meta>: without this header it may fetch anywhere. Scripts a page
#: imports ignore it (the page's policy governs them), so every script may be sent it.
WORKER_CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; "
              "img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; form-action 'none'")
#: The service worker's (sw.js): the workers' policy, and the relays, which its check of the tables
#: over days asks while no page is open (docs/live.md, "Your turn, everywhere"). It holds no key
#: and no game: the engine's worker keeps the stricter policy above.
SW_CSP = WORKER_CSP.replace("connect-src 'self'", "connect-src 'self' " + RELAY_CONNECT)
#: Sent with everything.
COMMON_HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}
_META_CSP = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')


def security_headers(path: str, body: bytes | None = None) -> dict[str, str]:
    """The headers a host should send with the file at ``path`` (relative to the site's root),
    whose bytes are ``body`` (docs/hosting.md lists them): a page's own policy (the one its
    <meta> carries) plus who may frame it; a script's, the workers' policy."""
    out = dict(COMMON_HEADERS)
    name = path.lstrip("/") or "index.html"
    if name.endswith(".html"):
        ancestors = FRAME_ANCESTORS.get(name, FRAME_ANCESTORS_DEFAULT)
        found = _META_CSP.search(body.decode("utf-8", "replace")) if body else None
        policy = found.group(1) + "; " if found else ""
        out["Content-Security-Policy"] = f"{policy}frame-ancestors {ancestors}"
        if ancestors == FRAME_ANCESTORS_DEFAULT:
            out["X-Frame-Options"] = "SAMEORIGIN"  # the same, for browsers without frame-ancestors
    elif name == "sw.js":
        out["Content-Security-Policy"] = SW_CSP
    elif name.endswith((".js", ".mjs")):
        out["Content-Security-Policy"] = WORKER_CSP
    return out


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the content types hosts must use, no-cache (always revalidate) and the
    security headers of :func:`security_headers`."""

    extensions_map = MIME_TYPES

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        body = None
        if path.endswith("/") or path.endswith(".html"):
            try:
                with open(self.translate_path(path + ("index.html" if path.endswith("/") else "")), "rb") as f:
                    body = f.read(1 << 20)
            except OSError:
                body = None
        for name, value in security_headers(path + ("index.html" if path.endswith("/") else ""), body).items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - signature from the base class
        if os.environ.get("VT_SERVE_LOG"):
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        # A tab closed mid-download resets the connection: normal, not worth a traceback.
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def make_server(directory: Path = DIST, port: int = 0, host: str = "127.0.0.1",
                handler: type[SiteHandler] = SiteHandler) -> SiteServer:
    """A server for ``directory`` on ``host:port`` (0: a free port); call ``serve_forever``."""
    return SiteServer((host, port), functools.partial(handler, directory=str(directory)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--serve", action="store_true", help="after building, serve dist/ on 127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--no-build", action="store_true", help="with --serve: serve the existing dist/")
    args = ap.parse_args(argv)
    if not (args.serve and args.no_build):
        build()
    if args.serve:
        server = make_server(DIST, args.port)
        print(f"serving dist/ at http://127.0.0.1:{server.server_address[1]}/  (Ctrl-C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
