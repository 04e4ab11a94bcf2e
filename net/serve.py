"""Starting a game server: ``python3 run.py serve`` (``main.py serve``) and its options, and a server on a
thread of this process for the tests and the screenshots (:class:`ServerThread`)."""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import pathlib
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from net.kits import kit, names
from net.protocol import DEFAULT_PORT, KEEP_SECONDS, PROTOCOL
from net.server import Limits, Server
from saves.atomic import write_atomic


class ServerThread:
    """``with ServerThread() as srv:`` a server on 127.0.0.1 at ``srv.port``, on a thread of its own, until the
    block ends (the tests, the screenshots). Its games are dealt from ``seed`` (the same each run)."""

    def __init__(self, limits: Limits | None = None, saves: Any = None, seed: int | None = 1,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.server = Server(limits or Limits(), saves=saves, seed=seed, clock=clock)  # a test gives its own clock
        self.port = 0
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._main, name="net-server", daemon=True)

    def _main(self) -> None:
        async def go() -> None:
            self._loop = asyncio.get_running_loop()
            self._stop = asyncio.Event()

            def ready(port: int) -> None:
                self.port = port
                self._ready.set()

            await self.server.run("127.0.0.1", 0, ready=ready, stop=self._stop)

        asyncio.run(go())

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def call(self, fn, *args) -> Any:
        """Run ``fn(*args)`` on the server's loop (its rooms are touched by that thread only) and return it."""
        assert self._loop is not None
        done = threading.Event()
        box: list[Any] = []

        def run() -> None:
            try:
                box.append((True, fn(*args)))
            except BaseException as exc:  # noqa: BLE001 - raised again on the caller's thread
                box.append((False, exc))
            finally:
                done.set()

        self._loop.call_soon_threadsafe(run)
        if not done.wait(10):
            raise TimeoutError("the server's loop did not answer")
        ok, value = box[0]
        if not ok:
            raise value
        return value

    def __enter__(self) -> ServerThread:
        self._thread.start()
        if not self._ready.wait(10):
            raise TimeoutError("the server did not start")
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)


COLLECT_EVERY = 600.0  # seconds between the server's own garbage collections (main: the automatic one is off)


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="main.py serve", description="Berserk Table game server (network play).")
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default: every address of the machine)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any free one)")
    p.add_argument("--keep", type=float, default=KEEP_SECONDS,
                   help="seconds a room waits for a player who dropped (default 300)")
    p.add_argument("--saves", type=pathlib.Path, default=None,
                   help="folder for games the host saves (default: the server folder in the game's data folder)")
    p.add_argument("--announce", action="store_true", help="announce the server on the local network (mDNS)")
    p.add_argument("--announce-name", default="", help="the name the local network sees (default: the machine's)")
    p.add_argument("--compression", action="store_true", help="compress messages (less traffic, more CPU)")
    p.add_argument("--seed", type=int, default=None,
                   help="deal the games from this seed, the same ones each run (to show or replay deals; tests)")
    p.add_argument("--port-file", type=pathlib.Path, default=None,
                   help="write the port listened on to this file once ready (for the client that starts it)")
    return p.parse_args(argv)


def _more_files() -> None:
    """Two connections a game: let the process open as many as the system allows it (the soft limit is often
    1024, a few hundred games)."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if hard == resource.RLIM_INFINITY or hard > soft:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 65536, hard))
    except (ImportError, ValueError, OSError):  # pragma: no cover - Windows has no such limit to raise
        pass


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    saves = args.saves
    if saves is None:
        from saves.paths import data_dir

        saves = data_dir() / "server"
    _more_files()
    server = Server(Limits(keep=args.keep), saves=saves, seed=args.seed)
    for ruleset in names():
        kit(ruleset).content()  # read the cards before the first player waits for them

    async def go() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, stop.set)
            except (NotImplementedError, RuntimeError):  # pragma: no cover - Windows
                pass
        announcer = None

        async def collect() -> None:
            while True:
                await asyncio.sleep(COLLECT_EVERY)
                gc.collect()

        collector = asyncio.create_task(collect())

        def ready(port: int) -> None:
            nonlocal announcer
            print(f"Berserk Table server on {args.host}:{port} (protocol {PROTOCOL}); Ctrl+C stops it.", flush=True)
            if args.port_file is not None:
                write_atomic(args.port_file, str(port).encode("ascii"))
            if args.announce:
                from net.discovery import Announcer

                announcer = Announcer(port, args.announce_name)
                announcer.start()

        try:
            await server.run(args.host, args.port, ready=ready, compression="deflate" if args.compression else None,
                             stop=stop)
        finally:
            collector.cancel()
            if announcer is not None:
                announcer.stop()

    # The server holds hundreds of games' states. Python's automatic collector walked them hundreds of times a
    # second, and each of its older passes stalled every room at once: with 500 rooms a move's round trip was
    # 14–19 ms at p50 and 580–730 ms at p99 (bench/net_load.py). The games' objects are freed by reference
    # counting as they go; a full pass over 500 games' objects (about 0.6 s, finding 0–2 objects in cycles) runs
    # once in COLLECT_EVERY seconds instead, which holds p99 at about 11 ms.
    gc.disable()
    try:
        asyncio.run(go())
    except OSError as exc:
        print(f"The server could not start: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # pragma: no cover
        pass
    return 0
