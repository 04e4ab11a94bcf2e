"""The Settings screen, clicked like a person: every option of its three drop-downs, the two toggles,
«Готово» and Esc. Each choice is checked where it shows (the window, the language on screen, the table's
animations, the next game's hands) and in the stored settings.json."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_support import look, menu_button, options, outside, show, shown, stored_settings, widgets
from ui.heroes.scene import TableScene
from ui.scenes.menu import MenuScene
from ui.scenes.settings import SettingsScene
from ui.scenes.setup import SetupScene
from ui.settings import ANIM_SPEEDS, WINDOW_SIZES


@pytest.fixture()
def settings(app, person):
    """The Settings screen, reached from the menu by a click."""
    show(app, MenuScene(app), person)
    person.press(menu_button(app, "settings"))
    assert isinstance(app.scene, SettingsScene)
    return app.scene


def test_every_window_size_opens_the_window_at_that_size_and_is_stored(app, person, settings):
    labels = options(settings.size_menu)
    assert labels == [f"{w}×{h}" for w, h in WINDOW_SIZES]  # no display to fit: every size is offered
    for text, size in reversed(list(zip(labels, WINDOW_SIZES, strict=True))):
        person.choose(app.scene.size_menu, text)
        scene = app.scene
        assert app.size == size and tuple(stored_settings()["window"]) == size
        assert shown(scene.size_menu) == text
        assert scene.manager.window_resolution == size and not outside([e.rect for e in widgets(scene)], size)
    assert isinstance(app.scene, SettingsScene), "changing the size keeps the player on the screen"


def test_every_animation_speed_is_stored_and_the_table_animates_at_it(app, person, settings):
    labels = options(settings.anim_menu)
    assert len(labels) == len(ANIM_SPEEDS) == len(set(labels))
    order = [*range(1, len(labels)), 0, 1]  # each option once, the last one not the first shown
    for i in order:
        person.choose(settings.anim_menu, labels[i])
        assert shown(settings.anim_menu) == labels[i]
        assert stored_settings()["anim_speed"] == ANIM_SPEEDS[i] == app.settings.anim_speed
    person.press(settings.back_b)
    person.press(menu_button(app, "new"))
    person.press(app.scene.start_b)
    table = app.scene
    assert isinstance(table, TableScene)
    assert table.view.anim.speed == ANIM_SPEEDS[order[-1]]


def test_english_and_back_to_russian_everywhere(app, person, settings):
    assert options(settings.lang_menu) == ["Русский", "English"]
    person.choose(settings.lang_menu, "English")
    scene = app.scene
    assert stored_settings()["lang"] == "en" and app.tr.lang == "en"
    assert scene.back_b.text == "Done" and shown(scene.lang_menu) == "English"
    person.press(scene.back_b)
    assert menu_button(app, "new").text == "New game"
    person.press(menu_button(app, "settings"))
    person.choose(app.scene.lang_menu, "Русский")
    assert stored_settings()["lang"] == "ru" and app.scene.back_b.text == "Готово"
    person.key(pygame.K_ESCAPE)
    assert menu_button(app, "new").text == "Новая игра"


def test_full_screen_toggle_is_stored_and_says_so(app, person, settings):
    off = settings.full_b.text
    person.press(settings.full_b)
    assert stored_settings()["fullscreen"] is True and app.fullscreen
    assert settings.full_b.text != off
    person.press(settings.full_b)
    assert stored_settings()["fullscreen"] is False and not app.fullscreen
    assert settings.full_b.text == off


def test_f11_on_the_settings_screen_lasts_the_run_only(app, person, settings):
    person.choose(settings.anim_menu, options(settings.anim_menu)[2])
    before = stored_settings()
    person.key(pygame.K_F11)
    assert app.fullscreen and isinstance(app.scene, SettingsScene)
    assert app.scene.full_b.text == app.tr("settings.on"), "the screen shows the window as it is now"
    person.key(pygame.K_F11)
    assert not app.fullscreen
    assert stored_settings() == before


def test_open_hands_is_stored_and_is_the_next_new_games_default(app, person, settings):
    off = settings.open_b.text
    person.press(settings.open_b)
    assert stored_settings()["open_hands"] is True and settings.open_b.text != off
    person.press(settings.back_b)
    person.press(menu_button(app, "new"))
    setup = app.scene
    assert isinstance(setup, SetupScene) and setup.open_hands
    person.press(setup.start_b)
    assert app.scene.open_hands and app.scene.ui.show_hands == {0, 1}


@pytest.mark.parametrize("how", ["done", "escape"])
def test_done_and_escape_return_to_the_menu_and_store_nothing_more(app, person, settings, how):
    person.choose(settings.anim_menu, options(settings.anim_menu)[2])
    before = stored_settings()
    if how == "done":
        person.press(settings.back_b)
    else:
        person.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    assert stored_settings() == before


def test_a_full_disk_is_told_and_leaves_the_stored_file_as_it_was(app, person, settings, monkeypatch):
    import errno

    import saves.atomic
    from ui.settings import config_dir

    person.press(settings.open_b)  # stored once, on a disk with room
    before = {p.name: p.read_bytes() for p in config_dir().iterdir()}

    def full(path, data):
        path.write_bytes(data[:10])  # what fitted
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves.atomic, "_write_synced", full)
    person.press(settings.open_b)
    assert app.settings.open_hands is False  # the change holds for this run
    assert settings.unsaved == "Настройки не сохранены (No space left on device): изменения действуют, пока игра открыта."
    look(person)
    assert {p.name: p.read_bytes() for p in config_dir().iterdir()} == before  # no settings.tmp, the old file
    monkeypatch.undo()
    person.press(settings.mute_b)  # room again: stored, and the warning goes
    assert settings.unsaved == "" and stored_settings()["open_hands"] is False
