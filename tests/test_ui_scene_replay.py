"""Watching a saved game, as a person does: the keys (← → Home End PgUp PgDn Space Esc Backspace), the
panel's buttons, a click on a log line, the wheel over the log, a right click to look at a card.
Every position shown is checked against the saves library's own replay."""

from __future__ import annotations

import random

import pygame
import pytest

from saves.manager import read_record
from saves.replay import Replay
from tests.ui_support import button, look, show
from ui import storage
from ui.scenes.load import LoadScene
from ui.scenes.replay import ReplayScene
from ui.scripted import advance
from ui.session import quick_session


@pytest.fixture()
def watched(app, person):
    """A 40-action game saved and opened from the saves screen with «Повтор»; the replay and an oracle."""
    s = quick_session(seed=10)
    advance(s, random.Random(10), lambda g: len(s.record.log) >= 40)
    path = storage.save(s, "партия", app.saves_dir)
    saves = LoadScene(app)
    show(app, saves, person)
    person.press(saves.replay_b)
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    oracle = Replay(read_record(path), storage.manager(app.saves_dir).base)
    return scene, oracle, s


def at(scene, oracle, i: int) -> None:
    assert scene.index == i
    assert scene.game.state_hash() == oracle.goto(i).game.state_hash()
    assert scene.lines[i] in scene.ui.prompt, "the current entry is named in the strip"


def test_the_keys_step_jump_and_leave(app, person, watched):
    scene, oracle, s = watched
    n = len(oracle)
    assert len(scene.lines) == n + 1
    at(scene, oracle, 0)
    for i in range(1, 6):
        person.key(pygame.K_RIGHT)
        at(scene, oracle, i)
    person.key(pygame.K_LEFT)
    at(scene, oracle, 4)
    person.key(pygame.K_END)
    at(scene, oracle, n)
    assert scene.game.state_hash() == s.game.state_hash()
    person.key(pygame.K_RIGHT)  # nothing past the end
    at(scene, oracle, n)
    person.key(pygame.K_PAGEUP)
    at(scene, oracle, n - 10)
    person.key(pygame.K_HOME)
    at(scene, oracle, 0)
    person.key(pygame.K_PAGEDOWN)
    at(scene, oracle, 10)
    look(person)
    person.key(pygame.K_BACKSPACE)
    assert isinstance(app.scene, LoadScene)


def test_the_panel_buttons(app, person, watched):
    scene, oracle, _ = watched
    n = len(oracle)

    def press(value):
        person.click(button(scene.ui.panel_buttons, value).rect.center)

    assert not button(scene.ui.panel_buttons, ("back",)).enabled, "nothing before the start"
    press(("fwd",))
    press(("fwd",))
    at(scene, oracle, 2)
    press(("back",))
    at(scene, oracle, 1)
    press(("end",))
    at(scene, oracle, n)
    assert not button(scene.ui.panel_buttons, ("fwd",)).enabled
    press(("home",))
    at(scene, oracle, 0)
    press(("auto",))  # plays on its own…
    assert scene.auto
    person.wait(3.0)
    assert 0 < scene.index < n
    press(("auto",))  # …until paused
    stopped = scene.index
    person.wait(2.0)
    at(scene, oracle, stopped)
    press(("exit",))
    assert isinstance(app.scene, LoadScene)


def test_space_plays_to_the_end_and_escape_leaves(app, person, watched):
    scene, oracle, _ = watched
    person.key(pygame.K_SPACE)
    person.wait_until(lambda: scene.index == len(oracle), seconds=len(oracle) * 2, step=0.25, what="the replay")
    person.wait(1.0)
    assert not scene.auto, "it stops at the end"
    person.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, LoadScene)


def test_a_click_on_a_log_line_jumps_there_and_the_wheel_scrolls_the_log(app, person, watched):
    scene, oracle, _ = watched
    r = scene.list_rect()

    def line_point(k):
        return r.centerx, r.y + scene.view.L.sc(6) + (k - scene.scroll) * scene.line_h() + scene.line_h() // 2

    person.move(line_point(7))
    assert scene.hover_row == 7, "the line under the pointer is lit"
    person.click(line_point(7))
    at(scene, oracle, 7)
    assert len(scene.lines) > scene.rows_fit(), "the log is longer than its box"
    person.move(r.center)
    person.wheel(-1)
    assert scene.scroll == 3
    person.wheel(1)
    assert scene.scroll == 0


def test_a_right_click_on_a_card_shows_it_large_and_escape_puts_it_back(app, person, watched):
    scene, oracle, _ = watched
    person.key(pygame.K_END)
    g = scene.game
    cid = next(c for p in g.players for c in p.play)
    person.right_click(scene.view.card_rect(cid).center)
    assert scene.ui.zoom == cid and scene.ui.zoom_lines
    look(person)
    person.key(pygame.K_ESCAPE)
    assert scene.ui.zoom is None and app.scene is scene, "Esc closes the card first"
    person.right_click(scene.view.card_rect(cid).center)
    person.click((5, 5))
    assert scene.ui.zoom is None and app.scene is scene
