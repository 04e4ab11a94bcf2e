"""Where a card on the table shows its live numbers and its marker tokens, in screen pixels.

The face as drawn (:func:`ui.heroes.facewords.face_words`, its parts) says where the name, cost, strike and
lives sit on the card; here those spots are turned with the card, so a tapped card keeps them on its own
corners, and the tokens (wounds, poison, stun, extra lives, effects) are stacked in the face's marker area. The view
draws from this, and the layout test reads the same rectangles to check that no card covers them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from ui.fonts import font
from ui.heroes.faceparts import MIN_TEXT
from ui.heroes.facewords import face_words

LIVES_FULL = (46, 120, 60)
LIVES_HURT = (200, 120, 30)
STRIKE = (170, 40, 36)


@dataclass
class Badge:
    """A number disk drawn over the printed one: live strike or lives."""

    center: tuple[int, int]
    r: int
    colour: tuple[int, int, int]
    text: str
    outline: tuple[int, int, int] = (15, 15, 15)

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.center[0] - self.r, self.center[1] - self.r, 2 * self.r, 2 * self.r)


@dataclass
class Token:
    """A marker: ``kind`` picks its shape and colour (view.MARKERS); ``half`` is half its width."""

    kind: str
    center: tuple[int, int]
    r: int
    half: int
    text: str

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.center[0] - self.half, self.center[1] - self.r, 2 * self.half, 2 * self.r)


@dataclass
class Marks:
    """What a card on the table shows over its face, where."""

    name: pygame.Rect | None = None
    cost: pygame.Rect | None = None
    badges: list[Badge] = field(default_factory=list)
    tokens: list[Token] = field(default_factory=list)

    def regions(self) -> list[pygame.Rect]:
        """The parts no other card may cover: name strip, number disks and tokens."""
        out = [r for r in (self.name, self.cost) if r is not None]
        return out + [b.rect for b in self.badges] + [t.rect for t in self.tokens]


def to_screen(center, size, angle: float, x: float, y: float) -> tuple[int, int]:
    """A point of the card (x, y from its top-left corner) on the screen, the card turned by ``angle``
    degrees counter-clockwise (as pygame.transform.rotate) about its centre."""
    w, h = size
    dx, dy = x - w / 2, y - h / 2
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    return round(center[0] + dx * c + dy * s), round(center[1] - dx * s + dy * c)


def box_to_screen(center, size, angle: float, box) -> pygame.Rect:
    x0, y0, x1, y1 = box
    pts = [to_screen(center, size, angle, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def token_size(r: int, text: str) -> int:
    """The text size in a token of radius r: never under MIN_TEXT (a longer text makes a wider token)."""
    return max(MIN_TEXT, int(r * (1.2 if len(text) < 2 else 0.95)))


def card_marks(game, cid: int, center, size, angle: float, face_up: bool, tr) -> Marks:
    """The live numbers and tokens of a card in play (or a hero) drawn at ``center``, ``size``, ``angle``."""
    if not face_up:
        return Marks()
    c = game.cards[cid]
    cdef = game.cdef(cid)
    P = face_words(cdef, int(size[0]), int(size[1]), tr.lang).parts  # the parts as this face was drawn
    out = Marks(name=box_to_screen(center, size, angle, P.name))
    if P.cost is not None:
        x, y, r = P.cost
        out.cost = box_to_screen(center, size, angle, (x - r, y - r, x + r, y + r))
    if P.lives is not None:
        left, maxl = game.lives_left(cid), game.max_lives(cid)
        x, y, r = P.lives
        out.badges.append(Badge(to_screen(center, size, angle, x, y), r, LIVES_FULL if left >= maxl else LIVES_HURT,
                                str(left)))
    if P.strike is not None:
        st = game.strike(cid)
        x, y, r = P.strike
        out.badges.append(Badge(to_screen(center, size, angle, x, y), r, STRIKE, str(st),
                                (255, 220, 90) if st != cdef.strike else (15, 15, 15)))
    out.tokens = _tokens(c, P, center, size, angle, tr)
    return out


def _token_list(c, tr) -> list[tuple[str, str]]:
    tokens: list[tuple[str, str]] = []
    if c.wounds:
        tokens.append(("wound", str(c.wounds)))
    if c.poison:
        tokens.append(("poison", str(c.poison)))
    if c.stunned:
        tokens.append(("stun", "!"))
    if c.life_mod:
        tokens.append(("life", f"{c.life_mod:+d}"))
    for eff in c.effects:
        if eff.get("k") == "kw":
            tokens.append(("effect", tr("marker.kw")))
        elif eff.get("k") in ("strike", "set_strike"):
            tokens.append(("effect", tr("marker.strike")))
    return tokens


def _tokens(c, P, center, size, angle: float, tr) -> list[Token]:
    """Tokens in columns from the face's marker area leftwards, as many as fit on the card; the rest
    are counted on the last one ("+3")."""
    tokens = _token_list(c, tr)
    if not tokens:
        return []
    r = P.token_r
    gap = max(1, r // 5)
    x0, y0, x1, y1 = P.markers
    upright = abs(math.sin(math.radians(angle))) < 0.5
    for texts in ([t for _, t in tokens], [t for _, t in tokens] + [f"+{len(tokens)}"]):
        half = max([r] + [(font(token_size(r, t), True).size(t)[0] + 1) // 2 + max(2, r // 3) for t in texts])
        # a token is drawn upright on the screen: on a turned card its width runs along the card's height
        along, across = (2 * r, 2 * half) if upright else (2 * half, 2 * r)
        rows = max(1, (y1 - y0 + gap) // (along + gap))
        cols = max(1, (P.w - 2 * P.border + gap) // (across + gap))
        if len(tokens) <= rows * cols:
            break
    room = rows * cols
    if len(tokens) > room:
        tokens = tokens[:room - 1] + [("effect", f"+{len(tokens) - room + 1}")]
    out = []
    for i, (kind, text) in enumerate(tokens):
        col, row = divmod(i, rows)
        lx = x1 - across / 2 - col * (across + gap)
        ly = y0 + along / 2 + row * (along + gap)
        out.append(Token(kind, to_screen(center, size, angle, lx, ly), r, half, text))
    return out
