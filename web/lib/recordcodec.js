// Records in URLs: base64url of the deflate-raw-compressed JSON text.
// (CompressionStream is in every current browser; the format is plain RFC 1951,
// so `python -c "zlib.decompress(data, -15)"` reads it too.)

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

function toBase64url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "===".slice((b64.length + 3) % 4));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/** A record (object or JSON text) → the short text used after `r=` in a URL. */
export async function encodeRecord(record) {
  const text = typeof record === "string" ? record : JSON.stringify(record);
  const packed = await pipe(new TextEncoder().encode(text), new CompressionStream("deflate-raw"));
  return toBase64url(packed);
}

/** The URL text back to the record object. Throws an Error with a readable message. */
export async function decodeRecord(text) {
  let bytes;
  try {
    bytes = fromBase64url(decodeURIComponent(String(text).trim()));
  } catch (_) {
    throw new Error("the record in the link is not valid base64url");
  }
  let json;
  try {
    json = new TextDecoder().decode(await pipe(bytes, new DecompressionStream("deflate-raw")));
  } catch (_) {
    throw new Error("the record in the link is damaged (it does not decompress)");
  }
  try {
    return JSON.parse(json);
  } catch (_) {
    throw new Error("the record in the link is not JSON");
  }
}
