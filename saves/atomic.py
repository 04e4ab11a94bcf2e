"""Atomic file replacement: a temp file in the same folder, flush + fsync, the old file kept as .bak, rename.

At every moment the target path holds either the complete old file or the complete new one. A write
killed mid-way leaves only its temp file (``.NAME.PID-RANDOM.tmp``); :func:`remove_stale_temps`
clears those at the next start.
"""

from __future__ import annotations

import os
import pathlib
import re
import secrets
import time

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


def _keep_backup(path: pathlib.Path) -> None:
    """Make ``path.bak`` a copy of the current file without ever removing ``path`` itself."""
    bak = backup_path(path)
    tmp = _temp_path(bak)
    try:
        try:
            os.link(path, tmp)  # cheap: the old bytes get a second name
        except OSError:
            _write_synced(tmp, path.read_bytes())
        os.replace(tmp, bak)
    finally:
        _unlink_quietly(tmp)


def _unlink_quietly(path: pathlib.Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError:
        pass


def write_atomic(path: pathlib.Path, data: bytes, *, keep_backup: bool = False) -> None:
    """Replace ``path`` with ``data`` so a crash at any point leaves the old or the new file whole.

    Raises OSError; the temp file is removed on failure and the old file (and .bak) stay as they were.
    """
    tmp = _temp_path(path)
    try:
        _write_synced(tmp, data)
        if keep_backup and path.is_file():
            _keep_backup(path)
        os.replace(tmp, path)
    finally:
        _unlink_quietly(tmp)
    _fsync_dir(path.parent)


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
