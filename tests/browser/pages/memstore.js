// What a host's tables keep (hoststore.js's interface), in a test page's memory: for the pages that run
// HostCores with no page of their own (hostcore.js, dayshost.js).

export function memoryStore() {
  const tables = new Map();
  const lobbies = new Map();
  const invitations = new Map();
  const live = new Map();
  let n = 0;
  const copy = (x) => JSON.parse(JSON.stringify(x));
  const kept = (w) => ({ secret: null, hostKey: null, device: "memory", ...w });
  return {
    tables, lobbies, invitations,
    newTableId: () => `mem${(n++).toString(36)}${Math.random().toString(36).slice(2, 8)}`,
    saveTable: async (save) => { tables.set(save.id, copy(save)); return true; },
    readTable: async (id) => (tables.has(id) ? { save: copy(tables.get(id)) } : { missing: true }),
    keepLobby: (row) => { lobbies.set(row.id, JSON.stringify(row)); return true; },
    lobbyText: (id) => lobbies.get(id) ?? null,
    forgetLobby: (id) => { lobbies.delete(id); },
    staleLobbies: () => [],
    keepInvitations: (id, guests, watchers) => {
      invitations.set(id, { mode: "memory", seats: Object.fromEntries(guests.map((g) => [g.seat, kept({})])),
        watchers: watchers.filter((w) => w.state !== "gone").map((w) => kept({ n: w.watcher })) });
    },
    keptInvitations: (id) => invitations.get(id) || null,
    forgetInvitations: (id) => { invitations.delete(id); },
    rememberLive: (id, engineId) => { live.set(id, { engineId }); },
    liveTable: (id) => live.get(id) || null,
    forgetLive: (id) => { live.delete(id); },
  };
}
