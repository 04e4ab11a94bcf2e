"""A button that a screen (or a screen's panel) puts where the pointer already is takes no click for a moment
(ui/widgets/arming.py, ui/scene.py): a double click on the last screen's button never presses the one the next
screen has in the same spot, nor chooses a row the saves screen draws there. Raw input only (ui.testing.Input)."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from engine.heroes import actions as A
from tests.ui_support import (
    main_turn,
    menu_button,
    options,
    replace_text,
    show,
    some_saves,
    stored_settings,
    table_at,
)
from ui import storage
from ui.classic import content as classic_content
from ui.heroes import content as heroes_content
from ui.heroes.scene import TableScene
from ui.scenes.deckbuilder import DeckBuilderScene
from ui.scenes.help import HelpScene
from ui.scenes.load import LoadScene
from ui.scenes.menu import MenuScene
from ui.scenes.replay import ReplayScene
from ui.scenes.settings import SettingsScene
from ui.scripted import advance
from ui.session import quick_session
from ui.testing import Input
from ui.widgets.arming import ARM_S


@pytest.fixture()
def fresh_cards(home):
    """The player's card and deck folders read afresh (the content is cached per run), and forgotten after."""
    heroes_content.game_content.cache_clear()
    classic_content.reload()
    yield home
    heroes_content.game_content.cache_clear()
    classic_content.reload()


def double_click(person: Input, at) -> None:
    """A click and, at once, a second one in the same spot (the pointer does not move)."""
    person.click(at)
    person.down()
    person.up()


def test_a_double_click_on_settings_leaves_open_hands_as_they_were(app, person):
    # the menu's «Настройки» and the Settings screen's «Открытые руки» switch are in the same spot
    show(app, MenuScene(app), person)
    at = menu_button(app, "settings").rect.center
    before = app.settings.open_hands
    double_click(person, at)
    settings = app.scene
    assert isinstance(settings, SettingsScene) and settings.open_b.rect.collidepoint(at), "a new switch under the pointer"
    assert app.settings.open_hands == before, "the second half of the double click flipped «Открытые руки»"
    person.wait(ARM_S)  # a moment later the person has seen it: a deliberate click works as before
    person.click(at)
    assert app.settings.open_hands != before and stored_settings()["open_hands"] == app.settings.open_hands


def test_a_double_click_on_delete_in_the_deck_builder_asks_and_deletes_nothing(fresh_cards, app, person):
    # «Удалить» asks first; its question's «Да, удалить» comes up over the left half of «Удалить»
    show(app, MenuScene(app), person)
    person.press(menu_button(app, "cards"))
    person.press(app.scene.build_b)
    b = app.scene
    assert isinstance(b, DeckBuilderScene)
    person.choose(b.start_menu, next(o for o in options(b.start_menu) if o.startswith("Готовая")))
    replace_text(person, b.name_entry, "Не удалять")
    person.press(b.save_b)
    path = Path(b.draft.path)
    assert path.is_file() and b.delete_b.is_enabled
    at = (b.delete_b.rect.x + b.delete_b.rect.w // 4, b.delete_b.rect.centery)
    double_click(person, at)
    assert path.is_file(), "the second half of the double click answered «yes» to a question not yet seen"
    assert b.confirming and b.yes_b.rect.collidepoint(at), "the question's «yes» came up under the pointer"
    person.wait(ARM_S)
    person.click(at)
    assert not path.exists() and not b.confirming


def test_a_double_click_on_the_tables_exit_does_not_open_the_rules(app, person):
    # the «Герои» table's menu item «Выйти в главное меню» lies where the main menu has «Правила и особенности»
    table = table_at(app, main_turn, open_hands=True)
    person.frame(1)
    person.key(pygame.K_ESCAPE)  # the table's menu
    exit_item = next(b for b in table.ui.menu_buttons if b.value == ("m", "exit"))
    at = exit_item.rect.center
    double_click(person, at)
    menu = app.scene
    assert isinstance(menu, MenuScene), "the second half of the double click went past the main menu"
    assert menu_button(app, "help").rect.collidepoint(at), "a menu button under the pointer"
    person.wait(ARM_S)
    person.click(at)
    assert isinstance(app.scene, HelpScene)


def test_a_double_click_on_continue_does_not_answer_the_loaded_games_question(app, person):
    # the game continued is at its first question (who goes first), whose «Хожу первым» lies over the right end
    # of the menu's «Продолжить»: the table that the first click opens waits as a screen does
    app.settings.open_hands = True  # hot-seat with open hands: no curtain between the two
    s = quick_session(seed=1)
    assert s.game.pending.kind == "order"
    storage.autosave(s, app.saves_dir)
    show(app, MenuScene(app), person)
    table = TableScene(app, quick_session(seed=1), open_hands=True)
    show(app, table, person)  # only to find where the table puts «Хожу первым»
    first = next(b for b in table.ui.buttons if b.value == ("order", True)).rect
    show(app, MenuScene(app), person)
    both = first.clip(menu_button(app, "continue").rect)
    assert both.w > 4 and both.h > 4, "no spot lies on both buttons"
    double_click(person, both.center)
    table = app.scene
    assert isinstance(table, TableScene) and table.session.game.pending.kind == "order", \
        "the second half of the double click chose who goes first"
    person.wait(ARM_S)
    person.click(both.center)
    assert table.session.game.pending.kind != "order" and table.session.history[-1].action == A.ChooseOrder(first=True)


def test_a_triple_click_on_load_neither_selects_nor_opens_the_save_put_under_it(app, person):
    # the saves screen draws its rows where the menu's «Загрузить» is: the second click of a double click would
    # select the row put there and a third, as a double click on the row, open its save
    some_saves(Path(app.saves_dir))
    show(app, MenuScene(app), person)
    at = menu_button(app, "load").rect.center
    double_click(person, at)
    saves = app.scene
    assert isinstance(saves, LoadScene)
    under = saves.row_at(at)
    assert under not in (None, 0) and saves.files[under].ok, "a save under the pointer, not the one selected at first"
    assert saves.sel == 0, "the second half of the double click selected the row put under the pointer"
    person.down()  # the impatient third click
    person.up()
    assert app.scene is saves, "the clicks meant for «Загрузить» opened the save put under the pointer"
    assert saves.sel == 0
    person.wait(ARM_S)  # a moment later the person has seen the list: a click selects that row, and only selects it
    person.click(at)
    assert app.scene is saves and saves.sel == under


def _watch(app, person) -> tuple[LoadScene, tuple[int, int]]:
    """The saves screen with one 40-action game, and the middle of its «Смотреть» (shown and taking clicks)."""
    s = quick_session(seed=10)
    assert advance(s, random.Random(10), lambda g: len(s.record.log) >= 40)
    storage.save(s, "партия", app.saves_dir)
    saves = LoadScene(app)
    show(app, saves, person)
    person.wait(ARM_S)
    return saves, saves.replay_b.rect.center


def test_a_double_click_on_watch_starts_the_replay_at_its_start(app, person):
    # the saves screen's «Смотреть» lies over the replay's log list: the second click would jump to the line there
    saves, at = _watch(app, person)
    double_click(person, at)
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    line = replay.row_at(at)
    assert line not in (None, 0), "a log line, not the start, under the pointer"
    assert replay.index == 0, "the second half of the double click jumped the replay to the line under it"
    person.wait(ARM_S)  # a moment later the person has seen the log: a click on that line jumps there
    person.click(at)
    assert replay.index == line


def test_a_double_click_on_play_in_the_replay_plays(app, person):
    # «Играть» becomes «Пауза» where it is: the second half of a double click would stop what the first started
    saves, at = _watch(app, person)
    person.press(saves.replay_b)
    replay = app.scene
    play = next(b for b in replay.buttons if b.value == ("auto",))
    double_click(person, play.rect.center)
    assert replay.auto, "the second half of the double click paused the replay it had just started"
    person.wait(ARM_S)
    person.click(play.rect.center)
    assert not replay.auto, "a deliberate click on «Пауза» pauses"
