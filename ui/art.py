"""Card pictures drawn, for both games' faces: a card's picture over a generated background.

A shipped picture (a game-icons SVG, white on transparent) is rasterised by pygame at exactly the size
asked for (``pygame.image.load_sized_svg``), so it is crisp at any window size, then filled with the
card's element colours (light at the top, the second element's colour below on a two-element card), with
a soft shadow, over a background of the same colours made from a radial gradient and grain. A player's
own PNG or SVG is drawn in its own colours, covering the panel. Which file a card's ``art`` means is the
content loader's decision (:func:`engine.content.art.find_picture`); its bytes are read through it too.

Everything is cached by name and size: a face is drawn once per size, and each frame only blits it.
"""

from __future__ import annotations

import io
from functools import lru_cache

import pygame
from PIL import Image, ImageChops, ImageDraw, ImageFilter

from engine.content.art import FALLBACK, Picture, find_picture, icon_path, picture_bytes
from engine.content.userfile import FileRefused
from ui.textures import grain, linear, radial

Colour = tuple[int, int, int]


def shade(c: Colour, k: float) -> Colour:
    """Darker below 1 (towards black), lighter above 1 (towards white)."""
    if k < 1:
        return (int(c[0] * k), int(c[1] * k), int(c[2] * k))
    return (int(c[0] + (255 - c[0]) * (k - 1)), int(c[1] + (255 - c[1]) * (k - 1)), int(c[2] + (255 - c[2]) * (k - 1)))


@lru_cache(maxsize=2048)
def picture(art: str, source: str) -> Picture:
    """The file a card's ``art`` means (the neutral picture when it cannot be used)."""
    return find_picture(art, source)


@lru_cache(maxsize=512)
def _bytes(pic: Picture) -> bytes | None:
    try:
        return picture_bytes(pic)
    except FileRefused:
        return None


def _neutral() -> Picture:
    return Picture(FALLBACK, icon_path(FALLBACK), "icon")


def _svg(data: bytes, size: tuple[int, int]) -> Image.Image | None:
    """An SVG rasterised by pygame at exactly ``size``, as a Pillow RGBA image (None: not a usable SVG)."""
    try:
        surf = pygame.image.load_sized_svg(io.BytesIO(data), size)
    except (pygame.error, ValueError, OSError):
        return None
    return Image.frombytes("RGBA", surf.get_size(), pygame.image.tobytes(surf, "RGBA"))


@lru_cache(maxsize=1024)
def icon_mask(pic: Picture, side: int) -> Image.Image:
    """A shipped picture's shape (mode L) at ``side`` × ``side`` pixels."""
    data = _bytes(pic) if pic.kind == "icon" else None
    img = _svg(data, (side, side)) if data else None
    if img is None and pic.art != FALLBACK:
        return icon_mask(_neutral(), side)
    return img.getchannel("A") if img is not None else Image.new("L", (side, side), 0)


@lru_cache(maxsize=256)
def own_picture(pic: Picture, w: int, h: int) -> Image.Image | None:
    """A player's PNG/SVG covering w × h (cut at the sides or top and bottom), or None when unreadable."""
    data = _bytes(pic)
    if data is None:
        return None
    try:
        if pic.kind == "svg":
            img = _svg(data, (max(w, h), max(w, h)))
        else:
            src = Image.open(io.BytesIO(data))
            if src.width * src.height > 4096 * 4096:  # a picture claiming more pixels than this is not read
                return None
            img = src.convert("RGBA")
    except (OSError, ValueError, Image.DecompressionBombError):
        return None
    if img is None or img.width < 1 or img.height < 1:
        return None
    k = max(w / img.width, h / img.height)
    img = img.resize((max(w, round(img.width * k)), max(h, round(img.height * k))), Image.LANCZOS)
    x, y = (img.width - w) // 2, (img.height - h) // 2
    return img.crop((x, y, x + w, y + h))


def background(w: int, h: int, colours: tuple[Colour, ...], seed: int = 5) -> Image.Image:
    """The picture's ground: the element colour, bright behind the picture and dark at the rim, with grain."""
    c = colours[0]
    inner, outer = shade(c, 0.78), shade(c, 0.26)
    grad = radial(w, h)
    img = Image.composite(Image.new("RGB", (w, h), outer), Image.new("RGB", (w, h), inner), grad)
    if len(colours) > 1:  # a two-element card: the second colour rises from the bottom
        low = linear(w, h).point(lambda v: v * 3 // 5)
        img = Image.composite(Image.new("RGB", (w, h), shade(colours[1], 0.45)), img, low)
    return ImageChops.multiply(img, grain(w, h, seed, 190, 255).convert("RGB"))


def _fill(w: int, h: int, colours: tuple[Colour, ...]) -> Image.Image:
    """The picture's own colour: pale at the top to the element's colour (or the second element's) below."""
    top, bottom = shade(colours[0], 1.75), shade(colours[-1], 1.12 if len(colours) > 1 else 1.2)
    grad = linear(w, h)
    return Image.composite(Image.new("RGB", (w, h), bottom), Image.new("RGB", (w, h), top), grad)


@lru_cache(maxsize=512)
def panel(art: str, source: str, w: int, h: int, colours: tuple[Colour, ...], portrait: bool = False) -> Image.Image:
    """The picture of a card as an RGBA image of exactly w × h: the background, then the picture.

    ``portrait``: a hero's picture, in a gold ring like a medallion."""
    w, h = max(1, w), max(1, h)
    pic = picture(art, source)
    if pic.kind != "icon":
        own = own_picture(pic, w, h)
        if own is not None:
            return own
        pic = _neutral()
    img = background(w, h, colours).convert("RGBA")
    side = max(4, int(min(w * 0.9, h * 1.04)))
    x, y = (w - side) // 2, (h - side) // 2 + (side // 40)
    if portrait:  # a gold medallion behind the hero
        ring = Image.new("L", (w, h), 0)
        rr = side // 2
        cx, cy = w // 2, h // 2
        ImageDraw.Draw(ring).ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=120)
        img.paste(shade(colours[0], 0.45), (0, 0), ring.filter(ImageFilter.GaussianBlur(max(1, side // 14))))
        d = ImageDraw.Draw(img)
        d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), outline=(226, 186, 92), width=max(1, side // 28))
        side = int(side * 0.84)
        x, y = (w - side) // 2, (h - side) // 2
    mask = icon_mask(pic, side)
    full = Image.new("L", (w, h), 0)
    full.paste(mask, (x, y))
    off = max(1, side // 30)
    shadow = Image.new("L", (w, h), 0)
    shadow.paste(mask, (x + off, y + off))
    shadow = shadow.filter(ImageFilter.GaussianBlur(max(1, side // 40))).point(lambda v: v * 3 // 4)
    img.paste((8, 6, 4), (0, 0), shadow)
    img.paste(_fill(w, h, colours), (0, 0), full)
    return img


def panel_surface(art: str, source: str, w: int, h: int, colours: tuple[Colour, ...]) -> pygame.Surface:
    """:func:`panel` as a pygame surface (kept: the classic faces blit it into their own surfaces)."""
    return _panel_surface(art, source, int(w), int(h), tuple(colours))


@lru_cache(maxsize=512)
def _panel_surface(art: str, source: str, w: int, h: int, colours: tuple[Colour, ...]) -> pygame.Surface:
    img = panel(art, source, w, h, colours)
    return pygame.image.frombytes(img.tobytes(), img.size, "RGBA")


@lru_cache(maxsize=256)
def emblem(name: str, side: int, colour: Colour) -> Image.Image:
    """A small shipped picture (an element's emblem, a back's emblem) filled with one colour, RGBA."""
    mask = icon_mask(Picture(name, icon_path(name), "icon"), max(4, side))
    img = Image.new("RGBA", mask.size, (*colour, 0))
    img.putalpha(mask)
    return img


# The emblem of each element on the faces' frames (element frames that read at a glance).
ELEMENT_EMBLEMS = {"steppe": "sun", "forest": "oak-leaf", "mountains": "mountains", "swamp": "water-drop",
                   "darkness": "batwing-emblem", "neutral": "crossed-swords", "mechanism": "cog"}
