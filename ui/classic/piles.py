"""Graveyards and exile browsed: a sheet over the battlefield with each player's dead and exiled cards
as small faces (the opponent's above, one's own below). Opened by the panel's button, closed by any other
click or Esc; drawing changes nothing.

Every card can be seen: a long pile is drawn with smaller cards, and one too long even for those goes in
pages, its title line saying how many more there are on a button that turns the page (the wheel over the
pile turns it too). A dead card shows what it still carries in the graveyard (incarnation tokens, a Вальхалла
that will go off) as markers in a strip just under its face (ui/classic/markers.py), which a pile with such cards
leaves below each row: the face itself keeps every line its neighbours show. Resting the pointer on a card opens
the table's zoom of it, those markers in words (ui/classic/zoom.py)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ui.classic import markers
from ui.classic.cardface import LEAST_W
from ui.classic.setup_look import small_face
from ui.classic.view import GOLD, MUTED
from ui.fonts import MIN_PX, TEXT, fit_text
from ui.widgets.button import Button


@dataclass
class Pile:
    """One player's graveyard and exile as the sheet shows them now."""

    player: int
    area: pygame.Rect  # this player's half of the sheet
    title: str
    cards: list[tuple[int, pygame.Rect]]  # the cards on the page shown, with where each is drawn
    total: int  # cards in the graveyard and exile together
    page: int
    pages: int
    per: int  # cards a page holds
    more: Button | None  # «ещё N ›» (or back to the first page on the last one); None when all fit at once


def sheet(L) -> pygame.Rect:
    return pygame.Rect(L.board.x, L.board.y, L.extra_top.right - L.board.x, L.board.h)


def piles(game, viewer: int, L, tr, pages: dict[int, int] | None = None) -> list[Pile]:
    """Both players' piles laid out (the opponent's first), the page of each from ``pages`` (player ->
    page, kept by the scene)."""
    pages = pages or {}
    area = sheet(L)
    hint_h = TEXT.get(tr("csetup.piles_close"), L.sc(14), MUTED).get_height() + L.sc(10)
    if legend(game):  # a line saying what the markers under the cards mean
        hint_h += legend_h(L)
    title_h = TEXT.get("Ag", L.sc(17), GOLD, True).get_height()
    # as large as the board's cards at most; never narrower than a whole name in the smallest type needs
    # (ui/classic/cardface.py LEAST_W): a long pile goes in pages instead
    full = L.card_rect((0, 0), 0)
    big = full.w
    small = min(big, LEAST_W)
    gap = L.sc(6)

    def tall(w: int) -> int:
        return w * full.h // full.w

    order = (1 - viewer, viewer)
    sizes = [len(game.graveyard(p)) + len(game.exiled(p)) for p in order]
    strips = [strip_h(L) if any(markers.grave_marks(game, cid) for cid in game.graveyard(p)) else 0 for p in order]
    body = area.h - hint_h
    head = L.sc(8) + title_h + L.sc(4) + L.sc(4)  # above the cards (margin, title) and below them
    cols = max(1, (area.w - L.sc(16) + gap) // (big + gap))
    need = [head + max(1, -(-n // cols)) * (tall(big) + strip + gap) - gap for n, strip in zip(sizes, strips, strict=True)]
    top_h = body // 2  # halves, unless one pile needs less than its half: the other has the rest
    if need[0] < top_h:
        top_h = need[0]
    elif need[1] < body - top_h:
        top_h = body - need[1]
    out = []
    for k, p in enumerate(order):
        box = pygame.Rect(area.x, area.y, area.w, top_h) if k == 0 else \
            pygame.Rect(area.x, area.y + top_h, area.w, body - top_h)
        grave, exile = game.graveyard(p), game.exiled(p)
        ids = grave + exile
        title = tr("csetup.grave", name=game.names[p], n=len(grave))
        if exile:
            title += " · " + tr("csetup.exile", n=len(exile))
        top = box.y + L.sc(8)
        room = pygame.Rect(box.x + L.sc(10), top + title_h + L.sc(4), box.w - L.sc(16), 0)
        room.h = box.bottom - L.sc(4) - room.y
        strip = strips[k]
        side = next((s for s in range(big, small - 1, -1) if _holds(room, s, tall(s), gap, strip) >= len(ids)), small)
        per = _holds(room, side, tall(side), gap, strip)
        count = max(1, -(-len(ids) // per))
        page = max(0, min(pages.get(p, 0), count - 1))
        cols = max(1, (room.w + gap) // (side + gap))
        shown = ids[page * per:(page + 1) * per]
        cards = [(cid, pygame.Rect(room.x + (i % cols) * (side + gap), room.y + (i // cols) * (tall(side) + strip + gap),
                                   side, tall(side))) for i, cid in enumerate(shown)]
        more = None
        if count > 1:
            left = len(ids) - (page + 1) * per
            label = tr("csetup.piles_more", n=left) if left > 0 else tr("csetup.piles_first")
            h = title_h + L.sc(6)
            w = TEXT.get(label, max(10, int(h * 0.42)), GOLD, True).get_width() + h
            more = Button(pygame.Rect(box.right - L.sc(10) - w, top - L.sc(3), w, h), label, ("pile_page", p),
                          "primary")
        out.append(Pile(p, box, title, cards, len(ids), page, count, per, more))
    return out


def _holds(room: pygame.Rect, w: int, h: int, gap: int, strip: int = 0) -> int:
    """How many cards of w × h fit in ``room`` in rows (each row ``strip`` taller, for markers)."""
    return max(1, (room.w + gap) // (w + gap)) * max(1, (room.h + gap) // (h + strip + gap))


def turn_page(pile: Pile, step: int, wrap: bool) -> int:
    """The page after ``step`` pages from the one shown (back to the first past the last when ``wrap``)."""
    page = pile.page + step
    if wrap:
        return page % pile.pages
    return max(0, min(page, pile.pages - 1))


_faces: dict[tuple, tuple] = {}  # a pile's faces, drawn every frame while the sheet is open: (card, face)


def strip_h(L) -> int:
    """The strip a pile with markers leaves under each row of cards: one pill (its room, :func:`mark_room`)."""
    return markers.pill_height(L) + L.sc(1)


def mark_room(L, rect: pygame.Rect) -> pygame.Rect:
    """Where the markers of the dead card drawn at ``rect`` go: the strip just under it, as wide as the card.
    On the face they took a line of its numbers (a small face has no picture to spare between its name and
    its numbers) and before that covered the start of its name."""
    return pygame.Rect(rect.x, rect.bottom, rect.w, strip_h(L))


def _face(game, cid: int, size: tuple[int, int], exiled: bool, tr) -> pygame.Surface:
    c = game.creatures[cid]
    card = game.cards[c.card]
    key = (id(card), size, c.owner, exiled, tr.lang)  # the card object itself: a player's edited card is new
    hit = _faces.get(key)
    if hit is not None and hit[0] is card:
        return hit[1]
    if len(_faces) > 300:
        _faces.clear()
    img = small_face(card, size, c.owner, tr)
    if exiled:
        img.set_alpha(140)  # exiled: out of the game for good
    _faces[key] = (card, img)
    return img


def draw_piles(surface: pygame.Surface, game, viewer: int, L, tr, pages: dict[int, int] | None = None,
               mouse: tuple[int, int] = (-1, -1)) -> None:
    area = sheet(L)
    pygame.draw.rect(surface, (18, 20, 26), area, border_radius=L.sc(8))
    pygame.draw.rect(surface, GOLD, area, max(2, L.sc(2)), border_radius=L.sc(8))
    for pile in piles(game, viewer, L, tr, pages):
        box = pile.area
        if box.y > area.y:
            pygame.draw.line(surface, (60, 56, 44), (box.x + L.sc(10), box.y), (box.right - L.sc(10), box.y))
        room = box.w - L.sc(20) - (pile.more.rect.w + L.sc(8) if pile.more else 0)
        t = fit_text(pile.title, L.sc(17), room, GOLD, True, MIN_PX)
        surface.blit(t, (box.x + L.sc(10), box.y + L.sc(8)))
        exile = set(game.exiled(pile.player))
        for cid, rect in pile.cards:
            surface.blit(_face(game, cid, rect.size, cid in exile, tr), rect)
            if cid not in exile:  # exile is for good: nothing counts there
                markers.draw_pills(surface, L, markers.grave_pills(L, game, cid, mark_room(L, rect)), tight=True)
        if pile.more is not None:
            pile.more.draw(surface, mouse)
        if not pile.total:
            e = TEXT.get("—", L.sc(16), MUTED)
            surface.blit(e, (box.x + L.sc(10), box.y + L.sc(8) + t.get_height() + L.sc(4)))
    hint = TEXT.get(tr("csetup.piles_close"), L.sc(14), MUTED)
    at = hint.get_rect(midbottom=(area.centerx, area.bottom - L.sc(6)))
    surface.blit(hint, at)
    draw_legend(surface, game, L, tr, pygame.Rect(area.x + L.sc(10), at.y - legend_h(L), area.w - L.sc(20), legend_h(L)))


LEGEND = {"czoom.grave_valhalla": "czoom.legend_valhalla", "czoom.grave_tokens": "czoom.legend_tokens",
          "czoom.grave_incarnation": "czoom.legend_tokens", "czoom.tokens": "czoom.legend_tokens"}


def legend(game) -> list[tuple[str, tuple, str]]:
    """(its letter, its colour, the words for it) of each kind of marker a dead card on the sheet carries: a
    lone «В» under a card read as a stray letter, so the sheet says what each one is."""
    out: dict[str, tuple[str, tuple, str]] = {}
    for p in (0, 1):
        for cid in game.graveyard(p):
            for text, colour, key, _ in markers.grave_notes(game, cid):
                out.setdefault(LEGEND[key], (text[:1], colour, LEGEND[key]))
    return sorted(out.values(), key=lambda e: e[2])


def legend_h(L) -> int:
    return markers.pill_height(L) + L.sc(6)


def draw_legend(surface: pygame.Surface, game, L, tr, box: pygame.Rect) -> list[tuple[pygame.Rect, str]]:
    """The legend line in ``box``: each marker's pill and what it means; (pill, words) of each."""
    x, out = box.x, []
    px = markers.size(L)
    for letter, colour, key in legend(game):
        pill = pygame.Rect(x, box.y, TEXT.get(letter, px, markers.LETTERS, True).get_bounding_rect().w + 2 * L.sc(3),
                           markers.pill_height(L))
        markers.draw_pills(surface, L, [(pill, letter, colour)], tight=True)
        words = fit_text("— " + tr(key), L.sc(13), box.right - pill.right - L.sc(6), MUTED, False, MIN_PX)
        surface.blit(words, words.get_rect(midleft=(pill.right + L.sc(5), pill.centery)))
        out.append((pill, tr(key)))
        x = pill.right + L.sc(5) + words.get_width() + L.sc(16)
    return out
