"""Effects on cells of the battlefield drawn (2007 1.10): a trap or a mire tints its cell, framed in the colour
of the player it belongs to, with its name along the cell's foot. Drawing changes nothing."""

from __future__ import annotations

import pygame

from ui.fonts import MIN_PX, fit_text

TINT = {"trap": (170, 70, 40, 95), "mire": (80, 110, 50, 120)}


def draw_marks(surface: pygame.Surface, L, game, viewer: int, tr, side: dict, ink: tuple) -> None:
    """Every effect on a cell, under the cards (a card may stand on a mire); ``side`` is each player's colour."""
    for mark in getattr(game, "cell_marks", ()):
        rect = L.cell_rect(mark.cell, viewer).inflate(-L.sc(6), -L.sc(6))
        tint = pygame.Surface(rect.size, pygame.SRCALPHA)
        tint.fill(TINT.get(mark.kind, (120, 120, 120, 90)))
        surface.blit(tint, rect)
        pygame.draw.rect(surface, side[mark.owner], rect, max(2, L.sc(3)), border_radius=L.sc(4))
        label = tr(f"classic.cell_{mark.kind}", n=mark.x)
        t = fit_text(label, max(MIN_PX, L.sc(13)), rect.w - L.sc(6), ink, True, MIN_PX)
        surface.blit(t, t.get_rect(midbottom=(rect.centerx, rect.bottom - L.sc(3))))
