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
    menu_button,
    options,
    replace_text,
    show,
    some_saves,
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


def test_a_double_click_on_settings_opens_no_drop_down_there(app, person):
    # the menu's «Настройки» and the Settings screen's animation-speed drop-down are in the same spot: the box of
    # a closed drop-down waits as a button does, and its list does not open on the second half of the click
    show(app, MenuScene(app), person)
    at = menu_button(app, "settings").rect.center
    before = app.settings.anim_speed
    double_click(person, at)
    settings = app.scene
    assert isinstance(settings, SettingsScene) and settings.anim_menu.rect.collidepoint(at), "a drop-down under it"
    closed = settings.anim_menu.menu_states["closed"]
    assert settings.anim_menu.current_state is closed, "the second half of the double click opened the list"
    assert app.settings.anim_speed == before
    person.wait(ARM_S)  # a moment later the person has seen it: a deliberate click opens it as before
    person.click(at)
    assert settings.anim_menu.current_state is settings.anim_menu.menu_states["expanded"]


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


def test_the_menu_that_comes_back_under_the_pointer_waits_a_moment(app, person):
    # Esc from Settings brings the menu back where the pointer rests on «Правила и особенности»: a click at once
    # was meant for the screen before and does nothing; a moment later it opens the rules
    show(app, MenuScene(app), person)
    at = menu_button(app, "help").rect.center
    person.press(menu_button(app, "settings"))
    assert isinstance(app.scene, SettingsScene)
    person.move(at)
    person.key(pygame.K_ESCAPE)
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu_button(app, "help").rect.collidepoint(at)
    person.click(at)
    assert app.scene is menu, "the rules opened on a click meant for the screen before"
    person.wait(ARM_S)
    person.click(at)
    assert isinstance(app.scene, HelpScene)


def test_a_loaded_games_first_question_under_the_pointer_waits_a_moment(app, person):
    # the saves screen opens the game on Enter, the pointer resting where the table puts «Хожу первым»: a click
    # at once does not choose who goes first; a moment later it does
    app.settings.open_hands = True  # hot-seat with open hands: no curtain between the two
    s = quick_session(seed=1)
    assert s.game.pending.kind == "order"
    storage.autosave(s, app.saves_dir)
    table = TableScene(app, quick_session(seed=1), open_hands=True)
    show(app, table, person)  # only to find where the table puts «Хожу первым»
    at = next(b for b in table.ui.buttons if b.value == ("order", True)).rect.center
    show(app, LoadScene(app), person)
    person.move(at)
    person.key(pygame.K_RETURN)
    table = app.scene
    assert isinstance(table, TableScene) and table.session.game.pending.kind == "order"
    assert next(b for b in table.ui.buttons if b.value == ("order", True)).rect.collidepoint(at)
    person.click(at)
    assert table.session.game.pending.kind == "order", "a click at once chose who goes first"
    person.wait(ARM_S)
    person.click(at)
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
