"""Render the site's app icons (PNG) from ``web/icons/favicon.svg``: run by hand when the picture changes.

    .venv/bin/python site_build/make_icons.py

The PNGs are committed beside the SVG (the build only copies them): an installed app's icon must
be a bitmap on some platforms, and the build itself uses the standard library alone. ``any`` icons
are the picture as the favicon draws it (rounded corners); the ``maskable`` one is the same picture
with square corners, full bleed: a platform cuts it to its own shape, and everything that matters
(the sun, the hills) lies inside the central circle of 80 % it always keeps.
"""
from __future__ import annotations

import base64
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "web" / "icons"
GREEN = "#3e6a4d"

PAGE = """<!doctype html><html><head><style>
html,body{{margin:0;padding:0;background:{bg};width:{size}px;height:{size}px;overflow:hidden}}
img{{position:absolute;left:{pad}px;top:{pad}px;width:{inner}px;height:{inner}px}}
</style></head><body><img src="data:image/svg+xml;base64,{svg}"></body></html>"""


def render(page, svg: str, size: int, maskable: bool, out: Path) -> None:
    if maskable:
        svg = svg.replace(' rx="14"', "")
    svg_b64 = base64.b64encode(svg.encode()).decode()
    page.set_viewport_size({"width": size, "height": size})
    page.set_content(PAGE.format(bg=GREEN if maskable else "transparent", size=size, pad=0, inner=size, svg=svg_b64))
    page.wait_for_function("document.images[0].complete")
    page.screenshot(path=str(out), omit_background=not maskable)


def main() -> None:
    svg = (ICONS / "favicon.svg").read_text()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page(device_scale_factor=1)
        for size in (192, 512):
            render(page, svg, size, False, ICONS / f"app-{size}.png")
        render(page, svg, 512, True, ICONS / "app-maskable-512.png")
        browser.close()


if __name__ == "__main__":
    main()
