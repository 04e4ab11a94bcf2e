"""Reading a file someone else made: regular files only, the size checked before reading, never blocking.

A folder, a FIFO, a device (or a link to one) or a socket is refused from its ``stat`` without being
opened: opening a FIFO for reading waits for a writer forever, and ``/dev/zero`` never ends. The file is
then opened non-blocking and checked again on the open handle (it may have been swapped in between),
and never more than ``limit`` bytes are read. Read with ``within=FOLDER`` (a player's cards, decks and
settings), a file that is a link leading out of that folder is not followed, as a card's picture is not.
Part of the content loader (:mod:`engine.content`): card and scenario files, saves and settings are read
through here; the rules themselves never read files.
"""

from __future__ import annotations

import os
import pathlib
import stat

from engine.core.errors import Bilingual

_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
_KINDS = (  # what a path that is not a regular file is, in words
    (stat.S_ISDIR, "папка", "a folder"),
    (stat.S_ISFIFO, "именованный канал (FIFO)", "a named pipe (FIFO)"),
    (stat.S_ISCHR, "устройство", "a device"),
    (stat.S_ISBLK, "устройство", "a device"),
    (stat.S_ISSOCK, "сокет", "a socket"),
)


class FileRefused(Bilingual, ValueError):
    """A file that was not read, and why (``ru``/``en``). ``code``: missing, not_file, too_large,
    unreadable, not_utf8 or outside (a link out of the folder it was read from)."""

    def __init__(self, code: str, ru: str, en: str) -> None:
        super().__init__(en)
        self.code = code
        self.ru = ru
        self.en = en


def size_words(limit: int) -> tuple[str, str]:
    """«1 МиБ» / "1 MiB" (or KiB below a mebibyte)."""
    if limit >= 1 << 20:
        return f"{limit >> 20} МиБ", f"{limit >> 20} MiB"
    return f"{limit >> 10} КиБ", f"{limit >> 10} KiB"


def _check(st: os.stat_result, limit: int) -> None:
    if not stat.S_ISREG(st.st_mode):
        ru, en = next(((ru, en) for test, ru, en in _KINDS if test(st.st_mode)), ("не файл", "not a file"))
        raise FileRefused("not_file", f"это не обычный файл, а {ru} — не читается",
                          f"not a regular file but {en}, not read")
    if st.st_size > limit:
        raise _too_large(limit)


def _too_large(limit: int) -> FileRefused:
    ru, en = size_words(limit)
    return FileRefused("too_large", f"файл больше {ru} — не читается", f"the file is over {en}, not read")


def _os_error(exc: OSError, opening: bool) -> FileRefused:
    if isinstance(exc, FileNotFoundError):
        return FileRefused("missing", "файла нет", "the file does not exist")
    why = exc.strerror or type(exc).__name__
    if opening:
        return FileRefused("unreadable", f"файл не открыть ({why})", f"the file cannot be opened ({why})")
    return FileRefused("unreadable", f"файл не прочитать ({why})", f"the file cannot be read ({why})")


def leads_out(path: pathlib.Path | str, folder: pathlib.Path | str) -> bool:
    """Does ``path`` (through any links on the way) end up outside ``folder``? (Links within it are fine.)"""
    try:
        root = pathlib.Path(folder).resolve()
        target = pathlib.Path(path).resolve()
    except (OSError, RuntimeError):  # a loop of links: it leads nowhere readable
        return True
    return not target.is_relative_to(root)


def _outside(folder: pathlib.Path | str) -> FileRefused:
    name = pathlib.Path(folder).name or str(folder)
    return FileRefused("outside", f"это ссылка за пределы папки «{name}» — не открывается",
                       f"a link that leads out of the folder '{name}', not followed")


def read_bytes(path: pathlib.Path | str, limit: int, *, within: pathlib.Path | str | None = None) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; FileRefused otherwise (nothing is read then).
    With ``within``, a path that leads out of that folder (a link to a file elsewhere) is refused too."""
    if within is not None and leads_out(path, within):
        if not os.path.lexists(path):
            raise FileRefused("missing", "файла нет", "the file does not exist")
        raise _outside(within)
    try:
        _check(os.stat(path), limit)
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as exc:
        raise _os_error(exc, opening=True) from None
    try:
        _check(os.fstat(fd), limit)
        chunks = []
        total = 0
        while total <= limit:  # the file may grow after the check: one byte past the limit is enough to know
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise _os_error(exc, opening=False) from None
    finally:
        os.close(fd)
    if total > limit:
        raise _too_large(limit)
    return b"".join(chunks)


def read_text(path: pathlib.Path | str, limit: int, *, within: pathlib.Path | str | None = None) -> str:
    """A UTF-8 text file (a BOM some editors add is dropped) read as :func:`read_bytes` does."""
    data = read_bytes(path, limit, within=within)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FileRefused("not_utf8", f"это не текст в UTF-8 (байт {exc.start})",
                          f"not UTF-8 text (byte {exc.start})") from None
