"""A timed network game: the server keeps the clock and declares the time out itself; a time-out a client
sends is refused; the tables show the server's clock and never declare one. The server's clock is the test's
(it moves when the test says: nothing here sleeps for the clock)."""

from __future__ import annotations

import random

from engine.core.timing import TimeLimit
from net.client import wait_for
from net.protocol import PROTOCOL, NetError
from net.room import Room
from net.server import Limits
from saves.record import PlayerSetup
from tests.net_support import ServerThread, heroes_side, seat_two, toast, wait
from tests.ui_support import make_app
from ui import timeclock
from ui.netsession import NetSession, ServerClock
from ui.rulesets import find_client
from ui.scripted import eager_action
from ui.testing import Input

LIMITS = Limits(rate=10_000, burst=10_000)  # the test's clock stands still: no flood budget to refill


class Conn:
    """A connection as a room sees it: what it was sent."""

    def __init__(self) -> None:
        self.got: list[dict] = []


def _room(ruleset: str, mode: str, limit: TimeLimit, now: list[float]) -> tuple[Room, list[Conn]]:
    conns = [Conn(), Conn()]
    room = Room("ABCDEF", ruleset, mode, lambda c, m: c.got.append(m), clock=lambda: now[0], time_limit=limit)
    if ruleset == "heroes":
        from ui.heroes.content import game_content

        decks = [game_content()[1][i].deck for i in (0, 1)]
        sides = [PlayerSetup(name="", kind="human", hero=d.hero, deck=d.card_list()) for d in decks]
    else:
        sides = [PlayerSetup(name="", kind="human", hero="", deck=[]) for _ in (0, 1)]
    for i, name in enumerate(("Аня", "Борис")):
        room.sit(i, conns[i], name, sides[i])
    room.start(5)
    return room, conns


def _move(room: Room, rng: random.Random) -> None:
    """A random legal move of whoever decides (as its seat would send it)."""
    seat = room.game.decider
    room.act(seat, str(rng.choice(room.game.legal_actions())), room.seq)


def test_the_room_keeps_the_clock_stops_it_while_a_player_is_away_and_declares_the_time_out():
    now = [100.0]
    room, conns = _room("classic", "first", TimeLimit(seconds=60), now)
    assert conns[0].got[-1]["clock"] == 0, "each view says how much of the limit is played"
    now[0] += 20
    _move(room, random.Random(1))
    assert conns[1].got[-1]["clock"] == 20
    # a client's declaration is refused, whatever its reading: the clock is the server's
    digest = room.state_hash()
    for seat in (0, 1):
        try:
            room.act(seat, "time_out elapsed=3600", room.seq)
            raise AssertionError("a seat's time-out was taken")
        except NetError as exc:
            assert exc.code == "server_only"
    assert room.state_hash() == digest
    # a player away: the clock stops till they are back (a table's clock stops behind its curtain alike)
    room.drop(conns[1])
    now[0] += 500
    assert not room.tick(keep=10_000) and not room.over
    assert room.clock_used() == 20
    room.reconnect(1, conns[1], None)
    now[0] += 39.5
    room.tick(keep=10_000)
    assert not room.over, "59.5 s of 60 played"
    now[0] += 0.5
    room.tick(keep=10_000)
    assert room.over and room.game.outcome.winner in (0, 1, None)  # 2007 7.3-7.4: the costlier squad, or a draw
    assert str(room.record.log[-1]) == "time_out elapsed=60"
    told = conns[0].got[-1]
    assert told["t"] == "view" and told["action"] == "time_out elapsed=60" and told["by"] is None
    # the game is over: the clock stands, and the next tick declares nothing more
    now[0] += 100
    room.tick(keep=10_000)
    assert room.clock_used() == 60 and len(room.record.log) == 2


def test_heroes_plays_its_extra_turns_after_the_server_declared_the_time():
    now = [0.0]
    room, conns = _room("heroes", "standard", TimeLimit(seconds=60, extra_turns=1), now)
    now[0] += 61
    room.tick(keep=10_000)
    assert room.game.timed_out is not None and not room.over, "CR 603.1 (3): the turn is played out, then extra turns"
    room.keep_clock()
    assert room.record.clock_ms == 61_000, "a save keeps the clock's reading"
    now[0] += 1000
    room.tick(keep=10_000)
    assert room.clock_used() == 61, "the clock stopped with the time out"
    rng = random.Random(2)
    for _ in range(400):
        if room.over:
            break
        _move(room, rng)
    assert room.over, "the extra turns end the game"


def test_the_tables_show_the_servers_clock_and_the_server_ends_the_game(home):
    now = [0.0]
    with ServerThread(LIMITS, seed=2, clock=lambda: now[0]) as srv:
        seats = seat_two(srv, {"ruleset": "classic", "mode": "first", "time": {"seconds": 120}}, [None, None])
        tables, people = [], []
        for conn, welcome, view in seats:
            app = make_app(home / "saves")
            session = NetSession(conn, welcome["seat"], welcome, view)
            app.show(find_client(session.ruleset).net_table_scene, session=session)
            people.append(Input(app, draw_every=0))
            tables.append(app.scene)
        for t in tables:
            assert isinstance(t.session.clock, ServerClock) and t.session.clock.limit.seconds == 120
            assert timeclock.reading(t.game, t.session.clock, t.tr)[0] == t.tr("timed.left", time="2:00")
        # the tables' frames run their clocks between the server's readings, up to the limit and no further:
        # only the server declares the time out
        for p in people:
            p.frame(30, 10.0)
        for t in tables:
            assert t.session.clock.used == 120 and not t.game.is_over and not t.session.incoming
        # a client that sends a declaration anyway is refused
        conn = seats[0][0]
        conn.send({"t": "act", "action": "time_out elapsed=120", "seq": tables[0].session.view_seq})
        refusal = NetError("server_only").reason(tables[0].tr.lang)
        wait(people, lambda: toast(tables[0]) == refusal, 10, "the refusal")  # the table says it
        assert not tables[0].game.is_over
        # the server's clock: 100 s played; the next view (a move made at a table by the mouse) says so
        now[0] = 100.0
        srv.call(srv.server.tick)
        i = next(i for i, t in enumerate(tables) if t.game.decider == t.session.seat)
        driver = find_client("classic").part("testing").Driver(tables[i], random.Random(1))
        seq = tables[i].session.view_seq
        driver.perform(eager_action(tables[i].game, random.Random(1)))
        wait(people, lambda: all(t.session.view_seq > seq and not t.session.incoming for t in tables), 10, "the move")
        for t in tables:
            assert 100 <= t.session.clock.used < 110, "the server's reading, then the table's frames since"
        now[0] = 121.0
        srv.call(srv.server.tick)
        wait(people, lambda: all(t.game.is_over for t in tables), 10, "the time out")
        for t in tables:
            assert t.game.outcome.reason in ("time_squad", "time_equal"), t.game.outcome  # 2007 7.3-7.4
            lines = find_client("classic").log_lines([ev for _, ev in t.session.log[-4:]], t.game, t.tr)
            assert t.tr("timed.log_classic", time="2:01") in lines, lines
            assert timeclock.reading(t.game, t.session.clock, t.tr)[0] == t.tr("timed.out")
        for t in tables:
            t.session.leave()


def test_a_timed_game_is_asked_for_in_the_create_message_and_checked():
    with ServerThread(LIMITS, seed=3) as srv:
        from tests.net_support import connect
        from ui.heroes.content import game_content

        a = connect(srv)
        deck = game_content()[1][0].deck
        for bad in ({"seconds": 5}, {"seconds": "600"}, {"seconds": 600, "extra_turns": 99}, []):
            ref = a.send({"t": "create", "v": PROTOCOL, "game": {"ruleset": "heroes", "time": bad},
                          "player": {"name": "Аня", "deck": heroes_side(deck)}})
            assert wait_for(a, ("welcome",), 10, ref)["t"] == "error", bad
        ref = a.send({"t": "create", "v": PROTOCOL, "game": {"ruleset": "heroes", "time": {"seconds": 600}},
                      "player": {"name": "Аня", "deck": heroes_side(deck)}})
        welcome = wait_for(a, ("welcome",), 10, ref)
        room = srv.call(lambda: srv.server.rooms[welcome["room"]])
        assert room.time_limit == TimeLimit(seconds=600, extra_turns=3), "«Герои»'s extra turns default to 3"
