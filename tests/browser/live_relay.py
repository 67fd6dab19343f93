"""A real Nostr relay on this machine for the live-table tests, and a hostile double in front of it.

``LocalRelay``: PyPI's ``nostr-relay`` (a pure-Python relay, the test extra of pyproject) run as
a subprocess on 127.0.0.1 at a free port, its database in a temporary folder; ``stop()`` kills
it, ``start()`` brings it back on the same port (the pages' relay setting stays right). It runs at
a lower priority than the browsers: a public relay is another machine, and what a flood makes it
do (check each signature, store each event) is not work of the devices at the table.

``HostileRelay``: a WebSocket proxy (the ``websockets`` package, a dependency of nostr-relay) in
front of a relay that, towards the pages, drops, duplicates, delays and so reorders, replays old
events, injects garbage and events signed with another key (and events with our topic but a
broken signature). What it did is counted in ``stats``.

``StrictRelay``: a proxy that holds the pages to the rules of strict public relays (strfry's
defaults and NIP-42): a challenge on connect and nothing taken or served before a valid answer,
ephemeral events refused once more than a minute old, a connection that publishes too fast told
to slow down, a NOTICE now and then, one subscription closed mid-game; or (``refuse=…``) a relay
that refuses every event with those words. What it did is counted in ``stats``.

``GateRelay``: a proxy that passes everything, except that while ``up`` is False the events a page
publishes go nowhere (the page is told nothing), and while ``down`` is False the events the relay
passes on never reach the page: one device whose messages, or whose answers, do not get through.

``DaysRelay``: a proxy for tables over days, with a clock of its own that a test sets (the simulated
time; the pages' clocks are set to the same with Playwright's ``clock``). Towards the pages it
serves no stored event whose NIP-40 expiration is past that time, and, in strict mode
(``forget_after`` seconds), none that it took longer ago than that: it forgets it for good, as a
relay that keeps nothing longer than a day. ``inject(event)`` hands an event to every subscription
of every page, whatever its filters (a relay that sends what it likes). ``swallow(n)``: the next
``n`` stored events a page publishes are answered OK and never kept (a relay that lost them). ``cut()`` makes it
unreachable (every page's connection closed, new ones closed at once) until ``mend()``: a device
with no network. Counted in ``stats``.
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
                                     preexec_fn=lambda: os.nice(10),
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


def event_id(ev: dict) -> str:
    """NIP-01: the SHA-256 of the event's canonical serialisation."""
    return hashlib.sha256(json.dumps([0, ev["pubkey"], ev["created_at"], ev["kind"], ev["tags"], ev["content"]],
                                     separators=(",", ":"), ensure_ascii=False).encode()).hexdigest()


def signed(sk, kind: int, tags: list, content: str, created_at: int | None = None) -> dict:
    """An event signed with ``sk`` (a coincurve PrivateKey)."""
    ev = {"pubkey": sk.public_key_xonly.format().hex(), "created_at": int(time.time()) if created_at is None else created_at,
          "kind": kind, "tags": tags, "content": content}
    ev["id"] = event_id(ev)
    ev["sig"] = sk.sign_schnorr(bytes.fromhex(ev["id"])).hex()
    return ev


def well_signed(ev) -> bool:
    """The event's id is its content's and its Schnorr signature holds for its key (NIP-01)."""
    import coincurve
    try:
        if event_id(ev) != ev["id"]:
            return False
        return coincurve.PublicKeyXOnly(bytes.fromhex(ev["pubkey"])).verify(bytes.fromhex(ev["sig"]), bytes.fromhex(ev["id"]))
    except (KeyError, TypeError, ValueError):
        return False


def _sign_other(content: str, topic: str) -> dict:
    """An event of our kind and topic, correctly signed, but by a key no invitation gives."""
    import coincurve
    return signed(coincurve.PrivateKey(), 25050, [["t", topic]], content)


class _Proxy:
    """A WebSocket server on 127.0.0.1 (its own thread and event loop) in front of ``upstream``;
    ``_client(ws)`` serves one page's connection."""

    def __init__(self, upstream: str, name: str):
        self.upstream = upstream
        self.port = free_port()
        self.loop = None
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)
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
        raise NotImplementedError

    async def _pipe(self, ws, from_page, from_up) -> None:
        """One page's connection through to ``upstream``: ``await from_page(up, m)`` for each frame the
        page sends, ``await from_up(ws, m)`` for each the relay sends, until either side closes (then
        the other is closed too, so a page that went away holds nothing open)."""
        import websockets
        try:
            async with websockets.connect(self.upstream, max_size=2 ** 21) as up:
                async def to_up():
                    async for m in ws:
                        await from_page(up, m)

                async def to_page():
                    async for m in up:
                        await from_up(ws, m)
                tasks = [asyncio.ensure_future(to_up()), asyncio.ensure_future(to_page())]
                await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
                for t in tasks:
                    t.cancel()
        except Exception:
            pass

    def close(self) -> None:
        if self.loop:
            self.loop.call_soon_threadsafe(self.stopped.set)
            self.thread.join(5)

    def __enter__(self):
        return self

    def __exit__(self, *_) -> None:
        self.close()


class HostileRelay(_Proxy):
    """A proxy to ``upstream`` (a ws:// URL) that mistreats what it passes to the pages."""

    def __init__(self, upstream: str, seed: int = 7, drop=0.15, dup=0.15, delay=0.25, replay=0.1, garbage=0.1, other=0.1):
        self.rng = random.Random(seed)
        self.p = dict(drop=drop, dup=dup, delay=delay, replay=replay, garbage=garbage, other=other)
        self.stats = {k: 0 for k in ("passed", "drop", "dup", "delay", "replay", "garbage", "other", "forged")}
        self.old: list[str] = []
        super().__init__(upstream, "hostile-relay")

    async def _client(self, ws) -> None:
        await self._pipe(ws, self._from_page, self._mistreat)

    async def _from_page(self, up, m: str) -> None:
        # The page's own messages pass, now and then twice.
        await up.send(m)
        if self.rng.random() < self.p["dup"] / 2:
            await up.send(m)

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



class GateRelay(_Proxy):
    """A proxy to ``upstream`` that holds back the events of one direction while told to."""

    def __init__(self, upstream: str):
        self.up = True
        self.down = True
        self.stats = {"held_up": 0, "held_down": 0}
        super().__init__(upstream, "gate-relay")

    async def _client(self, ws) -> None:
        async def from_page(up, m):
            if not self.up and m.startswith('["EVENT"'):
                self.stats["held_up"] += 1
            else:
                await up.send(m)

        async def from_up(page, m):
            if not self.down and m.startswith('["EVENT"'):
                self.stats["held_down"] += 1
            else:
                await page.send(m)
        await self._pipe(ws, from_page, from_up)


def _same_relay(a, b: str) -> bool:
    return isinstance(a, str) and a.rstrip("/").lower() == b.rstrip("/").lower()


class StrictRelay(_Proxy):
    """A proxy to ``upstream`` that holds the pages to a strict public relay's rules:

    - ``challenge_after`` seconds after a page connects it sends ``["AUTH", challenge]`` (with
      ``None``, right after it first refuses an event for want of it, as relays that ask only when
      needed do); until a valid answer arrives (kind 22242, tagged
      ``relay`` with this relay's address and ``challenge`` with the one sent, created within ten
      minutes, its Schnorr signature holding) an EVENT gets ``OK false "auth-required: …"`` and a REQ
      ``CLOSED "auth-required: …"``;
    - an event created more than ``max_age`` seconds ago (or over 15 minutes ahead) gets
      ``OK false "invalid: …"``;
    - a connection that publishes more than a burst of ``burst`` then ``rate`` events a second gets
      ``OK false "rate-limited: …"`` for the excess;
    - every ``notice_every`` seconds a ``NOTICE``;
    - once per connection, after ``close_after`` events passed on a subscription, that subscription
      is closed (``CLOSED "error: …"``; upstream too) until the page asks again.

    With ``refuse`` (words with a NIP-01 prefix) it is instead a relay that serves subscriptions and
    refuses every event with those words. Anything else goes to the upstream relay, whose own
    answers (OK true) come back. What it did is counted in ``stats``.
    """

    def __init__(self, upstream: str, *, challenge_after=1.0, max_age=60, rate=5.0, burst=4, notice_every=5.0,
                 close_after=15, refuse: str | None = None):
        self.challenge_after, self.max_age, self.rate, self.burst = challenge_after, max_age, rate, burst
        self.notice_every = None if refuse else notice_every
        self.close_after = None if refuse else close_after
        self.refuse = refuse
        self.stats = {k: 0 for k in ("connections", "challenges", "auth_ok", "auth_bad", "event_before_auth",
                                     "req_before_auth", "stale", "rate_limited", "notices", "closed", "refused",
                                     "passed", "delivered")}
        super().__init__(upstream, "strict-relay")

    async def _client(self, ws) -> None:
        import secrets

        import websockets
        self.stats["connections"] += 1
        conn = {"authed": bool(self.refuse), "challenge": secrets.token_hex(16), "challenged": False, "tokens": float(self.burst),
                "at": time.monotonic(), "delivered": 0, "closed_once": False, "closed": set()}
        try:
            async with websockets.connect(self.upstream, max_size=2 ** 21) as up:
                async def challenge():
                    await asyncio.sleep(self.challenge_after)
                    await self._challenge(ws, conn)

                if not self.refuse and self.challenge_after is not None:
                    asyncio.ensure_future(challenge())

                async def from_page():
                    async for m in ws:
                        await self._from_page(ws, up, conn, m)

                async def to_page():
                    async for m in up:
                        await self._to_page(ws, up, conn, m)

                async def notices():
                    n = 0
                    while self.notice_every:
                        await asyncio.sleep(self.notice_every)
                        n += 1
                        await ws.send(json.dumps(["NOTICE", f"this relay keeps nothing; notice {n}"]))
                        self.stats["notices"] += 1
                    await asyncio.Event().wait()

                tasks = [asyncio.ensure_future(c()) for c in (from_page, to_page, notices)]
                await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
                for t in tasks:
                    t.cancel()
        except Exception:
            pass

    async def _challenge(self, ws, conn) -> None:
        if not conn["challenged"]:
            conn["challenged"] = True
            await ws.send(json.dumps(["AUTH", conn["challenge"]]))
            self.stats["challenges"] += 1

    def _auth_holds(self, ev, conn) -> bool:
        if not isinstance(ev, dict) or ev.get("kind") != 22242 or not isinstance(ev.get("tags"), list):
            return False
        tags = {t[0]: t[1] for t in ev["tags"] if isinstance(t, list) and len(t) >= 2 and isinstance(t[0], str)}
        created = ev.get("created_at")
        return (tags.get("challenge") == conn["challenge"] and _same_relay(tags.get("relay"), self.url)
                and isinstance(created, int) and abs(time.time() - created) < 600 and well_signed(ev))

    def _refusal(self, ev: dict, conn) -> str | None:
        if self.refuse:
            self.stats["refused"] += 1
            return self.refuse
        if not conn["authed"]:
            self.stats["event_before_auth"] += 1
            return "auth-required: this relay takes events only from who said who they are"
        created = ev.get("created_at")
        age = time.time() - created if isinstance(created, (int, float)) else float("inf")
        if age > self.max_age:
            self.stats["stale"] += 1
            return f"invalid: ephemeral event expired (created {age:.0f} s ago, the most is {self.max_age} s)"
        if age < -900:
            self.stats["stale"] += 1
            return "invalid: created_at too late (more than 15 minutes ahead)"
        now = time.monotonic()
        conn["tokens"] = min(self.burst, conn["tokens"] + (now - conn["at"]) * self.rate)
        conn["at"] = now
        if conn["tokens"] < 1:
            self.stats["rate_limited"] += 1
            return f"rate-limited: slow down, at most {self.rate:g} events a second"
        conn["tokens"] -= 1
        return None

    async def _from_page(self, ws, up, conn, m: str) -> None:
        try:
            msg = json.loads(m)
        except ValueError:
            msg = None
        kind = msg[0] if isinstance(msg, list) and msg else None
        if kind == "AUTH" and len(msg) == 2:
            ev = msg[1]
            ok = self._auth_holds(ev, conn)
            conn["authed"] = conn["authed"] or ok
            self.stats["auth_ok" if ok else "auth_bad"] += 1
            eid = ev.get("id", "") if isinstance(ev, dict) else ""
            await ws.send(json.dumps(["OK", eid, ok, "" if ok else "invalid: that answer to the challenge does not hold"]))
            return
        if kind == "EVENT" and len(msg) == 2 and isinstance(msg[1], dict):
            refusal = self._refusal(msg[1], conn)
            if refusal:
                await ws.send(json.dumps(["OK", str(msg[1].get("id", "")), False, refusal]))
                if refusal.startswith("auth-required:"):
                    await self._challenge(ws, conn)
                return
            self.stats["passed"] += 1
        elif kind == "REQ" and len(msg) >= 2:
            if not conn["authed"]:
                self.stats["req_before_auth"] += 1
                await ws.send(json.dumps(["CLOSED", msg[1], "auth-required: this relay serves only who said who they are"]))
                return
            conn["closed"].discard(msg[1])
        await up.send(m)

    async def _to_page(self, ws, up, conn, m: str) -> None:
        try:
            msg = json.loads(m)
        except ValueError:
            msg = None
        if isinstance(msg, list) and len(msg) == 3 and msg[0] == "EVENT":
            sub = msg[1]
            if sub in conn["closed"]:
                return  # sent upstream before our CLOSE reached it
            await ws.send(m)
            self.stats["delivered"] += 1
            conn["delivered"] += 1
            if self.close_after and not conn["closed_once"] and conn["delivered"] >= self.close_after:
                conn["closed_once"] = True
                conn["closed"].add(sub)
                self.stats["closed"] += 1
                await up.send(json.dumps(["CLOSE", sub]))
                await ws.send(json.dumps(["CLOSED", sub, "error: shutting down idle subscriptions"]))
            return
        await ws.send(m)


STORED_KIND = 4050


class DaysRelay(_Proxy):
    """A proxy to ``upstream`` with a settable clock, NIP-40 expirations by that clock, and (strict,
    ``forget_after`` seconds) stored events forgotten that long after it took them."""

    def __init__(self, upstream: str, forget_after: float | None = None):
        self.offset = 0.0  # the simulated time less this machine's
        self.forget_after = forget_after
        self.taken: dict[str, float] = {}  # event id -> simulated time this relay took it
        self.forgotten: set[str] = set()
        self.subs: dict = {}  # page connection -> its open subscription ids
        self.reachable = True
        self.swallowing = 0
        self.stats = {k: 0 for k in ("published", "served", "expired", "forgotten", "injected", "refused", "swallowed")}
        super().__init__(upstream, "days-relay")

    def now(self) -> float:
        return time.time() + self.offset

    def set_time(self, t: float) -> None:
        """The simulated time (unix seconds) is ``t`` from now on, and flows on."""
        self.offset = t - time.time()

    def _kept(self, ev) -> bool:
        """May a page still be served this stored event?"""
        eid = ev.get("id")
        if eid in self.forgotten:
            self.stats["forgotten"] += 1
            return False
        now = self.now()
        expiration = next((t[1] for t in ev.get("tags", []) if isinstance(t, list) and len(t) >= 2 and t[0] == "expiration"),
                          None)
        if expiration is not None and str(expiration).isdigit() and int(expiration) < now:
            self.stats["expired"] += 1
            return False
        taken = self.taken.get(eid, ev.get("created_at", now))
        if self.forget_after is not None and now - taken > self.forget_after:
            self.forgotten.add(eid)
            self.stats["forgotten"] += 1
            return False
        return True

    async def _client(self, ws) -> None:
        if not self.reachable:
            self.stats["refused"] += 1
            await ws.close()
            return
        subs = self.subs.setdefault(ws, set())

        async def from_page(up, m):
            try:
                msg = json.loads(m)
            except ValueError:
                msg = None
            if isinstance(msg, list) and len(msg) >= 2:
                if msg[0] == "EVENT" and isinstance(msg[1], dict) and msg[1].get("kind") == STORED_KIND:
                    self.stats["published"] += 1
                    if self.swallowing > 0:
                        self.swallowing -= 1
                        self.stats["swallowed"] += 1
                        await ws.send(json.dumps(["OK", msg[1].get("id"), True, ""]))
                        return
                    self.taken.setdefault(msg[1].get("id"), self.now())
                elif msg[0] == "REQ":
                    subs.add(msg[1])
                elif msg[0] == "CLOSE":
                    subs.discard(msg[1])
            await up.send(m)

        async def from_up(page, m):
            if m.startswith('["EVENT"'):
                try:
                    ev = json.loads(m)[2]
                except (ValueError, IndexError):
                    ev = None
                if isinstance(ev, dict) and ev.get("kind") == STORED_KIND:
                    if not self._kept(ev):
                        return
                    self.stats["served"] += 1
            await page.send(m)
        try:
            await self._pipe(ws, from_page, from_up)
        finally:
            self.subs.pop(ws, None)

    async def _inject(self, ev) -> int:
        n = 0
        for ws, subs in list(self.subs.items()):
            for sub in list(subs):
                try:
                    await ws.send(json.dumps(["EVENT", sub, ev]))
                    n += 1
                except Exception:
                    pass
        self.stats["injected"] += n
        return n

    async def _close_all(self) -> None:
        for ws in list(self.subs):
            try:
                await ws.close()
            except Exception:
                pass

    def swallow(self, n: int = 1) -> None:
        """The next ``n`` stored events pages publish are lost (answered OK, never kept)."""
        self.swallowing = n

    def cut(self) -> None:
        """No page reaches this relay until ``mend()``."""
        self.reachable = False
        asyncio.run_coroutine_threadsafe(self._close_all(), self.loop).result(10)

    def mend(self) -> None:
        self.reachable = True

    def inject(self, ev: dict) -> int:
        """Send ``ev`` to every open subscription of every page; how many got it."""
        return asyncio.run_coroutine_threadsafe(self._inject(ev), self.loop).result(10)
