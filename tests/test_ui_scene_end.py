"""The end of a game, as a person meets it: a game over at the table hands over to this screen; its
three buttons, Esc and Enter lead where they say, and the replay shows the game just played."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_support import finished, look, show, table_at
from ui.scenes.end import EndScene
from ui.scenes.menu import MenuScene
from ui.scenes.replay import ReplayScene
from ui.scenes.setup import SetupScene


@pytest.fixture()
def end(app, person):
    scene = EndScene(app, finished())
    show(app, scene, person)
    look(person)
    return scene


def test_a_finished_game_hands_the_table_over_to_the_end_screen(app, person):
    table = table_at(app, lambda g: g.is_over)
    person.wait(3.0)
    assert isinstance(app.scene, EndScene) and app.scene.session is table.session


def test_the_replay_button_shows_the_game_just_played_and_escape_comes_back(app, person, end):
    person.press(end.replay_b)
    replay = app.scene
    assert isinstance(replay, ReplayScene) and replay.index == 0
    person.key(pygame.K_END)
    assert replay.game.is_over and replay.game.state_hash() == end.session.game.state_hash()
    person.key(pygame.K_ESCAPE)
    assert app.scene is end


@pytest.mark.parametrize("how,where", [("menu", MenuScene), ("again", SetupScene), ("escape", MenuScene),
                                       ("enter", MenuScene)])
def test_buttons_and_keys_lead_where_they_say(app, person, end, how, where):
    if how == "menu":
        person.press(end.menu_b)
    elif how == "again":
        person.press(end.again_b)
    else:
        person.key(pygame.K_ESCAPE if how == "escape" else pygame.K_RETURN)
    assert type(app.scene) is where


# ---------------------------------------------------------------------- the game as a picture
def _colour_pixels(surface, rect, colour, tol: int = 12) -> int:
    """How many pixels of ``rect`` are within ``tol`` of ``colour`` (every 2nd pixel each way)."""
    n = 0
    for x in range(rect.x, rect.right, 2):
        for y in range(rect.y, rect.bottom, 2):
            c = surface.get_at((x, y))
            if all(abs(c[i] - colour[i]) <= tol for i in range(3)):
                n += 1
    return n


def _classic_finished(seed: int = 3):
    import random

    from ui.classic import content
    from ui.scripted import advance

    ds = content.decks()
    s = content.start_full_session((ds[1], ds[2]), ("Аня", "Борис"), seed)
    assert advance(s, random.Random(seed), lambda g: g.is_over, limit=3000)
    return s


@pytest.mark.parametrize("game", ["heroes", "classic"])
def test_the_end_screen_draws_each_sides_strength_turn_by_turn_with_the_swings_marked(app, person, game):
    from ui.widgets.chart import GOLD, SIDES

    session = finished() if game == "heroes" else _classic_finished()
    end = EndScene(app, session)
    show(app, end, person)
    screen = look(person)
    chart = end.chart
    assert chart is not None, "a finished game with a record has a chart"
    tl = chart.tl
    assert tl.turns[0].turn == 0 and tl.turns[-1].turn == session.game.turn, "from the start to the last turn"
    assert [t.turn for t in tl.turns] == list(range(session.game.turn + 1)), "one column a turn"
    for p in (0, 1):
        assert _colour_pixels(screen, chart.top, SIDES[p]) > 40, f"player {p + 1}'s line is drawn"
        assert _colour_pixels(screen, chart.bottom, SIDES[p]) > 40, f"player {p + 1}'s bars are drawn"
    swings = tl.swings()
    assert swings, "a game that ended has turns that changed the balance"
    k = tl.index_of(swings[0].turn)
    badge = pygame.Rect(chart.column(k).centerx - 4, chart.top.y + 8, 8, 8)
    assert _colour_pixels(screen, badge, GOLD, 30) > 4, "the biggest swing wears its badge"
    # the last point agrees with the game as it ended (the hero's lives, or the squad's)
    chart_mod = __import__(f"ui.{game}.chart", fromlist=["strength"])
    assert tl.turns[-1].sides == chart_mod.strength(session.game)


def test_a_loaded_games_chart_is_whole_not_what_the_table_remembered(app, person, home):
    """The chart replays the saved log: a game loaded near its end, then played out, shows every turn."""
    import random

    from ui import storage
    from ui.scripted import advance
    from ui.session import quick_session

    s = quick_session(seed=3)
    assert advance(s, random.Random(3), lambda g: g.turn >= 10, limit=3000)
    path = storage.write(s, "manual", "halfway", app.saves_dir)
    loaded = storage.load(path, app.saves_dir)
    loaded.log.clear()  # whatever the table kept of the first half, the chart does not read it
    assert advance(loaded, random.Random(4), lambda g: g.is_over, limit=3000)
    end = EndScene(app, loaded)
    show(app, end, person)
    turns = [t.turn for t in end.chart.tl.turns]
    assert turns[0] == 0 and turns == list(range(loaded.game.turn + 1))
    assert end.chart.tl.tally.played[0] + end.chart.tl.tally.played[1] > 0
    first_half = [e for e in end.chart.tl.turns if e.turn < 10]
    assert any(t.sides != first_half[0].sides for t in first_half), "the first half's changes are there"


@pytest.mark.parametrize("game", ["heroes", "classic"])
def test_a_click_on_a_turn_of_the_chart_opens_the_replay_at_that_turn(app, person, game):
    from ui.rulesets import find_client

    session = finished() if game == "heroes" else _classic_finished()
    end = EndScene(app, session)
    show(app, end, person)
    person.wait(0.5)  # the columns arm (one under the pointer as the screen appeared waits a moment)
    tl = end.chart.tl
    k = tl.index_of(tl.swings()[0].turn)
    turn = tl.turns[k]
    person.click(end.chart.column(k).center)
    replay = app.scene
    assert isinstance(replay, ReplayScene), "the click opened the replay"
    assert replay.index == turn.start, "at the first action of that turn"
    assert find_client(game).chart.turn_of(replay.game) == turn.turn, "the position that turn began from"
    look(person)
    person.key(pygame.K_ESCAPE)
    assert app.scene is end


def test_the_chart_lights_the_turn_under_the_pointer_with_its_numbers(app, person):
    end = EndScene(app, finished())
    show(app, end, person)
    before = look(person).copy()
    k = len(end.chart.tl.turns) // 2
    person.move(end.chart.column(k).center)
    assert end.hover == k
    after = look(person)
    col = end.chart.column(k)
    assert pygame.image.tobytes(before.subsurface(col), "RGB") != pygame.image.tobytes(after.subsurface(col), "RGB")
