// Saved tables and preferences in localStorage.
//
// A save is {id, game, record, deadline, updated, ...shell extras}. `record` carries
// the seed (it is the snapshot's record), so a save can rebuild the table exactly.
// A save that cannot be read is never dropped: it is moved to vt.corrupt.<id> so the
// player can download it (and report it) or delete it on purpose.

const TABLE = "vt.table.";
const CORRUPT = "vt.corrupt.";

function store() {
  try {
    return window.localStorage;
  } catch (_) {
    return null;
  }
}

/** A fresh table id: short, URL-safe, unique on this device. */
export function newTableId() {
  const b = new Uint8Array(5);
  crypto.getRandomValues(b);
  const rand = [...b].map((x) => x.toString(36).padStart(2, "0")).join("").slice(0, 8);
  return `${Date.now().toString(36)}${rand}`;
}

export function isTableId(id) {
  return typeof id === "string" && /^[a-z0-9_-]{4,40}$/i.test(id);
}

export function saveTable(save) {
  const s = store();
  if (!s) return false;
  const data = { ...save, updated: Date.now() };
  try {
    s.setItem(TABLE + save.id, JSON.stringify(data));
    return true;
  } catch (e) {
    console.error("autosave failed", e);
    return false;
  }
}

/**
 * Read a save. Returns {save} when it parses and looks like a save, {missing: true}
 * when there is none, or {corrupt: reason, raw} when it cannot be read.
 */
export function readTable(id) {
  const s = store();
  const raw = s ? s.getItem(TABLE + id) : null;
  if (raw === null) return { missing: true };
  let save;
  try {
    save = JSON.parse(raw);
  } catch (e) {
    return { corrupt: `not JSON (${e.message})`, raw };
  }
  const problem = saveProblem(save, id);
  if (problem) return { corrupt: problem, raw };
  return { save };
}

function saveProblem(save, id) {
  if (!save || typeof save !== "object" || Array.isArray(save)) return "not an object";
  if (save.id !== id) return "the id inside does not match";
  if (typeof save.game !== "string") return "no game named";
  if (!save.record || typeof save.record !== "object") return "no record";
  return null;
}

/** Move a save that could not be loaded aside, with the reason, and remove the original. */
export function keepAside(id, reason) {
  const s = store();
  if (!s) return;
  const raw = s.getItem(TABLE + id);
  if (raw === null) return;
  const kept = JSON.stringify({ id, reason: String(reason), moved: Date.now(), raw });
  try {
    s.setItem(CORRUPT + id, kept);
    s.removeItem(TABLE + id);
  } catch (e) {
    // Could not store the copy: leave the original where it is rather than lose it.
    console.error("could not keep the save aside", e);
  }
}

export function deleteTable(id) {
  const s = store();
  if (s) s.removeItem(TABLE + id);
}

function keysWith(prefix) {
  const s = store();
  if (!s) return [];
  const out = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k && k.startsWith(prefix)) out.push(k);
  }
  return out;
}

/** Saves that read cleanly, newest first (optionally of one game). Broken ones are left for listCorrupt. */
export function listTables(game) {
  const out = [];
  for (const k of keysWith(TABLE)) {
    const r = readTable(k.slice(TABLE.length));
    if (r.save && (!game || r.save.game === game)) out.push(r.save);
  }
  return out.sort((a, b) => (b.updated || 0) - (a.updated || 0));
}

/** Saves in vt.table.* that do not even parse (the lobby offers to set them aside). */
export function listUnreadable() {
  const out = [];
  for (const k of keysWith(TABLE)) {
    const id = k.slice(TABLE.length);
    const r = readTable(id);
    if (r.corrupt) out.push({ id, reason: r.corrupt });
  }
  return out;
}

export function listCorrupt() {
  const s = store();
  const out = [];
  for (const k of keysWith(CORRUPT)) {
    const raw = s.getItem(k);
    let item;
    try {
      item = JSON.parse(raw);
    } catch (_) {
      item = { raw };
    }
    out.push({ id: k.slice(CORRUPT.length), reason: item.reason || "", moved: item.moved || 0, raw: item.raw ?? raw });
  }
  return out.sort((a, b) => b.moved - a.moved);
}

export function deleteCorrupt(id) {
  const s = store();
  if (s) s.removeItem(CORRUPT + id);
}

export function getPref(name, fallback) {
  const s = store();
  const v = s ? s.getItem(`vt.${name}`) : null;
  return v === null ? fallback : v;
}

export function setPref(name, value) {
  const s = store();
  try {
    if (s) s.setItem(`vt.${name}`, String(value));
  } catch (_) { /* a preference that is not remembered is harmless */ }
}

/** Offer `text` as a file download named `filename`. */
export function downloadText(filename, text, type = "application/json") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
