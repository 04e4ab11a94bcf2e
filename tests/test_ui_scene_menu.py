"""The main menu, clicked like a person: every button leads where it says (or stays shut when there
is nothing to continue or load); Esc quits, F9 loads the quick save, F11 toggles full screen."""

from __future__ import annotations

import random

import pygame
import pytest

from tests.ui_support import menu_button, show
from ui import storage
from ui.heroes.scene import TableScene
from ui.scenes.cards import CardsScene
from ui.scenes.help import HelpScene
from ui.scenes.load import LoadScene
from ui.scenes.menu import MenuScene
from ui.scenes.settings import SettingsScene
from ui.scenes.setup import SetupScene
from ui.scripted import advance
from ui.session import quick_session


@pytest.fixture()
def menu(app, person):
    show(app, MenuScene(app), person)
    return app.scene


def a_game(turn: int, seed: int = 4):
    s = quick_session(seed=seed)
    assert advance(s, random.Random(seed), lambda g: g.turn >= turn)
    return s


@pytest.mark.parametrize("name,scene", [("new", SetupScene), ("cards", CardsScene),
                                        ("settings", SettingsScene), ("help", HelpScene)])
def test_each_button_opens_its_screen(app, person, menu, name, scene):
    person.press(menu_button(app, name))
    assert type(app.scene) is scene


def test_quit_ends_the_app(app, person, menu):
    person.press(menu_button(app, "quit"))
    assert not app.running


def test_escape_ends_the_app(app, person, menu):
    person.key(pygame.K_ESCAPE)
    assert not app.running


def test_with_no_saves_continue_and_load_do_nothing(app, person, menu):
    for name in ("continue", "load"):
        b = menu_button(app, name)
        assert not b.is_enabled
        person.click(b.rect.center)
        assert app.scene is menu


def test_continue_opens_the_newest_autosave(app, person):
    older, newer = a_game(2), a_game(4, seed=5)
    storage.autosave(older, app.saves_dir)
    storage.autosave(newer, app.saves_dir)
    show(app, MenuScene(app), person)
    person.press(menu_button(app, "continue"))
    assert isinstance(app.scene, TableScene)
    assert app.scene.game.state_hash() == newer.game.state_hash()


def test_load_opens_the_saves_screen(app, person):
    storage.save(a_game(2), "вечер", app.saves_dir)
    show(app, MenuScene(app), person)
    person.press(menu_button(app, "load"))
    assert isinstance(app.scene, LoadScene)
    assert [i.name for i in app.scene.files] == ["вечер"]


def test_f9_without_a_quick_save_says_so_and_stays(app, person, menu):
    person.key(pygame.K_F9)
    assert app.scene is menu and menu.error


def test_f9_opens_the_quick_save(app, person, menu):
    s = a_game(3)
    storage.quicksave(s, app.saves_dir)
    person.key(pygame.K_F9)
    assert isinstance(app.scene, TableScene)
    assert app.scene.game.state_hash() == s.game.state_hash()


def test_f11_toggles_full_screen(app, person, menu):
    person.key(pygame.K_F11)
    assert app.fullscreen
    person.key(pygame.K_F11)
    assert not app.fullscreen and app.scene is menu


def test_the_demo_is_on_the_menu_and_any_key_brings_the_menu_back(app, person, menu):
    """The computer playing itself was reachable only with --demo."""
    from ui.scenes.demo import Demo

    person.press(menu_button(app, "demo"))
    demo = app.scene
    assert isinstance(demo, Demo) and not demo.session.humans, "the demo plays, both seats the computer's"
    person.wait(0.3)
    person.key(pygame.K_SPACE)
    assert isinstance(app.scene, MenuScene)


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (1920, 1080)])
def test_the_menu_has_room_for_more_entries(home, size, monkeypatch):
    """Entries to come (a network game, lessons, …) take their place in a column: every button stays in the
    window, over the notes at the bottom, and clear of every other."""
    from tests.ui_support import look, make_app
    from ui.testing import Input

    columns = (MenuScene.COLUMNS[0] + ("more_a", "more_b", "more_c"), MenuScene.COLUMNS[1] + ("more_d",))
    for cols in (MenuScene.COLUMNS, columns):
        monkeypatch.setattr(MenuScene, "COLUMNS", cols)
        app = make_app(home / "saves", size=size)
        person = Input(app, draw_every=0)
        scene = show(app, MenuScene(app), person) and app.scene
        look(person)
        rects = [b.rect for b in scene.buttons]
        assert len(rects) == sum(len(c) for c in cols)
        assert all(app.screen.get_rect().contains(r) and r.bottom <= size[1] - scene.S(90) for r in rects)
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        assert min(r.h for r in rects) >= scene.S(34), "tall enough to read and click"
