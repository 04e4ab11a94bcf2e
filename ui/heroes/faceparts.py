"""Where the parts of a «Герои» card's face sit at a given size: the name strip, the picture, the type line,
the rules text box and the cost, strike and lives disks (ui/heroes/cards.py draws them there; the table draws
live numbers on the same spots, ui/heroes/table/marks.py)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ui.fonts import MIN_PX

CARD_RATIO = 1.4  # height / width

MIN_TEXT = MIN_PX  # px: no text on a face is smaller (a new player must read it at 1280×720)

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in card pixels
Disk = tuple[int, int, int]  # centre x, centre y, radius


@dataclass(frozen=True)
class FaceParts:
    """Where the parts of a w × h face sit, in card pixels; the table draws live numbers on the same spots."""

    w: int
    h: int
    border: int
    name: Box  # the name strip: room for two lines from 96 px of height up
    name_size: int
    name_lines: int
    art: Box
    cost: Disk | None
    type_line: Box | None
    text: Box | None
    strike: Disk | None
    lives: Disk | None
    markers: Box  # where the table stacks marker tokens: the art's right side, then down
    token_r: int


def badge_radius(w: int) -> int:
    """Radius of the number disks (cost, strike, lives) on a card w pixels wide; their digits stay ≥ 11 px."""
    return max(8, round(w * 0.1))


@lru_cache(maxsize=2048)
def face_parts(kind: str, w: int, h: int, name_lines: int = 0, give: int = 0, no_type: bool = False,
               bare: bool = False) -> FaceParts:
    """The face's layout for a card type (hero, creature, spell, support) at w × h pixels.

    The rules text box ends above the strike and lives disks, so they never cover text; a small card
    drops the text box, then the type line, then the cost disk, but keeps the name and the numbers.
    ``name_lines``: a name strip of that many lines (a name that needs more than the face's usual strip
    takes them from the picture: it is never cut); ``give``: pixels the picture gives the text box (a long
    text takes them, down to the least picture); ``no_type``: the type line gives its room to the text too;
    ``bare``: no strike and lives disks (the graveyard's top card: its printed numbers count for nothing there).
    """
    b = max(2, round(w * 0.045))
    r = badge_radius(min(w, round(h / CARD_RATIO)))  # a square hero's disks as a card's of its height
    big = h >= 240
    name_size = max(MIN_TEXT, round(h * (0.05 if big else 0.07)))
    lines = name_lines or (2 if h >= 96 else 1)
    name = (b, b, w - b, b + round(name_size * (1.2 * lines + 0.5)))
    stats = kind in ("creature", "hero") and not bare
    low = h - b - (2 * r + 2 if stats else 0)  # the badge row starts here
    cy = h - b - r - 1
    strike = (b + r + 1, cy, r) if kind == "creature" and stats else None
    lives = (w - b - r - 1, cy, r) if stats else None
    top = name[3] + 1
    room = max(0, low - top - 1)
    type_h = 0 if no_type else round(max(MIN_TEXT, round(h * 0.048)) * 1.45)
    text_min = 2 * int(MIN_TEXT * 1.22) + max(4, b)  # a text box shows at least two lines, or is left out
    share = 0.42 if big else (0.38 if kind == "hero" else 0.36)  # room for the picture
    art_h = min(room, max(2 * r + 4 if kind != "hero" else 0, round(room * share)))
    art_h = max(min(art_h, least_art(kind, w, h)), art_h - give)
    rest = room - art_h
    type_line = text = None
    if rest >= type_h + text_min:
        type_line = (b * 2, top + art_h, w - b * 2, top + art_h + type_h)
        # a hero's text, what a player reads every turn, takes the face's whole width
        inset = b + 2 if kind == "hero" else b * 2
        text = (inset, type_line[3] + 1, w - inset, low - 1)
    elif rest >= type_h:
        art_h = room - type_h
        type_line = (b * 2, top + art_h, w - b * 2, top + art_h + type_h)
    else:
        art_h = room
    art = (b * 2, top, w - b * 2, top + art_h)
    cost = (art[0] + r + 1, art[1] + r + 2, r) if kind != "hero" and art_h >= 2 * r + 4 else None
    token_r = max(10, round(w * 0.085))
    markers = (w - b - 2 * token_r - 2, top + 1, w - b, max(top + 1, low - 1))
    if kind == "hero":  # a hero's tokens in its bottom row, left of its lives disk (its text ends above them)
        markers = (b + 1, cy - token_r, w - b - 2 * r - 4, cy + token_r)
    return FaceParts(w, h, b, name, name_size, lines, art, cost, type_line, text, strike, lives, markers, token_r)


def least_art(kind: str, w: int, h: int) -> int:
    """The least picture a face keeps when its text takes the rest: room for the cost disk (a hero has none:
    its name says who it is, and its abilities are what a player reads every turn)."""
    return 0 if kind == "hero" else 2 * badge_radius(w) + 4
