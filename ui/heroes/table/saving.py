"""Saving from the table: Ctrl+S (a name), F5 quick save, F9 quick load, the start-of-turn autosave.

Each save carries a small picture of the board (:mod:`ui.thumbs`). A refusal from the disk or a
bad quick slot is shown as a toast with the reason; the table goes on as it was.
"""

from __future__ import annotations

import pygame

from saves.errors import SaveError
from ui import storage
from ui.loading import open_session
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


def reason(tr, exc: Exception) -> str:
    if isinstance(exc, SaveError):
        return exc.message(tr.lang)
    return tr("table.save_failed")


def autosave(scene) -> None:
    """The autosave at the start of every turn (and on leaving); the manager keeps the newest five."""
    storage.autosave(scene.session, scene.app.saves_dir, thumbnail(scene))


def save_named(scene, name: str) -> str | None:
    """Save under ``name``: None when it worked (a toast says so), else the reason."""
    try:
        path = storage.write(scene.session, "manual", name, scene.app.saves_dir, thumbnail(scene))
    except (SaveError, OSError, ValueError) as exc:
        return reason(scene.tr, exc)
    scene.toast(scene.tr("table.saved", name=path.stem), "ok")
    return None


def quicksave(scene) -> bool:
    """F5: the one quick slot, overwritten each time."""
    try:
        storage.write(scene.session, "quick", None, scene.app.saves_dir, thumbnail(scene))
    except (SaveError, OSError, ValueError) as exc:
        scene.toast(scene.tr("table.quick_failed", why=reason(scene.tr, exc)))
        return False
    scene.toast(scene.tr("table.quick_saved"), "ok")
    return True


def quickload(scene) -> bool:
    """F9: the quick slot replaces this game; without one (or a broken one) the table stays and says why."""
    try:
        session = storage.quickload(scene.app.saves_dir)
    except SaveError as exc:
        scene.toast(exc.message(scene.tr.lang))
        scene.refresh()
        return False
    open_session(scene.app, session, open_hands=scene.open_hands, title=storage.loaded_title(None, session, scene.tr))
    return True


def ask_name(scene) -> None:
    """Ctrl+S or the menu's «Сохранить игру»: a name prompt over the table."""
    scene.ui.menu_open = False
    scene.app.show("save_as", table=scene)

