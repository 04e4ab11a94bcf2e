"""The classic table's own menu (the «Меню» button or Esc): back to the game, save, help, offer a draw
(2007 7.7; greyed while the rules refuse it; asked twice, since the other side may accept it at once), concede
(2007 7.2, asked twice), exit to the main menu.
The items are table-drawn buttons; choosing one acts only through the engine's actions or the scenes."""

from __future__ import annotations

import pygame

from engine.classic import actions as A
from ui.fonts import TEXT
from ui.widgets.button import Button

ITEMS = (("resume", "normal"), ("save", "normal"), ("help", "normal"), ("offer_draw", "normal"),
         ("concede", "danger"), ("exit", "danger"))
# the answers to each question the menu asks before a step that cannot be taken back: the safe answer first
ASK = {"concede": (("concede_no", "normal"), ("concede_yes", "danger")),
       "offer_draw": (("draw_no", "normal"), ("draw_yes", "primary"))}
GOLD = (240, 200, 110)


def may_offer_draw(scene) -> bool:
    """The player at the screen, a person, may offer a draw now (none on offer, none of theirs this turn)."""
    g, p = scene.game, scene.look.viewer
    ctrl = scene.session.controller(p)
    return not g.is_over and ctrl is not None and ctrl.is_human and g.can_offer_draw(p)


def buttons(scene, L) -> list[Button]:
    """The menu's buttons in a column at the middle of the window."""
    items = ASK[scene.menu_ask_for] if scene.menu_ask else ITEMS
    w, h = L.sc(320), L.sc(44)
    y = L.h // 2 - (len(items) * (h + L.sc(10))) // 2
    out = []
    for name, style in items:
        ok = name != "offer_draw" or may_offer_draw(scene)
        out.append(Button(pygame.Rect((L.w - w) // 2, y, w, h), scene.tr(f"table.m_{name}"), ("m", name), style, ok))
        y += h + L.sc(10)
    return out


def draw_back(surface: pygame.Surface, L, bts: list[Button], ask: str) -> None:
    """The table dimmed and a box behind the menu's buttons, with the concede question above them."""
    surface.fill((100, 100, 100), special_flags=pygame.BLEND_MULT)
    if not bts:
        return
    box = bts[0].rect.unionall([b.rect for b in bts]).inflate(L.sc(40), L.sc(40))
    size = L.sc(18)
    lines = TEXT.wrap(ask, size, L.sc(460), True) if ask else []
    lh = TEXT.get("Ag", size, GOLD, True).get_height()
    if lines:
        box.y -= len(lines) * lh + L.sc(10)
        box.h += len(lines) * lh + L.sc(10)
        box.inflate_ip(max(0, L.sc(500) - box.w), 0)
    pygame.draw.rect(surface, (28, 30, 38), box, border_radius=L.sc(12))
    y = box.y + L.sc(20)
    for line in lines:
        t = TEXT.get(line, size, GOLD, True)
        surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
        y += lh


def choose(scene, name: str) -> None:
    """One item chosen: the menu closes and the item acts (the concede question keeps it open)."""
    g, p = scene.game, scene.look.viewer
    scene.menu_open, scene.menu_ask = False, ""
    if name == "save":
        scene.app.show("save_as", table=scene)
        return
    if name == "help":
        scene.app.show("help", back=scene)
        return
    if name == "offer_draw" and may_offer_draw(scene):
        scene.menu_open, scene.menu_ask_for = True, "offer_draw"
        scene.menu_ask = scene.tr("table.draw_ask", name=g.names[p], other=g.names[1 - p])
    elif name == "draw_yes":
        if may_offer_draw(scene):
            scene.do(A.OfferDraw(player=p))  # 2007 7.7: the other player answers
            return
    elif name == "concede" and not g.is_over:
        scene.menu_open, scene.menu_ask_for = True, "concede"
        scene.menu_ask = scene.tr("table.concede_ask", name=g.names[p], other=g.names[1 - p])
    elif name == "concede_yes" and not g.is_over:
        scene.do(A.Concede(player=p))  # 2007 7.2
        return
    elif name == "exit":
        scene.to_main_menu()
        return
    scene.refresh()
