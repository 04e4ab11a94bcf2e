"""ui/probe.py, headless: what it writes for the real-window test is where the client really draws.

The real-window test (test_ui_real_window.py) clicks where the probe says; here the same clicks go
through pygame's queue (ui.testing.Input), so a probe that drifts from the screen fails even on a
machine without Xvfb.
"""

from __future__ import annotations

import json
import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine.heroes import actions as A  # noqa: E402
from ui import probe  # noqa: E402
from ui.app import App  # noqa: E402
from ui.heroes.scene import TableScene  # noqa: E402
from ui.scenes.menu import MenuScene  # noqa: E402
from ui.scenes.setup import SetupScene  # noqa: E402
from ui.scripted import advance  # noqa: E402
from ui.session import quick_session  # noqa: E402
from ui.settings import Settings  # noqa: E402
from ui.testing import Input  # noqa: E402


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("BERSERK_TABLE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv(probe.ENV, str(tmp_path / "probe.json"))
    return App(size=(1280, 720), settings=Settings(anim_speed=1.0), headless=True)


def look(app, inp: Input) -> dict:
    """Frames enough for a fresh write, then what the probe says."""
    inp.frame(probe.EVERY)
    return json.loads(open(os.environ[probe.ENV], encoding="utf-8").read())


def centre(rect) -> tuple[int, int]:
    return rect[0] + rect[2] // 2, rect[1] + rect[3] // 2


def test_without_the_variable_the_probe_does_nothing(app, tmp_path, monkeypatch):
    def never(_app):
        raise AssertionError("the probe looked at the screen though nobody asked")

    monkeypatch.delenv(probe.ENV)
    monkeypatch.setattr(probe, "snapshot", never)
    app.switch(MenuScene(app))
    Input(app).frame(3 * probe.EVERY)
    assert not (tmp_path / "probe.json").exists()


def test_menu_buttons_by_role_where_they_are_drawn(app):
    app.switch(MenuScene(app))
    inp = Input(app)
    d = look(app, inp)
    assert d["scene"] == "MenuScene" and d["lang"] == "ru" and d["size"] == [1280, 720]
    new = d["widgets"]["buttons.new"]
    assert new["text"] == app.tr("menu.new") and new["enabled"]
    inp.click(centre(new["rect"]))
    assert look(app, inp)["scene"] == "SetupScene", "a click where the probe puts «new game» starts a new game"


def test_drop_down_options_are_where_a_click_picks_them(app):
    app.switch(SetupScene(app))
    inp = Input(app)
    menu = look(app, inp)["widgets"]["kind_menus[1]"]
    assert not menu["expanded"] and menu["options"] == []
    inp.click(centre(menu["rect"]))
    menu = look(app, inp)["widgets"]["kind_menus[1]"]
    assert menu["expanded"]
    assert [o["text"] for o in menu["options"]] == app.scene._kind_options()
    easy = menu["options"][1]
    inp.click(centre(easy["rect"]))
    menu = look(app, inp)["widgets"]["kind_menus[1]"]
    assert menu["text"] == easy["text"] and not menu["expanded"]
    assert app.scene.kinds[1] == "easy"


def test_table_points_hit_their_cards_and_a_probed_drag_plays_the_card(app):
    session = quick_session(seed=2)

    def playable(g):
        return getattr(g.pending, "kind", None) == "main" and any(
            isinstance(a, A.Play) and a.attach is None and not a.targets and g.cdef(a.card).type == "creature"
            for a in g.legal_actions())

    assert advance(session, random.Random(2), playable, limit=800)
    scene = TableScene(app, session, open_hands=True)
    scene.autosave = False
    app.switch(scene)
    inp = Input(app, dt=0.1)
    inp.frame(30)
    d = look(app, inp)
    g = scene.game
    assert d["game"]["turn"] == g.turn and d["game"]["pending"] == "main"
    assert [p["hand"] for p in d["game"]["players"]] == [list(p.hand) for p in g.players]
    for c in d["table"]["cards"]:
        if c["point"] is not None:
            assert scene.view.hit(tuple(c["point"]), g, scene.ui) == ("card", c["id"]), c
    legal = {str(a) for a in g.legal_actions() if isinstance(a, A.Play | A.Attack)}
    assert {m["action"] for m in d["table"]["moves"]} == legal
    move = next(m for m in d["table"]["moves"] if m["type"] == "Play" and m["drops"] == [["zone", "play"]]
                and m["card_type"] == "creature" and sum(n["source"] == m["source"] for n in d["table"]["moves"]) == 1)
    cid = move["source"][1]
    start = next(c["point"] for c in d["table"]["cards"] if c["id"] == cid)
    viewer = d["table"]["viewer"]
    inp.drag(start, d["table"]["table_point"], steps=4)
    d = look(app, inp)
    assert g.cards[cid].zone == "play", "a drag between the probe's points played the card"
    assert cid in d["game"]["players"][viewer]["play"] and cid not in d["game"]["players"][viewer]["hand"]
