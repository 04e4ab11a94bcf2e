"""Fixtures shared by the UI tests (their helpers are in tests/ui_support.py)."""

from __future__ import annotations

import os
import sys

import pytest

from tools.compile_rules import guard

guard()  # the tests never run compiled rules built from other sources (python3 run.py test builds them again)
# No test announces or looks for games on the real local network (mDNS): network tests talk to loopback only,
# and the one about games found nearby uses announcements kept in the test's own process (net/discovery.py).
os.environ["BERSERK_NET_DISCOVERY"] = "off"
os.environ["BERSERK_NET_LISTEN"] = "127.0.0.1"  # a server a test's client hosts listens on loopback only


@pytest.fixture(autouse=True)
def _fresh_event_queue():
    """Each test starts and ends with pygame's event queue empty: an xdist worker runs many tests in one
    process, and a motion or key left over from the last test must not reach the next one's app."""
    def clear() -> None:
        pygame = sys.modules.get("pygame")
        if pygame is not None and pygame.display.get_init():
            pygame.event.clear()

    clear()
    yield
    clear()


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
