"""Graveyards and exile browsed: a sheet over the battlefield with each player's dead and exiled cards
as small faces (the opponent's above, one's own below). Opened by the panel's button, closed by any click
or Esc; drawing changes nothing."""

from __future__ import annotations

import pygame

from ui.classic.setup_look import small_face
from ui.classic.view import GOLD, MUTED
from ui.fonts import MIN_PX, TEXT, fit_text


def draw_piles(surface: pygame.Surface, game, viewer: int, L, tr) -> None:
    area = pygame.Rect(L.board.x, L.board.y, L.extra_top.right - L.board.x, L.board.h)
    pygame.draw.rect(surface, (18, 20, 26), area, border_radius=L.sc(8))
    pygame.draw.rect(surface, GOLD, area, max(2, L.sc(2)), border_radius=L.sc(8))
    half = area.h // 2
    side = min(L.card_rect((0, 0), 0).w, L.sc(84))
    gap = L.sc(6)
    for k, p in enumerate((1 - viewer, viewer)):
        top = area.y + k * half + L.sc(8)
        grave, exile = game.graveyard(p), game.exiled(p)
        title = tr("csetup.grave", name=game.names[p], n=len(grave))
        if exile:
            title += " · " + tr("csetup.exile", n=len(exile))
        t = fit_text(title, L.sc(17), area.w - L.sc(20), GOLD, True, MIN_PX)
        surface.blit(t, (area.x + L.sc(10), top))
        y = top + t.get_height() + L.sc(4)
        x = area.x + L.sc(10)
        for cid in grave + exile:
            if x + side > area.right - L.sc(6):
                x = area.x + L.sc(10)
                y += side + gap
            if y + side > area.y + (k + 1) * half - L.sc(4):
                break
            card = game.cards[game.creatures[cid].card]
            img = small_face(card, side, game.creatures[cid].owner, tr)
            if cid in exile:
                img.set_alpha(140)  # exiled: out of the game for good
            surface.blit(img, (x, y))
            x += side + gap
        if not grave and not exile:
            e = TEXT.get("—", L.sc(16), MUTED)
            surface.blit(e, (area.x + L.sc(10), y))
    hint = TEXT.get(tr("csetup.piles_close"), L.sc(14), MUTED)
    surface.blit(hint, hint.get_rect(midbottom=(area.centerx, area.bottom - L.sc(6))))
