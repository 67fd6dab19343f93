"""What a guest's page keeps of what it was shown (web/app/live/checks.js), run in node: over days, a
newly shown entry whose time runs more than an hour ahead of this device's clock is named."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

CHECKS = Path(__file__).resolve().parents[1] / "web" / "app" / "live" / "checks.js"

SCRIPT = """
import { mergeShown, hostAhead, AHEAD_S } from "./checks.js";
const out = [];
for (const [shown, log, nowS] of JSON.parse(process.argv[2])) {
  const before = shown.length;
  const m = mergeShown(shown, log);
  out.push({ changed: m.changed, ahead: hostAhead(m.shown, before, nowS) });
}
out.push(AHEAD_S);
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_a_host_clock_ahead_of_this_device_is_named_only_for_entries_shown_for_the_first_time(tmp_path):
    shutil.copy(CHECKS, tmp_path / "checks.js")
    (tmp_path / "package.json").write_text('{"type": "module"}')
    (tmp_path / "t.mjs").write_text(SCRIPT)
    a = {"seat": 0, "action": "a", "time": 1000}
    b = {"seat": 1, "action": "b", "time": 1000 + 3601}
    c = {"seat": 1, "action": "b", "time": 1000 + 3600}
    cases = [
        [[], [a, b], 1000],               # a new entry 3601 s ahead: named
        [[], [a, c], 1000],               # exactly an hour ahead: not
        [[[0, "a", 1000], [1, "b", 4601]], [a, b], 1000],  # already shown: not named again
        [[], [{"seat": 0, "action": "a"}], 0],  # a live table's entries carry no time
    ]
    out = subprocess.run(["node", "t.mjs", json.dumps(cases)], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got[-1] == 3600
    assert got[0] == {"changed": False, "ahead": {"time": 4601, "now": 1000}}
    assert got[1]["ahead"] is None and got[2]["ahead"] is None and got[3]["ahead"] is None
    assert not any(g["changed"] for g in got[:-1])
