// The manual codes made small: only what a data channel's connection needs, in bytes.
//
// A browser's whole offer or answer (SDP text) is several hundred characters even compressed.
// What the other side needs of it is little: the ICE user fragment and password, the DTLS
// certificate's SHA-256 fingerprint, the DTLS role, and a few candidates (address and port).
// This writes exactly those, plus the table's few fields, as bytes in base64url, and rebuilds a
// standard SDP for a data channel from them on the other side. An invitation code is about 180
// characters, an answer about 150; each fits a QR code readable at arm's length.
//
// Layout (every number big-endian):
//   0      version (1) · kind: 1 invitation, 2 answer, 3 spectator answer
//   1      ufrag length u, then u ASCII bytes; pwd length p, then p ASCII bytes
//   …      32 bytes: certificate fingerprint (SHA-256)
//   …      candidate count c (≤ 4), then each: flags (family: 0 IPv4, 1 IPv6, 2 mDNS name;
//          type ×4: 0 host, 1 srflx, 2 relay), address (4, 16, or 16 bytes: the name's UUID), port (2)
//   invitation: seat (255: spectator), game index, host commitment (32), name length n, n UTF-8 bytes
//   answer: seat, commitment (32)           spectator answer: nothing more

const enc = new TextEncoder();
const dec = new TextDecoder("utf-8", { fatal: true });
export const GAMES_ORDER = ["hollowmere", "milehollow", "elderwood", "wickerfair"];
const TYPES = ["host", "srflx", "relay"];
const MAX_CANDIDATES = 4;
const ICE_CHARS = /^[A-Za-z0-9+/]{4,64}$/;

function toB64u(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromB64u(text) {
  const b = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(b, (c) => c.charCodeAt(0));
}

const hexBytes = (hex) => Uint8Array.from(hex.match(/../g), (x) => parseInt(x, 16));
const bytesHex = (bytes) => [...bytes].map((x) => x.toString(16).padStart(2, "0")).join("");

/** What a data channel connection needs from an SDP: {ufrag, pwd, fingerprint (hex), candidates}. */
export function essentials(sdp) {
  const line = (name) => {
    const m = new RegExp(`^a=${name}:(.+)$`, "m").exec(sdp);
    return m ? m[1].trim() : null;
  };
  const fp = line("fingerprint");
  const m = fp && /^sha-256 ((?:[0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2})$/.exec(fp);
  const out = { ufrag: line("ice-ufrag"), pwd: line("ice-pwd"), fingerprint: m ? m[1].replace(/:/g, "").toLowerCase() : null,
    candidates: [] };
  for (const c of sdp.matchAll(/^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ (host|srflx|relay)/gm)) {
    if (out.candidates.length >= MAX_CANDIDATES) break;
    const [, address, port, type] = c;
    if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address) || /^[0-9a-f-]{36}\.local$/i.test(address) || address.includes(":")) {
      out.candidates.push({ address, port: Number(port), type });
    }
  }
  return out;
}

function ipv6Bytes(text) {
  const [head, tail = ""] = text.split("::");
  const a = head ? head.split(":") : [];
  const b = tail ? tail.split(":") : [];
  const groups = text.includes("::") ? [...a, ...Array(8 - a.length - b.length).fill("0"), ...b] : a;
  if (groups.length !== 8) throw new Error("odd IPv6 address");
  const out = new Uint8Array(16);
  groups.forEach((g, i) => { const v = parseInt(g, 16); out[2 * i] = v >> 8; out[2 * i + 1] = v & 255; });
  return out;
}

function ipv6Text(bytes) {
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  return groups.join(":");
}

function uuidText(bytes) {
  const h = bytesHex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`;
}

/** Bytes of a code: `e` (essentials), then the kind's own fields. */
export function packCompact(kind, e, fields) {
  if (!ICE_CHARS.test(e.ufrag || "") || !ICE_CHARS.test(e.pwd || "") || !/^[0-9a-f]{64}$/.test(e.fingerprint || "")) {
    throw new Error("the browser's offer lacks what a connection needs");
  }
  const out = [1, kind, e.ufrag.length, ...enc.encode(e.ufrag), e.pwd.length, ...enc.encode(e.pwd), ...hexBytes(e.fingerprint)];
  out.push(e.candidates.length);
  for (const c of e.candidates) {
    const type = TYPES.indexOf(c.type);
    let family;
    let addr;
    if (c.address.endsWith(".local")) { family = 2; addr = hexBytes(c.address.slice(0, 36).replace(/-/g, "")); }
    else if (c.address.includes(":")) { family = 1; addr = ipv6Bytes(c.address); }
    else { family = 0; addr = c.address.split(".").map(Number); }
    out.push(family + 4 * type, ...addr, c.port >> 8, c.port & 255);
  }
  if (kind === 1) {
    const name = enc.encode(fields.name).slice(0, 40);
    out.push(fields.seat === null ? 255 : fields.seat, GAMES_ORDER.indexOf(fields.game), ...hexBytes(fields.host), name.length, ...name);
  } else if (kind === 2) {
    out.push(fields.seat, ...hexBytes(fields.c));
  }
  return toB64u(Uint8Array.from(out));
}

/** The reverse: {kind, e, fields}; throws on anything that is not a whole code. */
export function unpackCompact(text) {
  const clean = String(text || "").trim();
  if (!clean || clean.length > 400 || !/^[A-Za-z0-9_-]+$/.test(clean)) throw new Error("not a code");
  const b = fromB64u(clean);
  let at = 0;
  const need = (n) => { if (at + n > b.length) throw new Error("cut short"); const s = b.subarray(at, at + n); at += n; return s; };
  const byte = () => need(1)[0];
  if (byte() !== 1) throw new Error("another version");
  const kind = byte();
  if (kind < 1 || kind > 3) throw new Error("not a code");
  const ufrag = dec.decode(need(byte()));
  const pwd = dec.decode(need(byte()));
  if (!ICE_CHARS.test(ufrag) || !ICE_CHARS.test(pwd)) throw new Error("not a code");
  const fingerprint = bytesHex(need(32));
  const count = byte();
  if (count > MAX_CANDIDATES) throw new Error("not a code");
  const candidates = [];
  for (let i = 0; i < count; i++) {
    const flags = byte();
    const family = flags % 4;
    const type = TYPES[Math.floor(flags / 4)];
    if (!type || family > 2) throw new Error("not a code");
    const raw = need(family === 0 ? 4 : 16);
    const address = family === 0 ? [...raw].join(".") : family === 1 ? ipv6Text(raw) : uuidText(raw);
    const p = need(2);
    candidates.push({ address, port: (p[0] << 8) | p[1], type });
  }
  const e = { ufrag, pwd, fingerprint, candidates };
  let fields = {};
  if (kind === 1) {
    const seat = byte();
    const game = GAMES_ORDER[byte()];
    const host = bytesHex(need(32));
    const name = dec.decode(need(byte()));
    if (!game) throw new Error("not a code");
    fields = { seat: seat === 255 ? null : seat, game, host, name };
  } else if (kind === 2) {
    fields = { seat: byte(), c: bytesHex(need(32)) };
  } else {
    fields = { seat: null, c: null };
  }
  if (at !== b.length) throw new Error("not a code");
  return { kind, e, fields };
}

/** A data channel's SDP from essentials: an offer (DTLS role actpass) or an answer (active). */
export function buildSdp(e, type) {
  const fp = e.fingerprint.match(/../g).join(":").toUpperCase();
  const lines = [
    "v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    `a=ice-ufrag:${e.ufrag}`, `a=ice-pwd:${e.pwd}`, `a=fingerprint:sha-256 ${fp}`,
    `a=setup:${type === "offer" ? "actpass" : "active"}`, "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144",
  ];
  e.candidates.forEach((c, i) => {
    const priority = (TYPES.length - TYPES.indexOf(c.type)) * 100000000 + (MAX_CANDIDATES - i) * 1000;
    lines.push(`a=candidate:${i + 1} 1 udp ${priority} ${c.address} ${c.port} typ ${c.type}${c.type === "host" ? "" : " raddr 0.0.0.0 rport 0"}`);
  });
  lines.push("a=end-of-candidates");
  return lines.join("\r\n") + "\r\n";
}

// --- the two codes, as the pages use them ------------------------------------------------------

/** The host's invitation code: its offer's essentials, the seat (null: a spectator), game, commitment, name. */
export function invitationCode({ sdp, seat, game, host, name }) {
  return packCompact(1, essentials(sdp), { seat, game, host, name });
}

/** An invitation code read back: {v, sdp, seat, game, host, name} (protocol.checkInvitation's shape). */
export function readInvitation(code) {
  const got = unpackCompact(code);
  if (got.kind !== 1) throw new Error("not an invitation");
  return { v: 1, sdp: buildSdp(got.e, "offer"), ...got.fields };
}

/** The guest's answer code: its answer's essentials, the seat and its commitment (a spectator: neither). */
export function answerCode({ sdp, seat, c }) {
  return seat === null ? packCompact(3, essentials(sdp), {}) : packCompact(2, essentials(sdp), { seat, c });
}

/** An answer code read back: {v, sdp, seat, c} (protocol.checkAnswer's shape). */
export function readAnswer(code) {
  const got = unpackCompact(code);
  if (got.kind !== 2 && got.kind !== 3) throw new Error("not an answer");
  return { v: 1, sdp: buildSdp(got.e, "answer"), ...got.fields };
}
