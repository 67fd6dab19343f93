// This device's memory of the tables it revealed a contribution for, and whether each started.
//
// A host learns the seed once every guest has revealed; a host who then starts over — new
// invitations, the same seats — gets a fresh seed that the guests cannot tell from the first, and
// could do so until one suits it. Nothing a host's page does can be trusted to say so, so each
// guest's device remembers its reveals: a table it revealed for that never started, followed by a
// new table of the same host (the same commitment in the invitation), is a start-over after the
// seed was fixed, and the page says so; the record's witness names it too (docs/live.md).
//
// Kept in localStorage, outside this page's control, so read strictly: an entry that does not read
// is left out; at most MAX entries, none older than DAYS.

const KEY = "vt.live.reveals";
const MAX = 64;
const DAYS = 7;
const HEX64 = /^[0-9a-f]{64}$/;

function load() {
  let list = [];
  try {
    const raw = localStorage.getItem(KEY);
    if (raw && raw.length < 64_000) list = JSON.parse(raw);
  } catch (_) { /* storage blocked or damaged: nothing remembered */ }
  if (!Array.isArray(list)) return [];
  const since = Date.now() - DAYS * 86_400_000;
  return list.filter((e) => e && typeof e === "object" && HEX64.test(e.host) && HEX64.test(e.digest)
    && typeof e.topic === "string" && e.topic.length <= 64 && Number.isFinite(e.at) && e.at > since
    && typeof e.started === "boolean").slice(-MAX);
}

function store(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(-MAX)));
  } catch (_) { /* not remembered: a start-over cannot be told later */ }
}

/** A contribution revealed for the table-to-be whose terms have `digest` (`topic`: the link's). */
export function noteReveal({ host, digest, topic }) {
  const list = load();
  if (list.some((e) => e.digest === digest)) return;
  list.push({ host, digest, topic: String(topic || ""), at: Date.now(), started: false });
  store(list);
}

/** The table whose terms have `digest` started: its reveal was honoured. */
export function markStarted(digest) {
  const list = load();
  const e = list.find((x) => x.digest === digest);
  if (!e || e.started) return;
  e.started = true;
  store(list);
}

/**
 * Reveals for tables that never started, other than `digest`'s: `same` those of the host whose
 * commitment is `host` (a start-over this device can prove), `others` any other (a host that drew
 * a new contribution too cannot be told apart from an unrelated table).
 */
export function unstarted(host, digest = null) {
  const open = load().filter((e) => !e.started && e.digest !== digest);
  return { same: open.filter((e) => e.host === host), others: open.filter((e) => e.host !== host) };
}

/** When this device revealed for the table whose terms have `digest` (null: it did not, here). */
export function revealedAt(digest) {
  const e = load().find((x) => x.digest === digest);
  return e ? e.at : null;
}

/** Call `fn` when another page of this device changes the memory (a new table of the same host). */
export function onRevealsChange(fn) {
  const listener = (e) => { if (e.key === KEY) fn(); };
  window.addEventListener("storage", listener);
  return () => window.removeEventListener("storage", listener);
}
