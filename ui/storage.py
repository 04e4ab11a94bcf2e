"""Saved games through saves.manager (atomic writes, versions, checks on load).

The functions named ``save``/``autosave``/``quicksave`` answer None when the disk refuses (the
table shows a toast); the rest raise :class:`SaveError`, whose ``.ru``/``.en`` say why.
"""

from __future__ import annotations

import time
from pathlib import Path

from saves.errors import SaveError
from saves.manager import SaveInfo, SaveManager, save_kind

_managers: dict[tuple[Path, int], SaveManager] = {}


def manager(folder: Path | None = None) -> SaveManager:
    """The saves folder's manager; kept per folder so its list of file summaries stays cached."""
    from saves.paths import saves_dir
    from ui.rulesets import find_client

    base = find_client("heroes").content.game_content()[0]  # the «Герои» pool a save's own cards extend
    where = Path(folder) if folder is not None else saves_dir()
    key = (where, id(base))
    m = _managers.get(key)
    if m is None or m.base is not base:
        if len(_managers) > 8:
            _managers.clear()
        m = _managers[key] = SaveManager(where, base=base)
    return m


def write(session, kind: str = "manual", name: str | None = None, folder: Path | None = None,
          thumbnail: bytes | None = None) -> Path:
    """Save the session as ``kind`` ("manual", "quick" or "auto"); raises SaveError or OSError."""
    if session.record is None:
        raise SaveError(None, "у этой игры нет записи", "this game has no record")
    m = manager(folder)
    whole = session.whole  # a campaign is saved whole, between its games and inside them
    if kind == "quick":
        return m.quicksave(session.record, game=whole, thumbnail=thumbnail)
    if kind == "auto":
        return m.autosave(session.record, game=whole, thumbnail=thumbnail)
    return m.save(session.record, name or time.strftime("game-%Y%m%d-%H%M%S"), game=whole, thumbnail=thumbnail)


def save(session, name: str | None = None, folder: Path | None = None, thumbnail: bytes | None = None) -> Path | None:
    """Save under a name (a dated one by default); None when the disk refuses."""
    try:
        return write(session, "manual", name, folder, thumbnail)
    except (SaveError, OSError, ValueError):
        return None


def autosave(session, folder: Path | None = None, thumbnail: bytes | None = None) -> Path | None:
    """The start-of-turn autosave (the manager keeps the newest five)."""
    try:
        return write(session, "auto", None, folder, thumbnail)
    except (SaveError, OSError, ValueError):
        return None


def quicksave(session, folder: Path | None = None, thumbnail: bytes | None = None) -> Path | None:
    try:
        return write(session, "quick", None, folder, thumbnail)
    except (SaveError, OSError, ValueError):
        return None


def game_label(tr, turn: int, names: list[str]) -> str:
    """«Ход 7: Аня — Борис»: a game as a person knows it (the autosaves' files have technical names)."""
    if len(names) == 2:
        return tr("saves.label", n=turn, a=names[0], b=names[1])
    return tr("load.turn", n=turn)


def title(info: SaveInfo, tr) -> str:
    """What the saves screen calls a save: its own name, or for an autosave and the quick slot its game."""
    if info.kind == "manual" or not info.ok:
        return info.name
    return game_label(tr, info.turn, [seat.name for seat in info.players])


def loaded_title(path: Path | None, session, tr) -> str:
    """The same for a save just loaded into ``session`` (``path`` None: the quick slot)."""
    if path is not None and save_kind(Path(path)) == "manual":
        return Path(path).name.removesuffix(".json")
    from ui.rulesets import client_of

    g = session.game
    return game_label(tr, g.turn, [client_of(g).player_name(g, p) for p in (0, 1)])


def exists(name: str, folder: Path | None = None) -> bool:
    return manager(folder).exists(name)


def listing(folder: Path | None = None) -> list[SaveInfo]:
    """Good saves, newest first."""
    return [i for i in manager(folder).list() if i.ok]


def everything(folder: Path | None = None) -> list[SaveInfo]:
    """Every save file, newest first; broken ones carry their error (the saves screen lists them too)."""
    return manager(folder).list()


def _playable(record, path: Path) -> None:  # noqa: ANN001 - a saves.record.GameRecord
    """SaveError for a save of a game the client has no table for (ui.rulesets.CLIENTS)."""
    from ui.rulesets import CLIENTS

    if record.ruleset not in CLIENTS:
        raise SaveError(path, f"игры по правилам «{record.ruleset}» клиент пока не открывает",
                        f"the client cannot open '{record.ruleset}' games yet")


def latest(folder: Path | None = None) -> SaveInfo | None:
    """The newest good, unfinished save the client can open ("continue")."""
    from ui.rulesets import CLIENTS

    for info in manager(folder).list():
        if info.ok and not info.over and info.ruleset in CLIENTS:
            return info
    return None


def load(path: Path, folder: Path | None = None):
    """A GameSession from a save file; raises SaveError (its .ru/.en say why) when it cannot be used."""
    from ui.session import GameSession

    loaded = manager(folder).load(Path(path))
    _playable(loaded.record, loaded.path)
    return GameSession.from_record(loaded.record, loaded.game)


def quickload(folder: Path | None = None):
    """The quick slot as a GameSession (SaveMissing when there is none)."""
    from ui.session import GameSession

    loaded = manager(folder).quickload()
    _playable(loaded.record, loaded.path)
    return GameSession.from_record(loaded.record, loaded.game)


def rename(path: Path, new_name: str, folder: Path | None = None) -> Path:
    """Raises SaveExists when the name is taken, SaveError for an empty name."""
    if not new_name.strip():
        raise SaveError(Path(path), "имя не может быть пустым", "the name cannot be empty")
    return manager(folder).rename(Path(path), new_name.strip())


def delete(path: Path, folder: Path | None = None) -> None:
    manager(folder).delete(Path(path))


def replay(path: Path, folder: Path | None = None):
    """A saves.replay.Replay of a save file (checked like a load; raises SaveError)."""
    from saves.manager import read_record
    from saves.replay import Replay

    m = manager(folder)
    path = Path(path)
    record = read_record(path)
    _playable(record, path)
    return Replay(record, m.base, path=path)
