"""A minimized window is not drawn and its loop wakes seldom, while the game in it goes on; restoring it draws
again at the full rate.  Raw window events only (ui.testing.Input), as the window system sends them."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from ui import app as app_module  # noqa: E402
from ui.testing import Input  # noqa: E402

MARK = (255, 0, 255)


def marked(app) -> bool:
    return tuple(app.screen.get_at((5, 5)))[:3] == MARK


def test_a_minimized_window_is_not_drawn_and_a_restored_one_is(app):
    app.show("menu")
    inp = Input(app)
    inp.frame(2)
    inp.post(pygame.WINDOWMINIMIZED)
    app.screen.fill(MARK)  # whatever draws next paints over this
    inp.frame(5)
    assert marked(app)
    inp.post(pygame.WINDOWRESTORED)
    assert not marked(app)


@pytest.mark.parametrize("hide, show", [(pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED),
                                        (pygame.WINDOWHIDDEN, pygame.WINDOWSHOWN)])
def test_the_loop_slows_while_the_window_cannot_be_seen_and_the_scene_still_runs(app, monkeypatch, hide, show):
    rates: list[int] = []

    class Clock:
        def tick(self, fps: int = 0) -> int:
            rates.append(fps)
            return 1000 // fps

    app.show("menu")
    monkeypatch.setattr(app_module.pygame.time, "Clock", Clock)
    times: list[float] = []
    scene_update = app.scene.update
    monkeypatch.setattr(app.scene, "update", lambda dt: (times.append(dt), scene_update(dt)))
    pygame.event.post(pygame.event.Event(hide))
    app.loop(max_frames=app.frames + 4)
    assert rates == [app_module.HIDDEN_FPS] * 3
    assert times[1:] == [1 / app_module.HIDDEN_FPS] * 3  # the game's clock runs on at the real time
    rates.clear()
    pygame.event.post(pygame.event.Event(show))
    app.loop(max_frames=app.frames + 3)
    assert rates == [app_module.FPS] * 2
