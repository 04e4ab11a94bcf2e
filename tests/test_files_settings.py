"""A broken settings.json (Infinity, 1e999, a 400-digit number, nesting 500 deep, a FIFO, a huge file…)
gives the default settings and a notice the menu shows; the game starts. Raw input only (ui.testing.Input)."""

from __future__ import annotations

import argparse
import json
import os
import pathlib

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from ui.app import App  # noqa: E402
from ui.scenes import menu as menu_module  # noqa: E402
from ui.scenes.menu import MenuScene  # noqa: E402
from ui.settings import MAX_FILE, Settings, config_dir  # noqa: E402
from ui.testing import Input  # noqa: E402

BROKEN = {
    "infinity": '{"anim_speed": Infinity}',
    "minus_infinity": '{"window": [-Infinity, 720]}',
    "nan": '{"anim_speed": NaN}',
    "1e999": '{"window": [1e999, 720]}',
    "400_digits": '{"window": [' + "9" * 400 + ", 720]}",
    "5000_digits": '{"anim_speed": ' + "9" * 5000 + "}",
    "deep_500": '{"window": ' + "[" * 500 + "]" * 500 + "}",
    "deep_1000": "[" * 1000 + "]" * 1000,
    "deep_objects": '{"a": ' * 1000 + "1" + "}" * 1000,
    "not_json": "{not json",
    "duplicate": '{"lang": "en", "lang": "ru"}',
    "not_an_object": "[1280, 720]",
    "huge": '{"lang": "en"' + " " * MAX_FILE + "}",
}


def write(path: pathlib.Path, kind: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "not_utf8":
        path.write_bytes('{"lang": "ру"}'.encode("cp1251"))
    else:
        path.write_text(BROKEN[kind], encoding="utf-8")


KINDS = [*BROKEN, "folder", "not_utf8", *(["fifo"] if hasattr(os, "mkfifo") else [])]


@pytest.mark.parametrize("kind", KINDS)
def test_a_broken_settings_file_gives_the_defaults_with_a_notice(tmp_path: pathlib.Path, kind: str):
    path = tmp_path / "settings.json"
    write(path, kind)
    s = Settings.load(path)
    assert s == Settings()
    assert s.notice is not None, kind
    assert s.notice.reason("en") and s.notice.reason("ru") and s.notice.reason("ru") != s.notice.reason("en")
    assert len(s.notice.reason("en")) < 200


def test_no_file_yet_is_the_first_start_without_a_notice(tmp_path: pathlib.Path):
    s = Settings.load(tmp_path / "settings.json")
    assert s == Settings() and s.notice is None


def test_saving_writes_a_good_file_and_drops_the_notice(tmp_path: pathlib.Path):
    path = tmp_path / "settings.json"
    write(path, "infinity")
    s = Settings.load(path)
    s.lang = "en"
    s.save(path)
    assert s.notice is None
    assert json.loads(path.read_text(encoding="utf-8"))["lang"] == "en"
    again = Settings.load(path)
    assert again.lang == "en" and again.notice is None
    assert "notice" not in json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture()
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("BERSERK_TABLE_HOME", str(tmp_path / "home"))
    return config_dir() / "settings.json"


def drawn_lines(app: App, monkeypatch) -> list[str]:
    """The texts the menu draws in one frame."""
    seen: list[str] = []
    real = menu_module.TEXT.get

    def spy(text, *args, **kw):
        seen.append(text)
        return real(text, *args, **kw)

    monkeypatch.setattr(menu_module.TEXT, "get", spy)
    Input(app).frame(1)
    monkeypatch.setattr(menu_module.TEXT, "get", real)
    return seen


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_game_starts_and_the_menu_says_why_the_settings_were_reset(home, monkeypatch, lang):
    write(home, "deep_1000")
    app = App(argparse.Namespace(lang=lang), headless=True)
    app.switch(MenuScene(app))
    lines = drawn_lines(app, monkeypatch)
    word = {"ru": "Файл настроек не использован", "en": "The settings file was not used"}[lang]
    [notice] = [line for line in lines if line.startswith(word)]
    assert ("вложенность больше" if lang == "ru" else "nested more than") in notice
    assert app.settings == Settings()

    # the Settings screen stores a good file, and the notice is gone
    inp = Input(app)
    inp.press(next(b for b, n in app.scene.buttons.items() if n == "settings"))
    inp.press(app.scene.open_b)
    inp.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    assert not [line for line in drawn_lines(app, monkeypatch) if line.startswith(word)]
    assert json.loads(home.read_text(encoding="utf-8"))["open_hands"] is True
    pygame.display.quit()


@pytest.mark.parametrize(("stored", "volume", "mute"), [
    ('{"volume": 0.5, "mute": true}', 0.5, True),
    ('{"volume": 7, "mute": false}', 1.0, False),        # louder than full: full
    ('{"volume": -3}', 0.0, False),                      # below silence: silence
    ('{"volume": "loud", "mute": "yes"}', 0.75, False),  # not a number, not a bool: the defaults
    ('{"volume": true, "mute": 1}', 0.75, False),        # a bool is not a loudness, 1 is not a bool
    ('{"volume": NaN}', 0.75, False),                    # strict JSON refuses NaN: the defaults, with a notice
    ('{"volume": [0.5]}', 0.75, False),
])
def test_volume_and_mute_are_read_like_the_other_settings(tmp_path: pathlib.Path, stored, volume, mute):
    path = tmp_path / "settings.json"
    path.write_text(stored, encoding="utf-8")
    s = Settings.load(path)
    assert (s.volume, s.mute) == (volume, mute)
    s.save(path)
    again = json.loads(path.read_text(encoding="utf-8"))
    assert (again["volume"], again["mute"]) == (volume, mute)
