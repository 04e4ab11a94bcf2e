"""A dropped connection loses nothing: the client reconnects by itself, the server gives it what it missed
and the game as it is, and the table resumes exactly — the game reaches the same state as one played
without the drop. A player away past the limit loses by a technical result, which both logs tell."""

from __future__ import annotations

import random
import time

import pytest

from engine.ai.observe import HIDDEN
from net.client import wait_for
from tests.net_support import ServerThread, play_both, seat_two, wait
from tests.ui_support import make_app
from ui.classic import content
from ui.netsession import NetSession
from ui.testing import Input

MOVES = 70  # squad building, placement and the first turns of the battle


def _tables(home, seats):
    from ui.rulesets import find_client

    tables, drivers = [], []
    for i, (conn, welcome, view) in enumerate(seats):
        app = make_app(home / "saves")
        session = NetSession(conn, welcome["seat"], welcome, view)
        app.show(find_client(session.ruleset).net_table_scene, session=session)
        table = app.scene
        Input(app, draw_every=0).frame(1)
        tables.append(table)
        drivers.append(find_client(session.ruleset).part("testing").Driver(table, random.Random(i)))
    return tables, drivers


def _points(timeline) -> list[tuple]:
    """What the end screen's chart draws of each turn: its number, whose it was, each side's measures."""
    return [(t.turn, t.player, t.sides) for t in timeline.turns]


def _play(home, drop_at: int | None):
    """The first MOVES moves of a classic game from decks, one client dropped after ``drop_at`` of them (at the
    first moment after them that the player who stays decides);
    the server's game hash and each table's view at the end."""
    decks = content.decks()
    with ServerThread(seed=3) as srv:
        seats = seat_two(srv, {"ruleset": "classic", "mode": "2022"},
                         [{"cards": list(decks[1].cards)}, {"cards": list(decks[2].cards)}])
        tables, drivers = _tables(home, seats)
        count = [0]
        seen = {"away": False, "back": False, "missed": 0}
        people = [d.input for d in drivers]

        def on_move(i, action):
            count[0] += 1

        rng = random.Random(11)
        if drop_at is not None:
            # dropped once the player who stays decides: they move while the other is away
            play_both(tables, drivers, rng, until=lambda: count[0] >= drop_at and tables[0].game.decider == 0,
                      on_move=on_move)
            b = tables[1].session.conn
            url, b.url = b.url, "ws://127.0.0.1:9"  # the network is down: every try to come back fails
            b.drop_now()
            wait(people, lambda: bool(tables[0].away), 10, "the server noticing the drop")
            seen["away"] = tables[0].banner == tables[0].tr("net.peer_away", name=tables[1].session.name(1))
            lost = count[0]
            play_both(tables, drivers, rng, until=lambda: count[0] >= drop_at + 4 or tables[0].game.decider == 1,
                      on_move=on_move)
            seen["missed"] = count[0] - lost
            assert tables[1].banner == tables[1].tr("net.link_lost")
            b.url = url  # the network is back: the client comes back by itself
            wait(people, lambda: not tables[0].away, 10, "the player's return")
            seen["back"] = tables[0].banner == tables[0].tr("net.peer_back", name=tables[1].session.name(1))
        play_both(tables, drivers, rng, until=lambda: count[0] >= MOVES, on_move=on_move)
        people = [d.input for d in drivers]
        wait(people, lambda: all(not t.session.incoming for t in tables) and
             tables[0].session.view_seq == tables[1].session.view_seq, 10)
        room = srv.call(lambda: next(iter(srv.server.rooms.values())))
        digest = srv.call(room.state_hash)
        views = [t.game.to_dict() for t in tables]
        logs = [[ev.to_dict() for _, ev in t.session.log] for t in tables]
        for t in tables:
            t.session.leave()
    return digest, views, logs, seen


def test_a_dropped_client_comes_back_by_itself_and_the_game_is_the_same(home):
    plain = _play(home, None)
    dropped = _play(home, 25)
    assert dropped[0] == plain[0], "the game went on to the same state as without the drop"
    assert dropped[1] == plain[1], "each table shows exactly what it would have"
    def told(log):  # the game's own events (the table adds summaries of the other's squad as it shows them)
        return [ev for ev in log if ev["t"] != "bot_summary"]

    assert told(dropped[2][1]) == told(plain[2][1]), "what happened while away was caught up in the log"
    assert dropped[2][0] == plain[2][0]
    # each log says every action in words before its events, as a local table's does: a recruit of the other
    # player's in the words a local table says it to them (its card and price stay theirs)
    from ui.i18n import Tr

    acted = [ev for ev in plain[2][0] if ev["t"] == "acted"]
    assert any(ev["action"].startswith("recruit card=") for ev in acted), "this player's own recruits"
    theirs = [ev for ev in acted if ev["action"] == "unseen recruit"]
    assert theirs and all(ev["ru"] == Tr("ru")("act.classic.recruit_hidden", name="Борис") for ev in theirs)
    assert dropped[3]["missed"] > 0, "the other player moved while this one was away"
    assert dropped[3]["away"] and dropped[3]["back"], "the other table said they dropped, then were back"


def test_a_player_away_past_the_limit_loses_by_a_technical_result(home):
    from net.server import Limits

    decks = content.decks()
    with ServerThread(Limits(keep=0.6), seed=3) as srv:
        seats = seat_two(srv, {"ruleset": "classic", "mode": "first"}, [None, None])
        tables, drivers = _tables(home, seats)
        b = tables[1].session
        b.conn.give_up = 0.0  # this client does not come back
        b.conn.close()
        wait(drivers[0].input, lambda: tables[0].game.is_over, 15, "the technical loss")
        g = tables[0].game
        assert g.outcome.winner == 0 and g.outcome.reason == "forfeit"
        words = tables[0].tr("classic.log_forfeit", name=tables[1].session.name(1))
        from ui.classic.eventlog import describe

        assert words in [describe(ev, g, tables[0].tr) for _, ev in tables[0].session.log]
        tables[0].session.leave()
    assert decks  # the ready decks were there to offer


@pytest.mark.parametrize("answer", [True, False])
def test_undo_asks_the_other_player_across_the_network(home, answer):
    from engine.classic import actions as A

    with ServerThread(seed=2) as srv:
        seats = seat_two(srv, {"ruleset": "classic", "mode": "first"}, [None, None])
        tables, drivers = _tables(home, seats)
        first = next(t for t in tables if t.game.decider == t.session.seat)
        other = tables[1 - tables.index(first)]
        d = drivers[tables.index(first)]
        g = first.game
        move = next(a for a in g.legal_actions() if isinstance(a, A.Move))
        before = g.to_dict()
        charted = [_points(t.session.timeline()) for t in tables]  # the end screen's chart, grown from the views
        d.perform(move)
        people = [x.input for x in drivers]
        wait(people, lambda: other.session.view_seq == first.session.view_seq, 10)
        assert all(t.session.grown.steps_kept == 1 for t in tables)
        time.sleep(0.05)
        d.press(("undo",))
        od = drivers[tables.index(other)]
        wait(people, lambda: other.undo_ask == other.session.seat, 10, "the question on the other table")
        od.press(("undo_yes",) if answer else ("undo_no",))
        if answer:
            wait(people, lambda: first.game.to_dict() == before and other.session.view_seq == first.session.view_seq,
                 10, "the move taken back")
            assert other.game.creatures[move.card].at != tuple(move.to)
            assert [_points(t.session.timeline()) for t in tables] == charted  # the move is out of the chart too
        else:
            wait(people, lambda: first.toast_text == first.tr("undo.refused"), 10, "the refusal")
            assert first.game.creatures[move.card].at == tuple(move.to)
        assert all(t.session.grown.steps_kept == (0 if answer else 1) for t in tables)
        for t in tables:
            t.session.leave()


def test_a_chat_line_typed_at_one_table_is_in_the_others_log(home):
    import pygame

    from ui.classic.eventlog import describe

    with ServerThread(seed=2) as srv:
        seats = seat_two(srv, {"ruleset": "classic", "mode": "first"}, [None, None])
        tables, drivers = _tables(home, seats)
        person = drivers[0].input
        person.key(pygame.K_t)
        person.type("Удачи!")
        assert tables[0].typing == "Удачи!"
        person.key(pygame.K_RETURN)
        assert tables[0].typing is None
        people = [d.input for d in drivers]
        other = tables[1]
        said = other.tr("net.said", name=tables[0].session.name(0), text="Удачи!")
        wait(people, lambda: said in [describe(ev, other.game, other.tr) for _, ev in other.session.log], 10,
             "the line at the other table")
        assert not tables[0].session.history, "typing the line made no move (T, the letters, Enter are the line's)"
        for t in tables:
            t.session.leave()


@pytest.mark.parametrize("accept", [True, False])
def test_a_draw_offered_from_the_menu_is_answered_at_the_other_table(home, accept):
    from engine.classic import actions as A

    with ServerThread(seed=2) as srv:
        seats = seat_two(srv, {"ruleset": "classic", "mode": "first"}, [None, None])
        tables, drivers = _tables(home, seats)
        people = [d.input for d in drivers]
        offer, answer = tables[0], tables[1]
        d = drivers[0]
        d.press(("menu",))
        menu = next(b for b in offer.look.menu_buttons if b.value == ("m", "offer_draw"))
        assert menu.enabled
        d.input.click(menu.rect.center)
        # the menu asks first (the offer cannot be taken back); the answer that came up under the pointer waits
        yes = lambda: next(b for b in offer.look.menu_buttons if b.value == ("m", "draw_yes"))  # noqa: E731
        d.input.wait_until(lambda: offer.armed(yes()), 2.0, what="the question before the offer")
        d.input.click(yes().rect.center)
        wait(people, lambda: getattr(answer.game.pending, "kind", None) == "draw_offer", 10, "the offer")
        drivers[1].perform(A.AcceptDraw() if accept else A.DeclineDraw())
        if accept:
            wait(people, lambda: offer.game.is_over and answer.game.is_over, 10, "the game drawn")
            assert offer.game.outcome.winner is None and offer.game.outcome.reason == answer.game.outcome.reason
        else:
            wait(people, lambda: getattr(offer.game.pending, "kind", None) != "draw_offer"
                 and offer.session.view_seq == answer.session.view_seq, 10, "the offer declined")
            assert not offer.game.is_over and not answer.game.is_over
        for t in tables:
            t.session.leave()


def test_a_spectator_watches_from_the_network_screen_and_sees_no_hand(home):
    from net.patch import apply
    from tests.net_support import button, fill, heroes_side
    from tests.ui_support import menu_button
    from ui.heroes.content import game_content

    decks = game_content()[1]
    with ServerThread(seed=6) as srv:
        seats = seat_two(srv, {"ruleset": "heroes"}, [heroes_side(decks[0].deck), heroes_side(decks[1].deck)])
        app = make_app(home / "saves")
        person = Input(app, draw_every=0)
        app.show("menu")
        person.frame(2)
        person.press(menu_button(app, "net"))
        person.press(app.scene.join_b)
        screen = app.scene
        fill(person, screen.entries["address"], srv.address)
        fill(person, screen.entries["code"], seats[0][1]["room"])
        person.press(button(screen, "find"))
        wait(person, lambda: screen.room is not None, 10, "the game found")
        assert "sit" not in screen.buttons.values(), "both seats are taken: it can only be watched"
        person.press(button(screen, "watch"))
        wait(person, lambda: type(app.scene).__name__ == "NetHeroesTable", 10, "the spectator's table")
        table = app.scene
        views = [v for _, _, v in seats]
        rng = random.Random(1)
        for _ in range(15):  # the players move (their own clients); the spectator's table follows
            i = 0 if views[0]["legal"] else 1
            seats[i][0].send({"t": "act", "action": rng.choice(views[i]["legal"]), "seq": views[i]["seq"]})
            for j in (0, 1):
                m = wait_for(seats[j][0], ("view",), 10)
                views[j] = {**m, "state": apply(views[j]["state"], m["patch"]) if "patch" in m else m["state"]}
        wait(person, lambda: table.session.view_seq == views[0]["seq"] and not table.session.incoming, 30,
             "the spectator's table catching up")
        g = table.game
        assert table.ui.show_hands == set() and g.legal_actions() == [] and table.session.humans == []
        assert all(g.cards[c].card == HIDDEN for p in g.players for c in [*p.hand, *p.deck]), "no hand, no deck"
        table.session.leave()
