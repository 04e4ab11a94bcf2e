"""The rules-and-keywords screen, clicked like a person: its three tabs, the wheel over the text,
«Назад», Esc and F1 (to the menu, or back to the game it was opened from)."""

from __future__ import annotations

import pygame
import pytest

from engine.heroes import registry as R
from tests.ui_support import main_turn, menu_button, show, table_at
from ui.scenes.help import HelpScene
from ui.scenes.menu import MenuScene


@pytest.fixture()
def help_(app, person):
    show(app, MenuScene(app), person)
    person.press(menu_button(app, "help"))
    assert isinstance(app.scene, HelpScene)
    return app.scene


def tab(scene, name: str):
    return next(b for b, n in scene.tab_b.items() if n == name)


def test_each_tab_shows_its_text(app, person, help_):
    tr = app.tr
    assert help_.box.html_text == tr("help.rules")
    person.press(tab(help_, "keywords"))
    text = help_.box.html_text
    assert all(kw.ru in text for kw in R.KEYWORDS.values()), "every keyword is listed"
    person.press(tab(help_, "controls"))
    assert help_.box.html_text == tr("help.controls")
    person.press(tab(help_, "rules"))
    assert help_.box.html_text == tr("help.rules")


def test_the_wheel_scrolls_a_long_text(app, person, help_):
    person.press(tab(help_, "keywords"))
    bar = help_.box.scroll_bar
    assert bar is not None, "the keywords do not fit: the text box scrolls"
    assert bar.start_percentage == 0
    person.move(help_.box.rect.center)
    for _ in range(3):
        person.wheel(-3)
    person.wait(0.5)
    assert bar.start_percentage > 0


@pytest.mark.parametrize("how", ["button", "escape", "f1"])
def test_back_escape_and_f1_return_to_the_menu(app, person, help_, how):
    if how == "button":
        person.press(help_.back_b)
    else:
        person.key(pygame.K_ESCAPE if how == "escape" else pygame.K_F1)
    assert isinstance(app.scene, MenuScene)


def test_opened_from_a_game_it_returns_to_that_game(app, person):
    table = table_at(app, main_turn, seed=4)
    before = table.game.state_hash()
    person.frame(2)
    person.key(pygame.K_F1)
    assert isinstance(app.scene, HelpScene)
    person.press(tab(app.scene, "controls"))
    person.key(pygame.K_ESCAPE)
    assert app.scene is table and table.game.state_hash() == before


def test_after_choosing_classic_the_keywords_are_classics_in_both_languages(app, person):
    from engine.classic.text import glossary

    app.last_game = "classic"  # as the new-game screen leaves it after a classic game was started
    show(app, MenuScene(app), person)
    person.press(menu_button(app, "help"))
    person.press(tab(app.scene, "keywords"))
    text = app.scene.box.html_text
    assert "Броня X" in text and "Прыжок" in text and "Вальхалла" in text
    import html
    import re

    shown = [html.unescape(h) for h in re.findall(r"<b>(.*?)</b>", text)]
    assert shown == [name for name, _ in glossary("ru")], "classic's abilities, not «Герои»'s keywords"
    assert glossary("en") and all(name and reminder for name, reminder in glossary("en"))
