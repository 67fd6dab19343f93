"""The generator of docs/fairness.md, pinned by its published vectors."""
import hashlib
import hmac
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from py_engine.core.commitments import canonical_json, chain, terms_digest
from py_engine.core.fairness import BadSeed, Chance, check_seed, commitment, fingerprint, joint_seed, new_seed

VECTORS = json.loads((Path(__file__).parent / "fairness_vectors.json").read_text())
SEED = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"


@pytest.mark.parametrize("seed,fp", VECTORS["fingerprints"].items())
def test_fingerprint_vectors(seed, fp):
    assert fingerprint(seed) == fp
    assert fp == hashlib.sha256(seed.encode()).hexdigest()


@pytest.mark.parametrize("entry", VECTORS["stream_bytes"])
def test_stream_bytes_vectors(entry):
    assert Chance(entry["seed"]).stream(entry["label"]).read(entry["bytes"]).hex() == entry["hex"]


@pytest.mark.parametrize("entry", VECTORS["bot_streams"])
def test_bot_stream_vectors(entry):
    """A bot's key is the first 32 bytes of stream bot/<seat>; its stream at move n is move/<n> under that key."""
    from py_engine.core.fairness import bot_key
    assert bot_key(bytes.fromhex(entry["seed"]), entry["seat"]).hex() == entry["key"]
    assert Chance(entry["seed"]).bot_stream(entry["seat"], entry["move"]).read(entry["bytes"]).hex() == entry["hex"]


def test_stream_is_hmac_counter_mode():
    """Block i = HMAC-SHA256(seed bytes, label ‖ 0x00 ‖ i as 8-byte big-endian)."""
    key = bytes.fromhex(SEED)
    expected = b"".join(hmac.new(key, b"x/y\x00" + i.to_bytes(8, "big"), hashlib.sha256).digest() for i in range(3))
    s = Chance(SEED).stream("x/y")
    assert s.read(5) + s.read(50) + s.read(41) == expected


@pytest.mark.parametrize("entry", VECTORS["below"])
def test_below_vectors(entry):
    s = Chance(entry["seed"]).stream(entry["label"])
    assert [s.below(entry["n"]) for _ in entry["values"]] == entry["values"]


@pytest.mark.parametrize("entry", VECTORS["shuffle"])
def test_shuffle_vectors(entry):
    items = list(range(52))
    Chance(entry["seed"]).stream(entry["label"]).shuffle(items)
    assert items == entry["result"]
    assert sorted(items) == list(range(52))


def test_below_rejects_instead_of_modulo():
    """below(3) uses 2 bits; a drawn 3 is rejected, never folded onto 0."""
    s = Chance(SEED).stream("test/reject")
    raw = Chance(SEED).stream("test/reject")
    draws = [s.below(3) for _ in range(200)]
    accepted = [b & 3 for b in raw.read(400) if (b & 3) < 3][:200]
    assert draws == accepted


def test_below_one_reads_nothing_and_bad_n_refused():
    a, b = Chance(SEED).stream("t"), Chance(SEED).stream("t")
    assert a.below(1) == 0
    assert a.below(100) == b.below(100)
    with pytest.raises(ValueError):
        a.below(0)


def test_labels_are_independent_and_remembered():
    c = Chance(SEED)
    first = c.stream("a").read(4)
    assert c.stream("a").read(4) != first  # the same label goes on where it stopped
    assert Chance(SEED).stream("b").read(4) != first
    assert c.fresh("a").read(4) == first  # fresh starts over and is not remembered


def test_clone_copies_positions():
    c = Chance(SEED)
    c.stream("a").read(7)
    d = c.clone()
    assert c.stream("a").read(9) == d.stream("a").read(9)


@pytest.mark.parametrize("bad", ["", "00" * 31, "0" * 63 + "G", "A" * 64, "0" * 65, None, 12])
def test_bad_seeds_refused(bad):
    with pytest.raises(BadSeed):
        check_seed(bad)


def test_new_seed_shape():
    s = new_seed()
    assert check_seed(s) == s and s != new_seed()


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_independent_javascript_implementation_agrees():
    here = Path(__file__).parent
    out = subprocess.run(["node", str(here / "fairness_reference.mjs"), str(here / "fairness_vectors.json")],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "all vectors match" in out.stdout


def test_docs_publish_the_pinned_vectors():
    doc = (Path(__file__).parents[2] / "docs" / "fairness.md").read_text()
    for fp in VECTORS["fingerprints"].values():
        assert fp in doc
    for e in VECTORS["stream_bytes"]:
        assert e["hex"] in doc
    for e in VECTORS["shuffle"]:
        assert str(e["result"]) in doc
    for e in VECTORS["bot_streams"]:
        assert e["key"] in doc and e["hex"] in doc
    for e in VECTORS["joint_seeds"]:
        assert e["seed"] in doc
    for e in VECTORS["joint_terms"]:
        assert e["canonical"] in doc and e["digest"] in doc and e["seed"] in doc
    for e in VECTORS["move_chains"]:
        assert all(x in doc for x in e["values"])


@pytest.mark.parametrize("entry", VECTORS["joint_terms"])
def test_joint_terms_vectors(entry):
    """The terms' canonical JSON, its digest and the seed made with it (record version 4)."""
    assert canonical_json(entry["terms"]).decode("utf-8") == entry["canonical"]
    assert terms_digest(entry["terms"]) == entry["digest"]
    assert joint_seed(entry["contributions"], entry["digest"]) == entry["seed"]
    assert joint_seed(entry["contributions"]) != entry["seed"]


@pytest.mark.parametrize("entry", VECTORS["move_chains"])
def test_move_chain_vectors(entry):
    """The chain of docs/fairness.md; at a table over days each step also binds the action's time."""
    assert chain(entry["seed"], entry["actions"], entry["actors"], entry.get("times")) == entry["values"]


@pytest.mark.parametrize("entry", VECTORS["joint_seeds"])
def test_joint_seed_vectors(entry):
    """'The seed = SHA-256 … of valley-tables/joint-seed/1 followed, for each participant in the
    table's order, by one byte 0x00 and that participant's contribution' (docs/fairness.md)."""
    assert joint_seed(entry["contributions"]) == entry["seed"]
    assert [commitment(c) for c in entry["contributions"]] == entry["commitments"]


def test_joint_seed_depends_on_every_contribution_and_their_order():
    a, b, c = "00" * 32, "ff" * 32, "ab" * 32
    seeds = {joint_seed([a, b]), joint_seed([b, a]), joint_seed([a, c]), joint_seed([a]), joint_seed([a, b, c])}
    assert len(seeds) == 5
    for bad in ([], ["00" * 31], [a] * 17, [a, "AB" * 32]):
        with pytest.raises(BadSeed):
            joint_seed(bad)
