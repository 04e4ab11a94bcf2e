"""Timed games at both tables, played by raw input (ui.testing.Input). The clock is the frames' own time: each
test moves it by frames with a chosen ``dt`` and never sleeps.

Classic 2007 7.3–7.4: the time out ends the game, the costlier squad wins (equal costs draw). «Герои» CR 603.1
(3): the turn in progress ends, each player takes the extra turns, then a draw. The clock stops behind the
curtain and while the game is closed (a save keeps the time left).
"""

from __future__ import annotations

import random

import pygame

from engine.classic import actions as CA
from engine.core.timing import TimeLimit, TimeOut, clock_text
from engine.heroes import actions as A
from tests.ui_support import classic_table, menu_button, show
from ui import timeclock
from ui.classic import content
from ui.classic.testing import Driver as ClassicDriver
from ui.heroes.scene import TableScene
from ui.heroes.testing import Driver
from ui.rulesets import client_of, find_client
from ui.scenes.end import EndScene
from ui.scenes.menu import MenuScene
from ui.scenes.replay import ReplayScene
from ui.scenes.setup import SetupScene
from ui.scripted import advance, eager_action
from ui.session import start_session

MINUTE = 60.0


def heroes_session(limit: TimeLimit, seed: int = 2):
    pool, offered = find_client("heroes").content.game_content()
    s = start_session(pool, [offered[0], offered[1]], ("Аня", "Борис"), ("human", "human"), seed, limit)
    assert advance(s, random.Random(seed), lambda g: getattr(g.pending, "kind", None) == "main")
    return s


def log_lines(session, tr) -> list[str]:
    return [t for _, ev in session.log if (t := client_of(session.game).describe(ev, session.game, tr))]


def until_end_screen(app, person, seconds: float = 8.0) -> EndScene:
    person.wait_until(lambda: isinstance(app.scene, EndScene), seconds, what="the end screen")
    return app.scene


# ------------------------------------------------------------------------------------------ the new-game screen
def test_the_new_game_screen_sets_the_limit_off_by_default(app, person):
    show(app, MenuScene(app), person)
    person.press(menu_button(app, "new"))
    setup = app.scene
    assert isinstance(setup, SetupScene)
    assert setup.limit_menu.selected_option[0] == setup.tr("timed.no_limit")  # off by default
    assert not setup.extra_menu.is_enabled, "extra turns follow a limit only"
    person.choose(setup.limit_menu, setup.tr("timed.minutes", n=20))
    assert setup.extra_menu.is_enabled
    person.choose(setup.extra_menu, setup.tr("timed.extra_turns", n=2))
    person.press(setup.start_b)
    table = app.scene
    assert isinstance(table, TableScene), setup.error
    # CR 603.1 (3): the number of extra turns is set with the limit; the game records both
    assert table.session.record.time_limit == TimeLimit(seconds=20 * 60, extra_turns=2)
    assert table.game.time_limit == TimeLimit(seconds=20 * 60, extra_turns=2)
    assert table.session.clock.used < 1.0


def test_the_new_game_screen_times_a_classic_game_without_extra_turns(app, person):
    show(app, MenuScene(app), person)
    person.press(menu_button(app, "new"))
    setup = app.scene
    person.choose(setup.game_menu, setup.tr("classic.game_classic"))
    setup = app.scene
    assert setup.extra_menu is None  # 2007 7.3 ends the game at once: nothing to set but the limit
    person.choose(setup.limit_menu, setup.tr("timed.minutes", n=30))
    while app.scene.classic_mode != "campaign":  # the mode button, round to the campaign
        person.press(app.scene.open_b)
    setup = app.scene
    # a campaign is a series of games (2007 part 8), not one round against the clock
    assert not setup.limit_menu.is_enabled and setup.limit_menu.selected_option[0] == setup.tr("timed.no_limit")
    while app.scene.classic_mode in ("campaign", "first"):
        person.press(app.scene.open_b)
    setup = app.scene
    assert setup.limit_menu.is_enabled and setup.limit_menu.selected_option[0] == setup.tr("timed.minutes", n=30)
    person.press(setup.start_b)
    assert app.scene.session.record.time_limit == TimeLimit(seconds=30 * 60)
    # the next new game of this run offers the same limit again
    app.switch(SetupScene(app))
    assert app.scene.limit_minutes == 30


# ------------------------------------------------------------------------------------------ «Герои»
def test_heroes_timed_game_ends_by_the_clock_after_the_extra_turns(app, person):
    s = heroes_session(TimeLimit(seconds=10 * 60, extra_turns=1))
    table = TableScene(app, s)
    table.autosave = False
    show(app, table, person)
    clock = s.clock
    person.frame(10, dt=30.0)  # five minutes of play
    assert 299 < clock.used < 302 and not s.game.timed_out
    assert timeclock.reading(s.game, clock, table.tr)[0] == table.tr("timed.left", time="5:00")
    driver = Driver(table)
    driver.perform(A.EndTurn())  # the other player's turn: the curtain falls for the hand-over
    assert table.ui.curtain is not None
    stopped = clock.used
    person.frame(30, dt=MINUTE)  # half an hour behind the curtain: the clock stands still
    assert clock.used == stopped and s.game.timed_out is None
    driver.lift_curtain()
    person.frame(12, dt=30.0)  # the clock runs again and passes the ten minutes
    # CR 603.1 (3): the time is out; the turn in progress goes on (the same player still decides)
    out_turn = s.game.turn
    assert s.game.timed_out == out_turn and not s.game.is_over and s.game.pending.kind == "main"
    declared = s.history[-1].action  # declared by the table, with the clock's reading, once it reached the limit
    assert isinstance(declared, TimeOut) and 600 <= declared.elapsed < 630 and s.history[-1].player is None
    assert table.tr("timed.log_heroes", time=clock_text(declared.elapsed), n=1) in log_lines(s, table.tr)
    assert timeclock.reading(s.game, clock, table.tr) == (table.tr("timed.out"), True)
    ends = 0
    rng = random.Random(1)
    while not s.game.is_over:
        g = s.game
        driver.perform(A.EndTurn() if g.pending.kind == "main" else eager_action(g, rng))
        ends += g.pending is None or g.pending.kind == "main"
        if not s.game.is_over and s.game.turn > out_turn:
            assert timeclock.reading(s.game, clock, table.tr)[0] == table.tr("timed.extra", k=1, n=1)
    # the turn in progress, then one extra turn of each player, then the draw «за дополнительные ходы»
    assert s.game.turn == out_turn + 2
    assert s.game.outcome.winner is None and s.game.outcome.reason == "time"
    end = until_end_screen(app, person)
    assert end.tr.has("end.reason_time")
    person.press(end.replay_b)  # the replay tells the time-out in its place, from the log alone
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    assert table.tr("timed.log_heroes", time=clock_text(declared.elapsed), n=1) in replay.lines
    replay.replay.goto(len(replay.lines) - 1)
    assert replay.game.outcome == s.game.outcome and replay.game.state_hash() == s.game.state_hash()


# ------------------------------------------------------------------------------------------ classic
def squad_costs(g) -> list[int]:
    """Each side's cards in play in crystals, gold counted as silver (2007 7.3), read off the board."""
    return [sum(g.cards[c.card].cost for c in g.creatures.values() if c.owner == p and c.on_board) for p in (0, 1)]


def test_classic_timed_game_ends_by_the_clock_with_the_costlier_squad_winning(app, person):
    # the first battle's two squads: «Стража перевала» costs more than «Дозор Старолесья»
    s = content.start_session(list(content.squads()[:2]), ("Аня", "Борис"), 3, time_limit=TimeLimit(seconds=15 * 60))
    assert advance(s, random.Random(3), lambda g: g.turn >= 3 and getattr(g.pending, "kind", None) == "main",
                   limit=3000)
    table = classic_table(app, person, s)
    clock = s.clock
    person.frame(4, dt=MINUTE)
    assert 239 < clock.used < 242
    person.key(pygame.K_e, unicode="e")  # the end of the turn
    driver = ClassicDriver(table)
    while table.curtain_for is None:  # «в конце хода» answered (passed), then the curtain falls for the other player
        driver.perform(next(a for a in s.game.legal_actions() if isinstance(a, CA.Pass)))
    stopped = clock.used
    person.frame(30, dt=MINUTE)
    assert clock.used == stopped and not s.game.is_over, "the clock runs behind the curtain"
    costs = squad_costs(s.game)
    person.click((app.size[0] // 2, app.size[1] // 2))  # the next player takes the seat
    person.frame(12, dt=MINUTE)
    g = s.game
    # 2007 7.3: a technical victory to the player whose squad under his control costs more
    assert costs[0] != costs[1]
    assert g.is_over and g.outcome.reason == "time_squad" and g.outcome.winner == costs.index(max(costs))
    lines = log_lines(s, table.tr)
    declared = next(e.action for e in s.history if isinstance(e.action, TimeOut))
    assert 900 <= declared.elapsed < 960
    assert table.tr("timed.log_classic", time=clock_text(declared.elapsed)) in lines
    assert table.tr("timed.log_squads", a="Аня", x=costs[0], b="Борис", y=costs[1]) in lines
    end = until_end_screen(app, person)
    assert end.session is s


def test_classic_time_out_with_equal_squads_is_a_draw_at_the_table(app, person):
    # 2007 7.4: both sides bring the same squad, so they cost the same in crystals: the time out is a draw
    squad = content.squads()[0]
    s = content.start_session([squad, squad], ("Аня", "Борис"), 4, time_limit=TimeLimit(seconds=5 * 60))
    costs = squad_costs(s.game)
    assert costs[0] == costs[1]
    classic_table(app, person, s)
    person.frame(6, dt=MINUTE)
    assert s.game.is_over and s.game.outcome.winner is None and s.game.outcome.reason == "time_equal"
    end = until_end_screen(app, person)
    assert end.session.game.outcome.reason == "time_equal"


# ------------------------------------------------------------------------------------------ saves
def test_a_save_keeps_the_time_left_at_both_tables(app, person):
    heroes = heroes_session(TimeLimit(seconds=30 * 60, extra_turns=3))
    classic = content.start_session(list(content.squads()[:2]), ("Аня", "Борис"), 5,
                                    time_limit=TimeLimit(seconds=30 * 60))
    for s in (heroes, classic):
        if s.game.ruleset == "heroes":
            table = TableScene(app, s)
            table.autosave = False
            show(app, table, person)
        else:
            table = classic_table(app, person, s)
        person.frame(20, dt=30.0)  # ten minutes
        saved = s.clock.used
        person.key(pygame.K_F5)  # quick save
        person.frame(10, dt=MINUTE)  # the game goes on after the save
        assert s.clock.used > saved + 500
        person.key(pygame.K_F9)  # quick load: the clock is what the save kept
        loaded = app.scene.session
        assert loaded is not s and loaded.record.time_limit == TimeLimit(seconds=30 * 60, extra_turns=s.game.time_limit.extra_turns)
        assert abs(loaded.clock.used - saved) < 0.01
        assert loaded.game.time_limit == s.game.time_limit
