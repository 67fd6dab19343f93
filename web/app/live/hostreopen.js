// Taking up again a live table this page hosted before (after a reload, or "Invite them again" on
// the table page). A function of the host's table (hostcore.js), as its table-to-be (hostlobby.js)
// is; everything it reads comes from the core's store (hoststore.js).

import { t, words } from "../../lib/i18n.js";
import { isTableId } from "../storage.js";

/**
 * Open a table this page hosted before (after a reload, or "Invite them again" on the table
 * page): every guest is Away until a fresh invitation brings them back to their seat, and
 * each clock goes on with the time it had left.
 */
export async function reopenTable(host, id) {
  const store = host.store;
  host.phase = "reopening";
  host.changed();
  const gone = (why) => {
    if (host.dead) return;
    host.phase = "gone";
    host.error = why;
    host.changed();
  };
  if (!isTableId(id)) return gone(t("shell.badTableBody"));
  const found = await store.readTable(id);
  if (host.dead) return;
  if (found.missing || found.unavailable || found.corrupt) return gone(t("shell.noTableBody"));
  const save = found.save;
  if (save.game !== host.game || !Array.isArray(save.remote) || !save.remote.length) return gone(t("live.notHosted"));
  let snap = null;
  try {
    await host.engine.ready;
    const live = store.liveTable(id);
    if (live) {
      try {
        snap = await host.call("snapshot", { table: live.engineId, viewer: 0 });
      } catch (_) {
        store.forgetLive(id); // the worker restarted: rebuild from the save
      }
    }
    if (!snap) snap = await host.call("load_table", { save: id, viewer: 0 });
  } catch (e) {
    return gone(t("live.engineFailed", { detail: words(e.words) || e.message || String(e) }));
  }
  if (host.dead) return;
  const joint = snap.joint;
  if (!Array.isArray(joint) || joint.length !== save.remote.length + 1) return gone(t("live.notHosted"));
  store.rememberLive(id, snap.table);
  host.seats = snap.seats.map((seat, k) => ({ name: seat.name, kind: k === 0 ? "me" : seat.bot ? "bot" : "device",
    level: seat.level || host.levels[0] }));
  host.commit = { commitment: joint[0].commitment };
  host.order = save.remote.slice();
  host.order.forEach((k, i) => host.guests.set(k, { seat: k, name: snap.seats[k].name, channel: null,
    commitment: joint[i + 1].commitment, contribution: null, state: "away", invite: null, note: null }));
  host.timers = save.timers !== false;
  host.clocks.restore(save);
  host.save = save;
  host.saveId = id;
  host.phase = "playing";
  // A finished table's invitations are forgotten: nothing of it needs a link any more.
  if (snap.terminal) store.forgetInvitations(id);
  const kept = snap.terminal ? null : store.keptInvitations(id);
  // Invitations with codes are not kept: their guests are invited again, by hand.
  host.mode = "codes";
  if (kept) {
    // The same invitations again (an internet table's links, pinned to the same devices), by the
    // transport the store names (internet links when it names none): each guest's page comes back by itself.
    host.useTransport(kept.mode || "net");
    for (const g of host.guests.values()) {
      const inv = kept.seats[g.seat];
      if (!inv) continue;
      Object.assign(g, { secret: inv.secret, hostKey: inv.hostKey, device: inv.device, joined: !!inv.device });
      await host.invite(g);
    }
    for (const w of kept.watchers || []) {
      const ww = { seat: null, watcher: w.n, name: t("live.spectatorName", { n: w.n }), channel: null, state: "away", invite: null,
        note: null, secret: w.secret, hostKey: w.hostKey, device: w.device, joined: !!w.device };
      host.watchers.push(ww);
      await host.invite(ww);
    }
  }
  // In the table's queue, as every step of it: a guest that joins meanwhile waits for this first
  // snapshot, and then gets only what follows it.
  await host.enqueue(() => host.begin(snap.table));
}
