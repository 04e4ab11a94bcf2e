"""Leaving a network game and coming back to it from the network screen: the host saves the game on the server
from the table's menu, leaves for the main menu (the other table says they are away), then clicks the game
under «Вернуться в игру» and is at the same table again, the game as the server has it."""

from __future__ import annotations

import random

from tests.net_support import ServerThread, button, play_both, seat_two, wait
from tests.test_net_reconnect import _tables
from tests.ui_support import menu_button
from ui.netgames import recall


def test_the_host_saves_leaves_and_comes_back_from_the_network_screen(home):
    with ServerThread(saves=home / "server", seed=5) as srv:
        seats = seat_two(srv, {"ruleset": "classic", "mode": "first"}, [None, None])
        tables, drivers = _tables(home, seats)
        host, other = tables
        host.session.address, host.session.token = srv.address, seats[0][1]["token"]  # as the network screen does
        people = [d.input for d in drivers]
        count = [0]
        play_both(tables, drivers, random.Random(4), until=lambda: count[0] >= 6,
                  on_move=lambda i, a: count.__setitem__(0, count[0] + 1))
        d = drivers[0]
        d.press(("menu",))
        d.input.click(next(b for b in host.look.menu_buttons if b.value == ("m", "save")).rect.center)
        code = host.session.room
        wait(people, lambda: host.toast_text == host.tr("net.saved", code=code), 10, "the server's word it saved")
        assert (home / "server" / f"{code}.json").is_file()
        assert [g["room"] for g in recall()] == [code]
        before = srv.call(lambda: srv.server.rooms[code].state_hash())
        d.press(("menu",))
        d.input.click(next(b for b in host.look.menu_buttons if b.value == ("m", "exit")).rect.center)
        app = host.app
        assert type(app.scene).__name__ == "MenuScene"
        wait(people, lambda: bool(other.away), 10, "the other table saying the host left")
        d.input.press(menu_button(app, "net"))
        screen = app.scene
        d.input.press(button(screen, ("resume", 0)))
        wait(people, lambda: type(app.scene).__name__ == "NetClassicTable", 15, "the table again")
        back = app.scene
        wait(people, lambda: not other.away and back.session.view_seq == other.session.view_seq, 10)
        assert srv.call(lambda: srv.server.rooms[code].state_hash()) == before, "the game waited as it was"
        assert back.session.seat == 0 and back.game.turn == other.game.turn
        assert {c: (v.at, v.wounds) for c, v in back.game.creatures.items()} == \
            {c: (v.at, v.wounds) for c, v in other.game.creatures.items()}
        for t in (back, other):
            t.session.leave()
