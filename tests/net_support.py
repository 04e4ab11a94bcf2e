"""Shared by the network tests: a game server on a thread of its own, on loopback only, and players seated
at it through the client's own connection (net/client.py). Every wait is bounded in time."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from net.client import Connection, wait_for
from net.protocol import PROTOCOL
from net.server import Limits, Server

LOOPBACK = "127.0.0.1"


class ServerThread:
    """``with ServerThread() as srv:`` a server on 127.0.0.1 at ``srv.port`` until the block ends."""

    def __init__(self, limits: Limits | None = None, saves: Any = None, seed: int | None = 1) -> None:
        self.server = Server(limits or Limits(), saves=saves, seed=seed)
        self.port = 0
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._main, name="test-server", daemon=True)

    def _main(self) -> None:
        async def go() -> None:
            self._loop = asyncio.get_running_loop()
            self._stop = asyncio.Event()

            def ready(port: int) -> None:
                self.port = port
                self._ready.set()

            await self.server.run(LOOPBACK, 0, ready=ready, stop=self._stop)

        asyncio.run(go())

    @property
    def address(self) -> str:
        return f"{LOOPBACK}:{self.port}"

    @property
    def url(self) -> str:
        return f"ws://{LOOPBACK}:{self.port}"

    def call(self, fn, *args) -> Any:
        """Run ``fn(*args)`` on the server's loop (its rooms are touched by that thread only) and return it."""
        assert self._loop is not None
        done = threading.Event()
        box: list[Any] = []

        def run() -> None:
            try:
                box.append(fn(*args))
            finally:
                done.set()

        self._loop.call_soon_threadsafe(run)
        assert done.wait(10), "the server's loop did not answer"
        return box[0] if box else None

    def __enter__(self) -> ServerThread:
        self._thread.start()
        assert self._ready.wait(10), "the test server did not start"
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)


def connect(srv: ServerThread, give_up: float = 30.0) -> Connection:
    conn = Connection(srv.url, give_up=give_up).start()
    wait_for(conn, ("_link",), 10)
    return conn


def heroes_side(deck) -> dict[str, Any]:
    return {"hero": deck.hero, "cards": deck.card_list()}


def seat_two(srv: ServerThread, game: dict[str, Any], sides: list[dict[str, Any] | None],
             names=("Аня", "Борис")) -> list[tuple[Connection, dict[str, Any], dict[str, Any]]]:
    """Two players at a new room of ``srv``: (connection, welcome, first view) for each seat."""
    out = []
    a = connect(srv)
    ref = a.send({"t": "create", "v": PROTOCOL, "game": game,
                  "player": {"name": names[0], **({"deck": sides[0]} if sides[0] else {})}})
    wa = wait_for(a, ("welcome",), 10, ref)
    assert wa["t"] == "welcome", wa
    a.seated(wa["room"], wa["token"])
    b = connect(srv)
    ref = b.send({"t": "join", "v": PROTOCOL, "room": wa["room"],
                  "player": {"name": names[1], **({"deck": sides[1]} if sides[1] else {})}})
    wb = wait_for(b, ("welcome",), 10, ref)
    assert wb["t"] == "welcome", wb
    b.seated(wb["room"], wb["token"])
    for conn, w in ((a, wa), (b, wb)):
        out.append((conn, w, wait_for(conn, ("view",), 10)))
    return out
