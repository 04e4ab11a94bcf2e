"""The network screens for ``--screenshot``: ``net_lobby.png`` (the network screen, a game heard on the local
network) and ``net_table.png`` (a timed «Герои» game over the network from one seat, the server's clock in
the corner: the other player has dropped, the banner says so, and the table waits).

A real server runs for them on a thread of this process, on loopback only; the game heard nearby is
announced inside this process (no packet is sent). Nothing is written to the player's folders.
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

import pygame


def save(app, scene, out: Path, name: str) -> Path:
    """The scene drawn into ``out/name`` (as ui/screenshots.py saves every screen)."""
    scene.draw(app.screen)
    path = out / name
    pygame.image.save(app.screen, str(path))
    return path


def _settle(app, seconds: float, until=None) -> None:
    """Frames of the current scene until ``until()`` (or ``seconds``), then one more: widgets drawn as built."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not (until is not None and until()):
        app.scene.update(0.05)
        time.sleep(0.003)
    app.scene.update(0.05)


def net_shots(app, out: Path) -> list[Path]:
    from net.discovery import ENV, Announcer
    from net.serve import ServerThread
    from ui.registry import make_scene

    saved = []
    was = os.environ.get(ENV)
    os.environ[ENV] = "memory"
    nearby = Announcer(7777, "Стол Бориса" if app.tr.lang == "ru" else "Boris's table")
    nearby.start()
    try:
        start = time.monotonic()
        # the server's clock runs 20 times fast, so that the timed game's clock has moved in the picture
        with ServerThread(seed=4, clock=lambda: start + 20 * (time.monotonic() - start)) as srv:
            lobby = make_scene(app, "net")
            app.switch(lobby)
            _settle(app, 1.2, lambda: bool(lobby.shown_found))
            saved.append(save(app, lobby, out, "net_lobby.png"))
            saved.append(_table(app, srv, out))
    finally:
        nearby.stop()
        if was is None:
            os.environ.pop(ENV, None)
        else:
            os.environ[ENV] = was
    return saved


def _heroes_side(i: int) -> dict:
    from ui.rulesets import find_client

    deck = find_client("heroes").content.game_content()[1][i].deck
    return {"deck": {"hero": deck.hero, "cards": deck.card_list()}}


def _table(app, srv, out: Path) -> Path:
    """Anna's table after four turns against Boris over the network (her moves made at her table, his sent
    by his client); then Boris's connection breaks and the banner says so."""
    from net.client import Connection, wait_for
    from net.patch import apply
    from net.protocol import PROTOCOL
    from ui.netsession import NetSession
    from ui.registry import make_scene

    ru = app.tr.lang == "ru"
    a, b = Connection(srv.url).start(), Connection(srv.url).start()
    ref = a.send({"t": "create", "v": PROTOCOL, "game": {"ruleset": "heroes", "time": {"seconds": 30 * 60}},
                  "player": {"name": "Анна" if ru else "Anna", **_heroes_side(0)}})
    wa = wait_for(a, ("welcome",), 10, ref)
    ref = b.send({"t": "join", "v": PROTOCOL, "room": wa["room"],
                  "player": {"name": "Борис" if ru else "Boris", **_heroes_side(2)}})
    wait_for(b, ("welcome",), 10, ref)
    table = make_scene(app, "net_table", session=NetSession(a, 0, {**wa, "state": "playing"}, wait_for(a, ("view",), 10)))
    app.switch(table)  # the «Герои» table of a network game
    table.tips.enabled = False  # the log beside the board is pictured (what the other player did, in words), not a tip
    table.speed = 8.0  # Boris's moves shown briskly: only the last moment is pictured
    rng = random.Random(3)
    theirs = wait_for(b, ("view",), 10)
    acted = -1
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not table.game.is_over:
        app.scene.update(0.1)
        if table.game.turn >= 5 and table.game.decider == 1 and not table.session.incoming:
            break
        if table.game.decider == 0 and not table.session.incoming and table._mine():
            legal = table.game.legal_actions()
            busy = [x for x in legal if type(x).__name__ not in ("EndTurn", "DeclineTrigger", "NoDefense")]
            table.do(rng.choice(busy) if busy and rng.random() < 0.8 else rng.choice(legal))
        while True:  # Boris's client: his views, and his moves when he decides
            if theirs["legal"] and theirs["seq"] != acted and theirs["state"]["turn"] < 5:
                legal = theirs["legal"]
                busy = [x for x in legal if not x.startswith(("end", "decline", "no_defense"))]
                b.send({"t": "act", "action": rng.choice(busy) if busy and rng.random() < 0.8 else rng.choice(legal),
                        "seq": theirs["seq"]})
                acted = theirs["seq"]
            try:
                m = b.inbox.get_nowait()
            except Exception:  # noqa: BLE001 - nothing more for now
                time.sleep(0.002)  # the server's thread answers
                break
            if m.get("t") == "view":
                theirs = {**m, "state": apply(theirs["state"], m["patch"]) if "patch" in m else m["state"]}
    b.drop_now()
    b.close()
    _settle(app, 3.0, lambda: bool(table.away))
    _settle(app, 0.6)
    path = save(app, table, out, "net_table.png")
    table.session.leave()
    return path
