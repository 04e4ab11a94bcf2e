"""Monkey test: 20,000 random mouse and keyboard events to each scene (6,000 to the smaller ones),
drawn every few events.

Nothing may raise; the events go straight to the scene's handle_event (no real display).
"""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from tests.helpers import check_invariants  # noqa: E402
from ui.app import App  # noqa: E402
from ui.settings import Settings  # noqa: E402

EVENTS = 20_000
FEWER = {"save_as": 6_000, "replay": 6_000, "cards": 4_000}
DRAW_EVERY = 40
KEYS = [pygame.K_TAB, pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_e, pygame.K_z, pygame.K_i,
        pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_9, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
        pygame.K_DOWN, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_a, pygame.K_F1, pygame.K_HOME, pygame.K_END,
        pygame.K_F2, pygame.K_s, pygame.K_PAGEUP, pygame.K_PAGEDOWN]
RARE_KEYS = [pygame.K_F5, pygame.K_F9]  # quick save and load write and read files: pressed now and then


def make_scene(app, name: str):
    from ui.scenes.end import EndScene
    from ui.scenes.help import HelpScene
    from ui.scenes.load import LoadScene
    from ui.scenes.menu import MenuScene
    from ui.scenes.settings import SettingsScene
    from ui.scenes.setup import SetupScene, quick_session
    from ui.scenes.table import TableScene

    if name == "table":
        scene = TableScene(app, quick_session(seed=random.randrange(1000)))
        scene.autosave = False
        return scene
    if name == "end":
        from ui.scripted import advance

        s = quick_session(seed=3)
        advance(s, random.Random(3), lambda g: g.is_over, limit=3000)
        return EndScene(app, s)
    if name == "load":
        saves_with_a_broken_one()
    if name == "replay":
        from saves.replay import Replay
        from ui import storage
        from ui.scenes.replay import ReplayScene
        from ui.scripted import advance

        s = quick_session(seed=4)
        advance(s, random.Random(4), lambda g: g.turn >= 6)
        return ReplayScene(app, Replay(s.record.truncated(len(s.record.log)), storage.manager().base))
    if name == "save_as":
        from ui.scenes.save_as import SaveAsScene

        table = TableScene(app, quick_session(seed=5))
        table.autosave = False
        table.enter()
        return SaveAsScene(app, table)
    if name == "cards":
        from ui.scenes.own_cards import OwnCardsScene

        return OwnCardsScene(app)
    return {"menu": MenuScene, "setup": SetupScene, "settings": SettingsScene, "help": HelpScene,
            "load": LoadScene}[name](app)


def saves_with_a_broken_one() -> None:
    """Three good saves (one quick) and a damaged file in the default saves folder."""
    from saves.paths import saves_dir
    from ui import storage
    from ui.scenes.setup import quick_session
    from ui.scripted import advance

    for i, name in enumerate(("первая", "вторая")):
        s = quick_session(seed=20 + i)
        advance(s, random.Random(i), lambda g, turn=2 + i: g.turn >= turn)
        storage.save(s, name)
        storage.quicksave(s)
    (saves_dir() / "broken.json").write_text('{"format": "berserk-table-save"', encoding="utf-8")


def random_events(rng: random.Random, size) -> list[pygame.event.Event]:
    """Mostly single events; sometimes a whole click (down and up at one point) or a drag."""
    w, h = size
    r = rng.random()
    pos = (rng.randrange(0, w), rng.randrange(0, h))
    if r < 0.12:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
    if r < 0.17:
        end = (rng.randrange(0, w), rng.randrange(0, h))
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)]
    return [random_event(rng, size)]


def random_event(rng: random.Random, size) -> pygame.event.Event:
    w, h = size
    pos = (rng.randrange(-5, w + 5), rng.randrange(-5, h + 5))
    r = rng.random()
    if r < 0.35:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(rng.randint(-9, 9), rng.randint(-9, 9)),
                                  buttons=(rng.random() < 0.3, 0, 0))
    if r < 0.55:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 1, 3, 2, 4, 5]))
    if r < 0.75:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=rng.choice([1, 1, 1, 3, 2]))
    if r < 0.8:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1, 3]), flipped=False,
                                  precise_x=0.0, precise_y=0.0)
    if r < 0.93:
        mod = rng.choice([0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL])
        k = rng.choice(RARE_KEYS if rng.random() < 0.02 else KEYS)
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    if r < 0.96:
        return pygame.event.Event(pygame.KEYUP, key=rng.choice(KEYS), mod=0, unicode="", scancode=0)
    return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("абвгдеёжзAbc12 !?«»"))


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("BERSERK_TABLE_HOME", str(tmp_path))
    a = App(size=(1280, 720), settings=Settings(anim_speed=2.0), headless=True)
    yield a


@pytest.mark.parametrize("name", ["menu", "setup", "settings", "help", "load", "table", "end", "save_as", "replay",
                                  "cards"])
def test_monkey(app, name, monkeypatch):
    rng = random.Random(sum(map(ord, name)))
    app.switch(make_scene(app, name))
    # the scene under test stays current: a switch it asks for is noted (the new scene is built) but not made
    asked: list[str] = []
    monkeypatch.setattr(app, "switch", lambda scene: asked.append(type(scene).__name__))
    surface = app.screen
    sent = 0
    i = 0
    while sent < FEWER.get(name, EVENTS):
        i += 1
        for event in random_events(rng, app.size):
            app.scene.handle_event(event)
            sent += 1
            for ev in pygame.event.get():  # what pygame_gui posted in answer (button presses…)
                if ev.type not in (pygame.QUIT, pygame.VIDEORESIZE, pygame.WINDOWRESIZED):
                    app.scene.handle_event(ev)
        if i % DRAW_EVERY == 0:
            app.scene.update(rng.choice([0.0, 0.016, 0.1, 0.5]))
            app.scene.draw(surface)
    app.scene.update(0.1)
    app.scene.draw(surface)
    if name == "menu":
        assert asked, "20,000 random events never pressed a menu button"
    if name == "table":
        # The clicks reached the rules (a table that ignores them is broken too), and the game they
        # made is whole: every card in one zone, a state that round-trips.
        assert app.scene.session.history, "20,000 random events never made a move at the table"
        check_invariants(app.scene.game)


def test_menu_buttons_lead_where_they_say(app):
    """Each main-menu button opens its scene (clicked with the mouse, through pygame_gui)."""
    from ui.scenes.menu import MenuScene

    expected = {"new": "SetupScene", "settings": "SettingsScene", "help": "HelpScene"}
    for name, scene_name in expected.items():
        app.switch(MenuScene(app))
        button = next(b for b, n in app.scene.buttons.items() if n == name)
        click(app, button.rect.center)
        assert type(app.scene).__name__ == scene_name
    app.switch(MenuScene(app))
    button = next(b for b, n in app.scene.buttons.items() if n == "quit")
    click(app, button.rect.center)
    assert not app.running


def click(app, pos) -> None:
    for _ in range(2):
        app.scene.update(0.05)
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        data = {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else \
            {"pos": pos, "button": 1}
        app.scene.handle_event(pygame.event.Event(kind, **data))
        app.scene.update(0.05)
        for ev in pygame.event.get():
            app.scene.handle_event(ev)


def test_new_game_from_setup_reaches_the_table(app):
    from ui.scenes.setup import SetupScene
    from ui.scenes.table import TableScene

    app.switch(SetupScene(app))
    click(app, app.scene.start_b.rect.center)
    assert isinstance(app.scene, TableScene)
    game = app.scene.session.game
    assert game.pending["kind"] == "order"
    assert app.scene.ui.dice, "the first-player die roll is shown as dice"
