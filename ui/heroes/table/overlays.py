"""The table's interface layers: prompt strip, side panel, toast, picker, zoom, menu and curtain."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from engine.heroes import actions as A
from ui.fonts import TEXT, fit_text
from ui.heroes.cards import card_size
from ui.heroes.table.layout import TableLayout
from ui.heroes.table.state import Picker, TableUI

INK = (235, 235, 240)
MUTED = (160, 166, 178)
GOLD = (240, 200, 110)
ATTACK = (235, 64, 48)


MIN_TEXT = 11  # px: text on the table is never smaller


def _shrink_to(text: str, size: int, width: int, colour, bold=False) -> pygame.Surface:
    """The text at the largest size from ``size`` down to 11 px that fits ``width``; cut with «…» past that."""
    return fit_text(text, size, width, colour, bold, smallest=MIN_TEXT)


def _prompt_lines(text: str, size: int, width: int, height: int) -> list[pygame.Surface]:
    """The prompt on one line, or on two when one would need a font under 14 px (long names)."""
    one = TEXT.get(text, size, GOLD, True)
    while one.get_width() > width and size > 14:
        size -= 1
        one = TEXT.get(text, size, GOLD, True)
    if one.get_width() <= width:
        return [one]
    size = max(MIN_TEXT, min(size, int(height / 2.6)))
    lines = TEXT.wrap(text, size, width, True)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return [_shrink_to(ln, size, width, GOLD, True) for ln in lines]


def draw_prompt_static(surface: pygame.Surface, L: TableLayout, ui: TableUI) -> None:
    r = L.prompt
    pygame.draw.rect(surface, (16, 18, 24), r, border_radius=L.sc(10))
    pygame.draw.rect(surface, (90, 80, 50), r, max(1, L.sc(2)), border_radius=L.sc(10))
    left = min((b.rect.x for b in ui.buttons), default=ui.prompt_right or r.right) - L.sc(12)
    lines = _prompt_lines(ui.prompt, L.sc(17), left - r.x - L.sc(14), r.h)
    y = r.centery - sum(t.get_height() for t in lines) // 2
    for t in lines:
        surface.blit(t, (r.x + L.sc(12), y))
        y += t.get_height()


def draw_prompt(surface: pygame.Surface, L: TableLayout, ui: TableUI) -> None:
    """The prompt's buttons and the toast (the strip itself is in the cached board layer)."""
    for i, b in enumerate(ui.buttons):
        b.draw(surface, ui.mouse, ui.focus == ("button", i))
    draw_toast(surface, L, ui)


# a toast's look by what it says: a confirmation is green with a check, a refusal red with «!»
TOAST_LOOK = {"ok": ((28, 100, 52), (150, 230, 170), (236, 255, 240)),
              "refusal": ((130, 36, 30), (250, 170, 150), (255, 235, 230))}


def toast_rect(L: TableLayout, ui: TableUI) -> pygame.Rect:
    t = TEXT.get(ui.toast, L.sc(17), (0, 0, 0), True)
    box = pygame.Rect(0, 0, t.get_width() + L.sc(24) + L.sc(30), t.get_height() + L.sc(12))
    box.midbottom = (L.table.centerx, L.prompt.y - L.sc(6))
    box.clamp_ip(L.table)
    return box


def draw_toast(surface: pygame.Surface, L: TableLayout, ui: TableUI) -> None:
    if not ui.toast or ui.toast_left <= 0:
        return
    fill, rim, ink = TOAST_LOOK.get(ui.toast_kind, TOAST_LOOK["refusal"])
    box = toast_rect(L, ui)
    pygame.draw.rect(surface, fill, box, border_radius=L.sc(8))
    pygame.draw.rect(surface, rim, box, max(1, L.sc(2)), border_radius=L.sc(8))
    r = L.sc(10)
    centre = (box.x + L.sc(12) + r, box.centery)
    pygame.draw.circle(surface, rim, centre, r)
    if ui.toast_kind == "ok":
        cx, cy = centre
        pygame.draw.lines(surface, fill, False, [(cx - r * 0.5, cy), (cx - r * 0.1, cy + r * 0.45),
                                                 (cx + r * 0.55, cy - r * 0.4)], max(2, L.sc(3)))
    else:
        mark = TEXT.get("!", L.sc(17), fill, True)
        surface.blit(mark, mark.get_rect(center=centre))
    t = TEXT.get(ui.toast, L.sc(17), ink, True)
    surface.blit(t, t.get_rect(midleft=(centre[0] + r + L.sc(8), box.centery)))


def draw_panel_static(surface: pygame.Surface, L: TableLayout, ui: TableUI) -> None:
    y = L.status.y
    for i, line in enumerate(ui.status):
        size = L.sc(18) if i == 0 else L.sc(14)
        t = _shrink_to(line, size, L.status.w, GOLD if i == 0 else INK, i == 0)
        surface.blit(t, (L.status.x, y))
        y += t.get_height() + L.sc(2)
    q = L.queue
    lg = L.log
    if len(ui.queue_lines) > 1:  # the Queue is shown while it holds abilities
        pygame.draw.rect(surface, (52, 44, 30), q, border_radius=L.sc(8))
        pygame.draw.rect(surface, GOLD, q, max(1, L.sc(2)), border_radius=L.sc(8))
        title = TEXT.get(ui.queue_lines[0], L.sc(14), GOLD, True)
        surface.blit(title, (q.x + L.sc(8), q.y + L.sc(6)))
        yy = q.y + L.sc(8) + title.get_height()
        for line in ui.queue_lines[1:]:
            t = _shrink_to(line, L.sc(13), q.w - L.sc(16), INK)
            if yy + t.get_height() > q.bottom - L.sc(4):
                break
            surface.blit(t, (q.x + L.sc(8), yy))
            yy += t.get_height()
    else:
        lg = q.union(L.log)
    pygame.draw.rect(surface, (30, 32, 38), lg, border_radius=L.sc(8))
    lh = TEXT.get("Ag", L.sc(13), INK).get_height()
    lines: list[str] = []
    for line in ui.log_lines:
        lines.extend(TEXT.wrap(line, L.sc(13), lg.w - L.sc(16)))
    fit = max(1, (lg.h - L.sc(12)) // lh)
    end = max(0, len(lines) - ui.log_scroll)
    shown = lines[max(0, end - fit):end]
    yy = lg.y + L.sc(6)
    for i, line in enumerate(shown):
        colour = INK if i == len(shown) - 1 and ui.log_scroll == 0 else MUTED
        surface.blit(TEXT.get(line, L.sc(13), colour), (lg.x + L.sc(8), yy))
        yy += lh


def draw_panel(surface: pygame.Surface, L: TableLayout, ui: TableUI) -> None:
    """The panel's buttons (its text is in the cached board layer)."""
    for b in ui.panel_buttons:
        b.draw(surface, ui.mouse, ui.focus == ("panel", b.value))


def picker_geometry(L: TableLayout, picker: Picker) -> tuple[pygame.Rect, list[tuple[int, pygame.Rect]], int]:
    """(panel, card rects, y of the button row) for the picker overlay."""
    panel = pygame.Rect(0, 0, int(L.table.w * 0.9), int(L.h * 0.78))
    panel.center = (L.table.centerx, L.h // 2)
    cw, ch = L.hand_card
    gap = L.sc(10)
    cols = max(1, (panel.w - gap) // (cw + gap))
    top = panel.y + L.sc(48)
    rows_fit = max(1, (panel.h - L.sc(110)) // (ch + gap))
    start = picker.scroll * cols
    rects = []
    for i, cid in enumerate(picker.cids[start:start + cols * rows_fit]):
        col, row = i % cols, i // cols
        x = panel.x + gap + col * (cw + gap) + (panel.w - gap - cols * (cw + gap)) // 2
        rects.append((cid, pygame.Rect(x, top + row * (ch + gap), cw, ch)))
    return panel, rects, panel.bottom - L.sc(52)


def draw_picker(surface: pygame.Surface, L: TableLayout, ui: TableUI, game, art) -> None:
    picker = ui.picker
    if picker is None:
        return
    surface.fill((110, 110, 110), special_flags=pygame.BLEND_MULT)
    panel, rects, _ = picker_geometry(L, picker)
    pygame.draw.rect(surface, (28, 30, 38), panel, border_radius=L.sc(12))
    pygame.draw.rect(surface, (120, 100, 60), panel, max(1, L.sc(2)), border_radius=L.sc(12))
    title = _shrink_to(picker.title, L.sc(20), panel.w - L.sc(30), GOLD, True)
    surface.blit(title, (panel.x + L.sc(16), panel.y + L.sc(12)))
    if not picker.cids:
        t = TEXT.get("—", L.sc(20), MUTED)
        surface.blit(t, t.get_rect(center=panel.center))
    for cid, r in rects:
        img = art.back(r.size) if cid in picker.face_down else art.face(game.cdef(cid), r.size)
        surface.blit(img, r)
        if cid in picker.selected:
            pygame.draw.rect(surface, (120, 200, 255), r.inflate(L.sc(8), L.sc(8)), max(2, L.sc(4)),
                             border_radius=L.sc(8))
        if ui.focus == ("pick", cid):
            pygame.draw.rect(surface, (255, 255, 255), r.inflate(L.sc(12), L.sc(12)), max(1, L.sc(2)))
    for b in ui.picker_buttons:
        b.draw(surface, ui.mouse, ui.focus == ("pbutton", b.value))


def zoom_geometry(L: TableLayout, anchor: pygame.Rect | None,
                  avoid: Sequence[pygame.Rect] = ()) -> tuple[pygame.Rect, pygame.Rect]:
    """(card, text box) of a zoom: beside ``anchor`` (the card looked at), above or below the prompt strip and
    never on it, over as little of the anchor and of ``avoid`` (lit targets) as the window allows; centred
    when there is no anchor."""
    m, gap = L.sc(8), L.sc(12)
    zw, zh = L.zoom_card
    if anchor is None:
        side_w = min(L.sc(420), L.w - zw - L.sc(60))
        card = pygame.Rect((L.w - zw - gap - side_w) // 2, (L.h - zh) // 2, zw, zh)
        return card, pygame.Rect(card.right + gap, card.y, side_w, zh)
    bands = [pygame.Rect(0, L.prompt.bottom + m, L.w, L.h - L.prompt.bottom - 2 * m),
             pygame.Rect(0, m, L.w, L.prompt.y - 2 * m)]
    best = None
    for order, band in enumerate(bands):
        if min(zh, band.h, L.sc(440)) < L.sc(200):
            continue  # too low to read a card in
        cw, ch = card_size(min(zh, band.h, L.sc(440)))
        tw = min(L.sc(330), L.w - cw - gap - 2 * m)
        total = cw + gap + tw
        y = max(band.y, min(anchor.centery - ch // 2, band.bottom - ch))
        for k, right in enumerate((True, False)):
            x = anchor.right + gap if right else anchor.x - gap - total
            x = max(m, min(x, L.w - m - total))
            # the picture goes next to the card it shows, the text on the far side
            card = pygame.Rect(x if right else x + tw + gap, y, cw, ch)
            text = pygame.Rect(card.right + gap if right else x, y, tw, ch)
            whole = card.union(text)
            cost = 4 * _overlap(whole, anchor) + sum(_overlap(whole, r) for r in avoid)
            if best is None or (cost, order, k) < best[0]:
                best = ((cost, order, k), card, text)
    if best is None:
        return zoom_geometry(L, None)
    return best[1], best[2]


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    c = a.clip(b)
    return c.w * c.h


def draw_zoom(surface: pygame.Surface, L: TableLayout, ui: TableUI, game, art, tr,
              place: tuple[pygame.Rect, pygame.Rect] | None = None) -> None:
    """The zoomed card and its text at ``place`` (from :func:`zoom_geometry`); the table stays in view."""
    cid = ui.zoom
    if cid is None or cid not in game.cards:
        return
    card, box = place or zoom_geometry(L, None)
    if place is None:
        surface.fill((135, 135, 135), special_flags=pygame.BLEND_MULT)
    whole = card.union(box).inflate(L.sc(12), L.sc(12))
    shade = pygame.Surface(whole.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 150), shade.get_rect(), border_radius=L.sc(12))
    surface.blit(shade, whole.move(L.sc(5), L.sc(6)))
    pygame.draw.rect(surface, (24, 26, 32), whole, border_radius=L.sc(12))
    pygame.draw.rect(surface, (120, 100, 60), whole, max(1, L.sc(2)), border_radius=L.sc(12))
    surface.blit(art.face(game.cdef(cid), card.size), card)
    pygame.draw.rect(surface, (24, 26, 32), box, border_radius=L.sc(10))
    y = box.y + L.sc(10)
    for head, body in ui.zoom_lines:
        if head:
            for line in TEXT.wrap(head, L.sc(17), box.w - L.sc(24), True):
                t = TEXT.get(line, L.sc(17), GOLD, True)
                surface.blit(t, (box.x + L.sc(12), y))
                y += t.get_height()
        for line in TEXT.wrap(body, L.sc(15), box.w - L.sc(24)):
            t = TEXT.get(line, L.sc(15), INK)
            if y + t.get_height() > box.bottom - L.sc(8):
                return
            surface.blit(t, (box.x + L.sc(12), y))
            y += t.get_height()
        y += L.sc(8)


def draw_menu(surface: pygame.Surface, L: TableLayout, ui: TableUI) -> None:
    if not ui.menu_open:
        return
    surface.fill((100, 100, 100), special_flags=pygame.BLEND_MULT)
    if ui.menu_buttons:
        box = ui.menu_buttons[0].rect.unionall([b.rect for b in ui.menu_buttons]).inflate(L.sc(40), L.sc(40))
        lines = TEXT.wrap(ui.menu_ask, L.sc(18), L.sc(460), True) if ui.menu_ask else []
        lh = TEXT.get("Ag", L.sc(18), GOLD, True).get_height()
        if lines:
            box.y -= len(lines) * lh + L.sc(10)
            box.h += len(lines) * lh + L.sc(10)
            box.inflate_ip(max(0, L.sc(500) - box.w), 0)
        pygame.draw.rect(surface, (28, 30, 38), box, border_radius=L.sc(12))
        y = box.y + L.sc(20)
        for line in lines:
            t = TEXT.get(line, L.sc(18), GOLD, True)
            surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
            y += lh
    for b in ui.menu_buttons:
        b.draw(surface, ui.mouse, ui.focus == ("menu", b.value))


def draw_curtain(surface: pygame.Surface, L: TableLayout, ui: TableUI, tr) -> None:
    if ui.curtain is None:
        return
    surface.fill((14, 12, 18))
    for i in range(0, L.h, max(2, L.sc(6))):
        pygame.draw.line(surface, (20, 17, 26), (0, i), (L.w, i))
    title = _shrink_to(tr("curtain.title", name=ui.curtain), L.sc(44), L.w - L.sc(80), GOLD, True)
    surface.blit(title, title.get_rect(center=(L.w // 2, L.h // 2 - L.sc(60))))
    sub = TEXT.get(tr("curtain.click"), L.sc(20), INK)
    surface.blit(sub, sub.get_rect(center=(L.w // 2, L.h // 2)))
    y = L.h // 2 + L.sc(50)
    if ui.curtain_lines:
        head = TEXT.get(tr("curtain.since"), L.sc(16), MUTED, True)
        surface.blit(head, head.get_rect(midtop=(L.w // 2, y)))
        y += head.get_height() + L.sc(6)
    for line in ui.curtain_lines[-8:]:
        t = _shrink_to(line, L.sc(16), L.w - L.sc(100), MUTED)
        surface.blit(t, t.get_rect(midtop=(L.w // 2, y)))
        y += t.get_height()


# ---------------------------------------------------------------------- arrows
def draw_arrow(surface: pygame.Surface, start, end, colour, width: int, head: int,
               under: pygame.Rect | None = None, outline=None) -> None:
    """A straight arrow from ``start`` to ``end``; it passes under ``under`` (the prompt strip stays legible)."""
    if under is None:
        _arrow(surface, start, end, colour, width, head, outline)
        return
    w, h = surface.get_size()
    keep = surface.get_clip()
    for part in (pygame.Rect(0, 0, w, under.y), pygame.Rect(0, under.bottom, w, h - under.bottom)):
        surface.set_clip(part.clip(keep))
        _arrow(surface, start, end, colour, width, head, outline)
    surface.set_clip(keep)


def _arrow(surface, start, end, colour, width: int, head: int, outline=None) -> None:
    dx, dy = end[0] - start[0], end[1] - start[1]
    dist = math.hypot(dx, dy) or 1.0
    ux, uy = dx / dist, dy / dist
    tip = (end[0] - ux * head * 0.5, end[1] - uy * head * 0.5)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    left = (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6)
    right = (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)
    if outline is not None:  # a dark rim keeps the arrow visible on cards of its own colour
        pygame.draw.line(surface, outline, start, base, width + 4)
        pygame.draw.polygon(surface, outline, [tip, left, right], 4)
    pygame.draw.line(surface, colour, start, base, width)
    pygame.draw.polygon(surface, colour, [tip, left, right])


def attack_line(view, game, ui: TableUI, hover) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The attack being made or answered, as (from, to): on the defender's prompt the attacker to what it
    attacks; while an attacker is dragged (or selected) from it to the target under the pointer, or to the
    pointer itself while it is over no lit place."""
    pend = game.pending
    if ui.curtain is not None:
        return None
    if getattr(pend, "kind", None) == "defender":
        combat = game.combat or {}
        a, b = view.card_rect(combat.get("attacker")), view.card_rect(combat.get("target"))
        return (a.center, b.center) if a is not None and b is not None else None
    src = ui.drag if ui.drag is not None else ui.selected
    if src is None or src[0] != "card" or getattr(pend, "kind", None) != "main":
        return None
    targets = {a.target for a in game.legal_actions() if isinstance(a, A.Attack) and a.attacker == src[1]}
    home = view.card_rect(src[1])
    if not targets or home is None:
        return None
    if hover is not None and hover[0] == "card" and hover[1] in targets:
        aim = view.card_rect(hover[1])
        return (home.center, aim.center) if aim is not None else None
    if ui.drag is not None and hover not in ui.lit:
        return home.center, ui.drag_pos
    return None


def draw_attack(surface: pygame.Surface, view, game, ui: TableUI, hover) -> None:
    line = attack_line(view, game, ui, hover)
    if line is not None:
        L = view.L
        draw_arrow(surface, line[0], line[1], ATTACK, max(3, L.sc(6)), L.sc(22), L.prompt, (30, 10, 8))
