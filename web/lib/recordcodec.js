// Records in URLs: base64url of the deflate-raw-compressed JSON text.
// (CompressionStream is in every current browser; the format is plain RFC 1951,
// so `python -c "zlib.decompress(data, -15)"` reads it too.)

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

function toBase64url(bytes) {
  return bytesToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "===".slice((b64.length + 3) % 4));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/** Text → base64url of its deflate-raw bytes (a record after `r=`, a story after `s=`). */
export async function packText(text) {
  return toBase64url(await pipe(new TextEncoder().encode(text), new CompressionStream("deflate-raw")));
}

/** A record (object or JSON text) → the short text used after `r=` in a URL. */
export async function encodeRecord(record) {
  return packText(typeof record === "string" ? record : JSON.stringify(record));
}

/** The most a link's record may unpack to: the verifier's limit (py_engine/core/record.py MAX_BYTES). */
export const MAX_RECORD_BYTES = 5 * 1024 * 1024;

/**
 * The URL text back to the record's bytes, exactly as they were packed (nothing parsed or
 * rewritten: the engine reads them strictly). Decompression streams and stops at `max` bytes:
 * a small link can unpack to hundreds of megabytes. Throws an Error with a readable message
 * (err.kind "too-large" for that one).
 */
export async function decodeRecordBytes(text, max = MAX_RECORD_BYTES, what = "record") {
  let bytes;
  try {
    bytes = fromBase64url(decodeURIComponent(String(text).trim()));
  } catch (_) {
    throw new Error(`the ${what} in the link is not valid base64url`);
  }
  try {
    return await inflateAtMost(bytes, max);
  } catch (e) {
    if (e.kind !== "too-large") throw new Error(`the ${what} in the link is damaged (it does not decompress)`);
    const err = new Error(`the ${what} in the link unpacks to more than ${Math.round(max / (1024 * 1024))} MB; no ${what} is that long`);
    err.kind = "too-large";
    throw err;
  }
}

/**
 * Deflate-raw `bytes` inflated, streamed and stopped once past `max` bytes (a few compressed bytes
 * can stand for gigabytes): throws an Error with kind "too-large" then, the stream's own error for
 * bytes that do not decompress.
 */
export async function inflateAtMost(bytes, max) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      reader.cancel().catch(() => {});
      const err = new Error("too long");
      err.kind = "too-large";
      throw err;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.byteLength; }
  return out;
}

/** Bytes as standard base64 (how the bridge takes a file's bytes: `verify {bytes}`). */
export function bytesToBase64(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** The URL text back to the record object (for showing it; the engine reads the bytes). Throws an Error with a readable message. */
export async function decodeRecord(text) {
  const bytes = await decodeRecordBytes(text);
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch (_) {
    throw new Error("the record in the link is not JSON");
  }
}
