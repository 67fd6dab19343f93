#!/usr/bin/env python3
"""Whole reviews in the page: the longest game of every game reviewed by the built site in headless
Chromium, timed from the Review page's start to its last judged move.

    python3 bench/review/run.py [--games elderwood,milehollow] [--workers 2|1|both] [--no-build | --dist DIR]
                                [--no-compare] [--no-write]

The games (made here with the command line's engine, so the same on every run): every seat Easy,
which makes the longest games —

* Elderwood: two seats (its only size), seed = SHA-256 of ``long-review/3``: the draw at 200 moves;
* Hollowmere, Milehollow, Wickerfair: five seats (the largest table, the most decisions), seed =
  SHA-256 of ``long-review/<game>/5``.

Each review runs in a fresh browser profile (no review kept from before), the engine started and
ready first (a review starts from a page whose engine is up). ``--workers 2`` (the default) lets the
page use its second worker as a device with two or more cores does; ``1`` tells the page the device
has one core (``navigator.hardwareConcurrency``), ``both`` measures each.

Then, unless ``--no-compare``: the same review in CPython twice — as the page judges (it must be the
page's results exactly: each judgement is deterministic) and with the full budget on every decision
(``analysis.review(full=True)``: no saving on decisions that cannot matter) — and every mark that
differs is listed. The table replaces the part of docs/performance.md between the review-bench
markers; the raw numbers go to bench/review/last.json.

Times depend on the machine and its load: rerun on a quiet machine for figures to quote. Beside the
wall time, each engine worker's own CPU seconds during the review (Linux counts every thread's; the
workers are threads of the page's process): the busiest worker's is about what the review takes where
each worker has a core to itself, whatever else the machine was doing.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import re
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build_site  # noqa: E402
from py_engine.core import analysis  # noqa: E402
from py_engine.core.table import Seat, Table  # noqa: E402
from py_engine.registry import get_game  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (Debian's Chromium, no network)
from tests.browser.vt_page import csp_safe_waits  # noqa: E402

HERE = Path(__file__).resolve().parent
PERF_DOC = ROOT / "docs" / "performance.md"
GAMES = ("elderwood", "hollowmere", "milehollow", "wickerfair")
SEEDS = {"elderwood": ("long-review/3", 2), "hollowmere": ("long-review/hollowmere/5", 5),
         "milehollow": ("long-review/milehollow/5", 5), "wickerfair": ("long-review/wickerfair/5", 5)}
TARGET_S = 60.0
START, END = "<!-- review-bench: start -->", "<!-- review-bench: end -->"


def bench_record(game: str) -> dict:
    """The bench's game: every seat Easy, played to its end by the engine."""
    text, seats = SEEDS[game]
    seed = hashlib.sha256(text.encode("ascii")).hexdigest()
    t = Table(get_game(game), [Seat(f"Easy {i + 1}", True, "easy") for i in range(seats)], {}, seed, "bench")
    t.play_bots()
    assert t.state.is_terminal(), game
    return t.to_record()


# --- the page ----------------------------------------------------------------------------------------

ONE_CORE_JS = "Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {get: () => 1});"

REVIEW_DONE_JS = """() => {
    const p = document.querySelector('.pg-review');
    if (!p) return null;
    if (p.dataset.state === 'failed') return 'failed: ' + document.querySelector('.rv-progress-label').textContent;
    return p.dataset.state === 'done' ? 'done' : null;
}"""

MOVES_JS = """() => [...document.querySelectorAll('.rv-list li[data-i]')].map((li) => ({
    step: Number(li.dataset.step), seat: Number(li.dataset.seat), played: li.dataset.played, best: li.dataset.best,
    mark: li.dataset.mark || null, forced: li.dataset.forced || null}))"""


# --- the workers' own CPU time ------------------------------------------------------------------------
# Wall time on a shared machine says as much about the others' load as about the review. Each engine
# worker is a thread of this browser's page process ("DedicatedWorker"), and Linux counts each thread's
# CPU time: the busiest worker's seconds are what the review would take on a machine with a core free
# for each worker (the two take decisions as they come, so they finish together).

TICK = os.sysconf("SC_CLK_TCK")


def _descendants(root: int) -> list[int]:
    parents: dict[int, int] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                stat = Path(f"/proc/{name}/stat").read_text()
            except OSError:
                continue
            parents[int(name)] = int(stat.rsplit(")", 1)[1].split()[1])
    out, todo = [], [root]
    while todo:
        p = todo.pop()
        kids = [c for c, pp in parents.items() if pp == p]
        out += kids
        todo += kids
    return out


def _cpu(stat: str) -> float:
    fields = stat.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK        # utime + stime


class WorkerClock:
    """Samples, every quarter second, the CPU seconds of every engine worker thread of this process's
    browsers (a thread that ends keeps its last sample)."""

    def __init__(self) -> None:
        self.seen: dict[tuple[int, int], float] = {}
        self.start: dict[tuple[int, int], float] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _sample(self) -> dict[tuple[int, int], float]:
        """CPU seconds by (process, thread): the engine workers, and (thread 0) each page's main thread."""
        got = {}
        for pid in _descendants(os.getpid()):
            try:
                tids = os.listdir(f"/proc/{pid}/task")
                page = b"--type=renderer" in Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                continue
            for tid in tids:
                try:
                    if page and int(tid) == pid:
                        got[(pid, 0)] = _cpu(Path(f"/proc/{pid}/task/{tid}/stat").read_text())
                    elif Path(f"/proc/{pid}/task/{tid}/comm").read_text().startswith("DedicatedWorker"):
                        got[(pid, int(tid))] = _cpu(Path(f"/proc/{pid}/task/{tid}/stat").read_text())
                except OSError:
                    continue
        return got

    def _run(self) -> None:
        while not self._stop.wait(0.25):
            self.seen.update(self._sample())

    def __enter__(self) -> "WorkerClock":
        self.start = self._sample()
        self.seen.update(self.start)
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        self.seen.update(self._sample())

    def seconds(self) -> list[float]:
        """Each worker's CPU seconds while the clock ran, the busiest first."""
        return sorted((round(v - self.start.get(k, 0.0), 1) for k, v in self.seen.items()
                       if k[1] and v - self.start.get(k, 0.0) > 0.05), reverse=True)

    def page_seconds(self) -> float:
        """The pages' main threads' CPU seconds while the clock ran (the list, the chart, the messages)."""
        return round(sum(v - self.start.get(k, 0.0) for k, v in self.seen.items() if not k[1]), 1)


def in_page(browser, base: str, record: dict, workers: int) -> dict:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    ctx.set_default_timeout(900_000)
    try:
        if workers == 1:
            ctx.add_init_script(ONE_CORE_JS)
        page = ctx.new_page()
        csp_safe_waits(page, poll_ms=100)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base}/index.html", wait_until="load")
        page.wait_for_function("() => window.__vt && window.__vt.engine && window.__vt.engine.state === 'ready'",
                               timeout=300_000)
        link = page.evaluate("(r) => import('./web/lib/recordcodec.js').then((m) => m.encodeRecord(r))", record)
        with WorkerClock() as clock:
            t0 = time.monotonic()
            page.evaluate("(r) => { location.hash = '#/review?r=' + r; }", link)
            state = page.wait_for_function(REVIEW_DONE_JS, timeout=900_000)
            took = time.monotonic() - t0
        if state != "done":
            raise RuntimeError(f"the review did not finish: {state}")
        moves = page.evaluate(MOVES_JS)
        used = int(page.evaluate("() => Number(document.querySelector('.pg-review').dataset.workers || 1)"))
        if errors:
            raise RuntimeError(f"page errors: {errors}")
        return {"seconds": round(took, 1), "moves": moves, "workers": used, "worker_cpu": clock.seconds(),
                "page_cpu": clock.page_seconds()}
    finally:
        ctx.close()


# --- CPython -----------------------------------------------------------------------------------------

def in_cpython(record: dict, full: bool) -> dict:
    t0 = time.process_time()
    moves = [{k: m[k] for k in ("step", "seat", "played", "best", "mark", "forced", "loss")}
             for m in analysis.review(record, get_game, full=full)]
    return {"cpu_seconds": round(time.process_time() - t0, 1), "moves": moves}


def differences(a: list[dict], b: list[dict], keys=("step", "mark")) -> list[dict]:
    out = []
    for x, y in zip(a, b):
        if any(x[k] != y[k] for k in keys):
            out.append({"step": x["step"], "seat": x["seat"], "played": x["played"],
                        **{f"a_{k}": x[k] for k in keys if k != "step"}, **{f"b_{k}": y[k] for k in keys if k != "step"}})
    if len(a) != len(b):
        out.append({"length": [len(a), len(b)]})
    return out


def slim(rows: list[dict]) -> list[dict]:
    """The raw numbers to keep: every run's times and mark counts, the differences found (not every move)."""
    out = []
    for r in rows:
        r = dict(r)
        r["page"] = [{**{k: v for k, v in w.items() if k != "moves"}, "decisions": len(w["moves"]),
                      "marks": marks_count(w["moves"])} for w in r["page"]]
        out.append(r)
    return out


def marks_count(moves: list[dict]) -> str:
    c = {k: sum(1 for m in moves if m["mark"] == k) for k in ("inaccuracy", "mistake", "blunder")}
    forced = sum(1 for m in moves if m.get("forced"))
    return f"{c['inaccuracy']} / {c['mistake']} / {c['blunder']}" + (f" ({forced} proved)" if forced else "")


# --- the report --------------------------------------------------------------------------------------

def table(rows: list[dict]) -> str:
    lines = ["| game | seats | actions | decisions | workers | whole review in the page (wall) "
             "| CPU of each worker (the busiest first) | CPU of the page | marks (inaccuracy / mistake / blunder) "
             "| marks vs the full budget |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        for w in r["page"]:
            cmp = r.get("compare")
            if cmp is None:
                versus = "not compared"
            elif not cmp["full_vs_page"]:
                versus = "the same"
            else:
                versus = f"{len(cmp['full_vs_page'])} differ: " + ", ".join(
                    f"move {d['step'] + 1} {d.get('a_mark') or 'none'} → {d.get('b_mark') or 'none'}"
                    for d in cmp["full_vs_page"][:6] if "step" in d)
            ok = "" if w["seconds"] <= TARGET_S else " (over 60 s)"
            cpu = " + ".join(f"{x:.1f} s" for x in w.get("worker_cpu", [])) or "?"
            lines.append(f"| {r['game'].capitalize()} | {r['seats']} | {r['actions']} | {len(w['moves'])} | {w['workers']} "
                         f"| {w['seconds']:.1f} s{ok} | {cpu} | {w.get('page_cpu', '?')} s | {marks_count(w['moves'])} "
                         f"| {versus} |")
    return "\n".join(lines)


def write_doc(rows: list[dict], load: str) -> None:
    text = PERF_DOC.read_text()
    if START not in text or END not in text:
        raise SystemExit(f"{PERF_DOC} lacks the {START} / {END} markers")
    when = time.strftime("%Y-%m-%d")
    body = (f"{START}\n`python3 bench/review/run.py` ({when}; Chromium headless, the built site, {platform.machine()}, "
            f"{os.cpu_count()} cores; load average at the start {load}):\n\n{table(rows)}\n{END}")
    text = re.sub(re.escape(START) + ".*?" + re.escape(END), lambda _: body, text, flags=re.S)
    PERF_DOC.write_text(text)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--workers", choices=("1", "2", "both"), default="2")
    ap.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    ap.add_argument("--dist", type=Path, help="a site already built elsewhere")
    ap.add_argument("--no-compare", action="store_true", help="skip the CPython reviews")
    ap.add_argument("--no-write", action="store_true", help="leave docs/performance.md alone")
    args = ap.parse_args(argv)
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    for g in games:
        if g not in GAMES:
            ap.error(f"unknown game {g}")
    workers = {"1": [1], "2": [2], "both": [2, 1]}[args.workers]
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())

    if args.dist:
        dist = args.dist
    elif args.no_build:
        dist = build_site.DIST
    else:
        dist = Path(tempfile.mkdtemp(prefix="vt-review-bench-")) / "dist"
        print("building the site…", flush=True)
        build_site.build(dist, quiet=True)
    server = build_site.make_server(dist, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"

    from playwright.sync_api import sync_playwright
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            for game in games:
                record = bench_record(game)
                row = {"game": game, "seats": len(record["seats"]), "actions": len(record["actions"]), "page": []}
                for w in workers:
                    print(f"{game}: reviewing {len(record['actions'])} actions in the page ({w} worker(s) allowed)…",
                          flush=True)
                    got = in_page(browser, base, record, w)
                    print(f"  {got['seconds']:.1f} s, {len(got['moves'])} decisions, {got['workers']} worker(s), "
                          f"workers' CPU {got['worker_cpu']} s, the page's {got['page_cpu']} s", flush=True)
                    row["page"].append(got)
                if not args.no_compare:
                    print(f"{game}: the same review in CPython, as the page judges and with the full budget…", flush=True)
                    thrifty = in_cpython(record, full=False)
                    full = in_cpython(record, full=True)
                    page_moves = row["page"][0]["moves"]
                    keys = ("step", "played", "best", "mark", "forced")
                    row["compare"] = {
                        "page_vs_cpython": differences(page_moves, thrifty["moves"], keys),
                        "full_vs_page": differences(full["moves"], page_moves, ("step", "mark")),
                        "cpu_seconds": thrifty["cpu_seconds"], "cpu_seconds_full": full["cpu_seconds"],
                    }
                    c = row["compare"]
                    print(f"  page = CPython: {'yes' if not c['page_vs_cpython'] else c['page_vs_cpython'][:5]}; "
                          f"marks vs the full budget: {len(c['full_vs_page'])} differ; CPU {c['cpu_seconds']} s "
                          f"(full budget {c['cpu_seconds_full']} s)", flush=True)
                rows.append(row)
        finally:
            browser.close()
            server.shutdown()
    (HERE / "last.json").write_text(json.dumps({"load": load, "rows": slim(rows)}, indent=1) + "\n")
    print(table(rows))
    if not args.no_write and set(games) == set(GAMES):
        write_doc(rows, load)
        print(f"written to {PERF_DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
