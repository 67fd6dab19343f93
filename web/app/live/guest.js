// A guest's side of a table shared across devices: the page behind an invitation link.
//
// It reads the invitation (an internet link: a secret from which both ends derive their keys;
// or a code carrying the host's connection offer), draws this device's own contribution to the
// seed and sends its commitment. Once the host sends the table's terms — every seat, the options,
// the clocks and every participant's commitment — it reveals its contribution to the host alone,
// if the terms fit the table it was invited to. Then it draws the table from the snapshots of its
// own seat and sends intents, keeping what it is shown: each log entry, and the host's running
// commitment to every move (`chain`). At the end its own engine verifies the record held to all
// of that (the record's witness, docs/records.md): its contribution is in the seed, the host's is
// the one promised in the invitation, the terms are those it revealed against, every move is the
// one the host had committed to, and the host did not start over after a seed was fixed.
//
// A spectator's invitation (seat null) makes no contribution: the page draws the public view and
// at the end holds the record to what it was shown, as a seat does.

import { t, onLangChange, getLang } from "../../lib/i18n.js";
import { GAMES, isGame } from "../../games/index.js";
import { h } from "../../lib/dom.js";
import { endScreen } from "../table/endscreen.js";
import { Peer } from "./peer.js";
import { readInvitation, answerCode } from "./compact.js";
import { message, read, checkInvitation } from "./protocol.js";
import { qrCanvas } from "./qr.js";
import { LiveBoard } from "./board.js";
import { sha256Hex, drawContribution, addLiveStyle, copy, stunField } from "./common.js";
import { getPref, setPref } from "../storage.js";
import { STUN_PREF } from "./peer.js";
import { keysFor, isSecret, isSigningKey, newSigningKey, keyFromLink } from "./seal.js";
import { canScan, scanQr } from "./scan.js";
import { RelayPool } from "./relay.js";
import { Link } from "./link.js";
import { relays as settingRelays, isRelay, internetIce } from "./networks.js";
import { pathWords, relayTrouble } from "./netview.js";
import { onRevealsChange } from "./reveals.js";
import { words } from "../../lib/i18n.js";
import { acceptTerms, layOver, keepShown, shownDifference, startedOver, witness, verifyEnd } from "./holds.js";
import { showChecks } from "./checkview.js";
import "./strings.js";
import "./strings_net.js";

/** This device's contribution for one host commitment and seat: kept so a rejoin can check it. */
function mine(hostCommitment, seat) {
  const key = `vt.live.${hostCommitment.slice(0, 32)}.${seat}`;
  try {
    const saved = JSON.parse(localStorage.getItem(key) || "null");
    if (saved && /^[0-9a-f]{64}$/.test(saved.contribution)) return { key, ...saved };
  } catch (_) { /* storage blocked: a fresh contribution, not remembered */ }
  return { key, contribution: drawContribution(), place: null, fresh: true };
}

/** An internet invitation's own memory on this device: name, contribution, what it was shown. */
function mineNet(topic) {
  const key = `vt.live.net.${topic}`;
  try {
    const saved = JSON.parse(localStorage.getItem(key) || "null");
    if (saved && /^[0-9a-f]{64}$/.test(saved.contribution)) return { key, ...saved };
  } catch (_) { /* storage blocked: nothing remembered */ }
  return { key, contribution: drawContribution(), place: null, fresh: true };
}

const KEPT = ["contribution", "place", "revealed", "terms", "digest", "name", "welcome", "shown", "chain", "device",
  "sessions", "final", "at"];
/** What a page kept for one invitation is forgotten this long after it was last used. */
const MEMORY_DAYS = 30;

function remember(entry) {
  if (!entry.key) return;
  entry.at = Date.now();
  try {
    const keep = {};
    for (const k of KEPT) if (entry[k] !== undefined) keep[k] = entry[k];
    localStorage.setItem(entry.key, JSON.stringify(keep));
  } catch (_) { /* not remembered: a reload cannot check it at the end */ }
}

/** Forget what was kept for invitations not used for MEMORY_DAYS (their games are long over). */
function forgetOld(now = Date.now()) {
  try {
    const old = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (!k || !k.startsWith("vt.live.") || k === "vt.live.reveals") continue;
      let at = null;
      try { at = JSON.parse(localStorage.getItem(k)).at; } catch (_) { continue; }
      if (typeof at === "number" && now - at > MEMORY_DAYS * 86_400_000) old.push(k);
    }
    for (const k of old) localStorage.removeItem(k);
  } catch (_) { /* storage blocked: nothing kept anyway */ }
}

export function mountJoin(el, params, ctx) {
  addLiveStyle();
  forgetOld();
  if (params.query.t !== undefined && params.query.d === "1") {
    // A table over days: its own page (web/app/days/guestpage.js), over the mailbox.
    let un = null;
    let gone = false;
    import("../days/guestpage.js").then((m) => { if (!gone) un = m.mountJoinDays(el, params, ctx); });
    return () => {
      gone = true;
      if (un) un();
    };
  }
  if (params.query.t !== undefined) {
    const guest = new GuestTable(el, { secret: params.query.t, host: params.query.h, relays: params.query.r }, ctx);
    return () => guest.destroy();
  }
  const code = params.query.i;
  if (!code) return pasteForm(el, ctx);
  const guest = new GuestTable(el, code, ctx);
  return () => guest.destroy();
}

/**
 * #/join without an invitation: paste the link (or its code) the host sent, or, where the browser
 * reads QR codes, scan it from the host's screen with the camera.
 */
function pasteForm(el, ctx) {
  const input = h("textarea#join-paste.answer-code", { rows: "3", autocomplete: "off", spellcheck: "false" });
  const note = h("p.form-error", { role: "alert", hidden: true });
  const scanBox = h("div.scan-box", { hidden: true });
  let scanning = null;
  const scan = async () => {
    if (scanning) return;
    const video = h("video.scan-video", { "aria-label": t("live.scanInvitationLabel") });
    scanning = new AbortController();
    scanBox.replaceChildren(video, h("button.button.small.ghost.scan-stop", { type: "button",
      onclick: () => scanning && scanning.abort() }, t("live.scanStop")));
    scanBox.hidden = false;
    note.hidden = true;
    let text = null;
    try {
      text = await scanQr(video, scanning.signal);
    } catch (e) {
      note.hidden = false;
      note.textContent = t("live.scanInvitationFailed", { detail: e.message || String(e) });
    }
    scanning = null;
    scanBox.hidden = true;
    scanBox.replaceChildren();
    if (text) {
      input.value = text.trim();
      go();
    }
  };
  const render = () => el.replaceChildren(h("div.live-page.live-join", { dataset: { page: "live-join" } },
    h("p.crumbs", h("a", { href: "#/" }, t("shell.lobby")), " / ", t("live.joinCrumb")),
    h("h1", t("live.joinTitle")), h("p", t("live.joinIntro")),
    h("label.field", h("span", t("live.pasteInvitation")), input),
    canScan() ? h("p.actions", h("button.button.small.scan", { type: "button", onclick: scan },
      t("live.scanInvitation"))) : null,
    scanBox,
    stunField(getPref, setPref, STUN_PREF),
    h("p.actions", h("button.button.primary", { type: "button", onclick: go }, t("live.open")),
      " ", h("a.button.ghost", { href: "#/guide" }, t("live.guideLink"))),
    note));
  // What was pasted or scanned is only looked for an invitation's own part; the page it leads to
  // reads that part as strictly as a link opened directly.
  const go = () => {
    const text = input.value.trim();
    const net = /[#&?]t=([A-Za-z0-9_-]+)(?:&h=([A-Za-z0-9_-]+))?(?:&r=([A-Za-z0-9%._~-]+))?(&d=1)?/.exec(text);
    if (net) {
      ctx.navigate(`#/join?t=${net[1]}${net[2] ? `&h=${net[2]}` : ""}${net[3] ? `&r=${net[3]}` : ""}${net[4] || ""}`);
      return;
    }
    const m = /[#&?]i=([A-Za-z0-9_-]+)/.exec(text) || /^([A-Za-z0-9_-]+)$/.exec(text);
    if (!m) {
      note.hidden = false;
      note.textContent = t("live.badInvitation");
      return;
    }
    ctx.navigate(`#/join?i=${m[1]}`);
  };
  render();
  const off = onLangChange(render);
  return () => {
    if (scanning) scanning.abort();
    off();
  };
}

class GuestTable {
  constructor(el, code, ctx) {
    this.el = el;
    this.engine = ctx.engine;
    this.board = null;
    this.state = "reading";
    this.checkBox = h("section.joint-check", { hidden: true, "aria-live": "polite" });
    this.noteBox = h("div.live-notes");
    this.offLang = onLangChange(() => this.render());
    // Another page of this device joined a new table of the same host after this one revealed.
    this.offReveals = onRevealsChange(() => this.checkStartedOver());
    if (typeof code === "string") this.begin(code);
    else this.beginNet(code);
  }

  // --- an internet invitation: one link, the rest through the relays ----------------------------
  async beginNet({ secret, host, relays }) {
    this.net = true;
    // The host's public key comes with the secret: only what it signs is heard here.
    this.hostKey = keyFromLink(host);
    if (!isSecret(secret) || !this.hostKey) {
      this.state = "bad";
      this.render();
      return;
    }
    this.keys = await keysFor(secret);
    if (this.dead) return;
    const fromLink = String(relays || "").split(",").map((r) => r.trim()).filter(isRelay);
    this.relayUrls = fromLink.length ? fromLink.slice(0, 8) : settingRelays();
    this.me = mineNet(this.keys.topic);
    this.me.commitment = await sha256Hex(this.me.contribution);
    if (this.me.final) {
      // The game ended while this page was away: what it checked then is all there is to show.
      this.showFinal();
      return;
    }
    // This device's own key for the link (the seat is pinned to it), and its count of sessions.
    if (!isSigningKey(this.me.device)) this.me.device = newSigningKey();
    this.me.sessions = (Number.isSafeInteger(this.me.sessions) && this.me.sessions > 0 ? this.me.sessions : 0) + 1;
    remember(this.me);
    if (this.me.welcome) this.adoptWelcome(this.me.welcome);
    if (this.me.terms) this.commitments = this.me.terms.participants;
    // A page that has joined before (a reload, a phone woken up) goes straight back to its seat.
    if (this.me.name) this.joinNet(this.me.name);
    else {
      this.state = "naming";
      this.render();
    }
  }

  joinNet(name) {
    const clean = String(name || "").trim().slice(0, 24);
    if (!clean) return;
    if (!this.relayUrls.length) {
      this.state = "failed";
      this.failure = t("live.noRelays");
      this.render();
      return;
    }
    this.me.name = clean;
    remember(this.me);
    this.state = this.state === "playing" ? "playing" : "finding";
    const link = new Link({
      role: "guest", keys: this.keys, sign: this.me.device, other: this.hostKey, epoch: this.me.sessions,
      ice: internetIce(), pool: null,
      onMessage: (text) => this.fromHost(text),
      onSession: () => {
        if (this.taken) {
          this.taken = null;
          this.paintNotes();
        }
        link.send(message("join", { name: clean, commitment: this.me.commitment }));
      },
      onState: () => this.paintStatus(),
      onTaken: (code) => this.onTaken(code),
    });
    link.pool = new RelayPool(this.relayUrls, {
      accept: (pubkey) => link.expects(pubkey),
      onEvent: (ev) => link.fromEvent(ev),
      onChange: () => {
        if (link.pool.open && !link.other) link.hello();
        this.paintStatus();
      },
    });
    link.pool.listen([this.keys.topic]);
    this.netLink = link;
    this.peer = { send: (text) => link.send(text), close: () => {} };
    window.__vt.liveSend = (text) => link.send(String(text));
    window.__vt.liveGuest = this;
    this.render();
  }

  /**
   * The host says this link's seat is another device's, in an answer to this device's own hello:
   * this page reads and plays nothing, and shows the code the host's card shows for it.
   */
  onTaken(code) {
    if (this.dead || this.netLink.here) return;
    const changed = !this.taken || this.taken.code !== code;
    this.taken = { code };
    if (changed) this.paintNotes();
    this.paintStatus();
  }

  paintStatus() {
    if (this.dead || !this.netLink) return;
    const status = this.infoBox && this.infoBox.querySelector(".guest-status");
    const path = this.netLink.describe();
    const word = this.netLink.here ? pathWords(path) : this.taken ? t("live.guest.taken")
      : t(this.netLink.other ? "live.guest.reconnecting" : "live.guest.finding");
    if (status) {
      status.dataset.path = path;
      status.dataset.here = String(this.netLink.here);
      const p = status.querySelector(".guest-path");
      if (p) p.textContent = word;
      const trouble = this.netLink.pool ? relayTrouble(this.netLink.pool.problems()) : "";
      const r = status.querySelector(".guest-relays");
      if (r) r.textContent = trouble ? ` — ${trouble}` : "";
    }
  }

  adoptWelcome(w) {
    this.inv = { seat: w.seat, game: w.game, host: w.host, name: this.me ? this.me.name : "" };
    this.seat = w.seat;
    this.watching = w.seat === null;
  }

  async begin(code) {
    let inv = null;
    try {
      inv = readInvitation(code);
    } catch (_) { /* said below */ }
    if (this.dead) return;
    if (!checkInvitation(inv) || !isGame(inv.game) || !GAMES[inv.game].playable) {
      this.state = "bad";
      this.render();
      return;
    }
    this.inv = inv;
    this.seat = inv.seat;
    this.watching = inv.seat === null;
    if (!this.watching) {
      this.me = mine(inv.host, inv.seat);
      this.me.commitment = await sha256Hex(this.me.contribution);
      remember(this.me);
    } else {
      // A spectator keeps what it is shown for its check at the end, in this page only.
      this.me = { key: null, shown: [], chain: [] };
    }
    this.state = "answering";
    this.render();
    const peer = new Peer();
    this.peer = peer;
    peer.on("open", () => { this.state = "connected"; this.render(); });
    peer.on("message", (text) => this.fromHost(text));
    peer.on("state", (link) => {
      this.link = link;
      const status = this.infoBox && this.infoBox.querySelector(".guest-status");
      if (status) status.dataset.link = link;
    });
    peer.on("close", () => {
      if (this.dead) return;
      this.state = "lost";
      this.render();
      if (this.board) this.board.countdown.stop();
    });
    try {
      const sdp = await peer.answer(inv.sdp);
      this.answer = answerCode({ sdp, seat: inv.seat, c: this.me ? this.me.commitment : null });
      this.state = "waiting";
    } catch (e) {
      this.state = "failed";
      this.failure = e.message || String(e);
    }
    if (!this.dead) this.render();
    // Test and tool hook: send raw text to the host as this page would (a forged message is the
    // host's to refuse). It holds nothing secret.
    window.__vt.liveSend = (text) => peer.send(String(text));
  }

  render() {
    if (this.dead) return;
    if (this.state === "bad") {
      this.el.replaceChildren(h("section.message-page", { role: "alert", dataset: { page: "live-join" } },
        h("h1", t("live.badInvitationTitle")), h("p", t("live.badInvitation")),
        h("p.actions", h("a.button", { href: "#/join" }, t("live.pasteAgain")), " ",
          h("a.button", { href: "#/" }, t("shell.backToLobby")))));
      return;
    }
    if (!this.page) {
      this.infoBox = h("div.join-info");
      this.page = h("div.live-page.live-join", { dataset: { page: "live-guest-setup" } },
        h("p.crumbs", h("a", { href: "#/" }, t("shell.lobby")), " / ", t("live.joinCrumb")),
        this.infoBox, this.noteBox, this.checkBox);
      this.el.replaceChildren(this.page);
    }
    if (this.net) {
      this.renderNet();
      return;
    }
    if (!this.inv) {
      this.infoBox.replaceChildren(h("p.hint", t("live.reading")));
      return;
    }
    const inv = this.inv;
    const parts = [
      h("h1", t(this.watching ? "live.watchGame" : "live.joinGame", { game: t(`game.${inv.game}`) })),
      h("dl",
        h("dt", t("live.yourSeat")), h("dd.join-seat", this.watching ? t("live.watchingSeat")
          : t("live.seatTitle", { n: inv.seat + 1, name: inv.name })),
        h("dt", t("live.hostCommitment")), h("dd", h("code.hex.host-commitment", inv.host)),
        this.me && !this.watching ? [h("dt", t("live.yourCommitment")), h("dd", h("code.hex.own-commitment", this.me.commitment))] : null),
      h("p.guest-status", { dataset: this.link ? { state: this.state, link: this.link } : { state: this.state } }, t(`live.guest.${this.watching && this.state === "lost" ? "watchLost" : this.state}`,
        { detail: this.failure || "" })),
    ];
    if (this.state === "waiting" && this.answer) {
      parts.push(h("p", t("live.sendAnswer")),
        h("textarea.answer-code", { rows: "4", readonly: true, "aria-label": t("live.answerLabel"),
          onfocus: (e) => e.target.select() }, this.answer),
        h("p.actions", h("button.button.small", { type: "button", onclick: (e) => copy(this.answer, e.currentTarget) },
          t("table.copy"))),
        h("div.qr-box", qrCanvas(this.answer, { scale: 3, label: t("live.qrAnswerLabel") })));
    }
    if (this.commitments) {
      parts.push(h("details.joint-details", h("summary", t("live.allCommitments")),
        h("ol.joint-list", this.commitments.map((p) => h("li", `${p.who}: `, h("code", p.commitment))))));
    }
    this.infoBox.replaceChildren(...parts);
    if (this.board) this.board.repaint();
  }

  /** The internet guest's page: a name, then one line of seat and path, the board, the details below it. */
  renderNet() {
    const inv = this.inv;
    const title = inv ? t(this.watching ? "live.watchGame" : "live.joinGame", { game: t(`game.${inv.game}`) }) : t("live.joinCrumb");
    const parts = [];
    if (!this.board) parts.push(h("h1", title));
    if (this.state === "naming") {
      const input = h("input#join-name", { type: "text", maxlength: "24", autocomplete: "nickname", value: "" });
      parts.push(h("p", t("live.netJoinIntro")),
        h("form.join-name-form", { onsubmit: (e) => { e.preventDefault(); this.joinNet(input.value); } },
          h("label.field", { for: "join-name" }, h("span", t("live.yourName")), input),
          h("p.actions", h("button.button.primary.big#join-take", { type: "submit" }, t("live.takeSeat")))));
    } else if (this.state === "failed") {
      parts.push(h("p.form-error", { role: "alert" }, this.failure || ""));
    } else {
      const seat = inv ? (this.watching ? t("live.watchingSeat") : t("live.seatTitle", { n: inv.seat + 1, name: this.me.name })) : "";
      parts.push(h("p.guest-status", { dataset: { state: this.state } },
        inv ? h("span.join-seat", seat) : null, inv ? " · " : null, h("span.guest-path", ""), h("span.guest-relays", ""),
        this.state === "joined" ? h("span.guest-wait", " · ", t("live.guest.joined")) : null,
        this.state === "revealed" ? h("span.guest-wait", " · ", t("live.guest.revealed")) : null));
    }
    this.infoBox.replaceChildren(...parts);
    this.paintStatus();
    // The notes in the page's language (each is drawn anew only when it changes: an alert re-read is noise).
    if (this.notesLang !== getLang()) this.paintNotes();
    this.paintFairness();
    if (this.board) this.board.repaint();
  }

  /** The commitments, behind a "Fairness details" disclosure under the board. */
  paintFairness() {
    if (!this.fairBox) {
      this.fairBox = h("details.fairness-details");
      this.page.append(this.fairBox);
    }
    const open = this.fairBox.open;
    const rows = [h("summary", t("live.fairnessDetails"))];
    if (this.inv) rows.push(h("dl", h("dt", t("live.hostCommitment")), h("dd", h("code.hex.host-commitment", this.inv.host)),
      this.watching ? null : [h("dt", t("live.yourCommitment")), h("dd", h("code.hex.own-commitment", this.me.commitment))]));
    if (this.commitments) {
      rows.push(h("p", t("live.allCommitments")),
        h("ol.joint-list", this.commitments.map((p) => h("li", `${p.who}: `, h("code", p.commitment)))));
    }
    this.fairBox.replaceChildren(...rows);
    this.fairBox.open = open;
    if (this.board && this.fairBox.previousElementSibling !== this.board.el) this.board.el.after(this.fairBox);
  }

  /** A passing note (a refusal, a lost connection): the next snapshot clears it. */
  note(text) {
    this.passing = text || "";
    this.paintNotes();
  }

  /** A standing alert about the host (a table not the one promised, a start-over): it stays. */
  sayOnce(key, text) {
    if (!this.alerts) this.alerts = new Map();
    if (this.alerts.get(key) === text) return;
    this.alerts.set(key, text);
    this.paintNotes();
  }

  paintNotes() {
    this.notesLang = getLang();
    const items = [...(this.alerts ? this.alerts.entries() : [])].map(([key, text]) => h("p.note.host-alert", { role: "alert", dataset: { alert: key } }, text));
    if (this.taken) {
      items.unshift(h("div.note.host-alert", { role: "alert", dataset: { alert: "taken" } },
        h("p", t("live.stranger.taken")),
        h("p.handover-line", t("live.stranger.yourCode"), " ", h("strong.handover-code", this.taken.code))));
    }
    if (this.passing) items.push(h("p.note", { role: "alert" }, this.passing));
    this.noteBox.replaceChildren(...items);
  }

  async fromHost(text) {
    // Test hook: a test that made this list searches every message the page opened, as it does the DOM.
    if (Array.isArray(window.__vtLiveReceived)) window.__vtLiveReceived.push(text);
    const got = read(text, "host");
    if (!got.ok) {
      console.warn(`ignored a message from the host: ${got.why}`);
      return;
    }
    const msg = got.msg;
    if (msg.type === "welcome" && this.net) {
      const w = { seat: msg.seat, game: msg.game, host: msg.host };
      if (!isGame(w.game) || !GAMES[w.game].playable
          || (this.me.welcome && JSON.stringify(this.me.welcome) !== JSON.stringify(w))) {
        // Another table behind the same link (or a host that changed its word): nothing changes here.
        this.note(t("live.welcomeMismatch"));
        return;
      }
      if (!this.me.welcome) {
        this.me.welcome = w;
        remember(this.me);
        this.adoptWelcome(w);
      }
      this.state = msg.started ? "playing" : this.state === "revealed" ? "revealed" : "joined";
      this.render();
    } else if (msg.type === "welcome") {
      if (msg.seat !== this.seat || msg.host !== this.inv.host || msg.game !== this.inv.game) {
        this.note(t("live.welcomeMismatch"));
        this.peer.close();
        return;
      }
      this.state = msg.started ? "playing" : "joined";
      this.render();
    } else if (msg.type === "commitments") {
      await this.onCommitments(msg.terms);
    } else if (msg.type === "notice") {
      // Another device opened this page's link: the host kept the seat here, or handed it over.
      this.sayOnce(`notice-${msg.about}`, t(msg.about === "moved" ? "live.stranger.moved" : "live.stranger.kept"));
      if (msg.about === "moved") this.moved = true;
    } else if (msg.type === "cancelled") {
      // The host dropped the table before it started; after this page revealed, that is a start-over.
      const revealed = this.me && this.me.revealed && !this.me.started;
      this.sayOnce(revealed ? "startedOver" : "cancelled", t(revealed ? "live.cancelledAfterReveal" : "live.cancelled"));
    } else if (msg.type === "snapshot") {
      this.onSnapshot(msg.snap, msg.remaining);
    } else if (msg.type === "hint") {
      if (this.board) this.board.showHint(msg);
    } else if (msg.type === "chat") {
      if (this.board && this.board.chat) this.board.chat.receive(msg);
    } else if (msg.type === "refused") {
      const text2 = t("live.refused", { note: msg.note });
      if (this.board) this.board.note(text2);
      else this.note(text2);
      if (this.board && this.board.snap) this.board.update(this.board.snap, null);
    }
  }

  async onCommitments(terms) {
    if (this.watching) {
      // A spectator reveals nothing; it keeps the first terms it is sent, to hold the record to them.
      if (!this.me.terms) this.me.terms = terms;
      this.commitments = terms.participants;
      this.render();
      return;
    }
    const got = await acceptTerms(this.me, terms, { game: this.inv.game, host: this.inv.host, seat: this.seat,
      name: this.net ? this.me.name : undefined, topic: this.keys ? this.keys.topic : "", engine: this.engine });
    if (got.problem) {
      this.note(t("live.termsMismatch", { detail: got.problem }));
      return;
    }
    // A contribution is revealed against one table's terms only: other terms after a reveal (another
    // table behind the same link, a host who added someone or changed a seat) never get it again.
    if (got.startedOver) {
      this.note(t("live.startedOver"));
      return;
    }
    this.commitments = terms.participants;
    remember(this.me);
    this.checkStartedOver();
    this.state = "revealed";
    this.render();
    this.peer.send(message("reveal", { contribution: this.me.contribution }));
  }

  /**
   * Whether this device revealed for another table of this host that never started: a start-over
   * after the seed was fixed, said plainly (and named in the witness at the end). A table of
   * another host that never started is said more softly: a host that also drew a new contribution
   * cannot be told apart from it.
   */
  checkStartedOver() {
    if (this.dead || this.watching || !this.inv || !this.me || !this.me.digest) return;
    const said = startedOver(this.inv.host, this.me);
    // Earlier tables of this host that never started: what the witness names at the end.
    this.earlier = said.earlier;
    const time = new Date(said.at).toLocaleTimeString();
    if (said.say === "before") this.sayOnce("startedOver", t("live.startedOverBefore", { time }));
    else if (said.say === "after") this.sayOnce("startedOver", t("live.startedOverAfter", { time }));
    else if (said.say === "elsewhere") this.sayOnce("elsewhere", t("live.revealedElsewhere", { time }));
  }

  onSnapshot(snap, remaining) {
    if (!this.inv || snap.viewer !== this.seat || snap.game !== this.inv.game) {
      console.warn("ignored a snapshot for another seat or game");
      return;
    }
    const full = snap.log_from === undefined;
    snap = layOver(this.board ? this.board.snap : null, snap);
    if (!snap) {
      this.askAgain();
      return;
    }
    if (full) this.syncAsked = 0;
    this.keepShown(snap);
    if (!this.board) {
      this.board = new LiveBoard({ game: this.inv.game, page: "live-guest", onPlay: (action) => this.play(action), engine: this.engine,
        chat: { me: this.watching ? null : this.seat, keepKey: `vt.chat.${snap.table}`,
          send: (line) => !!(this.peer && this.peer.send(message("chat", line))) } });
      this.board.el.dataset.table = snap.table;
      // Over the internet the board comes right under the seat's line (and any alert about the host).
      if (this.net) this.noteBox.after(this.board.el);
      else this.page.append(this.board.el);
      this.page.dataset.page = "live-guest-playing";
    }
    if (this.state !== "lost") this.state = this.watching ? "watching" : "playing";
    this.note("");
    this.render();
    this.board.note("");
    this.board.update(snap, remaining);
    if (snap.terminal && !this.checked) {
      this.checked = true;
      this.verify(snap);
    }
  }

  /**
   * A snapshot this page cannot lay over what it holds (it lost track: a reload of the host, a
   * message lost with a session): ask for the whole table at once, and again every 2 s until it
   * comes, so the board never silently stops following.
   */
  askAgain() {
    const now = Date.now();
    if (this.syncAsked && now - this.syncAsked < 2000) return;
    this.syncAsked = now;
    if (this.peer) this.peer.send(message("sync", {}));
    clearTimeout(this.syncTimer);
    this.syncTimer = setTimeout(() => { if (this.syncAsked && !this.dead) { this.syncAsked = 0; this.askAgain(); } }, 2100);
  }

  /**
   * Keep (across reloads) what this page was shown, for the check at the end: each complete log
   * entry (an action under way is not one yet), the host's commitment to the moves with the number
   * of entries this page then held, and — said at once — a table that is not the one promised.
   */
  keepShown(snap) {
    const me = this.me;
    if (!me) return;
    const kept = keepShown(me, snap);
    if (kept.history) this.sayOnce("history", t("live.historyChanged"));
    shownDifference(this.engine, me, snap).then((d) => {
      if (!d || this.dead) return;
      this.sayOnce("terms", t("live.tableNotTerms", { what: words(d.words), field: d.path }));
    }, (e) => console.warn("live: the terms could not be checked", e.message || e));
    remember(me);
  }

  play(action) {
    if (this.watching) return;
    if (!this.peer || !this.peer.send(message("play", { seat: this.seat, action }))) {
      this.board.note(t("live.notConnected"));
      if (this.board.snap) this.board.update(this.board.snap, null);
    }
  }

  /** The end: this device's engine verifies the record held to what this page was promised and shown. */
  async verify(snap) {
    this.checkStartedOver();
    const w = witness(this.me || {}, { seat: this.watching ? null : this.seat, host: this.inv.host, earlier: this.earlier || [] });
    this.board.endBox.replaceChildren(endScreen({ ...snap, record: { ...snap.record, witness: w } }, "guest", {}));
    // The replay lives on the host's device; this one keeps the record to download and verify.
    for (const a of this.board.endBox.querySelectorAll('a[href^="#/replay/"], a[href^="#/new/"]')) a.remove();
    const end = await verifyEnd(this.engine, snap, w);
    if (this.dead) return;
    const all = showChecks(this.checkBox, { ...end, seed: end.record.seed });
    this.page.insertBefore(this.checkBox, this.board.el);
    if (this.net && this.me && this.me.key) {
      // What the end showed, kept: a reload shows it again with no host. The device's key for the
      // link is forgotten with the game (its seat needs no device any more).
      this.me.final = { rows: end.rows || [{ key: "record", ok: false, words: null }], ok: all, verdict: end.verdict,
        snap: { game: snap.game, seats: snap.seats, scores: snap.scores, winners: snap.winners, outcome: snap.outcome,
          fingerprint: snap.fingerprint, seed: snap.seed, view: null, record: end.record } };
      this.me.device = null;
      remember(this.me);
    }
  }

  /** A finished game's page after a reload: the checks and the end as they were, the record to keep. */
  showFinal() {
    const f = this.me.final;
    if (!f || typeof f !== "object" || !f.snap || !f.snap.record || !Array.isArray(f.rows)) {
      this.state = "bad";
      this.render();
      return;
    }
    this.inv = this.me.welcome ? { seat: this.me.welcome.seat, game: this.me.welcome.game, host: this.me.welcome.host,
      name: this.me.name } : null;
    this.state = "over";
    this.render();
    showChecks(this.checkBox, { ok: f.ok, rows: f.rows, verdict: f.verdict });
    const end = h("div.end-box", endScreen(f.snap, "guest", {}));
    for (const a of end.querySelectorAll('a[href^="#/replay/"], a[href^="#/new/"]')) a.remove();
    this.page.append(end);
  }

  destroy() {
    this.dead = true;
    this.offLang();
    this.offReveals();
    clearTimeout(this.syncTimer);
    if (this.netLink) {
      this.netLink.close();
      if (this.netLink.pool) this.netLink.pool.close();
    }
    if (this.peer) this.peer.close();
    if (this.board) this.board.destroy();
    if (window.__vt) delete window.__vt.liveSend;
  }
}
