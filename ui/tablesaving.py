"""Saving from a game's table, alike for both games: the start-of-turn autosave, Ctrl+S (a name), F5 quick
save and F9 quick load, all through the shared saves code (ui/storage.py). Each game's own saving module
(ui/heroes/table/saving.py, ui/classic/saving.py) gives the small picture of its board that a save
carries and how its table tells the news; a refusal is told in the player's language and the table goes
on as it was."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from saves.errors import SaveError
from ui import storage
from ui.loading import open_session


def reason(tr: Any, exc: Exception) -> str:
    """Why a save failed, in the player's language."""
    if isinstance(exc, SaveError):
        return exc.message(tr.lang)
    return tr("table.save_failed")


def autosave(scene: Any, png: bytes | None) -> None:
    """The autosave at the start of every turn (and on leaving); the manager keeps the newest five."""
    storage.autosave(scene.session, scene.app.saves_dir, png)


def save_named(scene: Any, name: str, png: bytes | None, told: Callable[[str], None]) -> str | None:
    """Save under ``name``: None when it worked (``told`` the news), else the reason to show."""
    try:
        path = storage.write(scene.session, "manual", name, scene.app.saves_dir, png)
    except (SaveError, OSError, ValueError) as exc:
        return reason(scene.tr, exc)
    told(scene.tr("table.saved", name=path.stem))
    return None


def quicksave(scene: Any, png: bytes | None, told: Callable[[str], None]) -> bool:
    """F5: the one quick slot, overwritten each time; a refusal is a toast with the reason."""
    try:
        storage.write(scene.session, "quick", None, scene.app.saves_dir, png)
    except (SaveError, OSError, ValueError) as exc:
        scene.toast(scene.tr("table.quick_failed", why=reason(scene.tr, exc)))
        return False
    told(scene.tr("table.quick_saved"))
    return True


def quickload(scene: Any, **options: Any) -> bool:
    """F9: the quick slot replaces this game (opened with ``options``); without one, or with a broken one,
    the table stays and a toast says why."""
    try:
        session = storage.quickload(scene.app.saves_dir)
    except SaveError as exc:
        scene.toast(exc.message(scene.tr.lang))
        return False
    open_session(scene.app, session, title=storage.loaded_title(None, session, scene.tr), **options)
    return True
