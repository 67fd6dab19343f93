"""Every ES module the site ships parses as a module (node's check of a plain .js file is lenient)."""
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
MODULES = sorted(p for p in (ROOT / "web").rglob("*.js") if "node_modules" not in p.parts)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_module_parses(path, tmp_path):
    copy = tmp_path / (path.stem + ".mjs")
    copy.write_text(path.read_text())
    out = subprocess.run(["node", "--check", str(copy)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
