"""Saving from the classic table: Ctrl+S (a name, through the shared save prompt), F5 quick save, F9 quick
load, the start-of-turn autosave — all through ui/tablesaving.py, as for «Герои»; each save carries a
small picture of the board."""

from __future__ import annotations

import pygame

from ui import tablesaving
from ui.thumbs import table_png


def render_board(game, tr, size) -> pygame.Surface:
    """The battlefield as the table draws it (player 1's side at the bottom), cropped to the grid."""
    from ui.classic.view import BoardView, Look

    view = BoardView(size, tr)
    surface = pygame.Surface(size)
    view.draw(surface, game, Look(viewer=0, all_backs=True), panel=False)  # anyone may see the saves list
    return surface.subsurface(view.L.board.inflate(view.L.sc(40), view.L.sc(40)).clip(surface.get_rect())).copy()


def thumbnail(scene) -> bytes | None:
    try:
        return table_png(render_board(scene.game, scene.tr, scene.app.size))
    except (pygame.error, ValueError):
        return None


def autosave(scene) -> None:
    tablesaving.autosave(scene, thumbnail(scene))


def save_named(scene, name: str) -> str | None:
    """Save under ``name``: None when it worked, else the reason to show."""
    why = tablesaving.save_named(scene, name, thumbnail(scene), lambda text: scene.toast(text, ok=True))
    if why is None:
        scene.refresh()
    return why


def quicksave(scene) -> bool:
    return tablesaving.quicksave(scene, thumbnail(scene), lambda text: scene.toast(text, ok=True))


def quickload(scene) -> bool:
    return tablesaving.quickload(scene)
