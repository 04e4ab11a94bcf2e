"""One game on the server: its two seats, its spectators, the only full game and the record that follows it.

A room does not touch the network: it is given a ``send(connection, message)`` and calls it with what each
connection may be told. Every action comes in as text from a seat, is parsed by the ruleset's codec and
applied by the engine only when that seat decides now (or, for conceding and offering a draw, names itself);
then each seat gets its own view (:func:`engine.ai.observe.observe` with the cards it was shown) and what it
may know of the action (:func:`engine.ai.observe.tell`), each spectator the view of what both players see.
A refusal is a :class:`net.protocol.NetError`; the game is unchanged by it.

A timed game's clock is the room's (the engine keeps none: engine/core/timing.py). It counts the time the
game is played with both players seated — it stops while one is away, as a table's stops behind its curtain —
goes with every view (``clock``: seconds played, for the tables to show) and into a save (``clock_ms``). Once
it reaches the limit the room declares the time out itself, with the clock's reading, and tells it like a
move; a player may never send that declaration (:data:`SERVER_ONLY`).
"""

from __future__ import annotations

import collections
import functools
import hashlib
import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.ai.observe import Told, observe, tell, view_game
from engine.core.actions import Action, ActionSyntaxError
from engine.core.errors import IllegalAction
from engine.core.ruleset import find_ruleset
from engine.core.timing import TimeLimit
from net.kits import kit
from net.patch import diff
from net.protocol import NetError
from saves.record import GameRecord, PlayerSetup

CATCH_UP = 64  # the last updates kept per seat, for a client that comes back after a short drop
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: a code is read aloud and typed
SERVER_ONLY = frozenset({"forfeit", "time_out"})  # action names no client may send (the server applies them)


@functools.lru_cache(maxsize=1 << 16)
def action_text(action: Action) -> str:
    """An action's text, kept for the actions listed again and again (writing it out field by field costs more
    than looking it up: a classic placement lists hundreds)."""
    return str(action)


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(6))


def new_token() -> str:
    return secrets.token_urlsafe(24)


def digest(token: str) -> bytes:
    """A seat's token as the server keeps it (never as it was sent). A token is 24 random bytes: a plain hash
    keeps it as safe as a slow one would, and checking a wrong one costs the server nothing."""
    return hashlib.sha256(token.encode("utf-8")).digest()


def password_digest(password: str, salt: bytes) -> bytes:
    """A room's password as the server keeps it: salted and slow to guess (people choose short passwords)."""
    return hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), salt, 20_000)


@dataclass
class Seat:
    """One player's place in a room: their name, their secret token (kept as a digest), the connection now
    seated (None while they are away) and what they were shown."""

    name: str
    token: bytes
    side: PlayerSetup
    conn: Any = None
    away_since: float | None = None
    seen: dict[int, str] = field(default_factory=dict)
    sent: collections.deque = field(default_factory=lambda: collections.deque(maxlen=CATCH_UP))
    last: tuple[int, dict[str, Any]] | None = None  # the view its connection has (seq, state): the next is a patch
    joined: bool = True  # has been seated since the room (or its saved game) opened

    def owns(self, token: str) -> bool:
        return hmac.compare_digest(self.token, digest(token))


@dataclass
class Last:
    """The last action, kept for undo: who took it, the action, its events and the game's state before it."""

    by: int
    action: Action
    events: list[Any]
    before: dict[str, Any]


class Room:
    """A game between two seats (see the module's doc). ``clock`` gives the time (tests pass their own)."""

    def __init__(self, code: str, ruleset: str, mode: str, send: Callable[[Any, dict[str, Any]], None], *,
                 name: str = "", password: str = "", clock: Callable[[], float] = time.monotonic,
                 time_limit: TimeLimit | None = None) -> None:
        self.code = code
        self.name = name
        self.ruleset = ruleset
        self.mode = mode
        self._salt = secrets.token_bytes(16)
        self._password = password_digest(password, self._salt) if password else None
        self.send = send
        self.clock = clock
        self.seats: list[Seat | None] = [None, None]
        self.spectators: set[Any] = set()
        self.record: GameRecord | None = None
        self.game: Any = None
        self.seq = 0  # bumps at every change of the game; a client's move names the seq it saw
        self.last: Last | None = None
        self.undo_asked: int | None = None
        self.created = clock()
        self.idle_since: float | None = None  # nobody connected since then
        self.chat: collections.deque = collections.deque(maxlen=50)
        self._views: dict[int | None, tuple[int, Any]] = {}  # seat -> (seq, its view game): refusals' reasons
        self.spectator_last: tuple[int, dict[str, Any]] | None = None  # the view every spectator has
        self._state: dict[str, Any] | None = None  # the game's to_dict() as last broadcast
        self.time_limit = time_limit  # a timed game's limit (see the module's doc)
        self._played = 0.0  # seconds the game's clock counted before ``_running_since``
        self._running_since: float | None = None  # when the game's clock last started (None: stopped)

    # ------------------------------------------------------------------ who is here
    @property
    def started(self) -> bool:
        return self.game is not None

    @property
    def over(self) -> bool:
        return self.game is not None and self.game.is_over

    @property
    def state(self) -> str:
        return "over" if self.over else "playing" if self.started else "waiting"

    def checks(self, password: str) -> bool:
        if self._password is None:
            return True
        return hmac.compare_digest(self._password, password_digest(password, self._salt))

    @property
    def locked(self) -> bool:
        return self._password is not None

    def seat_of(self, conn: Any) -> int | None:
        for i, s in enumerate(self.seats):
            if s is not None and s.conn is conn:
                return i
        return None

    def names(self) -> list[str]:
        return [s.name if s is not None else "" for s in self.seats]

    def connections(self) -> list[Any]:
        return [s.conn for s in self.seats if s is not None and s.conn is not None] + list(self.spectators)

    def summary(self) -> dict[str, Any]:
        """What the list of games says about this one (nothing of the game itself)."""
        return {"code": self.code, "name": self.name, "ruleset": self.ruleset, "mode": self.mode,
                "players": self.names(), "state": self.state, "password": self.locked,
                "spectators": len(self.spectators)}

    def welcome(self, seat: int | None, token: str | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"t": "welcome", "room": self.code, "name": self.name, "ruleset": self.ruleset,
                               "mode": self.mode, "seat": seat, "names": self.names(), "state": self.state,
                               "content": kit(self.ruleset).fingerprint(), "chat": list(self.chat)}
        if token is not None:
            out["token"] = token
        return out

    # ------------------------------------------------------------------ seating
    def sit(self, index: int, conn: Any, name: str, side: PlayerSetup) -> str:
        """Seat a new player at ``index``; their secret token is returned (and kept only as a digest)."""
        token = new_token()
        self.seats[index] = Seat(name=name, token=digest(token), side=side, conn=conn)
        self.idle_since = None
        return token

    def start(self, seed: int) -> None:
        """Both seats taken: the game begins (the kit deals it from ``seed``), and each player gets their
        first view."""
        players = [PlayerSetup(name=s.name, kind="human", hero=s.side.hero, deck=list(s.side.deck),
                               deck_id=s.side.deck_id) for s in self.seats if s is not None]
        self.record, self.game = kit(self.ruleset).begin(self.mode, players, seed, self.time_limit)
        self.seq = 1
        self._run_clock()
        # what happened while the game was set up: the dice for the first turn and the decks shuffled, all public
        self.broadcast(None, "start", [ev.to_dict() for ev in getattr(self.game, "setup_events", ())])

    def resume(self, record: GameRecord, game: Any, seats: list[Seat]) -> None:
        """A saved game opened again: both seats wait for their players (each comes back with their token)."""
        self.record, self.game = record, game
        self._state = None
        self.time_limit = getattr(game, "time_limit", None)
        self._played, self._running_since = record.clock_ms / 1000, None  # what the clock had used when saved
        self.seats = list(seats)
        for s in self.seats:
            if s is not None:
                s.conn, s.joined, s.away_since = None, False, None
        self.seq = 1

    def reconnect(self, index: int, conn: Any, since: int | None) -> None:
        """A player back at their seat: what they missed (when it is still kept) and the game as it is now."""
        seat = self.seats[index]
        assert seat is not None
        was_away = seat.away_since is not None or not seat.joined
        seat.conn, seat.away_since, seat.joined = conn, None, True
        seat.last = None  # a new connection has no view yet: the next one is whole
        self.idle_since = None
        self._run_clock()
        if self.started:
            missed = [m for m in seat.sent if since is not None and m["seq"] > since]
            complete = bool(missed) and missed[0]["seq"] == since + 1 if since is not None else False
            self.send(conn, {"t": "catch_up", "updates": missed if complete else [], "complete": complete})
            self.send_view(index, self.view(index, None, "resume"))
        if was_away:
            self.tell_others(index, {"t": "peer", "seat": index, "status": "back", "name": seat.name})

    def drop(self, conn: Any) -> None:
        """A connection is gone: a seat it held waits for its player (the keep-alive clock starts)."""
        self.spectators.discard(conn)
        index = self.seat_of(conn)
        if index is not None:
            seat = self.seats[index]
            assert seat is not None
            seat.conn = None
            seat.away_since = self.clock()
            self._run_clock()
            if not self.over:
                self.tell_others(index, {"t": "peer", "seat": index, "status": "away", "name": seat.name})
        if not self.connections():
            self.idle_since = self.clock()

    def tell_others(self, seat: int | None, message: dict[str, Any]) -> None:
        for i, s in enumerate(self.seats):
            if i != seat and s is not None and s.conn is not None:
                self.send(s.conn, message)
        for c in self.spectators:
            self.send(c, message)

    # ------------------------------------------------------------------ views
    def view(self, who: int | None, told: Told | None, reason: str, by: int | None = None,
             full: dict[str, Any] | None = None) -> dict[str, Any]:
        """The message with what ``who`` (None: a spectator) may see now, and may know of the last change
        (``full``: the game's ``to_dict()`` when it is at hand)."""
        seen = self.seats[who].seen if who is not None and self.seats[who] is not None else None
        obs = observe(self.game, who, seen, full)
        out: dict[str, Any] = {"t": "view", "seq": self.seq, "reason": reason, "state": obs.state,
                               "legal": [action_text(a) for a in obs.legal], "turn": getattr(self.game, "turn", 0)}
        if told is not None:
            out.update(by=by, action=told.action, kind=told.kind, events=list(told.events))
        if self.time_limit is not None:
            out["clock"] = round(self.clock_used(), 3)
        return out

    @staticmethod
    def _as_patch(message: dict[str, Any], last: tuple[int, dict[str, Any]] | None) -> dict[str, Any]:
        """``message`` with its state given as the change from ``last``, the view its reader has (net/patch.py)."""
        if last is None:
            return message
        out = {k: v for k, v in message.items() if k != "state"}
        out["base"], out["patch"] = last[0], diff(last[1], message["state"])
        return out

    def send_view(self, seat: int, message: dict[str, Any]) -> None:
        """A view to ``seat``'s connection: as a patch on the one it has (whole after a reconnection)."""
        s = self.seats[seat]
        assert s is not None and s.conn is not None
        self.send(s.conn, self._as_patch(message, s.last))
        s.last = (message["seq"], message["state"])

    def broadcast(self, change: tuple[Action, int | None, list[Any]] | None, reason: str,
                  extra: list[Any] | None = None) -> None:
        """Each seat its own view of the game now, each spectator the view both players share; the game's
        state is read once for all of them (each view shares its unmasked parts)."""
        full = kit(self.ruleset).state(self.game)
        self._state = full  # the state before the next action (undo takes the game back to it)
        for i, s in enumerate(self.seats):
            if s is None:
                continue
            told = None
            if change is not None:
                told = tell(self.game, change[0], change[1], change[2], i)
                s.seen.update(told.shown)
            msg = self.view(i, told, reason, change[1] if change else None, full)
            if extra:
                msg["events"] = list(extra)
            if change is not None:
                s.sent.append({k: msg[k] for k in ("seq", "by", "action", "kind", "events", "turn")})
            if s.conn is not None:
                self.send_view(i, msg)
        if self.spectators:
            told = tell(self.game, change[0], change[1], change[2], None) if change is not None else None
            msg = self.view(None, told, reason, change[1] if change else None, full)
            if extra:
                msg["events"] = list(extra)
            patched = self._as_patch(msg, self.spectator_last)
            for c in self.spectators:
                self.send(c, patched)
            self.spectator_last = (msg["seq"], msg["state"])

    def watch(self, conn: Any) -> None:
        """A spectator comes: the game as both players see it (they share the next patches with the others)."""
        self.spectators.add(conn)
        self.idle_since = None
        if self.started:
            msg = self.view(None, None, "watch")
            if self.spectator_last is not None and self.spectator_last[0] != msg["seq"]:
                self.spectator_last = None  # cannot happen: every change is broadcast to the spectators
            self.send(conn, msg)
            self.spectator_last = (msg["seq"], msg["state"])

    def resend(self, conn: Any) -> None:
        """A reader whose view is not the one a patch was made on asks again: the whole view."""
        seat = self.seat_of(conn)
        if not self.started:
            return
        if seat is None:
            self.spectators.discard(conn)
            self.watch(conn)
            return
        self.seats[seat].last = None  # type: ignore[union-attr]
        self.send_view(seat, self.view(seat, None, "resume"))

    def _seat_view(self, seat: int) -> Any:
        """``seat``'s view as a game (kept until the game changes): what a refusal's reason is worked out on."""
        kept = self._views.get(seat)
        if kept is None or kept[0] != self.seq:
            content = kit(self.ruleset).content()
            kept = self._views[seat] = (self.seq, view_game(observe(self.game, seat, self.seats[seat].seen), content))
        return kept[1]

    # ------------------------------------------------------------------ actions
    def act(self, seat: int, text: str, seq: int) -> None:
        """Seat ``seat`` takes the action ``text`` on the view numbered ``seq`` (NetError if refused)."""
        if not self.started:
            raise NetError("not_started")
        if seq != self.seq:
            raise NetError("stale")
        rules = find_ruleset(self.ruleset)
        try:
            action = rules.codec.parse(text)
        except ActionSyntaxError:
            raise NetError("syntax") from None
        if action.name in SERVER_ONLY:
            raise NetError("server_only")
        game = self.game
        if type(action) in game.META:
            if getattr(action, "player", None) != seat:
                raise NetError("bad_field", field="action.player")
        elif game.decider != seat:
            raise NetError("not_your_turn")
        self._apply(action, seat)

    def _refusal(self, seat: int, action: Action) -> NetError:
        """Why ``action`` is refused, worked out on what ``seat`` may see (a reason never names a card hidden
        from them); a generic refusal when their view does not show why."""
        try:
            self._seat_view(seat).clone().apply(action)
        except IllegalAction as exc:
            return NetError("illegal", ru=exc.reason("ru"), en=exc.reason("en"))
        except Exception:  # noqa: BLE001 - an action the view cannot even try is refused all the same
            pass
        return NetError("illegal", ru="Этот ход сейчас невозможен.", en="That move is not possible now.")

    def _apply(self, action: Action, seat: int) -> None:
        game = self.game
        before = self._state if self._state is not None else game.to_dict()  # as the last views showed it
        try:
            events = self.record.play(game, action)  # type: ignore[union-attr]
        except IllegalAction:
            raise self._refusal(seat, action) from None
        except Exception:
            if action in game.legal_actions():
                raise  # a fault of the rules on a legal move: the server's error, logged
            raise self._refusal(seat, action) from None  # the engine's reasons stumbled on a move it never lists
        self.last = Last(seat, action, list(events), before)
        self.undo_asked = None
        self.seq += 1
        self._run_clock()  # a game over stops its clock
        self.broadcast((action, seat, events), "action")

    def forfeit(self, seat: int) -> None:
        """``seat`` was away past the limit: the engine's technical loss, told to everyone like a move."""
        if self.started and not self.over:
            self._declare(f"forfeit player={seat}")

    def time_out(self) -> None:
        """The game's time is out by the room's clock: the engine's time-out with the clock's reading in whole
        seconds (classic 2007 7.3–7.4; «Герои» CR 603.1 (3)), told to everyone like a move."""
        if self.started and not self.over:
            self._declare(f"time_out elapsed={int(self.clock_used())}")

    def _declare(self, text: str) -> None:
        """An action the server takes itself (never a player: :data:`SERVER_ONLY`), applied and told."""
        action = find_ruleset(self.ruleset).codec.parse(text)
        events = self.record.play(self.game, action)  # type: ignore[union-attr]
        self.last = None
        self.undo_asked = None
        self.seq += 1
        self._run_clock()
        self.broadcast((action, None, events), "action")

    # ------------------------------------------------------------------ a timed game's clock
    def _clock_runs(self) -> bool:
        """Does the game's clock count now: a timed game in progress, its time not out, both players seated."""
        return (self.time_limit is not None and self.started and not self.over
                and getattr(self.game, "timed_out", None) is None
                and all(s is not None and s.conn is not None for s in self.seats))

    def _run_clock(self) -> None:
        """Start or stop the game's clock as :meth:`_clock_runs` says (after any change of who is here or of
        the game)."""
        runs, now = self._clock_runs(), self.clock()
        if runs and self._running_since is None:
            self._running_since = now
        elif not runs and self._running_since is not None:
            self._played += now - self._running_since
            self._running_since = None

    def clock_used(self) -> float:
        """Seconds of the time limit played (0 for an untimed game)."""
        since = self._running_since
        return self._played + (self.clock() - since if since is not None else 0.0)

    def keep_clock(self) -> None:
        """The clock's reading into the record, for a save (saves.record.GameRecord.clock_ms)."""
        if self.record is not None and self.time_limit is not None:
            self.record.clock_ms = int(self.clock_used() * 1000)

    # ------------------------------------------------------------------ undo
    def ask_undo(self, seat: int) -> None:
        """``seat`` asks to take back their last action: the other player is asked."""
        if not self.started or self.over:
            raise NetError("undo", ru="Отменять нечего: партия не идёт.", en="Nothing to take back: no game is on.")
        last = self.last
        if last is None or last.by != seat:
            raise NetError("undo", ru="Отменить можно только свой последний ход.",
                           en="Only your own last move can be taken back.")
        if find_ruleset(self.ruleset).undo_hides(last.action, last.events):
            raise NetError("undo", ru="Этот ход открыл скрытое — его нельзя отменить.",
                           en="That move showed something hidden: it cannot be taken back.")
        self.undo_asked = seat
        other = self.seats[1 - seat]
        if other is not None and other.conn is not None:
            self.send(other.conn, {"t": "undo_asked", "by": seat, "name": self.seats[seat].name})  # type: ignore[union-attr]

    def answer_undo(self, seat: int, yes: bool) -> None:
        asker = self.undo_asked
        if asker is None or asker == seat or self.last is None:
            raise NetError("no_undo")
        self.undo_asked = None
        if not yes:
            conn = self.seats[asker].conn  # type: ignore[union-attr]
            if conn is not None:
                self.send(conn, {"t": "undo_refused", "name": self.seats[seat].name})  # type: ignore[union-attr]
            return
        # the state before it (a classic state carries its cards; «Герои» needs its pool)
        self.game = find_ruleset(self.ruleset).from_dict(self.last.before, pool=kit(self.ruleset).content())
        self._state = None
        self.record = self.record.truncated(len(self.record.log) - 1)  # type: ignore[union-attr]
        self.last = None
        self.seq += 1
        for s in self.seats:
            if s is not None:
                s.sent.clear()  # a client further back than the undo reloads the view
        self.broadcast(None, f"undo:{asker}")

    # ------------------------------------------------------------------ chat
    def say(self, seat: int | None, name: str, text: str) -> None:
        line = {"t": "chat", "seat": seat, "name": name, "text": text}
        self.chat.append(line)
        for c in self.connections():
            self.send(c, line)

    # ------------------------------------------------------------------ time
    def tick(self, keep: float) -> bool:
        """The room's clocks: a timed game's time runs out (see the module's doc); a seat away past ``keep``
        seconds loses the game in progress by a technical result. True when the room may close (over or never
        started, and nobody here for ``keep``)."""
        now = self.clock()
        self._run_clock()
        if self._clock_runs() and self.time_limit is not None and self.clock_used() >= self.time_limit.seconds:
            self.time_out()
        if self.started and not self.over:
            for i, s in enumerate(self.seats):
                other = self.seats[1 - i]
                # the other player is here to win it (two players both gone past the limit: the room closes)
                if s is not None and s.joined and s.away_since is not None and now - s.away_since >= keep \
                        and other is not None and other.conn is not None:
                    self.forfeit(i)
                    break
        return self.idle_since is not None and now - self.idle_since >= keep

    def state_hash(self) -> str | None:
        return None if self.game is None else self.game.state_hash()
