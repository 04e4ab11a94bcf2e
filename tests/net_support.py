"""Shared by the network tests: a game server on a thread of its own, on loopback only, and players seated
at it through the client's own connection (net/client.py). Every wait is bounded in time."""

from __future__ import annotations

from typing import Any

from net.client import Connection, wait_for
from net.protocol import PROTOCOL
from net.serve import ServerThread


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


# ---------------------------------------------------------------------- the network screen by raw input
def button(scene, key):
    """The network screen's button for ``key`` (ui/scenes/net.py names its buttons so)."""
    return next(b for b, k in scene.buttons.items() if k == key)


def menu(scene, key):
    return next(m for m, k in scene.menus.items() if k == key)


def fill(person, entry, text: str) -> None:
    """Click a text box, select what it holds (Ctrl+A) and type ``text`` over it, as a person does."""
    import pygame

    person.click(entry.rect.center)
    person.key(pygame.K_a, pygame.KMOD_CTRL)
    person.key(pygame.K_BACKSPACE)
    person.type(text)


def wait(person, done, seconds: float = 30.0, what: str = "the network") -> None:
    """Frames of the app (and a little real time for the network's threads) until ``done()``; ``person``
    may be a list of people (each app runs its frames)."""
    import time

    from ui.testing import GestureError

    people = person if isinstance(person, list | tuple) else [person]
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise GestureError(f"{what} did not answer in {seconds} s")
        for p in people:
            p.frame(1, 0.05)
        time.sleep(0.005)


def host_from_menu(app, person, game: str = "heroes", mode: str | None = None, deck: int = 0, minutes: int = 0):
    """The main menu → «Игра по сети» → «Создать игру»: the game, mode, deck (and a time limit of ``minutes``)
    picked from the drop-downs, the port 0 (any free one), «Создать»; returns the network screen once the game
    waits for a second player."""
    from tests.ui_support import menu_button

    app.show("menu")
    person.frame(2)
    person.press(menu_button(app, "net"))
    person.press(app.scene.host_b)
    scene = app.scene
    tr = app.tr
    if game == "classic":
        person.choose(menu(scene, "game"), tr("classic.game_classic"))
        scene = app.scene
        if mode is not None:
            person.choose(menu(scene, "mode"), tr(f"csetup.mode_{mode}"))
            scene = app.scene
    if "deck" in scene.menus.values():
        labels = scene._deck_labels()
        person.choose(menu(scene, "deck"), labels[deck])
    if minutes:
        from ui.timeclock import limit_label

        person.choose(menu(scene, "time"), limit_label(tr, minutes))
        scene = app.scene
    fill(person, scene.entries["port"], "0")
    person.press(button(scene, "create"))
    wait(person, lambda: scene.welcome is not None or bool(scene.error), 60, "the hosted server")
    assert scene.welcome is not None, scene.error
    return scene


def join_from_menu(app, person, address: str, code: str, deck: int = 1, name: str = ""):
    """The main menu → «Игра по сети» → «Подключиться по адресу»: the address and the code typed, «Найти
    игру», a deck picked, «Сесть за стол»; returns the screen once the server has seated the player."""
    from tests.ui_support import menu_button

    app.show("menu")
    person.frame(2)
    person.press(menu_button(app, "net"))
    person.press(app.scene.join_b)
    scene = app.scene
    fill(person, scene.entries["address"], address)
    fill(person, scene.entries["code"], code)
    if name:
        fill(person, scene.entries["name"], name)
    person.press(button(scene, "find"))
    wait(person, lambda: scene.room is not None or bool(scene.error), 20, "the server's list of games")
    assert scene.room is not None, scene.error
    if "deck" in scene.menus.values():
        person.choose(menu(scene, "deck"), scene._deck_labels()[deck])
    person.press(button(scene, "sit"))
    return scene


def play_both(tables, drivers, rng, seconds: float = 240.0, until=None, on_move=None) -> int:
    """Both tables played by raw input until the game ends on both (or ``until()``): whoever decides makes
    an eager legal move by the mouse, the other table shows it; returns the moves made."""
    import time

    from ui.scripted import eager_action

    start = time.monotonic()
    moves = 0
    while time.monotonic() - start < seconds:
        time.sleep(0.002)
        for d in drivers:
            d.input.frame(1, 0.1)
        if all(t.game.is_over for t in tables) or (until is not None and until()):
            return moves
        for i, t in enumerate(tables):
            g = t.game
            if g.decider == t.session.seat and not t.session.incoming and t._mine() and t.session.connected:
                action = eager_action(g, rng)
                if action is None:
                    continue
                before = len(t.session.history)
                drivers[i].perform(action)
                assert len(t.session.history) == before + 1, f"{action} was not made: {toast(t)!r}"
                assert str(t.session.history[-1].action) == str(action)
                moves += 1
                if on_move is not None:
                    on_move(i, action)
    raise AssertionError(f"the game did not end in {seconds} s ({moves} moves)")


def toast(table) -> str:
    return getattr(table, "toast_text", None) or getattr(getattr(table, "ui", None), "toast", "")
