// The table as one seat sees it, drawn from snapshots that arrive (from this device's engine on
// the host, over the link on a guest): the game's own board, the countdown, the moves list, the
// score sheet, the log. It decides nothing: intents go to `onPlay`, and whoever holds the engine
// answers with the next snapshot.

import { t, words, getLang, onLangChange } from "../../lib/i18n.js";
import { loadRenderer } from "../../games/index.js";
import { play as playSound } from "../sound.js";
import { Countdown, formatSeconds } from "../timer.js";
import { h } from "../../lib/dom.js";
import { announce } from "../../lib/announce.js";
import { scoreSheet } from "../../lib/seats.js";
import { logList, logSentence, movesList, sealChip } from "../table/view.js";
import { resultLine } from "../table/endscreen.js";
import { TableControls } from "../table/controls.js";
import { Chat } from "./chat.js";
import { decisionKey } from "../timer.js";
import { siteKey } from "../../lib/keymap.js";

/** The table action that asks for a hint (py_engine/core/controls.py). */
const HINT = "@hint";

const URGENT_SECONDS = 10;

export class LiveBoard {
  /**
   * `page`: the name tests and styles know this page by ("live-host", "live-guest"); `chat`: the
   * talk panel's {me, send, keepKey} (chat.js); `status(snap, interactive)`: the page's own words for
   * the line above the board, or null for the board's (a table over days says whose turn with its days);
   * `engine`: the page's engine, which gives the board its game's data (default: web/engine.js's).
   */
  constructor({ game, page, onPlay, chat = null, status = null, engine = null }) {
    this.game = game;
    this.onPlay = onPlay;
    this.statusWords = status;
    this.snap = null;
    this.filter = "";
    this.interactive = false;
    this.renderer = null;
    this.seen = null;
    this.statusLine = h("p.turn-status");
    this.hint = null;
    this.hintBox = h("p.hint-box", { role: "status", hidden: true });
    this.hintsOn = h("p.hints-on", { hidden: true });
    this.clock = h("div.countdown", { role: "timer", "aria-label": t("table.timeLeft"), hidden: true });
    this.sealBox = h("div.seal-box");
    this.notes = h("div.table-notes");
    this.boardHost = h("div.board-host");
    this.movesBox = h("div.moves-box");
    // Resign and a draw offer, as at a table on one device; the host plays them for this seat only.
    this.controls = new TableControls({ onPlay: (action) => this.playControl(action) });
    this.scoresBox = h("div.scores-box");
    this.logBox = h("div.log-box");
    this.endBox = h("div.end-box");
    this.titles = {
      moves: h("h2", t("table.allMyMoves")), scores: h("h2", t("table.scoreSheet")), log: h("h2", t("table.log")),
    };
    this.grid = h("div.table-grid",
      h("section.board-area", h("h2.visually-hidden", t("table.board")), this.boardHost),
      h("div.side-panel",
        h("section.panel.moves-panel", this.titles.moves, this.controls.el, this.movesBox),
        h("section.panel.scores-panel", { tabindex: "0" }, this.titles.scores, this.scoresBox), // it may scroll sideways
        h("section.panel.log-panel", this.titles.log, this.logBox)));
    this.chat = chat ? new Chat(chat) : null;
    if (this.chat) this.grid.lastElementChild.append(this.chat.el);
    this.bar = h("div.table-bar", this.statusLine, this.clock, this.sealBox, this.hintBox);
    this.el = h("div.table-page.live-table", { dataset: { page, game } }, this.bar, this.notes, this.hintsOn, this.endBox, this.grid);
    // H asks for a hint where the table offers them (the page's key list: web/lib/keymap.js).
    this.onKey = (e) => {
      if (e.defaultPrevented || siteKey(e) !== "hint" || e.target.closest("input, textarea, select, [contenteditable]")) return;
      if (!this.snap || !(this.snap.controls || []).some((c) => c.action === HINT)) return;
      e.preventDefault();
      this.playControl(HINT);
    };
    window.addEventListener("keydown", this.onKey);
    this.countdown = new Countdown({
      onTick: (left) => this.paintClock(left),
      onLastSecond: () => playSound("tick"),
    });
    this.offLang = onLangChange(() => this.repaint());
    loadRenderer(game, engine).then((create) => {
      if (!create || this.dead) return;
      try {
        this.renderer = create(this.boardHost, { onIntent: (a) => this.play(a), announce, lang: getLang() });
        if (this.snap) this.renderer.update(this.snap, this.snap.viewer);
      } catch (e) {
        console.error("renderer failed to start", e);
      }
    });
  }

  /** A new snapshot for this seat; `remaining`: seconds on this seat's clock (null: none running). */
  update(snap, remaining) {
    const fresh = this.seen === null ? [] : snap.log.slice(this.seen);
    this.seen = snap.log.length;
    this.snap = snap;
    if (this.chat) this.chat.setSeats(snap.seats);
    const d = snap.decision;
    this.interactive = !snap.terminal && !!d && d.players.includes(snap.viewer) && (snap.legal || []).length > 0;
    // A spectator sees the clock of whoever acts; a seat sees its own, when it acts.
    if (typeof remaining === "number" && (this.interactive || (snap.viewer === null && !snap.terminal))) {
      this.clock.hidden = false;
      this.countdown.start(Date.now() + remaining * 1000);
    } else {
      this.countdown.stop();
      this.clock.hidden = true;
    }
    this.el.dataset.moves = String(snap.log.length);
    // Complete entries only (an action under way is shown to its seat alone): the same on every device.
    this.el.dataset.done = String(snap.log.filter((e) => !e.draft).length);
    this.el.dataset.viewer = snap.viewer === null ? "" : String(snap.viewer);
    this.el.dataset.over = String(!!snap.terminal);
    document.body.dataset.state = snap.terminal ? "over" : this.interactive ? "interactive" : "waiting";
    if (fresh.length) {
      playSound("move");
      announce(fresh.map((e) => logSentence(snap, e)).join(". "));
    }
    if (this.interactive && fresh.length) playSound("turn");
    this.paint();
  }

  play(action) {
    if (!this.interactive || !this.snap) return;
    if (!(this.snap.legal || []).some((m) => m.action === action)) {
      this.note(t("table.notLegal"));
      return;
    }
    this.send(action);
  }

  /** A table action (resign, a draw offer or answer, a hint) the engine listed for this seat. */
  playControl(action) {
    if (!this.interactive || !this.snap) return;
    if (!(this.snap.controls || []).some((c) => c.action === action)) return;
    if (action === HINT) {
      // The seat keeps its turn while the table looks for the move (a hint the host drops, past a
      // few a minute, leaves the words after a while).
      if (this.asking) return;
      this.asking = true;
      clearTimeout(this.askTimer);
      this.askTimer = setTimeout(() => { this.asking = false; this.paint(); }, 10_000);
      this.paint();
      this.onPlay(action, this.snap.viewer);
      return;
    }
    this.send(action);
  }

  /** The seat's move or table action to the host; the board waits for the next snapshot. */
  send(action) {
    this.interactive = false;
    this.countdown.stop();
    this.paintMoves();
    this.onPlay(action, this.snap.viewer);
  }

  /** The hint this seat asked for ({action, words}), for the decision on the table now. */
  showHint(found) {
    if (!this.snap || !found) return;
    this.asking = false;
    clearTimeout(this.askTimer);
    this.hint = { action: found.action, words: found.words, decision: decisionKey(this.snap, this.snap.viewer) };
    announce(t("table.hintIs", { move: words(found.words) }));
    this.paint();
    const board = this.boardHost.getBoundingClientRect();
    if (board.top < 0 || board.top > innerHeight * 0.5) this.boardHost.scrollIntoView({ block: "start" });
  }

  /** The hint on screen, if it is still for the decision on the table and still a legal move. */
  currentHint() {
    const h0 = this.hint;
    if (!h0 || !this.snap || !this.interactive || h0.decision !== decisionKey(this.snap, this.snap.viewer)
        || !(this.snap.legal || []).some((m) => m.action === h0.action)) return null;
    return h0;
  }

  showHintBox(text) {
    this.hintBox.hidden = !text;
    this.hintBox.textContent = text;
  }

  note(text) {
    this.notes.replaceChildren(text ? h("p.note", { role: "alert" }, text) : "");
  }

  paint() {
    const snap = this.snap;
    if (!snap) return;
    this.statusLine.textContent = this.status();
    if (this.sealBox.dataset.lang !== getLang() || this.sealBox.dataset.fp !== snap.fingerprint) {
      this.sealBox.replaceChildren(sealChip(snap.fingerprint));
      this.sealBox.dataset.lang = getLang();
      this.sealBox.dataset.fp = snap.fingerprint;
    }
    this.scoresBox.replaceChildren(scoreSheet(snap, snap.viewer));
    this.logBox.replaceChildren(logList(snap));
    const list = this.logBox.querySelector(".log-list");
    if (list) list.scrollTop = list.scrollHeight;
    this.paintMoves();
    const hint = this.currentHint();
    if (!hint) this.hint = null;
    this.showHintBox(hint ? t("table.hintIs", { move: words(hint.words) }) : this.asking ? t("table.hintThinking") : "");
    this.hintsOn.hidden = !(snap.hints_allowed && !snap.terminal);
    this.hintsOn.textContent = t("live.hintsOn");
    if (this.renderer) {
      try {
        this.renderer.update(hint ? { ...snap, suggest: hint.action } : snap, snap.viewer);
        const colours = typeof this.renderer.seatColours === "function" ? this.renderer.seatColours() : null;
        if (colours) colours.forEach((c, i) => this.el.style.setProperty(`--seat-${i}`, c));
      } catch (e) {
        console.error("renderer update failed", e);
      }
    }
  }

  status() {
    const snap = this.snap;
    if (snap.terminal) return resultLine(snap);
    const own = this.statusWords ? this.statusWords(snap, this.interactive) : null;
    if (own) return own;
    const d = snap.decision;
    if (this.interactive) return d.secret ? t("table.yourSecretTurn") : t("table.yourTurn");
    const name = d.players.map((p) => snap.seats[p].name).join(", ");
    return t("live.waitingFor", { name });
  }

  paintMoves() {
    const snap = this.snap;
    if (!snap) return;
    let content;
    if (snap.terminal) content = h("p.hint", t("table.gameOver"));
    else if (!(snap.legal || []).length) content = h("p.hint", t("table.notYourTurn"));
    else {
      content = movesList(snap, {
        filter: this.filter,
        enabled: this.interactive,
        onFilter: (text) => { this.filter = text; this.paintMoves(); },
        onPlay: (action) => this.play(action),
        hinted: this.currentHint() ? this.currentHint().action : null,
      });
    }
    this.movesBox.replaceChildren(...[content].flat().filter(Boolean));
    this.controls.update(snap, this.interactive);
  }

  paintClock(left) {
    this.clock.textContent = formatSeconds(left);
    this.clock.classList.toggle("urgent", left <= URGENT_SECONDS && left > 0);
  }

  repaint() {
    if (this.renderer && typeof this.renderer.setLang === "function") {
      try { this.renderer.setLang(getLang()); } catch (e) { console.error(e); }
    }
    this.titles.moves.textContent = t("table.allMyMoves");
    this.titles.scores.textContent = t("table.scoreSheet");
    this.titles.log.textContent = t("table.log");
    this.paint();
  }

  destroy() {
    this.dead = true;
    window.removeEventListener("keydown", this.onKey);
    clearTimeout(this.askTimer);
    this.countdown.stop();
    this.offLang();
    if (this.chat) this.chat.destroy();
    if (this.renderer) {
      try { this.renderer.destroy(); } catch (e) { console.error(e); }
    }
  }
}

export { words };
