"""Saving from the classic table: Ctrl+S (a name, through the shared save prompt), F5 quick save, F9 quick
load, the start-of-turn autosave — all through the shared saves code (ui/storage.py); each save carries a
small picture of the board."""

from __future__ import annotations

import pygame

from saves.errors import SaveError
from ui import storage
from ui.loading import open_session
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


def reason(tr, exc: Exception) -> str:
    if isinstance(exc, SaveError):
        return exc.message(tr.lang)
    return tr("table.save_failed")


def autosave(scene) -> None:
    storage.autosave(scene.session, scene.app.saves_dir, thumbnail(scene))


def save_named(scene, name: str) -> str | None:
    """Save under ``name``: None when it worked, else the reason to show."""
    try:
        path = storage.write(scene.session, "manual", name, scene.app.saves_dir, thumbnail(scene))
    except (SaveError, OSError, ValueError) as exc:
        return reason(scene.tr, exc)
    scene.toast(scene.tr("table.saved", name=path.stem))
    scene.refresh()
    return None


def quicksave(scene) -> bool:
    try:
        storage.write(scene.session, "quick", None, scene.app.saves_dir, thumbnail(scene))
    except (SaveError, OSError, ValueError) as exc:
        scene.toast(scene.tr("table.quick_failed", why=reason(scene.tr, exc)))
        return False
    scene.toast(scene.tr("table.quick_saved"))
    return True


def quickload(scene) -> bool:
    try:
        session = storage.quickload(scene.app.saves_dir)
    except SaveError as exc:
        scene.toast(exc.message(scene.tr.lang))
        return False
    open_session(scene.app, session, title=storage.loaded_title(None, session, scene.tr))
    return True
