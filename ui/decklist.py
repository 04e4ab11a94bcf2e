"""The deck builder's list of the deck's cards (ui/scenes/deckbuilder.py): a row a card — its element's stripe, its
cost in a coin (as on the faces, so it does not read as a count), its name, «×copies», «−» and «+» — under the
columns' titles, and a scroll bar when there are more rows than room (its thumb drags, its track turns a page,
the wheel scrolls). Drawing changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ui.cardgrid import ELEMENT_COLOURS, GOLD, INK, MUTED
from ui.fonts import MIN_PX, TEXT, fit_text

Row = tuple[str, pygame.Rect, pygame.Rect, pygame.Rect]  # (card, its row, «−», «+»)


class DeckList:
    """The rows of a deck; ``source()`` gives (the cards in order, their copies, the card entries by id) as they
    are now, ``sc`` scales to the window."""

    def __init__(self, source: Callable[[], tuple[list[str], dict[str, int], dict[str, Any]]], sc, tr) -> None:
        self.source = source
        self.sc = sc
        self.tr = tr
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.scroll = 0  # the first row in view
        self.grab: int | None = None  # the scroll bar's thumb held: the pointer's height on it

    def place(self, rect: pygame.Rect, tr) -> None:
        """Where the rows go (their titles just above); the language they speak."""
        self.rect, self.tr = rect, tr

    # ------------------------------------------------------------------ geometry
    def row_h(self) -> int:
        return self.sc(24)

    def rows_fit(self) -> int:
        """How many rows show at once."""
        return max(1, (self.rect.h - self.sc(2)) // self.row_h())

    def _count(self) -> int:
        return len(self.source()[0])

    def _clamp(self) -> None:
        self.scroll = max(0, min(self.scroll, self._count() - self.rows_fit()))

    def scroll_bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """(the track, the thumb), or None when every row is in view."""
        n, fit = self._count(), self.rows_fit()
        if n <= fit:
            return None
        self._clamp()
        r = self.rect
        track = pygame.Rect(r.right - self.sc(10), r.y + self.sc(2), self.sc(8), r.h - self.sc(4))
        h = max(self.sc(20), track.h * fit // n)
        top = track.y + (track.h - h) * self.scroll // max(1, n - fit)
        return track, pygame.Rect(track.x, top, track.w, h)

    def rows(self) -> list[Row]:
        """Each row in view: where it, its «−» and its «+» are drawn and clicked."""
        sc, r = self.sc, self.rect
        order = self.source()[0]
        self._clamp()
        right = r.right - (sc(14) if self.scroll_bar() is not None else 0)  # the scroll bar's room
        out = []
        y = r.y + sc(2)
        for cid in order[self.scroll:]:
            if y + self.row_h() > r.bottom:
                break
            h = self.row_h()
            out.append((cid, pygame.Rect(r.x, y, right - r.x, h), pygame.Rect(right - sc(58), y + sc(1), sc(24), h - sc(2)),
                        pygame.Rect(right - sc(30), y + sc(1), sc(24), h - sc(2))))
            y += h
        return out

    # ------------------------------------------------------------------ input
    def wheel(self, dy: int) -> None:
        self.scroll -= dy
        self._clamp()

    def press(self, pos) -> bool:
        """A press on the scroll bar: the thumb is held, the track above or below it turns a page."""
        bar = self.scroll_bar()
        if bar is None or not bar[0].inflate(self.sc(6), 0).collidepoint(pos):
            return False
        track, thumb = bar
        if thumb.collidepoint(pos):
            self.grab = pos[1] - thumb.y
        else:
            self.scroll += self.rows_fit() * (1 if pos[1] > thumb.centery else -1)
            self._clamp()
        return True

    def drag(self, pos) -> None:
        """The pointer moved: a held thumb follows it."""
        bar = self.scroll_bar()
        if bar is None or self.grab is None:
            return
        track, thumb = bar
        extra = self._count() - self.rows_fit()
        self.scroll = round((pos[1] - self.grab - track.y) * extra / max(1, track.h - thumb.h))
        self._clamp()

    def release(self) -> None:
        self.grab = None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        sc, tr, r = self.sc, self.tr, self.rect
        pygame.draw.rect(surface, (22, 24, 30), r, border_radius=sc(6))
        _, counts, cards = self.source()
        small = max(MIN_PX, sc(15))
        rows = self.rows()
        coin_x, name_x = r.x + sc(28), r.x + sc(48)  # the middle of the cost's coin; where the name begins
        tiny = max(MIN_PX, sc(12))
        for text, at in ((tr("decks.col_cost"), r.x + sc(6)), (tr("decks.col_card"), name_x)):
            t = TEXT.get(text, tiny, MUTED)
            surface.blit(t, t.get_rect(bottomleft=(at, r.y - sc(2))))
        if rows:
            t = TEXT.get(tr("decks.col_copies"), tiny, MUTED)
            surface.blit(t, t.get_rect(bottomright=(rows[0][2].x - sc(8), r.y - sc(2))))
        for cid, row, minus, plus in rows:
            c = cards.get(cid)
            name = tr.name(c.name) if c else cid
            colour = ELEMENT_COLOURS.get(c.elements[0] if c else "neutral", (196, 184, 160))
            pygame.draw.rect(surface, colour, (r.x + sc(6), row.y + row.h // 4, sc(6), row.h // 2))
            if c is not None and c.cost is not None:
                radius = row.h // 2 - sc(2)
                pygame.draw.circle(surface, (70, 58, 30), (coin_x, row.centery), radius)
                pygame.draw.circle(surface, GOLD, (coin_x, row.centery), radius, max(1, sc(2)))
                v = TEXT.get(str(c.cost), max(MIN_PX, sc(13)), GOLD, True)
                surface.blit(v, v.get_rect(center=(coin_x, row.centery)))
            n = TEXT.get(f"×{counts[cid]}", small, GOLD, True)
            label = fit_text(name, small, minus.x - sc(16) - n.get_width() - name_x, INK, False, MIN_PX)
            surface.blit(label, (name_x, row.y + (row.h - label.get_height()) // 2))
            surface.blit(n, n.get_rect(midright=(minus.x - sc(8), row.centery)))
            for rect, sign in ((minus, "−"), (plus, "+")):
                pygame.draw.rect(surface, (58, 64, 80), rect, border_radius=sc(5))
                t = TEXT.get(sign, small, INK, True)
                surface.blit(t, t.get_rect(center=rect.center))
        bar = self.scroll_bar()
        if bar is not None:
            track, thumb = bar
            pygame.draw.rect(surface, (40, 44, 54), track, border_radius=track.w // 2)
            pygame.draw.rect(surface, (150, 156, 170) if self.grab is None else GOLD, thumb, border_radius=track.w // 2)
