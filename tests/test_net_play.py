"""Network play as two people play it: two clients at one server over loopback, each seated from the
«Игра по сети» screen and playing by raw mouse and keyboard input on its own table (tests/net_support.py).
The host's client starts the server as a child process; the other types its address and the game's code.
Each table draws from its player's view alone, and both end with the same result as the server."""

from __future__ import annotations

import random

import pytest

from engine.ai.observe import HIDDEN
from tests.net_support import host_from_menu, join_from_menu, play_both
from tests.ui_support import make_app
from ui import nethost
from ui.testing import Input

SEED = 5  # the hosted server deals its games from it (main.py serve --seed), so each run plays the same game


@pytest.fixture()
def two_apps(home):
    apps = [make_app(home / "saves", seed=SEED), make_app(home / "saves")]  # the host's --seed deals the game
    yield apps, [Input(a, draw_every=0) for a in apps]
    nethost.stop()


def _drivers(tables):
    from ui.rulesets import find_client

    return [find_client(t.session.ruleset).part("testing").Driver(t, random.Random(i)) for i, t in enumerate(tables)]


def _never_holds_hidden_cards(table) -> None:
    """The table's game is its player's view: the other side's hand, every deck and the other's face-down
    cards are the placeholder card there, whatever they are on the server."""
    g, me = table.game, table.session.seat
    if table.session.ruleset == "heroes":
        hidden = [c for pl in g.players for c in pl.deck] + list(g.players[1 - me].hand)
        assert all(g.cards[c].card == HIDDEN for c in hidden)
    else:
        hidden = [i for d in g.decks for i in d] + [c for c in g.hidden if g.creatures[c].owner != me]
        assert all(g.instances[i][1] == HIDDEN for i in hidden)
        assert all(g.creatures[c].card == HIDDEN for c in hidden if c in g.creatures)
    assert type(g).__name__.startswith("Observed")  # and it cannot be played here: moves go to the server


@pytest.mark.parametrize("game,mode,minutes", [("heroes", None, 0), ("classic", "first", 60)])
def test_a_full_game_hosted_and_joined_from_the_network_screen_by_raw_input(two_apps, game, mode, minutes):
    (a, b), (pa, pb) = two_apps
    hosting = host_from_menu(a, pa, game, mode, deck=1, minutes=minutes)
    port = hosting.hosting.port
    code = hosting.welcome["room"]
    assert hosting.page == "wait" and hosting.welcome["seat"] == 0
    join_from_menu(b, pb, f"127.0.0.1:{port}", code, deck=2)
    from tests.net_support import wait

    wait(pa, lambda: type(a.scene).__name__.startswith("Net") and type(a.scene).__name__ != "NetScene", 20)
    wait(pb, lambda: type(b.scene).__name__.startswith("Net") and type(b.scene).__name__ != "NetScene", 20)
    tables = [a.scene, b.scene]
    assert [t.session.seat for t in tables] == [0, 1]
    assert all(t.curtain_for is None if hasattr(t, "curtain_for") else t.ui.curtain is None for t in tables)
    for t in tables:
        _never_holds_hidden_cards(t)
        # a timed game: each table shows the server's clock (which declares the time out: tests/test_net_timed.py)
        assert (t.session.clock.limit.seconds if t.session.clock else 0) == minutes * 60
    moves = play_both(tables, _drivers(tables), random.Random(7),
                      on_move=lambda i, act: _never_holds_hidden_cards(tables[i]))
    assert moves > 20
    outcomes = [t.game.outcome for t in tables]
    assert outcomes[0] == outcomes[1] and outcomes[0] is not None
    # both tables told the same story of the game (the other's moves included), in their own log
    assert len(tables[0].session.history) == len(tables[1].session.history)


@pytest.fixture()
def short_own_deck(home):
    """A deck of the player's own of 20 cards (a ready deck needs 40), read afresh and forgotten after."""
    from ui.heroes import content

    folder = home / "data" / "decks"
    folder.mkdir(parents=True)
    (folder / "short.toml").write_text('[deck]\nid = "short_night"\nname = {ru = "Короткая", en = "Short"}\n'
                                       'hero = "hero_moren"\n\n[deck.cards]\ndark_bone_servant = 4\n'
                                       'dark_plague_rat = 3\ndark_ghoul = 3\ndark_gravedigger = 2\n'
                                       'dark_night_slayer = 2\ndark_wailing_shade = 2\ndark_blood_priest = 2\n'
                                       'dark_blood_mage = 2\n', encoding="utf-8")
    content.game_content.cache_clear()
    yield "short_night"
    content.game_content.cache_clear()


def test_an_own_deck_the_rules_refuse_is_refused_by_the_server_with_the_engines_reason(two_apps, short_own_deck):
    """The network screen does not check the deck itself: the server does, and its reason is shown there."""
    from ui.heroes.content import game_content

    (a, _), (pa, _) = two_apps
    own = next(i for i, c in enumerate(game_content()[1]) if c.deck.id == short_own_deck)
    from tests.net_support import button, fill, menu, wait
    from tests.ui_support import menu_button

    a.show("menu")
    pa.frame(2)
    pa.press(menu_button(a, "net"))
    pa.press(a.scene.host_b)
    screen = a.scene
    pa.choose(menu(screen, "deck"), screen._deck_labels()[own])
    fill(pa, screen.entries["port"], "0")
    pa.press(button(screen, "create"))
    wait(pa, lambda: bool(a.scene.error), 60, "the server's refusal")
    screen = a.scene
    assert screen.page == "host" and screen.welcome is None
    assert "40" in screen.error, screen.error  # «в колоде 20 карт, нужно 40 или больше»: the engine's words


def test_cancelling_a_hosted_game_leaves_the_screen_and_makes_no_other(two_apps):
    from net.client import Connection, wait_for
    from tests.net_support import button

    (a, _), (pa, _) = two_apps
    hosting = host_from_menu(a, pa, "classic", "first")
    port, code = hosting.hosting.port, hosting.welcome["room"]
    pa.press(button(hosting, "cancel"))
    assert a.scene.page == "home"
    pa.wait(0.6)  # frames pass: nothing is made again
    look = Connection(f"ws://127.0.0.1:{port}").start()
    ref = look.send({"t": "rooms"})
    rooms = wait_for(look, ("rooms",), 10, ref)["rooms"]
    look.close()
    assert [r["code"] for r in rooms] == [code]
