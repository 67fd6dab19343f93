"""The hostile-record corpus (tests/hostile_records.py) through the CLI and the bridge: the same
verdict and the same words for every case, given as a file's bytes and, where the bytes are
text, as text. The Verify page runs the same corpus (tests/browser/test_pages_verify.py)."""
from __future__ import annotations

import base64
import json

import pytest

from py_engine import bridge, cli
from tests import hostile_records

CASES = hostile_records.cases()


def call(cmd, **args):
    return json.loads(bridge.handle(json.dumps({"cmd": cmd, **args})))


@pytest.mark.parametrize("name,raw,valid", CASES, ids=[c[0] for c in CASES])
def test_cli_and_bridge_agree_case_by_case(tmp_path, capsys, name, raw, valid):
    path = tmp_path / "record.json"
    path.write_bytes(raw)
    code = cli.main(["verify", str(path)])
    said = capsys.readouterr().out
    assert (code == 0) is valid, (name, said)
    assert "\x1b" not in said and "\r" not in said and "\u202e" not in said
    answer = call("verify", bytes=base64.b64encode(raw).decode())
    assert answer["ok"], answer
    report = answer["result"]
    assert report["ok"] is valid, (name, report["summary"])
    assert said.splitlines()[0] == cli.printable(("OK: " if valid else "INVALID: ") + report["summary"])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return
    # As text (a paste): the same verdict, except what only bytes can carry (a byte order mark
    # is a character once decoded, and the reader refuses it as such).
    as_text = call("verify", text=text)["result"]
    assert as_text["ok"] is valid, (name, as_text["summary"])
