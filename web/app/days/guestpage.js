// A guest's page of a table over days: the name form behind the invitation (#/join?…&d=1), then the
// table at #/days/<id> (pages/days.js sends a joined table here), a view over its JoinedTable
// (joined.js), which any page of the site keeps up to date. It draws at once from what this device
// keeps, offline too, then catches up from the relays.
//
// Above the board, in view: this seat and whether this device is online, what the host is held to
// (a standing alert when it breaks its word), this page's moves the host's table has not played yet
// with each one's state ("sent when you are online", "sent", "delivered"), and what the table waits
// for (whose turn, the days and hours left, a late seat's choices, a holiday: status.js). Under the
// board, the fairness details; at the end, the checks and the record to keep.
//
// Test hook: window.__vt.daysGuest = {table, page} while the page is open.

import { t, words, getLang, onLangChange } from "../../lib/i18n.js";
import { h } from "../../lib/dom.js";
import { isGame } from "../../games/index.js";
import { messagePage, formatDate } from "../table/live.js";
import { endScreen } from "../table/endscreen.js";
import { addLiveStyle } from "../live/common.js";
import { LiveBoard } from "../live/board.js";
import { showChecks } from "../live/checkview.js";
import { addStyleOnce } from "../../lib/style.js";
import { fromLink, joinTable, follow, table, shownSnap, mayMove } from "./joined.js";
import { paintDaysStatus, isDaysControl } from "./status.js";
import { getRow } from "./store.js";
import { DaysPage } from "./page.js";
import "../live/strings.js";
import "../live/strings_net.js";
import "./strings_guest.js";

const CSS = `
.days-guest-page .days-line { margin: 0; display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: baseline; }
.days-guest-page .days-conn[data-online="false"] { color: #8a4b00; font-weight: 600; }
.days-guest-page .days-heard { color: var(--ink-2, #444); font-size: .9rem; }
.days-sent { border: 1px solid var(--line, #ccc); border-radius: var(--radius, 8px); padding: 8px 12px; background: var(--card, #fff); }
.days-sent[hidden] { display: none; }
.days-sent h2 { font-size: 1rem; margin: 0 0 4px; }
.days-sent ul { margin: 0; padding-left: 1.1em; }
.days-sent .move-state { font-weight: 700; }
.days-sent .move-state[data-state="queued"] { color: #8a4b00; }
.days-sent .move-state[data-state="delivered"] { color: var(--moss-dark, #2d5a27); }
.days-sent .wait-host, .days-sent .previewed { margin: 4px 0 0; }
`;

/** The table's words for a note or an alert kept as {key, args}. */
function said(row, { key, args }) {
  const time = (ms) => new Date(ms).toLocaleTimeString();
  if (key === "history") return t("live.historyChanged");
  if (key === "table") {
    // the engine's words of the difference (an alert kept before they came with it: its field alone)
    const d = args.d;
    return t("live.tableNotTerms", { what: d.words ? words(d.words) : d.path, field: d.path });
  }
  if (key === "terms") return t("live.termsMismatch", { detail: args.detail });
  if (key === "otherTerms") return t("live.startedOver");
  if (key === "startedOver") return t(args.when === "after" ? "live.startedOverAfter" : "live.startedOverBefore", { time: time(args.at) });
  if (key === "elsewhere") return t("live.revealedElsewhere", { time: time(args.at) });
  if (key === "cancelled") return t("live.cancelled");
  if (key === "cancelledAfterReveal") return t("live.cancelledAfterReveal");
  if (key === "notice-stranger") return t("live.stranger.kept");
  if (key === "notice-moved") return t("live.stranger.moved");
  if (key === "welcome") return t("dg.welcome");
  if (key === "clockAhead") return t("dg.clockAhead", { host: formatDate(args.time * 1000), here: formatDate(args.now * 1000) });
  return t(key, args);
}

// --- the name form: #/join?t=…&h=…[&r=…]&d=1 ----------------------------------------------------

export function mountJoinDays(el, params, ctx) {
  addLiveStyle();
  let dead = false;
  let offLang = () => {};
  (async () => {
    const q = params.query;
    const link = await fromLink({ secret: q.t, host: q.h, relays: q.r });
    if (dead) return;
    if (!link) {
      el.replaceChildren(h("section.message-page", { role: "alert", dataset: { page: "live-join" } },
        h("h1", t("live.badInvitationTitle")), h("p", t("live.badInvitation")),
        h("p.actions", h("a.button", { href: "#/join" }, t("live.pasteAgain")), " ",
          h("a.button", { href: "#/" }, t("shell.backToLobby")))));
      return;
    }
    follow(ctx.engine);
    // A link this device already joined opens its table (the same link, the same seat).
    if (await getRow("joined", link.id).catch(() => null)) {
      if (!dead) ctx.navigate(`#/days/${link.id}`, { replace: true });
      return;
    }
    const input = h("input#join-name", { type: "text", maxlength: "24", autocomplete: "nickname", value: "" });
    const note = h("p.form-error", { role: "alert", hidden: true });
    const go = async (e) => {
      e.preventDefault();
      const name = String(input.value || "").trim().slice(0, 24);
      if (!name) {
        input.focus();
        return;
      }
      e.submitter && (e.submitter.disabled = true);
      try {
        const id = await joinTable(link, name);
        if (!dead) ctx.navigate(`#/days/${id}`, { replace: true });
      } catch (err) {
        note.hidden = false;
        note.textContent = t("dg.notSent", { detail: err.message || String(err) });
        if (e.submitter) e.submitter.disabled = false;
      }
    };
    const render = () => {
      const value = input.value;
      el.replaceChildren(h("div.live-page.live-join.days-join", { dataset: { page: "days-join" } },
        h("p.crumbs", h("a", { href: "#/" }, t("shell.lobby")), " / ", t("live.joinCrumb")),
        h("h1", t("dg.joinTitle")),
        h("p", t("dg.joinIntro")),
        h("form.join-name-form", { onsubmit: go },
          h("label.field", { for: "join-name" }, h("span", t("live.yourName")), input),
          h("p.actions", h("button.button.primary.big#join-take", { type: "submit" }, t("live.takeSeat")))),
        h("p.hint", t("dg.joinKeeps")),
        note));
      input.value = value;
    };
    render();
    offLang = onLangChange(render);
  })().catch((e) => {
    console.error(e);
    if (!dead) messagePage(el, { title: t("shell.pageErrorTitle"), body: t("shell.pageErrorBody"), detail: String(e.message || e) });
  });
  return () => {
    dead = true;
    offLang();
  };
}

// --- the table: #/days/<id> -----------------------------------------------------------------------

export function mount(el, params, ctx) {
  const row = params.row;
  if (row.game !== null && !isGame(row.game)) {
    messagePage(el, { title: t("shell.unknownGameTitle"), body: t("shell.unknownGameBody", { game: row.game }) });
    return () => {};
  }
  addLiveStyle();
  addStyleOnce("days-guest", CSS);
  const page = new GuestDaysPage(el, row.id, ctx);
  page.open().catch((e) => {
    console.error(e);
    if (!page.dead) messagePage(el, { title: t("shell.pageErrorTitle"), body: t("shell.pageErrorBody"), detail: String(e.message || e) });
  });
  return () => page.destroy();
}

class GuestDaysPage extends DaysPage {
  constructor(el, id, ctx) {
    super(() => this.paint());
    this.el = el;
    this.id = id;
    this.ctx = ctx;
    this.head = h("div.live-head");
    this.line = h("p.days-line", { role: "status" });
    this.notes = h("div.live-notes");
    this.lead = h("div.days-lead");
    this.sent = h("section.days-sent", { "aria-live": "polite", hidden: true });
    this.statusBox = h("section.days-status", { "aria-live": "polite", hidden: true });
    this.boardBox = h("div.days-board");
    this.checkBox = h("section.joint-check", { hidden: true, "aria-live": "polite" });
    this.fairBox = h("details.fairness-details", { hidden: true });
    this.page = h("div.live-page.days-guest-page", { dataset: { page: "days-guest", table: id } },
      this.head, this.line, this.notes, this.lead, this.sent, this.statusBox, this.checkBox, this.boardBox, this.fairBox);
    el.replaceChildren(this.page);
  }

  async open() {
    follow(this.ctx.engine);
    this.table = await table(this.id);
    if (this.dead) return;
    if (!this.table) {
      messagePage(this.el, { title: t("shell.daysMissingTitle"), body: t("shell.daysMissingBody") });
      return;
    }
    this.offs.push(this.table.on(() => this.paintSoon()));
    window.__vt.daysGuest = { table: this.table, page: this };
    this.paint();
  }

  get row() {
    return this.table.row;
  }

  paintSoon() {
    if (this.paintTimer || this.dead) return;
    this.paintTimer = setTimeout(() => {
      this.paintTimer = null;
      this.paint();
    }, 60);
  }

  paint() {
    if (this.dead || !this.table) return;
    const row = this.row;
    this.page.dataset.phase = row.phase;
    this.paintHead();
    this.paintLine();
    this.paintNotes();
    this.paintLead();
    this.paintSent();
    this.paintBoard();
    this.paintStatus();
    this.paintFairness();
    this.paintEnd();
  }

  paintHead() {
    const row = this.row;
    const game = row.game ? t(`game.${row.game}`) : null;
    this.head.replaceChildren(
      h("p.crumbs", h("a", { href: "#/" }, t("shell.lobby")), " / ", game ? `${game} · ` : "", t("dg.crumb")),
      h("h1", game ? t("dg.title", { game }) : t("dg.joinTitle")));
  }

  /** This seat, and whether this device reaches the relays now. */
  paintLine() {
    const row = this.row;
    const s = this.table.status;
    const online = !!(s && s.started && s.online);
    const conn = !s ? t("dg.opening") : s.elsewhere ? t("dg.elsewhere") : !navigator.onLine || (s.started && !s.online && s.caughtUp)
      ? t("dg.offline") : online ? t("dg.online") : t("dg.connecting");
    const seat = row.seat !== null ? t("live.seatTitle", { n: row.seat + 1, name: row.name }) : t("dg.joinedAs", { name: row.name });
    this.line.dataset.online = String(online);
    this.line.replaceChildren(h("span.join-seat", seat),
      h("span.days-conn", { dataset: { online: String(online), elsewhere: String(!!(s && s.elsewhere)) } }, conn),
      h("span.days-heard", row.heard ? t("dg.heard", { when: formatDate(row.heard, getLang()) }) : t("dg.neverHeard")));
  }

  /** Standing alerts about the host (it stays), another device holding the seat, and the last passing note. */
  paintNotes() {
    const row = this.row;
    const items = Object.values(row.alerts || {}).map((a) => h("p.note.host-alert", { role: "alert", dataset: { alert: a.key } }, said(row, a)));
    if (row.phase === "taken") {
      items.unshift(h("div.note.host-alert", { role: "alert", dataset: { alert: "taken" } },
        h("p", t("live.stranger.taken")),
        h("p.handover-line", t("live.stranger.yourCode"), " ", h("strong.handover-code", row.takenCode || ""))));
    }
    if (row.note) items.push(h("p.note.days-note", { role: "alert", dataset: { note: row.note.key } }, said(row, row.note)));
    const key = JSON.stringify([getLang(), row.alerts, row.note, row.phase, row.takenCode]);
    if (key === this.notesKey) return; // an alert drawn again is read again: only when it changes
    this.notesKey = key;
    this.notes.replaceChildren(...items);
  }

  /** Before the start: where the table-to-be is, in words. */
  paintLead() {
    const row = this.row;
    const waiting = { joining: "dg.joining", joined: "dg.joined", revealed: "dg.revealed" }[row.phase];
    this.lead.replaceChildren(...(waiting ? [h("p.days-waiting", { dataset: { phase: row.phase } }, t(waiting))] : []));
  }

  /** This page's moves the host's table has not played yet, each with its state. */
  paintSent() {
    const row = this.row;
    const list = (row.pending || []).filter((p) => p.kind === "move" || p.action.startsWith("@") || p.action.startsWith("timer:"));
    this.sent.hidden = !list.length;
    if (!list.length) {
      this.sent.replaceChildren();
      return;
    }
    const shownOver = row.snap ? row.pending.filter((p) => p.kind === "move" && p.chain === row.snap.chain) : [];
    const last = shownOver[shownOver.length - 1];
    const items = list.map((p) => {
      const state = this.table.state(p.n) || "queued";
      const what = p.action.startsWith("timer:") ? t("dg.timerFor", { name: row.snap.seats[Number(p.action.slice(6))].name })
        : p.words ? words(p.words) : p.action;
      return h("li.sent-move", { dataset: { n: String(p.n), state, movedOn: String(!!p.movedOn) } },
        `${what} — `, h("span.move-state", { dataset: { state } }, p.movedOn ? t("dg.movedOnItem") : t(`dg.state.${state}`)));
    });
    // replaceChildren writes a null as the text "null" (an array as its elements' names): only nodes go in.
    this.sent.replaceChildren(h("h2", t("dg.sentTitle")), h("ul", items),
      ...(!last ? [] : [last.after ? h("p.previewed", t("dg.previewed")) : h("p.wait-host", { role: "status" }, t("dg.waitHost"))]));
  }

  paintBoard() {
    const row = this.row;
    if (!row.snap || !row.game) return;
    if (!this.board) {
      this.board = new LiveBoard({ game: row.game, page: "days-guest", onPlay: (action) => this.act(action),
        status: (snap, interactive) => this.boardStatus(snap, interactive) });
      this.board.el.dataset.table = this.id;
      this.boardBox.replaceChildren(this.board.el);
    }
    const shown = shownSnap(row);
    const key = JSON.stringify([row.snap.chain, (row.pending || []).map((p) => [p.n, p.chain]), getLang()]);
    if (key === this.boardKey) return;
    this.boardKey = key;
    this.board.update({ ...shown, controls: (shown.controls || []).filter((c) => !isDaysControl(c.action)) }, null);
  }

  /** The line above the board: a move that waits for the host's device to deal says so. */
  boardStatus(snap) {
    return snap.waiting === "host" ? t("dg.waitHostStatus") : null;
  }

  paintStatus() {
    if (this.dead || !this.table) return;
    const row = this.row;
    if (row.phase !== "playing" || !row.snap) {
      paintDaysStatus(this.statusBox, null, {});
      return;
    }
    paintDaysStatus(this.statusBox, row.snap, { me: row.seat, myTurn: mayMove(shownSnap(row), row.seat),
      play: (action) => this.act(action), letTable: (seat) => this.letTable(seat) });
  }

  paintFairness() {
    const row = this.row;
    const me = row.me;
    if (!me.welcome) return;
    const open = this.fairBox.open;
    this.fairBox.hidden = false;
    this.fairBox.replaceChildren(h("summary", t("live.fairnessDetails")),
      h("dl", h("dt", t("live.hostCommitment")), h("dd", h("code.hex.host-commitment", me.welcome.host)),
        h("dt", t("live.yourCommitment")), h("dd", h("code.hex.own-commitment", me.commitment))),
      ...(me.terms ? [h("p", t("live.allCommitments")),
        h("ol.joint-list", me.terms.participants.map((p) => h("li", `${p.who}: `, h("code", p.commitment))))] : []));
    this.fairBox.open = open;
  }

  /** The end: the checks as this device's engine made them, and the record (with the witness) to keep. */
  paintEnd() {
    const row = this.row;
    if (!row.final || !this.board) return;
    const key = getLang();
    if (this.endKey === key) return;
    this.endKey = key;
    showChecks(this.checkBox, row.final);
    this.board.endBox.replaceChildren(endScreen({ ...row.snap, record: row.final.record }, "guest", {}));
    // The replay lives on the host's device; this one keeps the record to download and verify.
    for (const a of this.board.endBox.querySelectorAll('a[href^="#/replay/"], a[href^="#/new/"]')) a.remove();
  }

  async act(action) {
    const got = await this.table.play(action, this.ctx.engine);
    if (this.dead) return;
    if (got.error) {
      this.boardKey = null;
      this.paint();
      if (this.board) this.board.note(t(got.error, { detail: "" }));
    } else if (this.board) this.board.note("");
    this.paint();
  }

  async letTable(seat) {
    await this.table.letTablePlay(seat);
    this.paint();
  }

  destroy() {
    super.destroy();
    if (window.__vt && window.__vt.daysGuest && window.__vt.daysGuest.page === this) delete window.__vt.daysGuest;
  }
}
