// #/days/<id>: one table over days on this device — one it hosts (web/app/days/hostpage.js, over the
// dealer's table) or one it joined as a guest (web/app/days/guestpage.js) — found by its id in the
// days store (web/app/days/store.js: rows "hosted" and "joined").

import { t } from "../../lib/i18n.js";
import { messagePage } from "../table/live.js";
import { getRow } from "../days/store.js";

const ID = /^[a-z0-9_-]{4,64}$/i;
// The guest's page is named here rather than in the import itself, so that this dispatcher loads
// (and the host's page works) in a build where the guest's page is not present.
const GUEST_PAGE = "../days/guestpage.js";

export function mount(el, params, ctx) {
  let un = null;
  let gone = false;
  (async () => {
    const id = params.id;
    const [hosted, joined] = ID.test(id || "")
      ? await Promise.all([getRow("hosted", id).catch(() => null), getRow("joined", id).catch(() => null)]) : [null, null];
    if (gone) return;
    if (!hosted && !joined) {
      messagePage(el, { title: t("shell.daysMissingTitle"), body: t("shell.daysMissingBody") });
      return;
    }
    const mod = hosted ? await import("../days/hostpage.js") : await import(GUEST_PAGE);
    if (gone) return;
    un = mod.mount(el, { ...params, row: hosted || joined }, ctx);
  })().catch((e) => {
    console.error(e);
    if (!gone) messagePage(el, { title: t("shell.pageErrorTitle"), body: t("shell.pageErrorBody"), detail: String(e.message || e) });
  });
  return () => {
    gone = true;
    if (typeof un === "function") un();
  };
}
