"""Generated textures: felt for the table, leather for the zones and backs, stone for the classic
battlefield's cells — one style, made with Pillow from seeded noise at the size asked for, so they are
crisp at every window size and nothing large is stored. Each is made once per size and kept.

The noise is tileable (blurred with wrap-around), so a small tile covers any area without seams.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pygame
from PIL import Image, ImageChops, ImageDraw, ImageFilter

Colour = tuple[int, int, int]
TILE = 128


@lru_cache(maxsize=8)
def noise(seed: int, blur: float, tile: int = TILE) -> Image.Image:
    """A tileable grey noise tile (mode L, mean about 128), the same for the same seed on any machine."""
    raw = Image.frombytes("L", (tile, tile), random.Random(seed).randbytes(tile * tile))
    big = Image.new("L", (tile * 3, tile * 3))
    for x in range(3):
        for y in range(3):
            big.paste(raw, (x * tile, y * tile))
    return big.filter(ImageFilter.GaussianBlur(blur)).crop((tile, tile, 2 * tile, 2 * tile))


@lru_cache(maxsize=128)
def radial(w: int, h: int) -> Image.Image:
    """0 in the middle to 255 at the rim (mode L), stretched to w × h."""
    return Image.radial_gradient("L").resize((max(1, w), max(1, h)), Image.BILINEAR)


@lru_cache(maxsize=128)
def linear(w: int, h: int, across: bool = False) -> Image.Image:
    """0 at the top to 255 at the bottom (``across``: at the left to the right), mode L, w × h."""
    grad = Image.linear_gradient("L")
    if across:
        grad = grad.transpose(Image.ROTATE_90).transpose(Image.FLIP_LEFT_RIGHT)
    return grad.resize((max(1, w), max(1, h)), Image.BILINEAR)


def _stretch(img: Image.Image, low: int, high: int) -> Image.Image:
    """The noise's contrast pulled up to fill low..high (blurring flattens it towards grey)."""
    lo, hi = img.getextrema()
    span = max(1, hi - lo)
    return img.point(lambda v: low + (v - lo) * (high - low) // span)


def tiled(tile: Image.Image, w: int, h: int) -> Image.Image:
    out = Image.new(tile.mode, (w, h))
    tw, th = tile.size
    for x in range(0, w, tw):
        for y in range(0, h, th):
            out.paste(tile, (x, y))
    return out


@lru_cache(maxsize=16)
def grain(w: int, h: int, seed: int = 1, low: int = 200, high: int = 255) -> Image.Image:
    """Fine and coarse noise mixed, ``low``..``high``: multiplied into a colour it gives a woven, worn look."""
    fine = _stretch(noise(seed, 0.8), 0, 255)
    coarse = _stretch(noise(seed + 7, 6.0), 0, 255)
    mixed = Image.blend(tiled(fine, w, h), tiled(coarse, w, h), 0.55)
    return _stretch(mixed, low, high)


def textured(w: int, h: int, colour: Colour, seed: int = 1, depth: int = 40) -> Image.Image:
    """An RGB area of ``colour`` with grain: darker by up to ``depth`` of 255 where the noise is low."""
    base = Image.new("RGB", (w, h), colour)
    g = grain(w, h, seed, 255 - depth, 255).convert("RGB")
    return ImageChops.multiply(base, g)


def vignette(img: Image.Image, strength: float = 0.45) -> Image.Image:
    """Darker towards the edges, like light falling on the middle of a table."""
    w, h = img.size
    grad = radial(w, h)  # 0 in the middle, 255 at the rim
    shade = grad.point(lambda v: int(255 - min(255, v * v / 255) * strength))
    return ImageChops.multiply(img, Image.merge("RGB", (shade, shade, shade)))


def inset(img: Image.Image, box: tuple[int, int, int, int], radius: int, colour: Colour, seed: int = 3) -> None:
    """A sunk area (a zone on the table) pressed into ``img``: its own darker texture with a shadow along
    the top and left edges and a faint light along the bottom and right."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    if w < 4 or h < 4:
        return
    area = textured(w, h, colour, seed, 44)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=255)
    img.paste(area, (x0, y0), mask)
    edge = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(edge)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius, outline=150, width=max(2, radius // 3))
    shadow = edge.filter(ImageFilter.GaussianBlur(max(1, radius // 3)))
    shadow = ImageChops.multiply(shadow, mask)
    img.paste((0, 0, 0), (x0, y0), shadow.point(lambda v: v * 2 // 3))
    d2 = ImageDraw.Draw(img)
    d2.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius, outline=tuple(min(255, c + 34) for c in colour), width=1)


def to_surface(img: Image.Image, alpha: bool = False) -> pygame.Surface:
    """A pygame surface of a Pillow image, in the display's format when there is a display."""
    mode = "RGBA" if alpha else "RGB"
    surf = pygame.image.frombytes(img.convert(mode).tobytes(), img.size, mode)
    if pygame.display.get_surface() is None:
        return surf
    return surf.convert_alpha() if alpha else surf.convert()


@lru_cache(maxsize=8)
def cell_tiles(w: int, h: int, own: bool) -> tuple[pygame.Surface, ...]:
    """Stone slabs for the classic battlefield's cells (four variants so the field does not repeat): lighter
    and greener on the viewer's own half, cooler on the other's; bevelled edges read as separate cells."""
    colour = (66, 82, 70) if own else (58, 68, 76)
    out = []
    for seed in range(4):
        img = textured(w, h, colour, 20 + seed * 3 + (0 if own else 50), 46)
        d = ImageDraw.Draw(img)
        light = tuple(min(255, c + 30) for c in colour)
        dark = tuple(max(0, c - 30) for c in colour)
        r = max(2, min(w, h) // 18)
        d.rounded_rectangle((0, 0, w - 1, h - 1), r, outline=dark, width=max(1, min(w, h) // 40))
        d.line((r, 1, w - r, 1), fill=light, width=1)
        d.line((1, r, 1, h - r), fill=light, width=1)
        mask = Image.new("L", (w, h), 0)
        ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), r, fill=255)
        rgba = img.convert("RGBA")
        rgba.putalpha(mask)
        out.append(to_surface(rgba, alpha=True))
    return tuple(out)


@lru_cache(maxsize=4)
def field_backdrop(w: int, h: int, colour: Colour = (24, 32, 30)) -> pygame.Surface:
    """The whole window's ground under the classic board and panel: dark textured felt with a vignette."""
    return to_surface(vignette(textured(w, h, colour, 11, 30), 0.5))


@lru_cache(maxsize=8)
def zone_tile(w: int, h: int, radius: int, colour: Colour = (30, 38, 44)) -> pygame.Surface:
    """A sunk zone (the classic additional zones) as a surface of its own: textured, shadowed at the edge."""
    img = Image.new("RGB", (w, h), colour)
    inset(img, (0, 0, w, h), radius, colour, seed=5)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=255)
    rgba = img.convert("RGBA")
    rgba.putalpha(mask)
    return to_surface(rgba, alpha=True)
