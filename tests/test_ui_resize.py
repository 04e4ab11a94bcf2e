"""The window changes size under every screen (the player drags its corner: a raw resize event) and
the screen is rebuilt inside the new size; every drop-down's rows hold their whole text."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_support import SCENES, look, outside, scene_named, show, widgets
from ui.scene import GuiScene
from ui.scenes.save_as import SaveAsScene


def table_rects(scene) -> list[pygame.Rect]:
    """What a table-like screen lays out: its buttons and every card where it sits."""
    ui, view = scene.ui, scene.view
    rects = [b.rect for b in ui.panel_buttons + ui.buttons]
    for sp in view.anim.sprites.values():
        r = pygame.Rect((0, 0), sp.place.size)
        r.center = (int(sp.place.center[0]), int(sp.place.center[1]))
        rects.append(r)
    return rects


def check_inside(scene, size) -> None:
    if isinstance(scene, GuiScene):
        assert scene.manager.window_resolution == size, "the widgets were not rebuilt for the new size"
        assert widgets(scene), "the screen lost its widgets"
        assert not outside([e.rect for e in widgets(scene)], size)
        if isinstance(scene, SaveAsScene):  # the table under the prompt is laid out anew too
            assert scene.table.view.size == size
    elif hasattr(scene, "look"):  # the classic table: its buttons and every creature's card
        assert scene.view.size == size and (scene.view.L.w, scene.view.L.h) == size
        g = scene.game
        cards = [scene.view.L.card_rect(c.at, scene.look.viewer) for c in g.creatures.values() if c.at is not None]
        kind = getattr(g.pending, "kind", None)
        if kind == "recruit":  # squad building: the deal's cards and the side column
            lay = scene.setup.recruit_layout()
            cards += [lay.card_rect(i) for i in range(len(scene.setup.rlook.deal))] + [lay.side]
        elif kind == "place":  # placement: the squad cards not yet laid out
            cards += [r for _, r in scene.setup.tray]
        assert cards, "no card is laid out"
        assert not outside([b.rect for b in scene.look.buttons] + cards + [scene.view.L.board], size)
    else:
        assert scene.view.size == size and (scene.view.L.w, scene.view.L.h) == size
        assert scene.view.anim.sprites, "no card is laid out"
        assert not outside(table_rects(scene), size)


@pytest.mark.parametrize("name", SCENES)
def test_resizing_the_window_rebuilds_the_screen_inside_it(app, person, name):
    scene = scene_named(app, name)
    show(app, scene, person)
    person.frame(3)
    for size in ((1600, 900), (1024, 768), (1280, 720)):
        person.resize(*size)
        assert app.size == size
        assert app.scene is scene, "a resize is not a way out of the screen"
        check_inside(scene, size)
        screen = look(person)
        corner = screen.get_at((size[0] - 3, size[1] - 3))[:3]
        assert corner != (0, 0, 0), "the bottom right corner was left undrawn"


def option_rows(person, menu) -> list[tuple[str, pygame.Rect, tuple[int, int]]]:
    """Open ``menu`` with a click: each row's text, rectangle and the size its text needs."""
    person.click(menu.rect.center)
    state = menu.current_state
    assert state is menu.menu_states["expanded"]
    rows = []
    for item in state.options_selection_list.item_list:
        b = item["button_element"]
        if b is not None and b.visible:
            rows.append((item["text"], b.rect, b.font.size(item["text"])))
    person.click(state.selected_option_button.rect.center)  # closes it again
    assert menu.current_state is menu.menu_states["closed"]
    return rows


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080), (2560, 1440)])
@pytest.mark.parametrize("name", ["setup", "settings"])
def test_every_drop_down_row_holds_its_whole_text(home, name, size):
    from tests.ui_support import make_app
    from ui.testing import Input

    app = make_app(home / "saves", size=size)
    person = show(app, scene_named(app, name), Input(app, draw_every=0))
    scene = app.scene
    menus = [e for e in widgets(scene) if isinstance(e, pygame_gui_drop_down())]
    # setup: the game, each seat's deck and player, the time limit and the extra turns after it; settings: size,
    # animation, volume, language
    assert len(menus) == (7 if name == "setup" else 4)
    if name == "setup":  # the extra turns follow a time limit: one is chosen, so that list opens too
        person.choose(scene.limit_menu, scene.tr("timed.minutes", n=90))
    for menu in menus:
        rows = option_rows(person, menu)
        assert rows
        for text, rect, (tw, th) in rows:
            assert th <= rect.h, f"{text!r}: a {rect.h} px row cuts {th} px text at {size}"
            assert tw <= rect.w, f"{text!r}: {tw} px of text in a {rect.w} px row at {size}"


def pygame_gui_drop_down():
    import pygame_gui

    return pygame_gui.elements.UIDropDownMenu
