"""A flat button drawn from cached surfaces (the table's own widgets; forms use pygame_gui)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from ui.fonts import MIN_PX, TEXT

COLOURS = {
    "normal": ((58, 64, 80), (86, 94, 116), (235, 235, 240)),
    "primary": ((150, 110, 40), (190, 145, 60), (255, 250, 235)),
    "danger": ((120, 46, 40), (160, 66, 58), (255, 240, 235)),
    "off": ((44, 46, 54), (44, 46, 54), (120, 124, 134)),
    "on": ((52, 110, 70), (70, 140, 90), (240, 255, 240)),
}
_cache: dict[tuple, pygame.Surface] = {}


@dataclass
class Button:
    """``value`` is what a click answers; ``style`` picks the colours."""

    rect: pygame.Rect
    label: str
    value: Any = None
    style: str = "normal"
    enabled: bool = True
    hotkey: str = ""

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def surface(self, hovered: bool, focused: bool = False) -> pygame.Surface:
        style = self.style if self.enabled else "off"
        key = (self.label, self.rect.size, style, hovered, focused, self.hotkey)
        surf = _cache.get(key)
        if surf is None:
            if len(_cache) > 600:
                _cache.clear()
            base, hi, fg = COLOURS.get(style, COLOURS["normal"])
            surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            r = max(3, self.rect.h // 6)
            pygame.draw.rect(surf, hi if hovered else base, surf.get_rect(), border_radius=r)
            border = (255, 220, 120) if focused else (20, 22, 28)
            pygame.draw.rect(surf, border, surf.get_rect(), max(1, self.rect.h // 22 + focused), border_radius=r)
            label, size = self.fit()
            text = TEXT.get(label, size, fg, True)
            surf.blit(text, text.get_rect(center=(self.rect.w // 2, self.rect.h // 2)))
            if self.hotkey:
                hk = TEXT.get(self.hotkey, max(8, self._size() * 2 // 3), (200, 200, 200))
                surf.blit(hk, hk.get_rect(midleft=(self._hotkey_x(), self.rect.h // 2)))
            _cache[key] = surf
        return surf

    def _size(self) -> int:
        return label_size(self.rect.h)

    def _hotkey_x(self) -> int:
        return max(3, self.rect.h // 6) // 2 + 3  # clear of the rounded corner

    def fit(self) -> tuple[str, int]:
        """The label as drawn and its font size: shrunk down to MIN_PX (no smaller than a player reads) to fit,
        then cut with «…» if it still does not. The label keeps the same margin on both sides, past the hotkey at
        the left, so it stays centred."""
        size = self._size()
        margin = 4
        if self.hotkey:
            hk = TEXT.get(self.hotkey, max(8, size * 2 // 3), (200, 200, 200))
            margin = self._hotkey_x() + hk.get_width() + 4
        room = self.rect.w - 2 * margin
        label = self.label
        while size > MIN_PX and _width(label, size) > room:
            size -= 1
        if _width(label, size) > room:
            while len(label) > 2 and _width(label + "…", size) > room:
                label = label[:-1]
            label += "…"
        return label, size

    def draw(self, target: pygame.Surface, mouse: tuple[int, int], focused: bool = False) -> None:
        target.blit(self.surface(self.hit(mouse), focused), self.rect)


def label_size(h: int) -> int:
    """The font size of a label on a button ``h`` high (before any shrinking to fit): never under MIN_PX, which a
    small window's short buttons would give."""
    return max(MIN_PX, int(h * 0.42))


def _width(label: str, size: int) -> int:
    return TEXT.get(label, size, (0, 0, 0), True).get_width()


def label_need(label: str, h: int) -> int:
    """How wide a button ``h`` high must be for ``label`` at its full size, with room on both sides."""
    return _width(label, label_size(h)) + h


def row(labels: list[tuple[str, Any, str]], right: int, y: int, h: int, gap: int, min_w: int,
        max_total: int) -> list[Button]:
    """Buttons laid right to left ending at ``right``; each as wide as its label needs."""
    widths = [max(min_w, label_need(lbl, h)) for lbl, _, _ in labels]
    total = sum(widths) + gap * max(0, len(widths) - 1)
    if total > max_total and widths:
        k = (max_total - gap * (len(widths) - 1)) / max(1, sum(widths))
        widths = [max(h, int(w * k)) for w in widths]
        total = sum(widths) + gap * (len(widths) - 1)
    x = right - total
    out = []
    for i, ((lbl, val, style), w) in enumerate(zip(labels, widths, strict=True)):
        out.append(Button(pygame.Rect(int(x), y, w, h), lbl, val, style, hotkey=str(i + 1) if i < 9 else ""))
        x += w + gap
    return out
