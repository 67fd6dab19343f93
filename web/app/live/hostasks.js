// What the host's table does for a seat's asks beyond its moves (docs/live.md, "Hints at a live
// table" and "Talking at a table"): a hint, found on this device from that seat's view only and
// sent to that seat alone, and a line said at the table, passed on to every device at it. Functions
// of the host's table (hostcore.js), as its budgets (hostguard.js) are; what is for the host's own
// seat goes out as the core's events "hint", "note" and "chat".

import { t, words } from "../../lib/i18n.js";
import { message } from "./protocol.js";
import { chatAllowed, chatLine, MAX_CHAT } from "./chat.js";

/**
 * A hint for `g`'s seat (null: the host's own), if the table offers one now: the strongest level's
 * move from that seat's view only, counted in the record (every seat's log says so), then sent to
 * that seat alone.
 */
export async function hintFor(host, g) {
  const seat = g ? g.seat : 0;
  const snap = host.snap;
  if (!snap || !(snap.decision && snap.decision.players.includes(seat))) return;
  let found;
  try {
    found = (await host.call("hint", { table: host.table, seat, viewer: seat, quick: host.hintQuick() })).hint;
  } catch (e) {
    const detail = words(e.words) || e.message || String(e);
    if (g) host.refuse(g, g.channel, detail);
    else host.emit("note", { text: t("table.actionFailed", { detail }) });
    return;
  }
  await host.refreshAll();
  if (!g) host.emit("hint", { found });
  else if (g.channel && g.channel.open) g.channel.send(message("hint", { action: found.action, words: found.words }));
}

/** A line `g` said: cleaned, within a person's pace, passed on with the seat of its session. */
export function chatIn(host, g, channel, msg) {
  const line = chatLine(msg);
  if (!line) host.refuse(g, channel, `a line is plain text of at most ${MAX_CHAT} characters, or a quick phrase`);
  // Past a person's pace a line is dropped, with no answer (an answer would amplify a flood).
  else if (host.phase === "playing" && chatAllowed(g)) chatOut(host, { seat: g.seat, ...line });
}

/** A line said at the table (chat.js): to every device at it, and to the host's own panel. */
export function chatOut(host, line) {
  const text = message("chat", line);
  for (const g of [...host.guests.values(), ...host.watchers]) {
    if (g.channel && g.channel.open) g.channel.send(text);
  }
  host.emit("chat", { line });
}
