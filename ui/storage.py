"""Saved games through saves.manager (atomic writes, versions, checks on load)."""

from __future__ import annotations

import time
from pathlib import Path

from saves.errors import SaveError
from saves.manager import SaveInfo, SaveManager


def manager(folder: Path | None = None) -> SaveManager:
    from ui.content import game_content

    return SaveManager(folder, base=game_content()[0])


def save(session, name: str | None = None, folder: Path | None = None) -> Path | None:
    """Save under a name (a dated one by default); None when the disk refuses."""
    if session.record is None:
        return None
    try:
        return manager(folder).save(session.record, name or time.strftime("game-%Y%m%d-%H%M%S"), game=session.game)
    except (SaveError, OSError):
        return None


def autosave(session, folder: Path | None = None) -> Path | None:
    if session.record is None:
        return None
    try:
        return manager(folder).autosave(session.record, game=session.game)
    except (SaveError, OSError):
        return None


def listing(folder: Path | None = None) -> list[SaveInfo]:
    """Good saves, newest first."""
    return [i for i in manager(folder).list() if i.ok]


def latest(folder: Path | None = None) -> SaveInfo | None:
    return manager(folder).latest()


def load(path: Path, folder: Path | None = None):
    """A GameSession from a save file; raises SaveError (its .ru/.en say why) when it cannot be used."""
    from ui.session import GameSession

    loaded = manager(folder).load(Path(path))
    return GameSession.from_record(loaded.record, loaded.game)
