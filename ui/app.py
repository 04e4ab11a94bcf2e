"""Placeholder client: one static screen.  The real client is a later job."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SIZE = (1280, 720)
TITLE = "Berserk Table"
BACKGROUND = (18, 20, 26)
TITLE_COLOUR = (226, 196, 120)
TEXT_COLOUR = (190, 194, 204)


def _font_path(bold: bool = False) -> str | None:
    """A TTF with Cyrillic glyphs: the Noto Sans that pygame_gui ships in its package data."""
    try:
        from importlib.resources import files

        data = files("pygame_gui.data")
        names = ("NotoSans-Bold.ttf", "NotoSans-Regular.ttf") if bold else ("NotoSans-Regular.ttf",)
        for name in names:
            candidate = data / name
            if candidate.is_file():
                return str(candidate)
    except Exception:  # any failure just means "use pygame's default font"
        pass
    return None


def _draw(surface, lang: str) -> None:
    import pygame

    title_font = pygame.font.Font(_font_path(bold=True), 64)
    text_font = pygame.font.Font(_font_path(), 28)
    if lang == "en":
        title, line = "Berserk. Table", "Client under construction: the rules engine is being prepared"
    else:
        title, line = "Берсерк. Стол", "Клиент в разработке — движок правил готовится"

    surface.fill(BACKGROUND)
    cx, cy = surface.get_width() // 2, surface.get_height() // 2
    title_img = title_font.render(title, True, TITLE_COLOUR)
    surface.blit(title_img, title_img.get_rect(center=(cx, cy - 50)))
    line_img = text_font.render(line, True, TEXT_COLOUR)
    surface.blit(line_img, line_img.get_rect(center=(cx, cy + 30)))


def run(args: argparse.Namespace) -> int:
    screenshot: Path | None = getattr(args, "screenshot", None)
    if screenshot is not None and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        if sys.platform.startswith("linux"):
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

    import pygame

    pygame.display.init()
    pygame.font.init()
    try:
        pygame.display.set_caption(TITLE)
        flags = 0 if (args.windowed or screenshot is not None) else pygame.FULLSCREEN | pygame.SCALED
        try:
            screen = pygame.display.set_mode(SIZE, flags)
        except pygame.error:
            screen = pygame.display.set_mode(SIZE)
        _draw(screen, args.lang)

        if screenshot is not None:
            screenshot.mkdir(parents=True, exist_ok=True)
            out = screenshot / "menu.png"
            pygame.image.save(screen, str(out))
            print(f"Saved {out}")
            return 0

        pygame.display.flip()
        clock = pygame.time.Clock()
        while True:
            for event in pygame.event.get():
                if event.type == pygame.QUIT or (
                    event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
                ):
                    return 0
            clock.tick(30)
    finally:
        pygame.quit()
