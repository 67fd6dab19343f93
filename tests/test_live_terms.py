"""A guest's page reads a joint table's terms with the engine (py_engine/core/commitments.py): the
bridge's terms_check gives the published vectors' digests and the first difference of a pair; the
page's own reading (web/app/live/terms.js, node, no browser) takes the terms' shape as the protocol
does and reveals against no terms that do not fit the table the guest was invited to; "what differs"
has one implementation, the engine's."""
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from py_engine import bridge
from py_engine.core.commitments import first_difference

ROOT = Path(__file__).parents[1]
LIVE = ROOT / "web" / "app" / "live"
VECTORS = json.loads((ROOT / "tests" / "core" / "fairness_vectors.json").read_text())

SCRIPT = r"""
import * as terms from "./terms.js";
const { termsProblem, isTerms } = terms;
const { vectors, problems } = JSON.parse(process.argv[2]);
const out = { vectors: [], problems: [], own: Object.keys(terms).sort() };
for (const v of vectors) out.vectors.push(isTerms(v.terms));
for (const [terms, me] of problems) out.problems.push(termsProblem(terms, me));
console.log(JSON.stringify(out));
"""


def _terms():
    return json.loads(json.dumps(VECTORS["joint_terms"][1]["terms"]))


def pairs():
    a = _terms()
    out = [(a, a)]
    for edit in (lambda t: t["options"].update(first="seat-1"), lambda t: t.update(timers=True),
                 lambda t: t["seats"][1].update(level="easy"), lambda t: t["seats"].append(t["seats"][0]),
                 lambda t: t["participants"][1].update(who="Cid"), lambda t: t["options"].pop("clock"),
                 lambda t: t.update(game="hollowmere", engine="1.0")):
        b = _terms()
        edit(b)
        out.append((a, b))
    return out


def problems():
    """(terms, the guest's page, whether it may reveal)."""
    t = _terms()
    host, own = t["participants"][0]["commitment"], t["participants"][1]["commitment"]
    me = {"game": "milehollow", "host": host, "own": own, "seat": 2, "name": "Bea"}
    out = [(t, me, True), (t, {**me, "game": "elderwood"}, False), (t, {**me, "host": own}, False),
           (t, {**me, "own": "cd" * 32}, False), (t, {**me, "seat": 1}, False), (t, {**me, "name": "Ana"}, False)]

    def change(fn):
        b = _terms()
        fn(b)
        out.append((b, me, False))
    change(lambda b: b["participants"].append({"who": "Bea", "commitment": own}))       # a participant more
    change(lambda b: b["participants"].reverse())                                        # the host not first
    change(lambda b: b["seats"][0].update(name="Other"))                                 # seat 1 not the host's name
    change(lambda b: b["seats"][2].update(bot=True, level="easy"))                       # my seat made a bot
    change(lambda b: b.update(extra=1))                                                  # not terms
    return out


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_page_reads_terms_as_the_engine_does(tmp_path):
    (tmp_path / "app" / "live").mkdir(parents=True)
    (tmp_path / "lib").mkdir()
    shutil.copy(LIVE / "terms.js", tmp_path / "app" / "live" / "terms.js")
    here = tmp_path / "app" / "live"
    (here / "package.json").write_text('{"type": "module"}')
    (here / "t.js").write_text(SCRIPT)
    cases = {"vectors": VECTORS["joint_terms"], "problems": [[t, me] for t, me, _ in problems()]}
    out = subprocess.run(["node", "t.js", json.dumps(cases)], cwd=here, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got["vectors"] == [True] * len(VECTORS["joint_terms"])
    # The page keeps no copy of the engine's canonical JSON, digest or first difference.
    assert not {"firstDifference", "snapshotDifference", "canonicalJson", "termsDigest"} & set(got["own"]), got["own"]
    for (t, me, may), problem in zip(problems(), got["problems"]):
        assert (problem is None) == may, (me, problem)


def test_the_engine_checks_terms_for_the_guest_s_page():
    """terms_check: the digest of the published vectors, and the first difference of each pair with the
    witness check's reading; what is not a JSON object is refused."""
    for v in VECTORS["joint_terms"]:
        r = bridge.call({"cmd": "terms_check", "terms": v["terms"]})
        assert r["ok"] and r["result"] == {"digest": v["digest"], "difference": None}, r
    for a, b in pairs():
        d = bridge.call({"cmd": "terms_check", "terms": a, "shown": b})["result"]["difference"]
        want = first_difference(a, b)
        assert (d is None) == (want is None) and (d is None or [d["path"], d["want"], d["found"]] == list(want)), d
    for bad in ({"terms": [1]}, {"terms": _terms(), "shown": "x"}, {}):
        r = bridge.call({"cmd": "terms_check", **bad})
        assert not r["ok"] and r["kind"] == "bad-request", r
