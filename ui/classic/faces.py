"""What the classic cards' faces and backs are drawn on: the card's picture in its element's
colours inside a frame of its owner's colour, dark bands that keep the words readable over the picture,
and the back of classic «Берсерк» — leather in the owner's colour with crossed axes (the «Герои» back
has crossed swords). Shared by the battlefield, the placement tray and the deal."""

from __future__ import annotations

from functools import lru_cache

import pygame
from PIL import Image, ImageDraw

from ui.art import emblem, panel_surface, shade
from ui.textures import textured, to_surface, vignette

ELEMENT = {"steppe": (214, 184, 92), "forest": (92, 160, 84), "mountains": (150, 156, 170),
           "swamp": (72, 150, 140), "darkness": (132, 92, 168), "neutral": (196, 184, 160)}


def art_of(card) -> tuple[str, str]:
    """(art, card file) of a classic card. A save carries each card's ``art`` and finds a picture file beside
    the player's card of the same id (saves/pictures.py); a card from a save written before it kept ``art``
    has none, and the card of that id the client knows now — built-in or the player's own — lends its."""
    if getattr(card, "art", ""):
        return card.art, getattr(card, "source", "")
    from ui.classic.content import classic_cards

    builtin = classic_cards().get(card.id)
    return (builtin.art, builtin.source) if builtin is not None and builtin.art else ("", "")


def pictured(surf: pygame.Surface, card, owner_colour: tuple[int, int, int], frame: int, radius: int) -> None:
    """Fill ``surf`` (a card's square or rectangle) with the owner's frame and the card's picture inside."""
    w, h = surf.get_size()
    pygame.draw.rect(surf, owner_colour, surf.get_rect(), border_radius=radius)
    inner = surf.get_rect().inflate(-2 * frame, -2 * frame)
    if inner.w < 4 or inner.h < 4:
        return
    art, source = art_of(card)
    colour = ELEMENT.get(card.element, ELEMENT["neutral"])
    pic = panel_surface(art, source, inner.w, inner.h, (colour,))
    surf.blit(pic, inner)
    pygame.draw.rect(surf, shade(owner_colour, 1.35), inner.inflate(2, 2), 1, border_radius=max(2, radius - frame))


def band(surf: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int] = (10, 10, 14), alpha: int = 200) -> None:
    """A see-through band in the owner's colour under words drawn over the picture: the words stay
    readable and the card's side reads at a glance."""
    if rect.w <= 0 or rect.h <= 0:
        return
    shade_surf = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade_surf.fill((*shade(colour, 0.8), alpha))
    surf.blit(shade_surf, rect)


@lru_cache(maxsize=32)
def back_image(side: int | tuple[int, int], owner_colour: tuple[int, int, int]) -> pygame.Surface:
    """Classic's card back at ``side`` pixels (a square, or a (width, height)): dark leather, a ring in the
    owner's colour, crossed axes."""
    ss = 2
    w, h = (side, side) if isinstance(side, int) else side
    sw, sh = w * ss, h * ss
    s = min(sw, sh)
    img = vignette(textured(sw, sh, (70, 52, 40), 31, 60), 0.6).convert("RGBA")
    mask = Image.new("L", (sw, sh), 0)
    rad = max(3, s // 12)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, sw - 1, sh - 1), rad, fill=255)
    img.putalpha(mask)
    d = ImageDraw.Draw(img)
    inset = s // 12
    d.rounded_rectangle((inset, inset, sw - inset, sh - inset), rad, outline=owner_colour, width=max(2, s // 20))
    d.rounded_rectangle((0, 0, sw - 1, sh - 1), rad, outline=(20, 20, 24), width=max(2, s // 50))
    mark = emblem("crossed-axes", int(s * 0.5), (214, 170, 96))
    shadow = emblem("crossed-axes", int(s * 0.5), (20, 12, 8))
    at = ((sw - mark.width) // 2, (sh - mark.height) // 2)
    img.paste(shadow, (at[0] + ss * 2, at[1] + ss * 2), shadow)
    img.paste(mark, at, mark)
    return to_surface(img.resize((w, h), Image.LANCZOS), alpha=True)
