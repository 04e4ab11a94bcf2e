"""The end screen's chart of a game (ui/timeline.py): each side's strength turn by turn — the first measure as
lines in the upper panel, the second as paired bars in the lower one — the biggest swings marked with their
rank, and the turn under the pointer lit with its numbers. Each turn is a column a click opens the replay at (when the game has a record to replay).
Drawing changes nothing."""

from __future__ import annotations

import math
from typing import Any

import pygame

from ui.fonts import MIN_PX, TEXT, fit_text
from ui.widgets.arming import Drawn

SIDES = ((96, 164, 240), (236, 124, 96))  # player 1, player 2
GRID = (52, 56, 66)
PANEL = (26, 28, 35)
INK = (226, 228, 234)
MUTED = (140, 146, 158)
GOLD = (240, 200, 110)
SWING = (240, 200, 110, 46)
HOVER = (255, 255, 255, 26)


class StrengthChart:
    """A Timeline drawn in ``rect`` for players called ``names`` (``sc``: the window's scale); ``columns`` are
    where each turn is clicked; ``replays``: whether a click opens the replay there (a game with a record)."""

    def __init__(self, timeline: Any, names: tuple[str, ...], rect: pygame.Rect, tr: Any, sc,
                 replays: bool = True) -> None:
        self.tl = timeline
        self.replays = replays
        self.names = names
        self.rect = rect
        self.tr = tr
        self.sc = sc
        self.swings = {s.turn: s for s in timeline.swings()}
        gap = sc(14)
        head = sc(22)  # each panel's title
        axis = sc(22)  # the turn numbers under the lower panel
        inner = rect.h - axis - gap - 2 * head
        top_h = inner * 62 // 100
        self.label_w = sc(34)  # the values' scale on the left
        x = rect.x + self.label_w
        w = rect.w - self.label_w
        self.top = pygame.Rect(x, rect.y + head, w, top_h)
        self.bottom = pygame.Rect(x, self.top.bottom + gap + head, w, inner - top_h)
        self.axis_y = self.bottom.bottom + sc(3)
        n = max(1, len(timeline.turns))
        self.col_w = w / n

    # ------------------------------------------------------------------ geometry
    def column(self, k: int) -> pygame.Rect:
        """The strip of turn ``k`` (its index in the timeline) over both panels and its number."""
        x0 = self.top.x + int(round(k * self.col_w))
        x1 = self.top.x + int(round((k + 1) * self.col_w))
        return pygame.Rect(x0, self.top.y, max(1, x1 - x0), self.axis_y + self.sc(18) - self.top.y)

    def columns(self) -> list[Drawn]:
        """Every turn's column, as a click target (armed by the scene like its buttons)."""
        return [Drawn(self.column(k), ("turn", t.turn)) for k, t in enumerate(self.tl.turns)]

    def column_at(self, pos) -> int | None:
        """The index of the turn whose column is under ``pos``, or None."""
        for k in range(len(self.tl.turns)):
            if self.column(k).collidepoint(pos):
                return k
        return None

    def _x(self, k: int) -> int:
        return self.top.x + int(round((k + 0.5) * self.col_w))

    def _y(self, panel: pygame.Rect, value: int, peak: int) -> int:
        # the upper panel keeps a strip at its top for the swings' badges, clear of the lines
        room = self.sc(26) if panel is self.top else self.sc(6)
        return panel.bottom - int(round((panel.h - room) * value / max(1, peak)))

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, hover: int | None = None) -> None:
        sc, tl = self.sc, self.tl
        small = max(MIN_PX, sc(13))
        for panel, m in ((self.top, 0), (self.bottom, 1)):
            pygame.draw.rect(surface, PANEL, panel.inflate(sc(8), sc(8)), border_radius=sc(6))
            title = TEXT.get(self.tr(f"end.m_{tl.measures[m]}"), small, MUTED, True)
            surface.blit(title, (panel.x - self.label_w, panel.y - title.get_height() - sc(4)))
            peak = tl.peak(m)
            for v in _ticks(peak):
                y = self._y(panel, v, peak)
                pygame.draw.line(surface, GRID, (panel.x, y), (panel.right, y))
                t = TEXT.get(str(v), small, MUTED)
                surface.blit(t, t.get_rect(midright=(panel.x - sc(6), y)))
        self._marks(surface)
        if hover is not None:
            band = pygame.Surface(self.column(hover).size, pygame.SRCALPHA)
            band.fill(HOVER)
            surface.blit(band, self.column(hover).topleft)
        self._lines(surface)
        self._bars(surface)
        self._axis(surface, small)
        if hover is not None:
            self._tip(surface, hover)

    def _marks(self, surface: pygame.Surface) -> None:
        """The biggest swings: their columns shaded gold, a numbered badge at the top."""
        sc = self.sc
        for k, t in enumerate(self.tl.turns):
            s = self.swings.get(t.turn)
            if s is None:
                continue
            col = self.column(k)
            band = pygame.Surface((col.w, self.bottom.bottom - self.top.y), pygame.SRCALPHA)
            band.fill(SWING)
            surface.blit(band, col.topleft)
            r = sc(10)
            centre = (col.centerx, self.top.y + r + sc(2))
            pygame.draw.circle(surface, GOLD, centre, r)
            n = TEXT.get(str(s.rank), max(MIN_PX, sc(13)), (30, 24, 12), True)
            surface.blit(n, n.get_rect(center=centre))

    def _lines(self, surface: pygame.Surface) -> None:
        sc, tl = self.sc, self.tl
        peak = tl.peak(0)
        for p in range(len(SIDES)):
            pts = [(self._x(k), self._y(self.top, t.sides[p][0], peak)) for k, t in enumerate(tl.turns)]
            if len(pts) > 1:
                pygame.draw.lines(surface, SIDES[p], False, pts, max(2, sc(3)))
            dot = max(2, min(sc(4), int(self.col_w / 3)))
            for pt in pts:
                pygame.draw.circle(surface, SIDES[p], pt, dot)

    def _bars(self, surface: pygame.Surface) -> None:
        tl = self.tl
        peak = tl.peak(1)
        bw = max(1, int(self.col_w * 0.36))
        for k, t in enumerate(tl.turns):
            cx = self._x(k)
            for p in range(len(SIDES)):
                y = self._y(self.bottom, t.sides[p][1], peak)
                x = cx - bw if p == 0 else cx
                if self.bottom.bottom > y:
                    pygame.draw.rect(surface, SIDES[p], (x, y, bw, self.bottom.bottom - y))

    def _axis(self, surface: pygame.Surface, small: int) -> None:
        """Turn numbers under the columns, as many as fit; a coloured tick says whose turn it was."""
        sc, tl = self.sc, self.tl
        every = max(1, math.ceil(TEXT.get("88", small, MUTED).get_width() * 1.6 / max(1.0, self.col_w)))
        for k, t in enumerate(tl.turns):
            cx = self._x(k)
            if t.player is not None:
                pygame.draw.line(surface, SIDES[t.player], (cx - max(1, int(self.col_w * 0.3)), self.axis_y),
                                 (cx + max(1, int(self.col_w * 0.3)), self.axis_y), max(2, sc(3)))
            if k % every == 0 or t.turn in self.swings:
                n = TEXT.get(str(t.turn), small, GOLD if t.turn in self.swings else MUTED, t.turn in self.swings)
                surface.blit(n, n.get_rect(midtop=(cx, self.axis_y + sc(3))))

    def _tip(self, surface: pygame.Surface, k: int) -> None:
        """The turn under the pointer in words: whose it was, and each side's numbers at its end."""
        sc, tr, tl = self.sc, self.tr, self.tl
        t = tl.turns[k]
        size = max(MIN_PX, sc(14))
        lines = [(tr("end.tip_turn", n=t.turn, name=self.names[t.player]) if t.player is not None
                  else tr("end.tip_start"), GOLD)]
        for p in range(len(SIDES)):
            values = ", ".join(f"{tr('end.w_' + tl.measures[m])} {t.sides[p][m]}" for m in range(len(tl.measures)))
            lines.append((f"{self.names[p]}: {values}", SIDES[p]))
        if self.replays:
            lines.append((tr("end.tip_click"), MUTED))
        surfs = [fit_text(text, size, sc(360), colour, i == 0, MIN_PX) for i, (text, colour) in enumerate(lines)]
        w = max(s.get_width() for s in surfs) + sc(16)
        h = sum(s.get_height() for s in surfs) + sc(12)
        col = self.column(k)
        box = pygame.Rect(0, 0, w, h)
        box.top = self.top.y + sc(26)
        box.left = col.right + sc(8)
        if box.right > self.rect.right:
            box.right = col.x - sc(8)
        pygame.draw.rect(surface, (16, 18, 24), box, border_radius=sc(6))
        pygame.draw.rect(surface, (90, 96, 110), box, 1, border_radius=sc(6))
        y = box.y + sc(6)
        for s in surfs:
            surface.blit(s, (box.x + sc(8), y))
            y += s.get_height()


def _ticks(peak: int) -> list[int]:
    """Values for the scale's lines: 0, the peak, and a round step between."""
    step = next((s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500) if peak / s <= 4), peak) if peak > 4 else 1
    return [v for v in range(0, peak, step) if peak - v >= step / 2] + [peak]  # none crowding the peak
