// The keys of an internet table's link, and the sealed pieces that go through the relays.
//
// An invitation's secret gives both ends the table's topic on the relays and one AES-GCM *link
// key* per direction (WebCrypto HKDF-SHA-256): enough to find each other and to seal the
// handshake, nothing more. Each side signs its events with a Nostr key of its own: the host's is
// drawn for the invitation and its public key travels in the link (so nobody else can speak as
// the host), the guest's is drawn by its device when it first opens the link (so the seat is
// pinned to that device). Each session agrees fresh *session keys* by ECDH (P-256, ephemeral
// keys in the hello and its answer): whatever is sealed after the handshake cannot be read with
// the link alone, and a session's keys are forgotten with it.
//
// Everything that goes through a relay is a batch of messages, compressed, cut into pieces of
// one fixed size and each piece sealed (AES-GCM, a fresh 12-byte nonce, the direction and topic
// as additional data). A relay sees only pieces of equal length: a move, a reveal and a
// snapshot look alike except for how many pieces a long one takes.

import { inflateAtMost } from "../../lib/recordcodec.js";

const enc = new TextEncoder();
const dec = new TextDecoder("utf-8", { fatal: true });

/** Secret bytes in an invitation (128 bits). */
export const SECRET_BYTES = 16;
/** Plain bytes in one piece (its header included); a sealed piece's text is always the same length. */
export const PIECE = 6000;
const HEADER = 16; // batch id (8) · index (2) · count (2) · length used (4)
/** The most pieces one batch may take (so at most ~380 KB compressed). */
export const MAX_PIECES = 64;
/** The most text a batch may expand to. */
export const MAX_BATCH = 8_000_000;

export function toB64u(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromB64u(text) {
  const b = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out;
}

const hex = (bytes) => [...bytes].map((x) => x.toString(16).padStart(2, "0")).join("");

export function newSecret() {
  const b = new Uint8Array(SECRET_BYTES);
  crypto.getRandomValues(b);
  return toB64u(b);
}

export function isSecret(text) {
  return typeof text === "string" && /^[A-Za-z0-9_-]{22}$/.test(text);
}

/** A random id (a page's session on a link): 12 hex characters. */
export function newSessionId() {
  const b = new Uint8Array(6);
  crypto.getRandomValues(b);
  return hex(b);
}

async function derive(base, info, bytes) {
  const bits = await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt: enc.encode("valley-tables live v1"),
    info: enc.encode(info) }, base, bytes * 8);
  return new Uint8Array(bits);
}

/**
 * The link keys of one invitation: {topic, toGuest, toHost (AES-GCM CryptoKeys)}. Both ends derive
 * the same from the secret; so does anyone else who holds the link, which is why they seal only
 * the handshake.
 */
export async function keysFor(secret) {
  if (!isSecret(secret)) throw new Error("not an invitation secret");
  const base = await crypto.subtle.importKey("raw", fromB64u(secret), "HKDF", false, ["deriveBits"]);
  const aes = async (info) => crypto.subtle.importKey("raw", await derive(base, info, 32), "AES-GCM", false,
    ["encrypt", "decrypt"]);
  return {
    topic: hex(await derive(base, "topic", 16)),
    toGuest: await aes("host to guest"),
    toHost: await aes("guest to host"),
  };
}

/** A Nostr secret key (32 random bytes) for one side of one invitation, as 64 hex characters. */
export function newSigningKey() {
  const b = new Uint8Array(32);
  crypto.getRandomValues(b);
  return hex(b);
}

export function isSigningKey(text) {
  return typeof text === "string" && /^[0-9a-f]{64}$/.test(text);
}

export function fromHex(text) {
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** A public key (64 hex) as the link carries it (43 base64url characters), and back. */
export function keyForLink(pubkeyHex) {
  return toB64u(fromHex(pubkeyHex));
}

export function keyFromLink(text) {
  if (typeof text !== "string" || !/^[A-Za-z0-9_-]{43}$/.test(text)) return null;
  const bytes = fromB64u(text);
  return bytes.length === 32 ? hex(bytes) : null;
}

/** A session's ephemeral ECDH key pair: {privateKey, pub (the public key, 65 bytes, base64url)}. */
export async function newEphemeral() {
  const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  return { privateKey: pair.privateKey, pub: toB64u(raw) };
}

export function isEphemeral(text) {
  return typeof text === "string" && /^[A-Za-z0-9_-]{87}$/.test(text);
}

/**
 * Keys agreed by ECDH (P-256) between `privateKey` and the other side's public key `theirPub`:
 * {topic, toGuest, toHost}, AES-256-GCM from HKDF-SHA-256 over the ECDH secret with `salt`, info
 * "<direction> <topic><suffix>" (direction "host to guest" or "guest to host"). Throws when the
 * other side's public key is not a point.
 */
export async function agreedKeys(topic, privateKey, theirPub, salt, suffix = "") {
  const theirs = await crypto.subtle.importKey("raw", fromB64u(theirPub), { name: "ECDH", namedCurve: "P-256" }, false, []);
  const shared = await crypto.subtle.deriveBits({ name: "ECDH", public: theirs }, privateKey, 256);
  const base = await crypto.subtle.importKey("raw", shared, "HKDF", false, ["deriveBits"]);
  const aes = async (dir) => crypto.subtle.importKey("raw", new Uint8Array(await crypto.subtle.deriveBits({
    name: "HKDF", hash: "SHA-256", salt: enc.encode(salt),
    info: enc.encode(`${dir} ${topic}${suffix}`) }, base, 256)), "AES-GCM", false, ["encrypt", "decrypt"]);
  return { topic, toGuest: await aes("host to guest"), toHost: await aes("guest to host") };
}

/**
 * The session keys of a host session and a guest session: agreedKeys with salt "valley-tables live
 * v2", info "<direction> <topic> <host session> <guest session>".
 */
export function sessionKeys(topic, privateKey, theirPub, hostSid, guestSid) {
  return agreedKeys(topic, privateKey, theirPub, "valley-tables live v2", ` ${hostSid} ${guestSid}`);
}

async function through(stream, bytes) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}

/** A batch (text) → sealed pieces (equal-length texts), for `direction` ("toGuest"/"toHost"). */
export async function sealBatch(keys, direction, text, maxPieces = MAX_PIECES) {
  const packed = await through(new CompressionStream("deflate-raw"), enc.encode(text));
  const room = PIECE - HEADER;
  const count = Math.max(1, Math.ceil(packed.length / room));
  if (count > maxPieces) throw new Error("batch too long");
  const id = new Uint8Array(8);
  crypto.getRandomValues(id);
  const aad = enc.encode(`${direction}|${keys.topic}`);
  const out = [];
  for (let i = 0; i < count; i++) {
    const part = packed.subarray(i * room, (i + 1) * room);
    const plain = new Uint8Array(PIECE); // zero padding: every piece the same length
    plain.set(id, 0);
    const view = new DataView(plain.buffer);
    view.setUint16(8, i);
    view.setUint16(10, count);
    view.setUint32(12, part.length);
    plain.set(part, HEADER);
    const iv = new Uint8Array(12);
    crypto.getRandomValues(iv);
    const ct = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: aad }, keys[direction], plain));
    const whole = new Uint8Array(12 + ct.length);
    whole.set(iv, 0);
    whole.set(ct, 12);
    out.push(toB64u(whole));
  }
  return out;
}

/** The length of every sealed piece's text. */
export const SEALED_LENGTH = Math.ceil(((12 + PIECE + 16) * 4) / 3);

/** One sealed piece → {id, index, count, part} or null (not ours, tampered, odd; more than `maxPieces`). */
export async function openPiece(keys, direction, text, maxPieces = MAX_PIECES) {
  if (typeof text !== "string" || text.length !== SEALED_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const whole = fromB64u(text);
    const aad = enc.encode(`${direction}|${keys.topic}`);
    const plain = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: whole.subarray(0, 12), additionalData: aad },
      keys[direction], whole.subarray(12)));
    if (plain.length !== PIECE) return null;
    const view = new DataView(plain.buffer);
    const index = view.getUint16(8);
    const count = view.getUint16(10);
    const used = view.getUint32(12);
    if (count < 1 || count > maxPieces || index >= count || used > PIECE - HEADER) return null;
    return { id: hex(plain.subarray(0, 8)), index, count, part: plain.slice(HEADER, HEADER + used) };
  } catch (_) {
    return null;
  }
}

/**
 * Gather `piece` (from openPiece) into `batches` (a Map, under `key`: whatever tells apart who sent
 * it and how), holding at most `most` half-received batches (the oldest forgotten first): the
 * batch's parts in order once every piece is there, else null. A piece that does not fit its
 * batch (another count, an index already held) changes nothing.
 */
export function gather(batches, key, piece, most) {
  let b = batches.get(key);
  if (!b) {
    if (batches.size >= most) batches.delete(batches.keys().next().value);
    b = { count: piece.count, parts: new Map(), at: Date.now() };
    batches.set(key, b);
  }
  if (b.count !== piece.count || b.parts.has(piece.index)) return null;
  b.parts.set(piece.index, piece.part);
  if (b.parts.size < b.count) return null;
  batches.delete(key);
  return Array.from({ length: b.count }, (_, i) => b.parts.get(i));
}

/** Pieces of one batch (all there, in any order) → its text (at most `max` bytes); throws when it is not one. */
export async function joinPieces(parts, max = MAX_BATCH) {
  const size = parts.reduce((n, p) => n + p.length, 0);
  const packed = new Uint8Array(size);
  let at = 0;
  for (const p of parts) { packed.set(p, at); at += p.length; }
  return dec.decode(await inflateAtMost(packed, max)); // a batch that would expand past max is refused, not held
}
