"""A real Nostr relay on this machine for the live-table tests, and a hostile double in front of it.

``LocalRelay``: PyPI's ``nostr-relay`` (a pure-Python relay, the test extra of pyproject) run as
a subprocess on 127.0.0.1 at a free port, its database in a temporary folder; ``stop()`` kills
it, ``start()`` brings it back on the same port (the pages' relay setting stays right).

``HostileRelay``: a WebSocket proxy (the ``websockets`` package, a dependency of nostr-relay) in
front of a relay that, towards the pages, drops, duplicates, delays and so reorders, replays old
events, injects garbage and events signed with another key (and events with our topic but a
broken signature). What it did is counted in ``stats``.
"""
from __future__ import annotations

import asyncio
import hashlib
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

CONFIG = """DEBUG: false
relay_name: test relay
storage:
  sqlalchemy.url: sqlite+aiosqlite:///{db}
  num_concurrent_reqs: 10
  num_concurrent_adds: 2
  validators:
    - nostr_relay.validators.is_signed
verification:
  nip05_verification: disabled
gunicorn:
  bind: 127.0.0.1:{port}
  workers: 1
  loglevel: warning
  reload: false
authentication:
  enabled: false
message_timeout: 1800
subscription_limit: 32
max_limit: 6000
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_port(port: int, up: bool, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.3):
                if up:
                    return
        except OSError:
            if not up:
                return
        time.sleep(0.1)
    raise RuntimeError(f"relay on port {port} did not come {'up' if up else 'down'}")


class LocalRelay:
    def __init__(self, folder: Path):
        self.folder = folder
        self.port = free_port()
        self.proc = None
        (folder / "relay.yaml").write_text(CONFIG.format(db=folder / "relay.sqlite3", port=self.port))

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        if self.proc is not None:
            return
        exe = Path(sys.executable).with_name("nostr-relay")
        cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "nostr_relay.cli"]
        self.log = open(self.folder / "relay.log", "ab")
        self.proc = subprocess.Popen(cmd + ["-c", str(self.folder / "relay.yaml"), "serve", "--use-uvicorn"],
                                     stdout=self.log, stderr=subprocess.STDOUT, cwd=self.folder,
                                     env={**os.environ, "PYTHONWARNINGS": "ignore"})
        _wait_port(self.port, True)

    def stop(self) -> None:
        if self.proc is None:
            return
        self.proc.kill()
        self.proc.wait(10)
        self.proc = None
        self.log.close()
        _wait_port(self.port, False)


def _sign_other(content: str, topic: str) -> dict:
    """An event of our kind and topic, correctly signed, but by a key no invitation gives."""
    import coincurve
    sk = coincurve.PrivateKey()
    pub = sk.public_key_xonly.format().hex()
    ev = {"pubkey": pub, "created_at": int(time.time()), "kind": 25050, "tags": [["t", topic]], "content": content}
    ev["id"] = hashlib.sha256(json.dumps([0, pub, ev["created_at"], ev["kind"], ev["tags"], ev["content"]],
                                         separators=(",", ":"), ensure_ascii=False).encode()).hexdigest()
    ev["sig"] = sk.sign_schnorr(bytes.fromhex(ev["id"])).hex()
    return ev


class HostileRelay:
    """A proxy to ``upstream`` (a ws:// URL) that mistreats what it passes to the pages."""

    def __init__(self, upstream: str, seed: int = 7, drop=0.15, dup=0.15, delay=0.25, replay=0.1, garbage=0.1, other=0.1):
        self.upstream = upstream
        self.rng = random.Random(seed)
        self.p = dict(drop=drop, dup=dup, delay=delay, replay=replay, garbage=garbage, other=other)
        self.port = free_port()
        self.stats = {k: 0 for k in ("passed", "drop", "dup", "delay", "replay", "garbage", "other", "forged")}
        self.old: list[str] = []
        self.loop = None
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, name="hostile-relay", daemon=True)
        self.thread.start()
        self.ready.wait(10)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def _run(self) -> None:
        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._serve())

    async def _serve(self) -> None:
        import websockets
        self.stopped = asyncio.Event()
        async with websockets.serve(self._client, "127.0.0.1", self.port, max_size=2 ** 21):
            self.ready.set()
            await self.stopped.wait()

    async def _client(self, ws) -> None:
        import websockets
        try:
            async with websockets.connect(self.upstream, max_size=2 ** 21) as up:
                async def to_up():
                    async for m in ws:
                        # The page's own messages pass, now and then twice.
                        await up.send(m)
                        if self.rng.random() < self.p["dup"] / 2:
                            await up.send(m)

                async def to_page():
                    async for m in up:
                        await self._mistreat(ws, m)
                await asyncio.gather(to_up(), to_page())
        except Exception:
            pass

    async def _later(self, ws, m, seconds) -> None:
        await asyncio.sleep(seconds)
        try:
            await ws.send(m)
        except Exception:
            pass

    async def _mistreat(self, ws, m: str) -> None:
        r = self.rng.random
        try:
            msg = json.loads(m)
        except ValueError:
            msg = None
        is_event = isinstance(msg, list) and len(msg) == 3 and msg[0] == "EVENT"
        if not is_event:
            await ws.send(m)
            return
        self.old.append(m)
        ev = msg[2]
        topic = ev["tags"][0][1] if ev.get("tags") else ""
        if r() < self.p["garbage"]:
            self.stats["garbage"] += 1
            await ws.send(self.rng.choice(["not json", "[\"EVENT\"]", json.dumps(["EVENT", msg[1], {"kind": 25050}]),
                                           json.dumps(["EVENT", msg[1], dict(ev, content="A" * len(ev["content"]))]),
                                           "[" * 5000]))
        if r() < self.p["other"]:
            self.stats["other"] += 1
            await ws.send(json.dumps(["EVENT", msg[1], _sign_other(ev["content"], topic)]))
            # the real content under a real key, but one byte changed: its signature no longer holds
            flipped = ev["content"][:-2] + ("A" if ev["content"][-2] != "A" else "B") + ev["content"][-1]
            self.stats["forged"] += 1
            await ws.send(json.dumps(["EVENT", msg[1], dict(ev, content=flipped)]))
        if r() < self.p["replay"] and len(self.old) > 5:
            self.stats["replay"] += 1
            for old in self.rng.sample(self.old[:-1], min(3, len(self.old) - 1)):
                await ws.send(old)
        if r() < self.p["drop"]:
            self.stats["drop"] += 1
            return
        if r() < self.p["delay"]:
            self.stats["delay"] += 1
            asyncio.ensure_future(self._later(ws, m, r() * 1.5))
        else:
            self.stats["passed"] += 1
            await ws.send(m)
        if r() < self.p["dup"]:
            self.stats["dup"] += 1
            asyncio.ensure_future(self._later(ws, m, r() * 0.5))

    def close(self) -> None:
        if self.loop:
            self.loop.call_soon_threadsafe(self.stopped.set)
            self.thread.join(5)
