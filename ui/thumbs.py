"""Small pictures of the table for the saves screen: made as PNG bytes, read back with care.

Each game's client draws its board for the picture (the board only: hands face down, hidden cards
hidden, so a save lying in a shared folder tells nobody what the other player holds); this module
shrinks it to PNG bytes and reads such files back.
"""

from __future__ import annotations

import io
import struct
from pathlib import Path

import pygame

THUMB_H = 180  # the stored picture's height; its width follows the table's shape
MAX_FILE = 4 * 1024 * 1024  # as saves.manager.MAX_THUMBNAIL
MAX_SIDE = 2048  # a picture claiming more pixels than this is not ours: never decoded
_loaded: dict[tuple[Path, int, int, tuple[int, int]], pygame.Surface | None] = {}


def table_png(board: pygame.Surface) -> bytes | None:
    """PNG bytes of a small picture of ``board`` (a game's table as its client drew it), or None when
    pygame cannot make one."""
    try:
        w, h = board.get_size()
        small = pygame.transform.smoothscale(board, (max(1, round(w * THUMB_H / h)), THUMB_H))
        buf = io.BytesIO()
        pygame.image.save(small, buf, "thumb.png")
        return buf.getvalue()
    except (pygame.error, ValueError, OSError):
        return None


def png_size(head: bytes) -> tuple[int, int] | None:
    """Width and height from a PNG header, or None when these bytes are not a PNG."""
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


def load_thumb(path: Path | None, box: tuple[int, int]) -> pygame.Surface | None:
    """The picture scaled to fit ``box``; None for a missing, oversized or damaged file (never raises)."""
    if path is None:
        return None
    try:
        st = path.stat()
    except OSError:
        return None
    key = (path, st.st_mtime_ns, st.st_size, box)
    if key in _loaded:
        return _loaded[key]
    surf = None
    try:
        if 0 < st.st_size <= MAX_FILE:
            data = path.read_bytes()
            dims = png_size(data[:24])
            if dims and 0 < dims[0] <= MAX_SIDE and 0 < dims[1] <= MAX_SIDE:
                img = pygame.image.load(io.BytesIO(data), "thumb.png")
                k = min(box[0] / img.get_width(), box[1] / img.get_height())
                surf = pygame.transform.smoothscale(img, (max(1, int(img.get_width() * k)),
                                                          max(1, int(img.get_height() * k))))
    except (pygame.error, OSError, ValueError, MemoryError):
        surf = None
    if len(_loaded) > 64:
        _loaded.clear()
    _loaded[key] = surf
    return surf
