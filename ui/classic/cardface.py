"""A classic card's face at any size and shape: its picture over the whole face in a frame of its owner's
colour, the element's stripe, the name on a band at the top — always whole (ui/facetext.py) — and the
numbers a player reads every turn as small signs at the foot: a heart and the lives, footprints and the
movement, crossed swords and the strike (the zoom says them in words). The board, the placement tray, the
graveyards sheet, the card browser and the deck builder all draw this face.

A tapped card is drawn turned a quarter (Classic 2022 «Действие»: «закрыта»): its frame and picture turn
and shrink to stand in the same place, while its name and numbers stay upright on their bands."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from ui.art import emblem
from ui.classic.faces import ELEMENT, back_image, band, pictured
from ui.facetext import NameFit, fit_name
from ui.fonts import MIN_PX, TEXT, fit_text, font
from ui.textures import to_surface

INK = (235, 235, 240)
GOLD = (240, 200, 110)
WOUNDED = (255, 150, 140)
SIDE = {0: (44, 72, 118), 1: (118, 50, 46)}  # each player's card colour
ICONS = {"lives": (236, 92, 92), "moves": (196, 204, 214), "strike": GOLD}

LEAST_W = 100  # px: a face no narrower holds the longest word of any name in the smallest type
Row = tuple[str, str, tuple]  # (kind: "lives" | "moves" | "strike", its number as text, the number's colour)


@dataclass
class FaceLayout:
    """Where a face's words go: the name's lines at the top, the numbers' chips at the foot."""

    w: int
    h: int
    name: NameFit
    top: int  # the name's top
    name_bottom: int  # the bottom of the name's band
    rows: list[Row]  # the numbers shown (a face too small for all of them drops movement, then strike, then lives)
    chips: list[list[tuple[Row, int]]]  # the numbers in lines, each with its chip's width
    num_px: int
    rows_top: int
    tag: pygame.Rect | None  # the face-down tag's band
    beside: bool  # a strip (a seated symbiote): the numbers sit right of the name, not under it

    @property
    def lines(self) -> list[str]:
        return list(self.name.lines)

    @property
    def size(self) -> int:
        return self.name.size


def _bold_w(text: str, px: int) -> float:
    return font(max(MIN_PX, px), True).size(text)[0]


def name_line_h(px: int) -> int:
    return TEXT.get("Ag", px, INK, True).get_height() - 2


def _num_line_h(px: int) -> int:
    return TEXT.get("Ag", px, INK, True).get_height() - 1


def chip_width(row: Row, px: int) -> int:
    """A number's chip: its sign and its number."""
    return px + max(1, px // 8) + TEXT.get(row[1], px, row[2], True).get_width()


def chip_gap(px: int) -> int:
    return max(3, px // 3)


def _flow(rows: list[Row], px: int, width: int) -> list[list[tuple[Row, int]]]:
    gap = chip_gap(px)
    lines: list[list[tuple[Row, int]]] = []
    x = width + 1
    for row in rows:
        cw = chip_width(row, px)
        if lines and x + gap + cw <= width:
            lines[-1].append((row, cw))
            x += gap + cw
        else:
            lines.append([(row, cw)])
            x = cw
    return lines


def _geometry(w: int, h: int) -> tuple[int, int]:
    """(element stripe, padding) of a w × h face."""
    return max(3, min(w, h) // 16), max(3, min(w, h) // 18)


def face_layout(size: tuple[int, int], name: str, rows: list[Row], tag: str = "") -> FaceLayout:
    """The name as large as the face allows (whole, on up to three lines), the numbers at the foot in lines
    as wide as the face; a face too small for both keeps the name whole and shows fewer numbers."""
    w, h = size
    stripe, pad = _geometry(w, h)
    beside = w >= 5 * h // 2
    tag_h = fit_text(tag, max(MIN_PX, h // 9), w - 8, INK, True, MIN_PX).get_height() + 2 if tag else 0
    top = stripe + max(1, pad // 3)
    kept = list(rows)
    px = max(MIN_PX, min(h // 5, w // 9)) if not beside else max(MIN_PX, min(h // 3, w // 9))
    start = max(MIN_PX, min(h // 5, w // 8)) if not beside else px  # the name's own size on this face
    while True:
        if beside:
            chips = [[(r, chip_width(r, px)) for r in kept]] if kept else []
            used = sum(cw for _, cw in chips[0]) + chip_gap(px) * (len(kept) - 1) + pad if chips else 0
            room_w, room_h = w - 2 * pad - used, h - top - max(1, pad // 2)
            rows_h = _num_line_h(px) if chips else 0
        else:
            chips = _flow(kept, px, w - 2 * pad)
            rows_h = len(chips) * _num_line_h(px)
            room_w, room_h = w - 2 * pad, h - top - tag_h - rows_h - max(2, pad // 2) - pad // 2
        fit = fit_name(name, room_w, room_h, start, MIN_PX, _bold_w, name_line_h)
        if fit.fits or not kept:
            break
        if px > MIN_PX:
            px -= 1
            continue
        drop = next(k for k in ("moves", "strike", "lives") if any(r[0] == k for r in kept))
        kept = [r for r in kept if r[0] != drop]
    name_bottom = top + fit.height + max(1, pad // 2)
    if beside:
        rows_top = (h - rows_h) // 2
        top = max(top, (h - fit.height) // 2)
        name_bottom = top + fit.height
    else:
        rows_top = h - max(2, pad // 2) - rows_h
    tag_rect = None
    if tag:  # in the middle of the room the name leaves above the numbers
        mid = (name_bottom + rows_top) // 2
        tag_rect = pygame.Rect(0, max(name_bottom, min(mid - tag_h // 2, rows_top - tag_h)), w, tag_h)
    return FaceLayout(w, h, fit, top, name_bottom, kept, chips, px, rows_top, tag_rect, beside)


@lru_cache(maxsize=64)
def sign(kind: str, px: int) -> pygame.Surface:
    """The sign of a number at ``px`` pixels: a heart (lives), footprints (movement), crossed swords (strike)."""
    colour = ICONS[kind]
    if kind == "lives":  # drawn four times larger and smoothed down
        k = 4
        s = px * k
        big = pygame.Surface((s, s), pygame.SRCALPHA)
        r = s // 4
        pygame.draw.circle(big, colour, (r + s // 32, r + s // 8), r)
        pygame.draw.circle(big, colour, (s - r - s // 32, r + s // 8), r)
        pygame.draw.polygon(big, colour, [(s // 32, r + s // 5), (s - s // 32, r + s // 5), (s // 2, s - s // 12)])
        return pygame.transform.smoothscale(big, (px, px))
    img = emblem("boot-prints" if kind == "moves" else "crossed-swords", px, colour)
    return to_surface(img, alpha=True)


def _bare(card, size: tuple[int, int], owner: int, back: bool) -> pygame.Surface:
    """The face without words (frame, picture, element stripe), or the back."""
    w, h = size
    if back:
        return back_image((w, h), SIDE[owner]).copy()
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(3, min(w, h) // 12)
    pictured(surf, card, SIDE[owner], max(3, min(w, h) // 16), rad)
    stripe, _ = _geometry(w, h)
    pygame.draw.rect(surf, ELEMENT.get(card.element, ELEMENT["neutral"]), (0, 0, w, stripe),
                     border_top_left_radius=rad, border_top_right_radius=rad)
    return surf


def turned_frame(size: tuple[int, int]) -> pygame.Rect:
    """Where a tapped card's turned frame stands in a face of ``size``: the face turned a quarter, as large
    as fits, in the middle."""
    w, h = size
    k = min(w / h, h / w)  # the turned face (h × w) scaled into w × h
    if w > h:  # a flat face (a host, a symbiote's strip) turns into a card standing as tall as its place
        r = pygame.Rect(0, 0, max(4, round(h * max(k, 0.7))), h)
    else:
        r = pygame.Rect(0, 0, max(4, round(h * k)), max(4, round(w * k)))
    r.center = (w // 2, h // 2)
    return r


def draw_face(card, size: tuple[int, int], owner: int, name: str, rows: list[Row], tag: str = "",
              tapped: bool = False, back: bool = False) -> pygame.Surface:
    """A card's face (or its ``back``) at ``size``, ``tapped`` turned a quarter with its words upright."""
    w, h = size
    if not tapped:
        surf = _bare(card, (w, h), owner, back)
        frame = surf.get_rect()
    else:
        frame = turned_frame((w, h))
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        turned = pygame.transform.rotate(_bare(card, (frame.h, frame.w), owner, back), -90)
        surf.blit(turned, frame)
    if back:
        return surf
    draw_words(surf, face_layout((w, h), name, rows, tag), owner, tag, frame)
    rad = max(3, min(frame.w, frame.h) // 12)
    pygame.draw.rect(surf, (20, 20, 24), frame, max(1, min(w, h) // 50), border_radius=rad)
    return surf


def draw_words(surf: pygame.Surface, fl: FaceLayout, owner: int, tag: str, frame: pygame.Rect) -> None:
    """The name on its band at the top and the numbers on theirs at the foot, upright (a band reaches past a
    turned frame where its words need the room)."""
    w, h = fl.w, fl.h
    stripe, pad = _geometry(w, h)
    name_w = max(int(_bold_w(line, fl.size)) for line in fl.lines) + 2 * pad
    if fl.beside:
        left = frame.x
        band(surf, pygame.Rect(left, stripe, w - left, h - stripe), SIDE[owner], 150)
    else:
        bw = max(frame.w, min(w, name_w))
        band(surf, pygame.Rect((w - bw) // 2, max(frame.y, stripe), bw, fl.name_bottom - max(frame.y, stripe)),
             SIDE[owner])
    y = fl.top
    for line in fl.lines:
        t = TEXT.get(line, fl.size, INK, True)
        if fl.beside:
            surf.blit(t, (pad, y))
        else:
            surf.blit(t, t.get_rect(midtop=(w // 2, y)))
        y += name_line_h(fl.size)
    if fl.tag is not None:
        tag_img = fit_text(tag, max(MIN_PX, h // 9), w - 8, INK, True, MIN_PX)
        strip = pygame.Surface(fl.tag.size, pygame.SRCALPHA)
        strip.fill((10, 10, 14, 190))
        strip.blit(tag_img, tag_img.get_rect(center=(w // 2, fl.tag.h // 2)))
        surf.blit(strip, fl.tag)
    if not fl.chips:
        return
    px, line_h = fl.num_px, _num_line_h(fl.num_px)
    gap = chip_gap(px)
    widths = [sum(cw for _, cw in line) + gap * (len(line) - 1) for line in fl.chips]
    block = max(widths) + 2 * pad
    if fl.beside:
        x0 = w - block + pad
    elif frame.w < w:  # turned: the numbers stand on the turned frame, in its middle
        x0 = (w - max(widths)) // 2
    else:
        x0 = pad
    if not fl.beside:
        band(surf, pygame.Rect(x0 - pad, fl.rows_top - 1, block, h - fl.rows_top + 1), SIDE[owner], 175)
    y = fl.rows_top
    for line in fl.chips:
        x = x0
        for (kind, text, colour), cw in line:
            icon = sign(kind, px)
            surf.blit(icon, (x, y + (line_h - px) // 2 + 1))
            t = TEXT.get(text, px, colour, True)
            surf.blit(t, (x + px + max(1, px // 8), y))
            x += cw + gap
        y += line_h


def printed_rows(card) -> list[Row]:
    """A card's printed numbers (the tray, the graveyards sheet, the browser): lives, movement, strike."""
    rows: list[Row] = []
    if card.lives is not None:
        rows.append(("lives", str(card.lives), INK))
    if card.type == "creature" and not card.symbiote and not card.flyer or card.movement:  # a flyer flies: no steps
        rows.append(("moves", str(card.movement), INK))
    if card.strike_text:
        rows.append(("strike", card.strike_text, GOLD))
    return rows


def printed_face(card, size: tuple[int, int], owner: int, tr) -> pygame.Surface:
    """A card as printed, in ``owner``'s colour (a squad card in the placement tray, a dead one on the
    graveyards sheet, a card in the browser and the deck builder)."""
    return draw_face(card, size, owner, tr.name(card.name), printed_rows(card))
