"""The live tables' relay pool (web/app/live/relay.js) against relays scripted frame by frame, in
node on a clock of the script's own (tests/node/relay_pool.mjs): signing at send time, what it
does with OK false / CLOSED / NOTICE / AUTH, clock skew, forged and flooding events, one fair
queue per topic. The browser tests (tests/browser/test_live_relays.py) play whole tables through
a strict relay double; this says exactly what the pool sends and when."""
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
SCRIPT = ROOT / "tests" / "node" / "relay_pool.mjs"

CHECKS = {
    "signed_when_sent": "a piece queued before the relay answered is signed when it goes",
    "long_waiting_dropped": "a piece that waited past its link's resend is not sent late",
    "reused_while_fresh": "one signature serves every relay while it is fresh",
    "resigned_when_old": "past 20 s a relay gets the piece signed anew",
    "rate_limited_state": "rate-limited: the relay's state and words",
    "rate_limited_waits": "rate-limited: nothing more for a while",
    "rate_limited_resent_first": "rate-limited: the piece goes again, first",
    "rate_limited_recovers": "rate-limited: an OK clears it",
    "rate_limited_burst_once": "the rest of a burst refused with it slows down once, not once each",
    "auth_closed_does_not_hold_events": "CLOSED auth-required before a challenge: authenticating, events still go",
    "auth_waiting_state": "auth-required: authenticating, held",
    "auth_answered": "AUTH: a kind-22242 answer with the relay and challenge tags, the pool's own key",
    "auth_then_resent": "auth-required: what was refused goes again once accepted",
    "auth_then_subscribed": "CLOSED auth-required: subscribed again once accepted",
    "auth_state_open": "authenticated: open",
    "refusing_said": "blocked: the relay is said to refuse, in its words",
    "refusing_is_a_copy_fewer": "a refusing relay is not counted as open",
    "refusing_not_hammered": "three refusals in a row: nothing more to that relay for a while, the others go on",
    "refusing_probed_after_pause": "after the pause one piece tries again",
    "refusing_clears_on_ok": "an OK clears the refusal",
    "every_prefix_counted": "invalid/restricted/pow/error/no words: each a refusal, invalid: signed anew once",
    "closed_resubscribed": "CLOSED: subscribed again after a pause",
    "closed_given_up": "CLOSED again and again: given up, said in the relay's words",
    "closed_rarely_renewed": "CLOSED once in a long while: renewed each time",
    "notices": "NOTICE: counted, the last five kept, one line each",
    "since_ten_minutes": "the subscription looks back ten minutes",
    "skew_window": "events within ten minutes either way are read, not further",
    "changed_content_does_not_block_honest": "a changed copy of an honest event does not block it",
    "forgery_remembered": "a failed signature is remembered; its repeats are not checked again",
    "flood_cut_before_verify": "a flood from one key: only a burst is checked",
    "stranger_dropped_first": "an unexpected key costs nothing",
    "honest_after_flood": "the honest side is heard after the flood",
    "round_robin": "topics are served in turn",
    "per_topic_cap": "each topic's queue is capped (the oldest go)",
    "clock_learnt": "a clock far behind: signed on the other side's time after an invalid: refusal",
    "resigned_once_only": "signed anew once only, then a refusal",
    "clock_waits_for_the_other_side": "refused as stale before the other side was heard: a short wait, then its time",
    "reconnect_backs_off": "a relay that drops each connection is asked again less and less often",
    "stored_live_subscription": "stored: one live subscription, the known keys' topics and strangers' since a minute ago",
    "stored_backlog_per_topic": "stored: each table's backlog in a subscription of its own, one filter, four at a time",
    "stored_caught_up_on_eose": "stored: EOSE: the topic is caught up there, its subscription closed, the next opened",
    "stored_caught_up_after_ten_seconds": "stored: no EOSE within 10 s: caught up anyway",
    "stored_any_key_and_strangers": "stored: any key where none is known; strangers' last hellos after every table's own",
    "stored_rewatch_reads_again": "stored: watched with another key, the backlog is read again; the same watch reads nothing",
    "stored_thirty_days_back": "stored: a backlog is read at most 30 days back",
    "stored_event_tags": "stored: kind 4050, exactly the topic and expiration tags; to one relay when asked",
    "stored_on_sent_once": "stored: onSent once, when a relay took it",
    "stored_window": "stored: expired, older than 30 days, 10 minutes ahead or ephemeral: dropped before the budget",
    "stored_backlog_flood_cut": "stored: a backlog flood from one key: only a burst is checked",
}


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_relay_pool_acts_on_what_relays_say(tmp_path):
    if not (ROOT / "node_modules" / "nostr-tools" / "package.json").exists():
        pytest.skip("node_modules missing (npm ci)")
    from site_build.vendor import vendor

    vendor(tmp_path)
    live = tmp_path / "web" / "app" / "live"
    live.mkdir(parents=True)
    for name in ("relay.js", "relayone.js"):
        shutil.copy(ROOT / "web" / "app" / "live" / name, live / name)
    (tmp_path / "package.json").write_text('{"type": "module"}')
    out = subprocess.run(["node", str(SCRIPT), str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert set(got) == set(CHECKS), set(got) ^ set(CHECKS)
    failed = {name: got[name][1] for name in CHECKS if not got[name][0]}
    assert not failed, "\n".join(f"{CHECKS[k]}: {v}" for k, v in failed.items())
