"""What the site is built from: where this repository and the pinned npm runtime are, the
versions pinned, the engine wheel made from ``py_engine/``, and the content hash that keys caches.

Every other part of the build (build_site.py, site_build/start_image.py) starts from these.
"""
from __future__ import annotations

import base64
import hashlib
import io
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NODE_MODULES = ROOT / "node_modules"

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"
MICROPIP_VERSION = "0.11.1"

#: What the runtime loads from ``indexURL``: the loader, the emscripten module, the wasm,
#: the standard library and the lockfile. (pyodide.js is the classic-script twin of
#: pyodide.mjs; *.map and *.d.ts are for developers; console*.html are demos.)
PYODIDE_RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]

#: Wheel entries are stamped with this date so the same sources give the same bytes.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


# --- the engine wheel ----------------------------------------------------------------------------

def project_meta() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]


def wheel_name(meta: dict | None = None) -> str:
    meta = meta or project_meta()
    return f"{meta['name'].replace('-', '_')}-{meta['version']}-py3-none-any.whl"


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def package_files(package: Path) -> list[Path]:
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
    for p in package_files(ROOT / "py_engine"):
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


def file_hash(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()

