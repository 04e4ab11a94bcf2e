"""«Мои карты», as a player uses it: the menu counts the skipped files and opens the card browser, whose
«Пропущенные файлы» button opens the page of files; «Перечитать» after fixing a file; «Назад» and Esc; an
own deck picked in a new game by a click plays its own card."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_support import look, menu_button, options, show
from ui import storage
from ui.heroes import content
from ui.heroes.scene import TableScene
from ui.scenes.cards import CardsScene
from ui.scenes.menu import MenuScene
from ui.scenes.own_cards import OwnCardsScene


@pytest.fixture()
def own(home):
    """The player's folders with a good and a broken card, a file that is not TOML and two decks."""
    from tests.ui_support import own_folders

    own_folders(home)
    content.game_content.cache_clear()
    yield home
    content.game_content.cache_clear()  # later tests get the plain pool back


@pytest.fixture()
def menu(own, app, person):
    show(app, MenuScene(app), person)
    return app.scene


def test_the_menu_counts_the_skipped_files_and_opens_the_page(app, person, menu):
    b = menu_button(app, "cards")
    assert "3" in b.text
    person.press(b)
    browser = app.scene
    assert isinstance(browser, CardsScene)
    assert "3" in browser.files_b.text, "the browser's button to the files counts what was skipped"
    person.press(browser.files_b)
    page = app.scene
    assert isinstance(page, OwnCardsScene)
    text = page.box.html_text
    assert "bad.toml" in text and "broken_deck.toml" in text and "my_broken" in text and "my_good_guard" in text
    look(person)


def test_reload_reads_the_fixed_files(app, person, menu, own):
    person.press(menu_button(app, "cards"))
    person.press(app.scene.files_b)
    (own / "data" / "cards" / "bad.toml").unlink()  # the player fixes things while looking
    person.press(app.scene.reload_b)
    page = app.scene
    assert isinstance(page, OwnCardsScene)
    assert "bad.toml" not in page.box.html_text and "broken_deck.toml" in page.box.html_text
    person.press(page.back_b)
    assert isinstance(app.scene, CardsScene) and "2" in app.scene.files_b.text
    person.press(app.scene.back_b)
    assert isinstance(app.scene, MenuScene) and "2" in menu_button(app, "cards").text


def test_escape_goes_back_to_the_menu(app, person, menu):
    person.press(menu_button(app, "cards"))
    person.press(app.scene.files_b)
    person.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, CardsScene)
    person.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_an_own_deck_picked_by_a_click_starts_with_its_own_card_and_saves_it(app, person, menu):
    person.press(menu_button(app, "new"))
    setup = app.scene
    mine = next(text for text in options(setup.deck_menus[0]) if text.startswith("Мой набег"))
    assert "[" in mine, "the own deck is marked as the player's"
    person.choose(setup.deck_menus[0], mine)
    person.press(setup.start_b)
    table = app.scene
    assert isinstance(table, TableScene), setup.error
    game = table.game
    assert any(c.card == "my_good_guard" and c.owner == 0 for c in game.cards.values())
    assert "my_good_guard" in [c["id"] for c in table.session.record.custom_cards]
    path = storage.save(table.session, "с моей картой", app.saves_dir)
    assert storage.load(path, app.saves_dir).game.state_hash() == game.state_hash()
