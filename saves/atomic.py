"""Atomic file replacement: a temp file in the same folder, flush + fsync, the old file kept as .bak, rename.

At every moment the target path holds either the complete old file or the complete new one. A write
killed mid-way leaves only its temp file (``.NAME.PID-RANDOM.tmp``); :func:`remove_stale_temps`
clears those at the next start. :func:`replace_together` replaces several files of a folder (a save, its
backup, its picture) so that a failure at any step — a full disk — leaves every one of them as it was.
"""

from __future__ import annotations

import os
import pathlib
import re
import secrets
import time
from collections.abc import Sequence

TMP_SUFFIX = ".tmp"
BAK_SUFFIX = ".bak"
STALE_AFTER = 600.0  # seconds: a write takes milliseconds, so an older temp file's writer is gone
_TEMP_PID = re.compile(r"\.(\d{1,10})-[0-9a-f]+\.tmp$")


def backup_path(path: pathlib.Path) -> pathlib.Path:
    return path.with_name(path.name + BAK_SUFFIX)


def _temp_path(path: pathlib.Path) -> pathlib.Path:
    return path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}{TMP_SUFFIX}")


def _write_synced(path: pathlib.Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def _fsync_dir(folder: pathlib.Path) -> None:
    """Make the renames themselves durable (POSIX; Windows has no directory handles for this)."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _unlink_quietly(path: pathlib.Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError:
        pass


def write_atomic(path: pathlib.Path, data: bytes, *, keep_backup: bool = False) -> None:
    """Replace ``path`` with ``data`` so a crash at any point leaves the old or the new file whole; with
    ``keep_backup`` the old file becomes ``path.bak`` in the same step.

    Raises OSError; the temp files are removed on failure and the old file (and .bak) stay as they were.
    """
    backup: list[tuple[pathlib.Path, bytes | pathlib.Path | None]] = [(backup_path(path), path)] \
        if keep_backup and path.is_file() else []
    replace_together([*backup, (path, data)])


class PartlyWritten(OSError):
    """A :func:`replace_together` that failed and could not put everything back: ``changed`` names the files
    that are not as they were (``errno``/``strerror`` are those of the first failure)."""

    def __init__(self, cause: OSError, changed: list[pathlib.Path]) -> None:
        super().__init__(cause.errno, cause.strerror or str(cause))
        self.changed = changed


def _aside(path: pathlib.Path) -> pathlib.Path | None:
    """A second name (a temp file's) for the file now at ``path``, to put it back by; None when there is no
    file there. A hard link takes no room on the disk; where links are not supported, a copy."""
    if not os.path.lexists(path):
        return None
    spare = _temp_path(path)
    if os.path.islink(path):  # the link itself is kept, not what it points at
        os.symlink(os.readlink(path), spare)
        return spare
    try:
        os.link(path, spare)
    except OSError:
        _write_synced(spare, path.read_bytes())  # may fail too (the disk is full): then nothing was changed yet
    return spare


def replace_together(changes: Sequence[tuple[pathlib.Path, bytes | pathlib.Path | None]]) -> None:
    """Replace files of one folder as one step: each path gets new bytes, a copy of another file as that file
    is now (a ``Path``: a backup), or is removed (``None``), in the order given.

    Everything new is written to temp files first (what fails there — ENOSPC — changes nothing), the files it
    replaces are kept under second names, then come the renames; if one of those fails, the renames done
    are undone. Raises the OSError with every file as it was, or :class:`PartlyWritten` naming the files
    that could not be put back.
    """
    temps: list[pathlib.Path] = []
    staged: list[tuple[pathlib.Path, pathlib.Path | None]] = []
    kept: dict[pathlib.Path, pathlib.Path | None] = {}
    done: list[pathlib.Path] = []
    try:
        for target, new in changes:
            tmp = None
            if new is not None:
                tmp = _temp_path(target)
                temps.append(tmp)
                if isinstance(new, bytes):
                    _write_synced(tmp, new)
                else:
                    try:
                        os.link(new, tmp)  # the old bytes get a second name
                    except OSError:
                        _write_synced(tmp, new.read_bytes())
            staged.append((target, tmp))
        for target, _ in staged:
            kept[target] = spare = _aside(target)
            if spare is not None:
                temps.append(spare)
        for target, tmp in staged:
            if tmp is not None:
                os.replace(tmp, target)
            elif kept[target] is not None:
                os.unlink(target)
            done.append(target)
    except OSError as exc:
        changed = _put_back(done, kept)
        if changed:
            raise PartlyWritten(exc, changed) from exc
        raise
    finally:
        for tmp in temps:
            _unlink_quietly(tmp)
    if changes:
        _fsync_dir(changes[0][0].parent)


def _put_back(done: list[pathlib.Path], kept: dict[pathlib.Path, pathlib.Path | None]) -> list[pathlib.Path]:
    """Undo the renames of a failed :func:`replace_together`, last first; the files that stay changed."""
    changed = []
    for target in reversed(done):
        old = kept[target]
        try:
            if old is None:
                target.unlink(missing_ok=True)
            else:
                os.replace(old, target)
        except OSError:
            changed.append(target)
    return changed


def is_temp(path: pathlib.Path) -> bool:
    return path.name.startswith(".") and path.name.endswith(TMP_SUFFIX)


def _alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (POSIX; elsewhere there is no harmless way to ask: say yes)."""
    if os.name != "posix":
        return True  # on Windows signal 0 would be a Ctrl+C to that process
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError, ValueError):
        return True  # someone else's process, or a number no process has: the age decides
    return True


def remove_stale_temps(folder: pathlib.Path, now: float | None = None) -> list[pathlib.Path]:
    """Remove the temp files of writes that were killed mid-way: not this process's, and their writer
    gone or the file untouched for STALE_AFTER seconds (a live writer in another process keeps its own).
    Returns what was removed; never raises."""
    now = time.time() if now is None else now
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        path = pathlib.Path(entry.path)
        if not is_temp(path):
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            age = now - entry.stat(follow_symlinks=False).st_mtime
        except OSError:
            continue
        m = _TEMP_PID.search(entry.name)
        pid = int(m.group(1)) if m else None
        if pid == os.getpid():
            continue
        if age > STALE_AFTER or (pid is not None and not _alive(pid)):
            _unlink_quietly(path)
            if not path.exists():
                removed.append(path)
    return removed
