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
