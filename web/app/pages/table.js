// A table: the shell every game shares, and the turn engine that drives it.
//
// After each snapshot: a person to act → wait for their move (from the renderer or the
// "All my moves" list), with the decision's countdown, which runs only while the table can be
// played (table/clock.js); expiry → `timeout`. Otherwise a bot seat acts (bot_play) after a
// short visible pause. In a simultaneous decision the people choose first, so no bot's choice
// exists before theirs. The engine's worker saves the record after every action; this page saves
// only its own part (viewer, time left) and never holds the seed or the record of a
// running game.
//
// Pass-and-play (more than one person at this device): the board shows a person's own
// view only while that person is acting; between people, during bot turns and behind the
// hand-off screen it shows the spectator view. After "I'm ready" the new person's
// snapshot is drawn before the hand-off screen goes, and their timer starts then.
//
// A table where every other seat is a bot can be paused on the person's turn (the Pause control,
// the K key, and by itself whenever the page is hidden but not when it is reloaded or left):
// "@pause" and "@resume" are table actions in the record, nothing is played meanwhile, and the
// clock keeps the time that remained.
//
// Test-only URL parameters: ?timer=<seconds> overrides every decision's timer;
// ?botdelay=<ms> overrides the pause before a bot moves; ?enginewait=<ms> how long the engine may
// stay silent before the page calls it stopped. Nothing in the UI links them.

import { t, words, onLangChange } from "../../lib/i18n.js";
import { isGame } from "../../games/index.js";
import { readTable, saveTable, isTableId, summarize } from "../storage.js";
import { play as playSound } from "../sound.js";
import { h } from "../../lib/dom.js";
import { announce, silence } from "../../lib/announce.js";
import { messagePage } from "../table/live.js";
import { engineStatus } from "../table/progress.js";
import { liveTable, rememberLive, forgetLive, createTable, takeFirstSnapshot, takeMadeSave } from "../table/session.js";
import { logSentence, notationToggle } from "../table/view.js";
import { endScreen } from "../table/endscreen.js";
import { TableClock } from "../table/clock.js";
import { TableBoard } from "../table/board.js";
import { HandoffScreen } from "../table/handoff.js";
import { SaveWatch } from "../table/saving.js";
import { TableLock } from "../table/lock.js";
import { TableControls } from "../table/controls.js";
import { drawing } from "../table/paint.js";
import { hints } from "../table/hints.js";
import { siteKey } from "../../lib/keymap.js";

/** The table action that asks for a hint (py_engine/core/controls.py). */
const HINT = "@hint";

const BOT_DELAY_MS = 650;

export function mount(el, params, ctx) {
  const id = params.id;
  if (!isTableId(id)) {
    messagePage(el, { title: t("shell.badTableTitle"), body: t("shell.badTableBody") });
    return () => {};
  }
  let shell = null;
  let gone = false;
  // A table just made here opens from the page state it was saved with, without reading it back.
  const made = takeMadeSave(id);
  (made ? Promise.resolve({ save: made }) : readTable(id)).then((found) => {
    if (gone) return;
    if (found.missing || found.unavailable) {
      messagePage(el, { title: t("shell.noTableTitle"), body: t("shell.noTableBody"), detail: found.unavailable });
      return;
    }
    if (found.corrupt || !isGame(found.save.game)) {
      const reason = found.corrupt || `unknown game ${found.save.game}`;
      if (!found.aside) ctx.engine.call("set_aside", { save: id, reason }).catch(() => {});
      messagePage(el, { title: t("shell.corruptTitle"), body: t("shell.corruptBody"), detail: reason });
      return;
    }
    // A table over days is played on its own page, where its dealer keeps it (web/app/days/).
    if (found.save.days) {
      ctx.navigate(`#/days/${id}`, { replace: true });
      return;
    }
    shell = new TableShell(el, found.save, params.query, ctx);
    // A table played with other devices, opened again here: the connections are gone, so the
    // other devices' seats are played at this device (their people may take it in turn), unless
    // the host invites those devices again from the hosting page.
    if (Array.isArray(found.save.remote) && found.save.remote.length) {
      shell.showNote(t("table.remoteHere"), " ",
        h("a.button.small.invite-again", { href: `#/host/${found.save.game}?table=${id}` }, t("table.inviteAgain")));
    }
  });
  return () => {
    gone = true;
    if (shell) shell.unmount();
  };
}

function numberParam(text, min) {
  if (text === undefined || text === null || text === "") return null;
  const n = Number(text);
  return Number.isFinite(n) && n >= min ? n : null;
}

class TableShell {
  constructor(el, save, query, ctx) {
    this.el = el;
    this.save = save;
    this.ctx = ctx;
    this.engine = ctx.engine;
    this.game = save.game;
    this.botDelay = numberParam(query.botdelay, 0) ?? BOT_DELAY_MS;
    const wait = numberParam(query.enginewait, 500);
    if (wait !== null && typeof this.engine.setBounds === "function") this.engine.setBounds({ answer: wait, stall: wait });
    this.snap = null;
    this.viewer = null;
    this.handedTo = null; // the person who accepted the device (in memory: a reload asks again)
    this.interactive = false;
    this.busy = false;
    this.dead = false;
    this.filter = "";
    this.seenLog = null;
    this.botTimer = null;
    this.note = null;
    /** The hint on screen: {action, words, decision} (cleared once that decision is made). */
    this.hint = null;
    this.clock = new TableClock({
      save, override: numberParam(query.timer, 1), persist: () => this.persist(), onExpire: () => this.expire(),
    });
    this.board = new TableBoard(this.game, { onIntent: (action) => this.play(action), onReady: () => this.updateRenderer(), engine: this.ctx.engine });
    this.handoff = new HandoffScreen(() => this.acceptHandoff());
    this.controls = new TableControls({ onPlay: (action) => this.playControl(action) });
    this.lock = new TableLock(save.id, { alive: () => !this.dead, onLost: () => this.lostTable() });
    this.unmount = () => this.destroy();
    this.offEngine = typeof this.engine.onState === "function"
      ? this.engine.onState((state) => this.onEngineState(state)) : () => {};
    // Nobody is at a hidden page: a solo table waits for them. A page being unloaded (a reload,
    // leaving the site) is hidden too, but no clock runs while no page shows the table, and a
    // pause sent then may or may not be saved before the worker goes: the pause waits a task,
    // which an unloaded page never runs. A page kept for Back (pagehide, persisted) pauses at once.
    this.onHide = (e) => {
      if (document.visibilityState !== "hidden" && !(e && e.persisted)) return;
      this.clock.noteRemaining();
      if (e && e.type === "pagehide") {
        if (e.persisted) this.pauseIfAllowed();
        return;
      }
      setTimeout(() => {
        if (!this.dead && document.visibilityState === "hidden") this.pauseIfAllowed();
      }, 0);
    };
    document.addEventListener("visibilitychange", this.onHide);
    window.addEventListener("pagehide", this.onHide);
    this.onKey = (e) => {
      if (e.defaultPrevented || siteKey(e) !== "pause" || /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName || "")) return;
      if (this.pausedHere()) this.playControl("@resume");
      else if (!this.pauseIfAllowed()) return;
      e.preventDefault();
    };
    window.addEventListener("keydown", this.onKey);
    this.build();
    this.saves = new SaveWatch({
      engine: this.engine, notes: this.notes, alive: () => !this.dead,
      request: () => (this.snap && this.owner
        ? { table: this.snap.table, viewer: this.viewer, since: this.since(this.viewer) } : null),
      tableId: () => this.snap.table, persist: () => this.persist(),
      showNote: (...parts) => this.showNote(...parts), clearNote: () => this.clearNote(),
    });
    this.offLang = onLangChange(() => this.repaint());
    // H asks for a hint, wherever the focus is but in a text field (the table lists it with its keys).
    this.onHintKey = (e) => {
      if (e.defaultPrevented || siteKey(e) !== "hint") return;
      if (e.target.closest("input, textarea, select, [contenteditable]")) return;
      if (!(this.snap && (this.snap.controls || []).some((c) => c.action === HINT))) return;
      e.preventDefault();
      this.askHint();
    };
    window.addEventListener("keydown", this.onHintKey);
    this.start();
  }

  // --- page skeleton ---------------------------------------------------------
  build() {
    this.statusLine = h("p.turn-status");
    this.sealBox = h("div.seal-box");
    this.notes = h("div.table-notes");
    this.movesBox = h("div.moves-box");
    this.scoresBox = h("div.scores-box");
    this.logBox = h("div.log-box");
    this.endBox = h("div.end-box");
    this.loadingBox = h("div.loading-screen");
    this.grid = h("div.table-grid", { hidden: true },
      h("section.board-area", { "aria-labelledby": "board-title" },
        h("h2#board-title.visually-hidden", t("table.board")), this.board.host, this.board.note),
      // The end of the game sits beside the final board (a desktop) or right under it (a phone).
      this.endBox,
      h("div.side-panel",
        h("section.panel.moves-panel", { "aria-labelledby": "moves-title" },
          h("div.panel-head", h("h2#moves-title", t("table.allMyMoves")), this.notation = h("span.notation-box", notationToggle())),
          this.controls.el, this.movesBox),
        h("section.panel.scores-panel", { "aria-labelledby": "scores-title", tabindex: "0" }, // it may scroll sideways
          h("h2#scores-title", t("table.scoreSheet")), this.scoresBox),
        h("section.panel.log-panel", { "aria-labelledby": "log-title" },
          h("h2#log-title", t("table.log")), this.logBox)),
    );
    this.crumbs = h("p.crumbs");
    this.el.replaceChildren(h("div.table-page", { dataset: { page: "table", game: this.game } },
      h("div.table-bar", this.crumbs, this.statusLine, this.clock.el, this.sealBox, this.clock.warning,
        // A hint is said in the bar, which stays in view on every size.
        this.hintBox = h("p.hint-box", { role: "status", hidden: true })),
      this.notes, this.loadingBox, this.handoff.el, this.grid,
    ));
    this.paintCrumbs();
    this.setState("loading");
    // What the page scrolls to stays clear of the sticky bar (scroll-padding-top in style.css).
    const bar = this.el.querySelector(".table-bar");
    this.barWatch = new ResizeObserver(() => {
      document.documentElement.style.setProperty("--bar-h", `${Math.round(bar.getBoundingClientRect().height)}px`);
    });
    this.barWatch.observe(bar);
  }

  paintCrumbs() {
    this.crumbs.replaceChildren(h("a", { href: "#/" }, t("shell.lobby")), " / ",
      h("span", t(`game.${this.game}`)), " · ",
      h("a.rules-link", { href: `#/howto/${this.game}`, target: "_blank", rel: "noopener" }, t("table.rules")));
  }

  setState(state) {
    if (this.dead) return; // the body's state is the page after this one's now
    this.state = state;
    document.body.dataset.state = state;
  }

  // --- opening the table --------------------------------------------------------
  async start() {
    this.board.load();
    await this.load();
  }

  /**
   * Wait for the engine, make this tab the table's one owner, and open the table from the
   * engine's live copy or from the save. Runs again after "Try again" and after a take-over.
   */
  async load() {
    this.grid.hidden = true;
    this.loadingBox.hidden = false;
    if (this.loadStatus) this.loadStatus.destroy();
    const status = this.loadStatus = engineStatus(this.engine, { compact: false });
    this.loadingBox.replaceChildren(h("h1", t("table.loadingTitle")), h("p", t("table.loadingBody")), status.el);
    try {
      await this.engine.ready;
    } catch (e) {
      // The status shows what went wrong and its "Try again"; once the engine is back, this runs again.
      this.broken = true;
      this.setState("error");
      return;
    }
    status.destroy();
    this.loadStatus = null;
    if (this.dead) return;
    const claimed = await this.claim(false);
    if (this.dead) return;
    if (!claimed) {
      this.showTakenElsewhere(t("table.openElsewhere"));
      return;
    }
    const persons = this.persons(this.save.seats || []);
    const v = this.save.viewer;
    // With several people at this device nobody's view is shown before a hand-off.
    this.viewer = persons.length > 1 ? null : (Number.isInteger(v) && persons.includes(v) ? v : (persons[0] ?? null));
    this.fullLog = null;
    let snap = null;
    const live = liveTable(this.save.id);
    if (live) snap = takeFirstSnapshot(this.save.id, this.viewer);
    if (live && !snap) {
      try {
        snap = await this.engine.call("snapshot", { table: live.engineId, viewer: this.viewer });
      } catch (_) {
        forgetLive(this.save.id); // the worker restarted: rebuild from the save
      }
    }
    if (!snap) {
      try {
        snap = await this.engine.call("load_table", { save: this.save.id, viewer: this.viewer });
      } catch (e) {
        if (this.dead) return;
        if (e && (e.kind === "bad-record" || e.kind === "illegal")) {
          // The engine read the save and refused it: keep it aside, never drop it.
          this.engine.call("set_aside", { save: this.save.id, reason: e.message }).catch(() => {});
          messagePage(this.el, { title: t("shell.corruptTitle"), body: t("shell.corruptBody"), detail: e.message });
        } else if (e && e.kind === "missing") {
          messagePage(this.el, { title: t("shell.noTableTitle"), body: t("shell.noTableBody") });
        } else if (this.engine.state !== "failed") {
          this.fail(t("table.engineFailed"), e && e.message);
        }
        return;
      }
    }
    if (this.dead) return;
    this.seenLog = snap.log.length;
    this.loadingBox.hidden = true;
    this.loadingBox.replaceChildren();
    this.grid.hidden = false;
    this.advance(snap);
  }

  // --- one tab owns a table (table/lock.js) -----------------------------------------
  /** Whether this page holds the table's lock. */
  get owner() {
    return this.lock.held;
  }

  claim(steal) {
    return this.lock.claim(steal);
  }

  /** Another tab took this table: nothing more happens here, and the page says so. */
  lostTable() {
    clearTimeout(this.botTimer);
    this.clock.stop();
    this.interactive = false;
    this.busy = false;
    forgetLive(this.save.id);
    if (!this.dead) this.showTakenElsewhere(t("table.takenElsewhere"));
  }

  showTakenElsewhere(text) {
    this.setState("elsewhere");
    this.grid.hidden = true;
    this.handoff.hide();
    this.clock.hide();
    this.loadingBox.hidden = false;
    this.loadingBox.replaceChildren(h("div.message-page.elsewhere", { role: "alert" },
      h("h1", t("table.elsewhereTitle")), h("p", text),
      h("p.actions",
        h("button.button.primary", {
          type: "button",
          onclick: async () => {
            if (await this.claim(true)) this.load();
          },
        }, t("table.takeOver")), " ",
        h("a.button", { href: "#/" }, t("shell.backToLobby")))));
  }

  // --- the engine failing -------------------------------------------------------------
  onEngineState(state) {
    if (this.dead) return;
    if (state === "failed" && this.snap && this.owner) {
      // Nothing runs against a person while the engine is down: bots wait, the clock pauses.
      this.clock.pause();
      clearTimeout(this.botTimer);
      this.interactive = false;
      this.busy = false;
      this.broken = true;
      forgetLive(this.save.id);
      this.setState("error");
      this.notes.replaceChildren(h("div.note.engine-down", { role: "alert" },
        h("p", t("table.engineDown", { detail: this.engine._dead || "" })),
        h("button.button.primary", { type: "button", onclick: () => this.engine.restart() }, t("progress.retry"))));
      this.paintMoves();
    } else if (state === "ready" && this.broken) {
      this.broken = false;
      this.clearNote();
      this.load();
    }
  }

  updateRenderer() {
    // A hint is drawn by the game's own renderer: the plain view with the move it suggests.
    const hint = this.currentHint();
    if (!this.busy) this.showHintBox(hint ? t("table.hintIs", { move: words(hint.words) }) : "");
    this.board.update(hint ? { ...this.snap, suggest: hint.action } : this.snap, this.viewer, this.el.firstElementChild);
  }

  persons(seats) {
    return seats.map((s, i) => (s.bot ? -1 : i)).filter((i) => i >= 0);
  }

  // --- after every snapshot -------------------------------------------------------
  /**
   * The engine sends only the log entries this page does not hold yet (`log_from`), and
   * earlier ones a reveal changed (`log_changed`): put the whole log back together.
   */
  merge(snap) {
    if (snap.log_from !== undefined && this.fullLog && this.logViewer === snap.viewer) {
      const log = this.fullLog.slice(0, snap.log_from);
      for (const e of snap.log_changed || []) log[e.n - 1] = e;
      snap.log = log.concat(snap.log);
      delete snap.log_from;
      delete snap.log_changed;
    }
    this.fullLog = snap.log;
    this.logViewer = snap.viewer;
    return snap;
  }

  /** How many log entries the engine may skip for `viewer` (the page holds them already). */
  since(viewer) {
    return this.fullLog && this.logViewer === viewer ? this.fullLog.length : undefined;
  }

  advance(snap) {
    if (this.dead) return;
    const before = this.fullLog;
    this.merge(snap);
    const undone = this.takenBack(before, snap.log);
    const fresh = snap.log.slice(this.seenLog ?? snap.log.length);
    this.seenLog = snap.log.length;
    this.snap = snap;
    rememberLive(this.save.id, snap.table);
    this.paintMarks();
    this.saves.check(snap);
    this.persist();

    if (undone) {
      // The undone moves leave the log: say which they were.
      const what = undone.map((e) => `${snap.seats[e.seat] ? snap.seats[e.seat].name : ""}: ${words(e.words) || e.action}`)
        .join("; ");
      this.showNote(t("table.tookBack", { moves: what }));        // an alert: read out as it comes
      this.notes.firstElementChild.classList.add("took-back");
    } else if (fresh.length) {
      playSound("move");
      announce(fresh.map((e) => logSentence(snap, e)).join(". "));
    }

    if (snap.terminal) {
      this.clock.end();
      this.clock.hide();
      this.handoff.hide();
      this.interactive = false;
      this.paint();
      this.endBox.replaceChildren(endScreen(snap, this.save.id, { onRematch: () => this.rematch() }));
      this.setState("over");
      if (fresh.length) {
        playSound("end");
        const title = this.endBox.querySelector("h2");
        // The result is also on the bar: the final board stays in view under it.
        if (title) title.focus({ preventScroll: true });
      }
      return;
    }
    this.endBox.replaceChildren();
    this.next();
  }

  /** The entries a take-back just removed from the log (`before` → `after`), or null when none was played. */
  takenBack(before, after) {
    const last = after[after.length - 1];
    if (!before || !last || last.action !== "@takeback") return null;
    const held = before[before.length - 1];
    if (held && held.action === "@takeback" && held.n === last.n) return null;   // seen already
    let i = 0;
    while (i < before.length && i < after.length - 1 && before[i].action === after[i].action && before[i].seat === after[i].seat) i++;
    const gone = before.slice(i).filter((e) => !(e.action || "").startsWith("@"));
    return gone.length ? gone : null;
  }

  /** The table's engine id, the seat on screen and the move count, for tools and tests (nothing secret). */
  paintMarks() {
    const page = this.el.firstElementChild;
    if (!page || !this.snap) return;
    page.dataset.table = this.snap.table;
    page.dataset.viewer = this.viewer === null ? "" : String(this.viewer);
    page.dataset.moves = String(this.snap.log.length);
  }

  /** The person who must act now, if any: people choose before bots in a simultaneous decision. */
  personToAct() {
    const d = this.snap.decision;
    return d.players.find((p) => !this.snap.seats[p].bot) ?? null;
  }

  next() {
    const snap = this.snap;
    const d = snap.decision;
    this.interactive = false;
    const seat = this.personToAct();
    const many = this.persons(snap.seats).length > 1;
    if (seat === null) {
      // Bots only. With several people here nobody's own view stays on screen meanwhile.
      if (many && this.viewer !== null) {
        this.viewer = null;
        silence();
        this.refresh();
        return;
      }
      const bot = d.players.find((p) => snap.seats[p].bot);
      this.clock.pause();
      this.clock.hide();
      this.handoff.hide();
      this.paint();
      this.setState("bot");
      clearTimeout(this.botTimer);
      this.botTimer = setTimeout(() => this.call("bot_play", { seat: bot }), this.botDelay);
      return;
    }
    if (seat !== this.viewer) {
      if (many) {
        // Another person's turn: the spectator view behind the hand-off screen until they accept.
        if (this.viewer !== null) {
          this.viewer = null;
          silence();
          this.refresh();
          return;
        }
        this.showHandoff(seat);
        this.paint();
        return;
      }
      this.viewer = seat;
      this.refresh();
      return;
    }
    this.save.viewer = seat;
    this.handoff.hide();
    if (this.pausedHere()) {
      this.showPaused();
      return;
    }
    this.becomeInteractive(seat);
    if (document.visibilityState === "hidden") this.pauseIfAllowed();
  }

  // --- a paused table ---------------------------------------------------------------
  /** Whether this table waits for the seat on screen to resume it. */
  pausedHere() {
    return !!this.snap && this.snap.paused !== null && this.snap.paused !== undefined && this.snap.paused === this.viewer;
  }

  /** Pause the table when the engine offers it now (the person's turn, every other seat a bot, timers). */
  pauseIfAllowed() {
    if (!this.interactive || this.busy || !this.snap || this.pausedHere()) return false;
    if (!(this.snap.controls || []).some((c) => c.action === "@pause")) return false;
    this.playControl("@pause");
    return true;
  }

  showPaused() {
    this.clock.hold(this.snap, this.viewer); // the time that remained waits in the save
    this.interactive = true;                 // for the Resume control only: the engine lists no move
    this.setState("paused");
    this.paint();
  }

  becomeInteractive(seat) {
    this.clock.startFor(this.snap, seat);
    this.interactive = true;
    this.setState("interactive");
    this.paint();
    playSound("turn");
    window.dispatchEvent(new CustomEvent("vt:interactive", { detail: { seat, table: this.save.id } }));
  }

  // --- the hand-off screen (pass-and-play) ----------------------------------------
  showHandoff(seat) {
    silence();
    this.grid.hidden = false;
    // A person's clock runs only once they have the device.
    this.clock.pause();
    this.clock.hide();
    this.handoff.show(this.snap, seat);
    this.setState("handoff");
    this.handoff.focus();
  }

  async acceptHandoff() {
    const seat = this.handoff.seat;
    if (seat === null || this.busy) return;
    // The new person's own view is fetched and drawn while the hand-off screen still covers
    // the table; only then does it go (so nobody glimpses the previous view).
    this.viewer = seat;
    await this.refresh();
    if (this.dead || this.viewer !== seat || !this.interactive) return;
    // The board takes the focus when it can act by keys; else the first move of the list.
    if (this.board.focus()) return;
    const first = this.movesBox.querySelector("button.move");
    if (first) first.focus({ preventScroll: true });
  }

  // --- acting -------------------------------------------------------------------
  /** A fresh snapshot for the current viewer (after the viewer changed). */
  refresh() {
    return this.call("snapshot", {});
  }

  async call(cmd, args) {
    if (this.dead) return;
    this.busy = true;
    try {
      const snap = await this.engine.call(cmd, { ...args, table: this.snap.table, viewer: this.viewer,
                                                 since: this.since(this.viewer) });
      if (this.dead) {
        // The page was left while the engine answered: the move happened, so it is saved.
        this.snap = this.merge(snap);
        this.persist();
        return;
      }
      this.busy = false;
      if (!this.saves.problem) this.clearNote();
      this.advance(snap);
    } catch (e) {
      this.busy = false;
      if (this.dead || this.engine.state === "failed" || !this.owner) return; // said elsewhere
      this.showNote(t("table.actionFailed", { detail: words(e.words) || e.message || String(e) }));
      if (cmd !== "snapshot") {
        // Re-read the table: whatever failed changed nothing, so this shows the true position.
        try {
          this.advance(await this.engine.call("snapshot", { table: this.snap.table, viewer: this.viewer }));
        } catch (e2) {
          this.fail(t("table.engineFailed"), e2.message);
        }
      }
    }
  }

  play(action) {
    if (!this.interactive || this.busy || !this.snap) return;
    if (!(this.snap.legal || []).some((m) => m.action === action)) {
      this.showNote(t("table.notLegal"));
      return;
    }
    this.send(action);
  }

  /** A table action (resign, a draw offer or answer, a take-back, a hint) the engine listed for the viewer. */
  playControl(action) {
    if (!this.interactive || this.busy || !this.snap) return;
    if (!(this.snap.controls || []).some((c) => c.action === action)) return;
    if (action === HINT) {
      this.askHint();
      return;
    }
    this.send(action);
  }

  /** The viewer's move or table action to the engine; the page waits for its answer. */
  send(action) {
    this.interactive = false;
    // One clock per decision: a step of a compound choice (the same decision.since after it)
    // goes on with the time that remained, so becomeInteractive finds it under the same key.
    this.clock.pause();
    this.setState("waiting");
    this.paintMoves();
    this.call("play", { action, seat: this.viewer });
  }

  expire() {
    if (this.busy || !this.snap || !this.snap.decision || this.pausedHere()) return;
    const seat = this.handoff.seat ?? this.viewer;
    if (!this.snap.decision.players.includes(seat)) return;
    // Only a table this tab owns, with its engine up, ever plays on a person's timer.
    if (!this.owner || this.engine.state !== "ready") {
      this.clock.pause();
      return;
    }
    this.interactive = false;
    this.clock.end();
    this.setState("waiting");
    this.call("timeout", { seat });
  }

  /** The same seats, options and timers at a new table (a new seed, drawn by the worker). */
  async rematch() {
    const snap = this.snap;
    try {
      const id = await createTable(this.engine, {
        game: this.game, seats: snap.seats, options: snap.options, timers: snap.timers !== false,
      }, t("newtable.saveFailed"));
      if (!this.dead) this.ctx.navigate(`#/table/${id}`);
    } catch (e) {
      if (!this.dead) this.showNote(t("end.rematchFailed", { detail: e.message || String(e) }));
    }
  }

  showNote(...parts) {
    this.notes.replaceChildren(h("p.note", { role: "alert" }, ...parts));
  }

  clearNote() {
    this.notes.replaceChildren();
  }

  fail(title, detail) {
    this.setState("error");
    this.loadingBox.hidden = false;
    this.loadingBox.replaceChildren(h("div.message-page", { role: "alert" }, h("h1", title), detail ? h("p.detail", detail) : null,
      h("p.actions", h("a.button", { href: "#/" }, t("shell.backToLobby")))));
  }

  /** This page's part of the save (the worker has already saved the record itself). */
  persist() {
    if (!this.snap || !this.owner) return;
    this.save.seats = this.snap.seats;
    this.save.summary = summarize(this.snap);
    saveTable(this.save);
  }

  destroy() {
    this.clock.pause();
    this.saves.stop();
    this.dead = true;
    window.removeEventListener("keydown", this.onKey);
    this.offEngine();
    if (this.loadStatus) this.loadStatus.destroy();
    document.removeEventListener("visibilitychange", this.onHide);
    window.removeEventListener("pagehide", this.onHide);
    window.removeEventListener("keydown", this.onHintKey);
    this.lock.letGo();
    clearTimeout(this.botTimer);
    this.offLang();
    this.board.destroy();
    this.controls.destroy();
    this.barWatch.disconnect();
    document.documentElement.style.removeProperty("--bar-h");
    delete document.body.dataset.state;
  }
}


// The panels' drawing and the hints are the page's own methods, written in their own files.
Object.assign(TableShell.prototype, drawing, hints);
