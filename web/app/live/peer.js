// One peer-to-peer link between two devices (WebRTC), with no signalling server of ours.
//
// The host makes an offer, the guest an answer; each side waits until the browser has gathered
// all its network candidates before handing its description over, so one message each way (a
// link, a pasted code) is enough. No ICE server by default: devices on one network reach each
// other directly; the optional STUN address (a setting the person fills in) lets the browser
// learn its public address for connections across the internet.
//
// Messages are text; long ones go in frames (a data channel message has a size limit per
// browser), put back together on the other side before anyone reads them.

import { getPref } from "../storage.js";

/** The setting with a STUN server address ("stun:host:port"), empty by default. */
export const STUN_PREF = "liveStun";
/** How long to wait for the candidates; after it, whatever was gathered goes. */
const GATHER_MS = 8000;
/** How long a "disconnected" link may take to come back before the other side counts as away. */
const RECOVER_MS = 4000;
/** One frame's text, well under every browser's data channel message limit. */
const FRAME = 16_000;
/** The most text put back together from frames (a frame stream past it is dropped). */
const MAX_JOINED = 8_000_000;

export function stunServer() {
  const v = String(getPref(STUN_PREF, "") || "").trim();
  return /^stuns?:[^\s]{1,200}$/.test(v) ? v : "";
}

export function iceConfig() {
  const stun = stunServer();
  return { iceServers: stun ? [{ urls: stun }] : [] };
}

function gathered(pc, ms = GATHER_MS) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve();
    };
    const check = () => { if (pc.iceGatheringState === "complete") done(); };
    const timer = setTimeout(done, ms);
    pc.addEventListener("icegatheringstatechange", check);
  });
}

export class Peer {
  /** `config`: the ICE servers (by default the manual codes' optional STUN); `gatherMs`: how long candidates may take. */
  constructor(config = iceConfig(), gatherMs = GATHER_MS) {
    this.gatherMs = gatherMs;
    this.pc = new RTCPeerConnection(config);
    this.channel = null;
    this.parts = [];
    this.partsSize = 0;
    this.handlers = { message: new Set(), open: new Set(), close: new Set(), state: new Set() };
    this.closed = false;
    this.pc.addEventListener("iceconnectionstatechange", () => this.emit("state", this.describe()));
    this.pc.addEventListener("connectionstatechange", () => {
      this.emit("state", this.describe());
      const s = this.pc.connectionState;
      clearTimeout(this.recovering);
      if (s === "failed" || s === "closed") this.lost();
      // "disconnected" often passes by itself (a busy device, a short network hiccup): give the
      // link a few seconds to come back before calling the other side away.
      else if (s === "disconnected") this.recovering = setTimeout(() => this.lost(), RECOVER_MS);
    });
  }

  on(kind, fn) {
    this.handlers[kind].add(fn);
    return () => this.handlers[kind].delete(fn);
  }

  emit(kind, value) {
    for (const fn of this.handlers[kind]) {
      try { fn(value); } catch (e) { console.error(e); }
    }
  }

  get open() {
    return !!this.channel && this.channel.readyState === "open";
  }

  /** "ice/connection/channel" states in one word, for a note on why a link never came up. */
  describe() {
    return `${this.pc.iceConnectionState}/${this.pc.connectionState}/${this.channel ? this.channel.readyState : "none"}`;
  }

  wire(channel) {
    this.channel = channel;
    channel.addEventListener("open", () => {
      this.emit("state", this.describe());
      this.emit("open");
    });
    channel.addEventListener("close", () => this.lost());
    channel.addEventListener("message", (e) => this.receive(e.data));
  }

  /** The host: an offer with every candidate in it (SDP text). */
  async offer() {
    this.wire(this.pc.createDataChannel("valley-tables", { ordered: true }));
    await this.pc.setLocalDescription(await this.pc.createOffer());
    await gathered(this.pc, this.gatherMs);
    return this.pc.localDescription.sdp;
  }

  /** The guest: the answer to the host's offer (SDP text). */
  async answer(offerSdp) {
    this.pc.addEventListener("datachannel", (e) => { if (!this.channel) this.wire(e.channel); });
    await this.pc.setRemoteDescription({ type: "offer", sdp: offerSdp });
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    await gathered(this.pc, this.gatherMs);
    return this.pc.localDescription.sdp;
  }

  /** The host, with the guest's answer: the link comes up. */
  async accept(answerSdp) {
    await this.pc.setRemoteDescription({ type: "answer", sdp: answerSdp });
  }

  /** Send one message (text); false when the link is not open. */
  send(text) {
    if (!this.open) return false;
    try {
      if (text.length <= FRAME) this.channel.send(`m${text}`);
      else {
        for (let i = 0; i < text.length; i += FRAME) {
          this.channel.send((i + FRAME >= text.length ? "e" : "c") + text.slice(i, i + FRAME));
        }
      }
      return true;
    } catch (e) {
      console.warn("peer send failed", e);
      return false;
    }
  }

  receive(data) {
    if (typeof data !== "string" || !data.length) return; // only text frames are ours
    const kind = data[0];
    const body = data.slice(1);
    if (kind === "m") {
      this.parts = [];
      this.partsSize = 0;
      this.emit("message", body);
    } else if (kind === "c" || kind === "e") {
      this.partsSize += body.length;
      if (this.partsSize > MAX_JOINED) {
        this.parts = [];
        this.partsSize = 0;
        this.dropping = kind === "c";
        return;
      }
      if (this.dropping) {
        this.dropping = kind === "c";
        return;
      }
      this.parts.push(body);
      if (kind === "e") {
        const text = this.parts.join("");
        this.parts = [];
        this.partsSize = 0;
        this.emit("message", text);
      }
    }
  }

  lost() {
    if (this.closed) return;
    this.closed = true;
    this.emit("close");
  }

  close() {
    try { if (this.channel) this.channel.close(); } catch (_) { /* gone */ }
    try { this.pc.close(); } catch (_) { /* gone */ }
    this.lost();
  }
}

// --- compact text for links and codes ----------------------------------------------------------

function toBase64url(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const b = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out;
}

async function through(stream, bytes) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

/** An object → deflate-raw → base64url (an invitation or an answer code). */
export async function packCode(obj) {
  return toBase64url(await through(new CompressionStream("deflate-raw"), new TextEncoder().encode(JSON.stringify(obj))));
}

/** The reverse of packCode; throws on anything that is not one (the caller says so in words). */
export async function unpackCode(text, maxChars = 20_000) {
  const clean = String(text || "").trim();
  if (!clean || clean.length > maxChars || !/^[A-Za-z0-9_-]+$/.test(clean)) throw new Error("not a code");
  const bytes = await through(new DecompressionStream("deflate-raw"), fromBase64url(clean));
  if (bytes.length > maxChars * 8) throw new Error("too long");
  return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
}
