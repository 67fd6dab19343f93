"""Real Pyodide under Node with this tree's ``py_engine`` zipped in (no site build needed): a workload, Python
source, runs there and its last expression (a text) is what it printed. ``ARGS`` (a text) is set before it runs.
:mod:`botgames` goes into the zip beside the engine."""
from __future__ import annotations

import io
import subprocess
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

RUNNER = r"""
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
const [pyDir, zipPath, script, args] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyDir + path.sep });
const site = py.runPython("import sys; f'/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages'");
const zip = await readFile(zipPath);
py.unpackArchive(new Uint8Array(zip.buffer, zip.byteOffset, zip.byteLength), "zip", { extractDir: site });
py.runPython("import importlib; importlib.invalidate_caches()");
py.globals.set("ARGS", args);
process.stdout.write(py.runPython(await readFile(script, "utf8")) + "\n");
"""


def engine_zip() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for f in sorted((ROOT / "py_engine").rglob("*")):
            if f.is_file() and "__pycache__" not in f.parts and f.suffix in (".py", ".json"):
                z.write(f, f.relative_to(ROOT).as_posix())
        z.write(ROOT / "bench" / "botgames.py", "botgames.py")
    return buf.getvalue()


def find_pyodide(given: str | None) -> Path:
    for p in ([Path(given)] if given else []) + [ROOT / "node_modules" / "pyodide", ROOT / "dist" / "pyodide"]:
        if (p / "pyodide.mjs").exists():
            return p
    raise SystemExit("no Pyodide runtime: pass --pyodide DIR (node_modules/pyodide after npm ci, or dist/pyodide)")


def run(py_dir: Path, workload: str, args: str) -> str:
    """The last line ``workload`` gives in Pyodide from ``py_dir``; CalledProcessError if Node fails."""
    with tempfile.TemporaryDirectory() as tmp:
        zpath, runner, script = Path(tmp, "engine.zip"), Path(tmp, "run.mjs"), Path(tmp, "work.py")
        zpath.write_bytes(engine_zip())
        runner.write_text(RUNNER)
        script.write_text(workload)
        out = subprocess.run(["node", str(runner), str(py_dir), str(zpath), str(script), args],
                             capture_output=True, text=True, check=True)
    return out.stdout.strip().splitlines()[-1]
