"""What is stored and what lasts one run: the Settings screen stores; flags, F11 and the setup's
open-hands choice do not.  The window always fits the display.  Raw input only (ui.testing.Input)."""

from __future__ import annotations

import argparse
import json
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from ui import app as app_module  # noqa: E402
from ui.app import App  # noqa: E402
from ui.scenes.menu import MenuScene  # noqa: E402
from ui.settings import config_dir  # noqa: E402
from ui.testing import Input  # noqa: E402
from ui.window import fit, sizes_that_fit  # noqa: E402

STORED = {"window": [1280, 720], "fullscreen": False, "anim_speed": 1.0, "lang": "ru", "open_hands": False,
          "volume": 0.75, "mute": False, "tips": True}


@pytest.fixture()
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("BERSERK_TABLE_HOME", str(tmp_path / "home"))
    path = config_dir() / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(STORED), encoding="utf-8")
    return path


def stored(path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def start(argv: dict, headless: bool = True) -> tuple[App, Input]:
    app = App(argparse.Namespace(**argv), headless=headless)
    app.switch(MenuScene(app))
    inp = Input(app)
    inp.frame(2)
    return app, inp


def menu_button(app, name: str):
    return next(b for b, n in app.scene.buttons.items() if n == name)


def test_fit_shrinks_a_window_too_big_for_the_display_keeping_its_shape():
    assert fit((1920, 1080), (1366, 768)) == (1223, 688)  # 768 less the room for a title bar and task bar
    assert fit((1280, 720), (1920, 1080)) == (1280, 720)
    assert fit((3840, 2160), None) == (3840, 2160)  # no screen known: nothing to fit to
    assert sizes_that_fit(((1280, 720), (1920, 1080), (2560, 1440)), (1920, 1080)) == [(1280, 720)]


def test_a_stored_size_larger_than_the_screen_opens_shrunk(home, monkeypatch):
    monkeypatch.setattr(app_module, "desktop_size", lambda: (1600, 900))
    home.write_text(json.dumps({**STORED, "window": [3840, 2160]}), encoding="utf-8")
    app, _ = start({}, headless=False)
    w, h = app.size
    assert w <= 1600 and h <= 900 - 80, app.size
    assert abs(w / h - 16 / 9) < 0.01  # same shape
    assert stored(home)["window"] == [3840, 2160]  # opening small is not a change the player made
    pygame.display.quit()


def test_flags_last_one_run_and_the_settings_screen_stores_only_what_it_changes(home):
    app, inp = start({"lang": "en", "size": (1600, 900), "windowed": True})
    assert app.tr.lang == "en" and app.size == (1600, 900)
    assert menu_button(app, "new").text == "New game"  # the flag's language is on screen
    inp.press(menu_button(app, "settings"))
    scene = app.scene
    assert scene.lang_menu.selected_option[0] == "English"  # shows what this run uses
    assert scene.size_menu.selected_option[0] == "1600×900"
    slow = scene.anim_names[1]
    inp.choose(scene.anim_menu, slow)
    assert stored(home) == {**STORED, "anim_speed": 0.5}, "only the animation speed was changed here"
    inp.key(pygame.K_ESCAPE)
    assert stored(home) == {**STORED, "anim_speed": 0.5}, "leaving the screen stores nothing more"

    # the next run, without flags, is back to the stored language and size
    pygame.display.quit()
    app, inp = start({})
    assert app.tr.lang == "ru" and app.size == (1280, 720) and app.settings.anim_speed == 0.5


def test_language_and_size_picked_on_the_settings_screen_are_stored_and_applied(home):
    app, inp = start({})
    inp.press(menu_button(app, "settings"))
    inp.choose(app.scene.lang_menu, "English")
    assert app.tr.lang == "en" and stored(home)["lang"] == "en"
    assert app.scene.back_b.text == "Done"  # the screen rebuilt in English
    inp.choose(app.scene.size_menu, "1600×900")
    assert app.size == (1600, 900) and stored(home)["window"] == [1600, 900]
    assert app.scene.back_b.rect.bottom <= 900  # widgets rebuilt for the new size
    inp.press(app.scene.open_b)
    assert stored(home)["open_hands"] is True
    inp.press(app.scene.full_b)
    assert stored(home)["fullscreen"] is True and app.fullscreen


def test_f11_and_the_new_game_open_hands_toggle_are_not_stored(home):
    app, inp = start({})
    inp.key(pygame.K_F11)
    assert app.fullscreen
    inp.key(pygame.K_F11)
    assert not app.fullscreen
    inp.press(menu_button(app, "new"))
    setup = app.scene
    inp.press(setup.open_b)
    assert setup.open_hands
    inp.press(setup.start_b)
    assert app.scene.open_hands, "the game started with open hands"
    assert stored(home) == STORED, "F11 and the new-game toggle changed nothing on disk"


def test_resizing_the_window_by_hand_lasts_the_run(home):
    app, inp = start({})
    inp.resize(1400, 800)
    assert app.size == (1400, 800) and app.window == (1400, 800)
    assert menu_button(app, "quit").rect.bottom <= 800
    assert stored(home)["window"] == [1280, 720]


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_drop_down_rows_are_tall_enough_for_their_text(home, size):
    from ui.scenes.setup import SetupScene

    app = App(argparse.Namespace(), size=size, headless=True)
    app.switch(SetupScene(app))
    inp = Input(app, draw_every=0)
    inp.frame(2)
    menus = app.scene.deck_menus + app.scene.kind_menus
    for menu in menus:
        inp.click(menu.rect.center)
        listing = menu.current_state.options_selection_list
        rows = [i["button_element"] for i in listing.item_list if i["button_element"] is not None]
        assert rows, "the drop-down opened with its options"
        for b in rows:
            font = b.font
            text_h = font.get_rect(b.text).height if hasattr(font, "get_rect") else font.size(b.text)[1]
            assert text_h >= 11, "text is at least 11 px"
            assert b.rect.height >= text_h * 1.3, (b.text, b.rect.height, text_h)
            text_w = font.get_rect(b.text).width if hasattr(font, "get_rect") else font.size(b.text)[0]
            assert text_w <= b.rect.width, f"{b.text!r} is cut off"
        inp.click(menu.rect.center)  # closes again
        assert menu.current_state is menu.menu_states["closed"]


def test_the_displays_own_size_is_offered_as_full_screen_and_a_shrunk_window_says_why(home, monkeypatch):
    """On a 1280×720 display a 1280×720 window (with its frame and the task bar) does not fit: it opened at
    1137×640 and choosing 1280×720 again changed nothing, the drop-down still saying 1280×720. Now the screen
    says why the window is smaller, and the display's own size is offered as the whole screen — and applied."""
    from ui.scenes import settings as settings_scene
    from ui.scenes.settings import SettingsScene
    from ui.testing import Input as _Input

    monkeypatch.setattr(app_module, "desktop_size", lambda: (1280, 720))
    monkeypatch.setattr(settings_scene, "desktop_size", lambda: (1280, 720))
    app, inp = start({}, headless=False)
    assert app.window == (1137, 640), "a 1280×720 window does not fit a 1280×720 display"
    inp.press(menu_button(app, "settings"))
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    full = "1280×720 — во весь экран"
    assert list(scene.sizes) == [full, "1137×640"] and scene.size_menu.selected_option[0] == "1137×640"
    note = scene.size_note()
    assert "1280×720" in note and "1137×640" in note and full in note, note
    every, inp.draw_every = inp.draw_every, 1
    inp.frame(1)
    inp.draw_every = every
    band = pygame.Rect(0, scene.note_y, app.size[0], 20)
    assert any(app.screen.get_at((x, band.y + 8))[:3] != (18, 20, 26) for x in range(0, app.size[0], 3)), \
        "the reason is drawn under the form"
    inp.choose(scene.size_menu, full)
    assert app.fullscreen and stored(home)["fullscreen"] is True and stored(home)["window"] == [1280, 720]
    scene = app.scene
    assert scene.size_menu.selected_option[0] == full, "the drop-down says what the screen is now"
    assert scene.full_b.text == app.tr("settings.on") and scene.size_note() == ""
    assert isinstance(inp, _Input)
    pygame.display.quit()
