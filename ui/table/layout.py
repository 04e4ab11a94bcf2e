"""Where everything on the table goes, computed from the window size (1280×720 up to 4K).

``s`` is the scale against the 1280×720 design; extra width goes to the play rows and the log,
extra height to the hand.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from ui.cards import card_size


@dataclass
class SideRects:
    """One player's half of the table."""

    band: pygame.Rect
    hero: pygame.Rect
    coins: pygame.Rect
    play: pygame.Rect
    deck: pygame.Rect
    grave: pygame.Rect


@dataclass
class Place:
    """Where one card sits: centre, size, angle (0 or -90 when tapped) and which face shows."""

    cid: int
    center: tuple[float, float]
    size: tuple[int, int]
    angle: float = 0.0
    face_up: bool = True
    zone: str = "play"
    z: int = 0


@dataclass
class TableLayout:
    w: int
    h: int
    s: float = 1.0
    table: pygame.Rect = field(default_factory=pygame.Rect)
    panel: pygame.Rect = field(default_factory=pygame.Rect)
    prompt: pygame.Rect = field(default_factory=pygame.Rect)
    sides: dict[str, SideRects] = field(default_factory=dict)
    card: tuple[int, int] = (0, 0)
    pile: tuple[int, int] = (0, 0)
    hand_card: tuple[int, int] = (0, 0)
    back_card: tuple[int, int] = (0, 0)
    zoom_card: tuple[int, int] = (0, 0)
    hand_y: int = 0
    status: pygame.Rect = field(default_factory=pygame.Rect)
    queue: pygame.Rect = field(default_factory=pygame.Rect)
    log: pygame.Rect = field(default_factory=pygame.Rect)
    end_turn: pygame.Rect = field(default_factory=pygame.Rect)
    undo: pygame.Rect = field(default_factory=pygame.Rect)
    menu: pygame.Rect = field(default_factory=pygame.Rect)

    @classmethod
    def compute(cls, w: int, h: int) -> TableLayout:
        s = min(w / 1280, h / 720)
        L = cls(w, h, s)
        S = lambda v: int(round(v * s))  # noqa: E731
        panel_w = max(S(300), int(w * 0.2))
        L.panel = pygame.Rect(w - panel_w, 0, panel_w, h)
        L.table = pygame.Rect(0, 0, w - panel_w, h)
        L.card = card_size(S(158))
        L.pile = card_size(S(74))
        L.hand_card = card_size(S(200))
        L.back_card = card_size(S(84))
        L.zoom_card = card_size(min(h * 0.82, S(620)))
        band_h = L.card[1] + S(6)
        top_y = S(42)
        mid_y = top_y + band_h + S(4)
        L.prompt = pygame.Rect(S(8), mid_y, L.table.w - S(16), S(46))
        bot_y = L.prompt.bottom + S(4)
        for name, y in (("top", top_y), ("bottom", bot_y)):
            band = pygame.Rect(0, y, L.table.w, band_h)
            hero = pygame.Rect(S(10), y + S(3), *L.card)
            coins = pygame.Rect(hero.right + S(6), y + S(3), S(50), L.card[1])
            pw, ph = L.pile
            deck = pygame.Rect(L.table.w - S(10) - pw, y + S(3), pw, ph)
            grave = pygame.Rect(deck.x, deck.bottom + S(8), pw, ph)
            if name == "top":  # mirror: the opponent's graveyard faces the middle
                deck, grave = grave.copy(), deck.copy()
                deck.y, grave.y = y + S(3) + ph + S(8), y + S(3)
            play = pygame.Rect(coins.right + S(10), y + S(3), deck.x - S(10) - coins.right - S(10), L.card[1])
            L.sides[name] = SideRects(band, hero, coins, play, deck, grave)
        # the hand sits under the table with room to rise; taller windows give the extra to a gap
        L.hand_y = max(L.sides["bottom"].band.bottom + S(30), (L.sides["bottom"].band.bottom + h - L.hand_card[1]) // 2)
        # side panel
        px, pw = L.panel.x + S(10), L.panel.w - S(20)
        L.status = pygame.Rect(px, S(10), pw, S(96))
        btn_h = S(48)
        L.end_turn = pygame.Rect(px, h - S(10) - btn_h - S(44), pw, btn_h)
        half = (pw - S(8)) // 2
        L.undo = pygame.Rect(px, h - S(10) - S(36), half, S(36))
        L.menu = pygame.Rect(px + half + S(8), h - S(10) - S(36), pw - half - S(8), S(36))
        L.queue = pygame.Rect(px, L.status.bottom + S(8), pw, S(150))
        L.log = pygame.Rect(px, L.queue.bottom + S(8), pw, L.end_turn.y - S(10) - (L.queue.bottom + S(8)))
        return L

    def sc(self, v: float) -> int:
        return int(round(v * self.s))

    # ------------------------------------------------------------------ card places
    def play_row(self, side: str, cids: list[int], tapped: dict[int, bool]) -> list[Place]:
        """Creatures and supports in a row; tapped ones take the card's height in width."""
        area = self.sides[side].play
        cw, ch = self.card
        gap = self.sc(6)
        widths = [(ch if tapped.get(c) else cw) for c in cids]
        total = sum(widths) + gap * max(0, len(cids) - 1)
        shrink = 1.0
        if total > area.w and len(cids) > 1:
            shrink = (area.w - widths[-1]) / max(1, total - widths[-1])
        x = area.x
        out = []
        for i, (cid, wd) in enumerate(zip(cids, widths, strict=True)):
            cx = x + wd / 2
            out.append(Place(cid, (cx, area.centery), (cw, ch), -90.0 if tapped.get(cid) else 0.0, zone="play", z=i))
            x += (wd + gap) * shrink
        return out

    def hand_fan(self, cids: list[int], face_up: bool, hovered: int | None = None) -> list[Place]:
        """The viewer's hand fanned along the bottom; the hovered card rises and straightens."""
        n = len(cids)
        hw, hh = self.hand_card
        area_w = self.table.w - self.sc(40)
        step = hw * 0.82 if n <= 1 else min(hw * 0.82, (area_w - hw) / (n - 1))
        x0 = self.table.centerx - step * (n - 1) / 2
        out = []
        for i, cid in enumerate(cids):
            off = i - (n - 1) / 2
            ang = -off * min(4.0, 24.0 / max(1, n))
            y = self.hand_y + hh / 2 + (off * off) * self.sc(3) * min(1.0, 6 / max(1, n))
            if cid == hovered:
                ang, y = 0.0, self.hand_y + hh / 2 - self.sc(24)
            out.append(Place(cid, (x0 + i * step, y), (hw, hh), ang, face_up, "hand", 100 + i))
        return out

    def top_hand(self, cids: list[int], face_up: bool) -> list[Place]:
        """The other player's hand: small backs peeking from the top edge."""
        n = len(cids)
        bw, bh = self.back_card
        step = min(bw * 0.6, (self.table.w * 0.5) / max(1, n))
        x0 = self.table.centerx - step * (n - 1) / 2
        y = self.sc(36) - bh / 2
        return [Place(cid, (x0 + i * step, y), (bw, bh), 180.0 if not face_up else 0.0, face_up, "hand", 50 + i)
                for i, cid in enumerate(cids)]

    def coin_spots(self, side: str, n: int) -> list[tuple[float, float]]:
        """Centres of coin tokens: two columns in the coin strip by the hero."""
        r = self.coin_r
        area = self.sides[side].coins
        out = []
        for i in range(n):
            col, row = i % 2, i // 2
            out.append((area.x + r + col * (2 * r + self.sc(4)), area.y + r + row * (2 * r + self.sc(4))))
        return out

    @property
    def coin_r(self) -> int:
        return max(6, self.sc(11))


def fan_extent(places: list[Place]) -> pygame.Rect:
    """The bounding box of a set of places (for hit tests of the hand area)."""
    if not places:
        return pygame.Rect(0, 0, 0, 0)
    rects = [rotated_rect(p) for p in places]
    r = rects[0].copy()
    for q in rects[1:]:
        r.union_ip(q)
    return r


def rotated_rect(p: Place) -> pygame.Rect:
    w, h = p.size
    a = math.radians(p.angle)
    bw = abs(w * math.cos(a)) + abs(h * math.sin(a))
    bh = abs(w * math.sin(a)) + abs(h * math.cos(a))
    r = pygame.Rect(0, 0, int(bw), int(bh))
    r.center = (int(p.center[0]), int(p.center[1]))
    return r
