// The host's side of a table shared across devices: this device's engine is the table.
//
// Setup (seats: me, a person on another device, or a bot) → one invitation per remote seat (over
// the internet a link whose secret both ends derive their keys from; with codes, a link carrying
// the connection offer, answered by a code pasted back) → each guest joins with its commitment to
// the seed → Start: every guest gets the table's terms (every seat, the options, the clocks and
// every participant's commitment), reveals its contribution, and the worker makes the seed from
// the terms and all the contributions (docs/fairness.md, "A joint seed"); the engine makes no
// table on other terms. During play each guest receives only the snapshots of its own seat, each
// carrying the engine's commitment to every move so far, and sends intents this page forwards for
// that seat alone; the engine decides. Every clock runs here: a guest who is away keeps its clock,
// and the table plays for it when the time is up.
//
// Spectators may be invited at any time: they take no seat, add nothing to the seed and receive
// the public view (the snapshots of viewer null). Once the table exists its save id goes into
// this page's address (#/host/<game>?table=<id>), so a reload of the host's page opens the same
// table again, every guest Away, ready for fresh invitations; the clocks resume with the time
// that was left when the page went.
//
// Before the start, internet invitations make a table-to-be (lobby.js): its id goes into the
// address (#/host/<game>?lobby=<id>) and this device keeps the set-up, each invitation's secret
// and who joined, so a reload takes it up again with the same links; the worker keeps this
// device's contribution to the seed, so the commitment the guests were shown stays the same.

import { t, words, onLangChange } from "../../lib/i18n.js";
import { GAMES, isGame } from "../../games/index.js";
import { h } from "../../lib/dom.js";
import { messagePage } from "../table/live.js";
import { levelName } from "../../lib/seats.js";
import { endScreen } from "../table/endscreen.js";
import { decisionKey } from "../timer.js";
import { newTableId, saveTable, summarize } from "../storage.js";
import { rememberLive } from "../table/session.js";
import { Peer } from "./peer.js";
import { invitationCode, readAnswer } from "./compact.js";
import { message, checkAnswer } from "./protocol.js";
import { sha256Hex, addLiveStyle, stunField } from "./common.js";
import { getPref, setPref } from "../storage.js";
import { STUN_PREF } from "./peer.js";
import { HostNet, keepSecrets, forgetSecrets } from "./hostnet.js";
import { staleLobbies } from "./lobby.js";
import { newSecret, newSigningKey } from "./seal.js";
import { keepLobbyOf, forgetKept, resumeLobby, cancelInvitations, freshSetup, reinviteNet } from "./hostlobby.js";
import { guestCard, scanAnswer, cardOf } from "./cards.js";
import { reopenTable } from "./hostreopen.js";
import { admit, admitIntent, stranger, handOver, refuse, fromGuest, INTENT_BURST, HINT } from "./hostguard.js";
import { chatOut, hintFor } from "./hostasks.js";
import { networksField } from "./netview.js";
import { announce } from "../../lib/announce.js";
import "./strings.js";
import "./strings_net.js";

const BOT_DELAY_MS = 650;
function numberParam(text, min) {
  if (text === undefined || text === null || text === "") return null;
  const n = Number(text);
  return Number.isFinite(n) && n >= min ? n : null;
}

export function mountHost(el, params, ctx) {
  const game = params.game;
  if (!isGame(game) || !GAMES[game].playable) {
    messagePage(el, { title: t("shell.unknownGameTitle"), body: t("shell.unknownGameBody", { game }) });
    return () => {};
  }
  addLiveStyle();
  const host = new HostTable(el, game, params.query, ctx);
  const id = params.query.table;
  if (id !== undefined) host.reopen(id);
  else if (params.query.lobby !== undefined) host.resumeLobby(params.query.lobby);
  return () => host.destroy();
}

class HostTable {
  constructor(el, game, query, ctx) {
    this.el = el;
    this.game = game;
    this.engine = ctx.engine;
    this.timerOverride = numberParam(query.timer, 1);
    this.botDelay = numberParam(query.botdelay, 0) ?? BOT_DELAY_MS;
    // "direct=off": no direct path can come up, the table's messages go through the relays (a test setting).
    this.directOk = query.direct !== "off";
    this.mode = "net";
    const info = GAMES[game];
    this.levels = info.botLevels && info.botLevels.length ? info.botLevels : ["easy"];
    this.min = info.minPlayers || 2;
    this.max = info.maxPlayers || 4;
    this.seats = [];
    this.setCount(Math.max(this.min, 2));
    this.timers = true;
    // Hints for everyone at the table (the strongest bot's move, counted in the record): chosen
    // here, so they are in the terms every guest reveals against.
    this.hints = false;
    this.phase = "setup";
    this.guests = new Map(); // seat → {seat, name, peer, commitment, contribution, state, invite}
    this.order = []; // remote seats in the order they joined: the table's order after the host
    this.watchers = []; // spectators: {seat: null, watcher: n, name, peer, state, invite}
    this.deadlines = new Map();
    this.chain = Promise.resolve();
    this.snap = null;
    this.board = null;
    this.offLang = onLangChange(() => this.render());
    // The clocks' time left goes into the save when the page goes, so a reload resumes them.
    this.onHide = () => { if (document.visibilityState === "hidden") this.saveClocks(); };
    document.addEventListener("visibilitychange", this.onHide);
    window.addEventListener("pagehide", this.onHide);
    // Test and tool hook: the host's table, as any script of this page could reach it anyway.
    window.__vt.liveHost = this;
    // Tables-to-be nobody started within a week are no longer worth keeping.
    for (const old of staleLobbies()) this.forgetKept(old);
    if (query.table === undefined && query.lobby === undefined) this.render();
  }

  setCount(n) {
    while (this.seats.length < n) {
      const k = this.seats.length;
      this.seats.push({ name: "", kind: k === 0 ? "me" : k === 1 ? "device" : "bot", level: this.levels[0] });
    }
    this.seats.length = n;
  }

  seatName(k) {
    const s = this.seats[k];
    return (s.name || "").trim().slice(0, 24)
      || (s.kind === "bot" ? t("newtable.botName", { n: k + 1 }) : t("newtable.personName", { n: k + 1 }));
  }

  // --- drawing ---------------------------------------------------------------------------
  render() {
    if (this.dead) return;
    const head = h("div.live-head",
      h("p.crumbs", h("a", { href: "#/" }, t("shell.lobby")), " / ", t(`game.${this.game}`), " · ", t("live.hostCrumb")),
      h("h1", t("live.hostTitle", { game: t(`game.${this.game}`) })));
    if (this.phase === "setup") {
      this.el.replaceChildren(h("div.live-page", { dataset: { page: "live-setup" } }, head, this.setupForm()));
      return;
    }
    if (this.phase === "lost") {
      this.el.replaceChildren(h("div.live-page", { dataset: { page: "live-lobby-lost" } }, head,
        h("section.live-lost", { role: "alert" },
          h("p.form-error", this.lost.why),
          this.lost.detail ? h("p.hint.lobby-problem", t("live.lobby.detail", { detail: this.lost.detail })) : null),
        h("p.actions", h("button.button.primary#live-fresh", { type: "button", onclick: () => this.freshSetup() },
          t("live.lobby.fresh"))),
        h("p.hint", t("live.lobby.freshHint"))));
      return;
    }
    if (this.phase === "reopening" || this.phase === "gone") {
      this.el.replaceChildren(h("div.live-page", { dataset: { page: "live-reopen" } }, head,
        this.phase === "gone" ? h("p.form-error", { role: "alert" }, this.error) : h("p.hint", t("live.reopening"))));
      return;
    }
    if (!this.board) {
      this.guestsBox = h("section.live-guests");
      this.el.replaceChildren(h("div.live-page", { dataset: { page: "live-hosting" } }, head, this.guestsBox));
    }
    this.paintGuests();
    if (this.board) this.board.repaint();
  }

  setupForm() {
    const seatRows = this.seats.map((s, k) => h("li.seat-row",
      h("span.seat-no", { "aria-hidden": "true" }, String(k + 1)),
      h("label.field", h("span", t("newtable.name", { n: k + 1 })),
        h("input", { id: `live-name-${k}`, type: "text", maxlength: "24", value: s.name, autocomplete: "off",
          placeholder: this.seatName(k), oninput: (e) => { s.name = e.target.value; } })),
      k === 0 ? h("span.live-me", t("live.thisDevice")) : h("label.field", h("span", t("newtable.kind")),
        h("select", { id: `live-kind-${k}`, onchange: (e) => { s.kind = e.target.value; this.render(); } },
          h("option", { value: "device", selected: s.kind === "device" || undefined }, t("live.otherDevice")),
          h("option", { value: "bot", selected: s.kind === "bot" || undefined }, t("newtable.bot")))),
      s.kind === "bot" ? h("label.field", h("span", t("newtable.level")),
        h("select", { id: `live-level-${k}`, onchange: (e) => { s.level = e.target.value; } },
          this.levels.map((l) => h("option", { value: l, selected: l === s.level || undefined }, levelName(l))))) : null));
    const remote = this.seats.filter((s) => s.kind === "device").length;
    return h("form.newtable.live-setup", { onsubmit: (e) => { e.preventDefault(); this.invite("codes"); } },
      h("p", t("live.hostIntro")),
      h("fieldset.seats-form", h("legend", t("newtable.seats")),
        this.min === this.max ? null : h("label.inline", { for: "live-count" }, t("newtable.howMany"), " ",
          h("select#live-count", { onchange: (e) => { this.setCount(Number(e.target.value)); this.render(); } },
            Array.from({ length: this.max - this.min + 1 }, (_, i) => this.min + i).map((n) =>
              h("option", { value: String(n), selected: n === this.seats.length || undefined }, String(n))))),
        h("ol.seat-rows", seatRows)),
      h("label.check", h("input#live-timers", { type: "checkbox", checked: this.timers || undefined,
        onchange: (e) => { this.timers = e.target.checked; } }), " ", t("live.timers")),
      h("label.check", h("input#live-hints", { type: "checkbox", checked: this.hints || undefined,
        onchange: (e) => { this.hints = e.target.checked; } }), " ", t("live.hintsOption")),
      h("div.start-row",
        h("button.button.primary.big#live-invite-net", { type: "button", disabled: remote === 0 || undefined,
          onclick: () => this.invite("net") }, t("live.inviteInternet")),
        h("button.button#live-invite", { type: "submit", disabled: remote === 0 || undefined }, t("live.inviteCodes"))),
      h("p.hint", t("live.modesHint")),
      networksField(),
      stunField(getPref, setPref, STUN_PREF),
      remote === 0 ? h("p.hint", t("live.needRemote")) : null,
      this.error ? h("p.form-error", { role: "alert" }, this.error) : null);
  }

  paintGuests() {
    if (!this.guestsBox) return;
    const cards = [...this.guests.values()].map((g) => this.guestCard(g));
    const ready = [...this.guests.values()].every((g) => g.state === "here");
    const watching = h("section.live-watchers",
      h("h3", t("live.spectators")),
      h("p.hint", t("live.spectatorsHint")),
      h("div.invite-cards", this.watchers.filter((w) => w.state !== "gone").map((w) => this.guestCard(w))),
      h("p", h("button.button.small#live-watcher", { type: "button", onclick: () => this.inviteWatcher() },
        t("live.inviteSpectator"))));
    const parts = [
      this.net ? this.relaysLine() : null,
      h("div.invite-cards", cards),
    ];
    const commitment = h("p.live-commitment", t("live.yourCommitment"), " ", h("code.hex", this.commit ? this.commit.commitment : "…"));
    // Over the internet the commitment is a detail for the curious; with codes it sits above the cards, as before.
    if (this.net) parts.push(h("details.fairness-details", h("summary", t("live.fairnessDetails")), commitment));
    else parts.unshift(commitment);
    if (this.phase === "inviting" || this.phase === "starting") {
      parts.push(h("div.start-row",
        h("button.button.primary.big#live-start", { type: "button", disabled: !ready || this.phase === "starting" || undefined,
          onclick: () => this.start() }, this.phase === "starting" ? t("live.starting") : t("live.start")),
        ready ? null : h("p.hint", t("live.waitAll")),
        h("button.button.small.ghost#live-cancel", { type: "button", onclick: () => this.cancel() },
          t(this.phase === "inviting" ? "live.cancelInvitations" : "live.cancelStarted"))));
      // After Start the guests reveal: dropping the table now is a start-over their pages will name.
      if (this.phase === "starting") parts.push(h("p.hint", t("live.cancelStartedHint")));
      if (this.net && this.lobbyNotKept) parts.push(h("p.hint.lobby-not-kept", t("live.lobby.notKept")));
    }
    if (this.error) parts.push(h("p.form-error", { role: "alert" }, this.error));
    parts.push(watching);
    if (this.board) {
      // The table plays: the board is what matters, so the people and invitations go under it, in a
      // part the host may fold to one line (how many are here, and whether something needs a look).
      const all = [...this.guests.values()];
      const here = all.filter((g) => g.state === "here" && !(g.link && g.link.stuck)).length;
      const attention = all.some((g) => g.state !== "here" || g.floodNote || g.stranger || (g.link && g.link.stuck));
      this.guestsBox.replaceChildren(h("details.live-guests-fold", {
        open: this.guestsOpen !== false || undefined, ontoggle: (e) => { this.guestsOpen = e.currentTarget.open; },
      }, h("summary", h("span", t("live.guestsFolded", { here, n: all.length })),
        attention ? h("span.badge.fold-alert", t("live.guestsAttention")) : null), ...parts.filter(Boolean)));
      return;
    }
    // replaceChildren writes a null as the word "null" (the relays' line is absent with codes).
    this.guestsBox.replaceChildren(h("h2", t("live.guests")), ...parts.filter(Boolean));
  }

  guestCard(g) {
    return guestCard(this, g);
  }

  // A guest's budgets and other devices holding its link (hostguard.js).
  admit(g, kind) { return admit(this, g, kind); }
  admitIntent(g) { return admitIntent(g); }
  stranger(g, pubkey, code) { stranger(this, g, pubkey, code); }
  handOver(g, asking) { handOver(this, g, asking); }

  /** How many relays answer, and in words any that refuses, asks to authenticate or is down. */
  relaysLine() {
    const now = this.net.relaysOpen();
    return h("p.live-relays", { dataset: { open: String(now.open) } }, t("live.relaysLine", now),
      now.trouble ? h("span.relay-trouble", ` — ${now.trouble}`) : null);
  }

  scan(g) {
    return scanAnswer(this, g);
  }

  cardOf(g) {
    return cardOf(this, g);
  }

  inviteWatcher() {
    // Numbers are never reused, also after a reload that dropped a dismissed spectator.
    const n = this.watchers.reduce((m, w) => Math.max(m, w.watcher), 0) + 1;
    const w = { seat: null, watcher: n, name: t("live.spectatorName", { n }), peer: null, state: "making", invite: null, note: null };
    this.watchers.push(w);
    const made = this.makeInvite(w);
    made.then(() => this.keepInvitations());
  }

  dismiss(w) {
    if (w.link) this.net.drop(w);
    else if (w.peer) w.peer.close();
    w.peer = null;
    w.state = "gone";
    this.keepLobby();
    this.paintGuests();
  }

  // --- invitations -----------------------------------------------------------------------
  async invite(mode) {
    if (this.phase !== "setup" || this.inviting) return;
    this.inviting = true;
    this.error = null;
    this.mode = mode;
    // Over the internet the invitations make a table-to-be this device keeps until the start.
    const keep = mode === "net" ? newTableId() : undefined;
    try {
      await this.engine.ready;
      this.commit = await this.engine.call("joint_commit", keep ? { keep } : {});
    } catch (e) {
      this.error = t("live.engineFailed", { detail: e.message || String(e) });
      this.render();
      return;
    } finally {
      this.inviting = false;
    }
    if (this.dead) return;
    this.phase = "inviting";
    for (let k = 1; k < this.seats.length; k++) {
      if (this.seats[k].kind !== "device") continue;
      this.guests.set(k, { seat: k, name: this.seatName(k), peer: null, commitment: null, contribution: null,
        state: "making", invite: null, note: null, secret: mode === "net" ? newSecret() : undefined,
        hostKey: mode === "net" ? newSigningKey() : undefined, device: null });
    }
    if (keep) {
      this.lobbyId = keep;
      this.lobbyCreated = Date.now();
      this.ensureNet();
      this.lobbyNotKept = !this.commit.kept;
      // Kept before any link opens: a reload from now on finds the same secrets.
      this.keepLobby();
      this.setAddress({ lobby: keep });
    }
    this.render();
    for (const g of this.guests.values()) await (g.secret ? this.netInvite(g) : this.makeInvite(g));
  }

  /** This page's address with `set` (null: removed); the other words (test settings) stay. */
  setAddress(set) {
    const query = new URLSearchParams(location.hash.split("?")[1] || "");
    for (const [k, v] of Object.entries(set)) {
      if (v === null) query.delete(k);
      else query.set(k, v);
    }
    const q = String(query);
    history.replaceState(history.state, "", `#/host/${this.game}${q ? `?${q}` : ""}`);
  }

  // The table-to-be (hostlobby.js).
  keepLobby() { keepLobbyOf(this); }
  forgetKept(id) { forgetKept(this, id); }
  resumeLobby(id) { return resumeLobby(this, id); }
  cancel() { cancelInvitations(this); }
  freshSetup() { freshSetup(this); }
  reinviteNet(g) { return reinviteNet(this, g); }

  async makeInvite(g) {
    if (this.mode === "net") return this.netInvite(g);
    if (g.peer) g.peer.close();
    if (g.scan) g.scan.abort.abort();
    g.draft = "";
    g.state = "making";
    g.note = null;
    this.paintGuests();
    const peer = new Peer();
    g.peer = peer;
    try {
      const sdp = await peer.offer();
      const code = invitationCode({ sdp, seat: g.seat, game: this.game, host: this.commit.commitment,
        name: g.name.slice(0, 24) });
      const base = `${location.origin}${location.pathname}`;
      g.invite = { code, link: `${base}#/join?i=${code}` };
      g.state = "inviting";
    } catch (e) {
      g.state = "away";
      g.note = t("live.offerFailed", { detail: e.message || String(e) });
    }
    peer.on("open", () => this.arrived(g, peer));
    peer.on("message", (text) => this.fromGuest(g, peer, text));
    peer.on("close", () => this.left(g, peer));
    peer.on("state", (ice) => {
      if (g.peer !== peer || this.dead) return;
      g.ice = ice;
      const card = this.cardOf(g);
      if (card) card.dataset.ice = ice;
    });
    if (!this.dead) this.paintGuests();
  }

  async connect(g, button) {
    const card = button.closest(".invite-card");
    const text = card.querySelector(".answer-input").value;
    let answer = null;
    try {
      answer = readAnswer(text);
    } catch (_) { /* said below */ }
    if (!checkAnswer(answer) || answer.seat !== g.seat) {
      g.note = t("live.badAnswer");
      this.paintGuests();
      return;
    }
    if (g.watcher) {
      // A spectator's answer names no seat and carries no commitment: it adds nothing to the seed.
    } else if (this.phase === "playing" && g.commitment && answer.c !== g.commitment) {
      // A rejoin from another device (or a cleared browser): it plays the seat, but its page
      // cannot check a contribution it no longer has.
      g.note = t("live.otherCommitment");
    }
    if (this.phase !== "playing" && !g.watcher) g.commitment = answer.c;
    const peer = g.peer;
    try {
      button.disabled = true;
      await peer.accept(answer.sdp);
      // On a busy device the link may already be open (and the guest welcomed) by the time the
      // answer's promise is seen here: never step back from "here" to "connecting".
      if (g.peer === peer && g.state === "inviting") g.state = "connecting";
    } catch (e) {
      g.note = t("live.badAnswer");
      button.disabled = false;
    }
    this.paintGuests();
  }

  arrived(g, peer) {
    if (g.peer !== peer || this.dead) return;
    g.state = "here";
    if (!g.watcher && !this.order.includes(g.seat)) this.order.push(g.seat);
    peer.send(message("welcome", { seat: g.seat, game: this.game, host: this.commit.commitment,
      started: this.phase === "playing" }));
    if (this.phase === "playing") this.enqueue(() => this.sendTo(g));
    this.paintGuests();
  }

  left(g, peer) {
    if (g.peer !== peer || this.dead) return;
    g.peer = null;
    g.state = "away";
    this.paintGuests();
  }

  // A guest's messages, each within its budget (hostguard.js).
  refuse(g, peer, note) { refuse(this, g, peer, note); }
  fromGuest(g, peer, text) { fromGuest(this, g, peer, text); }

  // --- internet invitations (web/app/live/hostnet.js) -------------------------------------------
  ensureNet(list) {
    if (this.net) return this.net;
    this.net = new HostNet({
      message: (g, link, text) => this.fromGuest(g, g.peer, text),
      session: (g) => { g.sentLog = null; },
      state: (g, link) => this.netState(g, link),
      relays: () => this.paintSoon(),
      pin: (g, pubkey) => { g.device = pubkey; this.keepInvitations(); },
      stranger: (g, pubkey, code) => this.stranger(g, pubkey, code),
    }, { direct: this.directOk, list });
    return this.net;
  }

  /** The invitations as this device keeps them: with the table-to-be, or beside the started table's save. */
  keepInvitations() {
    if (this.snap && this.snap.terminal) return; // forgotten with the end of the game
    if (this.lobbyId) this.keepLobby();
    else if (this.saveId && this.net) keepSecrets(this.saveId, [...this.guests.values()], this.watchers);
  }

  async netInvite(g) {
    this.ensureNet();
    g.note = null;
    g.draft = "";
    await this.net.open(g);
    if (g.state !== "away") g.state = "inviting";
    g.intents = { tokens: INTENT_BURST, at: Date.now(), pending: false };
    if (!this.dead) this.paintGuests();
  }

  /** A link's presence or path changed: "Ana — reconnecting…" while it is silent. */
  netState(g, link) {
    if (g.link !== link || this.dead) return;
    if (g.state === "here" && !link.here) {
      g.state = "away";
      announce(t("live.netState.away", { name: g.name }));
    } else if (g.state === "away" && link.here && g.joined) {
      g.state = "here";
    }
    this.paintSoon();
  }

  paintSoon() {
    if (this.paintTimer || this.dead) return;
    this.paintTimer = setTimeout(() => { this.paintTimer = null; if (!this.dead) this.paintGuests(); }, 50);
  }

  /** A guest's page joined (or came back to) its seat through its link. */
  joined(g, msg) {
    const first = !g.joined;
    g.joined = true;
    if (!g.watcher && this.phase !== "playing" && this.phase !== "starting") {
      g.name = msg.name.trim().slice(0, 24) || g.name;
      g.commitment = msg.commitment;
      this.seats[g.seat].name = g.name;
    } else if (!g.watcher && g.commitment && msg.commitment && msg.commitment !== g.commitment) {
      g.note = t("live.otherCommitment");
    }
    g.state = "here";
    if (!g.watcher && !this.order.includes(g.seat)) this.order.push(g.seat);
    g.sentLog = null;
    g.peer.send(message("welcome", { seat: g.seat, game: this.game, host: this.commit.commitment,
      started: this.phase === "playing" }));
    // The terms again to a guest who came back before the start (its page reveals again for the
    // same terms, never for others); a spectator keeps them to hold the record to them.
    if (this.phase === "starting" && this.terms && !g.contribution) g.peer.send(message("commitments", { terms: this.terms }));
    if (this.phase === "playing") this.enqueue(() => this.sendTo(g));
    this.keepLobby();
    announce(t(first ? (g.watcher ? "live.watcherJoined" : "live.joinedSeat") : "live.cameBack",
      { name: g.name, n: g.seat === null ? 0 : g.seat + 1 }));
    this.paintGuests();
  }

  // --- the joint seed and the start -------------------------------------------------------
  /** The table's options: a live table has the game's defaults, and hints only when the host chose them. */
  tableOptions() {
    return this.hints ? { hints: true } : {};
  }

  /** The seats as the table will hold them. */
  tableSeats() {
    return this.seats.map((s, k) => ({ name: this.seatName(k), bot: s.kind === "bot", level: s.kind === "bot" ? s.level : null }));
  }

  /**
   * Start: the table's terms — game, engine, options, every seat, the clocks and every participant's
   * commitment, host first — go to every guest before anyone reveals (docs/fairness.md). From here
   * the table is fixed: a reload takes up these same terms, and the engine makes no table on others.
   */
  async start() {
    if (this.phase !== "inviting") return;
    this.phase = "starting";
    this.paintGuests();
    const participants = [{ who: this.seatName(0), commitment: this.commit.commitment },
      ...this.order.map((k) => ({ who: this.guests.get(k).name, commitment: this.guests.get(k).commitment }))];
    let got;
    try {
      got = await this.engine.call("joint_terms", { game: this.game, seats: this.tableSeats(), options: this.tableOptions(),
        timers: this.timers, participants });
    } catch (e) {
      this.phase = "inviting";
      this.error = t("live.engineFailed", { detail: words(e.words) || e.message || String(e) });
      this.paintGuests();
      return;
    }
    if (this.dead) return;
    this.terms = got.terms;
    this.keepLobby();
    this.sendTerms();
    this.paintGuests();
  }

  /** The terms to every guest still to reveal, and to every spectator. */
  sendTerms() {
    for (const k of this.order) {
      const g = this.guests.get(k);
      if (g.peer && !g.contribution) g.peer.send(message("commitments", { terms: this.terms }));
    }
    for (const w of this.watchers) if (w.peer) w.peer.send(message("commitments", { terms: this.terms }));
  }

  async reveal(g, peer, contribution) {
    if ((await sha256Hex(contribution)) !== g.commitment) {
      this.refuse(g, peer, "that contribution does not match the commitment sent with the answer");
      return;
    }
    g.contribution = contribution;
    if (this.order.every((k) => this.guests.get(k).contribution) && !this.creating) {
      this.creating = true;
      this.enqueue(() => this.createTable());
    }
  }

  async createTable() {
    const seats = this.tableSeats();
    const joint = [{ who: this.seatName(0), token: this.commit.token },
      ...this.order.map((k) => {
        const g = this.guests.get(k);
        return { who: g.name, commitment: g.commitment, contribution: g.contribution };
      })];
    const id = newTableId();
    let snap;
    try {
      snap = await this.engine.call("new_table", { game: this.game, seats, options: this.tableOptions(), viewer: 0,
        timers: this.timers, save: id, joint, terms: this.terms });
    } catch (e) {
      // The terms are out and the guests revealed: the table stays this one (no other can be made
      // from these reveals); the host may only cancel it, which its guests' pages will name.
      this.error = t("live.engineFailed", { detail: words(e.words) || e.message || String(e) });
      this.paintGuests();
      return;
    }
    this.saveId = id;
    this.save = { id, game: this.game, seats: snap.seats, deadlineKey: null, remaining: null, timers: snap.timers !== false,
      viewer: 0, created: Date.now(), summary: summarize(snap), remote: this.order.slice() };
    await saveTable(this.save);
    if (this.net) keepSecrets(id, [...this.guests.values()], this.watchers);
    rememberLive(id, snap.table);
    // A reload of this page opens this table again (the other query words, test settings, stay);
    // the started table's save takes over from the table-to-be.
    this.setAddress({ table: id, lobby: null });
    if (this.lobbyId) this.forgetKept(this.lobbyId);
    this.lobbyId = null;
    await this.openBoard(snap.table);
  }

  async openBoard(table) {
    this.table = table;
    this.phase = "playing";
    this.board = new (await import("./board.js")).LiveBoard({
      game: this.game, page: "live-host", onPlay: (action) => this.enqueue(() => this.hostPlay(action)),
      chat: { me: 0, keepKey: `vt.chat.${this.saveId}`, send: (line) => { chatOut(this, { seat: 0, ...line }); return true; } },
    });
    if (this.dead) return;
    this.board.el.dataset.table = table;
    this.board.el.dataset.save = this.saveId;
    // Once the table plays, the board comes first, in view; the people and invitations fold away under it.
    this.guestsBox.before(this.board.el);
    window.scrollTo({ top: 0 });
    this.paintGuests();
    await this.refreshAll();
  }

  /** Open a table this page hosted before: every guest Away, each clock with the time it had. */
  reopen(id) {
    return reopenTable(this, id);
  }

  // --- the table runs here ------------------------------------------------------------------
  enqueue(fn) {
    this.chain = this.chain.then(() => (this.dead ? null : fn())).catch((e) => {
      console.error(e);
      if (this.board) this.board.note(t("live.engineFailed", { detail: e.message || String(e) }));
    });
    return this.chain;
  }

  async hostPlay(action) {
    if (action === HINT) {
      await hintFor(this, null);
      return;
    }
    try {
      await this.engine.call("play", { table: this.table, seat: 0, action, viewer: 0 });
    } catch (e) {
      this.board.note(t("table.actionFailed", { detail: words(e.words) || e.message || String(e) }));
    }
    await this.refreshAll();
  }

  isPerson(seat) {
    return this.seats[seat].kind !== "bot";
  }

  /**
   * Seconds left on `seat`'s clock for the decision on the table, or null when none runs; for a
   * spectator (null), the clock of the first person to act.
   */
  remaining(seat) {
    const snap = this.snap;
    if (seat === null) {
      const person = snap && snap.decision ? snap.decision.players.find((p) => this.isPerson(p)) : undefined;
      return person === undefined ? null : this.remaining(person);
    }
    if (!snap || snap.terminal || !snap.decision || !snap.decision.players.includes(seat)) return null;
    const dl = this.deadlines.get(decisionKey(snap, seat));
    return dl === undefined ? null : Math.max(0, (dl - Date.now()) / 1000);
  }

  async refreshAll() {
    const snap = await this.engine.call("snapshot", { table: this.table, viewer: 0 });
    this.snap = snap;
    // Each step on the table: a cached whole snapshot of an earlier one is stale.
    this.version = (this.version || 0) + 1;
    const d = snap.decision;
    if (d && this.timers) {
      const seconds = this.timerOverride ?? d.timer;
      for (const p of d.players) {
        const key = decisionKey(snap, p);
        if (this.isPerson(p) && seconds > 0 && !this.deadlines.has(key)) this.deadlines.set(key, Date.now() + seconds * 1000);
      }
    }
    this.board.update(snap, this.remaining(0));
    this.save.summary = summarize(snap);
    this.save.seats = snap.seats;
    this.saveClocks();
    for (const g of this.guests.values()) await this.sendTo(g, { onlyChanged: true });
    for (const w of this.watchers) await this.sendTo(w, { onlyChanged: true });
    if (snap.terminal) {
      this.board.endBox.replaceChildren(endScreen(snap, this.saveId, {}));
      // The game is over: this device forgets its invitations (the links open now stay open while
      // this page is, for a guest to fetch the end again; after that they lead nowhere).
      if (this.saveId && this.net) forgetSecrets(this.saveId);
    }
    this.schedule();
  }

  /**
   * Send `g` its seat's snapshot. With `onlyChanged` (after any step on the table), nothing is
   * sent when that seat's view did not change: the steps of another seat's secret choice leave
   * every other view as it was, so the number and timing of messages a guest receives must not
   * tell it how many steps the secret took (the engine makes the views alike; this keeps the
   * traffic alike). The move chain changes at every step, so it is carried, never compared.
   */
  async sendTo(g, { onlyChanged = false } = {}) {
    if (!g.peer || !g.peer.open || !this.table) return;
    if (g.link && !g.joined) return;
    // Over a link, only what changed since the last snapshot sent: the log from where it may differ
    // (the table re-sends the last entries, which may be actions under way) and entries a reveal
    // changed. Messages arrive in order, so the guest holds all the rest.
    const base = g.sentLog;
    const since = g.link && Array.isArray(base) ? base.length : undefined;
    const snap = await this.engine.call("snapshot", { table: this.table, viewer: g.seat, since });
    // The guest lost track meanwhile (a sync): the whole table goes next, not this.
    if (since !== undefined && g.sentLog !== base) return;
    const { log, log_from: from, log_changed: changed, chain: _chain, ...rest } = snap;
    // The log the guest will hold after this snapshot, entry by entry, as this page last sent it.
    let held;
    if (from === undefined) held = log.map((e) => JSON.stringify(e));
    else {
      held = base.slice(0, from);
      for (const c of changed || []) if (c.n >= 1 && c.n <= held.length) held[c.n - 1] = JSON.stringify(c);
      held.push(...log.map((e) => JSON.stringify(e)));
    }
    const view = JSON.stringify(rest);
    const same = view === g.lastView && Array.isArray(base) && held.length === base.length
      && held.every((e, i) => e === base[i]);
    if (onlyChanged && same) return;
    g.lastView = view;
    g.sentLog = held;
    if (from === undefined) g.fullCache = { version: this.version, snap, log: held };
    g.peer.send(message("snapshot", { snap, remaining: this.remaining(g.seat) }));
  }

  /** What the table does next by itself: a bot's move, or a clock running out. */
  schedule() {
    clearTimeout(this.nextTimer);
    const snap = this.snap;
    if (!snap || snap.terminal || !snap.decision) return;
    const d = snap.decision;
    const people = d.players.filter((p) => this.isPerson(p));
    if (!people.length) {
      const bot = d.players[0];
      this.nextTimer = setTimeout(() => this.enqueue(async () => {
        if (this.snap !== snap) return;
        await this.engine.call("bot_play", { table: this.table, seat: bot });
        await this.refreshAll();
      }), this.botDelay);
      return;
    }
    let first = null;
    for (const p of people) {
      const dl = this.deadlines.get(decisionKey(snap, p));
      if (dl !== undefined && (first === null || dl < first.dl)) first = { p, dl };
    }
    if (!first) return;
    this.nextTimer = setTimeout(() => this.enqueue(async () => {
      if (this.snap !== snap) return;
      await this.engine.call("timeout", { table: this.table, seat: first.p });
      await this.refreshAll();
    }), Math.max(0, first.dl - Date.now()));
  }

  /** The save with each running clock's time left (a reloaded page resumes them from it). */
  saveClocks() {
    if (!this.save) return;
    const clocks = {};
    const d = this.snap && !this.snap.terminal ? this.snap.decision : null;
    for (const p of d ? d.players : []) {
      const key = decisionKey(this.snap, p);
      if (this.deadlines.has(key)) clocks[key] = Math.max(0, (this.deadlines.get(key) - Date.now()) / 1000);
    }
    this.save.clocks = clocks;
    // The table page (this table opened there) reads one clock: the first one running.
    const first = Object.keys(clocks)[0];
    this.save.deadlineKey = first ?? null;
    this.save.remaining = first ? clocks[first] : null;
    saveTable(this.save);
  }

  destroy() {
    this.saveClocks();
    this.dead = true;
    clearTimeout(this.nextTimer);
    this.offLang();
    document.removeEventListener("visibilitychange", this.onHide);
    window.removeEventListener("pagehide", this.onHide);
    for (const g of [...this.watchers, ...this.guests.values()]) if (g.scan) g.scan.abort.abort();
    for (const w of this.watchers) if (w.peer) w.peer.close();
    for (const g of this.guests.values()) if (g.peer) g.peer.close();
    if (this.net) this.net.close();
    clearTimeout(this.paintTimer);
    if (window.__vt && window.__vt.liveHost === this) delete window.__vt.liveHost;
    if (this.board) this.board.destroy();
  }
}

