"""The window's size on this display: a stored or asked-for size never spills off the screen."""

from __future__ import annotations

import os

import pygame

MIN_SIZE = (800, 600)
# room the desktop keeps for itself: the window's title bar, a task bar or a dock
DECORATIONS = (0, 80)
# drivers with no real screen: nothing to fit to (tests, --screenshot, benchmarks)
NO_SCREEN = {"dummy", "offscreen"}


def fit(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """``size`` shrunk (keeping its shape) until it fits ``desktop`` less the room for decorations."""
    w, h = int(size[0]), int(size[1])
    if not desktop or desktop[0] <= 0 or desktop[1] <= 0:
        return w, h
    room_w = max(MIN_SIZE[0], desktop[0] - DECORATIONS[0])
    room_h = max(MIN_SIZE[1], desktop[1] - DECORATIONS[1])
    k = min(1.0, room_w / w, room_h / h)
    if k >= 1.0:
        return w, h
    return max(MIN_SIZE[0], min(room_w, int(w * k))), max(MIN_SIZE[1], min(room_h, int(h * k)))


def desktop_size() -> tuple[int, int] | None:
    """The size of the display the window opens on, or None where there is no real screen."""
    try:
        if pygame.display.get_driver() in NO_SCREEN:
            return None
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes else None  # type: ignore[return-value]


def sizes_that_fit(sizes, desktop: tuple[int, int] | None) -> list[tuple[int, int]]:
    """The sizes a player may pick on this display (all of them where nothing is known)."""
    return [s for s in sizes if fit(s, desktop) == tuple(s)]


def center_new_windows() -> None:
    """Ask SDL to open (and re-open at a new size) the window in the middle of the screen."""
    os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
