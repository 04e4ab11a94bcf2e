"""The app's drop-down menus, opened and chosen by raw clicks and the wheel: the opened list is as wide as
its box (pygame_gui left the ▼ button's width out), and the tests' ``Input.choose`` reaches an option
above the list's sight as well as one below it."""

from __future__ import annotations

import pygame_gui
import pytest

from tests.ui_support import menu_button, show, shown
from ui.scenes.cards import CardsScene
from ui.scenes.menu import MenuScene
from ui.scenes.settings import SettingsScene
from ui.testing import GestureError


def in_sight(listing) -> list[str]:
    """The options the opened list shows now."""
    return [item["text"] for item in listing.item_list
            if (b := item.get("button_element")) is not None and b.visible and listing.rect.contains(b.rect)]


def drop_downs(scene) -> list:
    found = [e for e in vars(scene).values() if isinstance(e, pygame_gui.elements.UIDropDownMenu)]
    bar = getattr(scene, "bar", None)
    return found + (list(bar.menus.values()) if bar is not None else [])


@pytest.mark.parametrize("screen", ["settings", "cards"])
def test_every_opened_list_is_as_wide_as_its_box(app, person, screen):
    show(app, MenuScene(app), person)
    person.press(menu_button(app, screen))
    scene = app.scene
    assert isinstance(scene, SettingsScene if screen == "settings" else CardsScene)
    menus = drop_downs(scene)
    assert len(menus) >= 3
    for menu in menus:
        box = menu.rect.copy()
        person.click(box.center)
        assert menu.current_state is menu.menu_states["expanded"], "a click opens it"
        listing = menu.current_state.options_selection_list
        assert (listing.rect.left, listing.rect.width) == (box.left, box.width), shown(menu)
        person.click(box.center)
        assert menu.current_state is menu.menu_states["closed"]


def test_choose_scrolls_down_and_back_up_to_an_option(app, person):
    show(app, MenuScene(app), person)
    person.press(menu_button(app, "cards"))
    menu = app.scene.bar.menus["keyword"]
    texts = [o[0] for o in menu.options_list]
    person.click(menu.rect.center)
    listing = menu.current_state.options_selection_list
    assert listing.scroll_bar is not None, "the list is longer than it shows: the test needs a scrolled one"
    assert texts[-1] not in in_sight(listing)
    person.click(menu.rect.center)
    person.choose(menu, texts[-1])  # below the sight: wheel down
    assert shown(menu) == texts[-1]
    person.click(menu.rect.center)  # it opens again scrolled to the last option, the first out of sight
    listing = menu.current_state.options_selection_list
    assert texts[-1] in in_sight(listing) and texts[1] not in in_sight(listing)
    person.click(menu.rect.center)
    person.choose(menu, texts[1])  # above the sight: wheel up
    assert shown(menu) == texts[1]
    assert app.scene.filters.keyword is not None, "the choice reached the browser"
    with pytest.raises(GestureError, match="no option"):
        person.choose(menu, "нет такой особенности")
