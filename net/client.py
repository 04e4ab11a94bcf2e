"""The client's connection to a game server, on a thread of its own (asyncio + websockets).

The table's loop never waits on the network: :meth:`Connection.send` hands a message to the thread, and
every message read (and every change of the connection: ``{"t": "_link", "status": ...}``) lands in
``inbox``, a thread-safe queue the table reads each frame. Once the player has a seat the connection knows
how to take it back (:meth:`Connection.seated`): if the link drops it reconnects by itself, with growing
pauses, and asks for the seat again with the token and the last view it saw, until ``give_up`` seconds
have passed.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import queue
import threading
import time
from collections.abc import Mapping
from typing import Any

import websockets
from websockets.asyncio.client import connect

from net.protocol import FRAME_LIMIT, KEEP_SECONDS, PROTOCOL, encode

RETRY = (0.25, 0.5, 1.0, 2.0, 3.0)  # pauses between tries to reconnect, the last one repeated


def url_of(address: str, default_port: int) -> str:
    """``host``, ``host:port`` or a ws:// URL as the URL to connect to (an IPv6 address in brackets)."""
    address = address.strip()
    if address.startswith(("ws://", "wss://")):
        return address
    host, port = address, default_port
    if address.startswith("["):
        end = address.find("]")
        host = address[1:end]
        rest = address[end + 1:]
        if rest.startswith(":") and rest[1:].isdigit():
            port = int(rest[1:])
        return f"ws://[{host}]:{port}"
    if address.count(":") == 1:
        host, _, p = address.partition(":")
        if p.isdigit():
            port = int(p)
    return f"ws://{host}:{port}"


class Connection:
    """One link to a server (see the module's doc). ``give_up``: seconds of trying to come back after a drop."""

    def __init__(self, url: str, *, give_up: float = KEEP_SECONDS, open_timeout: float = 5.0) -> None:
        self.url = url
        self.give_up = give_up
        self.open_timeout = open_timeout
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.status = "connecting"  # connecting | open | lost | closed
        self.last_seq: int | None = None  # the newest view read (a reconnect asks for what came after it)
        self._resume: dict[str, Any] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._out: asyncio.Queue[str | None] | None = None
        self._closing = False
        self._ids = itertools.count(1)
        self._ws: Any = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._main, name="net-client", daemon=True)

    # ------------------------------------------------------------------ the table's side
    def start(self) -> Connection:
        self._thread.start()
        self._ready.wait(5.0)
        return self

    def send(self, message: Mapping[str, Any]) -> int:
        """Send a message (an ``id`` is added and returned, for matching the answer's ``re``)."""
        ref = next(self._ids)
        text = encode({**message, "id": ref})
        if not self._closing:
            self._call(self._out_put, text)
        return ref

    def _out_put(self, text: str | None) -> None:
        if self._out is not None:
            self._out.put_nowait(text)

    def _call(self, fn: Any, *args: Any) -> None:
        """Run ``fn(*args)`` on the connection's thread; nothing once that thread has ended."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:  # the loop closed in between: the link is over anyway
            pass

    def seated(self, room: str, token: str) -> None:
        """The seat this connection holds: after a drop it is asked for again with this token."""
        self._resume = {"t": "resume", "v": PROTOCOL, "room": room, "token": token}

    def close(self) -> None:
        """Leave: the link is closed and not opened again."""
        self._closing = True
        self._call(self._out_put, None)

    def join(self, timeout: float = 5.0) -> None:
        self._thread.join(timeout)

    def drop_now(self) -> None:
        """Cut the link as a broken network would (tests and the load test): it then comes back by itself."""
        ws = self._ws
        if ws is not None:
            self._call(lambda: ws.transport.abort())

    # ------------------------------------------------------------------ the thread
    def _main(self) -> None:
        asyncio.run(self._run())

    def _tell(self, status: str, why: str = "") -> None:
        self.status = status
        self.inbox.put({"t": "_link", "status": status, "why": why})

    async def _run(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._out = asyncio.Queue()
        self._ready.set()
        lost_at: float | None = None
        tries = 0
        while not self._closing:
            try:
                async with connect(self.url, max_size=FRAME_LIMIT, open_timeout=self.open_timeout,
                                   ping_interval=5.0, ping_timeout=15.0, compression=None) as ws:
                    self._ws = ws
                    tries = 0
                    lost_at = None
                    if self._resume is not None:
                        again = dict(self._resume)
                        if self.last_seq is not None:
                            again["seq"] = self.last_seq
                        await ws.send(encode(again))
                    self._tell("open")
                    await self._pump(ws)
            except (TimeoutError, OSError, websockets.InvalidHandshake, websockets.InvalidURI, websockets.ConnectionClosed) as exc:
                why = str(exc) or type(exc).__name__
            else:
                why = "closed"
            self._ws = None
            if self._closing:
                break
            if self._resume is None:  # nothing to come back to: the lobby decides what next
                self._tell("closed", why)
                return
            now = time.monotonic()
            lost_at = lost_at or now
            if now - lost_at > self.give_up:
                self._tell("closed", why)
                return
            self._tell("lost", why)
            await asyncio.sleep(RETRY[min(tries, len(RETRY) - 1)])
            tries += 1
        self._tell("closed", "left")

    async def _pump(self, ws: Any) -> None:
        """Read into the inbox and write from the queue until the link closes (or we leave)."""
        assert self._out is not None
        out = self._out

        async def writer() -> None:
            while True:
                text = await out.get()
                if text is None:
                    await ws.close()
                    return
                await ws.send(text)

        sending = asyncio.create_task(writer())
        try:
            async for raw in ws:
                try:
                    message = json.loads(raw)
                except ValueError:
                    continue
                if not isinstance(message, dict):
                    continue
                if message.get("t") == "view" and isinstance(message.get("seq"), int):
                    self.last_seq = message["seq"]
                self.inbox.put(message)
        finally:
            sending.cancel()


def wait_for(conn: Connection, kinds: tuple[str, ...], timeout: float = 10.0,
             ref: int | None = None) -> dict[str, Any]:
    """The next message of one of ``kinds`` (or an error answering ``ref``) from ``conn``'s inbox, waiting up
    to ``timeout`` seconds; messages of other kinds read meanwhile are put back, in order, after it. A tool for
    scripts and tests: the table never waits (it reads the inbox each frame)."""
    deadline = time.monotonic() + timeout
    other: list[dict[str, Any]] = []
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {'/'.join(kinds)} from the server in {timeout} s")
            try:
                m = conn.inbox.get(timeout=left)
            except queue.Empty:
                continue
            if m.get("t") in kinds or (m.get("t") == "error" and ref is not None and m.get("re") == ref):
                return m
            other.append(m)
    finally:
        rest = other + _drain(conn.inbox)
        for m in rest:
            conn.inbox.put(m)


def _drain(q: queue.Queue[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    while True:
        try:
            out.append(q.get_nowait())
        except queue.Empty:
            return out
