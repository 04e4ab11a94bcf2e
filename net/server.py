"""The game server: asyncio on websockets, many rooms in one process (started by :mod:`net.serve`).

What a connection is sent goes straight into its buffer, never waited for (a client too slow to read it is
closed); each connection has a budget of messages (a flood is refused with ``flood``, and a connection that keeps flooding
is closed) and the WebSocket layer's heartbeat (a ping every few seconds; a connection that stops answering
is dropped). Every message is read by :func:`net.protocol.decode` and handled inside a ``try``: a refusal
goes back as a typed error to that connection alone, and nothing one client sends can stop the server or
touch another room. Rooms (:class:`net.room.Room`) are found by code or by name; a room whose players are
all gone closes after ``keep`` seconds, and a player away that long loses the game in progress.
"""

from __future__ import annotations

import asyncio
import json
import logging
import pathlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import websockets
from websockets.asyncio.server import ServerConnection, broadcast, serve

from engine.core.timing import DEFAULT_EXTRA_TURNS, MAX_EXTRA_TURNS, MAX_SECONDS, MIN_SECONDS, TimeLimit
from net.kits import kit, names
from net.protocol import (
    FRAME_LIMIT,
    KEEP_SECONDS,
    MAX_NAME,
    MAX_TEXT,
    PROTOCOL,
    Fields,
    NetError,
    decode,
    encode,
    request_id,
)
from net.room import Room, Seat, new_code
from saves.atomic import write_atomic

logger = logging.getLogger("net.server")


@dataclass
class Limits:
    """What one connection and the whole server may use."""

    rate: float = 30.0  # messages a second, on average, a connection may send
    burst: float = 120.0  # how many it may send at once
    flood_close: int = 400  # refused for flooding this many times in a row: the connection is closed
    outbox: int = 4 << 20  # bytes waiting for a slow reader before it is closed
    rooms: int = 5000  # rooms open at once
    keep: float = KEEP_SECONDS  # seconds a room waits for a player who dropped
    ping: float = 5.0  # seconds between the heartbeat's pings (a connection silent for 3 pings is dropped)


class Client:
    """One connection: its message budget, the room it is in, and what it is sent."""

    def __init__(self, ws: Any, limits: Limits, clock: Callable[[], float]) -> None:
        self.ws = ws
        self.limits = limits
        self.clock = clock
        self.room: Room | None = None
        self.tokens = limits.burst
        self.refilled = clock()
        self.floods = 0
        self.closed = False
        self._closing: asyncio.Task | None = None

    def push(self, message: dict[str, Any]) -> None:
        """Send a message now, never waiting: it goes straight into the connection's buffer (websockets'
        ``broadcast``); a reader so far behind that the buffer passes ``limits.outbox`` bytes is let go."""
        if self.closed:
            return
        transport = getattr(self.ws, "transport", None)
        if transport is None or transport.is_closing():
            return
        if transport.get_write_buffer_size() > self.limits.outbox:
            self.close()
            return
        broadcast([self.ws], encode(message))

    def close(self) -> None:
        """Close the connection (1008, policy, after a flood; else 1000), once."""
        if not self.closed:
            self.closed = True
            self._closing = asyncio.get_running_loop().create_task(self.ws.close(1008 if self.floods else 1000))

    def allowed(self) -> bool:
        """Spend one message of the budget (refilled at ``rate`` a second up to ``burst``)."""
        now = self.clock()
        self.tokens = min(self.limits.burst, self.tokens + (now - self.refilled) * self.limits.rate)
        self.refilled = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.floods = 0
            return True
        self.floods += 1
        return False


class Server:
    """Every room of one server process, and the handling of every message."""

    def __init__(self, limits: Limits | None = None, saves: pathlib.Path | None = None,
                 clock: Callable[[], float] = time.monotonic, seed: int | None = None) -> None:
        self.limits = limits or Limits()
        # each game's seed: secret and fresh, or (tests, ``seed``) the same games every run
        self.seeds = random.Random(seed) if seed is not None else random.SystemRandom()
        self.saves = saves
        self.clock = clock
        self.rooms: dict[str, Room] = {}
        self.by_name: dict[str, str] = {}  # a room's name (folded) -> its code
        self.clients: set[Client] = set()
        self.handled = 0  # messages read (the bench and the tests look)

    # ------------------------------------------------------------------ connections
    async def handler(self, ws: ServerConnection) -> None:
        client = Client(ws, self.limits, self.clock)
        self.clients.add(client)
        try:
            async for raw in ws:
                self.receive(client, raw)
                if client.closed:
                    break
        except websockets.ConnectionClosed:
            pass
        finally:
            self.clients.discard(client)
            self.gone(client)
            client.close()
            if client._closing is not None:
                await client._closing

    def gone(self, client: Client) -> None:
        room = client.room
        client.room = None
        if room is not None:
            room.drop(client)

    def receive(self, client: Client, raw: str | bytes) -> None:
        """One message from ``client``: handled, or refused with a typed error sent back to it alone."""
        self.handled += 1
        if not client.allowed():
            if client.floods == 1 or client.floods % 50 == 0:
                client.push(NetError("flood").message())
            if client.floods >= self.limits.flood_close:
                client.close()
            return
        ref = None
        try:
            message = decode(raw)
            ref = request_id(message)
            handle = self.HANDLERS.get(message["t"])
            if handle is None:
                raise NetError("unknown_type")
            handle(self, client, message, ref)
        except NetError as exc:
            client.push(exc.message(ref))
        except Exception:  # noqa: BLE001 - a fault of ours answers this message alone; the server goes on
            logger.exception("message of type %r failed", str(message.get("t"))[:20] if "message" in locals() else "?")
            client.push({"t": "error", "code": "server", "ru": "Ошибка сервера.", "en": "Server error.", "re": ref})

    # ------------------------------------------------------------------ rooms
    def _room(self, key: str) -> Room:
        room = self.rooms.get(key.upper()) or self.rooms.get(self.by_name.get(key.strip().casefold(), ""))
        if room is None:
            raise NetError("no_room")
        return room

    def _free(self, client: Client) -> None:
        if client.room is not None:
            raise NetError("seated")

    @staticmethod
    def _version(f: Fields) -> None:
        if f.whole("v", 0, 1 << 30) != PROTOCOL:
            raise NetError("version", v=PROTOCOL)

    def _player(self, f: Fields, ruleset: str, mode: str) -> tuple[str, Any]:
        p = f.table("player")
        name = p.text("name", MAX_NAME).strip()
        return name, kit(ruleset).side(p, mode)

    def on_create(self, client: Client, m: dict[str, Any], ref: int | None) -> None:
        f = Fields(m)
        self._version(f)
        self._free(client)
        if len(self.rooms) >= self.limits.rooms:
            raise NetError("full")
        game = f.table("game")
        ruleset = game.text("ruleset", 20)
        if ruleset not in names():
            raise NetError("game")
        modes = kit(ruleset).MODES
        mode = game.text("mode", 20, default=modes[0])
        if mode not in modes:
            raise NetError("game")
        time_limit = self._time_limit(game, ruleset)
        title = f.text("name", MAX_NAME, default="", blank=True).strip()
        if title and title.casefold() in self.by_name:
            raise NetError("name_taken")
        password = f.text("password", 64, default="", blank=True)
        name, side = self._player(f, ruleset, mode)
        code = new_code()
        while code in self.rooms:
            code = new_code()
        room = Room(code, ruleset, mode, self._send, name=title, password=password, clock=self.clock,
                    time_limit=time_limit)
        token = room.sit(0, client, name, side)
        self.rooms[code] = room
        if title:
            self.by_name[title.casefold()] = code
        client.room = room
        client.push({**room.welcome(0, token), "re": ref})

    @staticmethod
    def _time_limit(game: Fields, ruleset: str) -> TimeLimit | None:
        """A timed game's limit from a ``create``'s ``game.time`` (``{"seconds": n, "extra_turns": k}``; «Герои»
        only has extra turns, CR 603.1 (3)), or None for an untimed game. The room keeps the clock."""
        if not game.has("time"):
            return None
        t = game.table("time")
        seconds = t.whole("seconds", MIN_SECONDS, MAX_SECONDS)
        extra = t.whole("extra_turns", 0, MAX_EXTRA_TURNS, default=DEFAULT_EXTRA_TURNS) if ruleset == "heroes" else 0
        return TimeLimit(seconds=seconds, extra_turns=extra)

    def on_join(self, client: Client, m: dict[str, Any], ref: int | None) -> None:
        f = Fields(m)
        self._version(f)
        self._free(client)
        room = self._room(f.text("room", 40))
        if not room.checks(f.text("password", 64, default="", blank=True)):
            raise NetError("password")
        if room.started or room.seats[1] is not None:
            raise NetError("room_full")
        name, side = self._player(f, room.ruleset, room.mode)
        if name == room.seats[0].name:  # type: ignore[union-attr]
            name = f"{name} 2"[:MAX_NAME]
        token = room.sit(1, client, name, side)
        client.room = room
        client.push({**room.welcome(1, token), "re": ref})
        room.tell_others(1, {"t": "peer", "seat": 1, "status": "joined", "name": name})
        room.start(self.seeds.randrange(1 << 62))

    def on_resume(self, client: Client, m: dict[str, Any], ref: int | None) -> None:
        """A player back at their seat with its token: in a room still open, or in a game the server saved."""
        f = Fields(m)
        self._version(f)
        self._free(client)
        code = f.text("room", 40).strip().upper()
        token = f.text("token", 100)
        since = f.whole("seq", 0, 1 << 53, default=0) if f.has("seq") else None
        room = self.rooms.get(code) or self._reopen(code)
        for i, seat in enumerate(room.seats):
            if seat is not None and seat.owns(token):
                if seat.conn is not None and seat.conn is not client:
                    old = seat.conn
                    old.room = None
                    old.close()  # the same player on a new connection: the old one is let go
                client.room = room
                client.push({**room.welcome(i), "re": ref})
                room.reconnect(i, client, since)
                return
        raise NetError("token")

    def on_watch(self, client: Client, m: dict[str, Any], ref: int | None) -> None:
        f = Fields(m)
        self._version(f)
        self._free(client)
        room = self._room(f.text("room", 40))
        if not room.checks(f.text("password", 64, default="", blank=True)):
            raise NetError("password")
        client.room = room
        client.push({**room.welcome(None), "re": ref})
        room.watch(client)

    def on_rooms(self, client: Client, m: dict[str, Any], ref: int | None) -> None:
        """The games of this server a player may join or watch (never anything of a game's cards)."""
        rooms = sorted(self.rooms.values(), key=lambda r: r.created)[-100:]
        client.push({"t": "rooms", "rooms": [r.summary() for r in rooms], "v": PROTOCOL, "re": ref})

    def _seated(self, client: Client) -> tuple[Room, int]:
        room = client.room
        seat = room.seat_of(client) if room is not None else None
        if room is None or seat is None:
            raise NetError("not_seated")
        return room, seat

    def on_act(self, client: Client, m: dict[str, Any], ref: int | None) -> None:
        room, seat = self._seated(client)
        f = Fields(m)
        text = f.text("action", 400)
        seq = f.whole("seq", 0, 1 << 53)
        room.act(seat, text, seq)

    def on_chat(self, client: Client, m: dict[str, Any], ref: int | None) -> None:
        room = client.room
        if room is None:
            raise NetError("not_seated")
        text = Fields(m).text("text", MAX_TEXT).strip()
        seat = room.seat_of(client)
        name = room.seats[seat].name if seat is not None else ""  # type: ignore[union-attr]
        room.say(seat, name, text)

    def on_undo(self, client: Client, m: dict[str, Any], ref: int | None) -> None:
        room, seat = self._seated(client)
        room.ask_undo(seat)

    def on_undo_answer(self, client: Client, m: dict[str, Any], ref: int | None) -> None:
        room, seat = self._seated(client)
        room.answer_undo(seat, Fields(m).flag("yes"))

    def on_save(self, client: Client, m: dict[str, Any], ref: int | None) -> None:
        """The player who made the game asks the server to keep it: both resume it later with their tokens."""
        room, seat = self._seated(client)
        if seat != 0:
            raise NetError("not_host")
        if not room.started or room.over:
            raise NetError("save_failed", why="партия не идёт / no game in progress")
        client.push({"t": "saved", "room": room.code, "file": self._save(room), "re": ref})

    def on_leave(self, client: Client, m: dict[str, Any], ref: int | None) -> None:
        self.gone(client)
        client.push({"t": "left", "re": ref})

    def on_sync(self, client: Client, m: dict[str, Any], ref: int | None) -> None:
        """The client's view is not the one the last patch was made on: it is sent whole."""
        if client.room is None:
            raise NetError("not_seated")
        client.room.resend(client)

    def on_ping(self, client: Client, m: dict[str, Any], ref: int | None) -> None:
        client.push({"t": "pong", "re": ref})

    HANDLERS: dict[str, Callable[[Server, Client, dict[str, Any], int | None], None]] = {
        "create": on_create, "join": on_join, "resume": on_resume, "watch": on_watch, "rooms": on_rooms,
        "act": on_act, "chat": on_chat, "undo": on_undo, "undo_answer": on_undo_answer, "save": on_save,
        "leave": on_leave, "ping": on_ping, "sync": on_sync,
    }

    def _send(self, client: Any, message: dict[str, Any]) -> None:
        client.push(message)

    # ------------------------------------------------------------------ saved games
    def _save(self, room: Room) -> str:
        from saves.errors import SaveError
        from saves.manager import SaveManager

        if self.saves is None:
            raise NetError("save_failed", why="сервер запущен без папки сохранений / the server keeps no saves")
        try:
            room.keep_clock()  # a timed game's save keeps what its clock had used
            path = SaveManager(self.saves, base=kit(room.ruleset).base()).save(room.record, room.code, game=room.game)
            seats = {"room": room.code, "name": room.name, "ruleset": room.ruleset, "mode": room.mode,
                     "seats": [{"name": s.name, "token": s.token.hex()} for s in room.seats if s is not None]}
            (self.saves / "seats").mkdir(parents=True, exist_ok=True)
            write_atomic(self.saves / "seats" / f"{room.code}.json", json.dumps(seats).encode("utf-8"))
        except (SaveError, OSError, ValueError) as exc:
            raise NetError("save_failed", why=str(exc)[:200]) from None
        return path.name

    def _reopen(self, code: str) -> Room:
        """A saved game opened again in a room of its own code (NetError ``no_room`` when there is none)."""
        from saves.errors import SaveError
        from saves.manager import SaveManager

        if self.saves is None or not code.isalnum() or len(code) > 12:
            raise NetError("no_room")
        try:
            seats = json.loads((self.saves / "seats" / f"{code}.json").read_text(encoding="utf-8"))
            ruleset, mode = seats["ruleset"], seats["mode"]
            loaded = SaveManager(self.saves, base=kit(ruleset).base()).load(f"{code}.json")
            placed = [Seat(name=s["name"], token=bytes.fromhex(s["token"]), side=p)
                      for s, p in zip(seats["seats"], loaded.record.players, strict=True)]
        except (OSError, ValueError, KeyError, TypeError, SaveError):
            raise NetError("no_room") from None
        room = Room(code, ruleset, mode, self._send, name="", clock=self.clock)
        room.resume(loaded.record, loaded.game, placed)
        self.rooms[code] = room
        return room

    # ------------------------------------------------------------------ time
    def tick(self) -> None:
        """Every room's clocks (a seat away too long loses); rooms nobody is in for ``keep`` close."""
        for code, room in list(self.rooms.items()):
            try:
                closing = room.tick(self.limits.keep)
            except Exception:  # noqa: BLE001 - one room's fault closes that room only
                logger.exception("room %s failed its clock; closed", code)
                closing = True
            if closing:
                self.close_room(room)

    def close_room(self, room: Room) -> None:
        self.rooms.pop(room.code, None)
        if room.name and self.by_name.get(room.name.casefold()) == room.code:
            del self.by_name[room.name.casefold()]
        for c in room.connections():
            if getattr(c, "room", None) is room:
                c.room = None

    async def ticking(self, every: float = 1.0) -> None:
        while True:
            await asyncio.sleep(every)
            self.tick()

    async def run(self, host: str, port: int, *, ready: Callable[[int], None] | None = None,
                  compression: str | None = None, stop: asyncio.Event | None = None) -> None:
        """Serve until ``stop`` is set (or forever); ``ready(port)`` is called once it listens."""
        async with serve(self.handler, host, port, max_size=FRAME_LIMIT, ping_interval=self.limits.ping,
                         ping_timeout=self.limits.ping * 3, compression=compression, max_queue=64,
                         close_timeout=2.0) as server:
            bound = next(iter(server.sockets)).getsockname()[1]
            if ready is not None:
                ready(bound)
            clock = asyncio.create_task(self.ticking())
            try:
                await (stop.wait() if stop is not None else asyncio.Future())
            finally:
                clock.cancel()
