"""Fixtures shared by the UI tests (their helpers are in tests/ui_support.py)."""

from __future__ import annotations

import pytest


@pytest.fixture()
def home(tmp_path, monkeypatch):
    """The player's folders (settings, own cards, saves) in a temporary place."""
    monkeypatch.setenv("BERSERK_TABLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture()
def app(home):
    """A headless 1280×720 app with no animations, its saves in ``home / "saves"``."""
    from tests.ui_support import make_app

    return make_app(home / "saves")


@pytest.fixture()
def person(app):
    """A person at ``app``: raw input into pygame's queue, the app's own loop (nothing drawn unless asked)."""
    from ui.testing import Input

    return Input(app, draw_every=0)
