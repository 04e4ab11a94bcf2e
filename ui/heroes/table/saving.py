"""Saving from the table: Ctrl+S (a name), F5 quick save, F9 quick load, the start-of-turn autosave.

Each save carries a small picture of the board (:mod:`ui.thumbs`). The saving itself is the one both
games share (:mod:`ui.tablesaving`): a refusal from the disk or a bad quick slot is shown as a toast with
the reason; the table goes on as it was.
"""

from __future__ import annotations

import pygame

from ui import tablesaving
from ui.thumbs import table_png


def render_table(game, art, tr, size: tuple[int, int]) -> pygame.Surface:
    """The board as the table draws it at ``size`` (no hands shown, no overlays), cropped to the table."""
    from ui.heroes.table.state import TableUI
    from ui.heroes.table.view import TableView

    view = TableView(size, art, tr, 0.0)
    ui = TableUI(viewer=0, show_hands=set())
    view.sync(game, ui)
    for sp in view.anim.sprites.values():
        c = game.cards.get(sp.place.cid)
        if c is not None and c.hidden:
            sp.place.face_up = False  # the thumbnail has no "own side": hidden stays hidden
    surface = pygame.Surface(size)
    view.draw(surface, game, ui)
    return surface.subsurface(view.L.table).copy()


def thumbnail(scene) -> bytes | None:
    try:
        board = render_table(scene.game, scene.app.art, scene.tr, scene.app.size)
    except (pygame.error, ValueError):
        return None
    return table_png(board)


def autosave(scene) -> None:
    """The autosave at the start of every turn (and on leaving); the manager keeps the newest five."""
    tablesaving.autosave(scene, thumbnail(scene))


def save_named(scene, name: str) -> str | None:
    """Save under ``name``: None when it worked (a toast says so), else the reason."""
    return tablesaving.save_named(scene, name, thumbnail(scene), lambda text: scene.toast(text, "ok"))


def quicksave(scene) -> bool:
    """F5: the one quick slot, overwritten each time."""
    return tablesaving.quicksave(scene, thumbnail(scene), lambda text: scene.toast(text, "ok"))


def quickload(scene) -> bool:
    """F9: the quick slot replaces this game; without one (or a broken one) the table stays and says why."""
    if tablesaving.quickload(scene, open_hands=scene.open_hands):
        return True
    scene.refresh()
    return False


def ask_name(scene) -> None:
    """Ctrl+S or the menu's «Сохранить игру»: a name prompt over the table."""
    scene.ui.menu_open = False
    scene.app.show("save_as", table=scene)

