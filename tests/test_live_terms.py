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
    # The page keeps no copy of the engine's canonical JSON, digest, first difference or its words.
    assert not {"firstDifference", "snapshotDifference", "canonicalJson", "termsDigest", "differenceWords"} \
        & set(got["own"]), got["own"]
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


def _words_cases():
    """(want, found) pairs of terms, one for each kind of difference a guest can be shown."""
    base = _terms()

    def on(game=None, **options):
        t = _terms()
        if game:
            t.update(game=game, options=options)
        return t
    edits = [
        (on(), lambda t: t["options"].update(first="seat-1")),
        (on(), lambda t: t["options"].pop("clock")),                       # left out: the default's words
        (on(), lambda t: t["options"].update(hints=True)),                 # a flag: on or off
        (on(), lambda t: t["options"].update(move_days=3)),
        (on(), lambda t: t["options"].update(bank_days=9)),                # no words for 9: the number
        (on(), lambda t: t["options"].update(mystery="x")),                # no such option: its name
        (on(), lambda t: t.update(timers=True)),
        (on(), lambda t: t["seats"][1].update(level="easy")),
        (on(), lambda t: t["seats"][1].update(level="wizard")),            # no such level: its code
        (on(), lambda t: t["seats"][2].update(bot=True, level="expert")),
        (on(), lambda t: t["seats"][0].update(name="Other")),
        (on(), lambda t: t["seats"].append({"name": "Zed", "bot": True, "level": None})),
        (on(), lambda t: t["seats"].pop()),
        (on(), lambda t: t["participants"][1].update(who="Cid")),
        (on(), lambda t: t.update(game="hollowmere", engine="1.0")),
        (on(), lambda t: t.update(engine="1.0")),
        (on("hollowmere", hide_next=True), lambda t: t["options"].update(hide_next=False)),
        (on("elderwood", colour="ash"), lambda t: t["options"].update(colour="walnut")),
        (on("wickerfair"), lambda t: t["options"].update(holiday_days=7)),
    ]
    assert base == _terms()
    out = []
    for want, edit in edits:
        found = json.loads(json.dumps(want))
        edit(found)
        out.append((want, found))
    return out


#: What the guest's page said for each case when it worded a difference itself (en, pt): the engine's
#: words are the same.
SAID = [
    ("First player was promised as “seat-2”, the table has “Seat 1”",
     "Quem começa foi prometido como “seat-2”, a mesa tem “Lugar 1”"),
    ("Clock was promised as “Relaxed”, the table has “Standard”",
     "Relógio foi prometido como “Tranquilo”, a mesa tem “Normal”"),
    ("Hints was promised as “off”, the table has “on”",
     "Dicas foi prometido como “desligados”, a mesa tem “ligados”"),
    ("Time per move was promised as “Live (not over days)”, the table has “3 days”",
     "Tempo por jogada foi prometido como “Ao vivo (não por dias)”, a mesa tem “3 dias”"),
    ("Time bank was promised as “None”, the table has “9”",
     "Banco de tempo foi prometido como “Nenhum”, a mesa tem “9”"),
    ("mystery was promised as “null”, the table has “x”",
     "mystery foi prometido como “null”, a mesa tem “x”"),
    ("the clocks were promised off, the table has them on",
     "os relógios foram prometidos desligados, a mesa os tem ligados"),
    ("seat 2 was promised as Bot 2, a bot (normal), the table has Bot 2, a bot (easy)",
     "o lugar 2 foi prometido como Bot 2, um bot (normal), a mesa tem Bot 2, um bot (fácil)"),
    ("seat 2 was promised as Bot 2, a bot (normal), the table has Bot 2, a bot (wizard)",
     "o lugar 2 foi prometido como Bot 2, um bot (normal), a mesa tem Bot 2, um bot (wizard)"),
    ("seat 3 was promised as Bea, a person, the table has Bea, a bot (expert)",
     "o lugar 3 foi prometido como Bea, uma pessoa, a mesa tem Bea, um bot (especialista)"),
    ("seat 1 was promised as Hosta, a person, the table has Other, a person",
     "o lugar 1 foi prometido como Hosta, uma pessoa, a mesa tem Other, uma pessoa"),
    ("seat 4 was promised as no seat, the table has Zed, a bot ()",
     "o lugar 4 foi prometido como nenhum lugar, a mesa tem Zed, um bot ()"),
    ("seat 3 was promised as Bea, a person, the table has no seat",
     "o lugar 3 foi prometido como Bea, uma pessoa, a mesa tem nenhum lugar"),
    ("the list of participants is not the one you revealed against",
     "a lista de participantes não é aquela contra a qual você revelou"),
    ("game was promised as \"milehollow\", the table has \"hollowmere\"",
     "game foi prometido como \"milehollow\", a mesa tem \"hollowmere\""),
    ("engine was promised as \"0.9.0\", the table has \"1.0\"",
     "engine foi prometido como \"0.9.0\", a mesa tem \"1.0\""),
    ("Hide the next tile was promised as “on”, the table has “off”",
     "Esconder a próxima peça foi prometido como “ligados”, a mesa tem “desligados”"),
    ("Seat 1 plays was promised as “Ash (moves first)”, the table has “Walnut”",
     "O lugar 1 joga de foi prometido como “Freixo (joga primeiro)”, a mesa tem “Nogueira”"),
    ("Holidays was promised as “None”, the table has “7 days”",
     "Férias foi prometido como “Nenhum”, a mesa tem “7 dias”"),
]


def test_the_engine_words_a_difference_as_the_guest_s_page_did():
    cases = _words_cases()
    assert len(cases) == len(SAID)
    for (want, found), (en, pt) in zip(cases, SAID):
        d = bridge.call({"cmd": "terms_check", "terms": want, "shown": found})["result"]["difference"]
        assert d["words"] == {"en": en, "pt": pt}, (d["path"], d["words"])
