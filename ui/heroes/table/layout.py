"""Where everything on the table goes, computed from the window size (1280×720 up to 4K).

``s`` is the scale against the 1280×720 design; extra width goes to the play rows and the log,
extra height to the bands of cards in play (up to a limit), then to the gaps. Rows of cards in play
never overlap: many cards make more rows of smaller cards (see :meth:`TableLayout.play_row`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from ui.heroes.cards import card_size


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
    top_hand: pygame.Rect = field(default_factory=pygame.Rect)  # the other player's hand, whole and on screen
    sides: dict[str, SideRects] = field(default_factory=dict)
    card: tuple[int, int] = (0, 0)  # a card in play at full size (rows of many cards use smaller ones)
    pile: tuple[int, int] = (0, 0)
    hand_card: tuple[int, int] = (0, 0)
    top_card: tuple[int, int] = (0, 0)
    zoom_card: tuple[int, int] = (0, 0)
    hand_y: int = 0  # top of the resting hand
    gap: int = 0  # between cards in a row
    status: pygame.Rect = field(default_factory=pygame.Rect)
    queue: pygame.Rect = field(default_factory=pygame.Rect)
    log: pygame.Rect = field(default_factory=pygame.Rect)
    end_turn: pygame.Rect = field(default_factory=pygame.Rect)
    undo: pygame.Rect = field(default_factory=pygame.Rect)
    menu: pygame.Rect = field(default_factory=pygame.Rect)
    clock: pygame.Rect = field(default_factory=pygame.Rect)  # a timed game's clock, left of the other hand

    @classmethod
    def compute(cls, w: int, h: int) -> TableLayout:
        s = min(w / 1280, h / 720)
        L = cls(w, h, s)
        S = lambda v: int(round(v * s))  # noqa: E731
        panel_w = max(S(300), int(w * 0.2))
        L.panel = pygame.Rect(w - panel_w, 0, panel_w, h)
        L.table = pygame.Rect(0, 0, w - panel_w, h)
        L.gap = S(6)
        margin = S(4)
        # from the top: the other hand, its band, the prompt, our band, our hand (fanned, so room below it)
        L.top_hand = pygame.Rect(S(10), margin, L.table.w - S(20), S(70))
        L.top_card = card_size(L.top_hand.h - S(4))
        L.clock = pygame.Rect(L.top_hand.x, 0, S(150), S(44))
        L.clock.centery = L.top_hand.centery
        L.hand_card = card_size(S(190))
        below = S(14)
        prompt_h = S(46)
        fixed = L.top_hand.bottom + S(4) + S(4) + prompt_h + S(4) + S(6) + L.hand_card[1] + below + margin
        band_h = min((h - fixed) // 2, S(236))
        spare = h - fixed - 2 * band_h  # a tall window: the extra is shared by the gaps
        top_y = L.top_hand.bottom + S(4) + spare // 3
        L.prompt = pygame.Rect(S(8), top_y + band_h + S(4), L.table.w - S(16), prompt_h)
        bot_y = L.prompt.bottom + S(4)
        L.card = card_size(band_h - S(6))
        ch = L.card[1]
        pile_col = S(72)
        # the deck and the graveyard as wide as their column: the graveyard's top card shows its whole name
        L.pile = (pile_col, card_size(min(S(84), (ch - S(8)) // 2))[1])
        L.zoom_card = card_size(min(h * 0.82, S(620)))
        for name, y in (("top", top_y), ("bottom", bot_y)):
            band = pygame.Rect(0, y, L.table.w, band_h)
            hero = pygame.Rect(S(10), y + S(3), ch, ch)  # square: a tapped hero turns inside it
            coins = pygame.Rect(hero.right + S(6), y + S(3), S(50), ch)
            col_x = L.table.w - S(8) - pile_col
            pw, ph = L.pile
            deck = pygame.Rect(col_x + (pile_col - pw) // 2, y + S(3), pw, ph)
            grave = pygame.Rect(deck.x, deck.bottom + S(8), pw, ph)
            if name == "top":  # mirror: the opponent's graveyard faces the middle
                deck, grave = grave.copy(), deck.copy()
                deck.y, grave.y = y + S(3) + ph + S(8), y + S(3)
            play = pygame.Rect(coins.right + S(10), y + S(3), col_x - S(8) - coins.right - S(10), ch)
            L.sides[name] = SideRects(band, hero, coins, play, deck, grave)
        L.hand_y = h - margin - below - L.hand_card[1]
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
    def play_row(self, side: str, cids: list[int], tapped: dict[int, bool],
                 attached: dict[int, list[int]] | None = None) -> list[Place]:
        """Creatures and supports in one to four rows of the largest cards that fit without overlapping.

        A tapped card takes its height in width; modules peek out to the right of their mechanism
        (in room kept for them). The first row is the one next to the middle of the table.
        """
        attached = attached or {}
        area = self.sides[side].play
        if not cids:
            return []
        ch, rows = self._row_height(area, cids, tapped, attached)
        lines = self._balanced(cids, tapped, attached, ch, area.w)
        n_rows = len(lines)
        block = n_rows * ch + (n_rows - 1) * self.gap
        y0 = area.y + max(0, (area.h - block) // 2)
        if rows == 0:  # more than fits even in four rows of small cards: squeeze each row
            y0 = area.y
        size = card_size(ch)
        out = []
        z = 0
        for r, line in enumerate(lines):
            k = r if side == "bottom" else n_rows - 1 - r
            cy = y0 + k * (ch + self.gap) + ch / 2
            total = sum(wd for _, wd in line) + self.gap * (len(line) - 1)
            squeeze = min(1.0, (area.w - line[-1][1]) / max(1, total - line[-1][1])) if len(line) > 1 else 1.0
            x = area.x
            for cid, wd in line:
                own = ch if tapped.get(cid) else size[0]
                cx = x + own / 2
                angle = -90.0 if tapped.get(cid) else 0.0
                z += 2
                out.append(Place(cid, (cx, cy), size, angle, zone="play", z=z))
                peek = self._peek(size[0])
                for i, mod in enumerate(attached.get(cid, ())):
                    out.append(Place(mod, (cx + peek * (i + 1), cy), size, angle, zone="attached", z=z - 1))
                x += (wd + self.gap) * squeeze
        return out

    def _peek(self, cw: int) -> int:
        return max(self.sc(8), round(cw * 0.14))

    def _slot(self, cid: int, ch: int, tapped: dict[int, bool], attached: dict[int, list[int]]) -> int:
        cw = card_size(ch)[0]
        return (ch if tapped.get(cid) else cw) + len(attached.get(cid, ())) * self._peek(cw)

    def _pack(self, cids, tapped, attached, ch: int, width: int) -> list[list[tuple[int, int]]]:
        """Cards in order, row by row, each row as wide as ``width`` allows."""
        lines: list[list[tuple[int, int]]] = [[]]
        x = 0
        for cid in cids:
            wd = self._slot(cid, ch, tapped, attached)
            if lines[-1] and x + wd > width:
                lines.append([])
                x = 0
            lines[-1].append((cid, wd))
            x += wd + self.gap
        return lines

    def _balanced(self, cids, tapped, attached, ch: int, width: int) -> list[list[tuple[int, int]]]:
        """The rows of :meth:`_pack`, evened out: the narrowest width that needs no more rows."""
        lines = self._pack(cids, tapped, attached, ch, width)
        lo, hi = max(self._slot(c, ch, tapped, attached) for c in cids), width
        while lo < hi:
            mid = (lo + hi) // 2
            if len(self._pack(cids, tapped, attached, ch, mid)) <= len(lines):
                hi = mid
            else:
                lo = mid + 1
        return self._pack(cids, tapped, attached, ch, lo)

    def _row_height(self, area: pygame.Rect, cids, tapped, attached) -> tuple[int, int]:
        """(card height, rows): the tallest cards, in steps of 4 px, with which every card fits."""
        best = (0, 0)
        step = 4
        for rows in range(1, 5):
            top = min(self.card[1], (area.h - (rows - 1) * self.gap) // rows)
            if top <= best[0]:
                break

            def fits(ch: int, rows=rows) -> bool:
                return len(self._pack(cids, tapped, attached, ch, area.w)) <= rows

            if fits(top):
                best = (top, rows)
                break
            lo, hi = 5, top // step  # ch = k * step; find the largest k that fits
            if not fits(lo * step):
                continue
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if fits(mid * step):
                    lo = mid
                else:
                    hi = mid - 1
            if lo * step > best[0]:
                best = (lo * step, rows)
        if best[0] == 0:
            return max(20, (area.h - 3 * self.gap) // 4), 0
        return best

    def hand_fan(self, cids: list[int], face_up: bool, hovered: int | None = None) -> list[Place]:
        """The viewer's hand fanned along the bottom; the hovered card rises and straightens."""
        n = len(cids)
        hw, hh = self.hand_card
        area_w = self.table.w - self.sc(40)
        step = hw * 0.86 if n <= 1 else min(hw * 0.86, (area_w - hw) / (n - 1))
        x0 = self.table.centerx - step * (n - 1) / 2
        half = max(1.0, (n - 1) / 2)
        tilt = min(6.0, 1.5 * (n - 1))  # degrees at the ends of the fan
        out = []
        for i, cid in enumerate(cids):
            k = (i - (n - 1) / 2) / half
            ang = -tilt * k
            y = self.hand_y + hh / 2 + self.sc(6) * k * k
            if cid == hovered:
                ang, y = 0.0, self.hand_y + hh / 2 - self.sc(20)
            out.append(Place(cid, (x0 + i * step, y), (hw, hh), ang, face_up, "hand", 100 + i))
        return out

    def top_hand_row(self, cids: list[int], face_up: bool, clock: bool = False) -> list[Place]:
        """The other player's hand: a row of small cards in the strip above their band (face up with open hands),
        right of the clock in a timed game."""
        n = len(cids)
        bw, bh = self.top_card
        area = self.top_hand
        if clock:
            left = self.clock.right + self.gap
            area = pygame.Rect(left, area.y, area.right - left, area.h)
        step = bw + self.gap
        if n > 1 and step * (n - 1) + bw > area.w:
            step = (area.w - bw) / (n - 1)
        x0 = area.centerx - step * (n - 1) / 2
        return [Place(cid, (x0 + i * step, area.centery), (bw, bh), 0.0, face_up, "hand", 50 + i)
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
