"""Saving a game under a name, as a person does it: Ctrl+S (or «Сохранить игру» in the table's menu),
type over the offered name, Enter or «Сохранить»; «Отмена» and Esc save nothing."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_support import button, look, main_turn, menu_button, replace_text, table_at
from ui.heroes.scene import TableScene
from ui.heroes.testing import Driver
from ui.scenes.load import LoadScene
from ui.scenes.menu import MenuScene
from ui.scenes.save_as import SaveAsScene

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture()
def table(app, person):
    scene = table_at(app, lambda g: main_turn(g) and g.turn >= 4)
    person.frame(2)
    return scene


def saved(app) -> set[str]:
    return {p.name for p in app.saves_dir.glob("*.json")} if app.saves_dir.is_dir() else set()


def test_ctrl_s_a_typed_name_and_enter_save_the_game_which_the_saves_screen_loads(app, person, table):
    expected = table.game.state_hash()
    person.key(pygame.K_s, pygame.KMOD_CTRL)
    prompt = app.scene
    assert isinstance(prompt, SaveAsScene)
    assert table.game.players[0].name in prompt.entry.get_text(), "a name is offered"
    replace_text(person, prompt.entry, "Ужин у Ани")
    assert prompt.entry.get_text() == "Ужин у Ани"
    person.key(pygame.K_RETURN)
    assert app.scene is table, prompt.error
    assert saved(app) == {"Ужин у Ани.json"}
    assert (app.saves_dir / "Ужин у Ани.png").read_bytes()[:8] == PNG, "the save has a picture of the table"
    assert "Ужин у Ани" in table.ui.toast

    # the game goes on; then out to the menu, the saves screen, and the saved position comes back
    d = Driver(table)
    d.perform(next(a for a in table.game.legal_actions() if type(a).__name__ == "EndTurn"))
    assert table.game.state_hash() != expected
    d.lift_curtain()  # the next player takes the seat
    person.key(pygame.K_ESCAPE)
    assert table.ui.menu_open
    person.click(button(table.ui.menu_buttons, ("m", "exit")).rect.center)
    assert isinstance(app.scene, MenuScene)
    person.press(menu_button(app, "load"))
    saves = app.scene
    assert isinstance(saves, LoadScene) and saves.info.name == "Ужин у Ани"
    person.press(saves.open_b)
    assert isinstance(app.scene, TableScene) and app.scene is not table
    assert app.scene.game.state_hash() == expected


def test_the_tables_menu_offers_saving_and_the_button_saves(app, person, table):
    person.click(button(table.ui.panel_buttons, ("menu",)).rect.center)
    assert table.ui.menu_open
    person.click(button(table.ui.menu_buttons, ("m", "save")).rect.center)
    prompt = app.scene
    assert isinstance(prompt, SaveAsScene)
    look(person)  # the table stays drawn under the prompt
    replace_text(person, prompt.entry, "кнопкой")
    person.press(prompt.save_b)
    assert app.scene is table and saved(app) == {"кнопкой.json"}


@pytest.mark.parametrize("how", ["cancel", "escape"])
def test_cancel_and_escape_save_nothing(app, person, table, how):
    person.key(pygame.K_s, pygame.KMOD_CTRL)
    prompt = app.scene
    replace_text(person, prompt.entry, "не надо")
    if how == "cancel":
        person.press(prompt.cancel_b)
    else:
        person.key(pygame.K_ESCAPE)
    assert app.scene is table and saved(app) == set()


def test_an_empty_name_is_refused_and_a_taken_one_overwritten(app, person, table):
    person.key(pygame.K_s, pygame.KMOD_CTRL)
    prompt = app.scene
    replace_text(person, prompt.entry, "")
    person.key(pygame.K_RETURN)
    assert app.scene is prompt and prompt.error and saved(app) == set()
    replace_text(person, prompt.entry, "одна")
    person.press(prompt.save_b)
    first = (app.saves_dir / "одна.json").read_bytes()
    Driver(table).perform(next(a for a in table.game.legal_actions() if type(a).__name__ == "EndTurn"))
    person.key(pygame.K_s, pygame.KMOD_CTRL)
    prompt = app.scene
    replace_text(person, prompt.entry, "одна")
    assert prompt._name_taken(), "the prompt warns that the name is taken"
    look(person)
    person.key(pygame.K_RETURN)
    assert app.scene is table and saved(app) == {"одна.json"}
    assert (app.saves_dir / "одна.json").read_bytes() != first
