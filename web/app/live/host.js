// The host's page of a table shared across devices (#/host/<game>): the set-up form, the cards of
// the guests and spectators, and the host's own board. The table itself — guests, the joint seed,
// intents, bots, clocks, what each seat is sent — is the HostCore's (hostcore.js), which this page
// makes and draws: it paints on the core's events and hands the person's choices to it.
//
// Invitations go over the internet (a link whose secret both ends derive their keys from:
// hostnet.js) or with codes (a link carrying the connection offer, answered by a code pasted back:
// hostcodes.js). Once the table exists its save id goes into this page's address
// (#/host/<game>?table=<id>), so a reload of the host's page opens the same table again, every
// guest Away, ready for fresh invitations; the clocks resume with the time that was left when the
// page went. Before the start, internet invitations make a table-to-be (lobby.js): its id goes
// into the address (#/host/<game>?lobby=<id>) and this device keeps the set-up, each invitation's
// secret and who joined, so a reload takes it up again with the same links; the worker keeps this
// device's contribution to the seed, so the commitment the guests were shown stays the same.
//
// Test settings in the address: ?timer=<seconds> replaces every decision's time, ?botdelay=<ms>
// the pause before a bot moves, ?direct=off keeps the table's messages on the relays.

import { t, words, onLangChange } from "../../lib/i18n.js";
import { GAMES, isGame } from "../../games/index.js";
import { h } from "../../lib/dom.js";
import { messagePage } from "../table/live.js";
import { levelName } from "../../lib/seats.js";
import { endScreen } from "../table/endscreen.js";
import { addLiveStyle, stunField } from "./common.js";
import { getPref, setPref } from "../storage.js";
import { STUN_PREF } from "./peer.js";
import { HostNet } from "./hostnet.js";
import { CodesTransport } from "./hostcodes.js";
import { HostCore, BOT_DELAY_MS } from "./hostcore.js";
import { browserStore } from "./hoststore.js";
import { guestCard, scanAnswer, cardOf } from "./cards.js";
import { networksField } from "./netview.js";
import { announce } from "../../lib/announce.js";
import "./strings.js";
import "./strings_net.js";
import "../days/strings.js";

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
  if (id !== undefined) host.core.reopen(id);
  else if (params.query.lobby !== undefined) host.core.resumeLobby(params.query.lobby);
  return () => host.destroy();
}

/** Which page a phase of the table shows (its data-page). */
const PAGES = { setup: "live-setup", lost: "live-lobby-lost", reopening: "live-reopen", gone: "live-reopen" };

class HostTable {
  constructor(el, game, query, ctx) {
    this.el = el;
    this.game = game;
    // "direct=off": no direct path can come up, the table's messages go through the relays (a test setting).
    const direct = query.direct !== "off";
    const core = new HostCore({
      game, engine: ctx.engine, store: browserStore,
      transports: {
        net: (c, { relays } = {}) => new HostNet(c, { direct, list: relays }),
        codes: (c) => new CodesTransport(c),
      },
      clockSeconds: numberParam(query.timer, 1),
      bots: { delayMs: numberParam(query.botdelay, 0) ?? BOT_DELAY_MS },
      hintQuick: () => (matchMedia("(pointer: coarse)").matches ? "phone" : "desk"),
    });
    this.core = core;
    this.ctx = ctx;
    this.board = null;
    // Live, or over days (a move every few days: this device's dealer keeps the table, web/app/days/).
    this.pace = "live";
    this.days = { move_days: 3, bank_days: 7, holiday_days: 14 };
    this.offs = [
      core.on("change", ({ soon }) => (soon ? this.paintSoon() : this.changed())),
      core.on("snapshot", ({ snap, remaining }) => { if (this.board) this.board.update(snap, remaining); }),
      core.on("note", ({ text }) => { if (this.board) this.board.note(text); }),
      core.on("hint", ({ found }) => { if (this.board) this.board.showHint(found); }),
      core.on("chat", ({ line }) => { if (this.board && this.board.chat) this.board.chat.receive(line); }),
      core.on("ended", ({ snap, saveId }) => { if (this.board) this.board.endBox.replaceChildren(endScreen(snap, saveId, {})); }),
      core.on("playing", ({ table }) => this.openBoard(table)),
      core.on("kept", (where) => this.setAddress(where)),
      // With codes the cards say who is here; over the internet the page says it aloud too.
      core.on("arrived", ({ g, first }) => {
        if (core.mode === "codes") return;
        announce(t(first ? (g.watcher ? "live.watcherJoined" : "live.joinedSeat") : "live.cameBack",
          { name: g.name, n: g.seat === null ? 0 : g.seat + 1 }));
      }),
      core.on("left", ({ g }) => { if (core.mode !== "codes") announce(t("live.netState.away", { name: g.name })); }),
      core.on("stranger", ({ g }) => announce(t(g.watcher ? "live.stranger.hostWatcher" : "live.stranger.host", { name: g.name }))),
      core.on("handedOver", ({ g }) => announce(t("live.stranger.handedOver", { name: g.name }))),
      core.on("transport", ({ g, ice }) => {
        if (!g) {
          this.paintSoon();
          return;
        }
        // The link's ICE state, on its card without a repaint (an answer may be half typed there).
        const card = this.cardOf(g);
        if (card) card.dataset.ice = ice;
      }),
    ];
    this.offLang = onLangChange(() => this.render());
    // The clocks' time left goes into the save when the page goes, so a reload resumes them.
    this.onHide = () => { if (document.visibilityState === "hidden") core.saveClocks(); };
    document.addEventListener("visibilitychange", this.onHide);
    window.addEventListener("pagehide", this.onHide);
    // Test and tool hook: the host's table, as any script of this page could reach it anyway.
    window.__vt.liveHost = core;
    // Tables-to-be nobody started within a week are no longer worth keeping.
    for (const old of core.store.staleLobbies()) core.forgetKept(old);
    if (query.table === undefined && query.lobby === undefined) this.render();
  }

  // --- drawing ---------------------------------------------------------------------------
  /** The table changed: the whole page when it shows another part, else the cards. */
  changed() {
    if (this.dead) return;
    if ((PAGES[this.core.phase] || "live-hosting") !== this.shown || this.shown !== "live-hosting") this.render();
    else this.paintGuests();
  }

  render() {
    if (this.dead) return;
    const core = this.core;
    const head = h("div.live-head",
      h("p.crumbs", h("a", { href: "#/" }, t("shell.lobby")), " / ", t(`game.${this.game}`), " · ", t("live.hostCrumb")),
      h("h1", t("live.hostTitle", { game: t(`game.${this.game}`) })));
    this.shown = PAGES[core.phase] || "live-hosting";
    if (core.phase === "setup") {
      this.el.replaceChildren(h("div.live-page", { dataset: { page: this.shown } }, head, this.setupForm()));
      return;
    }
    if (core.phase === "lost") {
      this.el.replaceChildren(h("div.live-page", { dataset: { page: this.shown } }, head,
        h("section.live-lost", { role: "alert" },
          h("p.form-error", core.lost.why),
          core.lost.detail ? h("p.hint.lobby-problem", t("live.lobby.detail", { detail: core.lost.detail })) : null),
        h("p.actions", h("button.button.primary#live-fresh", { type: "button", onclick: () => core.freshSetup() },
          t("live.lobby.fresh"))),
        h("p.hint", t("live.lobby.freshHint"))));
      return;
    }
    if (core.phase === "reopening" || core.phase === "gone") {
      this.el.replaceChildren(h("div.live-page", { dataset: { page: this.shown } }, head,
        core.phase === "gone" ? h("p.form-error", { role: "alert" }, core.error) : h("p.hint", t("live.reopening"))));
      return;
    }
    if (!this.board) {
      this.guestsBox = h("section.live-guests");
      this.el.replaceChildren(h("div.live-page", { dataset: { page: this.shown } }, head, this.guestsBox));
    }
    this.paintGuests();
    if (this.board) this.board.repaint();
  }

  setupForm() {
    const core = this.core;
    const seatRows = core.seats.map((s, k) => h("li.seat-row",
      h("span.seat-no", { "aria-hidden": "true" }, String(k + 1)),
      h("label.field", h("span", t("newtable.name", { n: k + 1 })),
        h("input", { id: `live-name-${k}`, type: "text", maxlength: "24", value: s.name, autocomplete: "off",
          placeholder: core.seatName(k), oninput: (e) => { s.name = e.target.value; } })),
      k === 0 ? h("span.live-me", t("live.thisDevice")) : h("label.field", h("span", t("newtable.kind")),
        h("select", { id: `live-kind-${k}`, onchange: (e) => { s.kind = e.target.value; this.render(); } },
          h("option", { value: "device", selected: s.kind === "device" || undefined }, t("live.otherDevice")),
          h("option", { value: "bot", selected: s.kind === "bot" || undefined }, t("newtable.bot")))),
      s.kind === "bot" ? h("label.field", h("span", t("newtable.level")),
        h("select", { id: `live-level-${k}`, onchange: (e) => { s.level = e.target.value; } },
          core.levels.map((l) => h("option", { value: l, selected: l === s.level || undefined }, levelName(l))))) : null));
    const remote = core.seats.filter((s) => s.kind === "device").length;
    const days = this.pace === "days";
    return h("form.newtable.live-setup", { onsubmit: (e) => { e.preventDefault(); if (!days) core.makeInvitations("codes"); } },
      h("p", t("live.hostIntro")),
      h("fieldset.seats-form", h("legend", t("newtable.seats")),
        core.min === core.max ? null : h("label.inline", { for: "live-count" }, t("newtable.howMany"), " ",
          h("select#live-count", { onchange: (e) => { core.setCount(Number(e.target.value)); this.render(); } },
            Array.from({ length: core.max - core.min + 1 }, (_, i) => core.min + i).map((n) =>
              h("option", { value: String(n), selected: n === core.seats.length || undefined }, String(n))))),
        h("ol.seat-rows", seatRows)),
      this.paceField(),
      days ? null : h("label.check", h("input#live-timers", { type: "checkbox", checked: core.timers || undefined,
        onchange: (e) => { core.timers = e.target.checked; } }), " ", t("live.timers")),
      h("label.check", h("input#live-hints", { type: "checkbox", checked: core.hints || undefined,
        onchange: (e) => { core.hints = e.target.checked; } }), " ", t("live.hintsOption")),
      days ? h("div.start-row",
        h("button.button.primary.big#days-make", { type: "button", disabled: remote === 0 || undefined,
          onclick: (e) => this.makeDays(e.currentTarget) }, t("days.make")))
        : h("div.start-row",
          h("button.button.primary.big#live-invite-net", { type: "button", disabled: remote === 0 || undefined,
            onclick: () => core.makeInvitations("net") }, t("live.inviteInternet")),
          h("button.button#live-invite", { type: "submit", disabled: remote === 0 || undefined }, t("live.inviteCodes"))),
      days ? null : h("p.hint", t("live.modesHint")),
      networksField(),
      days ? null : stunField(getPref, setPref, STUN_PREF),
      remote === 0 ? h("p.hint", t("live.needRemote")) : null,
      core.error ? h("p.form-error", { role: "alert" }, core.error) : null);
  }

  /** Live or over days; over days, the pace (the engine's options marked across_devices_only, in the table's terms). */
  paceField() {
    const days = this.pace === "days";
    const radio = (value, label, hint) => h("label.check.pace-choice",
      h("input", { type: "radio", name: "live-pace", id: `live-pace-${value}`, value, checked: this.pace === value || undefined,
        onchange: () => { this.pace = value; this.render(); } }), " ", h("span", h("strong", label), " — ", hint));
    const options = (GAMES[this.game].options || []).filter((o) => o.across_devices_only);
    return h("fieldset.pace-form", h("legend", t("days.pace")),
      radio("live", t("days.live"), t("days.liveHint")),
      radio("days", t("days.overDays"), t("days.overDaysHint")),
      days ? h("div.pace-options", options.map((o) => h("label.field", { for: `days-${o.name}` },
        h("span", words(o.label)),
        h("select", { id: `days-${o.name}`, onchange: (e) => { this.days[o.name] = Number(e.target.value); } },
          o.choices.filter((c) => o.name !== "move_days" || c > 0).map((c) => h("option", { value: String(c),
            selected: c === this.days[o.name] || undefined }, words(o.choice_words[String(c)]) || String(c)))),
        h("span.hint", words(o.help))))) : null);
  }

  /** Over days: the table goes to this device's dealer, which makes and keeps the invitations; its page opens. */
  async makeDays(button) {
    const core = this.core;
    button.disabled = true;
    button.textContent = t("days.making");
    try {
      const { dealerOf } = await import("../days/dealer.js");
      const id = await dealerOf(this.ctx.engine).create({ game: this.game, seats: core.seats.map((s) => ({ ...s })),
        hints: core.hints, options: { ...this.days } });
      if (!this.dead) this.ctx.navigate(`#/days/${id}`, { replace: true });
    } catch (e) {
      console.error(e);
      core.error = t("live.engineFailed", { detail: e.message || String(e) });
      this.render();
    }
  }

  paintSoon() {
    if (this.paintTimer || this.dead) return;
    this.paintTimer = setTimeout(() => { this.paintTimer = null; if (!this.dead) this.paintGuests(); }, 50);
  }

  paintGuests() {
    if (!this.guestsBox || this.dead) return;
    const core = this.core;
    const net = !!core.transport && core.transport.kind === "net";
    const cards = [...core.guests.values()].map((g) => guestCard(this, g));
    const ready = core.allHere();
    const watching = h("section.live-watchers",
      h("h3", t("live.spectators")),
      h("p.hint", t("live.spectatorsHint")),
      h("div.invite-cards", core.watchers.filter((w) => w.state !== "gone").map((w) => guestCard(this, w))),
      h("p", h("button.button.small#live-watcher", { type: "button", onclick: () => core.inviteWatcher() },
        t("live.inviteSpectator"))));
    const parts = [
      net ? this.relaysLine() : null,
      h("div.invite-cards", cards),
    ];
    const commitment = h("p.live-commitment", t("live.yourCommitment"), " ", h("code.hex", core.commit ? core.commit.commitment : "…"));
    // Over the internet the commitment is a detail for the curious; with codes it sits above the cards, as before.
    if (net) parts.push(h("details.fairness-details", h("summary", t("live.fairnessDetails")), commitment));
    else parts.unshift(commitment);
    if (core.phase === "inviting" || core.phase === "starting") {
      parts.push(h("div.start-row",
        h("button.button.primary.big#live-start", { type: "button", disabled: !ready || core.phase === "starting" || undefined,
          onclick: () => core.start() }, core.phase === "starting" ? t("live.starting") : t("live.start")),
        ready ? null : h("p.hint", t("live.waitAll")),
        h("button.button.small.ghost#live-cancel", { type: "button", onclick: () => this.cancel() },
          t(core.phase === "inviting" ? "live.cancelInvitations" : "live.cancelStarted"))));
      // After Start the guests reveal: dropping the table now is a start-over their pages will name.
      if (core.phase === "starting") parts.push(h("p.hint", t("live.cancelStartedHint")));
      if (net && core.lobbyNotKept) parts.push(h("p.hint.lobby-not-kept", t("live.lobby.notKept")));
    }
    if (core.error) parts.push(h("p.form-error", { role: "alert" }, core.error));
    parts.push(watching);
    if (this.board) {
      // The table plays: the board is what matters, so the people and invitations go under it, in a
      // part the host may fold to one line (how many are here, and whether something needs a look).
      const all = [...core.guests.values()];
      const here = all.filter((g) => g.state === "here" && !(g.channel && g.channel.stuck)).length;
      const attention = all.some((g) => g.state !== "here" || g.floodNote || g.stranger || (g.channel && g.channel.stuck));
      this.guestsBox.replaceChildren(h("details.live-guests-fold", {
        open: this.guestsOpen !== false || undefined, ontoggle: (e) => { this.guestsOpen = e.currentTarget.open; },
      }, h("summary", h("span", t("live.guestsFolded", { here, n: all.length })),
        attention ? h("span.badge.fold-alert", t("live.guestsAttention")) : null), ...parts.filter(Boolean)));
      return;
    }
    // replaceChildren writes a null as the word "null" (the relays' line is absent with codes).
    this.guestsBox.replaceChildren(h("h2", t("live.guests")), ...parts.filter(Boolean));
  }

  /** How many relays answer, and in words any that refuses, asks to authenticate or is down. */
  relaysLine() {
    const now = this.core.transport.relaysOpen();
    return h("p.live-relays", { dataset: { open: String(now.open) } }, t("live.relaysLine", now),
      now.trouble ? h("span.relay-trouble", ` — ${now.trouble}`) : null);
  }

  // --- what the person does on the cards ---------------------------------------------------
  /** A new invitation for `g` (codes: a new offer; a connection that never came up starts over). */
  newInvitation(g) {
    if (g.scan) g.scan.abort.abort();
    g.draft = "";
    return this.core.invite(g);
  }

  /** With codes: connect to the answer typed (or scanned) into `g`'s card. */
  async connect(g, button) {
    const card = button.closest(".invite-card");
    const text = card.querySelector(".answer-input").value;
    button.disabled = true;
    if (!(await this.core.answer(g, text))) button.disabled = false;
  }

  scan(g) {
    return scanAnswer(this, g);
  }

  cardOf(g) {
    return cardOf(this, g);
  }

  cancel() {
    for (const g of [...this.core.guests.values(), ...this.core.watchers]) if (g.scan) g.scan.abort.abort();
    this.core.cancel();
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

  /** The table plays: the host's own board, first and in view; the people and invitations fold away under it. */
  async openBoard(table) {
    const core = this.core;
    const { LiveBoard } = await import("./board.js");
    if (this.dead || this.board) return;
    if (!this.guestsBox) this.render();
    this.board = new LiveBoard({
      game: this.game, page: "live-host", onPlay: (action) => core.play(action), engine: this.ctx.engine,
      chat: { me: 0, keepKey: `vt.chat.${core.saveId}`, send: (line) => { core.say(line); return true; } },
    });
    this.board.el.dataset.table = table;
    this.board.el.dataset.save = core.saveId;
    this.guestsBox.before(this.board.el);
    window.scrollTo({ top: 0 });
    this.paintGuests();
    // What the table showed while the board was on its way.
    if (core.snap) {
      this.board.update(core.snap, core.remaining(0));
      if (core.snap.terminal) this.board.endBox.replaceChildren(endScreen(core.snap, core.saveId, {}));
    }
  }

  destroy() {
    const core = this.core;
    for (const g of [...core.watchers, ...core.guests.values()]) if (g.scan) g.scan.abort.abort();
    core.destroy();
    this.dead = true;
    for (const off of this.offs) off();
    this.offLang();
    document.removeEventListener("visibilitychange", this.onHide);
    window.removeEventListener("pagehide", this.onHide);
    clearTimeout(this.paintTimer);
    if (window.__vt && window.__vt.liveHost === core) delete window.__vt.liveHost;
    if (this.board) this.board.destroy();
  }
}
