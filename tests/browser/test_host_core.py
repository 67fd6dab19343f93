"""A host's table with no page of its own (web/app/live/hostcore.js; docs/architecture.md, "The host's table").

Two HostCores run at once in one page that shows nothing of them (tests/browser/pages/hostcore.html
and hostcore.js): one engine, one store in the page's memory, and for each core a transport in
memory to scripted guests' pages that speak the real protocol (protocol.js). Table A (Hollowmere):
the host's seat, Ana's device, a bot and a spectator, the clocks on a simulated clock that moves
only when Ana stays silent once (the table then plays her timer move). Table B (Wickerfair, secret
choices): the host and Bea; after six moves the host's core is dropped and another takes the table
up again from the store. Table C (Elderwood over days): the engine's clock through `at` on every
call and DaysClocks; the host's person stops playing, two days pass and nothing is played behind
their back, and the guest claims the game off its turn (early, the engine refuses; late, it ends the
game). Each guest's page joins, reveals against the terms, plays its own seat and, at the end, has
the engine verify the record held to what it was promised and shown.
"""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PAGE = "__test__/hostcore.html"


def test_host_cores_play_whole_tables_with_no_page(page, live_site):
    page.goto(live_site.url(PAGE))
    page.wait_for_function("() => window.__hc && (window.__hc.done || window.__hc.error)", timeout=600_000)
    hc = page.evaluate("() => window.__hc")
    assert hc["error"] is None, (hc["error"], hc["progress"])
    r = hc["result"]
    a, b, c = r["a"], r["b"], r["c"]

    # Nothing of either table touched the document.
    assert r["domChanges"] == 0 and r["sameDocument"], r["domChanges"]

    # Table A: joined, started, made from the joint seed, played to the end (the host and Ana
    # resigned; the bot is left and wins).
    assert a["terminal"] and a["winners"] == [2], a["winners"]
    assert a["names"] == ["Hana", "Ana", "Brook"]      # Ana's name came with her join
    assert a["events"]["arrived"] == 2 and a["events"]["playing"] == 1 and a["events"]["ended"] >= 1
    assert a["events"]["kept"] >= 2                     # the table-to-be, then the started table
    by = {tuple(x) for x in a["log"]}
    assert (1, "timer") in by, a["log"]                 # Ana was silent: her clock ran out on the table's clock
    assert a["silent"] == 1
    assert any(seat == 2 for seat, _ in a["log"])       # the bot moved
    assert any(seat == 1 and how == "seat" for seat, how in a["log"])   # Ana's intents were played
    # The store: the table-to-be until the start, the invitations beside the save while it played,
    # forgotten at the end; the save follows the table.
    assert a["lobbyKept"] and not a["lobbyAfter"]
    assert a["keptWhilePlaying"] and not a["keptAfter"]
    assert a["save"]["summary"]["over"] is True and a["save"]["remote"] == [1]

    ana, spectator = a["guests"]["ana"], a["guests"]["spectator"]
    # Each page was sent its own seat's snapshots only, the whole table once, then only the log's new entries.
    assert ana["viewers"] == ["1"] and spectator["viewers"] == ["null"]
    assert a["hostViewers"] == ["0"]
    for g in (ana, spectator):
        assert not g["errors"], g["errors"]
        assert g["counts"]["whole"] == 1 and g["counts"]["incremental"] > 5, g["counts"]
        assert g["counts"]["terms"] == 1 and g["counts"]["welcome"] == 1
        assert g["verdict"]["ok"], g["verdict"]
    assert {"own", "host", "terms", "moves", "record"} <= set(ana["verdict"]["checks"]), ana["verdict"]["checks"]
    assert ana["counts"]["played"] >= 2

    # Table B: the host's core went mid-game; the next one took the table up from the store with
    # every move, Bea's page came back on a new session, and the game ended as it would have.
    assert b["reopened"] >= b["before"] >= 6
    assert b["terminal"] and b["winners"] == [0]
    assert b["names"] == ["Hal", "Bea"]
    assert b["eventsAfter"]["playing"] == 1 and b["eventsAfter"]["arrived"] == 1
    bea = b["guests"]["bea"]
    assert not bea["errors"], bea["errors"]
    assert bea["counts"]["sessions"] == 2 and bea["counts"]["whole"] == 2, (bea["counts"], bea["wholes"])
    assert bea["viewers"] == ["1"] and b["hostViewers"] == ["0"]
    assert bea["verdict"]["ok"], bea["verdict"]

    # Table C, over days: the engine's clock, judged at the core's `at`; the host's deadline one day
    # after its decision began, an hour of it gone; two days on, nothing played by itself; Cai's
    # claim off its turn, refused early and taken late; Cai's witness holds the times too.
    cai = c["guests"]["cai"]
    assert c["sawDays"] and c["deadline"] >= c["startedAt"] + 86_400
    assert 86_400 - 3_600 - 60 <= c["left"] <= 86_400 - 3_600 + 1, c["left"]
    assert c["stillWaiting"]
    assert len(c["refused"]) == 1 and "runs out only at" in c["refused"][0], c["refused"]
    assert c["terminal"] and c["winners"] == [1]
    assert c["last"] == [1, "@claim:1", c["claimAt"]], c["last"]
    assert not cai["errors"], cai["errors"]
    assert cai["verdict"]["ok"], cai["verdict"]
    assert c["hostViewers"] == ["0"] and cai["viewers"] == ["1"]
