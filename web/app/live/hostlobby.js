// The host's table-to-be over the internet (lobby.js keeps it): what is kept as the invitations
// go out and guests join, taking it up again after a reload, "New invitation" on a seat before
// the start, and cancelling. Functions of the host's table (hostcore.js), kept where its store says
// (hoststore.js); the table-to-be's id goes out as the event "kept" ({lobby}).

import { t, words } from "../../lib/i18n.js";
import { readLobby, isLobbyId, LOBBY_VERSION } from "./lobby.js";
import { isRelay } from "./networks.js";
import { message } from "./protocol.js";

/** What this device needs to take the table-to-be up again after a reload (lobby.js). */
export function keepLobbyOf(host) {
  if (!host.lobbyId || host.dead || (host.phase !== "inviting" && host.phase !== "starting")) return;
  const guests = [...host.guests.values()].sort((a, b) => a.seat - b.seat);
  const joined = (g) => !!g.joined && typeof g.commitment === "string";
  const ok = host.store.keepLobby({
    v: LOBBY_VERSION, id: host.lobbyId, game: host.game, created: host.lobbyCreated, timers: host.timers,
    hints: host.hints,
    // How its invitations go (over the internet, or a table over days' mailboxes) and its other
    // options (a table over days' pace): a reload takes it up the same way, for the same terms.
    mode: host.mode, options: { ...host.options },
    commitment: host.commit.commitment, relays: host.transport.relays,
    seats: host.seats.map((s) => ({ name: String(s.name || "").slice(0, 24), kind: s.kind, level: s.level })),
    guests: guests.map((g) => ({ seat: g.seat, secret: g.secret, hostKey: g.hostKey, device: g.device || null,
      name: g.name, joined: joined(g), commitment: joined(g) ? g.commitment : null })),
    order: host.order.filter((k) => joined(host.guests.get(k))),
    watchers: host.watchers.filter((w) => w.secret && w.state !== "gone")
      .map((w) => ({ n: w.watcher, secret: w.secret, hostKey: w.hostKey, device: w.device || null, joined: !!w.joined })),
    // Once Start was pressed, the terms every guest reveals against: a reload starts these, no others.
    terms: host.phase === "starting" && host.terms ? host.terms : null,
  });
  if (!ok && !host.lobbyNotKept) {
    host.lobbyNotKept = true;
    host.changed(true);
  }
}

/** Forget a table-to-be: this page's row and the worker's kept contribution. */
export function forgetKept(host, id) {
  host.store.forgetLobby(id);
  host.engine.call("joint_forget", { keep: id }).catch((e) => console.warn("a kept contribution could not be dropped", e));
}

/**
 * Take up again the table-to-be `id` after a reload: the same seats, the same links (each
 * re-announced on its topic, so a guest's open page comes back by itself), the same
 * commitment. Kept state that does not read strictly is said, and nothing is built from it.
 */
export async function resumeLobby(host, id) {
  host.phase = "reopening";
  host.changed();
  const lost = (why, detail = null) => {
    if (host.dead) return;
    host.phase = "lost";
    host.lost = { id: isLobbyId(id) ? id : null, why, detail };
    host.changed();
  };
  if (!isLobbyId(id)) return lost(t("live.lobby.missing"));
  const text = host.store.lobbyText(id);
  if (text === null) return lost(t("live.lobby.missing"));
  const got = readLobby(text, id, host.game, { levels: host.levels, min: host.min, max: host.max, isRelay });
  if (got.problem) return lost(t("live.lobby.damaged"), got.problem);
  const row = got.lobby;
  let commit;
  try {
    await host.engine.ready;
    commit = await host.engine.call("joint_kept", { keep: id });
  } catch (e) {
    if (e.kind === "missing" || e.kind === "bad-record") return lost(t("live.lobby.damaged"), e.message);
    return lost(t("live.engineFailed", { detail: words(e.words) || e.message || String(e) }));
  }
  if (host.dead) return;
  if (commit.commitment !== row.commitment) {
    return lost(t("live.lobby.damaged"), "the contribution kept for this table does not match the commitment its guests were shown");
  }
  host.lobbyId = id;
  host.lobbyCreated = row.created;
  host.commit = commit;
  host.timers = row.timers;
  host.hints = row.hints === true;
  host.options = { ...(row.options || {}) };
  host.seats = row.seats.map((s) => ({ name: s.name, kind: s.kind, level: s.level }));
  host.order = row.order.slice();
  // A guest that had joined is away until its page says hello again (at once, when it is open).
  for (const r of row.guests) {
    host.guests.set(r.seat, { seat: r.seat, name: r.name, channel: null, commitment: r.commitment, contribution: null,
      state: r.joined ? "away" : "making", invite: null, note: null, joined: r.joined, secret: r.secret,
      hostKey: r.hostKey, device: r.device });
  }
  for (const w of row.watchers) {
    host.watchers.push({ seat: null, watcher: w.n, name: t("live.spectatorName", { n: w.n }), channel: null,
      state: w.joined ? "away" : "making", invite: null, note: null, joined: w.joined, secret: w.secret,
      hostKey: w.hostKey, device: w.device });
  }
  host.useTransport(row.mode || "net", { relays: row.relays });
  // After Start the table is fixed: the same terms go to every guest again, who reveal again for
  // them (and for no others); nothing can be re-drawn.
  host.terms = row.terms || null;
  host.phase = host.terms ? "starting" : "inviting";
  host.changed();
  for (const g of [...host.guests.values(), ...host.watchers]) await host.invite(g);
}

/**
 * Drop the table before it starts: every guest's page is told (after Start, when guests may have
 * revealed, their pages say the host started over after the seed was fixed), every link closes and
 * this device forgets the invitations and its contribution; a new table draws a new one.
 */
export function cancelInvitations(host) {
  if (host.phase !== "inviting" && host.phase !== "starting") return;
  const channels = [];
  for (const g of [...host.guests.values(), ...host.watchers]) {
    if (g.channel) {
      g.channel.send(message("cancelled", {}));
      channels.push(g.channel);
    }
  }
  // A moment for the word to go out before the links close.
  const transport = host.transport;
  host.setTimer(() => {
    for (const c of channels) c.close();
    if (transport) transport.close();
  }, 1500);
  host.transport = null;
  host.terms = null;
  if (host.lobbyId) forgetKept(host, host.lobbyId);
  host.lobbyId = null;
  host.lobbyNotKept = false;
  host.guests.clear();
  host.watchers = [];
  host.order = [];
  host.commit = null;
  host.error = null;
  host.phase = "setup";
  host.emit("kept", { lobby: null });
  host.changed();
}

/** After a table-to-be that could not be taken up: forget what was kept, and a fresh set-up. */
export function freshSetup(host) {
  if (host.lost && host.lost.id) forgetKept(host, host.lost.id);
  host.lost = null;
  host.phase = "setup";
  host.emit("kept", { lobby: null });
  host.changed();
}

/** "New invitation" before the start: this seat gets a new link, the old one stops working. */
export async function reinvite(host, g) {
  const transport = host.transport;
  if (host.phase !== "inviting" || !transport || !transport.lasting) return;
  transport.drop(g);
  g.joined = false;
  g.commitment = null;
  g.contribution = null;
  g.state = "making";
  g.secret = null;
  g.hostKey = null;
  transport.prepare(g);
  g.device = null;
  g.stranger = null;
  host.order = host.order.filter((k) => k !== g.seat);
  host.keepLobby();
  await host.invite(g);
}
