// Valley Tables service worker: after one visit, every page, the Python runtime and the
// engine come from this cache, so play and verification work offline.
//
// build_site.py copies this file to the site root (so its scope is the whole site) and
// replaces the placeholder below with {build, files: {path: sha256}, lazy: [path]} for every
// file in dist/. A new build therefore changes these bytes, the browser installs the new worker,
// and the new worker fills a fresh cache (reusing unchanged files from the old one).
const MANIFEST = /*@PRECACHE@*/ null;

const PREFIX = "vt-";
const CACHE = MANIFEST ? PREFIX + MANIFEST.build : null;
const SCOPE = new URL("./", self.location.href);
const PARALLEL = 6;

async function sha256Hex(buffer) {
  const digest = await crypto.subtle.digest("SHA-256", buffer);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

// The old cache's entry for a path, when it holds exactly the bytes this build wants.
async function reusable(oldCaches, path, hash) {
  for (const name of oldCaches) {
    const cache = await caches.open(name);
    const resp = await cache.match(new URL(path, SCOPE).href);
    if (resp && resp.headers.get("x-vt-sha256") === hash) return resp;
  }
  return null;
}

// Fetch (revalidating against the HTTP cache), check the bytes against the build's hash
// so the cache can never hold a mix of two builds, and tag the entry with its hash.
async function download(path, hash) {
  const resp = await fetch(new URL(path, SCOPE).href, { cache: "no-cache" });
  if (!resp.ok) throw new Error(`precache: ${path}: HTTP ${resp.status}`);
  const body = await resp.arrayBuffer();
  if (hash && (await sha256Hex(body)) !== hash) {
    throw new Error(`precache: ${path} does not match this build (a deploy in progress?)`);
  }
  const headers = new Headers(resp.headers);
  if (hash) headers.set("x-vt-sha256", hash);
  return new Response(body, { status: 200, statusText: "OK", headers });
}

// Files cached the first time a page uses them rather than at install (MANIFEST.lazy): what
// only a fallback start or the PyScript docs page needs. The start image makes them
// unnecessary for playing and verifying, and leaving them out keeps a first visit light.
const LAZY = new Set(MANIFEST ? MANIFEST.lazy || [] : []);
const EAGER = MANIFEST ? Object.keys(MANIFEST.files).filter((p) => !LAZY.has(p)) : [];

async function precache() {
  const cache = await caches.open(CACHE);
  const old = (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== CACHE);
  // A lazy file an earlier build already cached, with the same bytes, comes along.
  for (const path of LAZY) {
    const resp = await reusable(old, path, MANIFEST.files[path]);
    if (resp) await cache.put(new URL(path, SCOPE).href, resp);
  }
  const jobs = EAGER.map((path) => [path, MANIFEST.files[path]]);
  jobs.push(["precache.json", null]);
  let next = 0;
  async function lane() {
    while (next < jobs.length) {
      const [path, hash] = jobs[next++];
      const url = new URL(path, SCOPE).href;
      if (hash && (await cache.match(url))?.headers.get("x-vt-sha256") === hash) continue;
      const resp = (hash && (await reusable(old, path, hash))) || (await download(path, hash));
      await cache.put(url, resp);
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, lane));
}

// Tell open pages why offline mode could not be set up (the browser retries on a later visit).
async function reportFailure(err) {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) {
    client.postMessage({ type: "vt-sw-error", build: MANIFEST.build, error: String(err && err.message || err) });
  }
  throw err;
}

// A new build waits: the pages open now keep being served the build they started with (one
// visit, one version). They offer "A new version is ready — reload"; the person's click sends
// "vt-sw-skip-waiting", and the reload then runs the new build throughout.
self.addEventListener("install", (event) => {
  if (!MANIFEST) return; // an unbuilt copy: behave as if there were no service worker
  event.waitUntil(precache().catch(reportFailure));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// Map a request to the cached file: "/" and "dir/" are their index.html; a query string is
// ignored (the files are static; routes and records travel in the #fragment).
function cacheKey(request) {
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return null;
  url.search = "";
  url.hash = "";
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  return url.href;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (!CACHE || request.method !== "GET") return;
  const key = cacheKey(request);
  if (!key) return;
  event.respondWith((async () => {
    // caches.match (not caches.open) so that a worker being replaced never re-creates its
    // deleted cache while it finishes a last request.
    const hit = await caches.match(key, { cacheName: CACHE });
    if (hit) return hit;
    const path = key.slice(SCOPE.href.length);
    if (LAZY.has(path)) {
      try {
        const resp = await download(path, MANIFEST.files[path]);
        if (await caches.has(CACHE)) await (await caches.open(CACHE)).put(key, resp.clone());
        return resp;
      } catch (_) { /* fall through to the plain request, which reports the failure */ }
    }
    return fetch(request); // not part of the build (or the cache was evicted): the network
  })());
});

// Pages can ask which build is cached (shown in the guide's offline section, used by tests).
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "vt-sw-skip-waiting") {
    self.skipWaiting();
    return;
  }
  if (event.data && event.data.type === "vt-sw-status") {
    event.waitUntil((async () => {
      const cache = CACHE && (await caches.has(CACHE)) ? await caches.open(CACHE) : null;
      const keys = cache ? (await cache.keys()).map((r) => r.url.slice(SCOPE.href.length)) : [];
      const count = keys.filter((p) => !LAZY.has(p)).length;
      const expected = MANIFEST ? EAGER.length + 1 : 0;
      // Controlled pages reach a new worker as soon as it is activating, before its old
      // caches are gone: only an "activated" worker calls itself complete.
      const state = self.serviceWorker ? self.serviceWorker.state : "activated";
      event.source?.postMessage({ type: "vt-sw-status", build: MANIFEST?.build ?? null, state,
                                  cached: count, expected,
                                  complete: !!MANIFEST && count >= expected && state === "activated" });
    })());
  }
});

// A "your turn" notice (web/app/turns.js) opens its table: an open page of the site is focused and
// sent there, else a new window opens at it. Only addresses of this site are followed.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const href = event.notification.data && typeof event.notification.data.href === "string" ? event.notification.data.href : "";
  const target = new URL(`index.html${href.startsWith("#/") ? href : ""}`, SCOPE).href;
  event.waitUntil((async () => {
    const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const page = pages.find((c) => c.url.startsWith(SCOPE.href));
    if (page) {
      await page.focus();
      if (page.navigate) await page.navigate(target).catch(() => {});
      return;
    }
    await self.clients.openWindow(target);
  })());
});

// --- a check for tables over days while no page is open ------------------------------------------
// Periodic Background Sync (Chromium, the site installed; web/app/turns.js registers it while the
// person has notices on): the browser wakes this worker now and then, and it asks the relays whether
// anything new waits for this device's tables over days. It holds no key and reads nothing of the
// mail: for each table it asks for stored events on the table's topic by the other side's key, newer
// than the newest this device read (the mailbox's rows, web/app/days/store.js). When something
// waits, one notice and the app's badge; the moves themselves are taken when a page opens.
const DAYS_SYNC = "vt-days-mail";
const DAYS_DB = "valley-tables-days";
/** Bounds: a wake-up is short and a relay is a stranger. */
const CHECK_RELAYS = 4;
const CHECK_TABLES = 128;
const CHECK_WAIT_MS = 10_000;
const CHECK_FRAME = 32_000;

self.addEventListener("periodicsync", (event) => {
  if (event.tag === DAYS_SYNC) event.waitUntil(checkDays().catch((e) => console.warn("days check:", e && e.message)));
});

/** The mailbox rows of this device, or none (never creating the database when it is not there). */
async function dayBoxes() {
  if (indexedDB.databases && !(await indexedDB.databases()).some((d) => d.name === DAYS_DB)) return [];
  const db = await new Promise((ok, no) => {
    const req = indexedDB.open(DAYS_DB);
    req.onupgradeneeded = () => req.transaction.abort(); // not there after all: make nothing
    req.onsuccess = () => ok(req.result);
    req.onerror = () => no(req.error);
  });
  try {
    if (!db.objectStoreNames.contains("boxes")) return [];
    return await new Promise((ok, no) => {
      const req = db.transaction("boxes").objectStore("boxes").getAll(undefined, CHECK_TABLES);
      req.onsuccess = () => ok(req.result);
      req.onerror = () => no(req.error);
    });
  } finally {
    db.close();
  }
}

/** The topics (of `want`: topic → {key, newest}) with an event newer than their newest on one relay. */
function askRelay(url, want) {
  return new Promise((resolve) => {
    const found = new Set();
    let ws;
    const end = () => { clearTimeout(timer); try { ws.close(); } catch (_) { /* closed */ } resolve(found); };
    const timer = setTimeout(end, CHECK_WAIT_MS);
    try {
      ws = new WebSocket(url);
    } catch (_) {
      end();
      return;
    }
    const sub = "vt-check";
    ws.onopen = () => {
      const entries = [...want.entries()];
      const since = Math.min(...entries.map(([, w]) => w.newest)) + 1;
      ws.send(JSON.stringify(["REQ", sub, { kinds: [4050], "#t": entries.map(([t]) => t),
        authors: [...new Set(entries.map(([, w]) => w.key))], since, limit: 50 }]));
    };
    ws.onmessage = (m) => {
      if (typeof m.data !== "string" || m.data.length > CHECK_FRAME) return;
      let msg;
      try { msg = JSON.parse(m.data); } catch (_) { return; }
      if (!Array.isArray(msg) || msg[1] !== sub) return;
      if (msg[0] === "EOSE" || msg[0] === "CLOSED") { end(); return; }
      const ev = msg[0] === "EVENT" ? msg[2] : null;
      if (!ev || !Array.isArray(ev.tags)) return;
      const tag = ev.tags.find((x) => Array.isArray(x) && x[0] === "t");
      const w = tag && want.get(tag[1]);
      if (w && ev.pubkey === w.key && Number.isSafeInteger(ev.created_at) && ev.created_at > w.newest) found.add(tag[1]);
    };
    ws.onerror = end;
    ws.onclose = end;
  });
}

async function checkDays() {
  if (Notification.permission !== "granted") return;
  const byRelay = new Map();
  for (const b of await dayBoxes()) {
    if (!b || typeof b.topic !== "string" || typeof b.peerKey !== "string" || !Array.isArray(b.relays)) continue;
    for (const url of b.relays.slice(0, CHECK_RELAYS)) {
      if (typeof url !== "string" || !/^wss?:\/\//.test(url)) continue;
      if (!byRelay.has(url)) byRelay.set(url, new Map());
      byRelay.get(url).set(b.topic, { key: b.peerKey, newest: Number(b.newest) || 0 });
    }
  }
  const relays = [...byRelay.entries()].slice(0, CHECK_RELAYS);
  const found = new Set();
  for (const set of await Promise.all(relays.map(([url, want]) => askRelay(url, want)))) for (const t of set) found.add(t);
  if (!found.size) return;
  const pt = (self.navigator.language || "").toLowerCase().startsWith("pt");
  if (self.navigator.setAppBadge) self.navigator.setAppBadge().catch(() => {});
  await self.registration.showNotification(pt ? "Valley Tables: chegou algo" : "Valley Tables: something arrived", {
    body: pt ? `Chegou algo em ${found.size === 1 ? "uma mesa" : `${found.size} mesas`} ao longo de dias. Abra o site para ver.`
      : `Something arrived at ${found.size === 1 ? "a table" : `${found.size} tables`} over days. Open the site to see it.`,
    tag: DAYS_SYNC, icon: "web/icons/app-192.png", data: { href: "#/" },
  });
}
