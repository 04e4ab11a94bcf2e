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
