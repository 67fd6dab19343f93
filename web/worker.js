// The engine's home: a module Web Worker running Pyodide with py_engine inside.
//
// Protocol (web/engine.js is the only client):
//   page → worker  {id, cmd, args}
//   worker → page  {id, ok: true, result} | {id, ok: false, error, kind}
//                  {type: "progress", fraction, label, done, total}
//                  {type: "ready", info} | {type: "failed", error}
// Requests are answered strictly in the order they arrive; ones that arrive while Python
// is starting wait in a queue.
//
// Start from the image (the built site): build_site.py writes START below, naming the start
// image — a Pyodide memory snapshot taken at build time with CPython initialised and the
// engine imported (web/lib/pystart.js). The worker downloads the wasm (compiling it as it
// arrives), the image, the emscripten module and the engine's package data all at once, and
// Python is up as soon as the image is in memory: no standard library to download, nothing to
// compile or import. The standard library comes later, only if some module outside the image
// is imported (vtLoadStdlib below).
//
// Normal start (an unbuilt copy, or an image that does not fit this runtime): the stock
// standard library instead of the image, and Python initialises as usual. Either way Pyodide
// asks for files through fetch(); it gets the responses already in flight, counted byte by
// byte for the progress bar.

const START = /*@START@*/ null; // {image, size, buildId, pyodide, data, stdlib, wheel, wasm}

const SITE = new URL("../", import.meta.url);
const PYODIDE = new URL("pyodide/", SITE);
const t0 = performance.now();
const timings = {};

// Only the requests need the database, and only the image needs its helpers: imported while
// the downloads run, so no module fetch stands between this script and the first download.
let dbGet, dbGetAll, dbPut, dbRemove, putRecord, setAside;
const dbModule = import("./lib/db.js").then((db) => ({ get: dbGet, getAll: dbGetAll, put: dbPut, remove: dbRemove, putRecord,
                                                       setAside } = db));
const pystart = import("./lib/pystart.js");
dbModule.catch(() => {});
pystart.catch(() => {});

// --- progress ------------------------------------------------------------------------------------
// label: "download" while bytes arrive, "start" while Python initialises, "engine" while the
// engine is installed and imported, "ready" at the end. fraction never goes backwards.
const files = new Map(); // url -> {done, total}
let knownSizes = null;   // from precache.json: exact (uncompressed) sizes
let lastFraction = 0;
let stage = "download";
let lastPost = 0;

function post(fraction, label, force = false) {
  fraction = Math.max(lastFraction, Math.min(1, fraction));
  const now = performance.now();
  if (!force && fraction === lastFraction && label === stage) return;
  if (!force && now - lastPost < 50 && fraction < 1) return; // at most ~20 updates a second
  lastFraction = fraction;
  stage = label;
  lastPost = now;
  let done = 0, total = 0;
  for (const f of files.values()) { done += f.done; total += f.total || 0; }
  self.postMessage({ type: "progress", fraction, label, done, total });
}

function downloadProgress(force = false) {
  let done = 0, total = 0;
  for (const f of files.values()) {
    if (!f.total) return; // a size still unknown: no honest fraction yet
    done += f.done;
    total += f.total;
  }
  if (stage === "download" && total > 0) post(0.85 * (done / total), "download", force);
}

function sizeOf(url, response) {
  const rel = url.startsWith(SITE.href) ? url.slice(SITE.href.length) : null;
  if (knownSizes && rel && knownSizes[rel]) return knownSizes[rel].size;
  // Content-Length counts compressed bytes when the host compresses; the stream gives
  // decompressed ones, so it is only a size when there is no Content-Encoding.
  const length = Number(response.headers.get("content-length"));
  return length && !response.headers.get("content-encoding") ? length : 0;
}

// fetch() whose body is counted as it streams.
const nativeFetch = self.fetch.bind(self);
async function trackedFetch(url) {
  const entry = { done: 0, total: 0 };
  files.set(url, entry);
  const response = await nativeFetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  entry.total = sizeOf(url, response);
  const counter = new TransformStream({
    transform(chunk, controller) {
      entry.done += chunk.byteLength;
      downloadProgress();
      controller.enqueue(chunk);
    },
    flush() {
      entry.total = Math.max(entry.total, entry.done);
      downloadProgress(true);
      // Every byte is here; what remains is compiling the wasm and starting Python.
      if (stage === "download" && [...files.values()].every((f) => f.total && f.done >= f.total)) {
        timings.downloaded = performance.now() - t0;
        post(0.88, "start", true);
      }
    },
  }, undefined, new ByteLengthQueuingStrategy({ highWaterMark: 32 << 20 }));
  // ^ a deep readable queue: the network keeps pulling even before anyone starts reading.
  const headers = new Headers(response.headers);
  // WebAssembly.compileStreaming insists on this type; some static hosts get it wrong.
  if (url.endsWith(".wasm")) headers.set("content-type", "application/wasm");
  return new Response(response.body.pipeThrough(counter), {
    status: response.status, statusText: response.statusText, headers,
  });
}

// --- the downloads, all at once --------------------------------------------------------------------
const WASM = new URL("pyodide.asm.wasm", PYODIDE).href;
const STDLIB = new URL(START ? START.stdlib : "pyodide/python_stdlib.zip", SITE).href;
// What the image's start mounts as the standard library: no file, an empty zip from memory.
const NO_STDLIB = new URL("vt-no-stdlib.zip", PYODIDE).href;

// The wasm compiles as it arrives, whatever Python is waiting for meanwhile (Pyodide's own
// loader would only start once the image is in); the image needs its bytes too. A built site
// sends it gzip-compressed (START.wasm: a third of the bytes, and a host may not compress it
// itself), inflated here as it streams in.
function inflatedWasm(response) {
  return new Response(response.body.pipeThrough(new DecompressionStream("gzip")),
                      { status: 200, headers: { "content-type": "application/wasm" } });
}
const PACKED = START && START.wasm && typeof DecompressionStream === "function";
const wasm = trackedFetch(PACKED ? new URL(START.wasm, SITE).href : WASM).then((r) => {
  const response = PACKED ? inflatedWasm(r) : r;
  return { bytes: START ? response.clone().arrayBuffer() : null, module: WebAssembly.compileStreaming(response) };
});
const wasmModule = wasm.then((w) => w.module);
const wasmBytes = wasm.then((w) => w.bytes);
for (const p of [wasmModule, wasmBytes]) p.catch(() => {});
const wasmPlaceholders = new WeakSet();
const nativeInstantiateStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (source, imports) => {
  const response = await source;
  if (!wasmPlaceholders.has(response)) return nativeInstantiateStreaming(response, imports);
  const module = await wasmModule;
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

const early = new Map(); // url -> Promise<Response>, each handed out once
function startEarly(url) {
  early.set(url, trackedFetch(url));
}
if (!START) startEarly(STDLIB);
startEarly(new URL("pyodide-lock.json", PYODIDE).href);
const image = START ? trackedFetch(new URL(START.image, SITE).href) : null;
image?.catch(() => {});
const essential = [wasmModule, ...early.values()];
for (const p of essential) p.catch(() => {}); // failures surface in start()

self.fetch = (input, init) => {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url, self.location.href).href;
  if (url === WASM) {
    const placeholder = new Response(null, { headers: { "content-type": "application/wasm" } });
    wasmPlaceholders.add(placeholder);
    return Promise.resolve(placeholder);
  }
  if (url === NO_STDLIB) return pystart.then((p) => new Response(p.EMPTY_ZIP));
  const pending = early.get(url);
  if (pending) {
    early.delete(url);
    return pending;
  }
  return nativeFetch(input, init);
};

const manifest = nativeFetch(new URL("precache.json", SITE).href)
  .then((r) => { if (!r.ok) throw new Error(`precache.json: HTTP ${r.status}`); return r.json(); })
  .then((m) => { knownSizes = m.files; return m; });
// The engine's files: from the image only its package data (its modules are in the image);
// for a normal start the wheel.
const wheelPath = START ? Promise.resolve(START.wheel) : manifest.then((m) => m.engine.wheel);
const download = (path) => trackedFetch(new URL(path, SITE).href).then((r) => r.arrayBuffer());
const engineData = START ? download(START.data) : null;
let wheel = START ? null : wheelPath.then(download);
for (const p of [engineData, wheel]) p?.catch(() => {});
// Warm the module map: Pyodide's own import() of the same URL then finds it loaded.
const asmModule = import(new URL("pyodide.asm.mjs", PYODIDE).href);
asmModule.catch(() => {});

// --- start Python and the engine -------------------------------------------------------------------
let handle = null;
let py = null;

/** The image, decompressed and restored to the snapshot Pyodide made; rejects if it does not fit. */
async function imageBytes() {
  const [helpers, response] = await Promise.all([pystart, image]);
  const bytes = await helpers.gunzip(response.body);
  const problem = helpers.imageProblem(bytes, START);
  if (problem) throw new Error(problem);
  helpers.restoreDataSegments(bytes, await wasmBytes);
  timings.image = performance.now() - t0;
  return bytes;
}

async function loadPython(options) {
  const { loadPyodide, version } = await import(new URL("pyodide.mjs", PYODIDE).href);
  if (options._loadSnapshot && version !== START.pyodide) {
    throw new Error(`the image is for Pyodide ${START.pyodide}, the runtime is ${version}`);
  }
  // Pyodide only logs a failed download and then waits forever: fail as soon as any of the
  // runtime downloads fails instead.
  const downloads = Promise.all(essential).then(() => new Promise(() => {}));
  return Promise.race([downloads, loadPyodide({
    indexURL: PYODIDE.href,
    stdout: (line) => console.log("[python]", line),
    stderr: (line) => console.warn("[python]", line),
    ...options,
  })]);
}

// The image's finder (site_build/start_image.py START_FINDER) calls this for a standard-library module
// the image lacks: the stock zip, fetched synchronously (an import cannot wait) and written
// where the image's standard library was.
self.vtLoadStdlib = (path) => {
  const started = performance.now();
  py.FS.writeFile(path, fetchSyncNow(STDLIB));
  timings.stdlibLater = performance.now() - started;
};
let fetchSyncNow = null;
pystart.then((p) => { fetchSyncNow = p.fetchSync; }, () => {});

async function start() {
  let how = "normal";
  if (START) {
    try {
      py = await loadPython({ _loadSnapshot: imageBytes(), stdLibURL: NO_STDLIB });
      how = "image";
    } catch (e) {
      // Never a dead end: an image that cannot be used costs a normal start, nothing more.
      console.warn("start image unusable, starting Python normally:", e && e.message ? e.message : e);
      timings.imageFailed = performance.now() - t0;
      py = null;
      wheel = wheelPath.then(download);
      wheel.catch(() => {});
    }
  }
  if (!py) {
    if (START) how = "fallback";
    py = await loadPython({ stdLibURL: STDLIB });
  }
  timings.pyodide = performance.now() - t0;
  post(0.95, "engine", true);

  const sitePackages = py.runPython(
    "import sys; f'/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages'");
  if (how === "image") {
    py.unpackArchive(await engineData, "zip", { extractDir: sitePackages });
  } else {
    py.unpackArchive(await wheel, "wheel", { extractDir: sitePackages });
  }
  // Forget only site-packages' cached directory listing (importlib.invalidate_caches() would
  // do the same for every path entry: ~100 ms more).
  py.runPython(`import sys; sys.path_importer_cache.pop(${JSON.stringify(sitePackages)}, None)`);
  // Every visitor starts from the same image: nothing random may stay as the build left it.
  if (how === "image") py.runPython("import sys\nif 'random' in sys.modules: sys.modules['random'].seed()");
  const bridge = py.pyimport("py_engine.bridge");
  handle = bridge.handle;
  await dbModule;
  timings.engine = performance.now() - t0;
  const m = await manifest;
  return {
    pyodide: py.version,
    python: py.runPython("import sys; sys.version.split()[0]"),
    engine: py.runPython("import py_engine; py_engine.__version__"),
    build: m.build,
    start: how,
    timings: { ...timings },
  };
}

// --- requests --------------------------------------------------------------------------------------
// Saves: a bridge answer may carry `persist` (the record WITH its seed) beside its result. It is
// written here, to IndexedDB, and never posted to the page: the page's code never holds the seed
// of a running game. The result says whether the save happened: result.saved = {ok, seq} or
// {ok: false, stale | error}. Commands the worker answers itself, around the bridge:
//   load_table {save, viewer}   resume the saved table `save` (its record read here)
//   saved_record {save}         the record of a FINISHED saved game (its seed is public then)
//   set_aside {save, reason}    move a save that cannot be read out of the way, kept for the player
//   import_save {id, raw}       take over a save of the older localStorage format; answers its public part
//   export_record {table}       the running table's whole record as a file to download (a blob URL)
//   joint_commit {keep?}        draw this device's contribution to a joint seed: {token, commitment,
//                               kept}; with `keep` (a table-to-be's id) it is also written to
//                               `records` as {id: "joint.<keep>", kind: "joint", text}, kept: true
//                               once written, so a reload of the host's page can take it up again
//   joint_kept {keep}           that kept contribution for this visit: {token, commitment}
//   joint_forget {keep}         drop it (the table started, or the host cancelled)
//   new_table {joint: [...]}    entries {who, token} are replaced by that contribution
const queue = [];
let state = "starting"; // "starting" | "ready" | "failed"
let failure = null;
let busy = false;

function bridge(cmd, args) {
  const text = JSON.stringify({ ...(args && typeof args === "object" ? args : {}), cmd });
  return JSON.parse(handle(text));
}

async function persist(p) {
  try {
    const out = await putRecord({ id: p.id, game: p.game, seq: p.seq, over: p.over,
                                  text: JSON.stringify(p.record), updated: Date.now() });
    return out.saved ? { ok: true, seq: p.seq } : { ok: false, stale: out.stale, seq: p.seq };
  } catch (e) {
    return { ok: false, error: String(e && e.message ? e.message : e), seq: p.seq };
  }
}

/** Contributions to joint seeds drawn by joint_commit, by token, for this visit. */
const contributions = new Map();

async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((x) => x.toString(16).padStart(2, "0")).join("");
}

/** 32 bytes from crypto.getRandomValues as 64 lowercase hex characters: a table's secret seed. */
function drawSeed() {
  const b = new Uint8Array(32);
  crypto.getRandomValues(b);
  return [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
}

/** A table-to-be's id, as the host's page makes them (web/app/live/lobby.js). */
function isKeepId(id) {
  return typeof id === "string" && /^[a-z0-9_-]{4,40}$/i.test(id);
}

async function ownCommand(cmd, args) {
  if (cmd === "export_record") {
    // The record with its seed, for the player to keep when saving fails: handed over as a
    // file (a blob URL), so the page offers it for download without reading it.
    const answer = bridge("save_record", { table: args.table });
    if (!answer.ok) return answer;
    const p = answer.persist;
    const url = URL.createObjectURL(new Blob([JSON.stringify(p.record, null, 2)], { type: "application/json" }));
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return { ok: true, result: { url, name: `valley-tables-${p.game}-${p.id}.json` } };
  }
  if (cmd === "joint_commit") {
    // This device's contribution to a joint seed (docs/fairness.md): drawn and kept here, so
    // the page can show its commitment to the others and never holds the contribution itself.
    const contribution = drawSeed();
    const token = drawSeed().slice(0, 32);
    contributions.set(token, contribution);
    let kept = false;
    if (args.keep !== undefined) {
      if (!isKeepId(args.keep)) return { ok: false, error: "not the id of a table-to-be", kind: "bad-request" };
      // Beside the records' seeds, where the page never reads: the guests' commitments are
      // checked against this contribution, so a reload must not draw another.
      try {
        await dbModule;
        await dbPut("records", { id: `joint.${args.keep}`, kind: "joint", text: contribution, updated: Date.now() });
        kept = true;
      } catch (e) {
        console.error("the contribution to the seed could not be kept", e);
      }
    }
    return { ok: true, result: { token, commitment: await sha256Hex(contribution), kept } };
  }
  if (cmd === "joint_kept" || cmd === "joint_forget") {
    if (!isKeepId(args.keep)) return { ok: false, error: "not the id of a table-to-be", kind: "bad-request" };
    await dbModule;
    const id = `joint.${args.keep}`;
    if (cmd === "joint_forget") {
      try {
        await dbRemove(["records"], id);
      } catch (e) {
        return { ok: false, error: `storage unavailable: ${e.message || e}`, kind: "unavailable" };
      }
      return { ok: true, result: true };
    }
    let row;
    try {
      row = await dbGet("records", id);
    } catch (e) {
      return { ok: false, error: `storage unavailable: ${e.message || e}`, kind: "unavailable" };
    }
    if (!row) return { ok: false, error: "this device keeps no contribution for this table", kind: "missing" };
    // Storage is not ours to trust: the exact shape, or nothing.
    if (typeof row !== "object" || row.kind !== "joint" || typeof row.text !== "string" || !/^[0-9a-f]{64}$/.test(row.text)) {
      return { ok: false, error: "the contribution kept for this table is not 64 hex digits", kind: "bad-record" };
    }
    const token = drawSeed().slice(0, 32);
    contributions.set(token, row.text);
    return { ok: true, result: { token, commitment: await sha256Hex(row.text) } };
  }
  if (cmd === "new_table" && Array.isArray(args.joint)) {
    // Entries {who, token} stand for a contribution drawn here by joint_commit.
    const joint = [];
    for (const p of args.joint) {
      if (p && typeof p === "object" && typeof p.token === "string") {
        const contribution = contributions.get(p.token);
        if (!contribution) return { ok: false, error: "this device's contribution to the seed is gone; start again", kind: "bad-request" };
        joint.push({ who: p.who, commitment: await sha256Hex(contribution), contribution });
      } else {
        joint.push(p);
      }
    }
    return bridge("new_table", { ...args, joint });
  }
  if (cmd === "new_table" && args.seed === undefined) {
    return bridge("new_table", { ...args, seed: drawSeed() });
  }
  if (cmd === "load_table" && typeof args.save === "string") {
    const found = await dbGet("records", args.save);
    if (!found) return { ok: false, error: "this table has no saved record on this device", kind: "missing" };
    if (typeof found.text !== "string") return { ok: false, error: "the saved record is not text", kind: "bad-record" };
    // The record must be of the game the table's page state names (a save of another game
    // under this id would open that game inside this table's page).
    const meta = await dbGet("tables", args.save).catch(() => null);
    const game = meta && typeof meta.game === "string" ? meta.game : undefined;
    return bridge("load_table", { text: found.text, save: args.save, viewer: args.viewer ?? null, game });
  }
  if (cmd === "saved_record") {
    const found = typeof args.save === "string" ? await dbGet("records", args.save) : null;
    if (!found) return { ok: false, error: "no saved record with that id", kind: "missing" };
    if (typeof found.text !== "string") return { ok: false, error: "the saved record is not text", kind: "bad-record" };
    const answer = bridge("open_replay", { text: found.text });
    if (!answer.ok) return answer;
    bridge("close", { replay: answer.result.replay });
    if (!answer.result.finished) return { ok: false, error: "this game is not finished", kind: "running" };
    return { ok: true, result: JSON.parse(found.text) };
  }
  if (cmd === "finished_records") {
    // Every finished game saved on this device, for My games: a finished record is public (its
    // seed and seal are in it), and only records the saves mark over are read out.
    await dbModule;
    const rows = await dbGetAll("records");
    const out = [];
    for (const row of rows) {
      if (!row || row.kind === "joint" || row.over !== true || typeof row.text !== "string") continue;
      out.push({ id: row.id, text: row.text, updated: row.updated || 0 });
    }
    return { ok: true, result: out };
  }
  if (cmd === "import_finished") {
    // A finished game's record from a file the player chose: kept only if it verifies (read
    // strictly, every move replayed, the seal checked), under the id the page gives it.
    if (!isKeepId(args.id) || typeof args.text !== "string") return { ok: false, error: "an id and a record", kind: "bad-request" };
    const report = bridge("verify", { text: args.text });
    if (!report.ok) return report;
    if (!report.result.ok) return { ok: true, result: { saved: false, report: report.result } };
    const record = JSON.parse(args.text);
    await dbModule;
    const written = await putRecord({ id: args.id, game: record.game, seq: record.actions.length, over: true,
                                      text: args.text, updated: Date.now() });
    return { ok: true, result: { saved: written.saved, report: report.result } };
  }
  if (cmd === "set_aside") {
    await setAside(String(args.save), String(args.reason || ""));
    return { ok: true, result: true };
  }
  if (cmd === "import_save") {
    let save;
    try {
      save = JSON.parse(args.raw);
    } catch (e) {
      return { ok: false, error: `not JSON (${e.message})`, kind: "bad-record" };
    }
    const record = save && typeof save === "object" ? save.record : null;
    if (!record || typeof record !== "object" || !Array.isArray(record.actions) || typeof save.game !== "string") {
      return { ok: false, error: "not a saved table", kind: "bad-record" };
    }
    const text = JSON.stringify(record);
    const check = bridge("load_table", { text, viewer: null });
    if (!check.ok) return check;
    bridge("close", { table: check.result.table });
    const written = await putRecord({ id: String(args.id), game: save.game, seq: record.actions.length,
                                      over: Boolean(check.result.terminal), text, updated: save.updated || Date.now() });
    return { ok: true, result: { saved: written.saved, summary: check.result } };
  }
  return null;
}

async function answer(msg) {
  const { id, cmd } = msg;
  const args = msg.args && typeof msg.args === "object" ? msg.args : {};
  if (state === "failed") {
    self.postMessage({ id, ok: false, error: `the engine could not start: ${failure}`, kind: "startup" });
    return;
  }
  if (typeof cmd !== "string") {
    self.postMessage({ id, ok: false, error: "a request needs a command name", kind: "bad-request" });
    return;
  }
  let reply;
  try {
    reply = (await ownCommand(cmd, args)) ?? bridge(cmd, args);
  } catch (e) {
    // The bridge never raises for bad input; an exception here is an engine or storage bug.
    console.error(e);
    self.postMessage({ id, ok: false, error: String(e.message || e).trim().split("\n").pop(), kind: "internal" });
    return;
  }
  if (reply.ok && reply.persist) {
    const saved = await persist(reply.persist);
    if (reply.result && typeof reply.result === "object") reply.result.saved = saved;
  }
  self.postMessage(reply.ok ? { id, ok: true, result: reply.result }
                            : { id, ok: false, error: reply.error, words: reply.words, kind: reply.kind });
}

async function drain() {
  if (busy) return;
  busy = true;
  while (queue.length) await answer(queue.shift());
  busy = false;
}

self.addEventListener("message", (event) => {
  const msg = event.data;
  if (!msg || typeof msg !== "object" || !("id" in msg)) return;
  queue.push(msg);
  if (state !== "starting") drain();
});

start().then(
  (info) => {
    state = "ready";
    post(1, "ready", true);
    self.postMessage({ type: "ready", info });
    drain();
  },
  (err) => {
    state = "failed";
    failure = String(err && err.message ? err.message : err);
    console.error("engine startup failed:", err);
    self.postMessage({ type: "failed", error: failure });
    drain();
  },
);
