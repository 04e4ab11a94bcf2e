"""A game played over the network, as the table sees it: a session whose game is this player's view.

The server holds the whole game. Here :class:`NetSession` keeps only what its player may see: each view the
server sends is rebuilt into a game whose hidden cards are unknown placeholders and whose legal actions are
the server's (:func:`engine.ai.observe.view_game`), so the table draws and asks it as it does a local game,
and the other side's hidden cards are never in this process at all. The table talks to it as to
:class:`ui.session.GameSession` (``game``, ``controllers``, ``apply``, ``log``, ``history``…):

- the player's own action goes to the server, and ``apply`` returns the events of the view that answers it
  (or raises the server's refusal as :class:`IllegalAction`, the game unchanged);
- the other player's actions arrive as updates; :class:`RemoteController` hands each to the table as the
  computer's move is handed over (paced, pointed at, told), and ``apply`` then takes the update's view. While
  a move is pointed at, the view before it is shown with the cards the move itself shows named;
- anything else that changes the game (a concession of the other player, an undo agreed, a technical loss,
  a time-out the server declared, the view after a reconnection) the table takes at once
  (:meth:`NetSession.next_update`).

The end screen's chart is grown here from the views shown (:class:`ui.timeline.Tracker`: lives and cards in play
are open to both players), as no record reaches this table to replay. The log holds what a hot-seat log holds:
before each action's events, its record in words (:class:`ui.session.Acted`), said from the view before it. In
a timed game the server keeps the clock and declares the time out; the table shows the server's reading
(:class:`ServerClock`).
"""

from __future__ import annotations

import collections
import dataclasses
import queue
import time
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.ai.observe import Observation, event_from_dict, view_game
from engine.core.actions import Action, ActionSyntaxError
from engine.core.errors import IllegalAction
from engine.core.events import Event, event
from engine.core.ruleset import find_ruleset
from net.patch import PatchError
from net.patch import apply as apply_patch
from ui.controllers import Controller, HumanController
from ui.rulesets import find_client
from ui.session import Acted, Entry, Undone, action_said
from ui.timeclock import GameClock
from ui.timeline import Timeline, Tracker

ANSWER_WAIT = 10.0  # seconds the table waits for the server's answer to its own move


@dataclass
class ServerClock(GameClock):
    """A timed network game's clock as the table shows it: the server's reading with each view, run by the
    table's frames between readings so it moves smoothly. It is held while the server's is (the other player
    away, the server lost), stops at the limit and never declares the time out: the server does."""

    declares: ClassVar[bool] = False
    held: bool = False

    def run(self, dt: float) -> None:
        if not self.held:
            self.used = min(float(self.limit.seconds), self.used + max(0.0, dt))


@dataclasses.dataclass(frozen=True, kw_only=True)
class Unseen(Action):
    """The other player's action when what it was is theirs alone (a card recruited: its price would say
    which): only its kind is known. The table makes it as any other move; the server already did."""

    name: ClassVar[str] = "unseen"
    kind: str = ""


@event
class Said(Event):
    """The table's own record of a chat line (not a rule of the game): ``name`` said ``text``."""

    kind: ClassVar[str] = "chat"
    name: str
    text: str


@dataclass
class Update:
    """One change of the game the server told: who acted (None: the server or nobody), the action (None for
    a view alone), the events as records, the view after it (None: the log alone, a missed update) and why."""

    seq: int
    by: int | None
    action: Action | None
    events: list[Event]
    turn: int
    state: dict[str, Any] | None = None
    legal: list[Action] = field(default_factory=list)
    reason: str = "action"
    clock: float | None = None  # a timed game's clock as the server read it with this view (seconds played)
    read_at: float = 0.0  # when this client read it (time.monotonic): the clock has run since

    @property
    def undo_by(self) -> int | None:
        """The player whose action an agreed undo took back (a view of reason ``undo:N``)."""
        if self.reason.startswith("undo:") and self.reason[5:].isdigit():
            return int(self.reason[5:])
        return None


class RemoteController(Controller):
    """The other player, at another computer: their moves are the server's updates (see the module's doc)."""

    kind = "remote"
    is_human = False

    def __init__(self, session: NetSession, seat: int) -> None:
        self.session = session
        self.seat = seat

    def decide(self, game, token: Any = None) -> Action | None:
        return self.session.remote_move(self.seat)

    def agree_undo(self, game) -> bool | None:
        return None  # asked across the network (NetSession.ask_undo)

    def thinking_text(self, tr, name: str) -> str:
        """The badge while they decide: their name, not «the computer»."""
        return tr("net.thinking", name=name)


class NetSession:
    """The session of a network game (see the module's doc). ``conn``: a :class:`net.client.Connection`;
    ``seat``: this player's (None: a spectator); ``welcome``: the server's welcome message."""

    again = "net"  # the end screen's «new game» leads back to the network screen
    campaign = None  # a network game is one game (a campaign is played at one computer)

    def __init__(self, conn: Any, seat: int | None, welcome: dict[str, Any], first_view: dict[str, Any]) -> None:
        self.conn = conn
        self.seat = seat
        self.room = str(welcome.get("room", ""))
        self.room_name = str(welcome.get("name", ""))
        self.address = ""  # where the server is, and this seat's secret token (the lobby sets both)
        self.token = ""
        self.hosted = False  # the server is this client's own child process (ui/nethost.py)
        self.ruleset = str(welcome["ruleset"])
        self.mode = str(welcome.get("mode", ""))
        self.rules = find_ruleset(self.ruleset)
        self.content = find_client(self.ruleset).cards()
        self.deck_names: tuple[str, str] = ("", "")
        self.log: list[tuple[int, Event]] = []
        self.history: list[Entry] = []
        self.seq = 0  # bumps on every change (the tables' views compare it)
        self.record = None  # the server keeps the record: the host saves there (:meth:`save`)
        self.controllers: list[Controller] = [
            HumanController() if i == seat else RemoteController(self, i) for i in (0, 1)]
        self.view_seq = 0  # the server's number of the view shown
        self.game: Any = None
        self.incoming: collections.deque[Update] = collections.deque()
        self.notices: collections.deque[dict[str, Any]] = collections.deque()  # peer, chat, undo asks… for the table
        self.chat: list[dict[str, Any]] = [m for m in welcome.get("chat", []) if isinstance(m, dict)]
        self.peers: dict[int, str] = {}  # seat -> "away" | "back" | "joined"
        self.link = "open"
        self._showing: Update | None = None  # the remote move handed to the table, not yet made
        self.received: tuple[int, dict[str, Any]] | None = None  # the last view read: the next patch's base
        self.clock: ServerClock | None = None  # a timed game's clock: the server's, shown here (ServerClock)
        self._log_at: list[int] = []  # where each action of ``history`` begins in the log (undo takes it out)
        start = self._update(self._whole(first_view))
        self._take(start)
        self.log.extend((0, ev) for ev in start.events)
        # the end screen's chart, grown from the views shown (there is no record here to replay: ui/timeline.py)
        self.grown = Tracker(find_client(self.ruleset).chart, self.game, joined=start.reason != "start",
                             setup=start.events, undoable=True)

    # ------------------------------------------------------------------ GameSession's face
    @property
    def whole(self) -> Any:
        return self.game

    @property
    def decider(self) -> int | None:
        return self.game.decider

    def controller(self, p: int | None) -> Controller | None:
        return None if p is None else self.controllers[p]

    @property
    def humans(self) -> list[int]:
        return [] if self.seat is None else [self.seat]

    @property
    def last_player(self) -> int | None:
        return self.history[-1].player if self.history else None

    @property
    def connected(self) -> bool:
        return self.link == "open"

    # ------------------------------------------------------------------ reading the server
    def pump(self) -> None:
        """Read every message that has come in (called each frame by the table)."""
        while True:
            try:
                message = self.conn.inbox.get_nowait()
            except queue.Empty:
                return
            self._read(message)

    def _read(self, m: dict[str, Any]) -> None:
        t = m.get("t")
        if t == "view":
            whole = self._whole(m)
            if whole is not None:
                self.incoming.append(self._update(whole))
        elif t == "catch_up":
            for u in m.get("updates", []):
                self.incoming.append(self._update({**u, "reason": "missed"}, with_state=False))
        elif t == "_link":
            self.link = str(m.get("status"))
            self._hold_clock()
            self.notices.append(m)
        elif t == "peer":
            self.peers[int(m.get("seat", -1))] = str(m.get("status"))
            self._hold_clock()
            self.notices.append(m)
        elif t == "chat":
            self.chat.append(m)
            self.log.append((self.game.turn, Said(name=str(m.get("name") or ""), text=str(m.get("text", ""))[:200])))
            self.seq += 1
            self.notices.append(m)
        else:  # undo asked or refused, saved, errors not answering a move of ours
            self.notices.append(m)

    def _whole(self, m: dict[str, Any]) -> dict[str, Any] | None:
        """A view message with its whole state: a patch applied to the last view read (net/patch.py). A patch
        on a view this client does not have asks the server for the whole view (None till it comes)."""
        if "patch" in m:
            base = self.received
            if base is None or base[0] != m.get("base"):
                self.conn.send({"t": "sync"})
                return None
            try:
                m = {**m, "state": apply_patch(base[1], m["patch"])}
            except PatchError:
                self.conn.send({"t": "sync"})
                return None
        if isinstance(m.get("state"), dict):
            self.received = (int(m.get("seq", 0)), m["state"])
        return m

    def _update(self, m: dict[str, Any], with_state: bool = True) -> Update:
        by = m.get("by")
        text, kind = m.get("action"), str(m.get("kind") or "")
        action: Action | None = None
        if isinstance(text, str):
            try:
                action = self.rules.codec.parse(text)
            except ActionSyntaxError:
                action = Unseen(kind=kind)
        elif kind:
            action = Unseen(kind=kind)
        events = []
        for data in m.get("events") or ():
            try:
                events.append(event_from_dict(self.ruleset, data))
            except (ValueError, TypeError):
                continue  # an event this client does not know (another version) is left out of the log
        legal = []
        for a in m.get("legal") or ():
            try:
                legal.append(self.rules.codec.parse(a))
            except ActionSyntaxError:
                continue
        clock = m.get("clock")
        return Update(seq=int(m.get("seq", 0)), by=by if isinstance(by, int) else None, action=action, events=events,
                      turn=int(m.get("turn", 0) or 0), state=m.get("state") if with_state else None, legal=legal,
                      reason=str(m.get("reason", "action")),
                      clock=float(clock) if isinstance(clock, int | float) and not isinstance(clock, bool) else None,
                      read_at=time.monotonic())

    def _view(self, state: dict[str, Any], legal: list[Action]) -> Any:
        obs = Observation(self.ruleset, self.seat, state, tuple(legal), ((), ()), self.content)
        return view_game(obs, self.content)

    def _take(self, u: Update) -> None:
        """Show ``u``'s view (and count the change), and the clock as the server read it with it."""
        if u.state is not None:
            self.game = self._view(u.state, u.legal)
            self.view_seq = u.seq
            limit = getattr(self.game, "time_limit", None)
            if limit is not None and (self.clock is None or self.clock.limit != limit):
                self.clock = ServerClock(limit)
                self._hold_clock()
            if self.clock is not None and u.clock is not None:  # a view shown later (a move paced) is older
                since = 0.0 if self.clock.held else max(0.0, time.monotonic() - u.read_at)
                self.clock.used = min(float(self.clock.limit.seconds), max(0.0, u.clock) + since)
        self.seq += 1

    def _hold_clock(self) -> None:
        """The server's clock stops while a player is away (this one too: the server is lost); so does this."""
        if self.clock is not None:
            self.clock.held = self.link != "open" or "away" in self.peers.values()

    def _said(self, u: Update) -> Acted:
        """The log's record of ``u``'s action, said from the game shown before it (see the module's doc)."""
        action = u.action
        player = u.by
        if action is not None and type(action) in self.game.META:  # a concession, a forfeit, a time-out
            player = getattr(action, "player", None)
        if action is not None and not isinstance(action, Unseen):
            return action_said(self.game, action, player)
        kind = action.kind if isinstance(action, Unseen) else ""
        words = {lang: self._unseen_words(kind, player, lang) for lang in ("ru", "en")}
        return Acted(player=player, action=f"unseen {kind}".strip(), ru=words["ru"], en=words["en"])

    def _unseen_words(self, kind: str, player: int | None, lang: str) -> str:
        """The words of an action of the other player's whose kind alone was told (a card recruited), as the
        hot-seat log says it to the other player (its ``hidden`` variant), or "" for none."""
        from ui.actionwords import key
        from ui.i18n import Tr

        tr = Tr(lang)
        for k in (key(self.ruleset, kind, "hidden"), key(self.ruleset, kind)):
            if kind and tr.has(k):
                try:
                    return tr(k, name=self.name(player))
                except (KeyError, IndexError, ValueError):
                    return ""  # its text names what was not told
        return ""

    # ------------------------------------------------------------------ the table asks
    def remote_move(self, seat: int) -> Action | None:
        """The other player's next move, when the next update is one made by ``seat`` at its decision; while
        it is pointed at, the game shown is the one before it with the cards it shows named."""
        self.pump()
        u = self.incoming[0] if self.incoming else None
        if u is None or u.by != seat or u.action is None or u.state is None or type(u.action) in self.game.META \
                or self.game.decider != seat:
            return None
        if self._showing is not u:
            self._showing = u
            before = find_client(self.ruleset).reveal(self.game.to_dict(), u.state)
            self.game = self._view(before, [])
        return u.action

    def next_update(self) -> Update | None:
        """The next change the table takes at once (see the module's doc), or None: the next update is a move
        of the other player's at their decision (which :meth:`remote_move` hands over), or nothing came."""
        self.pump()
        if not self.incoming:
            return None
        u = self.incoming[0]
        if u.by is not None and u.by != self.seat and u.action is not None and u.state is not None \
                and type(u.action) not in self.game.META and self.game.decider == u.by:
            return None
        return u

    def take(self, u: Update) -> list[Event]:
        """Take the update ``u`` (the first one waiting): its view becomes the game, its events the log."""
        assert self.incoming and self.incoming[0] is u
        self.incoming.popleft()
        self._showing = None
        undone = u.undo_by
        if undone is not None:
            if self.history and self.history[-1].player == undone:
                last = self.history.pop()
                at = self._log_at.pop()
                del self.log[at:at + 1 + len(last.events)]  # its record and events (a chat line since stays)
                self.grown.undo()
            self._take(u)
            self.log.append((self.game.turn, Undone(player=undone)))
            return []
        said = self._said(u) if u.action is not None else None
        turn, player = self.grown.now(self.game)
        self._take(u)
        if u.action is not None or u.events:
            self.grown.add(len(self.history), turn, player, u.events, self.game)
            self.history.append(Entry(u.action or Unseen(kind=""), u.by, list(u.events)))
            self._log_at.append(len(self.log))
            self.log.append((u.turn, said if said is not None else Acted(player=u.by, action="", ru="", en="")))
            self.log.extend((u.turn, ev) for ev in u.events)
        return u.events

    def apply(self, action: Action) -> list[Event]:
        """The remote move handed over (take its update), or this player's own move: sent to the server, and
        its events once the server's view answers (IllegalAction with the server's reason if refused)."""
        if self.incoming and self.incoming[0].action is action:
            return self.take(self.incoming[0])
        if self.seat is None:
            raise IllegalAction("spectator", "Зрители не ходят.", "Spectators make no moves.")
        self.pump()
        if not self.connected:
            raise IllegalAction("net", "Нет связи с сервером: ход не сделан.", "No connection to the server: no move made.")
        if self.incoming:
            raise IllegalAction("net_busy", "Сначала покажем ход соперника.", "The other player's move is shown first.")
        ref = self.conn.send({"t": "act", "action": str(action), "seq": self.view_seq})
        deadline = time.monotonic() + ANSWER_WAIT
        while time.monotonic() < deadline:
            try:
                m = self.conn.inbox.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                break
            if m.get("t") == "error" and m.get("re") == ref:
                raise IllegalAction(str(m.get("code", "net")), str(m.get("ru", "")), str(m.get("en", "")))
            self._read(m)
            if self.incoming and self.incoming[-1].by == self.seat and self.incoming[-1].state is not None:
                u = self.incoming[-1]
                while self.incoming and self.incoming[0] is not u:  # whatever came before it is taken first
                    self.take(self.incoming[0])
                if u.action is None or str(u.action) != str(action):
                    u.action = action
                return self.take(u)
            if self.link != "open":
                break
        raise IllegalAction("net", "Сервер не ответил: ход, может быть, не сделан.",
                            "The server did not answer: the move may not have been made.")

    # ------------------------------------------------------------------ undo, draw, saving, chat
    def undo_block(self) -> str | None:
        """Why this player cannot ask to take back the last action (an i18n key), or None."""
        if self.seat is None or not self.history:
            return "undo.nothing"
        last = self.history[-1]
        if self.game.is_over:
            return "undo.over"
        if last.player != self.seat:
            return "undo.computer"
        if self.rules.undo_hides is not None and self.rules.undo_hides(last.action, last.events):
            return "undo.hidden"
        return None

    def undo(self) -> None:
        raise ValueError("a network game is taken back by asking the other player (ask_undo)")

    def ask_undo(self) -> None:
        self.conn.send({"t": "undo"})

    def answer_undo(self, yes: bool) -> None:
        self.conn.send({"t": "undo_answer", "yes": yes})

    def save(self) -> None:
        """Ask the server to keep the game (the host only; the answer comes as a notice)."""
        self.conn.send({"t": "save"})

    def say(self, text: str) -> None:
        self.conn.send({"t": "chat", "text": text})

    def leave(self) -> None:
        self.conn.send({"t": "leave"})
        self.conn.close()

    def timeline(self) -> Timeline:
        """The game so far as the end screen's chart draws it, from the views this table was shown."""
        return self.grown.timeline(self.game)

    @property
    def host(self) -> bool:
        return self.seat == 0

    def name(self, p: int | None) -> str:
        return find_client(self.ruleset).player_name(self.game, p)
