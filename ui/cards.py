"""Card faces drawn with Pillow at the exact pixel size asked for, cached as pygame surfaces.

Rendered at twice the size and scaled down, so frames and text stay crisp at any window size.
Faces show printed values; the table draws live strike, lives and markers on top.
"""

from __future__ import annotations

from typing import Any

import pygame
from PIL import Image, ImageDraw, ImageFilter

from ui import cardtext
from ui.fonts import pil_font

CARD_RATIO = 1.4  # height / width
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


def _shade(c: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    if k < 1:
        return tuple(int(v * k) for v in c)  # type: ignore[return-value]
    return tuple(int(v + (255 - v) * (k - 1)) for v in c)  # type: ignore[return-value]


def _fit_font(draw: ImageDraw.ImageDraw, text: str, max_w: float, size: int, bold: bool = True, min_size: int = 8):
    while size > min_size:
        f = pil_font(size, bold)
        if draw.textlength(text, font=f) <= max_w:
            return f
        size -= 1
    return pil_font(min_size, bold)


_widths: dict[tuple[int, str], float] = {}


def _width(f, word: str) -> float:
    """Word widths are summed (the basic layout has no shaping across words), and cached."""
    key = (id(f), word)
    w = _widths.get(key)
    if w is None:
        if len(_widths) > 50000:
            _widths.clear()
        w = _widths[key] = f.getlength(word)
    return w


def _wrap(draw: ImageDraw.ImageDraw, text: str, f, width: float) -> list[str]:
    lines: list[str] = []
    space = _width(f, " ")
    for para in text.split("\n"):
        line, line_w = "", 0.0
        for word in para.split():
            ww = _width(f, word)
            if not line:
                line, line_w = word, ww
            elif line_w + space + ww <= width:
                line, line_w = f"{line} {word}", line_w + space + ww
            else:
                lines.append(line)
                line, line_w = word, ww
        lines.append(line)
    return [ln for ln in lines if ln] or [""]


def _fit_text(draw, text: str, box_w: float, box_h: float, start: int, min_size: int = 7):
    """Largest font size at which the wrapped text fits the box; (font, lines, line height)."""
    size = start
    while True:
        f = pil_font(size, False)
        lines = _wrap(draw, text, f, box_w)
        lh = int(size * 1.22)
        if len(lines) * lh <= box_h or size <= min_size:
            return f, lines, lh
        size -= 1


def _disk(draw, cx, cy, r, fill, outline, text: str, text_colour=(255, 255, 255)):
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=max(1, r // 7))
    f = _fit_font(draw, text, r * 1.5, int(r * 1.25), True)
    draw.text((cx, cy), text, font=f, fill=text_colour, anchor="mm")


def render_face(cdef: Any, w: int, h: int, lang: str) -> Image.Image:
    """The card face as an RGBA image of exactly w × h."""
    SS = SS_BIG if w >= 200 else 1
    W, H = w * SS, h * SS
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    col = frame_colour(cdef)
    rad = int(W * 0.06)
    d.rounded_rectangle((0, 0, W - 1, H - 1), rad, fill=_shade(col, 0.55), outline=(15, 12, 10), width=max(2, SS))
    b = int(W * 0.045)
    d.rounded_rectangle((b, b, W - b, H - b), int(rad * 0.7), fill=col)
    compact = h < 240
    # name bar: a hero has no cost disk and a long name, so its bar is taller and may take two lines
    hero = cdef.type == "hero"
    ny0 = int(H * 0.035)
    ny1 = int(H * ((0.2 if compact else 0.15) if hero else (0.145 if compact else 0.12)))
    d.rounded_rectangle((b * 2, ny0, W - b * 2, ny1), int(W * 0.03), fill=_shade(col, 1.55), outline=INK, width=SS)
    name = cardtext_name(cdef, lang)
    left = W * (0.24 if not hero else 0.07)
    room = W - left - b * 3
    _name_text(d, name, (left + W - b * 2) / 2, ny0, ny1, room, two_lines=hero, SS=SS)
    # art area: a gradient with the element's colour and a large faint initial
    ay0, ay1 = ny1 + b // 2, int(H * (0.40 if compact else 0.50))
    art = Image.new("RGBA", (W - 4 * b, ay1 - ay0), _shade(col, 0.8))
    ad = ImageDraw.Draw(art)
    aw, ah = art.size
    for i in range(0, ah, max(1, SS)):
        k = 0.55 + 0.6 * (i / max(1, ah))
        ad.line((0, i, aw, i), fill=_shade(col, k), width=SS)
    initial = (name[:1] or "?").upper()
    letter = Image.new("RGBA", art.size, (0, 0, 0, 0))
    ImageDraw.Draw(letter).text((aw / 2, ah / 2), initial, font=pil_font(int(ah * 0.8), True),
                                fill=(*_shade(col, 1.35), 150), anchor="mm")
    art = Image.alpha_composite(art, letter.filter(ImageFilter.GaussianBlur(SS * 0.6)))
    img.paste(art, (2 * b, ay0))
    d.rectangle((2 * b, ay0, W - 2 * b, ay1), outline=INK, width=SS)
    # type line
    ty0 = ay1 + b // 3
    ty1 = ty0 + int(H * (0.085 if compact else 0.06))
    tl = cardtext.type_line(cdef, lang)
    f = _fit_font(d, tl, W - 5 * b, int((ty1 - ty0) * 0.78), False, 6)
    d.text((2.5 * b, (ty0 + ty1) / 2), tl, font=f, fill=_shade(col, 0.25), anchor="lm")
    # text box
    bx0, by0, bx1, by1 = 2 * b, ty1 + b // 3, W - 2 * b, int(H * 0.86)
    d.rounded_rectangle((bx0, by0, bx1, by1), int(W * 0.02), fill=PARCHMENT, outline=INK, width=SS)
    text = cardtext.card_text(cdef, lang)
    if text:
        pad = int(W * 0.035)
        start = int(H * (0.07 if compact else 0.05))
        floor = max(6 * SS, int(H * 0.056)) if compact else 6 * SS
        fnt, lines, lh = _fit_text(d, text, bx1 - bx0 - 2 * pad, by1 - by0 - pad, start, floor)
        y = by0 + pad // 2
        room = max(1, int((by1 - by0 - pad // 2) // lh))
        if len(lines) > room:  # a small card shows what fits; the zoom shows it all
            lines = lines[:room]
            lines[-1] = lines[-1].rstrip(" .,;:") + "…"
        for line in lines:
            d.text((bx0 + pad, y), line, font=fnt, fill=INK)
            y += lh
    # cost, strike, lives
    r = int(W * 0.11)
    if cdef.type != "hero":
        cost = "X" if (cdef.x_cost and not cdef.cost) else (f"{cdef.cost}+X" if cdef.x_cost else str(cdef.cost))
        _disk(d, int(W * 0.13), int((ny0 + ny1) / 2), r, (232, 196, 80), INK, cost, INK)
    if cdef.type in ("creature", "hero"):
        cy = int(H - r - b * 0.6)
        if cdef.type == "creature":
            _disk(d, int(W * 0.14), cy, r, (170, 40, 36), INK, str(cdef.strike))
        _disk(d, int(W * 0.86), cy, r, (46, 120, 60), INK, str(cdef.lives))
    if SS != 1:
        img = img.resize((w, h), Image.LANCZOS)
    return img


def _name_text(d, name: str, cx: float, y0: int, y1: int, room: float, *, two_lines: bool, SS: int) -> None:
    """The name centred in its bar: one line, or two larger ones when one line would be tiny."""
    bar = y1 - y0
    f = _fit_font(d, name, room, int(bar * 0.62 if not two_lines else bar * 0.5), True, min_size=6 * SS)
    if two_lines and " " in name and f.size < bar * 0.36:
        for size in range(int(bar * 0.42), 6 * SS - 1, -1):
            f2 = pil_font(size, True)
            lines = _wrap(d, name, f2, room)
            if len(lines) <= 2 and all(d.textlength(ln, font=f2) <= room for ln in lines):
                if len(lines) == 1 or size > f.size:
                    lh = size * 1.05
                    top = (y0 + y1) / 2 - lh * (len(lines) - 1) / 2
                    for i, ln in enumerate(lines):
                        d.text((cx, top + i * lh), ln, font=f2, fill=INK, anchor="mm")
                    return
                break
    while len(name) > 3 and d.textlength(name, font=f) > room:  # a long name on a small card: the zoom has it all
        name = name[:-2].rstrip() + "…"
    d.text((cx, (y0 + y1) / 2), name, font=f, fill=INK, anchor="mm")


def cardtext_name(cdef: Any, lang: str) -> str:
    return cdef.name.get(lang) or cdef.name.get("ru") or cdef.id


def render_back(w: int, h: int) -> Image.Image:
    SS = SS_BIG
    W, H = w * SS, h * SS
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    rad = int(W * 0.06)
    d.rounded_rectangle((0, 0, W - 1, H - 1), rad, fill=(60, 30, 24), outline=(15, 10, 8), width=max(2, SS))
    b = int(W * 0.07)
    d.rounded_rectangle((b, b, W - b, H - b), rad, outline=(200, 160, 80), width=max(2, SS * 2))
    for i in range(6):
        k = 0.18 + i * 0.06
        d.ellipse((W * k, H * k, W * (1 - k), H * (1 - k)), outline=(150 - i * 12, 90, 50), width=SS)
    f = pil_font(int(W * 0.42), True)
    d.text((W / 2, H / 2), "Б", font=f, fill=(220, 180, 90), anchor="mm")
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

    def face(self, cdef: Any, size: tuple[int, int]) -> pygame.Surface:
        key = (cdef.id, size, self.lang)
        surf = self._faces.get(key)
        if surf is None:
            surf = to_surface(render_face(cdef, size[0], size[1], self.lang))
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
