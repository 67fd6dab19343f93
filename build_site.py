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
import ast
import base64
import functools
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache" / "wheels"
NODE_MODULES = ROOT / "node_modules"

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"
MICROPIP_VERSION = "0.11.1"

#: What the runtime loads from ``indexURL``: the loader, the emscripten module, the wasm,
#: the standard library and the lockfile. (pyodide.js is the classic-script twin of
#: pyodide.mjs; *.map and *.d.ts are for developers; console*.html are demos.)
PYODIDE_RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]

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

#: Wheel entries are stamped with this date so the same sources give the same bytes.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


#: Placeholder in web/sw.js that the build replaces with the precache manifest.
SW_MANIFEST_MARK = "/*@PRECACHE@*/ null"
#: Placeholder in web/worker.js that the build replaces with the start image's description.
WORKER_START_MARK = "/*@START@*/ null"
#: Start images already made, by a hash of everything that goes into one (see start_image).
START_CACHE = ROOT / ".cache" / "start"
START_IMAGE_RE = re.compile(r"pyodide/start-[0-9a-f]{16}\.bin")

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


# --- the engine wheel ----------------------------------------------------------------------------

def project_meta() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]


def wheel_name(meta: dict | None = None) -> str:
    meta = meta or project_meta()
    return f"{meta['name'].replace('-', '_')}-{meta['version']}-py3-none-any.whl"


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _package_files(package: Path) -> list[Path]:
    """Sources and JSON package data, in a stable order; no caches, no tests."""
    out = []
    for p in package.rglob("*"):
        if p.is_file() and p.suffix in (".py", ".json") and "__pycache__" not in p.parts:
            out.append(p)
    return sorted(out, key=lambda p: p.relative_to(package.parent).as_posix())


def wheel_bytes(meta: dict | None = None) -> bytes:
    """A valid, reproducible wheel of ``py_engine`` (same sources → same bytes)."""
    meta = meta or project_meta()
    dist_name = meta["name"].replace("-", "_")
    info = f"{dist_name}-{meta['version']}.dist-info"
    entries: list[tuple[str, bytes]] = []
    for p in _package_files(ROOT / "py_engine"):
        entries.append((p.relative_to(ROOT).as_posix(), p.read_bytes()))
    metadata = [
        "Metadata-Version: 2.1",
        f"Name: {meta['name']}",
        f"Version: {meta['version']}",
        f"Summary: {meta.get('description', '')}",
        f"Requires-Python: {meta.get('requires-python', '>=3.11')}",
    ]
    entries.append((f"{info}/METADATA", ("\n".join(metadata) + "\n").encode()))
    wheel = ["Wheel-Version: 1.0", "Generator: valley-tables build_site.py", "Root-Is-Purelib: true",
             "Tag: py3-none-any"]
    entries.append((f"{info}/WHEEL", ("\n".join(wheel) + "\n").encode()))
    entries.append((f"{info}/top_level.txt", b"py_engine\n"))
    record = "".join(f"{name},{_record_hash(data)},{len(data)}\n" for name, data in entries)
    record += f"{info}/RECORD,,\n"
    entries.append((f"{info}/RECORD", record.encode()))

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in entries:  # package files sorted first, dist-info last (RECORD last of all)
            zi = zipfile.ZipInfo(name, ZIP_EPOCH)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            zi.create_system = 3
            z.writestr(zi, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return buf.getvalue()


def lock_entry(name: str, version: str, file_name: str, data: bytes, imports: list[str]) -> dict:
    return {
        "name": name, "version": version, "file_name": file_name, "install_dir": "site",
        "sha256": hashlib.sha256(data).hexdigest(), "package_type": "package",
        "imports": imports, "depends": [], "unvendored_tests": False, "tool": {},
    }


# --- fetching third-party parts -----------------------------------------------------------------

def ensure_node_modules() -> None:
    want = [NODE_MODULES / "pyodide" / "pyodide.mjs", NODE_MODULES / "@pyscript" / "core" / "dist" / "core.js"]
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
CSP = ("default-src 'self'; script-src {scripts}; style-src 'self'; "
       "img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; worker-src 'self'; "
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
                           "botLevels": g["bot_levels"], "timer": g["timer"], "options": g["options"]}
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


def file_hash(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def is_lazy(rel: str) -> bool:
    """Files the service worker caches when first used, not at install: the start image plays
    and verifies without them (the standard library, the wheels of a normal start, PyScript)."""
    return (rel == "pyodide/python_stdlib.zip" or (rel.startswith("pyodide/") and rel.endswith(".whl"))
            or rel.startswith("pyscript/"))


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


# --- the start image ---------------------------------------------------------------------------
# Nearly all of a cold start is CPython initialising inside Pyodide (compiling and running the
# standard library's modules) and then importing the engine. The build does that once, under
# Node with the same runtime files, and ships the memory: a Pyodide snapshot the worker hands
# to loadPyodide({_loadSnapshot}). docs/performance.md (Startup) has the numbers.

#: Runs under Node: ``VT_START_CONFIG=<config.json> node -e START_NODE``. Phase "compile" writes the bytecode
#: of every standard-library module the engine's start needs; phase "image" starts from that
#: bytecode and writes the snapshot. Entropy and clocks are fixed so that the same inputs give
#: the same image (the build id, and so every visitor's cache, changes only with the content).
START_NODE = r"""
const { readFileSync, writeFileSync } = await import("node:fs");
const crypto = (await import("node:crypto")).default;
const { pathToFileURL } = await import("node:url");
// The config path comes in the environment: process.argv would become sys.argv in the image.
const cfg = JSON.parse(readFileSync(process.env.VT_START_CONFIG, "utf8"));
let seed = 0x9e3779b9;
crypto.randomFillSync = (view) => {
  const b = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < b.length; i++) { seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0; b[i] = seed >>> 24; }
  return view;
};
let wall = Date.UTC(2026, 0, 1), mono = 0;
Date.now = () => (wall += 1);
performance.now = () => (mono += 0.25);
const { loadPyodide } = await import(pathToFileURL(cfg.pyodide + "/pyodide.mjs").href);
const say = (line) => process.stderr.write(line + "\n");
const py = await loadPyodide({ indexURL: cfg.pyodide + "/", stdLibURL: cfg.stdlib, env: cfg.env,
                               _makeSnapshot: cfg.phase === "image", stdout: say, stderr: say });
const site = py.runPython("import sys; f'/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages'");
py.FS.writeFile("/tmp/vt-image.json", JSON.stringify({ ...cfg.image, site_packages: site }));
py.unpackArchive(new Uint8Array(readFileSync(cfg.wheel)), "wheel", { extractDir: site });
for (const code of cfg.python) py.runPython(code);
if (cfg.phase === "image") {
  // Free heap chunks and the stack below its pointer hold leftovers that would only cost bytes
  // in the image: zero them, past dlmalloc's own fields (fd, bk, tree links: 24 bytes after the
  // header). The heap starts where the stack ends; a walk that does not land exactly on the
  // heap's top means another layout, and then nothing is touched.
  const M = py._module, u32 = M.HEAPU32, top = u32[M._emscripten_get_sbrk_ptr() >>> 2];
  const free = [];
  let at = M._emscripten_stack_get_base();
  while (at < top) {
    const head = u32[(at + 4) >>> 2], size = head & ~7;
    if (size < 16) break;
    if (!(head & 2)) free.push([at, size]);
    at += size;
  }
  if (at === top) for (const [chunk, size] of free) if (size > 32) M.HEAPU8.fill(0, chunk + 32, chunk + size);
  M.HEAPU8.fill(0, M._emscripten_stack_get_end(), M._emscripten_stack_get_current());
}
writeFileSync(cfg.out, cfg.phase === "image" ? py.makeMemorySnapshot() : py.FS.readFile("/tmp/vt-stdlib.zip"));
"""

#: Both phases: import every engine module the browser can reach and every standard-library
#: module the engine names anywhere (a function-level import too), then ask the bridge what
#: only reads static data, so nothing of that is left to do in the browser.
START_PY_WARM = r"""
def _vt_warm():
    import importlib, json, sys
    cfg = json.load(open("/tmp/vt-image.json"))
    sys.path_importer_cache.pop(cfg["site_packages"], None)
    for name in cfg["engine"]:
        importlib.import_module(name)
    for name, attrs in cfg["stdlib"]:
        module = importlib.import_module(name)
        for attr in attrs:
            if not hasattr(module, attr):
                importlib.import_module(f"{name}.{attr}")
    from py_engine import bridge
    for request in cfg["warm"]:
        bridge.handle(json.dumps(request))
_vt_warm()
del _vt_warm
"""

#: Phase "compile": bytecode for every module the start imported from the standard library's
#: zip, without docstrings or asserts (optimize=2) except Pyodide's own packages, and without
#: column tables (PYTHONNODEBUGRANGES): fewer bytes in the image.
START_PY_COMPILE = r"""
def _vt_compile():
    import importlib.util, io, json, marshal, sys, zipfile
    cfg = json.load(open("/tmp/vt-image.json"))
    stdlib = next(p for p in sys.path if p.endswith(".zip"))
    used = sorted({m.__file__[len(stdlib) + 1:] for m in list(sys.modules.values())
                   if isinstance(getattr(m, "__file__", None), str) and m.__file__.startswith(stdlib + "/")
                   and m.__file__.endswith(".py")})
    src = zipfile.ZipFile(stdlib)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as out:
        for rel in used:
            level = 0 if rel.split("/")[0] in cfg["keep_docstrings"] else 2
            code = compile(src.read(rel), f"{stdlib}/{rel}", "exec", dont_inherit=True, optimize=level)
            out.writestr(zipfile.ZipInfo(rel[:-3] + ".pyc", (1980, 1, 1, 0, 0, 0)),
                         importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code))
    open("/tmp/vt-stdlib.zip", "wb").write(buf.getvalue())
_vt_compile()
del _vt_compile
"""

#: Phase "image", last: the standard library's zip leaves the path (the browser does not
#: download it to start) and START_FINDER takes its place for any module not in the image.
START_PY_DETACH = r"""
def _vt_detach():
    import gc, json, sys, types, zipimport
    cfg = json.load(open("/tmp/vt-image.json"))
    stdlib = next(p for p in sys.path if p.endswith(".zip"))
    index = sys.path.index(stdlib)
    sys.path.remove(stdlib)
    for key in [k for k in sys.path_importer_cache if k == stdlib or k.startswith(stdlib + "/")]:
        del sys.path_importer_cache[key]
    zipimport._zip_directory_cache.clear()
    module = types.ModuleType("_vt_stdlib", "the standard library, fetched on first need")
    exec(compile(cfg["finder"], "<_vt_stdlib>", "exec"), module.__dict__)
    sys.modules[module.__name__] = module
    sys.meta_path.append(module.LazyStdlib(stdlib, index, frozenset(cfg["stdlib_names"])))
    gc.collect()
_vt_detach()
del _vt_detach
"""

#: The finder left in the image (module ``_vt_stdlib``).
START_FINDER = r'''
"""Standard-library modules the start image did not import.

The image holds every module Pyodide and the engine imported while it was built, so the
browser does not download the standard library to start. The first import of any other
standard-library module asks the host (web/worker.js: ``vtLoadStdlib``) to write the stock
python_stdlib.zip where the image's standard library was, and the path finder takes it from
there, packages already imported included (their __path__ points into that zip).
"""
import sys


class LazyStdlib:
    def __init__(self, path, index, names):
        self.path, self.index, self.names, self.loaded = path, index, names, False

    def find_spec(self, name, path=None, target=None):
        if self.loaded or name.partition(".")[0] not in self.names:
            return None
        import js
        try:
            js.vtLoadStdlib(self.path)
        except Exception as e:
            raise ModuleNotFoundError(f"{name}: the standard library could not be loaded ({e})", name=name) from None
        self.loaded = True
        for key in [k for k in sys.path_importer_cache if k == self.path or k.startswith(self.path + "/")]:
            del sys.path_importer_cache[key]
        import zipimport
        zipimport._zip_directory_cache.pop(self.path, None)
        sys.path.insert(min(self.index, len(sys.path)), self.path)
        from importlib.machinery import PathFinder
        return PathFinder.find_spec(name, path, target)
'''


def pyodide_build_id() -> str:
    """The build id Pyodide's loader checks a snapshot against (pyodide.mjs)."""
    m = re.search(r'BUILD_ID:"([0-9a-f]{64})"', (NODE_MODULES / "pyodide" / "pyodide.mjs").read_text())
    if not m:
        raise SystemExit("build: no BUILD_ID in pyodide.mjs; the start image needs one")
    return m.group(1)


def wasm_data_segments(wasm: bytes) -> list[tuple[int, bytes]]:
    """(memory offset, bytes) of each active data segment with a constant offset: what
    instantiating the module writes into memory. web/app/pystart.js reads the same ones."""
    def leb(i: int, signed: bool = False) -> tuple[int, int]:
        value = shift = 0
        while True:
            b = wasm[i]
            i += 1
            value |= (b & 0x7F) << shift
            shift += 7
            if b < 0x80:
                if signed and b & 0x40:
                    value -= 1 << shift
                return value, i
    if wasm[:4] != b"\0asm":
        raise ValueError("not a wasm module")
    i = 8
    while i < len(wasm):
        section = wasm[i]
        size, i = leb(i + 1)
        if section == 11:
            break
        i += size
    else:
        return []
    out = []
    count, i = leb(i)
    for _ in range(count):
        flags, i = leb(i)
        offset = None
        if flags in (0, 2):
            if flags == 2:
                _, i = leb(i)  # a memory index: not the memory the snapshot holds
            op = wasm[i]
            value, i = leb(i + 1, signed=op == 0x41)
            if op not in (0x41, 0x23) or wasm[i] != 0x0B:
                raise ValueError("data segment: the offset is not one i32.const or global.get")
            i += 1
            if op == 0x41 and flags == 0:
                offset = value & 0xFFFFFFFF
        elif flags != 1:
            raise ValueError(f"data segment: unknown flags {flags}")
        length, i = leb(i)
        if offset is not None:
            out.append((offset, wasm[i:i + length]))
        i += length
    return out


def xor_data_segments(image: bytes, wasm: bytes) -> bytes:
    """The snapshot with its memory XORed with the wasm's data segments (its own inverse)."""
    out = bytearray(image)
    header = int.from_bytes(image[4:8], "little")
    for offset, data in wasm_data_segments(wasm):
        at = header + offset
        part = int.from_bytes(out[at:at + len(data)], "little") ^ int.from_bytes(data, "little")
        out[at:at + len(data)] = part.to_bytes(len(data), "little")
    return bytes(out)


def _engine_files() -> dict[str, Path]:
    """Every py_engine module the browser can reach (all but the command line), by name."""
    out = {}
    for p in sorted((ROOT / "py_engine").rglob("*.py")):
        name = ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        if "__pycache__" not in p.parts and name not in ("py_engine.__main__", "py_engine.cli"):
            out[name] = p
    return out


def engine_modules() -> list[str]:
    return list(_engine_files())


def engine_stdlib_imports() -> list[list]:
    """[module, [names imported from it]] for every standard-library import in those modules
    (inside functions too), so the image holds them all."""
    found: dict[str, set[str]] = {}
    for p in _engine_files().values():
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    found.setdefault(alias.name, set())
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.setdefault(node.module, set()).update(a.name for a in node.names if a.name != "*")
    return [[name, sorted(attrs)] for name, attrs in sorted(found.items())
            if name.partition(".")[0] in sys.stdlib_module_names and name != "__future__"]


def _run_start_node(phase: str, cfg: dict, tmp: Path) -> bytes:
    path = tmp / f"{phase}.json"
    out = tmp / f"{phase}.out"
    path.write_text(json.dumps({**cfg, "phase": phase, "out": str(out)}))
    env = {**os.environ, "TZ": "UTC", "VT_START_CONFIG": str(path)}
    proc = subprocess.run(["node", "--input-type=module", "-e", START_NODE], cwd=tmp, env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0 or not out.exists():
        raise SystemExit(f"build: making the start image failed ({phase}):\n{proc.stderr[-4000:]}")
    return out.read_bytes()


def start_image(dist: Path) -> dict:
    """Write the start image into ``dist/pyodide/`` (made, or reused from ``.cache/start/``
    when nothing that goes into it changed) and return what web/worker.js needs to know."""
    src = NODE_MODULES / "pyodide"
    wheel = wheel_bytes()
    stock = zipfile.ZipFile(src / "python_stdlib.zip")
    sys.path.insert(0, str(ROOT))
    try:
        from py_engine.registry import available
        games = available()
    finally:
        sys.path.pop(0)
    image = {
        "engine": engine_modules(), "stdlib": engine_stdlib_imports(),
        "warm": [{"cmd": "games"}] + [{"cmd": c, "game": g} for g in games for c in ("game_data", "lessons")],
        "finder": START_FINDER, "keep_docstrings": ["_pyodide", "pyodide"],
        "stdlib_names": sorted({n.split("/")[0].removesuffix(".py") for n in stock.namelist()}),
    }
    node = subprocess.run(["node", "--version"], capture_output=True, text=True, check=True).stdout.strip()
    key = hashlib.sha256()
    for part in (json.dumps(image, sort_keys=True), START_NODE, START_PY_WARM, START_PY_COMPILE, START_PY_DETACH,
                 node, PYODIDE_VERSION):
        key.update(part.encode() + b"\0")
    key.update(wheel)
    for name in PYODIDE_RUNTIME:
        key.update(file_hash(src / name).encode())
    cached = START_CACHE / f"{key.hexdigest()[:32]}.bin"
    meta_path = cached.with_suffix(".json")
    build_id = pyodide_build_id()
    if not (cached.exists() and meta_path.exists()):
        with tempfile.TemporaryDirectory(prefix="vt-start-") as tmp_name:
            tmp = Path(tmp_name)
            (tmp / "engine.whl").write_bytes(wheel)
            cfg = {"pyodide": str(src), "wheel": str(tmp / "engine.whl"), "image": image,
                   "env": {"PYTHONHASHSEED": "0", "PYTHONNODEBUGRANGES": "1"}}
            compiled = _run_start_node("compile", {**cfg, "stdlib": str(src / "python_stdlib.zip"),
                                                   "python": [START_PY_WARM, START_PY_COMPILE]}, tmp)
            (tmp / "stdlib.zip").write_bytes(compiled)
            raw = _run_start_node("image", {**cfg, "stdlib": str(tmp / "stdlib.zip"),
                                            "python": [START_PY_WARM, START_PY_DETACH]}, tmp)
        magic = int.from_bytes(raw[:4], "little")
        got = "".join(f"{int.from_bytes(raw[i:i + 4], 'little'):08x}" for i in range(16, 48, 4))
        if magic != 0x706E7300 or got != build_id:
            raise SystemExit("build: the start image is not a snapshot of this Pyodide build")
        START_CACHE.mkdir(parents=True, exist_ok=True)
        packed = gzip.compress(xor_data_segments(raw, (src / "pyodide.asm.wasm").read_bytes()), 9, mtime=0)
        part = cached.with_suffix(f".part-{os.getpid()}")
        part.write_bytes(packed)
        meta_path.write_text(json.dumps({"size": len(raw), "buildId": build_id}))
        part.replace(cached)
        for old in sorted(START_CACHE.glob("*.bin"), key=lambda p: p.stat().st_mtime)[:-4]:  # keep a few
            old.unlink(missing_ok=True)
            old.with_suffix(".json").unlink(missing_ok=True)
    data = cached.read_bytes()
    meta = json.loads(meta_path.read_text())
    name = f"pyodide/start-{hashlib.sha256(data).hexdigest()[:16]}.bin"
    (dist / name).write_bytes(data)
    files = engine_data_zip()
    data_name = f"pyodide/engine-data-{hashlib.sha256(files).hexdigest()[:16]}.zip"
    (dist / data_name).write_bytes(files)
    return {"image": name, "size": meta["size"], "buildId": meta["buildId"], "pyodide": PYODIDE_VERSION,
            "data": data_name, "stdlib": "pyodide/python_stdlib.zip", "wheel": f"pyodide/{wheel_name()}"}


def engine_data_zip() -> bytes:
    """The engine's package data (its JSON files), for a start from the image: the modules are
    in the image already, so the worker installs only the files they read (30 KB, not the
    wheel's 210 KB; the wheel stays as published, for a normal start and PyScript)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for p in _package_files(ROOT / "py_engine"):
            if p.suffix != ".py":
                zi = zipfile.ZipInfo(p.relative_to(ROOT).as_posix(), ZIP_EPOCH)
                zi.external_attr = 0o644 << 16
                z.writestr(zi, p.read_bytes(), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return buf.getvalue()


def write_worker_start(dist: Path, start: dict) -> None:
    """Tell the built worker which start image belongs to this build."""
    path = dist / "web" / "worker.js"
    src = path.read_text()
    if WORKER_START_MARK not in src:
        raise SystemExit(f"build: web/worker.js lacks the start placeholder {WORKER_START_MARK!r}")
    path.write_text(src.replace(WORKER_START_MARK, json.dumps(start, separators=(",", ":")), 1))


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

class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the content types hosts must use, and no-cache (always revalidate)."""

    extensions_map = MIME_TYPES

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
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
