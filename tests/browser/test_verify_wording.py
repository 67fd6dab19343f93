"""Every verdict of Verify names the field that differs and shows the record's value and the computed
one, labelled the same way on the page and by `python -m py_engine verify`, in English and Portuguese.
A record whose fingerprint was edited is a changed fingerprint (it was reported as a changed seed, with
the computed hash where the record's value belonged).

Screenshots: docs/screens/verify-wording-*.png.
"""
from __future__ import annotations

import copy
import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from py_engine import cli
from tests.browser.test_pages_verify import make_record, open_verify, paste_and_verify
from tests.browser.vt_page import one_device, screenshot

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
LABELS = {"en": ("What differs", "In the record", "Computed"), "pt": ("O que difere", "No registro", "Calculado")}


@pytest.fixture(scope="module")
def record():
    return make_record("elderwood")


def edits(r):
    """(name, the edited record, the field named, the record's value shown, the computed value shown)."""
    real = r["fingerprint"]
    fp = copy.deepcopy(r)
    fp["fingerprint"] = "ab" * 32
    seed = copy.deepcopy(r)
    seed["seed"] = "0" * 64
    scores = copy.deepcopy(r)
    scores["result"]["scores"] = [s + 5 for s in r["result"]["scores"]]
    seal = copy.deepcopy(r)
    seal["seal"] = "cd" * 32
    name = copy.deepcopy(r)
    name["seats"][1]["name"] = "Mallory"
    return [
        ("fingerprint", fp, "fingerprint", "ab" * 32, real),
        ("seed", seed, "seed", "0" * 64, None),
        ("scores", scores, "result.scores", json.dumps(scores["result"]["scores"], separators=(",", ":")),
         json.dumps(r["result"]["scores"], separators=(",", ":"))),
        ("seal", seal, "seal", "cd" * 32, r["seal"]),
        ("name", name, "seal", r["seal"], None),   # the computed seal is the edited record's: not shown here
    ]


def page_facts(page) -> dict[str, str]:
    pairs = page.eval_on_selector_all(".pg-verdict .pg-fact", "fs => fs.map((f) => [f.querySelector('dt').innerText,"
                                      " f.querySelector('dd').innerText])")
    # (values are wrapped in Unicode isolates, so a right-to-left name cannot reorder the line)
    return {k.strip(): v.replace("\u2068", "").replace("\u2069", "").strip() for k, v in pairs}


def cli_facts(tmp_path, r, lang) -> dict[str, str]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(r))
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli.main(["verify", str(path), "--lang", lang]) == 1
    facts = {}
    for line in out.getvalue().splitlines()[1:]:
        label, _, value = line.strip().partition(":")
        facts[label.strip()] = value.strip()
    return facts


@pytest.mark.parametrize("lang,size", [("en", (1280, 800, False)), ("pt", (390, 844, True))])
def test_every_verdict_names_the_field_with_the_record_and_the_computed_value(browser, site, record, tmp_path, lang, size):
    field_l, record_l, computed_l = LABELS[lang]
    w, h, touch = size
    with one_device(browser, w, h, touch=touch) as page:
        open_verify(page, site, lang)
        for name, bad, field, in_record, computed in edits(record):
            assert paste_and_verify(page, json.dumps(bad)) == "invalid", name
            shown = page_facts(page)
            said = cli_facts(tmp_path, bad, lang)
            for facts, who in ((shown, "page"), (said, "cli")):
                assert facts.get(field_l) == field, (name, who, facts)
                assert facts.get(record_l) == in_record, (name, who, facts)
                assert computed_l in facts, (name, who, facts)
                if computed is not None:
                    assert facts[computed_l] == computed, (name, who, facts)
            # The page and the command line say the same three things.
            assert {k: shown[k] for k in LABELS[lang]} == {k: said[k] for k in LABELS[lang]}, name
            if name == "fingerprint":
                page.locator(".pg-verdict").scroll_into_view_if_needed()
                screenshot(page, SCREENS / f"verify-wording-fingerprint-{lang}.png")


def test_a_joint_record_s_contribution_and_seed_show_the_record_s_value_in_words(browser, site, tmp_path):
    """The example record of docs/records.md with a revealed contribution that does not match its
    commitment, and with a participant whose contribution and commitment both changed (the seed is no
    longer the one they make): the page says which, in each language, and shows the record's value —
    the contribution, the seed — with the seed the contributions make as the computed one, as the
    command line does."""
    from py_engine.core.commitments import terms_digest, terms_of_record
    from py_engine.core.fairness import commitment, joint_seed

    r = json.loads((Path(__file__).resolve().parents[1] / "core" / "joint_record.json").read_text(encoding="utf-8"))
    del r["witness"]
    bad = copy.deepcopy(r)
    bad["joint"][1]["contribution"] = "55" * 32
    forged = copy.deepcopy(r)
    forged["joint"][1].update(commitment=commitment("66" * 32), contribution="66" * 32)
    made = joint_seed([r["joint"][0]["contribution"], "66" * 32], terms_digest(terms_of_record(forged)))
    why = {"en": ("does not match the commitment it made", "contributions and the table's terms make"),
           "pt": ("não bate com o compromisso", "contribuições dos participantes e os termos da mesa formam")}
    for lang in ("en", "pt"):
        field_l, record_l, computed_l = LABELS[lang]
        with one_device(browser, 1280, 800) as page:
            open_verify(page, site, lang)
            for k, (edited, field, found, computed) in enumerate(((bad, "joint[1].contribution", "55" * 32, None),
                                                                 (forged, "seed", r["seed"], made))):
                assert paste_and_verify(page, json.dumps(edited, ensure_ascii=False)) == "invalid"
                shown, said = page_facts(page), cli_facts(tmp_path, edited, lang)
                assert shown[field_l] == said[field_l] == field, (shown, said)
                assert shown[record_l] == said[record_l] == found, (shown, said)
                assert shown[computed_l] == said[computed_l] and (computed is None or said[computed_l] == computed)
                assert why[lang][k] in page.locator(".pg-why").inner_text(), page.locator(".pg-why").inner_text()
