"""The start image: a Pyodide snapshot with the standard library and the engine already
imported, made once at build time so a browser starts without CPython's own start-up.

Nearly all of a cold start is CPython initialising inside Pyodide (compiling and running the
standard library's modules) and then importing the engine. The build does that once, under
Node with the same runtime files, and ships the memory: a Pyodide snapshot the worker hands
to loadPyodide({_loadSnapshot}). docs/performance.md (Startup) has the numbers.
"""
from __future__ import annotations

import ast
import gzip
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from site_build.sources import (
    NODE_MODULES, PYODIDE_RUNTIME, PYODIDE_VERSION, ROOT, ZIP_EPOCH, file_hash, package_files, wheel_bytes, wheel_name,
)

#: Placeholder in web/worker.js that the build replaces with the start image's description.
WORKER_START_MARK = "/*@START@*/ null"
#: Start images already made, by a hash of everything that goes into one (see start_image).
START_CACHE = ROOT / ".cache" / "start"
START_IMAGE_RE = re.compile(r"pyodide/start-[0-9a-f]{16}\.bin")

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

def _phase(name: str, imports: str, body: str) -> str:
    """Python the build runs in Pyodide: ``body`` inside a function ``_vt_<name>`` that imports
    ``imports``, reads the image's settings as ``cfg`` and is deleted once run, so the image keeps
    none of its names."""
    return (f"\ndef _vt_{name}():\n    import {imports}\n    cfg = json.load(open(\"/tmp/vt-image.json\"))\n"
            + "".join("    " + line if line.strip() else line for line in body[1:].splitlines(True))
            + f"_vt_{name}()\ndel _vt_{name}\n")


#: Both phases: import every engine module the browser can reach and every standard-library
#: module the engine names anywhere (a function-level import too), then ask the bridge what
#: only reads static data, so nothing of that is left to do in the browser.
START_PY_WARM = _phase("warm", "importlib, json, sys", r"""
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
""")

#: Phase "compile": bytecode for every module the start imported from the standard library's
#: zip, without docstrings or asserts (optimize=2) except Pyodide's own packages, and without
#: column tables (PYTHONNODEBUGRANGES): fewer bytes in the image.
START_PY_COMPILE = _phase("compile", "importlib.util, io, json, marshal, sys, zipfile", r"""
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
""")

#: Phase "image", last: the standard library's zip leaves the path (the browser does not
#: download it to start) and START_FINDER takes its place for any module not in the image.
START_PY_DETACH = _phase("detach", "gc, json, sys, types, zipimport", r"""
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
""")

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
    instantiating the module writes into memory. web/lib/pystart.js reads the same ones."""
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
    wasm = packed_wasm(src / "pyodide.asm.wasm")
    wasm_name = f"pyodide/pyodide-asm-{hashlib.sha256(wasm).hexdigest()[:16]}.wasm-gz"
    (dist / wasm_name).write_bytes(wasm)
    return {"image": name, "size": meta["size"], "buildId": meta["buildId"], "pyodide": PYODIDE_VERSION,
            "data": data_name, "stdlib": "pyodide/python_stdlib.zip", "wheel": f"pyodide/{wheel_name()}",
            "wasm": wasm_name}


def packed_wasm(path: Path) -> bytes:
    """Pyodide's wasm, gzip-compressed once at build time (9.6 MB → 3.5 MB), reused from
    ``.cache/start/`` while the runtime is the same.

    A static host may send the 9.6 MB as they are (not every host compresses ``application/wasm``),
    and that download is most of a first visit on a slow link; the worker inflates it with the
    browser's own ``DecompressionStream`` while it compiles. The name ends in ``.wasm-gz``, an
    extension no server maps to a ``Content-Encoding``, so no host inflates it on the way and
    the bytes arrive as built. The stock ``pyodide.asm.wasm`` stays beside it for PyScript.
    """
    raw = path.read_bytes()
    cached = START_CACHE / f"wasm-{hashlib.sha256(raw).hexdigest()[:32]}.gz"
    if cached.exists():
        return cached.read_bytes()
    packed = gzip.compress(raw, 9, mtime=0)
    START_CACHE.mkdir(parents=True, exist_ok=True)
    part = cached.with_suffix(f".part-{os.getpid()}")
    part.write_bytes(packed)
    part.replace(cached)
    return packed


def engine_data_zip() -> bytes:
    """The engine's package data (its JSON files), for a start from the image: the modules are
    in the image already, so the worker installs only the files they read (30 KB, not the
    wheel's 210 KB; the wheel stays as published, for a normal start and PyScript)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for p in package_files(ROOT / "py_engine"):
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
