"""The About and credits screen, reached like a person does: a click on its menu button shows
the card pictures' authors and their licence; Back and Esc return to the menu."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_support import menu_button, show
from ui.scenes.credits import CreditsScene
from ui.scenes.menu import MenuScene


@pytest.fixture()
def about(app, person):
    show(app, MenuScene(app), person)
    person.press(menu_button(app, "credits"))
    return app.scene


def test_the_menu_button_opens_the_credits_with_every_author_and_the_licence(app, about):
    assert type(about) is CreditsScene
    text = about.box.html_text
    for needed in ("game-icons.net", "CC BY 3.0", "creativecommons.org/licenses/by/3.0", "Lorc", "Delapouite"):
        assert needed in text, needed
    from engine.content.art import shipped_icons

    assert all(name in text for name in shipped_icons())  # every picture that ships is credited


def test_back_and_escape_return_to_the_menu(app, person, about):
    person.press(about.back_b)
    assert type(app.scene) is MenuScene
    person.press(menu_button(app, "credits"))
    assert type(app.scene) is CreditsScene
    person.key(pygame.K_ESCAPE)
    assert type(app.scene) is MenuScene


def test_the_credits_read_in_english_too(app, person):
    app.set_lang("en")
    show(app, MenuScene(app), person)
    person.press(menu_button(app, "credits"))
    assert type(app.scene) is CreditsScene
    assert "Icons made by Lorc" in app.scene.box.html_text and "Рисунки" not in app.scene.box.html_text
