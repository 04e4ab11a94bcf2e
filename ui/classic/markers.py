"""A creature's markers on the classic board — chips, poison, extra lives, blessing, curse, lost abilities,
tokens and a campaign's retreat — as small lettered pills: where each goes, and drawing them. On the grid they sit down the card's left
side in the cell's margin; in an additional zone, where cards are small and have neighbours, they stay inside
the card's own room (``Layout.marker_room``); on the graveyards sheet (ui/classic/piles.py) a dead card shows
what still counts there, in a strip just under its square. Drawing changes nothing."""

from __future__ import annotations

import pygame

from engine.classic.abilities.graveyard import USED as INCARNATED
from ui.fonts import MIN_PX, TEXT

LETTERS = (20, 20, 24)
MORE = (160, 166, 178)  # the «…» pill: more markers than the card has room for
TOKENS = (150, 190, 230)  # incarnation tokens
VALHALLA = (235, 130, 100)  # killed by an enemy's attack: its Вальхалла goes off
RETREATING = (150, 200, 255)  # tapped «на отступление» in a campaign (2007 8.2.1)
Pill = tuple[pygame.Rect, str, tuple]  # (where, its text, its colour)


def marks(c) -> list[tuple[str, tuple]]:
    """(text, colour) of each marker creature ``c`` has, in a fixed order."""
    out = [(f"Ф{c.chips}", (240, 200, 110)) if c.chips else None,
           (f"Я{c.poison}", (110, 200, 90)) if c.poison else None,
           (f"+{c.extra_lives}", (255, 150, 170)) if c.extra_lives else None,
           ("Б", (245, 245, 230)) if c.blessed else None, ("П", (190, 130, 230)) if c.cursed else None,
           ("Ø", (150, 150, 150)) if c.lost else None, (f"И{c.tokens}", TOKENS) if c.tokens else None,
           ("О", RETREATING) if c.retreating else None]
    return [m for m in out if m is not None]


def grave_marks(game, cid: int) -> list[tuple[str, tuple]]:
    """(text, colour) of what a card in the graveyard carries that still counts there (:func:`grave_notes`)."""
    return [(text, colour) for text, colour, _, _ in grave_notes(game, cid)]


def grave_notes(game, cid: int) -> list[tuple[str, tuple, str, dict]]:
    """What a card in the graveyard carries that still counts there, as (its marker's text, colour, the
    translation key that says it in words, that text's numbers): its incarnation tokens out of the X that
    bring it back (2022 «Инкарнация»; «И0/X» before the first, so a card that will come back says so from the
    moment it dies), and «В» on a card with Вальхалла that an enemy card's attack killed (2022 «Вальхалла»: it
    goes off at each of its owner's turns). The marks it had in play count no more (back in play it is the
    printed card again), so they are not shown."""
    c = game.creatures[cid]
    card = game.cards[c.card]
    printed = card.abilities  # in the graveyard a card's printed abilities are the ones that fire
    x = next((getattr(ab, "x", None) for ab in printed if ab.id == "incarnation"), None)
    # as the engine's Incarnation.fires: spent once a battle, and never for a symbiote
    comes_back = x and not c.uses.get(INCARNATED) and not card.symbiote
    out = []
    if c.tokens or comes_back:
        key = ("czoom.grave_tokens" if c.tokens else "czoom.grave_incarnation") if x else "czoom.tokens"
        out.append((f"И{c.tokens}/{x}" if x else f"И{c.tokens}", TOKENS, key, {"n": c.tokens, "x": x}))
    if c.slain and any(ab.id == "valhalla" for ab in printed):
        out.append(("В", VALHALLA, "czoom.grave_valhalla", {}))
    return out


def grave_pills(L, game, cid: int, room: pygame.Rect) -> list[Pill]:
    """The :func:`grave_marks` of a dead card on the sheet, side by side in ``room`` (the strip under the card:
    ui/classic/piles.py ``mark_room``), the last that fits «…» when there are more."""
    return pills_in(L, grave_marks(game, cid), room, room, size(L))


def size(L) -> int:
    """The markers' type size."""
    return max(MIN_PX, L.sc(12))


def pills(L, c, rect: pygame.Rect, margin: bool, room: pygame.Rect | None = None) -> list[Pill]:
    """Each marker of ``c`` drawn at ``rect``: left of the card in the cell's ``margin``, else over its left
    edge, or inside a ``room`` (:func:`pills_in`)."""
    if room is not None:
        return pills_in(L, marks(c), rect, room, size(L))
    y = rect.y + L.sc(2)
    out = []
    for text, colour in marks(c):
        t = TEXT.get(text, size(L), LETTERS, True)
        pill = pygame.Rect(0, y, t.get_width() + L.sc(6), t.get_height() + L.sc(2))
        pill.right = rect.x + (L.sc(2) if margin else pill.w - L.sc(2))
        out.append((pill, text, colour))
        y += pill.h + L.sc(2)
    return out


def pill_height(L, px: int | None = None) -> int:
    """A tight pill's height (:func:`pills_in`): the markers' letters and digits and a margin."""
    return TEXT.get("ФЯБПØИВО0123456789+/", px or size(L), LETTERS, True).get_bounding_rect().h + 2 * L.sc(2)


def pills_in(L, marked: list[tuple[str, tuple]], rect: pygame.Rect, room: pygame.Rect, px: int) -> list[Pill]:
    """An additional zone's card is small and has neighbours: its markers are pills as tight as their letters,
    down its left side from as far left as the ``room`` allows, then in a second column; the last that fits
    becomes «…» when there are more (the zoom lists them all)."""
    h = pill_height(L, px)
    top, step = rect.y + L.sc(1), h + L.sc(1)
    y, column_x, column_right = top, None, 0
    out: list[Pill] = []
    for text, colour in marked:
        w = TEXT.get(text, px, LETTERS, True).get_bounding_rect().w + 2 * L.sc(3)
        if out and y + h > room.bottom:  # the card is full down its side: the next column
            y, column_x = top, column_right + L.sc(1)
        x = max(room.x, rect.x + L.sc(2) - w) if column_x is None else column_x
        pill = pygame.Rect(x, y, w, h)
        if out and not room.contains(pill):
            more = pygame.Rect(out[-1][0].x, out[-1][0].y, TEXT.get("…", px, LETTERS, True).get_width() + 2 * L.sc(3), h)
            more.right = min(more.right, room.right)
            out[-1] = (more, "…", MORE)
            break
        column_right = max(column_right, pill.right)
        out.append((pill, text, colour))
        y += step
    return out


def draw(surface: pygame.Surface, L, c, rect: pygame.Rect, margin: bool, room: pygame.Rect | None = None) -> None:
    draw_pills(surface, L, pills(L, c, rect, margin, room), tight=room is not None)


def draw_pills(surface: pygame.Surface, L, placed: list[Pill], tight: bool) -> None:
    """Each pill with its text; ``tight``: pills as narrow as their letters (:func:`pills_in`)."""
    for pill, text, colour in placed:
        pygame.draw.rect(surface, colour, pill, border_radius=pill.h // 2)
        t = TEXT.get(text, size(L), LETTERS, True)
        if not tight:
            surface.blit(t, t.get_rect(center=pill.center))
        else:  # a tight pill: its letters (or dots) in the middle, not the line they sit on
            ink = t.get_bounding_rect()
            surface.blit(t, (pill.centerx - ink.centerx, pill.centery - ink.centery))
