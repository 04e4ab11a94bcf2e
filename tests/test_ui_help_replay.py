"""The help screen shows which rules tab is open; the replay's title fits its panel. Raw input only."""

from __future__ import annotations

import argparse
import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from ui import fonts, storage  # noqa: E402
from ui.app import App  # noqa: E402
from ui.scenes.help import HelpScene  # noqa: E402
from ui.scenes.load import LoadScene  # noqa: E402
from ui.scenes.replay import ReplayScene  # noqa: E402
from ui.scripted import advance  # noqa: E402
from ui.session import quick_session  # noqa: E402
from ui.settings import Settings  # noqa: E402
from ui.testing import Input  # noqa: E402

SELECTED = (0x96, 0x70, 0x2A)  # the theme's selected_bg
NORMAL = (0x3A, 0x40, 0x50)  # the theme's normal_bg


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("BERSERK_TABLE_HOME", str(tmp_path / "home"))
    return App(argparse.Namespace(saves_dir=tmp_path / "saves"), size=(1280, 720),
               settings=Settings(anim_speed=2.0), headless=True)


def tab_colours(app, scene) -> dict[str, tuple]:
    return {name: tuple(app.screen.get_at((b.rect.x + 6, b.rect.centery)))[:3] for b, name in scene.tab_b.items()}


def test_the_open_help_tab_is_lit(app):
    scene = HelpScene(app)
    app.switch(scene)
    inp = Input(app)
    inp.move((5, 5))
    inp.frame(2)
    assert tab_colours(app, scene) == {"rules": SELECTED, "keywords": NORMAL, "controls": NORMAL}
    keywords = next(b for b, name in scene.tab_b.items() if name == "keywords")
    inp.press(keywords)
    inp.move((5, 5))  # the pointer leaves: what is lit is the open tab, not a hover
    inp.frame(2)
    assert scene.tab == "keywords"
    assert tab_colours(app, scene) == {"rules": NORMAL, "keywords": SELECTED, "controls": NORMAL}


@pytest.fixture()
def drawn(monkeypatch):
    seen: list[tuple[str, int]] = []
    get = fonts.TEXT.get

    def spy(text, *args, **kwargs):
        surf = get(text, *args, **kwargs)
        seen.append((text, surf.get_width()))
        return surf

    monkeypatch.setattr(fonts.TEXT, "get", spy)
    return seen


@pytest.mark.parametrize(("name", "whole"), [(None, True), ("Длинная партия у Ани в пятницу вечером после работы", False)])
def test_the_replay_title_fits_its_panel(app, drawn, name, whole):
    session = quick_session(seed=3)
    assert advance(session, random.Random(3), lambda g: g.turn >= 4, limit=800)
    path = storage.write(session, "manual" if name else "auto", name, app.saves_dir)
    saves = LoadScene(app)
    app.switch(saves)
    inp = Input(app)
    inp.frame(2)
    assert saves.info.path == path
    title = storage.title(saves.info, app.tr)
    drawn.clear()
    inp.press(saves.replay_b)
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    want = app.tr("replay.title", name=title)
    shown = [(t, w) for t, w in drawn if t.startswith(want[:9])][-1]  # the last one made is the one drawn
    assert shown[1] <= replay.view.L.status.w, shown
    if whole:
        assert shown[0] == want, "a readable autosave title fits whole"
    else:
        assert shown[0].endswith("…") and want.startswith(shown[0][:-1].rstrip()), shown
