"""Fonts with Cyrillic (pygame_gui's bundled Noto Sans) for pygame and Pillow, and a text cache."""

from __future__ import annotations

from functools import lru_cache
from importlib.resources import files

import pygame

_NAMES = {False: "NotoSans-Regular.ttf", True: "NotoSans-Bold.ttf"}
MIN_PX = 11  # text a player reads is never smaller, whatever the window (a smaller size asked for gets this)


@lru_cache(maxsize=4)
def font_path(bold: bool = False) -> str:
    return str(files("pygame_gui.data") / _NAMES[bold])


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    return pygame.font.Font(font_path(bold), max(6, int(size)))


@lru_cache(maxsize=128)
def pil_font(size: int, bold: bool = False):
    from PIL import ImageFont

    # the basic layout engine: Cyrillic needs no shaping, and raqm is several times slower
    return ImageFont.truetype(font_path(bold), max(6, int(size)), layout_engine=ImageFont.Layout.BASIC)


class TextCache:
    """Rendered text surfaces by (text, size, colour, bold); drawing text every frame is slow."""

    def __init__(self, limit: int = 3000) -> None:
        self._cache: dict[tuple, pygame.Surface] = {}
        self._wraps: dict[tuple, list[str]] = {}
        self.limit = limit

    def get(self, text: str, size: int, colour=(230, 230, 230), bold: bool = False) -> pygame.Surface:
        size = max(MIN_PX, int(size))
        key = (text, size, tuple(colour), bold)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) >= self.limit:
                self._cache.clear()
            surf = font(int(size), bold).render(text, True, colour)
            self._cache[key] = surf
        return surf

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Split text into lines that fit ``width`` pixels (remembered: log lines wrap every frame)."""
        size = max(MIN_PX, int(size))
        key = (text, size, int(width), bold)
        out = self._wraps.get(key)
        if out is None:
            if len(self._wraps) > 5000:
                self._wraps.clear()
            out = self._wraps[key] = self._wrap(text, size, width, bold)
        return out

    def _wrap(self, text: str, size: int, width: int, bold: bool) -> list[str]:
        f = font(int(size), bold)
        lines: list[str] = []
        for para in text.split("\n"):
            line = ""
            for word in para.split(" "):
                cand = f"{line} {word}" if line else word
                if f.size(cand)[0] <= width or not line:
                    line = cand
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines


TEXT = TextCache()


def fit_text(text: str, size: int, width: int, colour, bold=False, smallest: int = 12) -> pygame.Surface:
    """One line in ``width``: smaller type down to ``smallest``, then cut with «…» (never clipped mid-letter)."""
    while size > smallest and TEXT.get(text, size, colour, bold).get_width() > width:
        size -= 1
    surf = TEXT.get(text, size, colour, bold)
    if surf.get_width() <= width:
        return surf
    return TEXT.get(ellipsis(text, size, width, bold, always=False), size, colour, bold)


def ellipsis(text: str, size: int, width: int, bold: bool = False, always: bool = True) -> str:
    """``text`` cut to end with «…» within ``width`` at ``size`` (``always``: even when it fits whole, as the
    last line shown of a longer text)."""
    f = font(max(MIN_PX, int(size)), bold)
    if not always and f.size(text)[0] <= width:
        return text
    cut = text.rstrip()
    while cut and f.size(cut.rstrip(" ,.;:—-") + "…")[0] > width:
        cut = cut[:-1]
    return cut.rstrip(" ,.;:—-") + "…"


def wrap_lines(text: str, size: int, width: int, most: int, bold: bool = False) -> list[str]:
    """``text`` wrapped to ``width`` in at most ``most`` lines; when more would follow, the last one shown ends
    with «…», so a cut list never reads as whole."""
    lines = TEXT.wrap(text, size, width, bold)
    if len(lines) <= most:
        return lines
    return lines[:most - 1] + [ellipsis(lines[most - 1], size, width, bold)]
