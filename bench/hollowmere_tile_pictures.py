"""Draw one picture per Hollowmere tile type with the table's own drawing code.

Serves the repository over HTTP, opens Chromium, imports web/games/hollowmere/tileart.js
and asks its drawTileInto() for every tile type of tiles.json, so the rules page shows
exactly what the valley shows. Writes docs/rules/img/hollowmere-<TILE>.png.

    python bench/hollowmere_tile_pictures.py [--size 96] [--out docs/rules/img] [--sheet /tmp/sheet.png]
"""
from __future__ import annotations

import argparse
import base64
import functools
import http.server
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]

PAGE_JS = """
async ({size, sheet}) => {
  const art = await import('/web/games/hollowmere/tileart.js');
  const set = await art.loadTileset();
  const out = {};
  for (const tile of set.tiles) {
    const c = document.createElement('canvas');
    c.width = c.height = size;
    art.drawTileInto(c, tile, 0);
    out[tile.id] = c.toDataURL('image/png');
  }
  if (sheet) {
    // Every tile at every rotation, for a person to look over (not published).
    const s = 120, cols = 4, per = 12;
    out.__sheets = [];
    for (let first = 0; first < set.tiles.length; first += per) {
    const group = set.tiles.slice(first, first + per);
    const c = document.createElement('canvas');
    c.width = cols * (s + 8) * 2 + 8;
    c.height = Math.ceil(group.length / 2) * (s + 22);
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#555'; ctx.fillRect(0, 0, c.width, c.height);
    group.forEach((tile, i) => {
      const col = (i % 2) * cols, row = Math.floor(i / 2);
      for (let r = 0; r < 4; r++) {
        const x = 8 + (col + r) * (s + 8), y = 18 + row * (s + 22);
        ctx.save(); ctx.translate(x, y); ctx.scale(s, s); art.paintTile(ctx, tile, r, 0); ctx.restore();
        const g = art.geometry(tile, r);
        ctx.font = '11px sans-serif'; ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
        for (const [id, p] of Object.entries(g.anchors)) {
          ctx.fillStyle = 'rgba(0,0,0,.7)'; ctx.beginPath(); ctx.arc(x + p[0]*s, y + p[1]*s, 9, 0, 7); ctx.fill();
          ctx.fillStyle = '#fff'; ctx.fillText(id.replace('shrine','sh'), x + p[0]*s, y + p[1]*s);
        }
      }
      ctx.fillStyle = '#fff'; ctx.font = '13px sans-serif'; ctx.textAlign = 'left';
      ctx.fillText(tile.id + '  ' + tile.sides.N + ' ' + tile.sides.E + ' ' + tile.sides.S + ' ' + tile.sides.W, 8 + col * (s + 8), 10 + row * (s + 22));
    });
    out.__sheets.push(c.toDataURL('image/png'));
    }
  }
  return out;
}
"""


def serve(root: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *a: object) -> None:  # noqa: A002 - base class name
            pass

    handler = functools.partial(Quiet, directory=str(root))
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, f"http://127.0.0.1:{srv.server_address[1]}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=96)
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "rules" / "img")
    ap.add_argument("--sheet", type=Path, help="also write every rotation with region anchors here")
    args = ap.parse_args(argv)
    srv, origin = serve(ROOT)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.route(f"{origin}/__pictures.html",
                       lambda route: route.fulfill(status=200, content_type="text/html",
                                                   body="<!doctype html><title>tiles</title>"))
            page.goto(f"{origin}/__pictures.html")
            pics = page.evaluate(PAGE_JS, {"size": args.size, "sheet": bool(args.sheet)})
            browser.close()
    finally:
        srv.shutdown()
    args.out.mkdir(parents=True, exist_ok=True)
    sheets = pics.pop("__sheets", None)
    for tile_id, url in pics.items():
        (args.out / f"hollowmere-{tile_id}.png").write_bytes(base64.b64decode(url.split(",", 1)[1]))
    for i, sheet in enumerate(sheets or []):
        path = args.sheet.with_name(f"{args.sheet.stem}{i}{args.sheet.suffix}")
        path.write_bytes(base64.b64decode(sheet.split(",", 1)[1]))
    print(f"{len(pics)} tile pictures in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
