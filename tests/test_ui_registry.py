"""Scenes by name (ui.registry): every name builds a scene, and a wrong name says which names exist."""

from __future__ import annotations

import pytest

from ui.registry import SCENES, UnknownScene, scene_class


@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_name_is_a_scene(name):
    cls = scene_class(name)
    for method in ("enter", "leave", "handle_event", "update", "draw", "resize"):
        assert callable(getattr(cls, method, None)), f"{name}: {cls.__name__} has no {method}()"


def test_an_unknown_name_fails_naming_the_known_ones():
    with pytest.raises(UnknownScene) as err:
        scene_class("loadd")
    assert "'loadd'" in str(err.value)
    assert all(name in str(err.value) for name in SCENES)


def test_show_enters_the_named_scene(app):
    app.show("saves")
    assert type(app.scene) is scene_class("saves")
    app.show("menu")
    assert type(app.scene) is scene_class("menu")
    with pytest.raises(UnknownScene):
        app.show("nowhere")
    assert type(app.scene) is scene_class("menu"), "a wrong name leaves the scene as it was"
