"""build_site.py: the engine wheel, the lockfile, the no-other-host rule, the precache
manifest and the content types the site is served with."""
from __future__ import annotations

import base64
import csv
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import urllib.request
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build_site  # noqa: E402

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


# --- the wheel (needs nothing but CPython) --------------------------------------------------------

@pytest.fixture(scope="module")
def wheel():
    return build_site.wheel_bytes()


def test_wheel_is_reproducible(wheel, tmp_path):
    again = build_site.wheel_bytes()
    assert again == wheel
    # File times do not leak in: touching a source changes nothing.
    src = ROOT / "py_engine" / "bridge.py"
    st = src.stat()
    try:
        os.utime(src, (st.st_atime + 1000, st.st_mtime + 1000))
        assert build_site.wheel_bytes() == wheel
    finally:
        os.utime(src, (st.st_atime, st.st_mtime))


def test_wheel_has_every_module_and_data_file(wheel):
    names = zipfile.ZipFile(io.BytesIO(wheel)).namelist()
    expected = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "py_engine").rglob("*")
                      if p.suffix in (".py", ".json") and "__pycache__" not in p.parts)
    packaged = [n for n in names if not n.startswith("py_engine-")]
    assert packaged == expected
    assert any(n.endswith(".json") for n in packaged), "package data (tile sets, maps) must be in the wheel"
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]


def test_wheel_metadata_and_record_are_valid(wheel):
    meta = build_site.project_meta()
    z = zipfile.ZipFile(io.BytesIO(wheel))
    info = f"py_engine-{meta['version']}.dist-info"
    metadata = z.read(f"{info}/METADATA").decode()
    assert "Metadata-Version: 2.1\n" in metadata
    assert f"Name: {meta['name']}\n" in metadata and f"Version: {meta['version']}\n" in metadata
    wheel_txt = z.read(f"{info}/WHEEL").decode()
    assert "Root-Is-Purelib: true" in wheel_txt and "Tag: py3-none-any" in wheel_txt
    assert z.namelist()[-1] == f"{info}/RECORD"
    rows = list(csv.reader(io.StringIO(z.read(f"{info}/RECORD").decode())))
    listed = {r[0]: r for r in rows}
    assert set(listed) == set(z.namelist())
    for name, digest, size in rows:
        if name.endswith("RECORD"):
            assert digest == "" and size == ""
            continue
        data = z.read(name)
        want = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert digest == want, name
        assert int(size) == len(data), name
    for zi in z.infolist():
        assert zi.date_time == build_site.ZIP_EPOCH


def test_pip_installs_the_wheel_and_it_imports(wheel, tmp_path):
    path = tmp_path / build_site.wheel_name()
    path.write_bytes(wheel)
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                    "--disable-pip-version-check", "--target", str(target), str(path)], check=True)
    code = ("import json, py_engine.bridge as b, py_engine; "
            "print(py_engine.__file__); print(b.handle(json.dumps({'cmd': 'games'})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": str(target)}, cwd=tmp_path).stdout.splitlines()
    assert out[0].startswith(str(target))
    games = json.loads(out[1])
    assert games["ok"] and games["result"]


# --- the built site ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    have = (ROOT / "node_modules" / "pyodide").exists() or shutil.which("npm")
    if not have:
        if IN_CI:
            pytest.fail("CI needs npm (or node_modules) to build the site")
        pytest.skip("needs npm or node_modules to build the site")
    out = tmp_path_factory.mktemp("site") / "dist"
    manifest = build_site.build(out, quiet=True)
    return out, manifest


def test_site_has_the_pages_and_the_runtime(dist):
    out, _ = dist
    for rel in ["index.html", "web/engine.js", "web/worker.js", "sw.js", "precache.json",
                "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
                "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json", f"pyodide/{build_site.wheel_name()}",
                f"pyodide/micropip-{build_site.MICROPIP_VERSION}-py3-none-any.whl",
                "pyscript/core.js", "pyscript/core.css", "web/pyscript.html", "web/pyscript/config.json"]:
        assert (out / rel).is_file(), rel
    assert not (out / "web" / "sw.js").exists(), "sw.js belongs at the root (scope = whole site)"
    assert not list(out.rglob("*.map")) and not list(out.rglob("__pycache__"))
    assert (out / "pyodide" / build_site.wheel_name()).read_bytes() == build_site.wheel_bytes()


def test_lockfile_lists_exactly_the_shipped_wheels(dist):
    out, _ = dist
    lock = json.loads((out / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["info"]["python"].startswith("3.14")
    assert set(lock["packages"]) == {"micropip", "py-engine"}
    for key, entry in lock["packages"].items():
        data = (out / "pyodide" / entry["file_name"]).read_bytes()
        assert entry["sha256"] == hashlib.sha256(data).hexdigest(), key
        assert entry["name"] == key
    engine = lock["packages"]["py-engine"]
    assert engine["imports"] == ["py_engine"] and engine["depends"] == []
    assert engine["version"] == build_site.project_meta()["version"]
    assert engine["install_dir"] == "site" and engine["package_type"] == "package"


def test_no_file_of_ours_names_another_host(dist):
    out, _ = dist
    assert build_site.scan_hosts(out) == []
    assert build_site.check_pyscript_local(out) == []


def test_scan_catches_a_cdn_url_in_our_files_and_new_hosts_in_theirs(dist, tmp_path):
    out, _ = dist
    copy = tmp_path / "d"
    shutil.copytree(out, copy)
    (copy / "web" / "sneaky.js").write_text('import x from "https://cdn.example.net.evil.io/x.js";\n'
                                            'const ns = "http://www.w3.org/2000/svg";\n'
                                            'const doc = "https://example.org/embed.html";\n')
    with open(copy / "pyscript" / "core.js", "a") as f:
        f.write('\n// "https://unpkg.com/somewhere"\n')
    problems = build_site.scan_hosts(copy)
    assert len(problems) == 2, problems
    ours = [p for p in problems if p.startswith("web/sneaky.js")]
    theirs = [p for p in problems if p.startswith("pyscript/core.js")]
    assert len(ours) == 1 and "cdn.example.net.evil.io" in ours[0]
    assert len(theirs) == 1 and "unreviewed host 'unpkg.com'" in theirs[0]


def test_pyscript_config_must_stay_local(dist, tmp_path):
    out, _ = dist
    copy = tmp_path / "d"
    shutil.copytree(out, copy)
    cfg = copy / "web" / "pyscript" / "config.json"
    data = json.loads(cfg.read_text())
    data["interpreter"] = "https://cdn.jsdelivr.net/pyodide/v314.0.7/full/pyodide.mjs"
    data["packages"].append("numpy")
    cfg.write_text(json.dumps(data))
    problems = build_site.check_pyscript_local(copy)
    assert any("interpreter" in p for p in problems)
    assert any("'numpy'" in p for p in problems)


def test_precache_manifest_and_service_worker(dist):
    out, manifest = dist
    on_disk = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert sorted(manifest["files"]) == [p for p in on_disk if p not in ("precache.json", "sw.js")]
    for rel, entry in manifest["files"].items():
        data = (out / rel).read_bytes()
        assert entry["size"] == len(data) and entry["sha256"] == hashlib.sha256(data).hexdigest(), rel
    assert json.loads((out / "precache.json").read_text()) == manifest
    sw = (out / "sw.js").read_text()
    assert build_site.SW_MANIFEST_MARK not in sw
    start = sw.index("const MANIFEST = ") + len("const MANIFEST = ")
    injected = json.loads(sw[start:sw.index(";\n", start)])
    assert injected == {"build": manifest["build"], "files": {k: v["sha256"] for k, v in manifest["files"].items()},
                        "lazy": manifest["lazy"]}
    # Cached when first used, not at install: what the start image makes unnecessary.
    assert set(manifest["lazy"]) == {k for k in manifest["files"] if k in ("pyodide/python_stdlib.zip", "pyodide/pyodide.asm.wasm")
                                     or k.startswith("pyscript/") or (k.startswith("pyodide/") and k.endswith(".whl"))}
    assert not any(k.startswith(("pyodide/start-", "pyodide/pyodide-asm-", "pyodide/pyodide.asm.mjs", "web/", "index.html"))
                   for k in manifest["lazy"])


def test_build_id_changes_with_content_and_only_then(dist, tmp_path):
    out, manifest = dist
    assert build_site.build(tmp_path / "again", quiet=True)["build"] == manifest["build"]
    # Any changed byte in a shipped file gives a new build id (so browsers install a new cache).
    copy = tmp_path / "changed"
    shutil.copytree(out, copy)
    with open(copy / "web" / "engine.js", "a") as f:
        f.write("\n")
    assert build_site.write_precache(copy)["build"] != manifest["build"]


# --- serving -------------------------------------------------------------------------------------

def test_server_sends_the_content_types_hosts_must_use(tmp_path):
    files = {"a.html": b"<p>", "m.mjs": b"export{}", "j.js": b"1", "w.wasm": b"\0asm", "d.json": b"{}",
             "p.whl": b"PK", "s.zip": b"PK", "c.css": b"", "i.svg": b"<svg/>", "x.unknownext": b"?"}
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    server = build_site.make_server(tmp_path, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        port = server.server_address[1]
        seen = {}
        for name in files:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/{name}") as r:
                seen[name] = (r.headers["Content-Type"], r.headers["Cache-Control"], r.read())
    finally:
        server.shutdown()
        server.server_close()
    assert seen["m.mjs"][0].startswith("text/javascript") and seen["j.js"][0].startswith("text/javascript")
    assert seen["w.wasm"][0] == "application/wasm"
    assert seen["d.json"][0] == "application/json"
    assert seen["p.whl"][0] == "application/zip" and seen["s.zip"][0] == "application/zip"
    assert seen["a.html"][0].startswith("text/html") and seen["c.css"][0].startswith("text/css")
    assert seen["i.svg"][0] == "image/svg+xml"
    assert seen["x.unknownext"][0] == "application/octet-stream"
    assert all(cc == "no-cache" for _, cc, _ in seen.values())
    assert all(body == files[name] for name, (_, _, body) in seen.items())


# --- the start image -----------------------------------------------------------------------------

def _start(out: Path) -> dict:
    worker = (out / "web" / "worker.js").read_text()
    assert build_site.WORKER_START_MARK not in worker
    line = next(line for line in worker.splitlines() if line.startswith("const START = "))
    return json.loads(line[len("const START = "):line.index("; //")])


def test_the_start_image_is_a_snapshot_of_this_pyodide_build(dist):
    out, manifest = dist
    start = _start(out)
    assert build_site.START_IMAGE_RE.fullmatch(start["image"]) and start["image"] in manifest["files"]
    data = (out / start["image"]).read_bytes()
    assert start["image"] == f"pyodide/start-{hashlib.sha256(data).hexdigest()[:16]}.bin"
    image = gzip.decompress(data)
    assert len(image) == start["size"]
    assert int.from_bytes(image[:4], "little") == 0x706E7300  # Pyodide's snapshot magic
    built_for = "".join(f"{int.from_bytes(image[i:i + 4], 'little'):08x}" for i in range(16, 48, 4))
    assert built_for == start["buildId"] == build_site.pyodide_build_id()
    assert start["pyodide"] == build_site.PYODIDE_VERSION == manifest["pyodide"]
    assert start["stdlib"] == "pyodide/python_stdlib.zip" and (out / start["stdlib"]).is_file()
    assert start["wheel"] == manifest["engine"]["wheel"]


def test_the_worker_gets_the_stock_wasm_compressed(dist):
    out, _ = dist
    name = _start(out)["wasm"]
    assert re.fullmatch(r"pyodide/pyodide-asm-[0-9a-f]{16}\.wasm-gz", name)
    packed = (out / name).read_bytes()
    stock = (out / "pyodide" / "pyodide.asm.wasm").read_bytes()
    assert gzip.decompress(packed) == stock and len(packed) < 0.45 * len(stock)
    assert name.removeprefix("pyodide/pyodide-asm-").removesuffix(".wasm-gz") == hashlib.sha256(packed).hexdigest()[:16]


def test_the_image_ships_only_what_the_wasm_does_not_already_carry(dist):
    """Undoing the XOR with the wasm's data segments gives memory that holds those segments'
    bytes where the interpreter left them untouched: the XORed image has zeros there."""
    out, _ = dist
    start = _start(out)
    shipped = gzip.decompress((out / start["image"]).read_bytes())
    wasm = (out / "pyodide" / "pyodide.asm.wasm").read_bytes()
    segments = build_site.wasm_data_segments(wasm)
    assert len(segments) > 100 and sum(len(d) for _, d in segments) > 1_000_000
    header = int.from_bytes(shipped[4:8], "little")
    static = sum(len(d) for _, d in segments)
    zero = sum(shipped[header + off:header + off + len(d)].count(0) for off, d in segments)
    assert zero > 0.9 * static, "the static data should mostly cancel out"
    memory = build_site.xor_data_segments(shipped, wasm)
    assert build_site.xor_data_segments(memory, wasm) == shipped
    off, first = segments[0]
    assert memory[header + off:header + off + 64] == first[:64]


def test_the_wasm_data_segments_parse(tmp_path):
    # A hand-made module: one memory, an active segment at 16, a passive one (left out),
    # an active one at a negative-looking constant (read as unsigned).
    def leb(n):
        out = bytearray()
        while True:
            b = n & 0x7F
            n >>= 7
            out.append(b | (0x80 if n else 0))
            if not n:
                return bytes(out)
    segs = (b"\x00\x41\x10\x0b" + leb(3) + b"abc" + b"\x01" + leb(2) + b"zz"
            + b"\x00\x41\x7f\x0b" + leb(1) + b"!")
    data = leb(3) + segs
    module = b"\0asm\x01\0\0\0" + b"\x05\x03\x01\x00\x01" + b"\x0b" + leb(len(data)) + data
    assert build_site.wasm_data_segments(module) == [(16, b"abc"), (0xFFFFFFFF, b"!")]


def test_a_worker_without_the_start_placeholder_fails_the_build(tmp_path):
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "worker.js").write_text("const START = {};\n")
    with pytest.raises(SystemExit, match="start placeholder"):
        build_site.write_worker_start(tmp_path, {"image": "x"})


def test_the_start_image_is_reused_when_nothing_that_makes_it_changed(dist, tmp_path):
    out, manifest = dist
    start = _start(out)
    again = tmp_path / "again"
    (again / "pyodide").mkdir(parents=True)
    assert build_site.start_image(again)["image"] == start["image"]
    assert (again / start["image"]).read_bytes() == (out / start["image"]).read_bytes()


def test_the_engine_data_for_the_image_is_the_package_data_only(dist):
    """The image holds the modules; the worker installs only the files they read."""
    out, manifest = dist
    start = _start(out)
    data = (out / start["data"]).read_bytes()
    assert data == build_site.engine_data_zip() and start["data"] in manifest["files"]
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    expected = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "py_engine").rglob("*.json")
                      if "__pycache__" not in p.parts)
    assert names == expected and names
    assert all(zi.date_time == build_site.ZIP_EPOCH for zi in zipfile.ZipFile(io.BytesIO(data)).infolist())
