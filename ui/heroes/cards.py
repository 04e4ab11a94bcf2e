"""Card faces drawn with Pillow at the exact pixel size asked for, cached as pygame surfaces.

Rendered at twice the size and scaled down, so frames and text stay crisp at any window size.
Faces show printed values; the table draws live strike, lives and markers on top.
"""

from __future__ import annotations

import math
from typing import Any

import pygame
from PIL import Image, ImageChops, ImageDraw

from ui.art import ELEMENT_EMBLEMS, emblem, panel
from ui.facetext import NameFit
from ui.fonts import pil_font
from ui.heroes import cardtext
from ui.heroes.faceparts import CARD_RATIO, MIN_TEXT, Box, badge_radius
from ui.heroes.facewords import NAME_LINE, box_lines, face_words, text_line
from ui.textures import grain, linear, textured, vignette

ELEMENT_COLOURS = {
    "steppe": (201, 160, 72),
    "mountains": (120, 140, 170),
    "forest": (74, 138, 62),
    "swamp": (92, 120, 96),
    "darkness": (104, 70, 140),
    "neutral": (140, 140, 140),
}
HERO_COLOUR = (190, 150, 60)
INK = (28, 24, 20)
PARCHMENT = (236, 226, 200)
MORE = (120, 70, 30)  # the line that says where the rest of a long text is
SS_BIG = 2  # supersampling for large cards (zoom); small ones draw at 1:1, which is fast and sharp enough


def card_size(height: float) -> tuple[int, int]:
    h = max(20, int(round(height)))
    return max(14, int(round(h / CARD_RATIO))), h


def frame_colour(cdef: Any) -> tuple[int, int, int]:
    if cdef.type == "hero":
        return HERO_COLOUR
    els = cdef.elements or ("neutral",)
    cols = [ELEMENT_COLOURS.get(e, ELEMENT_COLOURS["neutral"]) for e in els]
    return tuple(sum(c[i] for c in cols) // len(cols) for i in range(3))  # type: ignore[return-value]


MECHANISM_COLOUR = (176, 140, 84)  # brass: the pictures of element-less mechanisms


def art_colours(cdef: Any) -> tuple[tuple[int, int, int], ...]:
    """The colours a card's picture is drawn in: its elements' (two on a two-element card)."""
    if cdef.elements:
        return tuple(ELEMENT_COLOURS.get(e, ELEMENT_COLOURS["neutral"]) for e in cdef.elements[:2])
    return (MECHANISM_COLOUR,) if cdef.subtype == "mechanism" else (ELEMENT_COLOURS["neutral"],)


def _emblems(img: Image.Image, cdef: Any, box: tuple[int, int, int, int], r: int, ss: int) -> None:
    """The element emblems in disks at the picture's lower right: which element a card is, at a glance
    (a neutral card shows crossed swords, an element-less mechanism a cog)."""
    x0, y0, x1, y1 = box
    r = int(r * 0.72)
    if r < 8 * ss or y1 - y0 < 2 * r + 4 * ss or x1 - x0 < 6 * r:  # too small to tell apart: the frame says it
        return
    names = list(cdef.elements[:2]) or (["mechanism"] if cdef.subtype == "mechanism" else ["neutral"])
    d = ImageDraw.Draw(img)
    for i, name in enumerate(names):
        cx, cy = x1 - r - 2 * ss - i * (2 * r + ss), y1 - r - 2 * ss
        col = ELEMENT_COLOURS.get(name, MECHANISM_COLOUR if name == "mechanism" else ELEMENT_COLOURS["neutral"])
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=_shade(col, 0.45), outline=_shade(col, 1.5), width=max(1, ss))
        mark = emblem(ELEMENT_EMBLEMS[name], int(r * 1.5), _shade(col, 1.7))
        img.paste(mark, (cx - mark.width // 2, cy - mark.height // 2), mark)


def _body(img: Image.Image, box: tuple[int, int, int, int], rad: int, cdef: Any, col: tuple[int, int, int]) -> None:
    """The card's body inside the border: its colour with grain, lighter at the top; a two-element card
    runs from the first element's colour on the left to the second's on the right."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    if w < 2 or h < 2:
        return
    els = [ELEMENT_COLOURS.get(e, ELEMENT_COLOURS["neutral"]) for e in cdef.elements[:2]]
    if cdef.type != "hero" and len(els) == 2:
        fill = Image.composite(Image.new("RGB", (w, h), els[1]), Image.new("RGB", (w, h), els[0]), linear(w, h, True))
    else:
        fill = Image.composite(Image.new("RGB", (w, h), _shade(col, 0.82)), Image.new("RGB", (w, h), _shade(col, 1.18)),
                               linear(w, h))
    fill = ImageChops.multiply(fill, grain(w, h, 9, 214, 255).convert("RGB"))
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), rad, fill=255)
    img.paste(fill, (x0, y0), mask)
    ImageDraw.Draw(img).rounded_rectangle(box, rad, outline=_shade(col, 1.45), width=max(1, w // 90))


def _shade(c: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    if k < 1:
        return tuple(int(v * k) for v in c)  # type: ignore[return-value]
    return tuple(int(v + (255 - v) * (k - 1)) for v in c)  # type: ignore[return-value]


def _scaled(box, k: int):
    return tuple(v * k for v in box)


def _type_forms(line: str) -> list[str]:
    """A type line, then shorter whole forms of it for a narrow face: without its element, its subtype alone
    («Существо — элементаль · Тьма», «Существо — элементаль», «Элементаль»), its type alone."""
    forms = [line, line.split(" · ")[0]]
    if " — " in forms[-1]:
        sub = forms[-1].split(" — ", 1)[1]
        forms += [sub[:1].upper() + sub[1:], forms[-1].split(" — ")[0]]
    return forms


def _fit_font(draw: ImageDraw.ImageDraw, text: str, max_w: float, size: int, bold: bool = True, min_size: int = 8):
    while size > min_size:
        f = pil_font(size, bold)
        if draw.textlength(text, font=f) <= max_w:
            return f
        size -= 1
    return pil_font(min_size, bold)


def _disk(draw, cx, cy, r, fill, outline, text: str, text_colour=(255, 255, 255), floor: int = MIN_TEXT):
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=max(1, r // 7))
    f = _fit_font(draw, text, r * 1.7, max(floor, int(r * 1.25)), True, floor)
    draw.text((cx, cy), text, font=f, fill=text_colour, anchor="mm")


def render_face(cdef: Any, w: int, h: int, lang: str, bare: bool = False) -> Image.Image:
    """The card face as an RGBA image of exactly w × h (parts placed by :func:`ui.heroes.faceparts.face_parts`,
    words by :func:`ui.heroes.facewords.face_words`); ``bare``: without its number disks."""
    SS = SS_BIG if w >= 200 else 1
    words = face_words(cdef, w, h, lang, bare)
    P = words.parts
    W, H = w * SS, h * SS
    floor = MIN_TEXT * SS
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    col = frame_colour(cdef)
    rad = int(W * 0.06)
    d.rounded_rectangle((0, 0, W - 1, H - 1), rad, fill=_shade(col, 0.55), outline=(15, 12, 10), width=max(2, SS))
    b = P.border * SS
    _body(img, (b, b, W - b, H - b), int(rad * 0.7), cdef, col)
    nx0, ny0, nx1, ny1 = _scaled(P.name, SS)
    d.rounded_rectangle((nx0, ny0, nx1, ny1), int(W * 0.03), fill=_shade(col, 1.55), outline=INK, width=SS)
    if words.name is not None:
        _name_text(d, words.name, (nx0, ny0, nx1, ny1), SS)
    ax0, ay0, ax1, ay1 = _scaled(P.art, SS)
    if ay1 - ay0 > 2 * SS:  # the card's picture in its element colours, and the element's emblem
        aw, ah = ax1 - ax0, ay1 - ay0
        img.paste(panel(cdef.art, cdef.source, aw, ah, art_colours(cdef), portrait=cdef.type == "hero"), (ax0, ay0))
        d.rectangle((ax0, ay0, ax1, ay1), outline=INK, width=SS)
        _emblems(img, cdef, (ax0, ay0, ax1, ay1), badge_radius(w) * SS, SS)
    if P.type_line is not None and P.type_line[3] > P.type_line[1]:
        tx0, ty0, tx1, ty1 = _scaled(P.type_line, SS)
        tl = cardtext.type_line(cdef, lang)
        room = tx1 - tx0 - SS * 2
        f = _fit_font(d, tl, room, max(floor, int((ty1 - ty0) * 0.69)), False, floor)
        tl = next((t for t in _type_forms(tl) if d.textlength(t, font=f) <= room), "")
        d.text((tx0 + SS, (ty0 + ty1) / 2), tl, font=f, fill=_shade(col, 0.25), anchor="lm")
    if P.text is not None:
        bx0, by0, bx1, by1 = _scaled(P.text, SS)
        d.rounded_rectangle((bx0, by0, bx1, by1), int(W * 0.02), fill=PARCHMENT, outline=INK, width=SS)
        pad = max(2, int(w * 0.035)) * SS
        fnt, lh = pil_font(words.text_size * SS, False), text_line(words.text_size) * SS
        y = by0 + pad // 2
        for line in words.text:
            d.text((bx0 + pad, y), line, font=fnt, fill=INK)
            y += lh
        if words.more:  # the rest of a text too long for this face: a rest of the pointer away
            for line in box_lines(words.more, words.text_size, P, w, SS):
                d.text((bx0 + pad, y), line, font=fnt, fill=MORE)
                y += lh
    if P.cost is not None:
        cost = "X" if (cdef.x_cost and not cdef.cost) else (f"{cdef.cost}+X" if cdef.x_cost else str(cdef.cost))
        cx, cy, r = _scaled(P.cost, SS)
        _disk(d, cx, cy, r, (232, 196, 80), INK, cost, INK, floor)
    if P.strike is not None:
        cx, cy, r = _scaled(P.strike, SS)
        _disk(d, cx, cy, r, (170, 40, 36), INK, str(cdef.strike), floor=floor)
    if P.lives is not None:
        cx, cy, r = _scaled(P.lives, SS)
        _disk(d, cx, cy, r, (46, 120, 60), INK, str(cdef.lives), floor=floor)
    if SS != 1:
        img = img.resize((w, h), Image.LANCZOS)
    return img


def _name_text(d, fit: NameFit, box: Box, ss: int) -> None:
    """The name centred in its strip, on the lines :func:`ui.heroes.facewords.face_words` gave it (whole)."""
    x0, y0, x1, y1 = box
    f = pil_font(fit.size * ss, True)
    lh = fit.size * NAME_LINE * ss
    top = (y0 + y1) / 2 - lh * (len(fit.lines) - 1) / 2
    for i, ln in enumerate(fit.lines):
        d.text(((x0 + x1) / 2, top + i * lh), ln, font=f, fill=INK, anchor="mm")


def _sword(d, cx: float, cy: float, length: float, angle: float, colour, dark, width: float) -> None:
    """A straight sword drawn with polygons (blade, guard, grip, pommel), turned by ``angle`` degrees."""
    a = math.radians(angle)
    ux, uy = math.cos(a), math.sin(a)  # along the blade, towards the point
    vx, vy = -uy, ux

    def pt(t: float, s: float) -> tuple[float, float]:
        return cx + ux * t + vx * s, cy + uy * t + vy * s

    half, blade = length / 2, width / 2
    d.polygon([pt(-half * 0.42, -blade), pt(half * 0.86, -blade), pt(half, 0), pt(half * 0.86, blade),
               pt(-half * 0.42, blade)], fill=colour, outline=dark)
    d.polygon([pt(-half * 0.46, -width * 2.2), pt(-half * 0.38, -width * 2.2), pt(-half * 0.38, width * 2.2),
               pt(-half * 0.46, width * 2.2)], fill=colour, outline=dark)
    d.polygon([pt(-half * 0.86, -blade * 0.8), pt(-half * 0.46, -blade * 0.8), pt(-half * 0.46, blade * 0.8),
               pt(-half * 0.86, blade * 0.8)], fill=dark)
    px, py = pt(-half * 0.93, 0)
    d.ellipse((px - width, py - width, px + width, py + width), fill=colour, outline=dark)


def render_back(w: int, h: int) -> Image.Image:
    """The back of every card: frame, rings and two crossed swords (no letters: the same in every language)."""
    SS = SS_BIG
    W, H = w * SS, h * SS
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    rad = int(W * 0.06)
    d.rounded_rectangle((0, 0, W - 1, H - 1), rad, fill=(60, 30, 24), outline=(15, 10, 8), width=max(2, SS))
    leather = vignette(textured(W, H, (96, 44, 32), 17, 70), 0.6)  # «Герои»'s back: oxblood leather
    mask = Image.new("L", (W, H), 0)
    ImageDraw.Draw(mask).rounded_rectangle((SS, SS, W - 1 - SS, H - 1 - SS), rad, fill=255)
    img.paste(leather, (0, 0), mask)
    b = int(W * 0.07)
    d.rounded_rectangle((b, b, W - b, H - b), rad, outline=(200, 160, 80), width=max(2, SS * 2))
    d.rounded_rectangle((b + 3 * SS, b + 3 * SS, W - b - 3 * SS, H - b - 3 * SS), rad, outline=(120, 84, 40), width=SS)
    for i in range(6):
        k = 0.18 + i * 0.06
        d.ellipse((W * k, H * k, W * (1 - k), H * (1 - k)), outline=(150 - i * 12, 90, 50), width=SS)
    length, width = W * 0.62, max(2 * SS, W * 0.07)
    for angle in (-55, -125):
        _sword(d, W / 2, H / 2, length, angle, (220, 180, 90), (70, 40, 20), width)
    return img.resize((w, h), Image.LANCZOS)


def to_surface(img: Image.Image) -> pygame.Surface:
    surf = pygame.image.frombytes(img.tobytes(), img.size, "RGBA")
    try:
        return surf.convert_alpha()
    except pygame.error:  # no display mode set (tests)
        return surf


class CardArt:
    """Cache of card surfaces: faces by (card, size, language), backs by size, rotations."""

    def __init__(self, lang: str = "ru") -> None:
        self.lang = lang
        self._faces: dict[tuple, pygame.Surface] = {}
        self._rot: dict[tuple, pygame.Surface] = {}

    def set_lang(self, lang: str) -> None:
        if lang != self.lang:
            self.lang = lang
            self._faces.clear()
            self._rot.clear()

    def face(self, cdef: Any, size: tuple[int, int], bare: bool = False) -> pygame.Surface:
        """``cdef``'s face at ``size`` (``bare``: without its number disks, as the graveyard's top card)."""
        key = (cdef.id, size, self.lang, bare)
        surf = self._faces.get(key)
        if surf is None:
            surf = to_surface(render_face(cdef, size[0], size[1], self.lang, bare))
            self._faces[key] = surf
        return surf

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        key = ("__back__", size, "")
        surf = self._faces.get(key)
        if surf is None:
            surf = to_surface(render_back(*size))
            self._faces[key] = surf
        return surf

    def rotated(self, surf: pygame.Surface, angle: float) -> pygame.Surface:
        """``angle`` in degrees, counter-clockwise as pygame counts; resting angles are cached."""
        a = round(angle)
        if a % 360 == 0:
            return surf
        key = (id(surf), a)
        out = self._rot.get(key)
        if out is None:
            out = pygame.transform.rotate(surf, a)
            if len(self._rot) > 400:
                self._rot.clear()
            self._rot[key] = out
        return out

    def ringed(self, surf: pygame.Surface, colour: tuple[int, int, int], width: int) -> pygame.Surface:
        """The card with a ring round it (a card that can be used now), ``width`` pixels wider on each side."""
        key = (id(surf), "ring", colour, width)
        out = self._rot.get(key)
        if out is None:
            w, h = surf.get_size()
            out = pygame.Surface((w + 2 * width, h + 2 * width), pygame.SRCALPHA)
            pygame.draw.rect(out, colour, out.get_rect(), width, border_radius=int(w * 0.06) + width)
            out.blit(surf, (width, width))
            if len(self._rot) > 400:
                self._rot.clear()
            self._rot[key] = out
        return out

    def dimmed(self, surf: pygame.Surface) -> pygame.Surface:
        """A darker copy (cards that are not legal targets while something is dragged)."""
        key = (id(surf), "dim")
        out = self._rot.get(key)
        if out is None:
            out = surf.copy()
            out.fill((105, 105, 115), special_flags=pygame.BLEND_RGB_MULT)
            if len(self._rot) > 400:
                self._rot.clear()
            self._rot[key] = out
        return out

    def __len__(self) -> int:
        return len(self._faces)
