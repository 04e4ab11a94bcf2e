"""Atomic file replacement: a temp file in the same folder, flush + fsync, the old file kept as .bak, rename.

At every moment the target path holds either the complete old file or the complete new one.
"""

from __future__ import annotations

import os
import pathlib
import secrets

TMP_SUFFIX = ".tmp"
BAK_SUFFIX = ".bak"


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
