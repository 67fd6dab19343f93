// The host's page of a table over days (#/days/<id>, pages/days.js sends a hosted table here): a view
// over the table its dealer keeps (dealer.js, dealt.js), drawn from the host's table's events. Before
// the start: each seat's link (and QR code), who joined, the seed's parts coming in; then the board
// (live/board.js), and above it, in view, what the table waits for — whose turn and the time left
// in days and hours, a late seat's three choices (claim the win, one more day, let the table play
// for it), a holiday for the host's own seat — then each guest's state (joined, its last message,
// what is not delivered yet, another device asking for its seat), the seal and the end as a live
// host's page shows them. The rules are the engine's: every choice here is one it listed or one it
// decides (a claim too early is refused, and said).
//
// Test hook: window.__vt.daysHost = {table, core} while the page is open.

import { t, words, getLang } from "../../lib/i18n.js";
import { h } from "../../lib/dom.js";
import { GAMES, isGame } from "../../games/index.js";
import { messagePage, formatDate } from "../table/live.js";
import { endScreen } from "../table/endscreen.js";
import { addLiveStyle, copy } from "../live/common.js";
import { qrCanvas } from "../live/qr.js";
import { addStyleOnce } from "../../lib/style.js";
import { announce } from "../../lib/announce.js";
import { DaysPage } from "./page.js";
import { dealerOf } from "./dealer.js";
import { paintDaysStatus, isDaysControl } from "./status.js";
import "../live/strings.js";
import "./strings.js";

const CSS = `
.days-page .days-terms, .days-page .days-dealer { margin: 0; color: var(--ink-2, #444); font-size: .95rem; }
.days-guest .guest-state[data-state="joined"] { color: var(--moss-dark, #2d5a27); }
.days-guest .mail-line { margin: 0; font-size: .9rem; color: var(--ink-2, #444); }
`;

export function mount(el, params, ctx) {
  const game = params.row.game;
  if (!isGame(game)) {
    messagePage(el, { title: t("shell.unknownGameTitle"), body: t("shell.unknownGameBody", { game }) });
    return () => {};
  }
  addLiveStyle();
  addStyleOnce("days-host", CSS);
  const page = new DaysHostPage(el, params.row, ctx);
  page.open().catch((e) => page.failed(e));
  return () => page.destroy();
}

class DaysHostPage extends DaysPage {
  constructor(el, row, ctx) {
    super(() => this.repaint());
    this.el = el;
    this.id = row.id;
    this.game = row.game;
    this.ctx = ctx;
    this.statusBox = h("section.days-status", { "aria-live": "polite" });
    this.guestsBox = h("section.live-guests.days-guests");
    this.boardBox = h("div.days-board");
    this.head = h("div.live-head");
    this.lead = h("div.days-lead");
    el.replaceChildren(h("div.live-page.days-page", { dataset: { page: "days-host", table: this.id } },
      this.head, this.lead, this.statusBox, this.boardBox, this.guestsBox));
    this.paintHead();
    this.lead.replaceChildren(h("p.hint", t("live.reopening")));
  }

  async open() {
    const dealer = dealerOf(this.ctx.engine);
    this.table = await dealer.table(this.id);
    if (this.dead) return;
    if (!this.table) {
      messagePage(this.el, { title: t("shell.daysMissingTitle"), body: t("shell.daysMissingBody") });
      return;
    }
    this.offs.push(this.table.on(() => this.paintSoon()));
    if (!this.table.mine) {
      this.lead.replaceChildren(h("p.note.days-elsewhere", { role: "status" }, t("days.elsewhere")));
      // It comes here when the other tab closes (the table then says it changed).
      await new Promise((resolve) => { const off = this.table.on(() => { if (this.table.mine) { off(); resolve(); } }); });
      if (this.dead) return;
    }
    this.core = await this.table.hold();
    this.held = true;
    if (this.dead) return;
    const core = this.core;
    window.__vt.daysHost = { table: this.table, core };
    this.offs.push(
      core.on("snapshot", () => this.paintBoard()),
      core.on("note", ({ text }) => { if (this.board) this.board.note(text); }),
      core.on("hint", ({ found }) => { if (this.board) this.board.showHint(found); }),
      core.on("chat", ({ line }) => { if (this.board && this.board.chat) this.board.chat.receive(line); }),
      core.on("ended", () => this.paintBoard()),
      core.on("playing", () => this.repaint()),
      core.on("stranger", ({ g }) => announce(t("live.stranger.host", { name: g.name }))),
    );
    this.repaint();
  }

  failed(e) {
    console.error(e);
    if (this.dead) return;
    const why = (this.table && this.table.problem) || e.message || String(e);
    this.lead.replaceChildren(h("p.form-error", { role: "alert" }, why));
  }

  // --- drawing ---------------------------------------------------------------------------------
  paintHead() {
    this.head.replaceChildren(
      h("p.crumbs", h("a", { href: "#/" }, t("shell.lobby")), " / ", t(`game.${this.game}`), " · ", t("days.crumb")),
      h("h1", t("days.title", { game: t(`game.${this.game}`) })));
  }

  repaint() {
    if (this.dead) return;
    this.paintHead();
    if (!this.core) return;
    const core = this.core;
    // replaceChildren writes a null as the text "null": only what there is goes in.
    this.lead.replaceChildren(...[h("p.days-terms", this.termsLine()), h("p.days-dealer", t("days.dealer")),
      core.phase === "inviting" ? h("p", t("days.inviteLead")) : null,
      core.phase === "starting" ? h("p.days-starting", { role: "status" }, t("days.starting", {
        n: [...core.guests.values()].filter((g) => g.contribution).length, all: core.guests.size })) : null].filter(Boolean));
    if (core.phase === "playing" && !this.board) this.openBoard();
    if (this.board) this.board.repaint();
    this.paintStatus();
    this.paintGuests();
  }

  /** The table's pace, as its terms fix it. */
  termsLine() {
    const opts = this.core.snap ? this.core.snap.options : this.core.options;
    const info = GAMES[this.game].options || [];
    const say = (name) => {
      const o = info.find((x) => x.name === name);
      const v = opts[name] ?? 0;
      return o && o.choice_words && o.choice_words[String(v)] ? words(o.choice_words[String(v)]) : String(v);
    };
    return t((opts.holiday_days ?? 0) > 0 ? "days.termsLine" : "days.termsLineNoHoliday",
      { move: say("move_days"), bank: say("bank_days"), holiday: say("holiday_days") });
  }

  paintSoon() {
    if (this.paintTimer || this.dead) return;
    this.paintTimer = setTimeout(() => {
      this.paintTimer = null;
      if (this.dead || !this.core) return;
      if (this.core.phase === "playing" && !this.board) this.repaint();
      else {
        this.paintStatus();
        this.paintGuests();
      }
    }, 80);
  }

  async openBoard() {
    const { LiveBoard } = await import("../live/board.js");
    if (this.dead || this.board) return;
    const table = this.table;
    this.board = new LiveBoard({
      game: this.game, page: "days-host",
      onPlay: (action) => table.act((core) => core.play(action)),
      chat: { me: 0, keepKey: `vt.chat.${this.id}`, send: (line) => { table.act((core) => core.say(line)); return true; } },
    });
    this.board.el.dataset.table = this.id;
    this.boardBox.replaceChildren(this.board.el);
    this.paintBoard();
  }

  /** The board from seat 0's snapshot; the days' own choices are this page's (paintStatus), not the board's controls. */
  paintBoard() {
    const snap = this.core && this.core.snap;
    if (!snap) return;
    if (!this.board) {
      if (this.core.phase === "playing") this.repaint();
      return;
    }
    this.board.update({ ...snap, controls: (snap.controls || []).filter((c) => !isDaysControl(c.action)) }, null);
    if (snap.terminal && !this.ended) {
      this.ended = true;
      this.board.endBox.replaceChildren(endScreen(snap, this.id, {}));
    }
    this.paintStatus();
    this.paintGuests();
  }

  /** What the table waits for, in view above the board: turns, time left, a late seat's choices, a holiday (status.js). */
  paintStatus() {
    const core = this.core;
    const table = this.table;
    paintDaysStatus(this.statusBox, core && core.phase === "playing" ? core.snap : null, {
      me: 0,
      play: (action) => table.act((c) => c.play(action)),
      letTable: (seat) => table.act((c) => c.playTimeout(seat)),
    });
  }

  /** Each guest: joined or not (its link before the start), its last message, its mail, another device asking. */
  async paintGuests() {
    const core = this.core;
    if (!core || this.dead) return;
    const statuses = await this.table.statuses();
    if (this.dead) return;
    const online = this.table.dealer.hub.online;
    const cards = [...core.guests.values()].sort((a, b) => a.seat - b.seat).map((g) => this.guestCard(g, statuses[g.seat]));
    const parts = [
      online ? null : h("p.note.days-offline", { role: "status" }, t("days.offline")),
      h("div.invite-cards", cards),
      h("details.fairness-details", h("summary", t("live.fairnessDetails")),
        h("p.live-commitment", t("live.yourCommitment"), " ", h("code.hex", core.commit ? core.commit.commitment : "…"))),
    ];
    if (core.phase === "inviting" || core.phase === "starting") {
      parts.push(h("div.start-row",
        h("button.button.small.ghost#days-cancel", { type: "button", onclick: () => this.cancel() }, t("days.cancel")),
        h("p.hint", t(core.phase === "starting" ? "live.cancelStartedHint" : "days.cancelHint"))));
    }
    const title = h("h2", t("live.guests"));
    // Keep what a person may be doing there (a link selected, a fold opened) across repaints.
    const open = this.guestsBox.querySelector("details.fairness-details[open]");
    this.guestsBox.replaceChildren(title, ...parts.filter(Boolean));
    if (open) this.guestsBox.querySelector("details.fairness-details").open = true;
  }

  guestCard(g, status) {
    const core = this.core;
    const heard = (this.table.row.heard || {})[g.seat];
    const body = [];
    const state = g.joined ? "joined" : "waiting";
    body.push(h("p.guest-state", { dataset: { state } }, t(g.joined ? "days.joined" : "days.notJoined")));
    if (!g.joined && g.invite && core.phase === "inviting") {
      body.push(h("p", t("live.sendNetLink", { name: g.name })),
        h("div.invite-row",
          h("input.invite-link", { type: "text", readonly: true, value: g.invite.link, "aria-label": t("live.linkLabel"),
            onfocus: (e) => e.target.select() }),
          h("button.button.small", { type: "button", onclick: (e) => copy(g.invite.link, e.currentTarget) }, t("table.copy"))),
        h("div.qr-box", qrCanvas(g.invite.link, { scale: 4, label: t("live.qrLabel") })));
    }
    if (core.phase === "starting") body.push(h("p.mail-line", t(g.contribution ? "days.revealed" : "days.notRevealed")));
    body.push(h("p.mail-line.heard", heard ? t("days.heard", { when: formatDate(heard, getLang()) }) : t("days.neverHeard")));
    if (status && status.started && status.pinned) {
      body.push(h("p.mail-line.undelivered", { dataset: { waiting: String(status.waiting) } },
        status.waiting ? t("days.undelivered", { n: status.waiting }) : t("days.allDelivered")));
    }
    if (g.stranger) {
      const asking = g.stranger;
      body.push(h("div.stranger-note", { role: "status" },
        h("p", t("days.strangerAsked", { name: g.name, code: asking.code })),
        h("p.handover-line", t("live.stranger.itsCode"), " ", h("strong.handover-code", asking.code))),
      h("p.invite-row", h("button.button.small.handover", { type: "button",
        onclick: () => this.table.act((c) => c.handOver(g, asking)) }, t("days.handOver"))));
    }
    if (g.note) body.push(h("p.note", { role: "alert" }, g.note));
    if (g.floodNote) body.push(h("p.note.flood-note", { role: "status" }, g.floodNote));
    return h("article.invite-card.days-guest", { dataset: { seat: String(g.seat), state, joined: String(!!g.joined) } },
      h("h3", t("days.seat", { n: g.seat + 1, name: g.name })), ...body);
  }

  async cancel() {
    if (!confirm(t("days.cancelHint"))) return;
    await this.table.cancel();
    this.ctx.navigate("#/", { replace: true });
  }

  destroy() {
    super.destroy();
    if (this.held) this.table.release();
    if (window.__vt && window.__vt.daysHost && window.__vt.daysHost.table === this.table) delete window.__vt.daysHost;
  }
}
