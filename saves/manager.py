"""The saves folder as the UI sees it: save, autosave, quick save/load, list, rename, delete.

Every write is atomic (:mod:`saves.atomic`); a failed load never changes anything on disk.
Thumbnails are PNG bytes made by the UI, stored beside the save as ``NAME.png``.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import os
import pathlib
import re
import stat
from typing import Any, NamedTuple

from engine.content import userfile
from engine.core.game import Game
from saves.atomic import PartlyWritten, backup_path, is_temp, remove_stale_temps, replace_together
from saves.errors import (
    SaveError,
    SaveExists,
    SaveMissing,
    SaveTooLarge,
    SaveUnexpected,
    SaveUnreadable,
    SaveWriteError,
)
from saves.format import MAX_BYTES, decode, encode
from saves.record import GameRecord, now_iso, saved_moment

SUFFIX = ".json"
THUMB_SUFFIX = ".png"
QUICK_NAME = "quick"
AUTO_PREFIX = "auto-"
KEEP_AUTOSAVES = 5
MAX_THUMBNAIL = 4 * 1024 * 1024
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
_AUTO = re.compile(r"^auto-\d{8}-\d{6}-\d{6}(-\d+)?$")
_BAD_CHARS = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]')
_EPOCH = _dt.datetime.fromtimestamp(0, _dt.UTC)
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)), *(f"lpt{i}" for i in range(1, 10))}


class LoadedSave(NamedTuple):
    """A verified save: the record and the game rebuilt from it, ready to continue."""

    record: GameRecord
    game: Game
    path: pathlib.Path


class Seat(NamedTuple):
    """Who plays a seat of a listed save: name, "human" | "computer", and the computer's level ("" for a person)."""

    name: str
    kind: str
    level: str = ""


@dataclasses.dataclass(frozen=True)
class SaveInfo:
    """One line of the saves screen. ``error`` is set (and the rest mostly empty) for a broken file."""

    path: pathlib.Path
    name: str
    kind: str  # "manual" | "auto" | "quick"
    # when it was saved (aware, UTC; for a broken file, or a save that names no time, when the file was last
    # written); None when the save names a time no clock can show (saves.record.saved_moment)
    date: _dt.datetime | None
    ruleset: str = ""
    players: tuple[Seat, ...] = ()
    turn: int = 0
    actions: int = 0
    over: bool = False
    thumbnail: pathlib.Path | None = None
    has_backup: bool = False
    error: SaveError | None = None

    @property
    def has_thumbnail(self) -> bool:
        return self.thumbnail is not None

    @property
    def ok(self) -> bool:
        return self.error is None


# ====================================================================== reading (never writes)
def read_record(path: pathlib.Path) -> GameRecord:
    """Read and check a save file without replaying it. Raises a SaveError; never writes."""
    path = pathlib.Path(path)
    try:
        data = userfile.read_bytes(path, MAX_BYTES)  # regular files only, the size checked before reading
    except userfile.FileRefused as exc:
        kind = {"missing": SaveMissing, "not_file": SaveMissing, "too_large": SaveTooLarge}.get(exc.code, SaveUnreadable)
        raise kind(path, exc.ru, exc.en) from None
    try:
        return decode(data, path)
    except SaveError:
        raise
    except Exception as exc:  # noqa: BLE001 - a file from anywhere must never crash the game
        raise SaveUnexpected(path, f"файл не прочитать ({type(exc).__name__})",
                             f"the file cannot be read ({type(exc).__name__}: {exc})") from None


def load(path: pathlib.Path, base: Any = None) -> LoadedSave:
    """Read a save, rebuild the game from its log and check the hash. Raises a SaveError; never writes."""
    path = pathlib.Path(path)
    record = read_record(path)
    try:
        game = record.replay(base, path=path)
    except SaveError:
        raise
    except Exception as exc:  # noqa: BLE001
        raise SaveUnexpected(path, f"игру не восстановить ({type(exc).__name__})",
                             f"the game cannot be rebuilt ({type(exc).__name__}: {exc})") from None
    return LoadedSave(record, game, path)


def safe_name(name: str) -> str:
    """A file name for a save name: any language is fine, characters no system allows are replaced."""
    text = _BAD_CHARS.sub("_", name).strip().strip(".").strip()[:80]
    if not text or text.split(".")[0].lower() in _RESERVED:
        text = "_" + text
    if text == QUICK_NAME or _AUTO.match(text):
        text = "_" + text  # those names belong to quick and auto saves
    return text


def save_kind(path: pathlib.Path) -> str:
    stem = path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.stem
    if stem == QUICK_NAME:
        return "quick"
    if _AUTO.match(stem):
        return "auto"
    return "manual"


def thumbnail_path(path: pathlib.Path) -> pathlib.Path:
    return path.with_suffix(THUMB_SUFFIX)


class SaveManager:
    """The saves folder: ``SaveManager(folder)``; ``folder=None`` is the user data dir's ``saves``."""

    def __init__(self, folder: pathlib.Path | None = None, base: Any = None) -> None:
        if folder is None:
            from saves.paths import saves_dir

            folder = saves_dir()
        self.folder = pathlib.Path(folder)
        self.base = base  # built-in cards to rebuild games with (None: the shipped ones)
        self._infos: dict[pathlib.Path, tuple[tuple[int, int, bool], SaveInfo]] = {}
        # saves whose full check (the replay) failed when opened: listed with that error until the file changes
        self._failed: dict[pathlib.Path, tuple[tuple[int, int, bool], SaveError]] = {}
        self._swept = False  # temp files of writes killed mid-way are removed at the first listing

    # ------------------------------------------------------------------ names
    def path_for(self, name: str) -> pathlib.Path:
        return self.folder / (safe_name(name) + SUFFIX)

    def exists(self, name: str) -> bool:
        return self.path_for(name).exists()

    # ------------------------------------------------------------------ writing
    def save(self, record: GameRecord, name: str, *, game: Game | None = None,
             thumbnail: bytes | None = None) -> pathlib.Path:
        """Save under ``name`` (overwriting it; the previous file stays as .bak). Returns the path."""
        return self._write(self.path_for(name), record, game, thumbnail)

    def quicksave(self, record: GameRecord, *, game: Game | None = None,
                  thumbnail: bytes | None = None) -> pathlib.Path:
        """F5: one quick slot, overwritten each time."""
        return self._write(self.folder / (QUICK_NAME + SUFFIX), record, game, thumbnail)

    def quickload(self) -> LoadedSave:
        """F9: load the quick slot (SaveMissing when there is none)."""
        return self.load(self.folder / (QUICK_NAME + SUFFIX))

    def autosave(self, record: GameRecord, *, game: Game | None = None,
                 thumbnail: bytes | None = None) -> pathlib.Path:
        """The start-of-turn autosave; only the newest KEEP_AUTOSAVES are kept."""
        stamp = _dt.datetime.now(_dt.UTC).strftime("%Y%m%d-%H%M%S-%f")
        path = self.folder / f"{AUTO_PREFIX}{stamp}{SUFFIX}"
        n = 1
        while path.exists():
            path = self.folder / f"{AUTO_PREFIX}{stamp}-{n}{SUFFIX}"
            n += 1
        out = self._write(path, record, game, thumbnail, keep_backup=False)
        self._prune_autosaves()
        return out

    def _prune_autosaves(self) -> None:
        autos = sorted((p for p in self._files() if save_kind(p) == "auto"), key=_auto_order)
        for old in autos[:-KEEP_AUTOSAVES]:
            try:
                self._remove(old)
            except (SaveError, OSError):
                pass  # the new autosave is written; an old one that cannot go simply stays

    def _write(self, path: pathlib.Path, record: GameRecord, game: Game | None, thumbnail: bytes | None,
               keep_backup: bool = True) -> pathlib.Path:
        if thumbnail is not None and (not thumbnail.startswith(PNG_MAGIC) or len(thumbnail) > MAX_THUMBNAIL):
            raise ValueError("thumbnail must be PNG bytes of at most 4 MiB")
        if game is not None:
            record.capture(game)
        elif record.snapshot is None or record.snapshot.actions != len(record.log):
            record.capture(record.replay(self.base))
        thumb = thumbnail_path(path)
        for part in (path, thumb, *([backup_path(path)] if keep_backup else [])):
            _no_folder_at(path, part)
        record.saved_at = now_iso()
        try:
            data = encode(record)
            decode(data, path)  # never replace a good file with one our own reader would refuse
        except SaveError as exc:
            raise type(exc)(path, exc.detail_ru, exc.detail_en) from None
        # one step for the backup, the save and its picture (the old picture would show another position):
        # a failure at any point (a full disk) leaves all three as they were
        changes: list[tuple[pathlib.Path, bytes | pathlib.Path | None]] = []
        if keep_backup and path.is_file():
            changes.append((backup_path(path), path))
        changes += [(path, data), (thumb, thumbnail)]
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            replace_together(changes)
        except PartlyWritten as exc:
            names = ", ".join(p.name for p in exc.changed)
            raise SaveWriteError(path, f"не удалось записать ({exc.strerror or exc}), и не все прежние файлы удалось "
                                 f"вернуть: изменены {names}", f"could not write ({exc.strerror or exc}), and not "
                                 f"every previous file could be put back: changed {names}") from None
        except OSError as exc:
            raise SaveWriteError(path, f"не удалось записать ({exc.strerror or exc}); прежние файлы не тронуты",
                                 f"could not write ({exc.strerror or exc}); the previous files are untouched") from None
        return path

    # ------------------------------------------------------------------ reading
    def load(self, path: pathlib.Path | str) -> LoadedSave:
        """Load and verify a save (a path, or a name in this folder). A save that fails is listed with its
        error from then on (until the file changes): the list reads each file without replaying it, and
        must not go on calling good what ``python -m saves check`` and this load call bad."""
        p = pathlib.Path(path)
        if not p.is_absolute() and len(p.parts) == 1:
            p = self.folder / p.name if p.name.endswith(SUFFIX) else self.path_for(p.name)
        try:
            return load(p, self.base)
        except SaveError as exc:
            self.failed(p, exc)
            raise

    def failed(self, path: pathlib.Path, error: SaveError) -> None:
        """Note that ``path`` failed its full check (a load, a replay) with ``error``."""
        key = _key(pathlib.Path(path))
        if key is not None:
            self._failed[pathlib.Path(path)] = (key, error)

    def _files(self) -> list[pathlib.Path]:
        """The save files of the folder: regular files only (a folder named ``x.json`` is no save)."""
        try:
            with os.scandir(self.folder) as entries:
                return [pathlib.Path(e.path) for e in entries
                        if e.name.endswith(SUFFIX) and not is_temp(pathlib.Path(e.name)) and _is_file(e)]
        except OSError:
            return []

    def list(self) -> list[SaveInfo]:
        """Every save in the folder, newest first; broken files are listed with their error.

        The first listing (at the start of the game) removes temp files that writes killed mid-way left."""
        if not self._swept:
            self._swept = True
            remove_stale_temps(self.folder)
        out = []
        seen = set()
        for path in self._files():
            key = _key(path)
            if key is None:
                continue
            seen.add(path)
            cached = self._infos.get(path)
            if cached is not None and cached[0] == key:
                info = cached[1]
            else:
                info = self.info(path)
                self._infos[path] = (key, info)
            failed = self._failed.get(path)
            if failed is not None and failed[0] == key and info.ok:
                info = dataclasses.replace(info, error=failed[1])
            out.append(info)
        for gone in set(self._infos) - seen:
            del self._infos[gone]
        for gone in [p for p, (key, _) in self._failed.items() if p not in seen or _key(p) != key]:
            del self._failed[gone]
        out.sort(key=lambda i: (i.date is not None, i.date or _EPOCH, i.name), reverse=True)  # unknown dates last
        return out

    def info(self, path: pathlib.Path) -> SaveInfo:
        """The saves-screen line of one file (reads and checks it, without replaying)."""
        thumb = thumbnail_path(path)
        common = {"path": path, "name": path.name[: -len(SUFFIX)], "kind": save_kind(path),
                  "thumbnail": thumb if thumb.is_file() else None, "has_backup": backup_path(path).is_file()}
        try:
            record = read_record(path)
        except SaveError as exc:
            return SaveInfo(date=_mtime(path), error=exc, **common)
        # a save with no time (none was written before the format had one) is dated by its file
        date = saved_moment(record.saved_at) if record.saved_at else _mtime(path)
        seats = tuple(Seat(p.name, p.kind, p.level) for p in record.players)
        return SaveInfo(date=date, ruleset=record.ruleset, players=seats, turn=record.turn, actions=len(record.log),
                        over=record.is_over, **common)

    def latest(self, include_finished: bool = False) -> SaveInfo | None:
        """The newest good save ("continue"): finished games are skipped unless asked for."""
        for info in self.list():
            if info.ok and (include_finished or not info.over):
                return info
        return None

    # ------------------------------------------------------------------ managing
    def rename(self, path: pathlib.Path, new_name: str) -> pathlib.Path:
        """Give a save a new name (its picture and backup follow). Never overwrites another save."""
        path = pathlib.Path(path)
        new = self.path_for(new_name)
        if new == path:
            return path
        if not path.is_file():
            raise SaveMissing(path, "файла нет", "the file does not exist")
        if new.exists():
            raise SaveExists(new, "сохранение с таким именем уже есть", "a save with that name already exists")
        try:
            os.rename(path, new)
            for old_extra, new_extra in ((thumbnail_path(path), thumbnail_path(new)),
                                         (backup_path(path), backup_path(new))):
                if old_extra.exists() and not new_extra.exists():
                    os.rename(old_extra, new_extra)
        except OSError as exc:
            raise SaveWriteError(path, f"не удалось переименовать ({exc.strerror or exc})",
                                 f"could not rename ({exc.strerror or exc})") from None
        return new

    def delete(self, path: pathlib.Path) -> None:
        """Delete a save with its picture and backup (the UI asks the player first)."""
        path = pathlib.Path(path)
        if not path.is_file():
            raise SaveMissing(path, "файла нет", "the file does not exist")
        try:
            self._remove(path)
        except OSError as exc:
            raise SaveWriteError(path, f"не удалось удалить ({exc.strerror or exc})",
                                 f"could not delete ({exc.strerror or exc})") from None

    def _remove(self, path: pathlib.Path) -> None:
        """The picture and the backup first and the save last, after checking none of them is a folder:
        whatever fails, what is left is a whole save, never a .bak without its .json."""
        parts = (thumbnail_path(path), backup_path(path), path)
        for p in parts:
            _no_folder_at(path, p)
        for p in parts:
            p.unlink(missing_ok=True)
        self._infos.pop(path, None)


def _key(path: pathlib.Path) -> tuple[int, int, bool] | None:
    """What says a listed file (with its picture) is unchanged; None for no regular file there."""
    try:
        st = path.stat()
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    return (st.st_mtime_ns, st.st_size, thumbnail_path(path).exists())


def _is_file(entry: os.DirEntry) -> bool:
    try:
        return entry.is_file()
    except OSError:
        return False


def _no_folder_at(save: pathlib.Path, part: pathlib.Path) -> None:
    """SaveWriteError (naming ``save``) when a folder sits where ``part`` goes: it can be neither replaced nor
    unlinked. Any other file there (a FIFO too) is replaced or unlinked by name, never opened."""
    if part.is_dir():
        raise SaveWriteError(save, f"на месте «{part.name}» папка; ничего не тронуто",
                             f"'{part.name}' is a folder; nothing was changed")


def _auto_order(path: pathlib.Path) -> tuple[str, int]:
    stem = path.name[: -len(SUFFIX)]
    m = re.match(r"^(auto-\d{8}-\d{6}-\d{6})(?:-(\d+))?$", stem)
    return (m.group(1), int(m.group(2) or 0)) if m else (stem, 0)


def _mtime(path: pathlib.Path) -> _dt.datetime | None:
    try:
        return _dt.datetime.fromtimestamp(path.stat().st_mtime, _dt.UTC)
    except (OSError, OverflowError, ValueError):
        return None
