"""The classic setup drawn: the deal of 15 as card faces with their price, the crystals and the squad
(squad building), and the tray of squad cards not yet laid out (placement). Drawing changes nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pygame

from engine.classic import recruit
from engine.classic.text import card_text
from ui.art import panel_surface
from ui.classic.cardface import name_line_h, printed_face
from ui.classic.faces import ELEMENT, art_of
from ui.classic.view import GOLD, INK, MUTED, SIDE
from ui.facetext import NameFit, fit_name
from ui.fonts import MIN_PX, TEXT, ellipsis, fit_text, font

SILVER = (200, 206, 216)
BAD = (255, 140, 120)


@dataclass
class DealCard:
    """One card of the deal as the recruit screen shows it."""

    iid: int
    split: tuple[int, int] | None  # the (gold, silver) a click pays now, None when it cannot be recruited
    penalty: int
    slot: int = 0  # its place in the deal as dealt: it keeps it while other cards are taken
    price: int | None = None  # what it costs in this squad (2007 1.6.1: an «х» cost), when not its printed cost
    note: str = ""  # instead of the payment: what a click does before recruiting (2007 3.4.1), or nothing


@dataclass
class RecruitLook:
    """What the recruit screen shows (filled by ui.classic.setup_play, read here)."""

    player: int = 0
    deal: list[DealCard] = field(default_factory=list)  # the cards still in the deal, each in its slot
    taken: list[tuple[int, int]] = field(default_factory=list)  # (slot, card) of the deal's cards now in the squad
    squad: list[int] = field(default_factory=list)
    gold: int = 0
    silver: int = 0
    flyers: int = 0
    elements: list[str] = field(default_factory=list)
    edition: str = "2022"
    hover: int | None = None  # the slot under the pointer
    before: bool = False  # «до набора отряда» (2007 3.4.1): the deal is shown, nothing is recruited yet
    usable: set[int] = field(default_factory=set)  # the deal's cards whose ability may be applied now

    @property
    def slots(self) -> int:
        return max([d.slot + 1 for d in self.deal] + [s + 1 for s, _ in self.taken], default=0)

    def card_in(self, slot: int | None) -> DealCard | None:
        """The deal's card in ``slot``; None for a slot whose card was taken into the squad, or no slot."""
        return next((d for d in self.deal if d.slot == slot), None) if slot is not None else None


class RecruitLayout:
    """Where the deal's cards and the side column go (below the prompt strip)."""

    def __init__(self, size: tuple[int, int], top: int, sc) -> None:
        w, h = size
        m = sc(8)
        self.side = pygame.Rect(int(w * 0.70), top, w - int(w * 0.70) - m, h - top - m)
        area = pygame.Rect(m, top, self.side.x - 2 * m, h - top - m)
        self.card_w = (area.w - 4 * sc(8)) // 5
        self.card_h = (area.h - 2 * sc(8)) // 3
        self.area, self.gap = area, sc(8)

    def card_rect(self, i: int) -> pygame.Rect:
        r, c = divmod(i, 5)
        return pygame.Rect(self.area.x + c * (self.card_w + self.gap), self.area.y + r * (self.card_h + self.gap),
                           self.card_w, self.card_h)

    def card_at(self, pos, n: int) -> int | None:
        """The index of the deal card under ``pos``, or None."""
        for i in range(n):
            if self.card_rect(i).collidepoint(pos):
                return i
        return None


def element_name(element: str, tr) -> str:
    return tr(f"csetup.el_{element}")


def _geometry(w: int, h: int) -> tuple[int, int, int, tuple[int, int], int]:
    """A deal card's stripe, padding, price coin radius and centre, and its small type."""
    stripe, pad, coin_r = max(5, h // 24), max(4, w // 20), max(10, w // 9)
    return stripe, pad, coin_r, (w - pad - coin_r, stripe + pad + coin_r), max(MIN_PX, w // 13)


def _name(name: str, w: int, h: int) -> NameFit:
    """A deal card's name beside its price coin, whole (ui/facetext.py): one line, else two or three."""
    _, pad, coin_r, _, _ = _geometry(w, h)
    return fit_name(name, w - 3 * pad - 2 * coin_r, h // 3, max(MIN_PX, w // 10), MIN_PX, _bold_w, name_line_h)


def _bold_w(text: str, px: int) -> float:
    return font(max(MIN_PX, px), True).size(text)[0]


def _word_parts(part: str, small: int, width: int) -> list[str]:
    """A wrapped line still wider than ``width`` is one long word («Симбиот-паразит» beside the price coin):
    broken after its hyphens, and a piece still too wide cut with «…»."""
    if TEXT.get(part, small).get_width() <= width:
        return [part]
    out, line = [], ""
    for piece in re.split(r"(?<=-)", part):
        if line and TEXT.get(line + piece, small).get_width() > width:
            out.append(line)
            line = piece
        else:
            line += piece
    out.append(line)
    return [p if TEXT.get(p, small).get_width() <= width else ellipsis(p, small, width) for p in out]


def deal_text(card, rect_size: tuple[int, int], tr, cards=None) -> list[tuple[str, int, int]]:
    """The deal card's type, numbers and abilities as (line, y, width it has) wrapped below its name,
    narrower beside the price coin; what does not fit above the price is cut and the last line shown ends
    with «…» (resting the pointer on the card shows the whole text, ui/classic/zoom.py)."""
    w, h = rect_size
    stripe, pad, coin_r, centre, small = _geometry(w, h)
    lines = card_text(card, tr.lang, cards=cards)
    line_h = TEXT.get("Ag", small, MUTED).get_height() - 1
    out: list[tuple[str, int, int]] = []
    y = stripe + pad + _name(lines[0], w, h).height + 2
    for line in lines[1:]:
        width = w - 2 * pad - (2 * coin_r + pad if y < centre[1] + coin_r else 0)  # clear of the price coin
        for part in (piece for wrapped in TEXT.wrap(line, small, width) for piece in _word_parts(wrapped, small, width)):
            if y + small * 2 > h - small * 2:  # the price and what a click pays keep the foot
                if out:
                    last, at, room = out[-1]
                    out[-1] = (ellipsis(last, small, room), at, room)
                return out
            out.append((part, y, width))
            y += line_h
    return out


def deal_face(card, rect_size: tuple[int, int], tr, split, penalty: int, owner: int, cards=None,
              price: int | None = None, note: str | None = None) -> pygame.Surface:
    """A card of the deal: element stripe, name, type, numbers, abilities, price (``price`` when an «х» cost makes
    it other than printed) and what a click pays — or, before recruiting, ``note`` (what a click does, if anything)."""
    w, h = rect_size
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(4, w // 16)
    ok = split is not None or note is not None
    pygame.draw.rect(surf, SIDE[owner] if ok else (48, 50, 58), surf.get_rect(), border_radius=rad)
    stripe, pad, coin_r, centre, small = _geometry(w, h)
    pygame.draw.rect(surf, ELEMENT.get(card.element, ELEMENT["neutral"]), (0, 0, w, stripe),
                     border_top_left_radius=rad, border_top_right_radius=rad)
    # the price in a coin at the top right: gold for an elite card, silver for an ordinary one
    pygame.draw.circle(surf, GOLD if card.elite else SILVER, centre, coin_r)
    t = TEXT.get(str(card.cost if price is None else price), max(MIN_PX, coin_r), (30, 26, 20), True)
    surf.blit(t, t.get_rect(center=centre))
    name = _name(card_text(card, tr.lang, cards=cards)[0], w, h)
    y = stripe + pad
    for line in name.lines:
        surf.blit(TEXT.get(line, name.size, INK, True), (pad, y))
        y += name_line_h(name.size)
    y += 2
    for part, at, _ in deal_text(card, rect_size, tr, cards):
        surf.blit(TEXT.get(part, small, MUTED), (pad, at))
        y = at + TEXT.get("Ag", small, MUTED).get_height() - 1
    foot = h - pad
    if note is not None:
        t = fit_text(note, small, w - 2 * pad, GOLD, True, MIN_PX)
    elif split is not None:
        g, s = split
        pay = (tr("csetup.split", g=g, s=s) if g and s else tr("csetup.split_silver", s=s) if s
               else tr("csetup.split_gold", g=g))
        t = fit_text(pay, small, w - 2 * pad, GOLD, True, MIN_PX)
    else:
        t = fit_text(tr("csetup.cannot"), small, w - 2 * pad, BAD, True, MIN_PX)
    foot -= t.get_height()
    surf.blit(t, (pad, foot))
    if penalty:
        p = fit_text(tr("csetup.penalty", n=penalty), small, w - 2 * pad, BAD, True, MIN_PX)
        foot -= p.get_height()
        surf.blit(p, (pad, foot))
    room = pygame.Rect(pad, y + pad // 2, w - 2 * pad, foot - pad // 2 - y - pad // 2)
    if room.h >= 24:  # the card's picture in the room the text leaves
        art, source = art_of(card)
        pic = panel_surface(art, source, room.w, room.h, (ELEMENT.get(card.element, ELEMENT["neutral"]),))
        if not ok:
            pic = pic.copy()
            pic.fill((110, 110, 118), special_flags=pygame.BLEND_RGB_MULT)
        surf.blit(pic, room)
        pygame.draw.rect(surf, (20, 20, 24), room, 1, border_radius=max(2, rad // 2))
    pygame.draw.rect(surf, (20, 20, 24), surf.get_rect(), 2, border_radius=rad)
    return surf


def taken_face(card, rect_size: tuple[int, int], tr) -> pygame.Surface:
    """The slot of a card taken into the squad: left where it was, so the other cards stay put under the
    pointer (a quick second click never takes the neighbour that would have slid in)."""
    w, h = rect_size
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(4, w // 16)
    pygame.draw.rect(surf, (30, 34, 40, 235), surf.get_rect(), border_radius=rad)
    pygame.draw.rect(surf, (74, 80, 92), surf.get_rect(), 2, border_radius=rad)
    stripe, pad, _, _, small = _geometry(w, h)
    pygame.draw.rect(surf, ELEMENT.get(card.element, ELEMENT["neutral"]), (pad, pad, w - 2 * pad, max(3, stripe // 2)),
                     border_radius=2)
    name = fit_name(tr.name(card.name), w - 2 * pad, h // 3, max(MIN_PX, w // 11), MIN_PX, _bold_w, name_line_h)
    y = pad + stripe
    for line in name.lines:
        t = TEXT.get(line, name.size, MUTED, True)
        surf.blit(t, t.get_rect(midtop=(w // 2, y)))
        y += name_line_h(name.size)
    mark = fit_text(tr("csetup.in_squad"), max(MIN_PX, w // 9), w - 2 * pad, GOLD, True, MIN_PX)
    surf.blit(mark, mark.get_rect(center=(w // 2, h // 2)))
    return surf


def draw_recruit(surface: pygame.Surface, game, rl: RecruitLook, lay: RecruitLayout, tr, sc) -> None:
    """The deal on the left (each card in its slot as dealt), the crystals, elements, flyers' budget and squad
    on the right."""
    for dc in rl.deal:
        rect = lay.card_rect(dc.slot)
        img = deal_face(game.card_at(dc.iid), rect.size, tr, dc.split, dc.penalty, rl.player, game.cards, dc.price,
                        dc.note if rl.before else None)
        surface.blit(img, rect)
        if dc.iid in rl.usable:  # 2007 3.4.1: the cards whose «до набора отряда» ability may be applied now
            pygame.draw.rect(surface, (120, 210, 140), rect.inflate(sc(8), sc(8)), max(2, sc(3)), border_radius=sc(9))
        if rl.hover == dc.slot and (dc.split is not None or dc.iid in rl.usable):
            pygame.draw.rect(surface, GOLD, rect.inflate(sc(4), sc(4)), max(2, sc(3)), border_radius=sc(8))
    for slot, iid in rl.taken:
        rect = lay.card_rect(slot)
        surface.blit(taken_face(game.card_at(iid), rect.size, tr), rect)
    side = lay.side
    pygame.draw.rect(surface, (30, 32, 38), side, border_radius=sc(8))
    x, y = side.x + sc(12), side.y + sc(10)
    big = sc(22)
    for text, colour in ((tr("csetup.gold", n=rl.gold), GOLD), (tr("csetup.silver", n=rl.silver), SILVER)):
        t = TEXT.get(text, big, colour, True)
        surface.blit(t, (x, y))
        y += t.get_height() + sc(2)
    small = sc(15)
    width = side.w - sc(24)
    names = ", ".join(element_name(e, tr) for e in rl.elements)
    rows = [(tr("csetup.flyers", n=rl.flyers, limit=recruit.FLYER_LIMIT), INK),
            (tr("csetup.elements", names=names) if names else tr("csetup.elements_none"), INK),
            (tr("csetup.penalty_rule_2007" if rl.edition == "2007" else "csetup.penalty_rule"), MUTED),
            (tr("csetup.split_hint"), MUTED)]
    for text, colour in rows:
        for line in TEXT.wrap(text, small, width):
            t = TEXT.get(line, small, colour)
            surface.blit(t, (x, y))
            y += t.get_height()
    y += sc(8)
    t = TEXT.get(tr("csetup.squad", n=len(rl.squad)), sc(18), GOLD, True)
    surface.blit(t, (x, y))
    y += t.get_height() + sc(4)
    lh = TEXT.get("Ag", small, INK).get_height()
    for iid in rl.squad:
        if y + lh > side.bottom - sc(6):
            break
        card = game.card_at(iid)
        line = f"{tr.name(card.name)} — {card.cost}"
        pygame.draw.rect(surface, ELEMENT.get(card.element, ELEMENT["neutral"]), (x, y + lh // 4, sc(8), lh // 2))
        t = fit_text(line, small, width - sc(14), INK, False, MIN_PX)
        surface.blit(t, (x + sc(14), y))
        y += lh


def small_face(card, size: int | tuple[int, int], owner: int, tr) -> pygame.Surface:
    """A squad card in the placement tray, or a dead one on the graveyards sheet: the board's face of the
    card as printed (ui/classic/cardface.py), in its owner's colour."""
    return printed_face(card, (size, size) if isinstance(size, int) else tuple(size), owner, tr)


def tray_rects(panel: pygame.Rect, n: int, size: tuple[int, int], gap: int, top: int) -> list[pygame.Rect]:
    """Where the tray's cards (each of ``size``) go inside the panel, row by row."""
    w, h = size
    per = max(1, (panel.w + gap) // (w + gap))
    return [pygame.Rect(panel.x + (i % per) * (w + gap), top + (i // per) * (h + gap), w, h) for i in range(n)]
