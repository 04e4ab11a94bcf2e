"""What a lesson shows at its table: the coach's panel (in the place of the log) and the lights on what to do.

The panel says which lesson and step this is and its goal, what the last step did and why, what to do now,
and — after a wrong move — the coaching sentence; its buttons go on past a step to read, start the lesson
again, leave it, and at the end go to the next lesson (or the first battle). The lights are gold frames that
breathe on the cards, cells and buttons the step's action needs, with an arrow from what to drag to where.
Drawing only: the scene decides what the buttons do.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ui.fonts import MIN_PX, TEXT, ellipsis, wrap_lines
from ui.widgets.button import Button, label_need

GOLD = (240, 200, 110)
INK = (236, 236, 240)
SOFT = (170, 210, 170)  # what just happened
MUTED = (160, 166, 178)
COACH = (255, 170, 110)  # a wrong move's coaching
LIGHT = (255, 214, 90)


@dataclass
class Lines:
    """One block of the panel's text: the words, their colour and weight."""

    text: str
    colour: tuple[int, int, int]
    bold: bool = False
    scale: float = 1.0
    optional: bool = False  # left out when the words do not fit even at the smallest size


def panel_buttons(rect: pygame.Rect, sc, labels: list[tuple[str, tuple, str]]) -> list[Button]:
    """The panel's buttons along its bottom, left to right, filling the row: each gets what its label needs and
    an equal share of the rest («Leave the lesson» wants more room than «Next»). When the labels need more than
    one row has, the first (the way on) gets a row of its own above the others."""
    if not labels:
        return []
    h, gap, pad = sc(34), sc(6), sc(8)
    room = rect.w - 2 * pad
    rows = [labels]
    if len(labels) > 1 and _row_need(labels, h, gap) > room:
        rows = [labels[:1], labels[1:]]
    out = []
    y = rect.bottom - pad - h * len(rows) - gap * (len(rows) - 1)
    for row in rows:
        out += _row(row, rect.x + pad, y, room, h, gap)
        y += h + gap
    return out


def _row_need(labels: list[tuple[str, tuple, str]], h: int, gap: int) -> int:
    return sum(label_need(label, h) for label, _, _ in labels) + gap * (len(labels) - 1)


def _row(labels: list[tuple[str, tuple, str]], x: int, y: int, width: int, h: int, gap: int) -> list[Button]:
    """One row of buttons ``width`` wide: each as wide as its label needs plus an equal share of what is left, or,
    when even that is too little, a share of the row in proportion to its need."""
    room = width - gap * (len(labels) - 1)
    needs = [label_need(label, h) for label, _, _ in labels]
    if sum(needs) <= room:
        spare = (room - sum(needs)) // len(needs)
        widths = [need + spare for need in needs]
    else:
        widths = [room * need // sum(needs) for need in needs]
    out = []
    for (label, value, style), w in zip(labels, widths, strict=True):
        out.append(Button(pygame.Rect(x, y, w, h), label, value, style))
        x += w + gap
    return out


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, sc, head: str, blocks: list[Lines],
               buttons: list[Button], mouse) -> None:
    """The panel: a heading, the blocks of text (shrunk together until they fit above the buttons), the buttons."""
    pygame.draw.rect(surface, (40, 34, 24), rect, border_radius=sc(8))
    pygame.draw.rect(surface, GOLD, rect, max(2, sc(2)), border_radius=sc(8))
    pad = sc(10)
    y = rect.y + sc(6)
    for line in wrap_lines(head, sc(16), rect.w - 2 * pad, 2, True):  # a long title takes a second line
        title = TEXT.get(line, sc(16), GOLD, True)
        surface.blit(title, (rect.x + pad, y))
        y += title.get_height()
    top = y + sc(4)
    bottom = (min(b.rect.y for b in buttons) if buttons else rect.bottom) - sc(6)
    width = rect.w - 2 * pad
    size = sc(15)
    while True:
        laid = _lay(blocks, size, width)
        height = sum(h for _, _, h in laid) + sc(6) * max(0, len(blocks) - 1)
        if height <= bottom - top:
            break
        if size <= MIN_PX:
            if any(b.optional for b in blocks):
                blocks = [b for b in blocks if not b.optional]
                size = sc(15)
                continue
            break
        size -= 1
    y = top
    for block, lines, _ in laid:
        bsize = max(MIN_PX, int(size * block.scale))
        for line in lines:
            t = TEXT.get(line, bsize, block.colour, block.bold)
            if y + t.get_height() > bottom:  # no room left even at the smallest size: the rest is cut
                t = TEXT.get(ellipsis(line, bsize, width, block.bold), bsize, block.colour, block.bold)
                surface.blit(t, (rect.x + pad, y))
                y = bottom
                break
            surface.blit(t, (rect.x + pad, y))
            y += t.get_height()
        if y >= bottom:
            break
        y += sc(6)
    for b in buttons:
        b.draw(surface, mouse)


def _lay(blocks: list[Lines], size: int, width: int) -> list[tuple[Lines, list[str], int]]:
    out = []
    for block in blocks:
        bsize = max(MIN_PX, int(size * block.scale))
        lines = TEXT.wrap(block.text, bsize, width, block.bold)
        lh = TEXT.get("Ag", bsize, block.colour, block.bold).get_height()
        out.append((block, lines, lh * len(lines)))
    return out


def draw_lights(surface: pygame.Surface, rects: list[pygame.Rect], arrow, clock: float, sc) -> None:
    """Gold frames breathing on ``rects`` and, for a drag, an arrow from its start to where it goes."""
    k = (math.sin(clock * 4.0) + 1) / 2
    width = max(2, sc(3))
    colour = (255, int(190 + 50 * k), int(60 + 60 * k))
    for r in rects:
        grow = int(sc(3) + sc(4) * k)
        pygame.draw.rect(surface, colour, r.inflate(grow * 2, grow * 2), width, border_radius=sc(8))
    if arrow is not None:
        a, b = pygame.Vector2(arrow[0]), pygame.Vector2(arrow[1])
        d = b - a
        if d.length() > sc(20):
            d.scale_to_length(1)
            start, end = a + d * sc(18), b - d * sc(18)
            pygame.draw.line(surface, colour, start, end, max(3, sc(5)))
            n = pygame.Vector2(-d.y, d.x)
            head = [end + d * sc(6), end - d * sc(14) + n * sc(10), end - d * sc(14) - n * sc(10)]
            pygame.draw.polygon(surface, colour, head)
