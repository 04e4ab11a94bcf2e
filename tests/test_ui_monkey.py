"""Monkey test: 20,000 random raw events for each screen (fewer for the slower ones), posted into
pygame's event queue a few at a time and read by the app's own loop (:meth:`ui.app.App.frame`), as a
person's would be; the pointer goes where the motions say, now and then the window is resized, and a
frame is drawn every so often. Nothing may raise.

The screen under test stays current: a switch it asks for is noted (the new screen is built) but not made.
"""

from __future__ import annotations

import random

import pygame
import pytest

from engine.heroes.ai import hard
from tests.helpers import check_invariants
from tests.ui_support import SCENES, scene_named, show
from ui.testing import Input

EVENTS = 20_000
FEWER = {"help": 8_000, "end": 8_000, "demo": 6_000, "save_as": 6_000, "replay": 6_000, "cards": 4_000,
         "classic_campaign": 6_000}
PER_FRAME = 12  # events a frame reads, at most
DRAW_EVERY = 40  # frames
RESIZE = 0.002  # chance per frame that the window is resized
KEYS = [pygame.K_TAB, pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_e, pygame.K_z, pygame.K_i,
        pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_9, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
        pygame.K_DOWN, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_a, pygame.K_F1, pygame.K_HOME, pygame.K_END,
        pygame.K_F2, pygame.K_s, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_MINUS, pygame.K_EQUALS]
RARE_KEYS = [pygame.K_F5, pygame.K_F9]  # quick save and load write and read files: pressed now and then
SIZES = [(1280, 720), (1024, 768), (1600, 900)]


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
        y = rng.choice([-1, 1, 3])
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y),
                                  touch=False, which=0)
    if r < 0.93:
        mod = rng.choice([0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL])
        k = rng.choice(RARE_KEYS if rng.random() < 0.02 else KEYS)
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    if r < 0.96:
        return pygame.event.Event(pygame.KEYUP, key=rng.choice(KEYS), mod=0, unicode="", scancode=0)
    return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("абвгдеёжзAbc12 !?«»"))


def post(batch: list[pygame.event.Event], size) -> None:
    """Into pygame's queue, the pointer put where the last motion leaves it (pygame_gui hovers by it)."""
    motions = [e for e in batch if e.type == pygame.MOUSEMOTION]
    if motions:
        x, y = motions[-1].pos
        pygame.mouse.set_pos((min(max(x, 0), size[0] - 1), min(max(y, 0), size[1] - 1)))
        pygame.event.get(pygame.MOUSEMOTION)  # SDL's own report of that warp: the batch's motions stand for it
    for e in batch:
        pygame.event.post(e)


@pytest.mark.parametrize("name", SCENES)
def test_monkey(app, name, monkeypatch):
    rng = random.Random(sum(map(ord, name)))
    if name == "demo":
        # The demo's bots look ahead two rounds a decision (tests/ui_support.py); Hard's foreseen defences,
        # answered by a Normal of their own, get one round each too: the monkey tests the screen, not the play.
        monkeypatch.setattr(hard, "REPLY_ROUNDS", 1)
    person = show(app, scene_named(app, name), Input(app, draw_every=DRAW_EVERY))
    scene = app.scene
    asked: list[str] = []
    monkeypatch.setattr(app, "switch", lambda s: asked.append(type(s).__name__))
    sent = 0
    while sent < FEWER.get(name, EVENTS):
        if rng.random() < RESIZE:
            person.resize(*rng.choice(SIZES))
        batch: list[pygame.event.Event] = []
        while len(batch) < rng.randint(1, PER_FRAME):
            batch += random_events(rng, app.size)
        post(batch, app.size)
        sent += len(batch)
        person.frame(1, rng.choice([0.0, 0.016, 0.033, 0.1, 0.5]))
        assert app.scene is scene
    person.draw_every = 1
    person.frame(1)
    if name == "menu":
        assert asked, "20,000 random events never pressed a menu button"
    if name.startswith("classic_") and name not in ("classic_table", "classic_campaign"):
        # a full game's setup and battle: the clicks made actions, and the game is whole
        assert app.scene.session.history, f"20,000 random events never made a classic action on {name}"
        g = app.scene.game
        assert type(g).from_dict(g.to_dict()).state_hash() == g.state_hash()
        cells = [c.at for c in g.creatures.values() if c.at is not None]
        assert len(cells) == len(set(cells)), "two cards on one cell"
    if name == "classic_campaign":
        # the clicks chose the loser's two cards and began the next game (which the monkey does not follow)
        c = app.scene.campaign
        assert "ClassicTableScene" in asked and c.number == 2 and len(c.results[-1]["chosen"]) == 2, asked
    if name == "classic_table":
        # the random drags and clicks reached the classic rules too, and left a whole game behind
        assert app.scene.session.history, "20,000 random events never made a classic move"
        g = app.scene.game
        assert type(g).from_dict(g.to_dict()).state_hash() == g.state_hash()
        cells = [c.at for c in g.creatures.values() if c.at is not None]  # flyers and terrain stand on none
        assert len(cells) == len(set(cells)) == len(g.grid()), "two creatures on one cell"
    if name == "table":
        # The clicks reached the rules (a table that ignores them is broken too), and the game they
        # made is whole: every card in one zone, a state that round-trips.
        assert app.scene.session.history, "20,000 random events never made a move at the table"
        check_invariants(app.scene.game)
