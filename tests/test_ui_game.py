"""A whole hot-seat game played through the table with synthetic mouse drags and clicks only.

After every gesture the engine state must be exactly the one the intended action gives.
"""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.heroes import actions as A  # noqa: E402
from ui.app import App  # noqa: E402
from ui.heroes.scene import TableScene  # noqa: E402
from ui.heroes.testing import Driver  # noqa: E402
from ui.session import quick_session  # noqa: E402
from ui.settings import Settings  # noqa: E402
from ui.testing import Input  # noqa: E402


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("BERSERK_TABLE_HOME", str(tmp_path))
    a = App(size=(1280, 720), settings=Settings(anim_speed=1.0), headless=True)
    yield a


def pick(game, rng: random.Random):
    """A random legal action, leaning towards the interesting ones so games end and cover drags."""
    legal = game.legal_actions()
    kind = game.pending.kind
    if kind == "main":
        buckets = [[a for a in legal if isinstance(a, cls)] for cls in (A.Play, A.Attack, A.Activate, A.WoundUndead)]
        weights = [5, 6, 2, 1]
        choices = [(b, w) for b, w in zip(buckets, weights, strict=True) if b]
        if choices and rng.random() < 0.85:
            bucket = rng.choices([b for b, _ in choices], [w for _, w in choices])[0]
            attacks_on_heroes = [a for a in bucket if isinstance(a, A.Attack) and game.cdef(a.target).type == "hero"]
            return rng.choice(attacks_on_heroes if attacks_on_heroes and rng.random() < 0.6 else bucket)
        return next((a for a in legal if isinstance(a, A.EndTurn)), rng.choice(legal))  # Frenzy may forbid ending
    if kind == "mulligan":
        small = [a for a in legal if len(a.cards) <= 2]
        return rng.choice(small)
    return rng.choice(legal)


def play_through_ui(app, seed: int, max_actions: int = 1500, decks=(0, 1)) -> tuple[TableScene, dict]:
    session = quick_session(seed=seed, decks=decks)
    scene = TableScene(app, session)
    scene.autosave = False
    app.switch(scene)
    driver = Driver(scene, random.Random(seed), draw_every=25)
    rng = random.Random(seed * 7 + 1)
    kinds: dict[str, int] = {}
    for _ in range(max_actions):
        game = session.game
        if game.is_over:
            break
        action = pick(game, rng)
        expected = game.clone()
        expected.apply(action)
        before = len(session.history)
        driver.perform(action)
        assert len(session.history) == before + 1, f"the gesture for {action} applied nothing ({scene.ui.toast})"
        assert session.history[-1].action == action, f"meant {action}, the table applied {session.history[-1].action}"
        assert session.game.state_hash() == expected.state_hash()
        kinds[type(action).__name__] = kinds.get(type(action).__name__, 0) + 1
    return scene, kinds


def test_full_hot_seat_game_through_drags_and_clicks(app):
    scene, kinds = play_through_ui(app, seed=3)
    game = scene.session.game
    assert game.is_over, "the game should be played to its end"
    for name in ("ChooseOrder", "Mulligan", "Play", "Attack", "EndTurn"):
        assert kinds.get(name), f"no {name} was made through the table: {kinds}"
    Input(app, draw_every=0).wait(4.0)  # the table hands over to the end screen
    from ui.scenes.end import EndScene

    assert isinstance(app.scene, EndScene)


@pytest.mark.parametrize("seed,decks", [(5, (2, 3)), (11, (4, 5)), (17, (6, 7))])
def test_more_games_through_the_table(app, seed, decks):
    """Other ready decks (mechanisms, constructors, poison…), each action checked the same way."""
    scene, kinds = play_through_ui(app, seed=seed, max_actions=400, decks=decks)
    assert kinds.get("Play") and kinds.get("EndTurn")
