"""The card browser's parts, shared by the «Карты» and deck-builder scenes for every game: the filter bar
(search box and drop-downs), the grid of card faces with wheel scrolling, and the zoomed card with its
keyword reminders. The faces and texts come from the game's ``decks`` kit (found by ruleset name through
ui/rulesets.py); this module imports no game.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from ui.deckdraft import COST_BUCKETS, CardEntry, Filters
from ui.fonts import MIN_PX, TEXT, fit_text
from ui.widgets.dropdown import DropDown

GOLD = (240, 200, 110)
INK = (228, 230, 236)
MUTED = (160, 166, 178)
BAD = (255, 140, 120)
GOOD = (140, 210, 150)
PANEL = (30, 32, 40)
# the elements' colours in the deck builder's chart (both games name their elements alike)
ELEMENT_COLOURS = {"steppe": (214, 184, 92), "forest": (92, 160, 84), "mountains": (150, 156, 170),
                   "swamp": (72, 150, 140), "darkness": (132, 92, 168), "neutral": (196, 184, 160)}
SORTS = ("cost", "name", "element")
RANKS = ("elite", "ordinary", "unique")


class FilterBar:
    """The search box and the facet drop-downs; ``changed(event)`` reads a pygame_gui event into ``filters``."""

    def __init__(self, scene: Any, kit: Any, filters: Filters, rows: list[list[tuple[str, int]]],
                 x: int, y: int, gap: int, height: int) -> None:
        """``rows``: each row's widgets as (name, width): ``search``, ``element``, ``type``, ``cost``,
        ``keyword``, ``rank`` (skipped for a game without ranks), ``sort``."""
        tr, m = scene.tr, scene.manager
        self.filters = filters
        self.choices: dict[str, list[tuple[str, str]]] = {
            "element": [("", tr("decks.any_element"))] + kit.elements(tr.lang),
            "type": [("", tr("decks.any_type"))] + kit.types(tr.lang),
            "cost": [("", tr("decks.any_cost"))] + [(c, tr("decks.cost_plus", n=c[:-1]) if c.endswith("+")
                                                     else tr("decks.cost", n=c)) for c in COST_BUCKETS],
            "keyword": [("", tr("decks.any_keyword"))] + kit.keywords(tr.lang),
            "rank": [("", tr("decks.any_rank"))] + [(r, tr(f"decks.rank_{r}")) for r in RANKS],
            "sort": [(s, tr(f"decks.sort_{s}")) for s in SORTS],
        }
        self.menus: dict[str, Any] = {}
        self.search = None
        for row in rows:
            cx = x
            for name, width in row:
                if name == "rank" and not kit.has_rank:
                    continue
                rect = pygame.Rect(cx, y, width, height)
                cx += width + gap
                if name == "search":
                    self.search = pygame_gui.elements.UITextEntryLine(rect, m, placeholder_text=tr("decks.search"))
                    self.search.set_text(filters.text)
                    continue
                opts = self.choices[name]
                labels = [label for _, label in opts]
                now = next((label for key, label in opts if key == getattr(filters, name)), labels[0])
                self.menus[name] = DropDown(labels, now, rect, m)
            y += height + gap
        self.bottom = y - gap

    def changed(self, event: pygame.event.Event) -> bool:
        """Take a drop-down change or the typed text into the filters; True when they changed."""
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.search:
            self.filters.text = event.text
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for name, menu in self.menus.items():
                if event.ui_element is menu:
                    key = next((k for k, label in self.choices[name] if label == event.text), "")
                    setattr(self.filters, name, key)
                    return True
        return False

    def typing(self) -> bool:
        """Is the search box taking the keyboard?"""
        return self.search is not None and self.search.is_focused


class CardGrid:
    """Card faces in rows inside ``rect``, scrolled by the wheel; where each card is drawn, for clicks."""

    def __init__(self, rect: pygame.Rect, ratio: float, card_w: int, gap: int, caption: int) -> None:
        self.rect = rect
        self.gap = gap
        self.caption = caption  # px under each face for its caption line
        self.cols = max(1, (rect.w + gap) // (card_w + gap))
        self.card_w = (rect.w - (self.cols - 1) * gap) // self.cols
        self.card_h = int(round(self.card_w * ratio))
        self.row_h = self.card_h + caption + gap
        self.scroll = 0
        self.entries: list[CardEntry] = []

    def set_entries(self, entries: list[CardEntry]) -> None:
        self.entries = entries
        self.scroll = min(self.scroll, self.max_scroll())

    def max_scroll(self) -> int:
        rows = (len(self.entries) + self.cols - 1) // self.cols
        return max(0, rows * self.row_h - self.gap - self.rect.h)

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll(), self.scroll - dy * self.row_h // 2))

    def card_rect(self, i: int) -> pygame.Rect:
        r, c = divmod(i, self.cols)
        return pygame.Rect(self.rect.x + c * (self.card_w + self.gap), self.rect.y + r * self.row_h - self.scroll,
                           self.card_w, self.card_h)

    def visible(self) -> list[tuple[CardEntry, pygame.Rect]]:
        """The cards wholly or partly in view, with where their faces are drawn."""
        out = []
        first = self.scroll // self.row_h * self.cols
        for i in range(first, len(self.entries)):
            r = self.card_rect(i)
            if r.y > self.rect.bottom:
                break
            out.append((self.entries[i], r))
        return out

    def card_at(self, pos) -> CardEntry | None:
        if not self.rect.collidepoint(pos):
            return None
        for entry, r in self.visible():
            if r.collidepoint(pos):
                return entry
        return None

    def draw(self, surface: pygame.Surface, app: Any, kit: Any, sc, counts: dict[str, int] | None = None,
             hover: str | None = None, hero: str = "") -> None:
        """The faces in view (clipped to the grid), each with its caption and, in the builder, its copies."""
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        tr = app.tr
        small = max(MIN_PX, sc(14))
        for entry, r in self.visible():
            face = kit.face(app, entry.id, r.size)
            fr = face.get_rect(midtop=r.midtop)
            surface.blit(face, fr)
            n = (counts or {}).get(entry.id, 0)
            if entry.id == hover:
                pygame.draw.rect(surface, GOLD, fr.inflate(sc(6), sc(6)), max(2, sc(3)), border_radius=sc(8))
            if hero and entry.id == hero:
                pygame.draw.rect(surface, GOOD, fr.inflate(sc(6), sc(6)), max(2, sc(3)), border_radius=sc(8))
            words = [kit.caption(entry.id, tr)]
            if entry.own:
                words.append(tr("decks.own_mark"))
            line = " · ".join(w for w in words if w)
            room = r.w
            if n:  # the copies in the deck: a gold tag at the right of the caption line, off the face's numbers
                badge = TEXT.get(f"×{n}", max(MIN_PX, sc(16)), (30, 26, 20), True)
                box = badge.get_rect().inflate(sc(10), 0)
                box.topright = (r.right, fr.bottom + sc(1))
                pygame.draw.rect(surface, GOLD, box, border_radius=sc(6))
                surface.blit(badge, badge.get_rect(center=box.center))
                room = r.w - box.w - sc(4)
            if line:
                t = fit_text(line, small, room, MUTED, False, MIN_PX)
                surface.blit(t, t.get_rect(midtop=(r.x + room // 2, fr.bottom + sc(2))))
        surface.set_clip(clip)
        if self.max_scroll():  # the scroll bar: where the view is in the whole list
            bar = pygame.Rect(self.rect.right + sc(3), self.rect.y, max(3, sc(5)), self.rect.h)
            pygame.draw.rect(surface, (44, 46, 54), bar, border_radius=sc(3))
            whole = self.max_scroll() + self.rect.h
            knob = pygame.Rect(bar.x, bar.y + bar.h * self.scroll // whole, bar.w, max(sc(20), bar.h * self.rect.h // whole))
            pygame.draw.rect(surface, (120, 126, 140), knob, border_radius=sc(3))
        if not self.entries:
            t = TEXT.get(app.tr("decks.empty"), sc(18), MUTED)
            surface.blit(t, t.get_rect(center=self.rect.center))


def draw_zoom(surface: pygame.Surface, area: pygame.Rect, face: pygame.Surface, lines: list[tuple[str, str]], sc,
              *, dim: bool = True, text_w: int = 400, side: str = "") -> pygame.Rect:
    """The zoomed card and its text (name and type, rules, a reminder for each keyword) in ``area``: centred
    with the screen behind dimmed, or against its ``side`` ("left"/"right", off the card looked at), as the
    table's zoom; returns the box drawn."""
    if dim:
        surface.fill((120, 120, 120), special_flags=pygame.BLEND_MULT)
    text_w = sc(text_w)
    box = pygame.Rect(0, 0, face.get_width() + text_w + sc(36), max(face.get_height(), sc(300)) + sc(24))
    box.center = area.center
    if side == "left":
        box.left = area.left
    elif side == "right":
        box.right = area.right
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 150), shade.get_rect(), border_radius=sc(12))
    surface.blit(shade, box.move(sc(5), sc(6)))
    pygame.draw.rect(surface, (24, 26, 32), box, border_radius=sc(12))
    pygame.draw.rect(surface, (120, 100, 60), box, max(1, sc(2)), border_radius=sc(12))
    surface.blit(face, (box.x + sc(12), box.y + sc(12)))
    x = box.x + face.get_width() + sc(24)
    y = box.y + sc(14)
    for head, body in lines:
        if head:
            for line in TEXT.wrap(head, sc(18), text_w - sc(8), True):
                t = TEXT.get(line, sc(18), GOLD, True)
                surface.blit(t, (x, y))
                y += t.get_height()
        for para in body.split("\n") if body else ():
            for line in TEXT.wrap(para, sc(15), text_w - sc(8)):
                t = TEXT.get(line, sc(15), INK)
                if y + t.get_height() > box.bottom - sc(8):
                    return box
                surface.blit(t, (x, y))
                y += t.get_height()
        y += sc(8)
    return box


def zoom_face(app: Any, kit: Any, cid: str, area: pygame.Rect, tall: int = 440) -> pygame.Surface:
    """The zoomed card's face: as tall as fits ``area`` (at most ``tall`` px at 720)."""
    h = min(area.h - 60, int(tall * min(app.size[0] / 1280, app.size[1] / 720)))
    w = int(round(h / kit.face_ratio))
    return kit.face(app, cid, (w, h))
