// The relay pool (web/app/live/relay.js) against relays scripted frame by frame, on a clock of
// the script's own: what the pool sends, when, and what it makes of each answer.
//
//   node relay_pool.mjs <site folder: web/app/live/relay.js and vendor/ inside>
//
// Prints one JSON object: {check: [passed, what was seen]}.

import { pathToFileURL } from "node:url";
import path from "node:path";

const root = process.argv[2];

// --- a clock of our own: Date.now and timers move only when advance() says so -------------------
let clock = Date.UTC(2030, 0, 1);
const timers = new Map();
let timerId = 1;
Date.now = () => clock;
globalThis.setTimeout = (fn, ms) => {
  const id = timerId++;
  timers.set(id, { at: clock + Math.max(0, Number(ms) || 0), fn });
  return id;
};
globalThis.clearTimeout = (id) => { timers.delete(id); };
function advance(ms) {
  const end = clock + ms;
  for (;;) {
    let next = null;
    for (const [id, t] of timers) if (t.at <= end && (!next || t.at < next[1].at)) next = [id, t];
    if (!next) break;
    timers.delete(next[0]);
    clock = next[1].at;
    next[1].fn();
  }
  clock = end;
}
const nowS = () => Math.floor(clock / 1000);

// --- relays scripted by hand: what the page sent, and what the relay says --------------------------
let sockets = [];
class ScriptedSocket {
  constructor(url) {
    this.url = url;
    this.sent = [];
    this.on = {};
    sockets.push(this);
  }
  addEventListener(type, fn) { (this.on[type] ||= []).push(fn); }
  emit(type, e = {}) { for (const fn of this.on[type] || []) fn(e); }
  send(text) { this.sent.push(JSON.parse(text)); }
  close() { this.emit("close"); }
  // the relay's side
  open() { this.emit("open"); }
  say(...msg) { this.emit("message", { data: JSON.stringify(msg) }); }
  of(kind) { return this.sent.filter((m) => m[0] === kind); }
  events() { return this.of("EVENT").map((m) => m[1]); }
}
globalThis.WebSocket = ScriptedSocket;

const relayJs = pathToFileURL(path.join(root, "web", "app", "live", "relay.js")).href;
const pureJs = pathToFileURL(path.join(root, "vendor", "nostr-tools", "lib", "esm", "pure.js")).href;
const { RelayPool, pieceEvent, storedEvent, SKEW_S, STORED_KIND } = await import(relayJs);
const { verifyEvent, getPublicKey, getEventHash } = await import(pureJs);

const key = (n) => new Uint8Array(32).fill(n);
const MINE = key(1);
const PEER = key(2);
const PEER_PUB = getPublicKey(PEER);
const TOPIC = "ab".repeat(16);
const OTHER_TOPIC = "cd".repeat(16);

function newPool(urls, got = []) {
  sockets = [];
  let changes = 0;
  const pool = new RelayPool(urls, {
    accept: (pubkey) => pubkey === PEER_PUB,
    onEvent: (ev) => got.push(ev),
    onChange: () => { changes += 1; },
  });
  pool.listen([TOPIC, OTHER_TOPIC]);
  return { pool, socks: sockets.slice(), got, changes: () => changes };
}
const piece = (n, topic = TOPIC) => ({ topic, content: `piece ${n}`, secretKey: MINE });
const stateOf = (pool, i = 0) => pool.status()[i];

const out = {};
function check(name, ok, seen) {
  out[name] = [!!ok, seen === undefined ? null : seen];
}

// 1. Signed when sent: a piece that waited for the connection carries the time it went, not the time it was queued.
{
  const { pool, socks } = newPool(["wss://a.example"]);
  const queuedAt = nowS();
  pool.publish(piece(1));
  advance(25_000);
  socks[0].open();
  const [ev] = socks[0].events();
  check("signed_when_sent", ev && ev.created_at === nowS() && ev.created_at - queuedAt === 25 && verifyEvent(ev),
    ev && { created_at: ev.created_at, queuedAt });
  // A piece that waited longer than its link's resend has been sent again by now: dropped, not sent late.
  socks[0].close();
  pool.publish(piece(2));
  advance(45_000);
  const again = sockets[sockets.length - 1];
  again.open();
  check("long_waiting_dropped", again.events().length === 0, again.events().length);
  pool.close();
}

// 2. One signature for every relay while fresh; signed again past 20 s.
{
  const { pool, socks } = newPool(["wss://a.example", "wss://b.example", "wss://c.example"]);
  socks[0].open();
  pool.publish(piece(1));
  advance(10_000);
  socks[1].open();
  advance(15_000);
  socks[2].open();
  const [a, b, c] = socks.map((s) => s.events()[0]);
  check("reused_while_fresh", a && b && a.id === b.id, [a && a.id, b && b.id]);
  check("resigned_when_old", c && c.id !== a.id && c.created_at === nowS() && c.content === a.content && verifyEvent(c),
    c && c.created_at - a.created_at);
  pool.close();
}

// 3. rate-limited: nothing more for a while, then the same piece again; the state says so meanwhile.
{
  const { pool, socks } = newPool(["wss://a.example"]);
  const s = socks[0];
  s.open();
  pool.publish(piece(1));
  const first = s.events()[0];
  s.say("OK", first.id, false, "rate-limited: slow down there");
  const st = stateOf(pool);
  pool.publish(piece(2));
  const during = s.events().length;
  advance(1100);
  const after = s.events().slice(1).map((e) => e.content);
  const resent = s.events()[1];
  s.say("OK", resent.id, true, "");
  s.say("OK", s.events()[2].id, true, "");
  check("rate_limited_state", st.state === "rate-limited" && st.reason === "rate-limited: slow down there", st);
  check("rate_limited_waits", during === 1, during);
  check("rate_limited_resent_first", after[0] === "piece 1" && after[1] === "piece 2", after);
  check("rate_limited_recovers", stateOf(pool).state === "open" && pool.problems().length === 0, pool.problems());
  pool.close();
}

// 3b. A burst answered rate-limited past the relay's own burst: one slow-down, not one per refused event.
{
  const { pool, socks } = newPool(["wss://a.example"]);
  const s = socks[0];
  s.open();
  for (let i = 0; i < 8; i++) pool.publish(piece(i));
  const burst = s.events();
  advance(10);
  for (const ev of burst.slice(4)) s.say("OK", ev.id, false, "rate-limited: burst of 4");
  for (const ev of burst.slice(0, 4)) s.say("OK", ev.id, true, "");
  advance(1100);
  const again = s.events().slice(8).map((e) => e.content);
  check("rate_limited_burst_once", burst.length === 8 && again.join() === "piece 4,piece 5,piece 6,piece 7", again);
  pool.close();
}

// 4. AUTH (NIP-42): the challenge answered with the pool's own key; what was refused for want of it goes again.
{
  const { pool, socks } = newPool(["wss://a.example"]);
  const s = socks[0];
  s.open();
  const req = s.of("REQ")[0];
  s.say("CLOSED", "vt", "auth-required: who are you");
  const closedState = stateOf(pool).state;
  // A subscription refused for want of it does not hold our events: they are what brings a challenge from some relays.
  pool.publish(piece(1));
  const ev = s.events()[0];
  check("auth_closed_does_not_hold_events", closedState === "authenticating" && ev && ev.content === "piece 1", closedState);
  s.say("OK", ev.id, false, "auth-required: who are you");
  check("auth_waiting_state", stateOf(pool).state === "authenticating", stateOf(pool));
  pool.publish(piece(2));
  const heldBeforeChallenge = s.events().length === 1;
  s.say("AUTH", "challenge-123");
  const [, auth] = s.of("AUTH")[0] || [];
  const tags = auth ? Object.fromEntries(auth.tags) : {};
  check("auth_answered", auth && auth.kind === 22242 && tags.relay === "wss://a.example" && tags.challenge === "challenge-123"
    && verifyEvent(auth) && auth.pubkey !== getPublicKey(MINE) && Math.abs(auth.created_at - nowS()) < 2, auth);
  const heldUntilAccepted = s.events().length === 1;
  s.say("OK", auth.id, true, "");
  const contents = s.events().slice(1).map((e) => e.content);
  check("auth_then_resent", heldBeforeChallenge && heldUntilAccepted && contents[0] === "piece 1" && contents[1] === "piece 2",
    contents);
  check("auth_then_subscribed", req && s.of("REQ").length === 2, s.of("REQ").length);
  check("auth_state_open", stateOf(pool).state === "open" && stateOf(pool).counts.auths === 1, stateOf(pool));
  pool.close();
}

// 5. Refusals: counted, said with the relay's words; three in a row and the relay is left alone for a while.
{
  const { pool, socks } = newPool(["wss://a.example", "wss://b.example"]);
  const [s, t] = socks;
  s.open();
  t.open();
  for (let i = 0; i < 3; i++) {
    pool.publish(piece(i));
    const ev = s.events()[i];
    s.say("OK", ev.id, false, "blocked: tables are not welcome here");
    t.say("OK", t.events()[i].id, true, "");
  }
  const p = pool.problems();
  check("refusing_said", p.length === 1 && p[0].url === "wss://a.example" && p[0].state === "refusing"
    && p[0].reason === "blocked: tables are not welcome here", p);
  check("refusing_is_a_copy_fewer", pool.open === 1, pool.open);
  for (let i = 3; i < 20; i++) pool.publish(piece(i));
  advance(5000);
  check("refusing_not_hammered", s.events().length === 3 && t.events().length === 20, [s.events().length, t.events().length]);
  advance(30_000);
  pool.publish(piece(99));
  const probe = s.events()[3];
  check("refusing_probed_after_pause", s.events().length === 4 && probe.content === "piece 99", s.events().length);
  s.say("OK", probe.id, true, "");
  check("refusing_clears_on_ok", pool.problems().length === 0 && pool.open === 2, pool.problems());
  // Other reasons, the same way (each prefix of NIP-01), and one with no words at all; an OK clears each.
  const last = () => t.events()[t.events().length - 1];
  const seen = [];
  for (const reason of ["invalid: bad", "restricted: members only", "pow: difficulty 30", "error: database", ""]) {
    advance(1000);
    pool.publish(piece(reason));
    const ev = last();
    t.say("OK", ev.id, false, reason);
    if (reason.startsWith("invalid")) t.say("OK", last().id, false, reason); // signed anew once, refused again
    const st = stateOf(pool, 1);
    seen.push([st.state, st.reason]);
    pool.publish(piece(`${reason} then fine`));
    t.say("OK", last().id, true, "");
  }
  const tt = stateOf(pool, 1);
  check("every_prefix_counted", JSON.stringify(seen) === JSON.stringify([["refusing", "invalid: bad"],
    ["refusing", "restricted: members only"], ["refusing", "pow: difficulty 30"], ["refusing", "error: database"],
    ["refusing", "refused"]]) && tt.counts.refused === 5 && tt.counts.resigned === 1 && tt.state === "open", [seen, tt.counts]);
  pool.close();
}

// 6. CLOSED: subscribed again after a pause; a relay that keeps closing is given up, and says why.
{
  const { pool, socks } = newPool(["wss://a.example"]);
  const s = socks[0];
  s.open();
  s.say("CLOSED", "vt", "error: shutting down idle subscriptions");
  const before = s.of("REQ").length;
  advance(1100);
  check("closed_resubscribed", before === 1 && s.of("REQ").length === 2 && stateOf(pool).state === "open", s.of("REQ").length);
  for (let i = 0; i < 6; i++) {
    s.say("CLOSED", "vt", "error: no more for you");
    advance(20_000);
  }
  const st = stateOf(pool);
  check("closed_given_up", st.state === "not-listening" && st.reason === "error: no more for you" && s.of("REQ").length === 4,
    [st, s.of("REQ").length]);
  // A subscription closed once in a long while (an idle one shut down) is renewed each time.
  const { pool: pool2, socks: socks2 } = newPool(["wss://b.example"]);
  const u = socks2[0];
  u.open();
  for (let i = 0; i < 6; i++) {
    advance(120_000);
    u.say("CLOSED", "vt", "error: idle");
  }
  advance(2000);
  check("closed_rarely_renewed", stateOf(pool2).state === "open" && u.of("REQ").length === 7, u.of("REQ").length);
  pool.close();
  pool2.close();
}

// 7. NOTICE: counted, the last few kept, each bounded to one line.
{
  const { pool, socks } = newPool(["wss://a.example"]);
  const s = socks[0];
  s.open();
  for (let i = 0; i < 12; i++) s.say("NOTICE", `notice ${i}\n${"x".repeat(500)}`);
  const st = stateOf(pool);
  check("notices", st.counts.notices === 12 && st.notices.length === 5 && st.notices[4].startsWith("notice 11 x")
    && st.notices.every((n) => n.length <= 200 && !n.includes("\n")) && st.state === "open", st.notices.map((n) => n.length));
  pool.close();
}

// 8. Reading: the subscription looks back ten minutes; events up to ten minutes off are read, not further.
{
  const got = [];
  const { pool, socks } = newPool(["wss://a.example"], got);
  const s = socks[0];
  s.open();
  const filter = s.of("REQ")[0][2];
  check("since_ten_minutes", filter.since === nowS() - SKEW_S && SKEW_S === 600 && filter["#t"].includes(TOPIC), filter);
  for (const off of [-590, 590, -610, 610]) s.say("EVENT", "vt", pieceEvent(PEER, TOPIC, `at ${off}`, nowS() + off));
  check("skew_window", got.map((e) => e.content).join() === "at -590,at 590", got.map((e) => e.content));
  pool.close();
}

// 9. Forgeries: a failed signature is remembered; a flood from one key is cut off before its signatures are checked.
{
  const got = [];
  const { pool, socks } = newPool(["wss://a.example"], got);
  const s = socks[0];
  s.open();
  const honest = pieceEvent(PEER, TOPIC, "honest", nowS());
  // The honest id and signature with other content: its id no longer matches, so it is not remembered...
  s.say("EVENT", "vt", { ...honest, content: "changed" });
  s.say("EVENT", "vt", honest);
  check("changed_content_does_not_block_honest", got.length === 1 && got[0].content === "honest", got.length);
  // ...a signature that does not hold for its (right) id is, and its repeats cost nothing.
  const forged = pieceEvent(PEER, TOPIC, "forged", nowS());
  forged.sig = (forged.sig[0] === "0" ? "1" : "0") + forged.sig.slice(1);
  let t0 = performance.now();
  s.say("EVENT", "vt", forged);
  const once = performance.now() - t0;
  t0 = performance.now();
  for (let i = 0; i < 200; i++) s.say("EVENT", "vt", forged);
  const repeats = performance.now() - t0;
  const st = stateOf(pool);
  check("forgery_remembered", pool.bad.size === 1 && st.counts.forged === 202 && st.counts.overRate === 0,
    { bad: pool.bad.size, forged: st.counts.forged, once_ms: once, repeats_ms: repeats });
  // Many different forgeries at once from the expected key: only a burst is checked.
  advance(10_000);
  const flood = [];
  for (let i = 0; i < 300; i++) {
    const ev = pieceEvent(PEER, TOPIC, `flood ${i}`, nowS());
    ev.sig = "ab".repeat(64);
    flood.push(ev);
  }
  t0 = performance.now();
  for (const ev of flood) s.say("EVENT", "vt", ev);
  const floodMs = performance.now() - t0;
  const st2 = stateOf(pool);
  check("flood_cut_before_verify", st2.counts.overRate === 300 - 64 && pool.bad.size === 65, { overRate: st2.counts.overRate,
    bad: pool.bad.size, ms: floodMs });
  // Another key's events, right or wrong, are dropped before any of that.
  s.say("EVENT", "vt", pieceEvent(key(9), TOPIC, "stranger", nowS()));
  check("stranger_dropped_first", got.length === 1 && stateOf(pool).counts.forged === st2.counts.forged, got.length);
  // The honest side, a moment later, is heard again.
  advance(2000);
  s.say("EVENT", "vt", pieceEvent(PEER, TOPIC, "honest again", nowS()));
  check("honest_after_flood", got.length === 2 && got[1].content === "honest again", got.map((e) => e.content));
  pool.close();
}

// 10. One queue per topic, served in turn and each capped: a flooding link does not push the others out.
{
  const { pool, socks } = newPool(["wss://a.example"]);
  const s = socks[0];
  for (let i = 0; i < 300; i++) pool.publish(piece(i, TOPIC));
  pool.publish(piece("other 1", OTHER_TOPIC));
  pool.publish(piece("other 2", OTHER_TOPIC));
  s.open();
  const order = s.events().map((e) => e.content);
  check("round_robin", order[0] === "piece 100" && order[1] === "piece other 1" && order[3] === "piece other 2",
    order.slice(0, 5));
  advance(20_000);
  const numbers = s.events().filter((e) => e.tags[0][1] === TOPIC).map((e) => Number(e.content.split(" ")[1]));
  check("per_topic_cap", numbers.length > 100 && Math.min(...numbers) === 100 && new Set(numbers).size === numbers.length,
    [numbers.length, Math.min(...numbers)]);
  pool.close();
}

// 11. A clock far behind: a relay refuses our events as too old; we sign on the other side's time from then on.
{
  const got = [];
  const { pool, socks } = newPool(["wss://a.example"], got);
  const s = socks[0];
  s.open();
  for (let i = 0; i < 3; i++) s.say("EVENT", "vt", pieceEvent(PEER, TOPIC, `peer ${i}`, nowS() + 180));
  pool.publish(piece(1));
  const first = s.events()[0];
  s.say("OK", first.id, false, "invalid: event too old (created_at is more than 60 s ago)");
  const second = s.events()[1];
  check("clock_learnt", got.length === 3 && second && second.content === "piece 1" && second.created_at === nowS() + 180
    && pool.skew === 180 && stateOf(pool).state === "open", second && { created: second.created_at - nowS(), skew: pool.skew });
  // The same refusal of the re-signed one is a refusal.
  s.say("OK", second.id, false, "invalid: event too old");
  check("resigned_once_only", stateOf(pool).state === "refusing" && s.events().length === 2, stateOf(pool));
  pool.close();
}

// 11b. The same before anything was heard from the other side: a short wait, not a refusal, then its time.
{
  const got = [];
  const { pool, socks } = newPool(["wss://a.example"], got);
  const s = socks[0];
  s.open();
  pool.publish(piece(1));
  s.say("OK", s.events()[0].id, false, "invalid: ephemeral event expired");
  s.say("OK", s.events()[1].id, false, "invalid: ephemeral event expired");
  const waiting = s.events().length === 2 && stateOf(pool).state === "open" && stateOf(pool).counts.refused === 0;
  advance(500);
  s.say("EVENT", "vt", pieceEvent(PEER, TOPIC, "peer", nowS() - 240));
  advance(1600);
  const third = s.events()[2];
  check("clock_waits_for_the_other_side", waiting && third && third.created_at === nowS() - 240 && pool.skew === -240,
    { waiting, third: third && third.created_at - nowS(), skew: pool.skew });
  pool.close();
}

// 12. A relay that drops each connection as soon as it opens is not asked again every second.
{
  const { pool } = newPool(["wss://a.example"]);
  const waits = [];
  let last = clock;
  for (let i = 0; i < 6; i++) {
    const s = sockets[sockets.length - 1];
    s.open();
    s.close();
    const n = sockets.length;
    while (sockets.length === n) advance(250);
    waits.push(clock - last);
    last = clock;
  }
  check("reconnect_backs_off", waits[0] >= 1000 && waits[3] >= 8000 && waits[5] >= 15_000, waits);
  pool.close();
}

// --- a stored pool (tables over days) ----------------------------------------------------------------
const KEY3 = key(3);
const KEY3_PUB = getPublicKey(KEY3);
const DAY = 86_400;
function storedPool(urls, expect, got = [], caught = []) {
  sockets = [];
  const pool = new RelayPool(urls, { stored: true, accept: (pubkey, topic) => expect(pubkey, topic),
    onEvent: (ev) => got.push(ev), onCaughtUp: (topic, url) => caught.push([topic, url]) });
  return { pool, socks: sockets.slice(), got, caught };
}
const reqs = (s) => s.of("REQ");

// 13. Each table's backlog in a subscription of its own, one filter, four at a time, after the live one.
{
  const caught = [];
  const { pool, socks } = storedPool(["wss://a.example"], () => true, [], caught);
  const topics = Array.from({ length: 6 }, (_, i) => String(i).repeat(32));
  topics.forEach((t, i) => pool.watch(t, { authors: [i % 2 ? KEY3_PUB : PEER_PUB], since: nowS() - 3 * DAY }));
  pool.watch("f".repeat(32), { authors: null, strangers: true, since: nowS() - DAY });
  pool.watch("e".repeat(32), { authors: [PEER_PUB], strangers: true, since: nowS() - DAY });
  const s = socks[0];
  s.open();
  advance(0);
  const [live, ...backlog] = reqs(s);
  const liveOk = live && live[1] === "vt" && live.length === 4
    && JSON.stringify(live[2]) === JSON.stringify({ kinds: [STORED_KIND], "#t": [...topics, "e".repeat(32)],
      authors: [PEER_PUB, KEY3_PUB], since: nowS() - 60, limit: 200 })
    && JSON.stringify(live[3]) === JSON.stringify({ kinds: [STORED_KIND], "#t": ["f".repeat(32), "e".repeat(32)],
      since: nowS() - 60, limit: 50 });
  check("stored_live_subscription", liveOk, live);
  const first = backlog.map((r) => [r[1], r.length, r[2]]);
  check("stored_backlog_per_topic", backlog.length === 4 && backlog.every((r, i) => r.length === 3 && r[1] === `vc${i + 1}`
    && JSON.stringify(r[2]) === JSON.stringify({ kinds: [STORED_KIND], "#t": [topics[i]], since: nowS() - 3 * DAY,
      authors: [i % 2 ? KEY3_PUB : PEER_PUB], limit: 500 })), first);
  // An end of stored events: the topic is caught up there, the subscription closed, the next read opened.
  s.say("EOSE", "vc2");
  const closed = s.of("CLOSE").map((m) => m[1]);
  check("stored_caught_up_on_eose", JSON.stringify(caught) === JSON.stringify([[topics[1], "wss://a.example"]])
    && closed.includes("vc2") && reqs(s).length === 6 && reqs(s)[5][1] === "vc5", { caught, closed, n: reqs(s).length });
  // A relay that never says so: caught up anyway after 10 s.
  advance(10_000);
  check("stored_caught_up_after_ten_seconds", caught.length === 5, caught.map((c) => c[0][0]));
  for (const r of reqs(s).slice(5)) s.say("EOSE", r[1]);
  advance(0);
  for (const r of reqs(s).slice(5)) s.say("EOSE", r[1]);
  advance(0);
  for (const r of reqs(s).slice(5)) s.say("EOSE", r[1]);
  // Every table's own first, then strangers' last hellos where heard; any key where none is known.
  const filters = reqs(s).slice(1).map((r) => r[2]);
  const anyKey = filters.find((f) => f["#t"][0] === "f".repeat(32));
  const strangers = filters.filter((f) => f["#t"][0] === "e".repeat(32));
  check("stored_any_key_and_strangers", anyKey && !anyKey.authors && anyKey.limit === 50 && strangers.length === 2
    && strangers[0].authors && strangers[0].limit === 500 && !strangers[1].authors && strangers[1].limit === 20
    && filters.indexOf(strangers[1]) === filters.length - 1 && caught.length === 8, { anyKey, strangers, caught: caught.length });
  // Watching a topic again with another key reads its backlog again; the same watch does not.
  const before = reqs(s).length;
  pool.watch(topics[0], { authors: [PEER_PUB], since: nowS() - 3 * DAY });
  advance(0);
  const same = reqs(s).length === before;
  pool.watch(topics[0], { authors: [KEY3_PUB], since: nowS() - 3 * DAY });
  advance(0);
  const again = reqs(s).slice(before);
  check("stored_rewatch_reads_again", same && again.some((r) => r[1] === "vt")
    && again.some((r) => r[1].startsWith("vc") && r[2]["#t"][0] === topics[0] && r[2].authors[0] === KEY3_PUB), again);
  // At most 30 days back.
  pool.watch("9".repeat(32), { authors: [PEER_PUB], since: nowS() - 90 * DAY });
  advance(0);
  const far = reqs(s).find((r) => r[1].startsWith("vc") && r[2]["#t"][0] === "9".repeat(32));
  check("stored_thirty_days_back", far && far[2].since === nowS() - 30 * DAY, far && nowS() - far[2].since);
  pool.close();
}

// 14. Publishing: kind 4050 with exactly the topic and expiration tags; onSent once a relay took it.
{
  const { pool, socks } = storedPool(["wss://a.example", "wss://b.example"], () => true);
  pool.watch(TOPIC, { authors: [PEER_PUB] });
  socks.forEach((x) => x.open());
  let sent = [];
  pool.publish({ topic: TOPIC, content: "piece", secretKey: MINE, expiration: nowS() + 3 * DAY, onSent: (url) => sent.push(url) });
  pool.publish({ topic: TOPIC, content: "only b", secretKey: MINE, expiration: nowS() + DAY, to: "wss://b.example" });
  const [ev] = socks[0].events();
  check("stored_event_tags", ev && ev.kind === 4050 && verifyEvent(ev) && JSON.stringify(ev.tags)
    === JSON.stringify([["t", TOPIC], ["expiration", String(nowS() + 3 * DAY)]]) && socks[0].events().length === 1
    && socks[1].events().length === 2, ev && ev.tags);
  socks[1].say("OK", socks[1].events()[0].id, true, "");
  socks[0].say("OK", ev.id, true, "");
  check("stored_on_sent_once", JSON.stringify(sent) === JSON.stringify(["wss://b.example"]), sent);
  pool.close();
}

// 15. Reading: expired or out of the 30-day window dropped before the budget; a backlog flood from one key cut before verify.
{
  const got = [];
  let asked = 0;
  const { pool, socks } = storedPool(["wss://a.example"], (pubkey) => { asked += 1; return pubkey === PEER_PUB; }, got);
  pool.watch(TOPIC, { authors: [PEER_PUB] });
  const s = socks[0];
  s.open();
  const sub = reqs(s)[1][1];
  const exp = nowS() + 3 * DAY;
  s.say("EVENT", sub, storedEvent(PEER, TOPIC, "kept 29 days", exp, nowS() - 29 * DAY));
  s.say("EVENT", sub, storedEvent(PEER, TOPIC, "expired", nowS() - 1, nowS() - DAY));
  s.say("EVENT", sub, storedEvent(PEER, TOPIC, "31 days old", exp, nowS() - 31 * DAY));
  s.say("EVENT", sub, storedEvent(PEER, TOPIC, "11 minutes ahead", exp, nowS() + 660));
  s.say("EVENT", sub, pieceEvent(PEER, TOPIC, "ephemeral"));
  s.say("EVENT", "other", storedEvent(PEER, TOPIC, "another subscription", exp));
  check("stored_window", got.length === 1 && got[0].content === "kept 29 days" && asked === 1,
    { got: got.map((e) => e.content), asked });
  for (let i = 0; i < 300; i++) s.say("EVENT", sub, storedEvent(PEER, TOPIC, `flood ${i}`, exp, nowS() - i));
  const st = stateOf(pool);
  check("stored_backlog_flood_cut", st.counts.overRate === 300 - 63 && got.length === 64, { overRate: st.counts.overRate,
    got: got.length });
  pool.close();
}

console.log(JSON.stringify(out));
