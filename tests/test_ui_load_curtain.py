"""Loading a game, through raw input: a hot-seat game with hidden hands opens behind the curtain
(Continue, the saves screen's Load, F9), and saves are called by names a person reads."""

from __future__ import annotations

import argparse
import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from ui import fonts, storage  # noqa: E402
from ui.app import App  # noqa: E402
from ui.heroes.scene import TableScene  # noqa: E402
from ui.heroes.table.overlays import TOAST_LOOK  # noqa: E402
from ui.scenes.load import LoadScene  # noqa: E402
from ui.scenes.menu import MenuScene  # noqa: E402
from ui.scripted import advance  # noqa: E402
from ui.session import quick_session  # noqa: E402
from ui.settings import Settings  # noqa: E402
from ui.testing import Input  # noqa: E402

CURTAIN = {(14, 12, 18), (20, 17, 26)}  # the curtain's cloth and its stripes


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("BERSERK_TABLE_HOME", str(tmp_path / "home"))
    return App(argparse.Namespace(saves_dir=tmp_path / "saves"), size=(1280, 720),
               settings=Settings(anim_speed=2.0, open_hands=False), headless=True)


@pytest.fixture()
def drawn(monkeypatch):
    """Every text drawn on the screen, as the player reads it."""
    seen: list[str] = []
    get = fonts.TEXT.get

    def spy(text, *args, **kwargs):
        seen.append(text)
        return get(text, *args, **kwargs)

    monkeypatch.setattr(fonts.TEXT, "get", spy)
    return seen


def saved_game(app, kind: str = "auto", kinds=("human", "human")):
    """A game in the middle of a turn, saved the way the table saves it (a technical file name for autosaves)."""
    session = quick_session(seed=4, kinds=kinds)
    assert advance(session, random.Random(4), lambda g: g.turn >= 5 and getattr(g.pending, "kind", None) == "main",
                   limit=800)
    path = storage.write(session, kind, "Вечерняя партия" if kind == "manual" else None, app.saves_dir)
    return session, path


def behind_the_curtain(app, scene) -> bool:
    """Nothing of the table on the screen: along the bottom, where the hand lies, only the curtain's cloth."""
    w, h = app.size
    area = pygame.Rect(0, int(h * 0.89), scene.view.L.table.w, int(h * 0.1))
    assert any(r.colliderect(area) for r in map(scene.view.card_rect, scene.game.players[scene.ui.viewer].hand)
               if r is not None), "the hand would be in the sampled strip"
    colours = {tuple(app.screen.get_at((x, y)))[:3] for x in range(area.x, area.right, 7)
               for y in range(area.y, area.bottom, 7)}
    return colours <= CURTAIN


def continue_from_menu(app, inp: Input):
    menu = MenuScene(app)
    app.switch(menu)
    inp.frame(2)
    button = next(b for b, name in menu.buttons.items() if name == "continue")
    inp.press(button)
    assert isinstance(app.scene, TableScene), getattr(menu, "error", "")
    return app.scene


def test_continue_shows_the_curtain_before_the_next_hand(app, drawn):
    session, path = saved_game(app)
    decider = session.game.decider
    inp = Input(app)
    table = continue_from_menu(app, inp)
    inp.frame(3)
    assert table.ui.curtain == session.game.players[decider].name
    assert behind_the_curtain(app, table), "the hand was on the screen before the curtain"
    hand_names = {table.tr.name(table.game.cdef(c).name) for c in table.game.players[decider].hand}
    assert not hand_names & set(drawn[-200:]), "a card of the hand was named behind the curtain"
    assert table.game.state_hash() == session.game.state_hash()
    inp.click((app.size[0] // 2, app.size[1] // 2))  # the player sits down and lifts it
    inp.frame(2)
    assert table.ui.curtain is None and table.ui.viewer == decider
    assert not behind_the_curtain(app, table)
    # the toast waited for the table: it names the save as a person would
    names = session.game.players
    label = table.tr("saves.label", n=session.game.turn, a=names[0].name, b=names[1].name)
    assert table.ui.toast == table.tr("table.loaded", name=label) and table.ui.toast_left > 2.0
    assert table.ui.toast_kind == "ok"
    assert path.name.startswith("auto-"), "the file keeps its technical name"


def test_the_saves_screen_names_autosaves_by_turn_and_players_and_loads_behind_the_curtain(app, drawn):
    session, auto = saved_game(app)
    storage.write(session, "manual", "Вечерняя партия", app.saves_dir)
    inp = Input(app)
    saves = LoadScene(app)
    app.switch(saves)
    drawn.clear()
    inp.frame(2)
    label = "Ход 5: Аня — Борис"
    assert label in drawn and "Вечерняя партия" in drawn
    assert not any("auto-" in t for t in drawn), [t for t in drawn if "auto-" in t]
    row = next(i for i, info in enumerate(saves.files) if info.path == auto)
    lr = saves.list_rect()
    inp.click((lr.x + lr.w // 2, lr.y + (row - saves.scroll) * saves.row_h + saves.row_h // 2))
    assert saves.info.path == auto
    inp.press(saves.open_b)
    table = app.scene
    assert isinstance(table, TableScene) and table.ui.curtain is not None
    inp.frame(2)
    assert behind_the_curtain(app, table)


def test_f9_loads_behind_the_curtain_and_says_what_it_loaded(app):
    session, _ = saved_game(app, "quick")
    table = TableScene(app, quick_session(seed=9), open_hands=False)
    table.autosave = False
    app.switch(table)
    inp = Input(app)
    inp.frame(2)
    inp.click((app.size[0] // 2, app.size[1] // 2))  # the new game's own first curtain, if any
    inp.key(pygame.K_F9)
    loaded = app.scene
    assert isinstance(loaded, TableScene) and loaded is not table
    assert loaded.ui.curtain is not None and behind_the_curtain(app, loaded)
    inp.click((app.size[0] // 2, app.size[1] // 2))
    assert loaded.ui.curtain is None
    assert loaded.ui.toast == "Игра загружена: Ход 5: Аня — Борис"
    fill = tuple(app.screen.get_at((app.size[0] // 2, 5)))[:3]
    assert fill not in CURTAIN


def test_against_the_computer_a_loaded_game_needs_no_curtain(app):
    saved_game(app, "auto", kinds=("human", "easy"))
    inp = Input(app)
    table = continue_from_menu(app, inp)
    assert table.ui.curtain is None
    assert table.ui.toast.startswith("Игра загружена: Ход 5")
    assert TOAST_LOOK[table.ui.toast_kind] == TOAST_LOOK["ok"]
